/* SPDX-License-Identifier: MIT */
/*
 * impls/qsbr/qsbr.c: the quiescent-state-based flavor of the counter-based
 * RCU: read side in qsbr_reader.h, grace periods in counter_gp.c.  Threads
 * fence their own counter stores when they report, go offline or come
 * online, so the updater fences only itself (self_fence.c).  Needs nothing
 * from the kernel.
 */
#include "counter/counter_flavor.h"

RCUTABLE_COUNTER_FLAVOR_INFO("quiescent-state-based: free read-side markers; "
			     "registered threads report quiescent states and "
			     "go offline to block",
			     "",
			     0);
