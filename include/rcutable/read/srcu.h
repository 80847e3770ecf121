/* SPDX-License-Identifier: MIT */
/*
 * rcutable/read/srcu.h: the default SRCU read side.  Readers count
 * themselves with compiler barriers only; the update side turns the
 * barrier after the lock count into a full fence with one membarrier() per
 * grace period (srcu_gp.c).  Needs membarrier(); rcutable-srcu-mb does not.
 */
#ifndef RCUTABLE_READ_SRCU_H
#define RCUTABLE_READ_SRCU_H

#define RCUTABLE_SRCU_READER_FENCED 0
#include <rcutable/read/srcu_reader.h>

#endif /* RCUTABLE_READ_SRCU_H */
