/* SPDX-License-Identifier: MIT */
/*
 * lib/srcu/srcu_domain.h: what the SRCU implementations share about a
 * domain beside its grace periods (srcu_domain.c): the memory the library
 * owns for each domain, and the refusals.
 */
#ifndef RCUTABLE_SRCU_SRCU_DOMAIN_H
#define RCUTABLE_SRCU_SRCU_DOMAIN_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "engine/cbq.h"
#include "engine/gp_funnel.h"
#include "engine/poll_head.h"
#include <rcutable/read/srcu_state.h>

/*
 * A domain's update side and counters, in one block the library owns.
 * Blocks are never freed: cleanup returns them to a pool for the next
 * domain, so a thread still waiting on a cleaned-up domain's lock finds a
 * lock (and then the refusal), never freed memory.
 */
struct rcutable_srcu_domain {
	struct rcutable_gp_funnel gp;	/* grace periods run under gp.lock */
	unsigned long gp_seq;		/* gp_seq.h; written under gp.lock */
	uint64_t fence_until_ns;	/* srcu: expedited mode lasts until then */
	/* The callback engines, one per lane, each from the first call_srcu()
	 * on its lane. */
	struct rcutable_cbq *cbq[RCUTABLE_CBQ_LANES_MAX];
	/* start_poll_synchronize_srcu()'s head, queued on the caller's lane. */
	struct rcutable_poll_head poll;
	struct rcutable_srcu_domain *next, *prev;	/* live blocks, for fork() */
	struct rcutable_srcu_counts counts[];	/* 2 * (ncpus + 1) */
};

/* The block of a domain that has counters. */
static inline struct rcutable_srcu_domain *rcutable_srcu_domain_of(const struct srcu_struct *ssp)
{
	return (struct rcutable_srcu_domain *)((char *)ssp->counts[0] -
					       offsetof(struct rcutable_srcu_domain, counts));
}

/* CPUs the per-CPU counters cover. */
unsigned rcutable_srcu_ncpus(void);

/* What srcu_read_lock() calls, rcutable_srcu_attach() (srcu_state.h),
 * does: every SRCU library of this family defines that under its read
 * side's link name, calling this. */
void rcutable_srcu_domain_attach(struct srcu_struct *ssp);

/* Refuses, naming who(), a NULL, cleaned-up or never-initialized domain. */
void rcutable_srcu_check_usable(const struct srcu_struct *ssp, const char *who);

/*
 * Have all readers counted under idx left?  Sums the unlock counts, then,
 * after a full fence, the lock counts: true when they are equal.  A reader
 * whose lock count is visible to the caller and who has not unlocked
 * makes it false.  Any thread; ssp must have counters.
 */
bool rcutable_srcu_readers_done(const struct srcu_struct *ssp, int idx);

/* Locks less unlocks counted under idx, for stall warnings: "negative"
 * (above LONG_MAX) when more sections left idx than entered it, which only
 * an unlock given the wrong index does. */
unsigned long rcutable_srcu_readers_of(const struct srcu_struct *ssp, int idx);

/* Readers inside ssp now, both indexes together (0 for no counters). */
unsigned long rcutable_srcu_readers_inside(const struct srcu_struct *ssp);

/* Marks ssp cleaned up and returns its block to the pool: no reader may
 * follow.  The caller holds the block's gp.lock, if ssp has one. */
void rcutable_srcu_counters_free(struct srcu_struct *ssp);

/*
 * Serializes giving domains their blocks and their callback engines; a
 * leaf lock, which fork() takes last of all (after the callback engines'
 * locks: see rcutable_cbq_atfork_hooks()).
 */
void rcutable_srcu_lock(void);
void rcutable_srcu_unlock(void);

/*
 * The descriptor of an SRCU implementation of this family: they differ in
 * name, summary and needs (in words and as enum rcutable_requirement
 * bits).  A release build keeps no per-thread record of sections, so
 * neither answers srcu_read_lock_held() truthfully nor refuses the wrong
 * index beyond 0 and 1; the checking build does both.
 */
#ifdef RCUTABLE_DEBUG
#define RCUTABLE_SRCU_CHECKS	(RCUTABLE_API_VALIDATION | RCUTABLE_API_READER_CHECKS)
#else
#define RCUTABLE_SRCU_CHECKS	0
#endif
#define RCUTABLE_SRCU_FLAVOR_INFO(summary_, needs_, requires_)		\
	const struct rcutable_impl rcutable_srcu_impl_info = {		\
		.name = RCUTABLE_IMPL_NAME,				\
		.flavor = RCUTABLE_FLAVOR_SRCU,				\
		.summary = (summary_),					\
		.needs = (needs_),					\
		.requirements = (requires_),				\
		.readers_must_register = false,				\
		.readers_report_qs = false,				\
		.readers_may_sleep = true,				\
		.is_control = false,					\
		.native = RCUTABLE_API_READ_SIDE | RCUTABLE_API_SYNCHRONIZE |	\
			  RCUTABLE_API_EXPEDITED | RCUTABLE_API_CALL |	\
			  RCUTABLE_API_BARRIER | RCUTABLE_API_POLLED |	\
			  RCUTABLE_API_EXIT_DRAIN | RCUTABLE_API_BACKLOG |	\
			  RCUTABLE_API_STALL | RCUTABLE_SRCU_CHECKS |	\
			  RCUTABLE_API_POLLED_FULL | RCUTABLE_API_SRCU_FAST |	\
			  RCUTABLE_API_SRCU_NMISAFE | RCUTABLE_API_SRCU_HANDOFF |	\
			  RCUTABLE_API_TASKS_TRACE,				\
	}

#endif /* RCUTABLE_SRCU_SRCU_DOMAIN_H */
