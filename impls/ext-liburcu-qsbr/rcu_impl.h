/* SPDX-License-Identifier: MIT */
/*
 * impls/ext-liburcu-qsbr/rcu_impl.h: the peer liburcu (urcu-qsbr flavor,
 * Debian liburcu-dev) behind rcutable's API; read side in liburcu_reader.h.
 */
#ifndef RCUTABLE_EXT_LIBURCU_QSBR_RCU_IMPL_H
#define RCUTABLE_EXT_LIBURCU_QSBR_RCU_IMPL_H

#define RCUTABLE_URCU_STATIC_HEADER	<urcu/static/urcu-qsbr.h>
#define RCUTABLE_URCU_INLINE(x)		_urcu_qsbr_##x
#define RCUTABLE_URCU_QSBR		1
#include "peer/liburcu_reader.h"

#endif
