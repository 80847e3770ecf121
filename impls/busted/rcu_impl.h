/* SPDX-License-Identifier: MIT */
/*
 * impls/busted/rcu_impl.h: the negative control's read side: nesting
 * tracked, nothing waited for (lib/control/busted_reader.h).
 */
#ifndef RCUTABLE_BUSTED_RCU_IMPL_H
#define RCUTABLE_BUSTED_RCU_IMPL_H

#include "control/busted_reader.h"

#endif /* RCUTABLE_BUSTED_RCU_IMPL_H */
