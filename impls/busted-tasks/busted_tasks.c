/* SPDX-License-Identifier: MIT */
/*
 * impls/busted-tasks/busted_tasks.c: the RCU Tasks negative control.
 * Grace periods wait for nobody and callbacks run at once; the statistics
 * count a grace period per call.  The tasks conformance group must fail
 * on it.
 */
#include <signal.h>
#include <rcutable/rcupdate_tasks.h>

static struct rcutable_tasks_stats busted_stats;

static void busted_gp(void)
{
	__atomic_fetch_add(&busted_stats.gp_begun, 1, __ATOMIC_SEQ_CST);
	__atomic_fetch_add(&busted_stats.gp_ended, 1, __ATOMIC_SEQ_CST);
}

void synchronize_rcu_tasks(void)
{
	busted_gp();
}

void call_rcu_tasks(struct rcu_head *head, rcu_callback_t func)
{
	busted_gp();
	func(head);
}

void rcu_barrier_tasks(void)
{
}

/* RCU Tasks Rude: the same. */
void synchronize_rcu_tasks_rude(void)
{
	busted_gp();
}

void call_rcu_tasks_rude(struct rcu_head *head, rcu_callback_t func)
{
	busted_gp();
	func(head);
}

void rcu_barrier_tasks_rude(void)
{
}

int rcutable_tasks_rude_signal(void)
{
	return SIGRTMIN + 4;
}

void rcutable_tasks_rude_get_stats(struct rcutable_tasks_stats *s)
{
	rcutable_tasks_get_stats(s);
}

void rcutable_tasks_get_stats(struct rcutable_tasks_stats *s)
{
	*s = (struct rcutable_tasks_stats){
		.gp_begun = __atomic_load_n(&busted_stats.gp_begun, __ATOMIC_SEQ_CST),
		.gp_ended = __atomic_load_n(&busted_stats.gp_ended, __ATOMIC_SEQ_CST),
	};
}

static unsigned long busted_gp_completed(void)
{
	return __atomic_load_n(&busted_stats.gp_ended, __ATOMIC_SEQ_CST);
}

const struct rcutable_impl rcutable_tasks_impl_info = {
	.name = RCUTABLE_IMPL_NAME,
	.flavor = RCUTABLE_FLAVOR_TASKS,
	.summary = "negative control: RCU Tasks grace periods wait for nobody",
	.is_control = true,
	.needs = "",
	/* The control claims everything, so that every test runs against it. */
	.native = RCUTABLE_API_ALL,
	.gp_completed = busted_gp_completed,
};
