/* SPDX-License-Identifier: MIT */
/*
 * conformance/callbacks.c: the table's "asynchronous/callback" and "wait for
 * callbacks" rows: call_rcu() runs its callback only after every reader
 * that began before the call has ended, never blocks and may be called
 * inside a reader; rcu_barrier() waits for every callback queued before it.
 */
#include <time.h>
#include "helpers.h"
#include "testing.h"

Test(callbacks, waits_call_rcu, .timeout = 20)
{
	cr_assert(hold_simple(action_call_rcu_wait, READER_RCU),
		  "a call_rcu() callback ran while a pre-existing reader was "
		  "still inside its section");
}

Test(callbacks, waits_call_rcu_nested, .timeout = 20)
{
	struct hold h = { .action = action_call_rcu_wait, .depth = 2 };

	cr_assert(hold_run(&h), "a call_rcu() callback ran inside a nested pre-existing reader");
}

Test(callbacks, waits_call_rcu_hurry, .timeout = 20)
{
	cr_assert(hold_simple(action_call_rcu_hurry_wait, READER_RCU),
		  "a call_rcu_hurry() callback ran while a pre-existing reader was "
		  "still inside its section");
}

static int ran;
static void set_ran(struct rcu_head *h) { (void)h; flag_set(&ran, 1); }

/*
 * call_rcu_hurry() ends the callbacks' gathering: with a gathering window
 * of a minute (RCUTABLE_CALLBACK_GATHER_US, read when the engine starts,
 * here), a callback queued after the engine's first grace period waits for
 * the window, unless a call_rcu_hurry() follows it.  Where an engine does
 * not gather (the peers'), both run soon anyway.
 */
static int gathered;
static void set_gathered(struct rcu_head *h) { (void)h; flag_set(&gathered, 1); }

Test(callbacks, call_rcu_hurry_ends_the_gathering, .timeout = 30)
{
	static struct rcu_head first, plain, hurried;

	setenv("RCUTABLE_CALLBACK_GATHER_US", "60000000", 1);
	call_rcu(&first, set_ran);
	cr_assert(flag_wait(&ran, 1, 10000), "the first callback never ran");
	call_rcu(&plain, set_gathered);
	call_rcu_hurry(&hurried, set_ran);
	cr_assert(flag_wait(&gathered, 1, 10000), "a callback queued before a "
		  "call_rcu_hurry() still waited for the gathering window");
}

Test(callbacks, call_rcu_inside_reader, .timeout = 20)
{
	static struct rcu_head head;

	rcu_read_lock();
	call_rcu(&head, set_ran);
	/* The callback cannot run while we, a pre-existing reader, are inside. */
	sleep_ms_in_reader(20);
	cr_assert_eq(flag_get(&ran), 0, "callback ran inside the reader that queued it");
	rcu_read_unlock();
	rcu_barrier();
	cr_assert_eq(flag_get(&ran), 1);
}

/* Many callbacks from two threads, each invoked exactly once. */
#define FLOOD 50000
struct counted { struct rcu_head head; int *count; };

static void counted_cb(struct rcu_head *h)
{
	struct counted *c = (struct counted *)h;

	__atomic_fetch_add(c->count, 1, __ATOMIC_RELAXED);
	free(c);
}

static int flood_count;

static void *flooder(void *arg)
{
	(void)arg;
	for (int i = 0; i < FLOOD; i++) {
		struct counted *c = malloc(sizeof(*c));

		c->count = &flood_count;
		call_rcu(&c->head, counted_cb);
	}
	return NULL;
}

Test(callbacks, every_callback_runs_once, .timeout = 60)
{
	pthread_t a = spawn(flooder, NULL), b = spawn(flooder, NULL);

	join(a);
	join(b);
	rcu_barrier();
	cr_assert_eq(flag_get(&flood_count), 2 * FLOOD, "%d of %d callbacks invoked",
		     flag_get(&flood_count), 2 * FLOOD);
}

/* A callback may queue another callback and may read under RCU. */
static int chain_left = 10;
static struct rcu_head chain_head;

static void chain_cb(struct rcu_head *h)
{
	rcu_read_lock();
	rcu_read_unlock();
	if (__atomic_sub_fetch(&chain_left, 1, __ATOMIC_SEQ_CST) > 0)
		call_rcu(h, chain_cb);
}

Test(callbacks, callback_requeues_itself, .timeout = 20)
{
	call_rcu(&chain_head, chain_cb);
	cr_assert(flag_wait(&chain_left, 0, 10000), "chain stopped at %d", flag_get(&chain_left));
}

Test(callbacks, rcu_head_after_call_rcu)
{
	static struct rcu_head h;

	rcu_head_init(&h);
	cr_assert(!rcu_head_after_call_rcu(&h, set_ran));
	call_rcu(&h, set_ran);
	cr_assert(rcu_head_after_call_rcu(&h, set_ran));
	rcu_barrier();
}

/* ---- rcu_barrier ---------------------------------------------------------- */

static bool action_call_then_barrier(struct hold *h)
{
	static struct rcu_head head;

	flag_set(&ran, 0);
	call_rcu(&head, set_ran);
	rcu_barrier();
	/* The barrier returned: the callback must have run, after the reader. */
	return flag_get(&ran) && flag_get(&h->sync.reader_done);
}

Test(barrier, waits_rcu_barrier, .timeout = 20)
{
	cr_assert(hold_simple(action_call_then_barrier, READER_RCU),
		  "rcu_barrier() returned before its callback could run after "
		  "the pre-existing reader, or the callback ran too early");
}

Test(barrier, all_earlier_callbacks_invoked, .timeout = 60)
{
	static int count;
	struct counted *c;

	for (int i = 0; i < 1000; i++) {
		c = malloc(sizeof(*c));
		c->count = &count;
		call_rcu(&c->head, counted_cb);
	}
	rcu_barrier();
	cr_assert_eq(flag_get(&count), 1000, "rcu_barrier() returned with %d of 1000 invoked",
		     flag_get(&count));
}

Test(barrier, with_nothing_queued, .timeout = 10)
{
	rcu_barrier();
	rcu_barrier();
}

static int conc_count;

static void *barrier_thread(void *arg)
{
	struct counted *c;

	(void)arg;
	for (int i = 0; i < 200; i++) {
		c = malloc(sizeof(*c));
		c->count = &conc_count;
		call_rcu(&c->head, counted_cb);
		if (i % 50 == 0)
			rcu_barrier();
	}
	rcu_barrier();
	return NULL;
}

Test(barrier, concurrent_barriers, .timeout = 60)
{
	pthread_t a = spawn(barrier_thread, NULL), b = spawn(barrier_thread, NULL);

	join(a);
	join(b);
	cr_assert_eq(flag_get(&conc_count), 400);
}

/* rcu_barrier() waits for the callbacks of every thread, each thread's in
 * order (harness.h). */
static void call_rcu_fn(struct rcu_head *head, rcu_callback_t func)
{
	call_rcu(head, func);
}

Test(barrier, covers_the_callbacks_of_every_thread, .timeout = 60)
{
	barrier_covers_threads(call_rcu_fn, rcu_barrier, "rcu_barrier");
}

/*
 * The worker sleeps whenever the queue empties and every push into an empty
 * queue must wake it: many rounds of one callback and a barrier make the
 * push race the worker going to sleep.  A lost wake-up hangs (the watchdog
 * then fails the test).
 */
Test(callbacks, worker_wakeups_are_never_lost, .timeout = 60)
{
	static struct rcu_head h;
	time_t end = time(NULL) + 5;	/* bounds the work for slow workers */
	int i;

	for (i = 0; i < 20000 && time(NULL) < end; i++) {
		call_rcu(&h, set_ran);
		rcu_barrier();
	}
	cr_log_info("%d rounds of call_rcu() + rcu_barrier()", i);
}

/*
 * A trickle of callbacks shares grace periods: an engine begins one at
 * most every RCUTABLE_CALLBACK_GATHER_US (1 ms by default), however the
 * callbacks are spaced, and still invokes every one.  400 callbacks 25 us
 * apart would otherwise each find the previous grace period over.
 */
static int trickle_ran;
static void trickle_cb(struct rcu_head *h) { (void)h; __atomic_add_fetch(&trickle_ran, 1, __ATOMIC_RELAXED); }

Test(callbacks, trickle_shares_grace_periods, .timeout = 30)
{
	enum { N = 400 };
	static struct rcu_head heads[N];
	unsigned long (*gps)(void) = rcutable_impl_info.gp_completed;
	struct timespec gap = { 0, 25000 };
	unsigned long g0, g1;
	double t0, ms;

	if (!gps)
		cr_skip_test("%s does not count its grace periods", rcutable_impl_info.name);
	rcu_register_thread();
	t0 = now_s(CLOCK_MONOTONIC);
	g0 = gps();
	for (int i = 0; i < N; i++) {
		call_rcu(&heads[i], trickle_cb);
		rcu_quiescent_state();
		nanosleep(&gap, NULL);
	}
	g1 = gps();
	ms = (now_s(CLOCK_MONOTONIC) - t0) * 1e3;
	rcu_barrier();
	rcu_unregister_thread();
	cr_log_info("%d callbacks over %.1f ms: %lu grace periods", N, ms, g1 - g0);
	cr_assert_eq(__atomic_load_n(&trickle_ran, __ATOMIC_RELAXED), N,
		     "only %d of %d callbacks ran", trickle_ran, N);
	cr_assert(g1 - g0 <= ms + 2, "%lu grace periods for %d callbacks over %.1f ms: "
		  "callbacks do not gather (at most one grace period a millisecond)",
		  g1 - g0, N, ms);
}
