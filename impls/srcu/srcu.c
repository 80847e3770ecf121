/* SPDX-License-Identifier: MIT */
/*
 * impls/srcu/srcu.c: the default SRCU.  Its readers count themselves with
 * compiler barriers only (rcutable/read/srcu.h); the family's update side
 * (lib/srcu/srcu_gp.c, compiled against this read side) makes them full
 * fences with one membarrier() per grace period, or has readers fence for a
 * while after expedited grace periods.
 */
#include <rcutable/srcu.h>
#include "srcu/srcu_domain.h"

RCUTABLE_SRCU_FLAVOR_INFO("per-CPU lock/unlock counters summed by the "
			  "updater; readers use compiler barriers and the "
			  "updater one membarrier() per grace period, or "
			  "after expedited grace periods readers fence for a "
			  "while",
			  "membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED), "
			  "Linux 4.14+",
			  RCUTABLE_NEEDS_MEMBARRIER);
