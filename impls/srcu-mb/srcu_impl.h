/* SPDX-License-Identifier: MIT */
/*
 * impls/srcu-mb/srcu_impl.h: the kernel's SRCU read side, a full fence
 * after the lock count and one before the unlock count.  Needs nothing
 * from the kernel.
 */
#ifndef RCUTABLE_SRCU_MB_SRCU_IMPL_H
#define RCUTABLE_SRCU_MB_SRCU_IMPL_H

#define RCUTABLE_SRCU_READER_FENCED 1
#include "srcu_reader.h"

#endif /* RCUTABLE_SRCU_MB_SRCU_IMPL_H */
