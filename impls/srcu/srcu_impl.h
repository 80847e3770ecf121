/* SPDX-License-Identifier: MIT */
/*
 * impls/srcu/srcu_impl.h: the default SRCU read side.  Readers count
 * themselves with compiler barriers only; the update side turns the
 * barrier after the lock count into a full fence with one membarrier() per
 * grace period (srcu_gp.c).  Needs membarrier(); rcutable-srcu-mb does not.
 */
#ifndef RCUTABLE_SRCU_SRCU_IMPL_H
#define RCUTABLE_SRCU_SRCU_IMPL_H

#define RCUTABLE_SRCU_READER_FENCED 0
#include "srcu_reader.h"

#endif /* RCUTABLE_SRCU_SRCU_IMPL_H */
