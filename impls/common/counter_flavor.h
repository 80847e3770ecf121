/* SPDX-License-Identifier: MIT */
/*
 * impls/common/counter_flavor.h: what each counter-based implementation
 * (memb, signal, mb) provides to counter_gp.c, which is compiled once per
 * implementation.
 */
#ifndef RCUTABLE_COMMON_COUNTER_FLAVOR_H
#define RCUTABLE_COMMON_COUNTER_FLAVOR_H

struct rcutable_reader;

/* Once, before the first grace period or registration: acquire what the
 * flavor needs from the kernel, or abort with a message that says what is
 * missing and which implementations work without it. */
void rcutable_flavor_init(void);

/*
 * A full fence on the caller and, as seen by the caller, on every
 * registered reader thread: each reader's accesses before its
 * RCUTABLE_READER_FENCE() are visible to the caller after this returns, and
 * its accesses after that fence see everything the caller did before.
 */
void rcutable_flavor_mb_all(void);

/*
 * Provided by counter_gp.c: the registry's sentinel, for flavors that reach
 * readers one by one (r = head->next; r != head; r = r->next).  Only inside
 * rcutable_flavor_mb_all(), which counter_gp.c calls with the registry
 * locked and every thread registered before the call in it.
 */
struct rcutable_reader *rcutable_counter_registry(void);

/* Provided by counter_gp.c: grace periods completed so far, for the
 * flavor's descriptor (rcutable_impl.gp_completed). */
unsigned long rcutable_counter_gp_completed(void);

#endif /* RCUTABLE_COMMON_COUNTER_FLAVOR_H */
