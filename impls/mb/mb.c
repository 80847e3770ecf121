/* SPDX-License-Identifier: MIT */
/*
 * impls/mb/mb.c: the full-fence flavor of the counter-based RCU.
 *
 * Every reader fences its own counter accesses (rcutable/read/mb.h), so
 * the updater fences only itself (self_fence.c).  Needs nothing from the
 * kernel.
 */
#include "counter/counter_flavor.h"

RCUTABLE_COUNTER_FLAVOR_INFO("per-thread counters with full-fence readers; "
			     "needs nothing from the kernel",
			     "",
			     0);
