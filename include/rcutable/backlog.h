/* SPDX-License-Identifier: MIT */
/*
 * rcutable/backlog.h: the bound on callbacks queued and not yet invoked,
 * shared by call_rcu(), kfree_rcu() and call_srcu() (included by
 * rcupdate.h and srcu.h).
 *
 * Each callback domain (call_rcu() and kfree_rcu(), each SRCU domain, RCU
 * Tasks) spreads its callbacks over lanes, each with its own queue and
 * worker thread: as many as online CPUs, at most 8 (RCUTABLE_CALLBACK_LANES
 * in the environment sets it; RCU Tasks has one).  A thread queues on one
 * lane, the lanes given to threads in turn, and each lane holds an equal
 * share of the bound.  Below its lane's share a call costs a few atomic
 * instructions and never waits.  Above it, the caller waits while the
 * lane's worker invokes callbacks whose grace period has ended, until the
 * lane is down to half its share: a burst of frees then proceeds at the
 * speed of reclamation instead of growing memory.  A caller that a running
 * grace period waits for (inside a read-side critical section, or a QSBR
 * thread that has not reported a quiescent state since it began) waits so
 * only above the whole share.  While the worker waits for a grace period,
 * such a caller never waits: it goes on to what the grace period needs,
 * its section's end or its quiescent state; any other caller waits from
 * 5/4 of the share, through the grace period (SRCU cannot tell which
 * callers its grace period waits for, and waits so too), and a grace
 * period that begins meanwhile and waits for it wakes it to go on.  A
 * caller never waits on the worker's own thread, and for at most 20 ms
 * without the worker making progress (a callback blocked on a lock the
 * caller holds, a reader blocked on one, the caller's own SRCU section)
 * unless the worker is runnable and starved of CPU, when it waits on;
 * nothing queued is ever refused.
 */
#ifndef RCUTABLE_BACKLOG_H
#define RCUTABLE_BACKLOG_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The default bound, per domain; RCUTABLE_CALLBACK_BACKLOG in the
 * environment replaces it at the first callback. */
#define RCUTABLE_CALLBACK_BACKLOG_DEFAULT 65536

/* Set the bound for every domain from now on; 0 removes it.  Any thread,
 * any time. */
void rcutable_callback_backlog_set(size_t max);

/* The bound in force. */
size_t rcutable_callback_backlog_get(void);

#ifdef __cplusplus
}
#endif

#endif /* RCUTABLE_BACKLOG_H */
