/* SPDX-License-Identifier: MIT */
/*
 * rcutable/read/qsbr.h: qsbr's inline read side (qsbr_reader.h).
 *
 * rcu_read_lock() and rcu_read_unlock() are compiler barriers; threads
 * register, report quiescent states and go offline around blocking.
 */
#ifndef RCUTABLE_READ_QSBR_H
#define RCUTABLE_READ_QSBR_H

#include <rcutable/read/qsbr_reader.h>

#endif /* RCUTABLE_READ_QSBR_H */
