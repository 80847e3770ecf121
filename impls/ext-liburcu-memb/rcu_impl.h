/* SPDX-License-Identifier: MIT */
/*
 * impls/ext-liburcu-memb/rcu_impl.h: the peer liburcu (urcu-memb flavor,
 * Debian liburcu-dev) behind rcutable's API.  The read side is liburcu's
 * own inline (LGPL) one, unchanged, so benchmarks measure liburcu.
 * Readers must register (rcu_register_thread()), as liburcu requires.
 */
#ifndef RCUTABLE_EXT_LIBURCU_MEMB_RCU_IMPL_H
#define RCUTABLE_EXT_LIBURCU_MEMB_RCU_IMPL_H

#include <stdbool.h>
#include <urcu/static/urcu-memb.h>

static inline void rcu_read_lock(void) { _urcu_memb_read_lock(); }
static inline void rcu_read_unlock(void) { _urcu_memb_read_unlock(); }
static inline bool rcu_read_lock_held(void) { return _urcu_memb_read_ongoing(); }
static inline void rcu_quiescent_state(void) {}
static inline void rcu_thread_offline(void) {}
static inline void rcu_thread_online(void) {}
static inline bool rcu_is_watching(void) { return true; }

#endif /* RCUTABLE_EXT_LIBURCU_MEMB_RCU_IMPL_H */
