/* SPDX-License-Identifier: MIT */
/*
 * conformance/torture/torture_tasks.c: the RCU Tasks flavors' operations
 * for the torture test (torture.h): RCU Tasks (domain 0) and RCU Tasks
 * Rude (domain 1), each with its own published element.  RCU Tasks has no
 * markers: a reader's "section" is the stretch from loading the published
 * element to its last look at it, in which it makes no system call, as
 * code running in a trampoline would; between stretches it blocks now and
 * then.  A Rude reader's section runs with the flavor's signal blocked.
 */
#include <pthread.h>
#include <signal.h>
#include <rcutable/rcupdate_tasks.h>
#include "torture.h"

enum { TASKS, RUDE, DOMAINS };

static struct torture_elem *current[DOMAINS];

static void nothing(void) {}

static void rude_mask(int how)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, rcutable_tasks_rude_signal());
	pthread_sigmask(how, &set, NULL);
}

static int read_lock(int d)
{
	if (d == RUDE)
		rude_mask(SIG_BLOCK);
	return 0;
}

static void read_unlock(int d, int token)
{
	(void)token;
	if (d == RUDE)
		rude_mask(SIG_UNBLOCK);
}

static struct torture_elem *deref(int d)
{
	/* Acquire: pairs with the release in publish(). */
	return __atomic_load_n(&current[d], __ATOMIC_ACQUIRE);
}

static void publish(int d, struct torture_elem *e)
{
	/* Release: the element's initialization before its publication. */
	__atomic_store_n(&current[d], e, __ATOMIC_RELEASE);
}

static void wait_sync(int d)
{
	if (d == RUDE)
		synchronize_rcu_tasks_rude();
	else
		synchronize_rcu_tasks();
}

static void call(int d, struct rcu_head *head, rcu_callback_t func)
{
	if (d == RUDE)
		call_rcu_tasks_rude(head, func);
	else
		call_rcu_tasks(head, func);
}

static void run_barrier(int d)
{
	if (d == RUDE)
		rcu_barrier_tasks_rude();
	else
		rcu_barrier_tasks();
}

const struct torture_ops torture_ops = {
	.flavor = "tasks",
	.info = &rcutable_tasks_impl_info,
	.domains = DOMAINS,
	.nests = false,
	.may_sleep = false,
	.no_syscalls = true,
	.thread_start = nothing,
	.thread_stop = nothing,
	.read_lock = read_lock,
	.read_unlock = read_unlock,
	.deref = deref,
	.quiescent = nothing,
	.offline = nothing,
	.online = nothing,
	.waits = { { "synchronize", wait_sync } },
	.nwaits = 1,
	.call = call,
	.wait_callbacks = run_barrier,
	.publish = publish,
};
