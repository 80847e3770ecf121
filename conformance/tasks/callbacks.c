/* SPDX-License-Identifier: MIT */
/*
 * conformance/tasks/callbacks.c: call_rcu_tasks() and rcu_barrier_tasks().
 * A callback runs only after a grace period that waited for the spinners
 * of its time; rcu_barrier_tasks() waits for every callback queued before
 * it, from any thread; callers share grace periods (many callbacks, many
 * synchronize_rcu_tasks() callers: one grace period between them); and
 * callbacks still queued at exit() run.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tasks_hold.h"

struct counted_cb {
	struct rcu_head head;
	struct trampolines *watch;
	int *invoked;
	int left_at_invoke;
	unsigned long gp_ended_at_invoke;
};

static void counted_cb_func(struct rcu_head *head)
{
	struct counted_cb *c = (struct counted_cb *)head;

	c->left_at_invoke = c->watch ? flag_get(&c->watch->sync.reader_done) : 0;
	c->gp_ended_at_invoke = tasks_stats().gp_ended;
	__atomic_add_fetch(c->invoked, 1, __ATOMIC_SEQ_CST);
}

Test(tasks, waits_call_rcu_tasks_callbacks_for_the_spinners_of_their_time, .timeout = 60)
{
	static struct trampolines t;
	struct rcutable_tasks_stats s;
	static int invoked;
	static struct counted_cb c = { .watch = &t, .invoked = &invoked };

	trampolines_start(&t, 2);
	s = tasks_stats();
	call_rcu_tasks(&c.head, counted_cb_func);
	cr_assert(tasks_wait_gp_begun(&s), "no grace period began");
	tasks_assert_held(&s, 5, &invoked, "two threads spun without blocking "
			  "(a call_rcu_tasks() callback ran)");
	trampolines_release(&t);
	rcu_barrier_tasks();
	cr_assert_eq(flag_get(&invoked), 1, "rcu_barrier_tasks() returned before "
		     "the callback ran");
	cr_assert_eq(c.left_at_invoke, 2, "the callback ran before both spinners left");
	trampolines_finish(&t);
}

/* ---- rcu_barrier_tasks() ----------------------------------------------------- */

enum { QUEUERS = 4, PER_QUEUER = 250 };

struct queuer {
	struct counted_cb cb[PER_QUEUER];
	int *invoked;
};

static void *queue_callbacks(void *arg)
{
	struct queuer *q = arg;

	for (int i = 0; i < PER_QUEUER; i++) {
		q->cb[i] = (struct counted_cb){ .invoked = q->invoked };
		call_rcu_tasks(&q->cb[i].head, counted_cb_func);
	}
	return NULL;
}

struct barrier_caller {
	int *invoked;
	int returned, invoked_at_return;
};

static void *call_barrier(void *arg)
{
	struct barrier_caller *b = arg;

	rcu_barrier_tasks();
	flag_set(&b->invoked_at_return, flag_get(b->invoked));
	flag_set(&b->returned, 1);
	return NULL;
}

Test(tasks, waits_rcu_barrier_tasks_for_every_callback_queued_before_it, .timeout = 60)
{
	static struct queuer q[QUEUERS];
	static struct trampolines t;
	struct rcutable_tasks_stats s;
	static int invoked;
	static struct barrier_caller b = { .invoked = &invoked };
	pthread_t th[QUEUERS], bth;
	unsigned long e0, latest = 0;

	trampolines_start(&t, 1);
	s = tasks_stats();
	for (int i = 0; i < QUEUERS; i++) {
		q[i].invoked = &invoked;
		th[i] = spawn(queue_callbacks, &q[i]);
	}
	for (int i = 0; i < QUEUERS; i++)
		pthread_join(th[i], NULL);
	bth = spawn(call_barrier, &b);
	cr_assert(tasks_wait_gp_begun(&s), "no grace period began");
	e0 = s.gp_ended;
	tasks_assert_held(&s, 5, &invoked, "a thread spun (callbacks ran)");
	cr_assert_not(flag_get(&b.returned), "rcu_barrier_tasks() returned while a "
		      "thread spun");
	trampolines_release(&t);
	pthread_join(bth, NULL);
	cr_assert_eq(b.invoked_at_return, QUEUERS * PER_QUEUER,
		     "rcu_barrier_tasks() returned with %d of %d callbacks run",
		     b.invoked_at_return, QUEUERS * PER_QUEUER);
	/* They share grace periods: all ran after at most the running one and
	 * the next. */
	for (int i = 0; i < QUEUERS; i++)
		for (int j = 0; j < PER_QUEUER; j++)
			if (q[i].cb[j].gp_ended_at_invoke > latest)
				latest = q[i].cb[j].gp_ended_at_invoke;
	cr_assert_leq(latest - e0, 2, "%d callbacks queued together took %lu grace "
		      "periods", QUEUERS * PER_QUEUER, latest - e0);
	trampolines_finish(&t);
}

Test(tasks, concurrent_synchronize_callers_share_grace_periods, .timeout = 60)
{
	enum { CALLERS = 8 };
	static struct trampolines t;
	static struct tasks_updater first, u[CALLERS];
	struct rcutable_tasks_stats s;
	unsigned long e0;

	trampolines_start(&t, 1);
	s = tasks_stats();
	tasks_updater_start(&first, &t);
	cr_assert(tasks_wait_gp_begun(&s), "no grace period began");
	e0 = s.gp_ended;
	for (int i = 0; i < CALLERS; i++)
		tasks_updater_start(&u[i], &t);
	/* Blocked: each has queued its wait. */
	for (int i = 0; i < CALLERS; i++) {
		while (!__atomic_load_n(&u[i].tid, __ATOMIC_SEQ_CST))
			sleep_ms_in_reader(1);
		cr_assert(wait_thread_blocked(u[i].tid));
	}
	cr_assert_not(flag_get(&first.returned), "synchronize_rcu_tasks() returned "
		      "while a thread spun");
	trampolines_release(&t);
	tasks_updater_join(&first);
	for (int i = 0; i < CALLERS; i++)
		tasks_updater_join(&u[i]);
	cr_assert_leq(tasks_stats().gp_ended - e0, 2, "%d concurrent callers took "
		      "%lu grace periods after the one running", CALLERS,
		      tasks_stats().gp_ended - e0 - 1);
	trampolines_finish(&t);
}

/* ---- exit() --------------------------------------------------------------------- */

static void say_invoked(struct rcu_head *head)
{
	(void)head;
	fprintf(stderr, "the callback queued before exit ran\n");
}

static void queue_then_exit(void *arg)
{
	static struct rcu_head head;

	(void)arg;
	call_rcu_tasks(&head, say_invoked);
}

Test(tasks, callbacks_queued_before_exit_run, .timeout = 60)
{
	char err[1024];
	int status = run_child(queue_then_exit, NULL, err, sizeof(err));

	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "status 0x%x: %s",
		  status, err);
	cr_assert(strstr(err, "queued before exit ran"), "the callback was lost at "
		  "exit: %s", err);
}
