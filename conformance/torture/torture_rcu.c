/* SPDX-License-Identifier: MIT */
/*
 * conformance/torture/torture_rcu.c: the RCU flavor's operations for the
 * torture test (torture.h), on whichever RCU implementation or peer is
 * linked.  Readers rotate among the consolidated flavor's markers
 * (rcu_read_lock(), _bh, _sched) and nest them; threads register and
 * follow QSBR's rules, which cost nothing elsewhere.
 */
#include <rcutable/rcupdate.h>
#include "torture.h"

static struct torture_elem __rcu *current;

static void thread_start(void) { rcu_register_thread(); }
static void thread_stop(void) { rcu_unregister_thread(); }

static __thread unsigned marker;

static int read_lock(int domain)
{
	int kind = (int)(marker++ % 3);

	(void)domain;
	switch (kind) {
	case 0: rcu_read_lock(); break;
	case 1: rcu_read_lock_bh(); break;
	default: rcu_read_lock_sched(); break;
	}
	return kind;
}

static void read_unlock(int domain, int kind)
{
	(void)domain;
	switch (kind) {
	case 0: rcu_read_unlock(); break;
	case 1: rcu_read_unlock_bh(); break;
	default: rcu_read_unlock_sched(); break;
	}
}

static struct torture_elem *deref(int domain)
{
	(void)domain;
	return rcu_dereference(current);
}

static void publish(int domain, struct torture_elem *e)
{
	(void)domain;
	rcu_assign_pointer(current, e);
}

static void wait_sync(int domain) { (void)domain; synchronize_rcu(); }
static void wait_expedited(int domain) { (void)domain; synchronize_rcu_expedited(); }
/* Call and wait: a callback queued and waited for (wait_gp.c). */
static void wait_call(int domain) { (void)domain; synchronize_rcu_mult(call_rcu); }

static unsigned long get_state(int domain) { (void)domain; return get_state_synchronize_rcu(); }
static bool poll_state(int domain, unsigned long cookie)
{
	(void)domain;
	return poll_state_synchronize_rcu(cookie);
}

static void call(int domain, struct rcu_head *head, rcu_callback_t func)
{
	(void)domain;
	call_rcu(head, func);
}

static void run_barrier(int domain) { (void)domain; rcu_barrier(); }
static void quiescent(void) { rcu_quiescent_state(); }
static void offline(void) { rcu_thread_offline(); }
static void online(void) { rcu_thread_online(); }

const struct torture_ops torture_ops = {
	.flavor = "rcu",
	.info = &rcutable_impl_info,
	.domains = 1,
	.nests = true,
	.may_sleep = false,
	.thread_start = thread_start,
	.thread_stop = thread_stop,
	.read_lock = read_lock,
	.read_unlock = read_unlock,
	.deref = deref,
	.quiescent = quiescent,
	.offline = offline,
	.online = online,
	.waits = {
		{ "synchronize", wait_sync },
		{ "expedited", wait_expedited },
		{ "call+wait", wait_call },
	},
	.nwaits = 3,
	.get_state = get_state,
	.poll_state = poll_state,
	.call = call,
	.wait_callbacks = run_barrier,
	.publish = publish,
};
