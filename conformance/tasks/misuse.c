/* SPDX-License-Identifier: MIT */
/*
 * conformance/tasks/misuse.c: RCU Tasks refuses, with a message, what it
 * cannot do: run without procfs (the first call names what is missing),
 * wait for its own grace period or callbacks from one of its callbacks,
 * or queue a callback that is no function.  A checking build refuses a head queued twice.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "tasks_hold.h"

/* Hide /proc from this process: a private mount namespace (a user
 * namespace too, where that is what it takes) with an empty tmpfs over
 * /proc; failing that, refuse every openat(). */
static void hide_proc(void)
{
	if ((unshare(CLONE_NEWNS) == 0 || unshare(CLONE_NEWUSER | CLONE_NEWNS) == 0) &&
	    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) == 0 &&
	    mount("none", "/proc", "tmpfs", 0, NULL) == 0)
		return;
	deny_syscall(SYS_openat);
}

static void synchronize_without_proc(void *arg)
{
	(void)arg;
	hide_proc();
	synchronize_rcu_tasks();
}

Test(tasks, without_procfs_the_first_call_says_what_is_missing, .timeout = 30)
{
	expect_abort(synchronize_without_proc, NULL, "procfs must be mounted at /proc");
}

static void synchronize_in_callback(struct rcu_head *head)
{
	(void)head;
	synchronize_rcu_tasks();
}

static void barrier_in_callback(struct rcu_head *head)
{
	(void)head;
	rcu_barrier_tasks();
}

static void wait_from_a_callback(void *arg)
{
	static struct rcu_head head;

	call_rcu_tasks(&head, (rcu_callback_t)arg);
	rcu_barrier_tasks();
}

Test(tasks, synchronize_rcu_tasks_from_a_callback_aborts, .timeout = 30)
{
	expect_abort(wait_from_a_callback, (void *)synchronize_in_callback,
		     "synchronize_rcu_tasks() called from a call_rcu_tasks() callback");
}

Test(tasks, rcu_barrier_tasks_from_a_callback_aborts, .timeout = 30)
{
	expect_abort(wait_from_a_callback, (void *)barrier_in_callback,
		     "rcu_barrier_tasks() called from a call_rcu_tasks() callback");
}

static void call_without_function(void *arg)
{
	static struct rcu_head head;

	(void)arg;
	call_rcu_tasks(&head, NULL);
}

/* NULL would pass for an offset to free the head at. */
Test(tasks, call_rcu_tasks_with_a_null_function_aborts, .timeout = 30)
{
	expect_abort(call_without_function, NULL, "call_rcu_tasks() on rcu_head");
}

static void noop_cb(struct rcu_head *head)
{
	(void)head;
}

static void queue_twice(void *arg)
{
	static struct trampolines t;
	static struct rcu_head head;

	(void)arg;
	trampolines_start(&t, 1);	/* keeps the first pending */
	call_rcu_tasks(&head, noop_cb);
	call_rcu_tasks(&head, noop_cb);
}

Test(tasks, call_rcu_tasks_on_a_pending_head_aborts, .timeout = 30)
{
#ifndef RCUTABLE_DEBUG
	cr_skip_test("pending-head tracking is in checking builds (make DEBUG=1)");
#endif
	expect_abort(queue_twice, NULL, "call_rcu_tasks() on rcu_head");
}
