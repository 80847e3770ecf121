/* SPDX-License-Identifier: MIT */
/*
 * lib/engine/poll_head.h: start_poll_synchronize_*() for a domain whose
 * grace periods run for its callbacks: one rcu_head of the domain's own,
 * queued so that a grace period begins, and queued again by its callback
 * while a cookie asked for since is not complete.  However many callers
 * ask, at most one head is queued.  A zeroed head is ready.
 */
#ifndef RCUTABLE_ENGINE_POLL_HEAD_H
#define RCUTABLE_ENGINE_POLL_HEAD_H

#include <stdbool.h>
#include <rcutable/types.h>

struct rcutable_cbq;

/* What a domain does for its head. */
struct rcutable_poll_ops {
	/* Has the grace period that cookie needs completed? */
	bool (*done)(void *domain, unsigned long cookie);
	/* The callback engine to queue the head on (the caller's lane). */
	struct rcutable_cbq *(*engine)(void *domain);
};

struct rcutable_poll_head {
	struct rcu_head head;
	const struct rcutable_poll_ops *ops;	/* set by each start */
	void *domain;				/* the ops' argument */
	unsigned long want;	/* the newest cookie asked for */
	int queued;		/* head queued, its callback not yet run */
	int hurry;		/* an expedited start asked for since */
};

/*
 * Make sure that a grace period that completes cookie (a cookie of the
 * domain's, taken by the caller) runs, without waiting for it: queue the
 * head unless it is queued already; hurry, an expedited start: without the
 * gathering, and with rcutable_poll_head_hurried() true until the head's
 * callback.  Any thread; wait-free but for the domain's engine().
 */
void rcutable_poll_head_start(struct rcutable_poll_head *ph,
			      const struct rcutable_poll_ops *ops, void *domain,
			      unsigned long cookie, bool hurry);

/* Has an expedited start been asked for since the head's last callback?
 * For the domain's callback engine, which then runs its grace period
 * expedited. */
bool rcutable_poll_head_hurried(const struct rcutable_poll_head *ph);

/* Is a grace period asked for by rcutable_poll_head_start() still to run?
 * (After false, the head's last callback is over.) */
bool rcutable_poll_head_busy(const struct rcutable_poll_head *ph);

#endif /* RCUTABLE_ENGINE_POLL_HEAD_H */
