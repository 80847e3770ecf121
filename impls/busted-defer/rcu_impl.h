/* SPDX-License-Identifier: MIT */
/*
 * impls/busted-defer/rcu_impl.h: the deferring negative control's read
 * side, busted's: nesting tracked, nothing waited for
 * (lib/control/busted_reader.h).
 */
#ifndef RCUTABLE_BUSTED_DEFER_RCU_IMPL_H
#define RCUTABLE_BUSTED_DEFER_RCU_IMPL_H

#include "control/busted_reader.h"

#endif /* RCUTABLE_BUSTED_DEFER_RCU_IMPL_H */
