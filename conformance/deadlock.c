/* SPDX-License-Identifier: MIT */
/*
 * conformance/deadlock.c: registration never waits for a grace period.
 *
 * Readers may block inside their sections (on a mutex, a join), and the
 * thread they wait for may be unregistering or exiting at that moment.  If
 * unregistration waited for a grace period in progress, which waits for
 * the blocked reader, the three would wait for ever:
 *
 *   reader R:  rcu_read_lock(); pthread_mutex_lock(&m);      blocked on B
 *   thread B:  holds m; rcu_unregister_thread();             blocked on C?
 *   thread C:  synchronize_rcu();                            waits for R
 *
 * Each test builds one such cycle and asserts, with a bounded wait, that
 * every thread in it finishes.  QSBR adds a cycle through the callback
 * worker, which is online (a reader) while it invokes callbacks.
 */
#include <pthread.h>
#include "helpers.h"

#define CYCLE_TIMEOUT_MS	10000
/* Long enough that the grace period has begun waiting for the reader. */
#define CYCLE_SETTLE_MS		50

struct cycle {
	pthread_mutex_t m;
	pthread_t b;
	int b_holds;		/* B holds m */
	int reader_inside;	/* R is inside its section */
	int go;			/* B may unregister (or exit) now */
	int b_done;		/* B unregistered and let m go */
	int reader_done;
	int gp_done;
	int cb_entered;
	struct rcu_head head;
};

static struct cycle cyc = { .m = PTHREAD_MUTEX_INITIALIZER };

/* A reader that blocks inside its section on the mutex B holds. */
static void *reader_blocks_on_mutex(void *arg)
{
	(void)arg;
	rcu_register_thread();
	rcu_read_lock();
	flag_set(&cyc.reader_inside, 1);
	pthread_mutex_lock(&cyc.m);
	pthread_mutex_unlock(&cyc.m);
	rcu_read_unlock();
	rcu_quiescent_state();
	flag_set(&cyc.reader_done, 1);
	rcu_unregister_thread();
	return NULL;
}

static void cb_blocks_on_mutex(struct rcu_head *h);

/* B: holds the mutex, and unregisters while a grace period waits; with
 * arg, it first queues a callback that blocks on the mutex. */
static void *holder_unregisters(void *arg)
{
	rcu_register_thread();
	pthread_mutex_lock(&cyc.m);
	if (arg) {
		call_rcu(&cyc.head, cb_blocks_on_mutex);
		flag_wait(&cyc.cb_entered, 1, CYCLE_TIMEOUT_MS);
	}
	flag_set(&cyc.b_holds, 1);
	flag_wait(&cyc.go, 1, CYCLE_TIMEOUT_MS);
	rcu_unregister_thread();
	pthread_mutex_unlock(&cyc.m);
	flag_set(&cyc.b_done, 1);
	return NULL;
}

static void *gp_thread(void *arg)
{
	(void)arg;
	rcu_register_thread();
	synchronize_rcu();
	flag_set(&cyc.gp_done, 1);
	rcu_unregister_thread();
	return NULL;
}

/* Let B go once the grace period waits for R, and require all to end. */
static void cycle_release_and_check(const char *what)
{
	sleep_ms(CYCLE_SETTLE_MS);
	cr_assert(!flag_get(&cyc.gp_done),
		  "synchronize_rcu() ended while a reader was blocked inside its section");
	flag_set(&cyc.go, 1);
	cr_assert(flag_wait(&cyc.gp_done, 1, CYCLE_TIMEOUT_MS),
		  "deadlock: synchronize_rcu() waited %d ms for a reader blocked on "
		  "a thread inside %s", CYCLE_TIMEOUT_MS, what);
	cr_assert(flag_wait(&cyc.b_done, 1, CYCLE_TIMEOUT_MS),
		  "deadlock: %s did not return while a grace period waited", what);
}

Test(deadlock, unregister_while_gp_waits_for_blocked_reader, .timeout = 60)
{
	pthread_t r, c;

	cyc.b = spawn(holder_unregisters, NULL);
	flag_wait(&cyc.b_holds, 1, CYCLE_TIMEOUT_MS);
	r = spawn(reader_blocks_on_mutex, NULL);
	flag_wait(&cyc.reader_inside, 1, CYCLE_TIMEOUT_MS);
	c = spawn(gp_thread, NULL);
	cycle_release_and_check("rcu_unregister_thread()");
	cr_assert(flag_wait(&cyc.reader_done, 1, CYCLE_TIMEOUT_MS), "the reader never ended");
	join(c);
	join(r);
	join(cyc.b);
}

/* Thread exit unregisters too: R joins B inside its section. */
static void *exits_when_told(void *arg)
{
	(void)arg;
	rcu_register_thread();
	rcu_read_lock();
	rcu_read_unlock();
	flag_wait(&cyc.go, 1, CYCLE_TIMEOUT_MS);
	flag_set(&cyc.b_done, 1);
	return NULL;	/* no rcu_unregister_thread(): the exit does it */
}

static void *reader_joins_exiting_thread(void *arg)
{
	(void)arg;
	rcu_register_thread();
	rcu_read_lock();
	flag_set(&cyc.reader_inside, 1);
	pthread_join(cyc.b, NULL);
	rcu_read_unlock();
	rcu_quiescent_state();
	flag_set(&cyc.reader_done, 1);
	rcu_unregister_thread();
	return NULL;
}

Test(deadlock, thread_exit_while_gp_waits_for_joining_reader, .timeout = 60)
{
	pthread_t r, c;

	cyc.b = spawn(exits_when_told, NULL);
	r = spawn(reader_joins_exiting_thread, NULL);
	flag_wait(&cyc.reader_inside, 1, CYCLE_TIMEOUT_MS);
	c = spawn(gp_thread, NULL);
	cycle_release_and_check("thread exit");
	cr_assert(flag_wait(&cyc.reader_done, 1, CYCLE_TIMEOUT_MS),
		  "deadlock: the reader's pthread_join() never returned: the exiting "
		  "thread waited for the grace period that waited for the reader");
	join(c);
	join(r);
}

/*
 * Through the callback worker: a callback blocks on the mutex of a thread
 * that unregisters while a grace period runs.  Under QSBR the worker is a
 * reader while it invokes, so the grace period waits for it.
 */
static void cb_blocks_on_mutex(struct rcu_head *h)
{
	(void)h;
	flag_set(&cyc.cb_entered, 1);
	pthread_mutex_lock(&cyc.m);
	pthread_mutex_unlock(&cyc.m);
	flag_set(&cyc.reader_done, 1);
}

Test(deadlock, unregister_while_gp_waits_for_blocked_callback, .timeout = 60)
{
	pthread_t c;

	cyc.b = spawn(holder_unregisters, (void *)1);
	cr_assert(flag_wait(&cyc.b_holds, 1, CYCLE_TIMEOUT_MS), "the callback never ran");
	c = spawn(gp_thread, NULL);
	sleep_ms(CYCLE_SETTLE_MS);
	flag_set(&cyc.go, 1);
	cr_assert(flag_wait(&cyc.gp_done, 1, CYCLE_TIMEOUT_MS),
		  "deadlock: synchronize_rcu() waited %d ms while a callback was "
		  "blocked on a thread inside rcu_unregister_thread()", CYCLE_TIMEOUT_MS);
	cr_assert(flag_wait(&cyc.b_done, 1, CYCLE_TIMEOUT_MS),
		  "deadlock: rcu_unregister_thread() did not return while a callback "
		  "waited for its thread");
	cr_assert(flag_wait(&cyc.reader_done, 1, CYCLE_TIMEOUT_MS), "the callback never ended");
	join(c);
	join(cyc.b);
}

/*
 * Back-pressure: a caller above the backlog bound waits for the worker,
 * but not for ever, whatever the worker waits for.
 */
static int noop_cbs_run;

static void noop_cb(struct rcu_head *h)
{
	(void)h;
	__atomic_add_fetch(&noop_cbs_run, 1, __ATOMIC_RELAXED);
}

/* Far more callbacks than the bound (100), each only counting itself. */
#define OVER_BOUND_CALLBACKS	5000

static void queue_over_bound(void)
{
	static struct rcu_head heads[OVER_BOUND_CALLBACKS];

	for (size_t i = 0; i < OVER_BOUND_CALLBACKS; i++)
		call_rcu(&heads[i], noop_cb);
}

/* Run queuer, which queues over the bound while it holds cyc.m, and
 * require that it finishes, that every callback runs, and that the
 * thread blocked on cyc.m (it sets reader_done) ends. */
static void check_over_bound(void *(*queuer)(void *), void *arg,
			     const char *waited_for, const char *blocked)
{
	pthread_t t;

	rcutable_callback_backlog_set(100);
	t = spawn(queuer, arg);
	cr_assert(flag_wait(&cyc.b_done, 1, CYCLE_TIMEOUT_MS),
		  "deadlock: call_rcu() above the backlog bound waited for %s", waited_for);
	join(t);
	cr_assert_eq(flag_get(&noop_cbs_run), OVER_BOUND_CALLBACKS,
		     "%d of %d callbacks ran after rcu_barrier()",
		     flag_get(&noop_cbs_run), OVER_BOUND_CALLBACKS);
	cr_assert(flag_get(&cyc.reader_done), "the blocked %s never ended", blocked);
}

/* Here the worker is in a callback (arg points to it) that waits for the
 * mutex the caller holds while it queues far more than the bound. */
static void *queue_over_bound_holding_mutex(void *arg)
{
	rcu_register_thread();
	pthread_mutex_lock(&cyc.m);
	call_rcu(&cyc.head, *(const rcu_callback_t *)arg);
	queue_over_bound();
	pthread_mutex_unlock(&cyc.m);
	flag_set(&cyc.b_done, 1);
	rcu_barrier();
	rcu_unregister_thread();
	return NULL;
}

Test(deadlock, over_the_backlog_bound_while_a_callback_waits_for_the_caller, .timeout = 60)
{
	static const rcu_callback_t cb = cb_blocks_on_mutex;

	check_over_bound(queue_over_bound_holding_mutex, (void *)&cb,
			 "a worker whose callback waited for the caller's mutex", "callback");
}

/* The same with a callback that spins, runnable, until the caller lets
 * the mutex go: the worker is busy, not starved of CPU, and the caller
 * must not wait for it for ever either. */
static void cb_spins_on_mutex(struct rcu_head *h)
{
	(void)h;
	flag_set(&cyc.cb_entered, 1);
	while (pthread_mutex_trylock(&cyc.m))
		rcutable_cpu_relax();
	pthread_mutex_unlock(&cyc.m);
	flag_set(&cyc.reader_done, 1);
}

Test(deadlock, over_the_backlog_bound_while_a_callback_spins_on_the_caller, .timeout = 60)
{
	static const rcu_callback_t cb = cb_spins_on_mutex;

	check_over_bound(queue_over_bound_holding_mutex, (void *)&cb,
			 "a worker whose callback spun on the caller's mutex", "callback");
}

/*
 * Back-pressure through a grace period: from 5/4 of the bound, a caller
 * that no grace period waits for waits through the one the worker is in,
 * but not for ever: here that grace period waits for a reader blocked on
 * the mutex the caller holds.
 */
static void *queue_over_bound_while_a_reader_waits_for_the_caller(void *arg)
{
	pthread_t r;

	(void)arg;
	rcu_register_thread();
	rcu_thread_offline();	/* QSBR: no grace period waits for this thread */
	pthread_mutex_lock(&cyc.m);
	r = spawn(reader_blocks_on_mutex, NULL);
	flag_wait(&cyc.reader_inside, 1, CYCLE_TIMEOUT_MS);
	queue_over_bound();
	pthread_mutex_unlock(&cyc.m);
	flag_set(&cyc.b_done, 1);
	join(r);
	rcu_thread_online();
	rcu_barrier();
	rcu_unregister_thread();
	return NULL;
}

Test(deadlock, over_the_backlog_bound_while_a_reader_waits_for_the_caller, .timeout = 60)
{
	check_over_bound(queue_over_bound_while_a_reader_waits_for_the_caller, NULL,
			 "a grace period that waited for a reader blocked on the caller's mutex",
			 "reader");
}
