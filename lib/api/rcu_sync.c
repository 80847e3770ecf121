/* SPDX-License-Identifier: MIT */
/*
 * lib/api/rcu_sync.c: rcu_sync (rcutable/rcu_sync.h) over the RCU
 * implementation's synchronize_rcu() and call_rcu(); compiled once per
 * implementation.
 *
 * The states, under rsp->lock: IDLE; the first enter moves to ENTER, waits
 * for a grace period unlocked, and moves to PASSED (later enters wait for
 * that); the last exit from PASSED queues the callback and moves to EXIT;
 * an enter meanwhile leaves EXIT as it is (readers are still on the slow
 * path), and its exit moves to REPLAY.  The callback, a grace period
 * later: back to PASSED if enters are open, to EXIT with the callback
 * queued again if REPLAY (readers that saw the busy state since the first
 * exit need their own grace period), else to IDLE.
 */
#include <rcutable/rcu_sync.h>
#include "engine/diag.h"

void rcu_sync_init(struct rcu_sync *rsp)
{
	rsp->gp_state = RCUTABLE_SYNC_IDLE;
	rsp->gp_count = 0;
	pthread_mutex_init(&rsp->lock, NULL);
	pthread_cond_init(&rsp->passed, NULL);
}

/* The state readers load without the lock: a plain store, ordered for
 * them by the grace period that follows (enter) or precedes (the
 * callback) it. */
static void sync_set(struct rcu_sync *rsp, int state)
{
	RCUTABLE_WRITE_ONCE(rsp->gp_state, state);
}

static void sync_cb(struct rcu_head *head);

/* Queue the callback, not under rsp->lock: a call_rcu() that invokes at
 * once, or waits for its backlog, would wait for it.  While the state is
 * EXIT or REPLAY nothing else queues cb_head. */
static void sync_queue(struct rcu_sync *rsp)
{
	call_rcu(&rsp->cb_head, sync_cb);
}

static void sync_cb(struct rcu_head *head)
{
	struct rcu_sync *rsp = container_of(head, struct rcu_sync, cb_head);
	bool again = false;

	pthread_mutex_lock(&rsp->lock);
	if (rsp->gp_count) {
		sync_set(rsp, RCUTABLE_SYNC_PASSED);
	} else if (rsp->gp_state == RCUTABLE_SYNC_REPLAY) {
		sync_set(rsp, RCUTABLE_SYNC_EXIT);
		again = true;
	} else {
		sync_set(rsp, RCUTABLE_SYNC_IDLE);
	}
	pthread_mutex_unlock(&rsp->lock);
	if (again)
		sync_queue(rsp);
}

void rcu_sync_enter(struct rcu_sync *rsp)
{
	/* A wait for a grace period, its own or another enter's: refused
	 * inside a reader, and a QSBR thread waits offline. */
	bool was_online = rcutable_gp_wait_begin("rcu_sync_enter");

	pthread_mutex_lock(&rsp->lock);
	rsp->gp_count++;
	if (rsp->gp_state == RCUTABLE_SYNC_IDLE) {
		sync_set(rsp, RCUTABLE_SYNC_ENTER);
		pthread_mutex_unlock(&rsp->lock);
		/* Readers that saw IDLE leave; later ones see ENTER. */
		synchronize_rcu();
		pthread_mutex_lock(&rsp->lock);
		sync_set(rsp, RCUTABLE_SYNC_PASSED);
		pthread_cond_broadcast(&rsp->passed);
	}
	while (rsp->gp_state == RCUTABLE_SYNC_ENTER)
		pthread_cond_wait(&rsp->passed, &rsp->lock);
	pthread_mutex_unlock(&rsp->lock);
	rcutable_gp_wait_end(was_online);
}

void rcu_sync_exit(struct rcu_sync *rsp)
{
	bool queue = false;

	pthread_mutex_lock(&rsp->lock);
	if (rsp->gp_count <= 0)
		rcutable_die("rcu_sync_exit() without an rcu_sync_enter() to undo: "
			     "calls pair, as a lock and an unlock do");
	if (--rsp->gp_count == 0) {
		if (rsp->gp_state == RCUTABLE_SYNC_PASSED) {
			sync_set(rsp, RCUTABLE_SYNC_EXIT);
			queue = true;
		} else if (rsp->gp_state == RCUTABLE_SYNC_EXIT) {
			sync_set(rsp, RCUTABLE_SYNC_REPLAY);
		}
	}
	pthread_mutex_unlock(&rsp->lock);
	if (queue)
		sync_queue(rsp);
}

void rcu_sync_dtor(struct rcu_sync *rsp)
{
	bool pending;

	pthread_mutex_lock(&rsp->lock);
	if (rsp->gp_count)
		rcutable_die("rcu_sync_dtor() with %d rcu_sync_enter() not exited",
			     rsp->gp_count);
	/* No reader is left to replay for: the queued callback ends it. */
	if (rsp->gp_state == RCUTABLE_SYNC_REPLAY)
		sync_set(rsp, RCUTABLE_SYNC_EXIT);
	pending = rsp->gp_state != RCUTABLE_SYNC_IDLE;
	pthread_mutex_unlock(&rsp->lock);
	if (pending)
		rcu_barrier();
	if (RCUTABLE_READ_ONCE(rsp->gp_state) != RCUTABLE_SYNC_IDLE)
		rcutable_die("rcu_sync_dtor(): an rcu_sync_enter() came during the "
			     "destruction");
	pthread_mutex_destroy(&rsp->lock);
	pthread_cond_destroy(&rsp->passed);
}
