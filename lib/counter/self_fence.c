/* SPDX-License-Identifier: MIT */
/*
 * lib/counter/self_fence.c: the counter_flavor.h hooks of the flavors whose
 * threads execute full fences of their own around their counter stores (mb
 * in every section, qsbr at each report).  The updater's "full fence on
 * every reader" is then the fence each reader already executed: the
 * updater fences only itself, and needs nothing from the kernel.
 */
#include <rcutable/compiler.h>
#include "counter/counter_flavor.h"

void rcutable_flavor_init(void) {}

/* Pairs with each reader's own fences (mb: RCUTABLE_READER_FENCE(); qsbr:
 * rcutable_reader_store_fenced() and rcu_thread_online()): with both sides fenced,
 * a reader either sees the updater's earlier stores or the updater sees
 * the reader's counter. */
void rcutable_flavor_mb_all(void)
{
	rcutable_smp_mb();
}
