/* SPDX-License-Identifier: MIT */
/*
 * lib/counter/counter_flavor.h: what each counter-based implementation
 * (memb, signal, mb, qsbr) provides to counter_gp.c, which is compiled once per
 * implementation.
 */
#ifndef RCUTABLE_COUNTER_COUNTER_FLAVOR_H
#define RCUTABLE_COUNTER_COUNTER_FLAVOR_H

#include <rcutable/rcupdate.h>	/* and the flavor's read side */

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
 * What a counter flavor provides natively: the whole RCU column, except
 * that QSBR's release build cannot tell a section from the rest of an
 * online stretch (qsbr_reader.h), so neither answers rcu_read_lock_held()
 * truthfully nor refuses read-side misuse; its checking build does both.
 */
#if RCUTABLE_READERS_REPORT_QS && !defined(RCUTABLE_DEBUG)
#define RCUTABLE_COUNTER_NATIVE						\
	(RCUTABLE_API_ALL & ~(RCUTABLE_API_VALIDATION | RCUTABLE_API_READER_CHECKS | \
			      RCUTABLE_API_OTHER_COLUMNS))
#else
#define RCUTABLE_COUNTER_NATIVE	(RCUTABLE_API_ALL & ~RCUTABLE_API_OTHER_COLUMNS)
#endif

/*
 * The descriptor of a counter flavor.  Threads of a flavor whose readers
 * mark sections register at their first rcu_read_lock(); QSBR threads
 * register explicitly and report quiescent states.  Flavors differ in
 * name, summary and needs (in words and as enum rcutable_requirement bits).
 */
#define RCUTABLE_COUNTER_FLAVOR_INFO(summary_, needs_, requires_)	\
	const struct rcutable_impl rcutable_impl_info = {		\
		.name = RCUTABLE_IMPL_NAME,				\
		.flavor = RCUTABLE_FLAVOR_RCU,				\
		.summary = (summary_),					\
		.readers_must_register = RCUTABLE_READERS_REPORT_QS,	\
		.readers_report_qs = RCUTABLE_READERS_REPORT_QS,	\
		.readers_may_sleep = false,				\
		.is_control = false,					\
		.needs = (needs_),					\
		.requirements = (requires_),				\
		.native = RCUTABLE_COUNTER_NATIVE,			\
		.emulated = 0,						\
		.gp_completed = rcutable_counter_gp_completed,		\
	}

#endif /* RCUTABLE_COUNTER_COUNTER_FLAVOR_H */
