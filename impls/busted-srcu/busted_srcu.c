/* SPDX-License-Identifier: MIT */
/*
 * impls/busted-srcu/busted_srcu.c: the SRCU negative control.  Grace
 * periods wait for nothing, callbacks run at once, every cookie has
 * expired, cleanup checks nothing.  The SRCU conformance group must fail
 * on it.
 */
#include <rcutable/srcu.h>
#include "srcu/srcu_domain.h"

void synchronize_srcu(struct srcu_struct *ssp) { (void)ssp; }
void synchronize_srcu_expedited(struct srcu_struct *ssp) { (void)ssp; }
void srcu_barrier(struct srcu_struct *ssp) { (void)ssp; }

unsigned long get_state_synchronize_srcu(struct srcu_struct *ssp)
{
	(void)ssp;
	return 0;
}

bool poll_state_synchronize_srcu(struct srcu_struct *ssp, unsigned long cookie)
{
	(void)ssp; (void)cookie;
	return true;
}

unsigned long start_poll_synchronize_srcu(struct srcu_struct *ssp)
{
	return get_state_synchronize_srcu(ssp);
}

unsigned long start_poll_synchronize_srcu_expedited(struct srcu_struct *ssp)
{
	return get_state_synchronize_srcu(ssp);
}

void call_srcu(struct srcu_struct *ssp, struct rcu_head *head, rcu_callback_t func)
{
	(void)ssp;
	func(head);
}

void rcutable_srcu_attach(struct srcu_struct *ssp)
{
	rcutable_srcu_domain_attach(ssp);
}

void cleanup_srcu_struct(struct srcu_struct *ssp)
{
	rcutable_srcu_counters_free(ssp);
}

void cleanup_srcu_struct_quiesced(struct srcu_struct *ssp)
{
	rcutable_srcu_counters_free(ssp);
}

const struct rcutable_impl rcutable_srcu_impl_info = {
	.name = RCUTABLE_IMPL_NAME,
	.flavor = RCUTABLE_FLAVOR_SRCU,
	.summary = "negative control: SRCU grace periods wait for nothing",
	.readers_may_sleep = true,
	.is_control = true,
	.needs = "",
	/* The control claims everything, so that every test runs against it. */
	.native = RCUTABLE_API_ALL,
};
