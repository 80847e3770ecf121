/* SPDX-License-Identifier: MIT */
/*
 * impls/memb/rcu_impl.h: memb's inline read side.
 *
 * Readers order their counter accesses with compiler barriers only; the
 * updater makes those barriers full fences when it needs them, with
 * membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) (see memb.c).
 */
#ifndef RCUTABLE_MEMB_RCU_IMPL_H
#define RCUTABLE_MEMB_RCU_IMPL_H

#include <rcutable/compiler.h>

/* Pairs with membarrier() in rcutable_flavor_mb_all() (memb.c). */
#define RCUTABLE_READER_FENCE()	rcutable_barrier()

#include "counter_reader.h"

#endif /* RCUTABLE_MEMB_RCU_IMPL_H */
