/* SPDX-License-Identifier: MIT */
/*
 * lib/control/busted.c: the negative controls busted and busted-defer,
 * compiled once per control.
 * Grace periods wait for nothing and every cookie has already expired.
 *
 *   busted          callbacks and kfree_rcu() run at once, in the caller.
 *   busted-defer    (-DRCUTABLE_BUSTED_DEFER) callbacks and kfree_rcu() go
 *                   through rcutable's callback engine (cbq.c), whose worker
 *                   invokes them on its own thread without waiting for
 *                   readers; rcu_barrier() waits for that worker.  A
 *                   callback never runs in its caller (a program whose
 *                   callback takes a lock its caller of call_rcu() holds
 *                   does not deadlock, as it would on busted), so a test
 *                   catches this control by its results: a callback that
 *                   ran while a reader that predates it was still inside.
 *
 * The conformance suite and torture must fail on both.
 */
#include <stdlib.h>

#include <rcutable/rcupdate.h>
#ifdef RCUTABLE_BUSTED_DEFER
#include "engine/cbq.h"
#endif

__thread unsigned long rcutable_busted_nesting;

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

#ifdef RCUTABLE_BUSTED_DEFER
static void no_grace_period(void *arg)
{
	(void)arg;
}

static struct rcutable_cbq defer_cbq =
	RCUTABLE_CBQ_INIT(defer_cbq, no_grace_period, NULL, "call_rcu");

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

#define BUSTED_SUMMARY	"negative control: grace periods wait for nothing, callbacks " \
			"run on a worker thread without waiting"
#else
void call_rcu(struct rcu_head *head, rcu_callback_t func)
{
	func(head);
}

void rcutable_kfree_rcu(struct rcu_head *head, size_t offset)
{
	free((char *)head - offset);
}

void rcu_barrier(void) {}

#define BUSTED_SUMMARY	"negative control: grace periods wait for nothing"
#endif

/* No gathering to end: as call_rcu(). */
void call_rcu_hurry(struct rcu_head *head, rcu_callback_t func)
{
	call_rcu(head, func);
}

const struct rcutable_impl rcutable_impl_info = {
	.name = RCUTABLE_IMPL_NAME,
	.flavor = RCUTABLE_FLAVOR_RCU,
	.summary = BUSTED_SUMMARY,
	.is_control = true,
	.needs = "",
	/* The control claims everything, so that every test runs against it
	 * (QSBR's rules included). */
	.readers_report_qs = true,
	.native = RCUTABLE_API_ALL,
};
