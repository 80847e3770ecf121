/* SPDX-License-Identifier: MIT */
/*
 * impls/memb/memb.c: the membarrier flavor of the counter-based RCU.
 *
 * The updater's full fences for all readers are membarrier() calls
 * (membarrier.h), which turn each reader's compiler barrier into a full
 * fence exactly when the updater needs one, so readers pay nothing; a
 * grace period that every reader answers (counter_gp.c) needs none.
 */
#include <rcutable/impl.h>
#include "counter/counter_flavor.h"
#include "engine/membarrier.h"

#define MEMB_INSTEAD "rcutable-signal or rcutable-mb"

/* First use: the command must (still) be there, or say what is missing. */
void rcutable_flavor_init(void)
{
	rcutable_membarrier_require(RCUTABLE_IMPL_NAME, MEMB_INSTEAD);
}

void rcutable_flavor_mb_all(void)
{
	rcutable_membarrier_all(RCUTABLE_IMPL_NAME, MEMB_INSTEAD);
}

RCUTABLE_COUNTER_FLAVOR_INFO("per-thread counters with compiler-barrier "
			     "readers, which answer a grace period's request "
			     "when they go idle; the updater forces ordering "
			     "with membarrier() where one does not answer",
			     "membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED), "
			     "Linux 4.14+",
			     RCUTABLE_NEEDS_MEMBARRIER);
