/* SPDX-License-Identifier: MIT */
/*
 * impls/qsbr/rcu_impl.h: qsbr's inline read side (qsbr_reader.h).
 *
 * rcu_read_lock() and rcu_read_unlock() are compiler barriers; threads
 * register, report quiescent states and go offline around blocking.
 */
#ifndef RCUTABLE_QSBR_RCU_IMPL_H
#define RCUTABLE_QSBR_RCU_IMPL_H

#include "qsbr_reader.h"

#endif /* RCUTABLE_QSBR_RCU_IMPL_H */
