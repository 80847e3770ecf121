/* SPDX-License-Identifier: MIT */
/*
 * lib/engine/cbq.c: see cbq.h.
 *
 * The queue is a singly linked list with a tail pointer to the last head's
 * next field.  A push exchanges the tail for its own &head->next, then links
 * itself behind the previous tail; between the two steps the chain has a
 * gap, which the worker waits out (the pusher is two instructions from
 * done).  The worker detaches the whole list at once: it clears first, then
 * exchanges the tail back to &first, which tells it where the detached chain
 * ends.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <search.h>
#include <signal.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <rcutable/compiler.h>
#include <rcutable/types.h>
#include "engine/cbq.h"
#include "engine/completion.h"
#include "engine/diag.h"
#include "engine/sigmask.h"
#include "engine/futex.h"

/* Engines whose worker has started, for exit() and fork(); those whose
 * worker has since stopped (rcutable_cbq_free()) stay, not started. */
static pthread_mutex_t started_lock = PTHREAD_MUTEX_INITIALIZER;
static struct rcutable_cbq *started_list;	/* only ever prepended to */
/* Freed engines, for rcutable_cbq_new(); under started_lock. */
static struct rcutable_cbq *free_list;
/* The engine whose worker this thread is, if it is one. */
static __thread struct rcutable_cbq *cbq_self;

/*
 * The backlog bound: callbacks queued on one domain and not yet invoked,
 * above which callers wait (cbq_throttle()); 0 is no bound.  From
 * RCUTABLE_CALLBACK_BACKLOG, or rcutable_callback_backlog_set().  A lane
 * (rcutable_cbq_lanes()) holds an equal share of it, at least 1.
 */
#define CBQ_BACKLOG_DEFAULT	RCUTABLE_CALLBACK_BACKLOG_DEFAULT
static long cbq_backlog_max, cbq_lane_max;
static unsigned cbq_nlanes;
static pthread_once_t backlog_once = PTHREAD_ONCE_INIT;

/*
 * The backlog's count, a chunk at a time.  A push's two read-modify-writes
 * (the count and the tail) cost each about as much as the rest of it, so a
 * thread counts its pushes onto one engine in count_pending and adds them
 * to the engine's backlog CBQ_COUNT_CHUNK at a time, or when it pushes onto
 * another engine.  The backlog lags the queue by at most CBQ_COUNT_CHUNK - 1
 * callbacks per thread, and the checks that read it (the bound, the
 * gathering's threshold) are that much approximate; the exit drain and
 * fork() count the queue itself.
 */
#define CBQ_COUNT_CHUNK	16
static __thread struct rcutable_cbq *count_q;
static __thread long count_pending;

static void cbq_backlog_store(size_t max)
{
	long m = max > LONG_MAX ? LONG_MAX : (long)max;
	long share = m / (long)cbq_nlanes;

	__atomic_store_n(&cbq_backlog_max, m, __ATOMIC_RELAXED);
	__atomic_store_n(&cbq_lane_max, m && !share ? 1 : share, __ATOMIC_RELAXED);
}

static void cbq_backlog_init(void)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned long lanes = rcutable_env_ulong("RCUTABLE_CALLBACK_LANES",
		cpus < 1 ? 1 : cpus > RCUTABLE_CBQ_LANES_MAX ? RCUTABLE_CBQ_LANES_MAX
							       : (unsigned long)cpus);

	if (lanes < 1 || lanes > RCUTABLE_CBQ_LANES_MAX)
		rcutable_die("RCUTABLE_CALLBACK_LANES=%lu: lanes per domain go from "
			     "1 to %d", lanes, RCUTABLE_CBQ_LANES_MAX);
	cbq_nlanes = (unsigned)lanes;
	cbq_backlog_store(rcutable_env_ulong("RCUTABLE_CALLBACK_BACKLOG",
					     CBQ_BACKLOG_DEFAULT));
}

void rcutable_callback_backlog_set(size_t max)
{
	pthread_once(&backlog_once, cbq_backlog_init);
	cbq_backlog_store(max);
}

size_t rcutable_callback_backlog_get(void)
{
	pthread_once(&backlog_once, cbq_backlog_init);
	return (size_t)__atomic_load_n(&cbq_backlog_max, __ATOMIC_RELAXED);
}

/* q's bound: its lane's share, or the whole bound.  No ordering: a bound
 * set by another thread applies from when this one sees it. */
static long cbq_bound(const struct rcutable_cbq *q)
{
	return __atomic_load_n(q->laned ? &cbq_lane_max : &cbq_backlog_max,
			       __ATOMIC_RELAXED);
}

/* ---- Lanes ------------------------------------------------------------------ */

/* This thread's lane, once it has one; a worker's is its engine's. */
__thread int rcutable_cbq_my_lane = -1;
static unsigned cbq_next_lane;

unsigned rcutable_cbq_lanes(void)
{
	pthread_once(&backlog_once, cbq_backlog_init);
	return cbq_nlanes;
}

/* A thread's first rcutable_cbq_lane(): the lanes in turn. */
unsigned rcutable_cbq_lane_first(void)
{
	rcutable_cbq_my_lane = (int)(__atomic_fetch_add(&cbq_next_lane, 1, __ATOMIC_RELAXED) %
				     rcutable_cbq_lanes());
	return (unsigned)rcutable_cbq_my_lane;
}

static bool cbq_start(struct rcutable_cbq *q);
static void cbq_drain_here(struct rcutable_cbq *q);

void rcutable_cbq_init(struct rcutable_cbq *q, void (*wait_fn)(void *),
		       void *arg, const char *name)
{
	*q = (struct rcutable_cbq)RCUTABLE_CBQ_INIT(*q, wait_fn, arg, name);
}

/* ---- Checking build: heads that are queued and not yet invoked ---------- */

#ifdef RCUTABLE_DEBUG
static pthread_mutex_t pending_lock = PTHREAD_MUTEX_INITIALIZER;
static void *pending_root;

static int cmp_ptr(const void *a, const void *b)
{
	return (a > b) - (a < b);
}

static void pending_add(struct rcutable_cbq *q, struct rcu_head *head)
{
	pthread_mutex_lock(&pending_lock);
	if (tfind(head, &pending_root, cmp_ptr))
		rcutable_die("%s() on rcu_head %p, which is already queued and "
			     "not yet invoked", q->call_name, (void *)head);
	if (!tsearch(head, &pending_root, cmp_ptr)) {
		static bool warned;

		/* Out of memory: the head is queued all the same, unchecked. */
		if (!warned)
			rcutable_warn("out of memory: %s() cannot check rcu_head %p "
				      "for a double call", q->call_name, (void *)head);
		warned = true;
	}
	pthread_mutex_unlock(&pending_lock);
}

static void pending_del(struct rcu_head *head)
{
	pthread_mutex_lock(&pending_lock);
	tdelete(head, &pending_root, cmp_ptr);
	pthread_mutex_unlock(&pending_lock);
}

/* fork() takes the lock (a leaf), so the child's tree is never half changed. */
static void pending_fork_lock(void) { pthread_mutex_lock(&pending_lock); }
static void pending_fork_unlock(void) { pthread_mutex_unlock(&pending_lock); }
#else
static inline void pending_fork_lock(void) {}
static inline void pending_fork_unlock(void) {}
static inline void pending_add(struct rcutable_cbq *q, struct rcu_head *h) { (void)q; (void)h; }
static inline void pending_del(struct rcu_head *h) { (void)h; }
#endif

/* ---- The worker ---------------------------------------------------------- */

/* Take the whole queue into q->batch.  Caller holds q->consumer_lock. */
static bool cbq_detach(struct rcutable_cbq *q)
{
	struct rcu_head *first, *h, **end;
	size_t n = 1;

	/* Acquire: pairs with the release store that linked first in
	 * rcutable_cbq_enqueue(), so the head's fields are visible. */
	first = __atomic_load_n(&q->first, __ATOMIC_ACQUIRE);
	if (!first)
		return false;
	/* Only a push into an empty queue writes first, and that push is the
	 * one just read: until the exchange below, pushes link behind it. */
	RCUTABLE_WRITE_ONCE(q->first, NULL);
	/* Acq_rel: orders the clear of first before pushes that see the new
	 * tail (they will write first again); acquires every earlier push. */
	end = __atomic_exchange_n(&q->tail, &q->first, __ATOMIC_ACQ_REL);

	for (h = first; &h->next != end; n++) {
		struct rcu_head *next;

		/* Acquire: pairs with the pusher's release link store. */
		while (!(next = __atomic_load_n(&h->next, __ATOMIC_ACQUIRE)))
			sched_yield();	/* a pusher between its two steps */
		h = next;
	}
	q->batch = first;
	__atomic_store_n(&q->in_flight, n, __ATOMIC_RELAXED);
	return true;
}

/*
 * Callbacks invoked between two safe points of the worker: fork() and the
 * exit count wait at most this many callbacks for one, and a flood's batch
 * pays one lock round trip per this many callbacks instead of each.
 */
#define CBQ_SAFE_POINT_EVERY	64

/* Let the callers that cbq_throttle() put to sleep go. */
static void cbq_release_throttled(struct rcutable_cbq *q)
{
	__atomic_add_fetch(&q->throttle_word, 1, __ATOMIC_RELAXED);
	rcutable_futex_wake(&q->throttle_word, INT_MAX);
}

/*
 * A grace period is about to block on its holdouts: wake q's throttled
 * callers to recheck (cbq_throttle()), so that one it waits for returns to
 * its caller, which then reaches its quiescent state, instead of sleeping
 * on.  Called by whoever waits for readers, after a full fence that
 * follows the grace period's advance or flip of its word; pairs with the
 * smp_mb() in cbq_throttle() between a caller's count in throttled and its
 * check of caller_holds_gp(): either the caller sees the grace period and
 * does not sleep, or we see it counted and wake it.  A wake-up whose kick
 * a caller misses makes it stop waiting (stuck_at): never a hang.
 */
void rcutable_cbq_kick_throttled(struct rcutable_cbq *q)
{
	if (__atomic_load_n(&q->throttled, __ATOMIC_RELAXED)) {
		__atomic_add_fetch(&q->kicks, 1, __ATOMIC_RELAXED);
		cbq_release_throttled(q);
	}
}

/*
 * The worker has invoked n more callbacks (a safe point, or the end of its
 * batch, after which it stops invoking): count them off the backlog, and
 * wake throttled callers once it is down to half the bound, or the batch
 * is done.
 */
static void cbq_invoked(struct rcutable_cbq *q, size_t n, bool batch_done)
{
	long left = __atomic_sub_fetch(&q->backlog, (long)n, __ATOMIC_RELAXED);

	__atomic_store_n(&q->progress, q->progress + 1, __ATOMIC_RELAXED);
	if (batch_done)
		RCUTABLE_WRITE_ONCE(q->invoking, false);
	/* Orders the backlog and invoking before the read of throttled;
	 * pairs with the smp_mb() in cbq_throttle(): either we see a
	 * sleeper's count, or it sees what we changed and does not sleep. */
	rcutable_smp_mb();
	if (__atomic_load_n(&q->throttled, __ATOMIC_RELAXED) &&
	    (batch_done || left <= cbq_bound(q) / 2))
		cbq_release_throttled(q);
}

/* Invoke q->batch in order, each callback under q->consumer_lock. */
static void cbq_invoke_batch(struct rcutable_cbq *q)
{
	unsigned since_safe_point = 0;
	struct rcu_head *h;
	size_t left;

	pthread_mutex_lock(&q->consumer_lock);
	left = q->in_flight;
	while ((h = q->batch)) {
		/* Read before invoking: the callback may free h. */
		rcu_callback_t func = h->func;

		q->batch = h->next;
		pending_del(h);
		if ((uintptr_t)func < RCUTABLE_KFREE_OFFSET_MAX) {
			free((char *)h - (uintptr_t)func);
		} else {
			/* For fork(), which may find it blocked in there. */
			RCUTABLE_WRITE_ONCE(q->in_callback, true);
			func(h);
			RCUTABLE_WRITE_ONCE(q->in_callback, false);
		}
		/* Only the worker writes in_flight while it runs. */
		__atomic_store_n(&q->in_flight, --left, __ATOMIC_RELAXED);
		if (++since_safe_point == CBQ_SAFE_POINT_EVERY) {
			since_safe_point = 0;
			cbq_invoked(q, CBQ_SAFE_POINT_EVERY, false);
			if (q->between)
				q->between();
			/* A safe point between callbacks, for fork() and exit counts. */
			pthread_mutex_unlock(&q->consumer_lock);
			pthread_mutex_lock(&q->consumer_lock);
		}
	}
	cbq_invoked(q, since_safe_point, true);
	pthread_mutex_unlock(&q->consumer_lock);
}

/* Sleep until the queue is not empty or the worker is to stop. */
static void cbq_sleep(struct rcutable_cbq *q)
{
	__atomic_store_n(&q->worker_futex, -1, __ATOMIC_RELAXED);
	/* Orders the store of -1 before the checks of first and stop; pairs
	 * with the smp_mb() between linking first (or setting stop) and
	 * reading worker_futex in rcutable_cbq_enqueue() (cbq_wake()): either
	 * the waker sees -1 and wakes us, or we see its change. */
	rcutable_smp_mb();
	if (!RCUTABLE_READ_ONCE(q->first) && !RCUTABLE_READ_ONCE(q->stop))
		rcutable_futex_wait(&q->worker_futex, -1, 0);
	RCUTABLE_WRITE_ONCE(q->worker_futex, 0);
}

/* Wake the worker if it sleeps; the caller has changed what it checks. */
static void cbq_wake(struct rcutable_cbq *q)
{
	/* Orders the change before the check; pairs with the smp_mb() in
	 * cbq_sleep(). */
	rcutable_smp_mb();
	/* Change the word before waking: a worker not yet inside
	 * futex_wait() then finds it changed and does not sleep. */
	if (RCUTABLE_READ_ONCE(q->worker_futex) == -1 &&
	    __atomic_exchange_n(&q->worker_futex, 0, __ATOMIC_RELAXED) == -1)
		rcutable_futex_wake(&q->worker_futex, 1);
}

/*
 * Let callbacks gather: the worker begins a grace period for callbacks at
 * most every cbq_gather_ns (RCUTABLE_CALLBACK_GATHER_US, default 1000; 0
 * never waits), so that a steady trickle of call_rcu() shares grace
 * periods instead of paying for one every few callbacks (under membarrier
 * each costs every CPU running a reader an interrupt).  The queue just
 * grows meanwhile.  A barrier waits like a callback: callers that loop on
 * rcu_barrier() would otherwise make the worker start a grace period and
 * wake them tens of thousands of times a second, CPU taken from the
 * synchronize_rcu() callers beside them.  Back-pressure, the exit drain
 * and call_rcu_hurry() (rcutable_cbq_hurry()), a queue of CBQ_GATHERED
 * callbacks, or the worker's stop, end the wait at once.  Called with
 * callbacks queued, before detaching them.
 */
static uint64_t cbq_gather_ns;

/*
 * Enough callbacks for a grace period: gathering longer saves nothing
 * worth having (one grace period, about 10 to 20 us with membarrier(),
 * costs each of them a few ns), and a program that recycles a pool of
 * objects through call_rcu() would otherwise get one pool's worth per
 * cbq_gather_ns however fast the grace periods are.
 */
#define CBQ_GATHERED	4096

/* Should a gathering worker start its grace period now?  A statistic: the
 * caller whose call_rcu() made it so wakes the worker (cbq_wake()). */
static bool cbq_gathered(struct rcutable_cbq *q)
{
	long n = __atomic_load_n(&q->backlog, __ATOMIC_RELAXED);
	long max = cbq_bound(q);

	return n >= CBQ_GATHERED || (max && n > max);
}

static void cbq_gather(struct rcutable_cbq *q)
{
	uint64_t now = rcutable_clock_ns(CLOCK_MONOTONIC);
	uint64_t until = q->gp_begun_ns + cbq_gather_ns;

	while (now < until && !cbq_gathered(q)) {
		__atomic_store_n(&q->worker_futex, -1, __ATOMIC_RELAXED);
		/* Orders the store of -1 before the checks; pairs with the
		 * smp_mb() in cbq_wake(), as in cbq_sleep(). */
		rcutable_smp_mb();
		if (!RCUTABLE_READ_ONCE(q->hurry) && !RCUTABLE_READ_ONCE(q->stop) &&
		    !cbq_gathered(q))
			rcutable_futex_wait(&q->worker_futex, -1, until - now);
		RCUTABLE_WRITE_ONCE(q->worker_futex, 0);
		if (RCUTABLE_READ_ONCE(q->hurry) || RCUTABLE_READ_ONCE(q->stop))
			return;
		now = rcutable_clock_ns(CLOCK_MONOTONIC);
	}
}

/* Take the queue as q's batch, unless a batch is left (by fork(): see
 * cbq_atfork_child(), or a drainer); true if there is one to process. */
static bool cbq_take(struct rcutable_cbq *q)
{
	bool got;

	pthread_mutex_lock(&q->consumer_lock);
	got = q->batch || cbq_detach(q);
	pthread_mutex_unlock(&q->consumer_lock);
	return got;
}

static void barrier_cb(struct rcu_head *head);

/*
 * Complete the barriers at the head of q->batch at once: every callback
 * queued before them has been invoked already (the queue is FIFO, and a
 * batch is taken only once the one before it is done), so they wait for
 * no grace period.  True if the batch holds more.
 */
static bool cbq_leading_barriers(struct rcutable_cbq *q)
{
	struct rcu_head *h;
	size_t n = 0;
	bool more;

	pthread_mutex_lock(&q->consumer_lock);
	while ((h = q->batch) && h->func == barrier_cb) {
		q->batch = h->next;
		pending_del(h);
		__atomic_store_n(&q->in_flight, q->in_flight - 1, __ATOMIC_RELAXED);
		barrier_cb(h);
		n++;
	}
	more = q->batch != NULL;
	if (n)
		cbq_invoked(q, n, !more);
	pthread_mutex_unlock(&q->consumer_lock);
	return more;
}

/* Does the queue's first head wait for a grace period?  Not a barrier:
 * barriers at the head of a batch complete at once (above), so a queue
 * that begins with one is taken without gathering.  Worker only. */
static bool cbq_head_waits_gp(struct rcutable_cbq *q)
{
	/* Acquire: pairs with the release store that linked the head in
	 * rcutable_cbq_enqueue(), so its func is visible.  The head stays
	 * allocated: only this worker completes or invokes it. */
	struct rcu_head *h = __atomic_load_n(&q->first, __ATOMIC_ACQUIRE);

	return h && h->func != barrier_cb;
}

/* Wait for a grace period, then invoke the batch taken. */
static void cbq_process(struct rcutable_cbq *q)
{
	if (!cbq_leading_barriers(q))
		return;
	/* Read by throttled callers (cbq_throttle()): a statistic. */
	RCUTABLE_WRITE_ONCE(q->gp_begun_ns, rcutable_clock_ns(CLOCK_MONOTONIC));
	/* Every head in the batch was queued before this grace period
	 * began, so each callback runs after a full grace period. */
	q->wait_gp(q->arg);
	if (q->invoke_begin)
		q->invoke_begin();
	/* The end of a grace period is progress too, for throttled callers
	 * that waited through it (cbq_throttle()). */
	__atomic_store_n(&q->progress, q->progress + 1, __ATOMIC_RELAXED);
	RCUTABLE_WRITE_ONCE(q->invoking, true);
	cbq_invoke_batch(q);
	if (q->quiesce)
		q->quiesce();
}

static void *cbq_worker(void *arg)
{
	struct rcutable_cbq *q = arg;
	sigset_t all;

	cbq_self = q;
	RCUTABLE_WRITE_ONCE(q->worker_tid, (int)gettid());
	if (q->laned)	/* its callbacks that queue more stay on its lane */
		rcutable_cbq_my_lane = (int)q->lane;
	/* Named by itself (a prctl()): naming it from the starter would open
	 * /proc/self/task/<tid>/comm, which leaves a /proc dentry per worker
	 * ever started for the kernel to sweep when a child is reaped
	 * (seconds in a program that churns SRCU domains), and fails where
	 * /proc is not mounted. */
	pthread_setname_np(pthread_self(), "rcutable-cb");
	/* The application's signals go to its own threads. */
	rcutable_sigfillset_internal(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	for (;;) {
		if (q->gathers && !q->batch && cbq_head_waits_gp(q))
			cbq_gather(q);
		/* A barrier queued from now on is in a later batch.  Acquire:
		 * a head queued before a hurry this clears is detached now
		 * (pairs with the release in rcutable_cbq_hurry()). */
		(void)__atomic_exchange_n(&q->hurry, false, __ATOMIC_ACQUIRE);
		if (cbq_take(q)) {
			cbq_process(q);
		} else {
			if (RCUTABLE_READ_ONCE(q->stop))
				break;
			cbq_sleep(q);
		}
	}
	return NULL;
}

/* Anything queued or taken and not yet invoked?  For engines without a
 * worker: under consumer_lock, which a drainer holds while it detaches and
 * invokes (cbq_drain_here()). */
static bool cbq_has_queued(struct rcutable_cbq *q)
{
	bool queued;

	pthread_mutex_lock(&q->consumer_lock);
	queued = RCUTABLE_READ_ONCE(q->first) || q->batch;
	pthread_mutex_unlock(&q->consumer_lock);
	return queued;
}

/*
 * Without a worker (cbq_start() failed): invoke what is queued on this
 * thread, as the worker would (a grace period per batch, in order), until
 * the queue is empty.  One thread at a time; a worker that starts
 * meanwhile shares the batch, each callback still invoked once.
 */
static void cbq_drain_here(struct rcutable_cbq *q)
{
	static pthread_mutex_t drain_lock = PTHREAD_MUTEX_INITIALIZER;
	struct rcutable_cbq *was = cbq_self;

	pthread_mutex_lock(&drain_lock);
	cbq_self = q;		/* its callbacks may not wait for it */
	while (cbq_take(q))
		cbq_process(q);
	cbq_self = was;
	pthread_mutex_unlock(&drain_lock);
}

/* A caller waits for the queue (back-pressure, the exit drain,
 * call_rcu_hurry()): the worker stops gathering, and does not gather for
 * its next batch.  Cleared by the worker when it takes a batch. */
void rcutable_cbq_hurry(struct rcutable_cbq *q)
{
	/* Release: the caller's queued head before the flag; pairs with the
	 * worker's exchange, after which it detaches. */
	__atomic_store_n(&q->hurry, true, __ATOMIC_RELEASE);
	cbq_wake(q);
}

/* ---- fork() --------------------------------------------------------------- */

/*
 * Before fork(): find each worker at a safe point (not detaching, not
 * inside a callback), so that the child inherits a consistent queue and
 * batch; then started_lock, so that no engine starts meanwhile; then the
 * hooks' lock (SRCU's domains), last.  The workers' consumer_locks are
 * never waited for while one is held: a callback holding one may wait on
 * another engine's worker (a barrier, or freeing it), which needs that
 * other lock.  The forking thread's own engine, if it forks from a
 * callback, is at a safe point already.
 */
static void (*hook_prepare)(void), (*hook_parent)(void), (*hook_child)(void);
static struct rcutable_cbq *fork_paused;

static void cbq_unlock_consumers(struct rcutable_cbq *list)
{
	struct rcutable_cbq *q;

	for (q = list; q; q = q->next_started)
		if (q->fork_locked) {
			q->fork_locked = false;
			pthread_mutex_unlock(&q->consumer_lock);
		}
}

/*
 * Wait for q's consumer_lock; true once held.  A worker inside a callback
 * that has not returned for CBQ_FORK_PATIENCE_NS may be blocked on a lock
 * that the forking thread holds, which would hang fork() for ever: then
 * give up (false), say so, and fork with that worker where it is.  Its
 * batch is consistent there (the callback's head was taken off before the
 * call): the child starts on the callbacks after it and does not invoke
 * that one.
 */
#define CBQ_FORK_PATIENCE_NS	1000000000u

static bool cbq_fork_lock_consumer(struct rcutable_cbq *q)
{
	for (;;) {
		struct timespec deadline;

		clock_gettime(CLOCK_MONOTONIC, &deadline);
		deadline.tv_sec += CBQ_FORK_PATIENCE_NS / 1000000000u;
		if (!pthread_mutex_clocklock(&q->consumer_lock, CLOCK_MONOTONIC, &deadline))
			return true;
		if (RCUTABLE_READ_ONCE(q->in_callback)) {
			rcutable_warn("fork(): the %s() callback thread has been inside one "
				      "callback for %u ms (blocked on a lock this thread "
				      "holds?); forking without waiting for it: the child "
				      "will not invoke that callback", q->call_name,
				      CBQ_FORK_PATIENCE_NS / 1000000u);
			return false;
		}
	}
}

/* Every consumer_lock of list but the caller's own engine's: try each;
 * when one is busy, let all go, wait for that one alone, and try again. */
static void cbq_lock_consumers(struct rcutable_cbq *list)
{
	struct rcutable_cbq *q, *busy = NULL;

	for (q = list; q; q = q->next_started)
		q->fork_locked = q->fork_skipped = false;
	for (;;) {
		if (busy) {
			if (cbq_fork_lock_consumer(busy))
				busy->fork_locked = true;
			else
				busy->fork_skipped = true;
		}
		for (q = list; q; q = q->next_started) {
			if (q == cbq_self || q->fork_locked || q->fork_skipped)
				continue;
			if (pthread_mutex_trylock(&q->consumer_lock))
				break;
			q->fork_locked = true;
		}
		if (!q)
			return;
		busy = q;
		cbq_unlock_consumers(list);
	}
}

static void cbq_atfork_prepare(void)
{
	for (;;) {
		/* Acquire: pairs with the release that published each engine. */
		fork_paused = __atomic_load_n(&started_list, __ATOMIC_ACQUIRE);
		cbq_lock_consumers(fork_paused);
		pthread_mutex_lock(&started_lock);
		if (started_list == fork_paused)
			break;
		/* An engine started meanwhile: its worker too. */
		pthread_mutex_unlock(&started_lock);
		cbq_unlock_consumers(fork_paused);
	}
	pending_fork_lock();
	if (hook_prepare)
		hook_prepare();
}

static void cbq_atfork_parent(void)
{
	if (hook_parent)
		hook_parent();
	pending_fork_unlock();
	pthread_mutex_unlock(&started_lock);
	cbq_unlock_consumers(fork_paused);
}

/*
 * Unlink from the list at *link every barrier's head: each lives on the
 * stack of a thread that waits for it, and in the child no thread waits
 * (the forking thread is in fork(), the others do not exist), while the
 * child's new threads may be given those dead threads' stacks.  Returns
 * how many; *tail is left at the link after the last head kept.
 */
static size_t cbq_drop_barriers(struct rcu_head **link, struct rcu_head ***tail)
{
	struct rcu_head *h;
	size_t n = 0;

	while ((h = *link)) {
		if (h->func == barrier_cb) {
			*link = h->next;
			n++;
		} else {
			link = &h->next;
		}
	}
	*tail = link;
	return n;
}

static size_t cbq_count(const struct rcu_head *h)
{
	size_t n = 0;

	for (; h; h = h->next)
		n++;
	return n;
}

/*
 * In the child only the forking thread exists.  Each engine keeps its
 * queue and its unfinished batch (they are the child's memory to reclaim
 * too) but for the barriers' heads, and restarts its worker at once when
 * anything is pending, else at the next callback.  A pusher caught between
 * its two steps by fork() does not exist in the child: the queue is cut at
 * that gap, and callbacks behind it stay the parent's alone.
 */
static void cbq_atfork_child(void)
{
	struct rcutable_cbq *q;

	count_q = NULL;		/* the backlogs are counted anew below */
	count_pending = 0;
	/* The hooks' state first: restarted workers may need it at once. */
	if (hook_child)
		hook_child();
	pthread_mutex_init(&started_lock, NULL);
#ifdef RCUTABLE_DEBUG
	pthread_mutex_init(&pending_lock, NULL);
#endif
	for (q = started_list; q; q = q->next_started) {
		struct rcu_head **link = &q->first;

		pthread_mutex_init(&q->consumer_lock, NULL);
		pthread_mutex_init(&q->start_lock, NULL);
		while (*link && &(*link)->next != q->tail && (*link)->next)
			link = &(*link)->next;
		if (*link)
			(*link)->next = NULL;	/* the cut */
		q->in_flight -= cbq_drop_barriers(&q->batch, &link);
		cbq_drop_barriers(&q->first, &q->tail);
		q->worker_futex = 0;
		q->started = false;
		q->worker_tid = 0;
		q->in_callback = false;
		q->invoking = false;
		q->throttled = 0;
		q->stuck_at = ~0UL;
		q->backlog = (long)(q->in_flight + cbq_count(q->first));
		q->start_retry_ns = 0;
	}
	for (q = started_list; q; q = q->next_started)
		if (q->batch || q->first)
			cbq_start(q);
}

/* ---- Exit ---------------------------------------------------------------- */

static void exit_barrier_cb(struct rcu_head *head)
{
	struct rcutable_cbq *q = (struct rcutable_cbq *)
		((char *)head - offsetof(struct rcutable_cbq, exit_head));

	rcutable_complete(&q->exit_done);
}

/*
 * At normal exit, wait (a bounded time: RCUTABLE_EXIT_TIMEOUT_MS, default
 * 10000; 0 does not wait) until every callback queued before exit has been
 * invoked; if a grace period cannot end (a reader that never finishes),
 * warn how many were not invoked instead of hanging.
 */
static void rcutable_cbq_drain_at_exit(void)
{
	unsigned long ms = rcutable_env_ulong("RCUTABLE_EXIT_TIMEOUT_MS", 10000);
	struct rcutable_cbq *q, *list;
	size_t n;

	pthread_mutex_lock(&started_lock);
	list = started_list;	/* engines are never removed from the list */
	pthread_mutex_unlock(&started_lock);
	for (q = list; q; q = q->next_started) {
		if (!__atomic_load_n(&q->started, __ATOMIC_ACQUIRE) &&
		    !RCUTABLE_READ_ONCE(q->freed) && !rcutable_cbq_on_worker(q) &&
		    cbq_has_queued(q) && !cbq_start(q)) {
			/* No worker: what is queued runs here. */
			cbq_drain_here(q);
			continue;
		}
		/* Under start_lock, so that rcutable_cbq_free() does not stop
		 * the worker between the check and the push. */
		pthread_mutex_lock(&q->start_lock);
		if (!q->started || q->freed) {
			pthread_mutex_unlock(&q->start_lock);
			continue;	/* never started, or freed: nothing queued */
		}
		if (rcutable_cbq_on_worker(q)) {
			pthread_mutex_unlock(&q->start_lock);
			rcutable_warn("exit() from a %s() callback: %zu other queued "
				      "callbacks not invoked", q->call_name,
				      __atomic_load_n(&q->in_flight, __ATOMIC_RELAXED) - 1);
			continue;
		}
		if (q->quiesce)
			q->quiesce();
		q->exit_done.done = 0;
		rcutable_cbq_enqueue(q, &q->exit_head, exit_barrier_cb);
		rcutable_cbq_hurry(q);
		pthread_mutex_unlock(&q->start_lock);
		if (ms && rcutable_completion_wait_ns(&q->exit_done, ms * 1000000u))
			continue;
		n = rcutable_cbq_pending(q, NULL);	/* not counting the exit barrier */
		if (n)
			rcutable_warn("exit: %zu callbacks queued with %s() were "
				      "not invoked: no grace period ended within "
				      "%lu ms (a thread still inside a read-side "
				      "critical section?)", n, q->call_name, ms);
	}
}

static pthread_once_t handlers_once = PTHREAD_ONCE_INIT;

static void cbq_register_handlers(void)
{
	cbq_gather_ns = rcutable_env_ulong("RCUTABLE_CALLBACK_GATHER_US", 1000) * 1000u;
	pthread_once(&backlog_once, cbq_backlog_init);
	if (atexit(rcutable_cbq_drain_at_exit) ||
	    pthread_atfork(cbq_atfork_prepare, cbq_atfork_parent, cbq_atfork_child))
		rcutable_die("cannot register the callback engines' exit and fork "
			     "handlers");
}

void rcutable_cbq_atfork_hooks(void (*prepare)(void), void (*parent)(void),
			       void (*child)(void))
{
	hook_prepare = prepare;
	hook_parent = parent;
	hook_child = child;
	pthread_once(&handlers_once, cbq_register_handlers);
}

/*
 * When the worker cannot be created (pthread_create() fails: no memory, a
 * thread limit), callbacks stay queued; a later call_rcu() tries again at
 * most this often, and meanwhile a barrier, or exit(), invokes them on its
 * own thread (cbq_drain_here()).  The program is told once.
 */
#define CBQ_START_RETRY_NS	100000000u

static void cbq_start_failed(struct rcutable_cbq *q, int err)
{
	static int warned;

	RCUTABLE_WRITE_ONCE(q->start_retry_ns, rcutable_now_ns() + CBQ_START_RETRY_NS);
	if (!__atomic_exchange_n(&warned, 1, __ATOMIC_RELAXED))
		rcutable_warn("%s(): cannot start the callback thread: %s; callbacks "
			      "stay queued and run in the barrier (rcu_barrier(), "
			      "srcu_barrier()) or at exit, until a later call starts "
			      "the thread (tried again every %u ms)", q->call_name,
			      strerror(err), CBQ_START_RETRY_NS / 1000000u);
}

/*
 * Start q's worker, unless it runs, or failed to start less than
 * CBQ_START_RETRY_NS ago; true if it runs.  Lock order: started_lock, then
 * start_lock, so that a fork(), which takes started_lock, never finds an
 * engine half started.
 */
static bool cbq_start(struct rcutable_cbq *q)
{
	bool running;
	int err;

	pthread_once(&handlers_once, cbq_register_handlers);
	pthread_mutex_lock(&started_lock);
	pthread_mutex_lock(&q->start_lock);
	if (q->freed)
		rcutable_die("%s() on an engine whose domain was cleaned up", q->call_name);
	if (!q->on_started_list) {	/* once: not again after fork() or reuse */
		q->next_started = started_list;
		/* Release: pairs with the acquire in cbq_atfork_prepare(). */
		__atomic_store_n(&started_list, q, __ATOMIC_RELEASE);
		RCUTABLE_WRITE_ONCE(q->on_started_list, true);
	}
	if (!q->started && rcutable_now_ns() >= q->start_retry_ns) {
		err = pthread_create(&q->worker, NULL, cbq_worker, q);
		if (err) {
			cbq_start_failed(q, err);
		} else {
			/* Release: pairs with the acquire load in
			 * rcutable_cbq_barrier(). */
			__atomic_store_n(&q->started, true, __ATOMIC_RELEASE);
		}
	}
	running = q->started;
	pthread_mutex_unlock(&q->start_lock);
	pthread_mutex_unlock(&started_lock);
	return running;
}

bool rcutable_cbq_worker_thread(struct rcutable_cbq *q, pthread_t *worker)
{
	bool running = cbq_start(q);

	if (running) {
		pthread_mutex_lock(&q->start_lock);
		*worker = q->worker;
		pthread_mutex_unlock(&q->start_lock);
	}
	return running;
}

/* ---- Engines that come and go ------------------------------------------- */

struct rcutable_cbq *rcutable_cbq_new(void (*wait_fn)(void *), void *arg,
				      const char *name)
{
	struct rcutable_cbq *q;

	pthread_mutex_lock(&started_lock);
	q = free_list;
	if (q) {
		free_list = q->next_free;
		/* A freed engine: exit() and fork() may walk the started list
		 * through it, so its link and locks stay and the rest starts
		 * afresh, under started_lock, which fork() takes: a child never
		 * sees it half reset. */
		q->first = NULL;
		q->tail = &q->first;
		q->worker_futex = 0;
		q->wait_gp = wait_fn;
		q->arg = arg;
		q->call_name = name;
		q->invoke_begin = q->quiesce = NULL;
		q->stop = false;
		q->worker_tid = 0;
		q->batch = NULL;
		q->in_flight = 0;
		q->gathers = q->hurry = q->laned = false;
		q->lane = 0;
		q->gp_begun_ns = 0;
		q->between = NULL;
		q->caller_holds_gp = NULL;
		q->backlog = 0;
		q->invoking = false;
		q->throttled = 0;
		q->stuck_at = ~0UL;
		q->start_retry_ns = 0;
		RCUTABLE_WRITE_ONCE(q->freed, false);
	}
	pthread_mutex_unlock(&started_lock);
	if (!q && (q = malloc(sizeof(*q))))
		rcutable_cbq_init(q, wait_fn, arg, name);
	return q;
}

void rcutable_cbq_free(struct rcutable_cbq *q)
{
	if (q == cbq_self)
		rcutable_die("%s(): an engine freed from one of its own callbacks",
			     q->call_name);
	pthread_mutex_lock(&q->start_lock);
	RCUTABLE_WRITE_ONCE(q->freed, true);
	if (q->started) {
		RCUTABLE_WRITE_ONCE(q->stop, true);
		cbq_wake(q);
		pthread_join(q->worker, NULL);
		__atomic_store_n(&q->started, false, __ATOMIC_RELAXED);
	}
	pthread_mutex_unlock(&q->start_lock);
	pthread_mutex_lock(&started_lock);
	q->next_free = free_list;
	free_list = q;
	pthread_mutex_unlock(&started_lock);
}

/* ---- Producers ----------------------------------------------------------- */

void rcutable_cbq_bad_call(const char *who, const struct rcu_head *head,
			   rcu_callback_t func)
{
	if (!head)
		rcutable_die("%s() with a NULL rcu_head", who);
	rcutable_die("%s() on rcu_head %p with callback %p, which is no "
		     "function (kfree_rcu() frees without one)", who,
		     (const void *)head, (void *)(uintptr_t)func);
}

/*
 * Back-pressure: the caller's push took q's backlog above the bound.
 *
 * While the worker invokes callbacks whose grace period has ended, the
 * caller waits until the backlog is down to half the bound (or the batch
 * is done): callers then queue no faster than the worker reclaims, and the
 * worker gets the CPU they leave.  A caller that a running grace period
 * waits for (inside a read-side section, or QSBR online and not reported
 * since it began; another lane's or synchronize_rcu()'s) waits so only
 * above the whole bound, holding that grace period back for at most the
 * rest of the batch.
 *
 * While the worker waits for a grace period, a caller that a running grace
 * period waits for never waits: it only ends the gathering, and goes on to
 * the section's end or its quiescent state.  Any other caller (and one the
 * flavor cannot tell about, SRCU) gives up the CPU (cbq_throttle_yield())
 * until the backlog is 5/4 of the bound, then waits as above, through the
 * grace period: the backlog then stays near the bound however slowly the
 * worker gets the CPU.  A grace period that begins while such a caller
 * waits, and waits for it, wakes it (rcutable_cbq_kick_throttled()) to go
 * on.
 *
 * Waits at most CBQ_THROTTLE_PATIENCE_NS without the worker moving (a
 * grace period ending, or a safe point between callbacks): a callback may
 * be blocked on a lock this caller holds, a reader that holds up the grace
 * period may wait for one, or the caller is inside an SRCU section that
 * grace period waits for.  Then, unless the worker is only starved of CPU
 * (cbq_worker_starved(): the caller waits on), no caller waits until the
 * worker moves again (stuck_at); they only give up the CPU.  Not on q's
 * own worker, whose callbacks may queue more.
 */
#define CBQ_THROTTLE_PATIENCE_NS	20000000u

/*
 * A worker that made no progress for a patience may be blocked (on a lock,
 * in a grace period) or busy in one long callback, and then callers stop
 * waiting for it; or it may be runnable and starved of CPU by the
 * program's other threads (at a higher priority, or more threads than
 * CPUs), and then callers that stopped waiting would let the backlog grow
 * as fast as they can queue.  The kernel tells the cases apart: a starved
 * worker is runnable at both ends of CBQ_STARVED_PROBE_NS and ran for less
 * than half of it.  A worker that has run for a patience of CPU time
 * without progress is busy however little CPU it gets (a callback that
 * spins on a lock the caller holds, on an oversubscribed machine).  Where
 * none of this can be read (no /proc), it counts as blocked.
 */
#define CBQ_STARVED_PROBE_NS		2000000u

/* Is the worker runnable (state R in /proc/self/task/<tid>/stat)? */
static bool cbq_worker_runnable(const struct rcutable_cbq *q)
{
	char path[64], buf[256], *paren;
	int tid = RCUTABLE_READ_ONCE(q->worker_tid);
	size_t n;
	FILE *f;

	if (!tid)
		return false;
	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", tid);
	f = fopen(path, "re");
	if (!f)
		return false;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = 0;
	/* "tid (comm) S ...": the name may hold anything, even ") ". */
	paren = strrchr(buf, ')');
	return paren && paren[1] == ' ' && paren[2] == 'R';
}

/* The worker's CPU time so far (ns), or 0 if it cannot be read. */
static uint64_t cbq_worker_cpu_ns(const struct rcutable_cbq *q)
{
	clockid_t clock;
	struct timespec ts;

	if (pthread_getcpuclockid(q->worker, &clock) || clock_gettime(clock, &ts))
		return 0;
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Is q's worker starved of CPU rather than blocked or busy?  *since: its
 * CPU time when this caller first asked since its last progress (0: not
 * yet).  Waits up to CBQ_STARVED_PROBE_NS on throttle_word (whose value
 * was w) to see. */
static bool cbq_worker_starved(struct rcutable_cbq *q, int w, uint64_t *since)
{
	uint64_t cpu;

	if (!cbq_worker_runnable(q) || !(cpu = cbq_worker_cpu_ns(q)))
		return false;
	if (!*since)
		*since = cpu;
	else if (cpu - *since >= CBQ_THROTTLE_PATIENCE_NS)
		return false;
	rcutable_futex_wait(&q->throttle_word, w, CBQ_STARVED_PROBE_NS);
	return cbq_worker_cpu_ns(q) - cpu < CBQ_STARVED_PROBE_NS / 2 &&
	       cbq_worker_runnable(q);
}

/* Does the grace period wait for the caller?  False where the flavor
 * cannot tell.  A statistic, no ordering. */
static bool cbq_caller_holds_gp(const struct rcutable_cbq *q)
{
	return q->caller_holds_gp && q->caller_holds_gp();
}

/* Should a caller above the bound sleep now?  See cbq_throttle(). */
static bool cbq_throttle_sleeps(const struct rcutable_cbq *q, long max)
{
	long backlog = __atomic_load_n(&q->backlog, __ATOMIC_RELAXED);

	if (backlog <= max / 2)
		return false;
	if (RCUTABLE_READ_ONCE(q->invoking))
		return backlog > max || !cbq_caller_holds_gp(q);
	return backlog > max + max / 4 &&
	       __atomic_load_n(&q->started, __ATOMIC_RELAXED) &&
	       !cbq_caller_holds_gp(q);
}

/* While the worker gathers callbacks or waits for a grace period: a
 * gathering worker starts its grace period now. */
static void cbq_throttle_hurry(struct rcutable_cbq *q)
{
	if (!RCUTABLE_READ_ONCE(q->hurry))
		rcutable_cbq_hurry(q);
}

/* While the worker waits for a grace period: give it and the grace period
 * the CPU, unless the grace period waits for this caller; once per grace
 * period up to twice the bound, then at every call. */
static void cbq_throttle_yield(struct rcutable_cbq *q, long max)
{
	static __thread const struct rcutable_cbq *yielded_q;
	static __thread uint64_t yielded_gp;
	uint64_t gp = RCUTABLE_READ_ONCE(q->gp_begun_ns);

	if ((yielded_q != q || yielded_gp != gp ||
	     __atomic_load_n(&q->backlog, __ATOMIC_RELAXED) > 2 * max) &&
	    !cbq_caller_holds_gp(q)) {
		yielded_q = q;
		yielded_gp = gp;
		sched_yield();
	}
}

static void cbq_throttle(struct rcutable_cbq *q, long max)
{
	unsigned long starved_at = ~0UL;	/* progress when starved_since was read */
	uint64_t starved_since = 0;

	if (q == cbq_self)
		return;
	for (;;) {
		unsigned long p = __atomic_load_n(&q->progress, __ATOMIC_RELAXED);
		unsigned long k = __atomic_load_n(&q->kicks, __ATOMIC_RELAXED);
		int w = __atomic_load_n(&q->throttle_word, __ATOMIC_RELAXED);
		bool sleep;

		if (p == RCUTABLE_READ_ONCE(q->stuck_at))
			break;
		if (p != starved_at) {
			starved_at = p;
			starved_since = 0;
		}
		__atomic_add_fetch(&q->throttled, 1, __ATOMIC_RELAXED);
		/* Orders the count before the checks; pairs with the smp_mb()
		 * in cbq_invoked(). */
		rcutable_smp_mb();
		sleep = cbq_throttle_sleeps(q, max);
		if (sleep && !RCUTABLE_READ_ONCE(q->invoking))
			cbq_throttle_hurry(q);
		if (sleep)
			rcutable_futex_wait(&q->throttle_word, w, CBQ_THROTTLE_PATIENCE_NS);
		__atomic_sub_fetch(&q->throttled, 1, __ATOMIC_RELAXED);
		if (!sleep)
			break;
		if (__atomic_load_n(&q->kicks, __ATOMIC_RELAXED) != k)
			continue;	/* a grace period may wait for us now */
		/* Stuck: no progress, a worker not starved of CPU, and still no
		 * progress once we have looked at it. */
		if (__atomic_load_n(&q->progress, __ATOMIC_RELAXED) == p &&
		    !cbq_worker_starved(q, w, &starved_since) &&
		    __atomic_load_n(&q->progress, __ATOMIC_RELAXED) == p) {
			RCUTABLE_WRITE_ONCE(q->stuck_at, p);
			break;
		}
	}
	if (!RCUTABLE_READ_ONCE(q->invoking)) {
		cbq_throttle_hurry(q);
		cbq_throttle_yield(q, max);
	}
}

/*
 * Every CBQ_COUNT_CHUNK-th push onto q, or the first after pushes onto
 * another engine (the count, above): add the chunk to q's backlog, then
 * what a push that takes it across a line does: wake a gathering worker
 * when it reaches CBQ_GATHERED (cbq_gathered()), wait when it is above the
 * bound.  Out of line, so that a push keeps to its few instructions.
 */
static __attribute__((noinline)) void cbq_count_chunk(struct rcutable_cbq *q)
{
	long n, max;

	if (count_q != q) {
		/* A count for back-pressure alone: no ordering. */
		if (count_q && count_pending)
			__atomic_add_fetch(&count_q->backlog, count_pending, __ATOMIC_RELAXED);
		count_q = q;
		count_pending = 1;
		return;
	}
	n = __atomic_add_fetch(&q->backlog, count_pending, __ATOMIC_RELAXED);
	if (n - count_pending < CBQ_GATHERED && n >= CBQ_GATHERED)
		cbq_wake(q);
	count_pending = 0;
	max = cbq_bound(q);
	if (rcutable_unlikely(max && n > max))
		cbq_throttle(q, max);
}

void rcutable_cbq_enqueue(struct rcutable_cbq *q, struct rcu_head *head,
			  rcu_callback_t func)
{
	struct rcu_head **prev;

	if (rcutable_unlikely(!__atomic_load_n(&q->started, __ATOMIC_ACQUIRE)) &&
	    (!RCUTABLE_READ_ONCE(q->on_started_list) ||
	     rcutable_now_ns() >= RCUTABLE_READ_ONCE(q->start_retry_ns)))
		cbq_start(q);
	pending_add(q, head);
	head->func = func;
	head->next = NULL;
	/* Acq_rel: our head's fields precede its publication as the tail (a
	 * later pusher writes head->next only after acquiring it). */
	prev = __atomic_exchange_n(&q->tail, &head->next, __ATOMIC_ACQ_REL);
	/* Release: publishes the head; pairs with the worker's acquire loads
	 * in cbq_detach(). */
	__atomic_store_n(prev, head, __ATOMIC_RELEASE);
	/* The queue was empty: the worker may sleep. */
	if (prev == &q->first)
		cbq_wake(q);
	if (rcutable_unlikely(count_q != q || ++count_pending >= CBQ_COUNT_CHUNK))
		cbq_count_chunk(q);
}

/* One barrier's head reached: the whole barrier is done when the last of
 * its heads is, and the caller has stopped adding. */
static void barrier_cb(struct rcu_head *head)
{
	struct rcutable_cbq_barrier *b =
		((struct rcutable_cbq_barrier_head *)head)->b;

	/* Acq_rel: this lane's invoked callbacks before the count; the last
	 * to count acquires every other lane's and the caller's, and
	 * publishes them all by the completion's release. */
	if (!__atomic_sub_fetch(&b->left, 1, __ATOMIC_ACQ_REL))
		rcutable_complete(&b->done);
	/* b may be gone now: its caller may have returned. */
}

void rcutable_cbq_barrier_add(struct rcutable_cbq_barrier *b, struct rcutable_cbq *q,
			      const char *barrier_name)
{
	struct rcutable_cbq_barrier_head *h = &b->heads[b->n];

	if (rcutable_cbq_on_worker(q))
		rcutable_die("%s() called from a %s() callback: it would wait "
			     "for itself", barrier_name, q->call_name);
	/* Acquire: pairs with the releases in cbq_start().  A callback
	 * queued before this call put the engine on the started list first,
	 * and started the worker if it could; after fork() an engine with
	 * work pending is restarted at once.  Without a worker, this thread
	 * invokes what is queued. */
	if (!__atomic_load_n(&q->started, __ATOMIC_ACQUIRE)) {
		if (!cbq_has_queued(q))
			return;
		if (!cbq_start(q)) {
			cbq_drain_here(q);
			return;
		}
	}
	if (b->n == RCUTABLE_CBQ_LANES_MAX)
		rcutable_die("%s(): a barrier over more than %d engines", barrier_name,
			     RCUTABLE_CBQ_LANES_MAX);
	b->n++;
	h->b = b;
	/* Counted before the head can be reached; the caller's own count
	 * keeps left above 0 until rcutable_cbq_barrier_wait(). */
	__atomic_add_fetch(&b->left, 1, __ATOMIC_RELAXED);
	/* The queue is FIFO and one worker invokes it in order: when this
	 * head's callback runs, every earlier one has run. */
	rcutable_cbq_enqueue(q, &h->head, barrier_cb);
}

void rcutable_cbq_barrier_wait(struct rcutable_cbq_barrier *b)
{
	/* Acq_rel, as in barrier_cb(): last to count, we acquire every lane's
	 * release; else the last lane's completion publishes them. */
	if (__atomic_sub_fetch(&b->left, 1, __ATOMIC_ACQ_REL))
		rcutable_completion_wait(&b->done);
}

void rcutable_cbq_barrier(struct rcutable_cbq *q, const char *barrier_name)
{
	struct rcutable_cbq_barrier b = RCUTABLE_CBQ_BARRIER_INIT;

	rcutable_cbq_barrier_add(&b, q, barrier_name);
	rcutable_cbq_barrier_wait(&b);
}

/* The callbacks on the list from h, but for the exit drain's barrier:
 * a thread that cleans up a domain while exit() drains it has queued no
 * more for it.  Under consumer_lock. */
static size_t cbq_count_but(const struct rcutable_cbq *q, struct rcu_head *h,
			    const struct rcu_head *but)
{
	size_t n = 0;

	for (; h; h = __atomic_load_n(&h->next, __ATOMIC_ACQUIRE))
		n += h != &q->exit_head && h != but;
	return n;
}

size_t rcutable_cbq_pending(struct rcutable_cbq *q, const struct rcu_head *but)
{
	struct timespec deadline;
	size_t n;

	/* With the worker at a safe point, the batch and the queued heads
	 * stay allocated while we count them.  A worker stuck inside a
	 * callback leaves the count at the batch's size. */
	clock_gettime(CLOCK_REALTIME, &deadline);
	deadline.tv_sec += 1;
	if (pthread_mutex_timedlock(&q->consumer_lock, &deadline))
		return __atomic_load_n(&q->in_flight, __ATOMIC_RELAXED);
	n = cbq_count_but(q, q->batch, but) +
	    cbq_count_but(q, __atomic_load_n(&q->first, __ATOMIC_ACQUIRE), but);
	pthread_mutex_unlock(&q->consumer_lock);
	return n;
}

bool rcutable_cbq_on_worker(struct rcutable_cbq *q)
{
	return cbq_self == q;
}
