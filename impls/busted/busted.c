/* SPDX-License-Identifier: MIT */
/*
 * impls/busted/busted.c: the negative control.  Grace periods wait for
 * nothing, callbacks and kfree_rcu() run at once, every cookie has already
 * expired.  The conformance suite and torture must fail on it.
 */
#include <stdlib.h>

#include <rcutable/rcupdate.h>

__thread unsigned long rcutable_busted_nesting;

void rcutable_rcu_read_lock(void) { rcu_read_lock(); }
void rcutable_rcu_read_unlock(void) { rcu_read_unlock(); }
void rcu_register_thread(void) {}
void rcu_unregister_thread(void) {}
void synchronize_rcu(void) {}
void synchronize_rcu_expedited(void) {}
void rcu_barrier(void) {}
void rcu_cpu_stall_reset(void) {}
unsigned long get_state_synchronize_rcu(void) { return 0; }
bool poll_state_synchronize_rcu(unsigned long oldstate) { (void)oldstate; return true; }
void cond_synchronize_rcu(unsigned long oldstate) { (void)oldstate; }

void call_rcu(struct rcu_head *head, rcu_callback_t func)
{
	func(head);
}

void rcutable_kfree_rcu(struct rcu_head *head, size_t offset)
{
	free((char *)head - offset);
}

const struct rcutable_impl rcutable_impl_info = {
	.name = "busted",
	.flavor = RCUTABLE_FLAVOR_RCU,
	.summary = "negative control: grace periods wait for nothing",
	.is_control = true,
	.needs = "",
	/* The control claims everything, so that every test runs against it
	 * (QSBR's rules included). */
	.readers_report_qs = true,
	.native = RCUTABLE_API_ALL,
};
