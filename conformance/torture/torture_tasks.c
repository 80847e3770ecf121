/* SPDX-License-Identifier: MIT */
/*
 * conformance/torture/torture_tasks.c: the RCU Tasks flavor's operations
 * for the torture test (torture.h).  There are no markers: a reader's
 * "section" is the stretch from loading the published element to its last
 * look at it, in which it makes no system call, as code running in a
 * trampoline would; between stretches it blocks now and then.
 */
#include <rcutable/rcupdate_tasks.h>
#include "torture.h"

static struct torture_elem *current;

static void nothing(void) {}
static int read_lock(int d) { (void)d; return 0; }
static void read_unlock(int d, int token) { (void)d; (void)token; }

static struct torture_elem *deref(int d)
{
	(void)d;
	/* Acquire: pairs with the release in publish(). */
	return __atomic_load_n(&current, __ATOMIC_ACQUIRE);
}

static void publish(int d, struct torture_elem *e)
{
	(void)d;
	/* Release: the element's initialization before its publication. */
	__atomic_store_n(&current, e, __ATOMIC_RELEASE);
}

static void wait_sync(int d) { (void)d; synchronize_rcu_tasks(); }
static void call(int d, struct rcu_head *head, rcu_callback_t func)
{
	(void)d;
	call_rcu_tasks(head, func);
}
static void run_barrier(int d) { (void)d; rcu_barrier_tasks(); }

const struct torture_ops torture_ops = {
	.flavor = "tasks",
	.info = &rcutable_tasks_impl_info,
	.domains = 1,
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
