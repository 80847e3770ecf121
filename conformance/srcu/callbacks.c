/* SPDX-License-Identifier: MIT */
/*
 * conformance/srcu/callbacks.c: the SRCU column's callback, barrier and
 * polled rows.  call_srcu() runs its callback only after the readers that
 * were inside have left; srcu_barrier() returns only after every earlier
 * callback ran; nothing queued is lost, not even at exit; a cookie from
 * get_state_synchronize_srcu() expires only with a full grace period, and
 * one from start_poll_synchronize_srcu() (since 2019) expires with no
 * waiter, once the readers that were inside have left.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "srcu_hold.h"
#include "testing.h"

DEFINE_STATIC_SRCU(cb_srcu);

Test(srcu, waits_call_srcu_for_a_sleeping_reader, .timeout = 30)
{
	struct srcu_hold h = { .ssp = &cb_srcu, .action = srcu_action_call_srcu_wait };

	cr_assert(srcu_hold_run(&h), "a call_srcu() callback ran while a reader "
		  "slept inside its section");
}

/* srcu_barrier() waits for a callback that itself waits for a reader. */
static bool action_call_then_barrier(struct srcu_hold *h)
{
	static struct hold_cb c;

	c.s = &h->sync;
	call_srcu(h->action_ssp, &c.head, hold_cb_func);
	srcu_barrier(h->action_ssp);
	cr_assert(flag_get(&h->sync.cb_ran), "srcu_barrier() returned before the "
		  "callback queued before it ran");
	return flag_get(&h->sync.cb_seen);
}

Test(srcu, waits_srcu_barrier_for_a_callback_behind_a_reader, .timeout = 30)
{
	struct srcu_hold h = { .ssp = &cb_srcu, .action = action_call_then_barrier };

	cr_assert(srcu_hold_run(&h), "the callback srcu_barrier() waited for ran "
		  "while a reader was inside");
}

/* Many threads queue at once: every callback runs once, each thread's in
 * the order it queued them. */
enum { QUEUERS = 4, PER_QUEUER = 5000 };

struct counted {
	struct rcu_head head;
	int thread, seq;
};

static int ran_total;
static int last_seq[QUEUERS];
static int out_of_order;

static void counted_cb(struct rcu_head *head)
{
	struct counted *c = (struct counted *)head;

	if (c->seq != last_seq[c->thread] + 1)
		out_of_order = 1;
	last_seq[c->thread] = c->seq;
	__atomic_add_fetch(&ran_total, 1, __ATOMIC_RELAXED);
	free(c);
}

static void *queuer(void *arg)
{
	int t = (int)(long)arg, i;

	for (i = 1; i <= PER_QUEUER; i++) {
		struct counted *c = malloc(sizeof(*c));

		c->thread = t;
		c->seq = i;
		call_srcu(&cb_srcu, &c->head, counted_cb);
	}
	return NULL;
}

/* srcu_barrier() waits for the callbacks of every thread, each thread's in
 * order (harness.h). */
static void call_cb_srcu(struct rcu_head *head, rcu_callback_t func)
{
	call_srcu(&cb_srcu, head, func);
}

static void barrier_cb_srcu(void)
{
	srcu_barrier(&cb_srcu);
}

Test(srcu, srcu_barrier_covers_the_callbacks_of_every_thread, .timeout = 60)
{
	barrier_covers_threads(call_cb_srcu, barrier_cb_srcu, "srcu_barrier");
}

Test(srcu, every_callback_runs_once_in_queue_order, .timeout = 60)
{
	pthread_t t[QUEUERS];
	long i;

	for (i = 0; i < QUEUERS; i++)
		t[i] = spawn(queuer, (void *)i);
	for (i = 0; i < QUEUERS; i++)
		pthread_join(t[i], NULL);
	srcu_barrier(&cb_srcu);
	cr_assert_eq(flag_get(&ran_total), QUEUERS * PER_QUEUER,
		     "%d of %d callbacks ran before srcu_barrier() returned",
		     flag_get(&ran_total), QUEUERS * PER_QUEUER);
	cr_assert(!out_of_order, "a thread's callbacks ran out of order");
}

/* Above the backlog bound, a caller inside a section of the domain queues
 * on: the grace period the worker waits for waits for this caller, so a
 * caller that waited for it would wait for ever. */
static int flood_ran;

static void flood_cb(struct rcu_head *head)
{
	(void)head;
	__atomic_add_fetch(&flood_ran, 1, __ATOMIC_RELAXED);
}

Test(srcu, call_srcu_above_the_backlog_bound_inside_a_section_returns, .timeout = 60)
{
	static struct rcu_head heads[5000];
	int idx;

	rcutable_callback_backlog_set(100);
	idx = srcu_read_lock(&cb_srcu);
	for (size_t i = 0; i < sizeof(heads) / sizeof(heads[0]); i++)
		call_srcu(&cb_srcu, &heads[i], flood_cb);
	srcu_read_unlock(&cb_srcu, idx);
	srcu_barrier(&cb_srcu);
	cr_assert_eq(flag_get(&flood_ran), 5000, "%d of 5000 callbacks ran before "
		     "srcu_barrier() returned", flag_get(&flood_ran));
}

/* The polled pair: a cookie has not expired while no grace period has
 * run, and has after one. */
static bool action_poll(struct srcu_hold *h)
{
	unsigned long cookie = get_state_synchronize_srcu(h->action_ssp);

	cr_assert(!poll_state_synchronize_srcu(h->action_ssp, cookie) ||
		  flag_get(&h->sync.reader_done),
		  "the cookie expired at once, with no grace period run");
	synchronize_srcu(h->action_ssp);
	cr_assert(poll_state_synchronize_srcu(h->action_ssp, cookie),
		  "the cookie had not expired after synchronize_srcu()");
	return flag_get(&h->sync.reader_done);
}

Test(srcu, waits_polled_state_for_a_full_grace_period, .timeout = 30)
{
	struct srcu_hold h = { .ssp = &cb_srcu, .action = action_poll };

	cr_assert(srcu_hold_run(&h), "poll_state_synchronize_srcu() saw the "
		  "cookie expire while a reader was inside");
}

/* start_poll_synchronize_srcu(): the cookie has not expired while the
 * reader is inside, and expires without anyone waiting for a grace
 * period. */
static bool poll_started(struct srcu_hold *h, unsigned long (*start)(struct srcu_struct *))
{
	unsigned long cookie = start(h->action_ssp);
	uint64_t deadline = now_ns(CLOCK_MONOTONIC) + 10000000000ull;

	cr_assert(!poll_state_synchronize_srcu(h->action_ssp, cookie) ||
		  flag_get(&h->sync.reader_done),
		  "the cookie expired at once, with a reader inside");
	while (!poll_state_synchronize_srcu(h->action_ssp, cookie)) {
		cr_assert(now_ns(CLOCK_MONOTONIC) < deadline,
			  "no grace period completed the cookie within 10 s "
			  "of its start, with no waiter");
		usleep(1000);
	}
	return flag_get(&h->sync.reader_done);
}

static bool action_start_poll(struct srcu_hold *h)
{
	return poll_started(h, start_poll_synchronize_srcu);
}

static bool action_start_poll_expedited(struct srcu_hold *h)
{
	return poll_started(h, start_poll_synchronize_srcu_expedited);
}

Test(srcu, waits_start_poll_synchronize_srcu, .timeout = 30)
{
	struct srcu_hold h = { .ssp = &cb_srcu, .action = action_start_poll };

	srcu_skip_unless(RCUTABLE_API_POLLED_FULL, "start_poll_synchronize_srcu()");
	cr_assert(srcu_hold_run(&h), "a start_poll_synchronize_srcu() cookie "
		  "expired while a reader was inside");
}

Test(srcu, waits_start_poll_synchronize_srcu_expedited, .timeout = 30)
{
	struct srcu_hold h = { .ssp = &cb_srcu, .action = action_start_poll_expedited };

	srcu_skip_unless(RCUTABLE_API_POLLED_FULL, "start_poll_synchronize_srcu_expedited()");
	cr_assert(srcu_hold_run(&h), "a start_poll_synchronize_srcu_expedited() "
		  "cookie expired while a reader was inside");
}

/* Many threads starting at once: every cookie expires (none is left with
 * no grace period on its way, whoever queued the domain's head). */
DEFINE_STATIC_SRCU(start_srcu);

static void *starter(void *arg)
{
	(void)arg;
	for (int i = 0; i < 300; i++) {
		unsigned long cookie = start_poll_synchronize_srcu(&start_srcu);
		uint64_t deadline = now_ns(CLOCK_MONOTONIC) + 10000000000ull;

		while (!poll_state_synchronize_srcu(&start_srcu, cookie)) {
			if (now_ns(CLOCK_MONOTONIC) > deadline)
				return (void *)1;
			sched_yield();
		}
	}
	return NULL;
}

Test(srcu, start_poll_synchronize_srcu_from_many_threads_completes_every_cookie,
     .timeout = 120)
{
	pthread_t t[4];
	void *stuck;

	srcu_skip_unless(RCUTABLE_API_POLLED_FULL, "start_poll_synchronize_srcu()");
	for (int i = 0; i < 4; i++)
		t[i] = spawn(starter, NULL);
	for (int i = 0; i < 4; i++) {
		pthread_join(t[i], &stuck);
		cr_assert_null(stuck, "a start_poll_synchronize_srcu() cookie had not "
			       "expired 10 s after its start");
	}
}

/* cleanup_srcu_struct() waits for a grace period a start left on its way,
 * and the domain's head is no callback of the user's to refuse. */
Test(srcu, cleanup_srcu_struct_after_start_poll_synchronize_srcu, .timeout = 30)
{
	static struct srcu_struct ssp;

	srcu_skip_unless(RCUTABLE_API_POLLED_FULL, "start_poll_synchronize_srcu()");
	cr_assert_eq(init_srcu_struct(&ssp), 0);
	(void)start_poll_synchronize_srcu(&ssp);
	(void)start_poll_synchronize_srcu_expedited(&ssp);
	cleanup_srcu_struct(&ssp);
	cr_assert_eq(init_srcu_struct(&ssp), 0);
	(void)start_poll_synchronize_srcu(&ssp);
	cleanup_srcu_struct(&ssp);
}

/* A domain defined with DEFINE_STATIC_SRCU() works with no init call:
 * read, wait, call back, barrier. */
DEFINE_STATIC_SRCU(untouched_srcu);
static int static_cb_ran;

static void static_cb(struct rcu_head *head)
{
	(void)head;
	flag_set(&static_cb_ran, 1);
}

Test(srcu, define_static_srcu_needs_no_init, .timeout = 30)
{
	static struct rcu_head head;
	int idx = srcu_read_lock(&untouched_srcu);

	cr_assert(idx == 0 || idx == 1);
	srcu_read_unlock(&untouched_srcu, idx);
	synchronize_srcu(&untouched_srcu);
	synchronize_srcu_expedited(&untouched_srcu);
	call_srcu(&untouched_srcu, &head, static_cb);
	srcu_barrier(&untouched_srcu);
	cr_assert(flag_get(&static_cb_ran));
}

/* Callbacks queued before exit() are invoked at exit. */
static void exit_cb(struct rcu_head *head)
{
	(void)head;
	fputs("exit callback ran\n", stderr);
}

DEFINE_STATIC_SRCU(exit_srcu);

static void queue_then_exit(void *arg)
{
	static struct rcu_head head;

	(void)arg;
	call_srcu(&exit_srcu, &head, exit_cb);
	exit(0);
}

Test(srcu, callbacks_queued_before_exit_are_invoked, .timeout = 30)
{
	char err[4096];
	int status = run_child(queue_then_exit, NULL, err, sizeof(err));

	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "status 0x%x: %s",
		  status, err);
	cr_assert(strstr(err, "exit callback ran"), "the callback was lost at exit: %s", err);
}
