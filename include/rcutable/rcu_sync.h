/* SPDX-License-Identifier: MIT */
/*
 * rcutable/rcu_sync.h: rcu_sync, the kernel's switch between a fast path
 * and a slow path for readers (<linux/rcu_sync.h>, under percpu-rwsem and
 * the like), over the linked RCU implementation.
 *
 * Readers, inside an RCU read-side critical section, ask
 * rcu_sync_is_idle(): true, they may take their fast path.  An updater
 * that needs every reader on the slow path calls rcu_sync_enter(): when it
 * returns, every reader that saw it idle has left its section, and every
 * later one sees it busy.  rcu_sync_exit() undoes one enter; after the
 * last, and a grace period (a callback: exit never waits), readers see it
 * idle again.  Enters and exits nest and may come from several threads; an
 * enter during that last grace period needs none of its own.
 *
 * Ordering: a grace period's, both ways.  Enter stores the busy state,
 * then waits for a grace period: a reader that saw it idle has left its
 * section by enter's return, and one that begins after sees it busy.  The
 * last exit queues a callback that stores the idle state a grace period
 * later: a reader that saw it busy has left its section by then.
 */
#ifndef RCUTABLE_RCU_SYNC_H
#define RCUTABLE_RCU_SYNC_H

#include <pthread.h>
#include <stdbool.h>
#include <rcutable/rcupdate.h>

#ifdef __cplusplus
extern "C" {
#endif

/* States (gp_state); readers see anything but idle as busy. */
enum {
	RCUTABLE_SYNC_IDLE,
	RCUTABLE_SYNC_ENTER,	/* the first enter waits for its grace period */
	RCUTABLE_SYNC_PASSED,	/* readers are on the slow path */
	RCUTABLE_SYNC_EXIT,	/* the last exit's callback is queued */
	RCUTABLE_SYNC_REPLAY,	/* ... and an enter and exit came meanwhile */
};

struct rcu_sync {
	int gp_state;
	int gp_count;			/* enters not yet exited */
	pthread_mutex_t lock;
	pthread_cond_t passed;		/* ENTER became PASSED */
	struct rcu_head cb_head;
};

#define __RCU_SYNC_INITIALIZER(name)					\
	{ RCUTABLE_SYNC_IDLE, 0, PTHREAD_MUTEX_INITIALIZER,		\
	  PTHREAD_COND_INITIALIZER, { 0, 0 } }

void rcu_sync_init(struct rcu_sync *rsp);

/* Wait until every reader takes the slow path (a grace period, the first
 * time); not inside a reader.  Any thread. */
void rcu_sync_enter(struct rcu_sync *rsp);

/* Undo one rcu_sync_enter(); the last lets readers back on the fast path
 * after a grace period.  Never waits.  An exit without an enter is
 * refused with a message. */
void rcu_sync_exit(struct rcu_sync *rsp);

/* Before rsp's memory goes: waits for the last exit's callback.  Refused
 * with a message while an enter has not been exited. */
void rcu_sync_dtor(struct rcu_sync *rsp);

/* Inside an RCU reader: may it take the fast path?  Checked in a
 * checking build. */
static inline bool rcu_sync_is_idle(struct rcu_sync *rsp)
{
	RCU_LOCKDEP_WARN(!rcu_read_lock_any_held(),
			 "rcu_sync_is_idle() outside an RCU read-side critical section");
	return RCUTABLE_READ_ONCE(rsp->gp_state) == RCUTABLE_SYNC_IDLE;
}

#ifdef __cplusplus
}
#endif

#endif /* RCUTABLE_RCU_SYNC_H */
