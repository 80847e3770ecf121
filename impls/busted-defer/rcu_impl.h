/* SPDX-License-Identifier: MIT */
/*
 * impls/busted-defer/rcu_impl.h: the deferring negative control's read
 * side, busted's: nesting tracked, nothing waited for.
 */
#ifndef RCUTABLE_BUSTED_DEFER_RCU_IMPL_H
#define RCUTABLE_BUSTED_DEFER_RCU_IMPL_H

#include "../busted/rcu_impl.h"

#endif /* RCUTABLE_BUSTED_DEFER_RCU_IMPL_H */
