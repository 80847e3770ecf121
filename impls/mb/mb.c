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

const struct rcutable_impl rcutable_impl_info = {
	.name = "mb",
	.flavor = RCUTABLE_FLAVOR_RCU,
	.summary = "per-thread counters with full-fence readers; needs nothing "
		   "from the kernel",
	.readers_must_register = false,
	.readers_report_qs = false,
	.readers_may_sleep = false,
	.is_control = false,
	.needs = "",
	.native = RCUTABLE_API_ALL,
	.emulated = 0,
	.gp_completed = rcutable_counter_gp_completed,
};
