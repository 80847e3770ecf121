/* SPDX-License-Identifier: MIT */
/*
 * impls/common/counter_flavor.h: what each counter-based implementation
 * (memb, signal, mb) provides to counter_gp.c, which is compiled once per
 * implementation.
 */
#ifndef RCUTABLE_COMMON_COUNTER_FLAVOR_H
#define RCUTABLE_COMMON_COUNTER_FLAVOR_H

#include <rcutable/impl.h>

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

/*
 * The descriptor of a counter flavor.  All of them provide the whole RCU
 * column natively, register readers at their first rcu_read_lock() and ask
 * no quiescent states of them; they differ in name, summary and needs.
 */
#define RCUTABLE_COUNTER_FLAVOR_INFO(name_, summary_, needs_)		\
	const struct rcutable_impl rcutable_impl_info = {		\
		.name = (name_),					\
		.flavor = RCUTABLE_FLAVOR_RCU,				\
		.summary = (summary_),					\
		.readers_must_register = false,				\
		.readers_report_qs = false,				\
		.readers_may_sleep = false,				\
		.is_control = false,					\
		.needs = (needs_),					\
		.native = RCUTABLE_API_ALL,				\
		.emulated = 0,						\
		.gp_completed = rcutable_counter_gp_completed,		\
	}

#endif /* RCUTABLE_COMMON_COUNTER_FLAVOR_H */
