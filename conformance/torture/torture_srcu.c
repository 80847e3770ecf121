/* SPDX-License-Identifier: MIT */
/*
 * conformance/torture/torture_srcu.c: the SRCU flavor's operations for the
 * torture test (torture.h): three domains at once, each with its own
 * published element; sections nest and may sleep.
 */
#include <stdlib.h>
#include <rcutable/srcu.h>
#include "torture.h"

#define DOMAINS 3

static struct srcu_struct domain_srcu[DOMAINS];
static struct torture_elem __rcu *current[DOMAINS];

__attribute__((constructor)) static void domains_init(void)
{
	for (int d = 0; d < DOMAINS; d++)
		if (init_srcu_struct(&domain_srcu[d]))
			abort();
}

static void nothing(void) {}

static int read_lock(int d) { return srcu_read_lock(&domain_srcu[d]); }
static void read_unlock(int d, int idx) { srcu_read_unlock(&domain_srcu[d], idx); }

static struct torture_elem *deref(int d)
{
	return srcu_dereference(current[d], &domain_srcu[d]);
}

static void publish(int d, struct torture_elem *e) { rcu_assign_pointer(current[d], e); }
static void wait_sync(int d) { synchronize_srcu(&domain_srcu[d]); }
static void wait_expedited(int d) { synchronize_srcu_expedited(&domain_srcu[d]); }
static unsigned long get_state(int d) { return get_state_synchronize_srcu(&domain_srcu[d]); }
static bool poll_state(int d, unsigned long cookie)
{
	return poll_state_synchronize_srcu(&domain_srcu[d], cookie);
}
static void call(int d, struct rcu_head *head, rcu_callback_t func)
{
	call_srcu(&domain_srcu[d], head, func);
}
static void run_barrier(int d) { srcu_barrier(&domain_srcu[d]); }

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
