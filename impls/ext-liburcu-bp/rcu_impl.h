/* SPDX-License-Identifier: MIT */
/*
 * impls/ext-liburcu-bp/rcu_impl.h: the peer liburcu (urcu-bp flavor,
 * Debian liburcu-dev) behind rcutable's API; read side in liburcu_reader.h.
 */
#ifndef RCUTABLE_EXT_LIBURCU_BP_RCU_IMPL_H
#define RCUTABLE_EXT_LIBURCU_BP_RCU_IMPL_H

#define RCUTABLE_URCU_STATIC_HEADER	<urcu/static/urcu-bp.h>
#define RCUTABLE_URCU_INLINE(x)		_urcu_bp_##x
#include "peer/liburcu_reader.h"

#endif
