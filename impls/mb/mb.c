/* SPDX-License-Identifier: MIT */
/*
 * impls/mb/mb.c: the full-fence flavor of the counter-based RCU.
 *
 * Every reader fences its own counter accesses (rcu_impl.h), so the
 * updater's "full fence on every reader" is the fence each reader already
 * executed: the updater fences only itself.  Needs nothing from the kernel.
 */
#include <rcutable/compiler.h>
#include <rcutable/impl.h>
#include "counter_flavor.h"

void rcutable_flavor_init(void) {}

/* Pairs with RCUTABLE_READER_FENCE() in each reader: with both sides
 * fenced, a reader either sees the updater's earlier stores or the updater
 * sees the reader's counter. */
void rcutable_flavor_mb_all(void)
{
	rcutable_smp_mb();
}

RCUTABLE_COUNTER_FLAVOR_INFO("mb",
			     "per-thread counters with full-fence readers; needs "
			     "nothing from the kernel",
			     "");
