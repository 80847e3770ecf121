/* SPDX-License-Identifier: MIT */
/*
 * impls/busted-srcu/srcu_impl.h: the SRCU negative control counts its
 * readers like srcu does; its update side (busted_srcu.c) ignores them.
 */
#ifndef RCUTABLE_BUSTED_SRCU_SRCU_IMPL_H
#define RCUTABLE_BUSTED_SRCU_SRCU_IMPL_H

#define RCUTABLE_SRCU_READER_FENCED 0
#include <rcutable/read/srcu_reader.h>

#endif /* RCUTABLE_BUSTED_SRCU_SRCU_IMPL_H */
