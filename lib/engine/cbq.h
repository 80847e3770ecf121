/* SPDX-License-Identifier: MIT */
/*
 * lib/engine/cbq.h: the callback engine behind call_rcu(), call_srcu(),
 * kfree_rcu() and the barriers.
 *
 * A grace-period domain has one engine per lane (below), or one engine.
 * Callers push callbacks wait-free below the backlog bound (an exchange
 * and a store; each thread adds its pushes to the backlog's count 16 at a
 * time); one worker thread per engine takes the whole
 * queue, waits for one grace period of its domain, and invokes the batch
 * in queue order.  The worker starts at
 * the first callback; if it cannot be created, callbacks stay queued, a
 * barrier or exit() invokes them on its own thread, and later callbacks
 * try to start it again.  At normal process exit every started engine is
 * drained: callbacks queued before exit() are invoked, within a bounded
 * wait that warns how many were not (see rcutable_cbq_drain_at_exit() in
 * cbq.c).  A child of fork() keeps the callbacks its parent had queued and
 * not yet invoked, and gets a worker of its own.
 */
#ifndef RCUTABLE_ENGINE_CBQ_H
#define RCUTABLE_ENGINE_CBQ_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <rcutable/backlog.h>
#include <rcutable/compiler.h>
#include <rcutable/types.h>
#include "engine/completion.h"

struct rcutable_cbq {
	struct rcu_head *first;		/* oldest queued head, NULL when empty */
	struct rcu_head **tail;		/* where the next push links: &last->next or &first */
	/* Callbacks queued and not yet invoked, as counted (each thread adds
	 * its pushes a chunk at a time, the worker subtracts what it
	 * invoked): beside tail, so that a push's read-modify-writes hit one
	 * cache line. */
	long backlog;
	int worker_futex;		/* -1 while the worker sleeps on it */
	/* One of its domain's lanes (rcutable_cbq_lane()), with index lane:
	 * the bound is shared between the lanes.  Read by every push, so on
	 * the push's cache line. */
	bool laned;
	unsigned lane;

	void (*wait_gp)(void *arg);	/* waits for one full grace period */
	void *arg;
	const char *call_name;		/* "call_rcu", for messages */
	/* Optional, for domains whose threads report quiescent states (QSBR):
	 * invoke_begin() on the worker before it invokes a batch (so that
	 * callbacks may read), quiesce() on the worker after it and on the
	 * thread that drains at exit before it waits (so that neither holds
	 * back the grace periods it waits for). */
	void (*invoke_begin)(void);
	void (*quiesce)(void);
	/* Optional: on the worker between two callbacks, at each of its safe
	 * points (QSBR: a quiescent state, so that a long batch does not hold
	 * grace periods back). */
	void (*between)(void);
	/* Optional: may the calling thread be holding this domain's grace
	 * periods back (inside a section; QSBR: online)?  Back-pressure then
	 * does not give its CPU away while the worker waits for one. */
	bool (*caller_holds_gp)(void);
	/* Optional: let callbacks gather between grace periods (see
	 * cbq_gather() in cbq.c), for domains whose grace periods are short
	 * and cost their readers something (an interrupt, a fence). */
	bool gathers;

	pthread_mutex_t start_lock;
	bool started;			/* worker running */
	bool stop;			/* rcutable_cbq_free() asks the worker to end */
	bool freed;			/* by rcutable_cbq_free(), until reused */
	bool on_started_list;		/* linked in the started list (never unlinked) */
	uint64_t start_retry_ns;	/* the worker failed to start: try again then */
	bool fork_locked;		/* fork() holds consumer_lock */
	bool fork_skipped;		/* fork() gave up waiting for it (cbq.c) */
	bool in_callback;		/* the worker is inside a callback */
	pthread_t worker;
	int worker_tid;			/* the worker's kernel thread ID, 0 until it runs */
	/* Held by the worker while it detaches or invokes: fork() and the exit
	 * count take it to find the worker at a safe point. */
	pthread_mutex_t consumer_lock;
	struct rcu_head *batch;		/* taken by the worker, not yet invoked */
	size_t in_flight;		/* length of batch */
	uint64_t gp_begun_ns;		/* when the worker's last grace period began */
	bool hurry;			/* back-pressure, the exit drain, call_rcu_hurry(): no gathering */
	/* Back-pressure (cbq_throttle() in cbq.c). */
	bool invoking;			/* the worker invokes a batch whose grace period ended */
	int throttle_word;		/* throttled callers sleep on it; the worker advances it */
	int throttled;			/* callers asleep on throttle_word */
	unsigned long progress;		/* the worker's safe points and grace periods so far */
	unsigned long stuck_at;		/* progress when a throttled caller saw none for a while */
	unsigned long kicks;		/* grace periods that woke throttled callers to recheck */
	struct rcutable_cbq *next_started;
	struct rcutable_cbq *next_free;	/* on the free list */
	struct rcu_head exit_head;	/* the exit-time barrier (static storage) */
	struct rcutable_completion exit_done;
};

/* The optional hooks go after name, as designated initializers. */
#define RCUTABLE_CBQ_INIT(q, wait_fn, wait_arg, name, ...)		\
	{								\
		.first = NULL, .tail = &(q).first, .worker_futex = 0,	\
		.wait_gp = (wait_fn), .arg = (wait_arg),		\
		.call_name = (name),					\
		.start_lock = PTHREAD_MUTEX_INITIALIZER,		\
		.consumer_lock = PTHREAD_MUTEX_INITIALIZER,		\
		.stuck_at = ~0UL,					\
		__VA_ARGS__						\
	}

/*
 * Lanes.  A domain's callbacks spread over several engines, its lanes,
 * each with its own worker and an equal share of the backlog bound: the
 * threads that queue at once then neither wait on one worker nor fill one
 * another's share, and the lanes' workers reclaim in parallel.  A thread
 * queues every callback of a domain on the same lane, so its callbacks
 * keep their order; a domain's barrier entrains a head on every lane and
 * waits for them all (rcutable_cbq_barrier_add()).
 *
 * rcutable_cbq_lanes(): lanes per domain, the same for every domain: the
 * online CPUs, at most RCUTABLE_CBQ_LANES_MAX, or RCUTABLE_CALLBACK_LANES
 * from the environment (1 to RCUTABLE_CBQ_LANES_MAX); read once.
 * rcutable_cbq_lane(): the calling thread's lane, below
 * rcutable_cbq_lanes(): the lanes in turn to threads at their first
 * callback, and a worker its own engine's lane (its callbacks that queue
 * more stay on their lane).  Any thread.
 */
#define RCUTABLE_CBQ_LANES_MAX	8
unsigned rcutable_cbq_lanes(void);
extern __thread int rcutable_cbq_my_lane;	/* -1 until the first call */
unsigned rcutable_cbq_lane_first(void);
static inline unsigned rcutable_cbq_lane(void)
{
	int lane = rcutable_cbq_my_lane;

	return rcutable_likely(lane >= 0) ? (unsigned)lane : rcutable_cbq_lane_first();
}

/* Run-time initialisation, for engines that are not static. */
void rcutable_cbq_init(struct rcutable_cbq *q, void (*wait_fn)(void *),
		       void *arg, const char *name);

/*
 * Engines for domains that come and go (SRCU's): new returns an unused
 * engine, initialised as rcutable_cbq_init() does; free stops its worker
 * (joined) and keeps the engine for a later new, since exit() and fork()
 * may still walk it.  free requires that nothing be queued on q (check
 * with rcutable_cbq_pending()) and is not for q's own worker.  new returns
 * NULL when there is no memory.
 */
struct rcutable_cbq *rcutable_cbq_new(void (*wait_fn)(void *), void *arg,
				      const char *name);
void rcutable_cbq_free(struct rcutable_cbq *q);

/*
 * Refuse, with a message naming who (a flavor's call function), a head
 * that is NULL or a func that is no function: NULL, or so small a value
 * that the engine would take it for kfree_rcu()'s offset and free head.
 */
__attribute__((noreturn))
void rcutable_cbq_bad_call(const char *who, const struct rcu_head *head,
			   rcu_callback_t func);
static inline void rcutable_cbq_check_call(const char *who, const struct rcu_head *head,
					   rcu_callback_t func)
{
	if (rcutable_unlikely(!head || (uintptr_t)func < RCUTABLE_KFREE_OFFSET_MAX))
		rcutable_cbq_bad_call(who, head, func);
}

/*
 * Queue func(head) after a grace period of q's domain that begins after this
 * call.  Wait-free for the caller once the worker runs, while q's backlog
 * is within the bound (rcutable_callback_backlog_set()); above it, the
 * caller waits, for a bounded time, while the worker invokes callbacks
 * whose grace period has ended.  A func below RCUTABLE_KFREE_OFFSET_MAX
 * means: free((char *)head - offset).
 */
void rcutable_cbq_enqueue(struct rcutable_cbq *q, struct rcu_head *head,
			  rcu_callback_t func);

/*
 * Have q's worker begin its next grace period without letting callbacks
 * gather first (call_rcu_hurry(): after queueing).  Any thread.
 */
void rcutable_cbq_hurry(struct rcutable_cbq *q);

/*
 * Wait until every callback queued on q before this call has been invoked.
 * Aborts with a message when called from q's own worker (it would wait for
 * itself).
 */
void rcutable_cbq_barrier(struct rcutable_cbq *q, const char *barrier_name);

/*
 * A barrier over several engines (a domain's lanes): add entrains a head
 * on each engine in turn, wait then waits once for all of them, so that
 * the lanes' workers reach their heads in parallel and the caller sleeps
 * once.  add aborts, as rcutable_cbq_barrier() does, on q's own worker:
 * add the caller's own lane first, so that nothing is entrained then.
 * When wait returns, every callback queued on an added engine before its
 * add has been invoked.  One thread, on its stack:
 *
 *	struct rcutable_cbq_barrier b = RCUTABLE_CBQ_BARRIER_INIT;
 *	for (each lane q) rcutable_cbq_barrier_add(&b, q, "rcu_barrier");
 *	rcutable_cbq_barrier_wait(&b);
 */
struct rcutable_cbq_barrier {
	struct rcutable_completion done;
	unsigned left;		/* heads not yet reached, +1 until the wait */
	unsigned n;		/* heads entrained */
	struct rcutable_cbq_barrier_head {
		struct rcu_head head;
		struct rcutable_cbq_barrier *b;
	} heads[RCUTABLE_CBQ_LANES_MAX];
};

#define RCUTABLE_CBQ_BARRIER_INIT { .done = RCUTABLE_COMPLETION_INIT, .left = 1 }

void rcutable_cbq_barrier_add(struct rcutable_cbq_barrier *b, struct rcutable_cbq *q,
			      const char *barrier_name);
void rcutable_cbq_barrier_wait(struct rcutable_cbq_barrier *b);

/*
 * Fork hooks of a domain layer built on the engines (SRCU's): prepare runs
 * last in the engines' fork preparation, after every engine's lock, so its
 * lock must be a leaf (never held while waiting for an engine); parent
 * runs first in the parent; child runs first in the child, before any
 * worker restarts.  One set of hooks, set once.
 */
void rcutable_cbq_atfork_hooks(void (*prepare)(void), void (*parent)(void),
			       void (*child)(void));

/* Callbacks queued on q and not yet invoked, counted with the worker at a
 * safe point (waiting at most a second for one), but for the barrier that
 * exit() queues on every engine (its worker invokes it before it stops)
 * and for the head but (the domain's own, or NULL).  Not from q's worker. */
size_t rcutable_cbq_pending(struct rcutable_cbq *q, const struct rcu_head *but);

/* Start q's worker if it does not run yet: true, with its thread in
 * *worker, if it runs (false when it cannot be created: cbq.c). */
bool rcutable_cbq_worker_thread(struct rcutable_cbq *q, pthread_t *worker);

/* True on q's worker thread: inside one of q's callbacks. */
bool rcutable_cbq_on_worker(struct rcutable_cbq *q);

/* A grace period is about to block on its holdouts: wake q's throttled
 * callers to recheck whether it waits for them (see cbq.c). */
void rcutable_cbq_kick_throttled(struct rcutable_cbq *q);

#endif /* RCUTABLE_ENGINE_CBQ_H */
