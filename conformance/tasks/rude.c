/* SPDX-License-Identifier: MIT */
/*
 * conformance/tasks/rude.c: RCU Tasks Rude (rcupdate_tasks.h).  Its grace
 * periods, callbacks and barrier wait for threads that run with the
 * flavor's signal blocked (here every signal), as the grace period's own
 * rechecks show; they do not wait for a thread that runs with its signals
 * open, nor for one asleep in a system call with every signal blocked (a
 * region never blocks); a wait inside a region of the caller's or from a
 * callback, and a program that handles the signal, are refused.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>

#include "tasks_hold.h"

static void rude_skip_unless(void)
{
	if (!((rcutable_tasks_impl_info.native | rcutable_tasks_impl_info.emulated) &
	      RCUTABLE_API_TASKS_RUDE))
		cr_skip_test("absent in %s: RCU Tasks Rude", rcutable_tasks_impl_info.name);
	tasks_stats_source = rcutable_tasks_rude_get_stats;
}

/* Spinners with every signal blocked are readers: a grace period holds on
 * through its rechecks until they leave. */
Test(tasks, waits_synchronize_rcu_tasks_rude_for_threads_spinning_with_signals_blocked,
     .timeout = 60)
{
	static struct trampolines t = { .block_signals = true };
	static struct tasks_updater u = { .synchronize = synchronize_rcu_tasks_rude };
	struct rcutable_tasks_stats s;

	rude_skip_unless();
	trampolines_start(&t, 2);
	s = tasks_stats();
	tasks_updater_start(&u, &t);
	cr_assert(tasks_wait_gp_begun(&s), "no grace period began");
	tasks_assert_held(&s, 5, &u.returned, "two threads spun with every signal blocked");
	trampolines_release(&t);
	tasks_updater_join(&u);
	cr_assert_eq(u.left_at_return, 2, "synchronize_rcu_tasks_rude() returned before "
		     "both spinners had left their regions");
	trampolines_finish(&t);
}

/* The same for a callback, and the barrier behind it. */
struct rude_cb {
	struct rcu_head head;
	struct trampolines *watch;
	int invoked, left_at_invoke;
};

static void rude_cb_func(struct rcu_head *head)
{
	struct rude_cb *c = (struct rude_cb *)head;

	flag_set(&c->left_at_invoke, flag_get(&c->watch->sync.reader_done));
	flag_set(&c->invoked, 1);
}

Test(tasks, waits_call_rcu_tasks_rude_and_its_barrier_for_a_region, .timeout = 60)
{
	static struct trampolines t = { .block_signals = true };
	static struct rude_cb c = { .watch = &t };
	struct rcutable_tasks_stats s;

	rude_skip_unless();
	trampolines_start(&t, 1);
	s = tasks_stats();
	call_rcu_tasks_rude(&c.head, rude_cb_func);
	cr_assert(tasks_wait_gp_begun(&s), "no grace period began");
	tasks_assert_held(&s, 5, &c.invoked, "a thread spun with every signal blocked "
			  "(a call_rcu_tasks_rude() callback ran)");
	trampolines_release(&t);
	rcu_barrier_tasks_rude();
	cr_assert_eq(flag_get(&c.invoked), 1, "rcu_barrier_tasks_rude() returned "
		     "before the callback ran");
	cr_assert_eq(c.left_at_invoke, 1, "the callback ran before the spinner left");
	trampolines_finish(&t);
}

/* Outside regions: a thread spinning with its signals open, and one
 * asleep in a system call with every signal blocked (a region never
 * blocks), hold no grace period back. */
static void *asleep_with_signals_blocked(void *arg)
{
	struct hold_sync *sync = arg;
	sigset_t all, old;

	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	hold_reader_stay(sync, 10000, NULL, NULL);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return NULL;
}

static bool returns_beside(void *arg)
{
	struct hold_sync *sync = arg;

	for (int i = 0; i < 10; i++)
		synchronize_rcu_tasks_rude();
	return !flag_get(&sync->reader_done);
}

Test(tasks, synchronize_rcu_tasks_rude_does_not_wait_outside_regions, .timeout = 60)
{
	static struct trampolines open = { .block_signals = false };
	static struct hold_sync sleeper;

	rude_skip_unless();
	trampolines_start(&open, 1);
	cr_assert(hold_drive(&sleeper, asleep_with_signals_blocked, returns_beside,
			     &sleeper, NULL),
		  "synchronize_rcu_tasks_rude() waited for a thread asleep with every "
		  "signal blocked, or for one spinning with its signals open");
	cr_assert_eq(flag_get(&open.sync.reader_done), 0);
	trampolines_finish(&open);
}

/* ---- Refusals ---------------------------------------------------------------- */

static void synchronize_inside(void *arg)
{
	sigset_t set;

	(void)arg;
	sigfillset(&set);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	synchronize_rcu_tasks_rude();
}

Test(tasks, synchronize_rcu_tasks_rude_inside_a_region_aborts, .timeout = 30)
{
	rude_skip_unless();
	expect_abort(synchronize_inside, NULL, "inside an RCU Tasks Rude reader");
}

static void barrier_inside(void *arg)
{
	sigset_t set;

	(void)arg;
	sigemptyset(&set);
	sigaddset(&set, rcutable_tasks_rude_signal());
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	rcu_barrier_tasks_rude();
}

Test(tasks, rcu_barrier_tasks_rude_inside_a_region_aborts, .timeout = 30)
{
	rude_skip_unless();
	expect_abort(barrier_inside, NULL, "inside an RCU Tasks Rude reader");
}

static int from_callback_done;

static void synchronize_from_callback(struct rcu_head *head)
{
	(void)head;
	synchronize_rcu_tasks_rude();
	from_callback_done = 1;
}

static void queue_waiting_callback(void *arg)
{
	static struct rcu_head head;

	(void)arg;
	call_rcu_tasks_rude(&head, synchronize_from_callback);
	rcu_barrier_tasks_rude();
}

Test(tasks, synchronize_rcu_tasks_rude_from_a_callback_aborts, .timeout = 30)
{
	rude_skip_unless();
	expect_abort(queue_waiting_callback, NULL, "call_rcu_tasks_rude() callback");
}

static void handler(int sig)
{
	(void)sig;
}

static void with_a_handler(void *arg)
{
	struct sigaction sa = { .sa_handler = handler };

	(void)arg;
	sigemptyset(&sa.sa_mask);
	sigaction(rcutable_tasks_rude_signal(), &sa, NULL);
	synchronize_rcu_tasks_rude();
}

Test(tasks, a_program_that_handles_the_rude_signal_is_told, .timeout = 30)
{
	rude_skip_unless();
	if (rcutable_tasks_impl_info.is_control)
		cr_skip_test("the control sends no signal");
	expect_abort(with_a_handler, NULL, "RCUTABLE_TASKS_RUDE_SIGNAL");
}
