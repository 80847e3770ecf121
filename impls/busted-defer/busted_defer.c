/* SPDX-License-Identifier: MIT */
/*
 * impls/busted-defer/busted_defer.c: the deferring negative control.
 * Grace periods wait for nothing, but callbacks and kfree_rcu() go through
 * rcutable's callback engine (cbq.c), whose worker invokes them on its own
 * thread without waiting for readers, and rcu_barrier() waits for that
 * worker.  So a callback never runs in its caller (a program whose
 * callback takes a lock that the caller of call_rcu() holds does not
 * deadlock here, as it would on busted), and a test catches this control
 * by its results: a callback that ran while a reader that predates it was
 * still inside its section.
 */
#include <rcutable/rcupdate.h>
#include "cbq.h"

__thread unsigned long rcutable_busted_nesting;

static void no_grace_period(void *arg)
{
	(void)arg;
}

static struct rcutable_cbq defer_cbq =
	RCUTABLE_CBQ_INIT(defer_cbq, no_grace_period, NULL, "call_rcu");

void rcutable_rcu_read_lock(void) { rcu_read_lock(); }
void rcutable_rcu_read_unlock(void) { rcu_read_unlock(); }
void rcu_register_thread(void) {}
void rcu_unregister_thread(void) {}
void synchronize_rcu(void) {}
void synchronize_rcu_expedited(void) {}
void rcu_cpu_stall_reset(void) {}
unsigned long get_state_synchronize_rcu(void) { return 0; }
bool poll_state_synchronize_rcu(unsigned long oldstate) { (void)oldstate; return true; }
void cond_synchronize_rcu(unsigned long oldstate) { (void)oldstate; }

void call_rcu(struct rcu_head *head, rcu_callback_t func)
{
	rcutable_cbq_check_call("call_rcu", head, func);
	rcutable_cbq_enqueue(&defer_cbq, head, func);
}

void rcutable_kfree_rcu(struct rcu_head *head, size_t offset)
{
	rcutable_cbq_enqueue(&defer_cbq, head, (rcu_callback_t)(uintptr_t)offset);
}

void rcu_barrier(void)
{
	rcutable_cbq_barrier(&defer_cbq, "rcu_barrier");
}

const struct rcutable_impl rcutable_impl_info = {
	.name = "busted-defer",
	.flavor = RCUTABLE_FLAVOR_RCU,
	.summary = "negative control: grace periods wait for nothing, callbacks "
		   "run on a worker thread without waiting",
	.is_control = true,
	.needs = "",
	/* As busted: the control claims everything, so that every test runs. */
	.readers_report_qs = true,
	.native = RCUTABLE_API_ALL,
};
