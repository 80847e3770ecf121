/* SPDX-License-Identifier: MIT */
/*
 * rcutable/read/srcu_mb.h: the kernel's SRCU read side, a full fence
 * after the lock count, and a release (no instruction on x86-64) before
 * the unlock count.  Needs nothing from the kernel.
 */
#ifndef RCUTABLE_READ_SRCU_MB_H
#define RCUTABLE_READ_SRCU_MB_H

#define RCUTABLE_SRCU_READER_FENCED 1
#include <rcutable/read/srcu_reader.h>

#endif /* RCUTABLE_READ_SRCU_MB_H */
