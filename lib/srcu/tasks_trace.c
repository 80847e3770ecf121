/* SPDX-License-Identifier: MIT */
/*
 * lib/srcu/tasks_trace.c: RCU Tasks Trace (rcutable/rcupdate_trace.h), one
 * SRCU domain of the library's, compiled with every SRCU implementation
 * (its read side and update side).
 */
#include <rcutable/rcupdate_trace.h>
#include "engine/diag.h"

DEFINE_SRCU(rcu_tasks_trace_srcu_struct);

__thread unsigned long rcutable_trace_nesting;

void rcutable_trace_misuse(const char *what)
{
	rcutable_die("%s", what);
}

static void refuse_inside(const char *who)
{
	if (rcutable_trace_nesting)
		rcutable_die("%s() inside rcu_read_lock_trace(): it would wait for "
			     "itself (call it after rcu_read_unlock_trace())", who);
}

void synchronize_rcu_tasks_trace(void)
{
	refuse_inside("synchronize_rcu_tasks_trace");
	synchronize_srcu(&rcu_tasks_trace_srcu_struct);
}

void call_rcu_tasks_trace(struct rcu_head *head, rcu_callback_t func)
{
	call_srcu(&rcu_tasks_trace_srcu_struct, head, func);
}

void rcu_barrier_tasks_trace(void)
{
	refuse_inside("rcu_barrier_tasks_trace");
	srcu_barrier(&rcu_tasks_trace_srcu_struct);
}
