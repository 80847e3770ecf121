/* SPDX-License-Identifier: MIT */
/*
 * rcutable/read/no_qs_reader.h: the thread-lifecycle markers of every read
 * side whose threads never report quiescent states (all but QSBR's):
 * rcu_quiescent_state(), rcu_thread_offline() and rcu_thread_online() do
 * nothing, and RCU always watches a thread.  Installed.
 */
#ifndef RCUTABLE_READ_NO_QS_READER_H
#define RCUTABLE_READ_NO_QS_READER_H

#include <stdbool.h>

static inline void rcu_quiescent_state(void) {}
static inline void rcu_thread_offline(void) {}
static inline void rcu_thread_online(void) {}
static inline bool rcu_is_watching(void) { return true; }

#endif /* RCUTABLE_READ_NO_QS_READER_H */
