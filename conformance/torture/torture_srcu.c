/* SPDX-License-Identifier: MIT */
/*
 * conformance/torture/torture_srcu.c: the SRCU flavor's operations for the
 * torture test (torture.h): three domains at once and RCU Tasks Trace (the
 * library's own domain, with its markers and waits), each with its own
 * published element; sections nest and may sleep.
 */
#include <stdlib.h>
#include <rcutable/rcupdate_trace.h>
#include "torture.h"

#define DOMAINS 4
#define TRACE	(DOMAINS - 1)	/* domain_srcu[TRACE] is unused */

static struct srcu_struct domain_srcu[DOMAINS];
static struct torture_elem __rcu *current[DOMAINS];

__attribute__((constructor)) static void domains_init(void)
{
	for (int d = 0; d < TRACE; d++)
		if (init_srcu_struct(&domain_srcu[d]))
			abort();
}

static void nothing(void) {}

/* The domain d stands for: Tasks Trace's for TRACE. */
static struct srcu_struct *ssp_of(int d)
{
	return d == TRACE ? &rcu_tasks_trace_srcu_struct : &domain_srcu[d];
}

static int read_lock(int d)
{
	if (d == TRACE) {
		rcu_read_lock_trace();
		return 0;
	}
	return srcu_read_lock(&domain_srcu[d]);
}

static void read_unlock(int d, int idx)
{
	if (d == TRACE)
		rcu_read_unlock_trace();
	else
		srcu_read_unlock(&domain_srcu[d], idx);
}

static struct torture_elem *deref(int d)
{
	return srcu_dereference(current[d], ssp_of(d));
}

static void publish(int d, struct torture_elem *e) { rcu_assign_pointer(current[d], e); }
static void wait_sync(int d)
{
	if (d == TRACE)
		synchronize_rcu_tasks_trace();
	else
		synchronize_srcu(&domain_srcu[d]);
}
static void wait_expedited(int d) { synchronize_srcu_expedited(ssp_of(d)); }
static unsigned long get_state(int d) { return get_state_synchronize_srcu(ssp_of(d)); }
static bool poll_state(int d, unsigned long cookie)
{
	return poll_state_synchronize_srcu(ssp_of(d), cookie);
}
static void call(int d, struct rcu_head *head, rcu_callback_t func)
{
	if (d == TRACE)
		call_rcu_tasks_trace(head, func);
	else
		call_srcu(&domain_srcu[d], head, func);
}
static void run_barrier(int d)
{
	if (d == TRACE)
		rcu_barrier_tasks_trace();
	else
		srcu_barrier(&domain_srcu[d]);
}

const struct torture_ops torture_ops = {
	.flavor = "srcu",
	.info = &rcutable_srcu_impl_info,
	.domains = DOMAINS,
	.nests = true,
	.may_sleep = true,
	.thread_start = nothing,
	.thread_stop = nothing,
	.read_lock = read_lock,
	.read_unlock = read_unlock,
	.deref = deref,
	.quiescent = nothing,
	.offline = nothing,
	.online = nothing,
	.waits = {
		{ "synchronize", wait_sync },
		{ "expedited", wait_expedited },
	},
	.nwaits = 2,
	.get_state = get_state,
	.poll_state = poll_state,
	.call = call,
	.wait_callbacks = run_barrier,
	.publish = publish,
};
