/* SPDX-License-Identifier: MIT */
/*
 * lib/api/expedite.c: rcu_expedite_gp(), rcu_unexpedite_gp() and
 * rcu_gp_is_expedited() (rcutable/rcupdate.h); compiled once per RCU
 * implementation.  While the nesting count is above zero, the
 * implementation's synchronize_rcu() runs an expedited grace period
 * (where it has one of its own; a peer's are the same either way).
 */
#include <rcutable/rcupdate.h>
#include "engine/diag.h"

static long expedite_nesting;

/* A hint, no ordering: a grace period that starts just after a change may
 * still be of the old kind, as in the kernel. */
void rcu_expedite_gp(void)
{
	__atomic_add_fetch(&expedite_nesting, 1, __ATOMIC_RELAXED);
}

void rcu_unexpedite_gp(void)
{
	long n = __atomic_load_n(&expedite_nesting, __ATOMIC_RELAXED);

	do {
		if (n <= 0)
			rcutable_die("rcu_unexpedite_gp() without an rcu_expedite_gp() "
				     "to end: calls pair, as a lock and an unlock do");
	} while (!__atomic_compare_exchange_n(&expedite_nesting, &n, n - 1, true,
					      __ATOMIC_RELAXED, __ATOMIC_RELAXED));
}

bool rcu_gp_is_expedited(void)
{
	return __atomic_load_n(&expedite_nesting, __ATOMIC_RELAXED) > 0;
}
