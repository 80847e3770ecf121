/* SPDX-License-Identifier: MIT */
/*
 * impls/srcu-mb/srcu_mb.c: the kernel's SRCU read side, a full fence after
 * the lock count, a release before the unlock count (rcutable/read/srcu_mb.h),
 * under the family's update side (lib/srcu/srcu_gp.c, compiled against this
 * read side).  Needs nothing from the kernel.
 */
#include <rcutable/srcu.h>
#include "srcu/srcu_domain.h"

RCUTABLE_SRCU_FLAVOR_INFO("per-CPU lock/unlock counters summed by the "
			  "updater; readers fence after counting in",
			  "",
			  0);
