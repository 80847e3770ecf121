/* SPDX-License-Identifier: MIT */
/*
 * urcu/rcutable-urcu.h (installed as rcutable/liburcu/urcu/): liburcu's
 * RCU API over the rcutable implementation the program is built for,
 * the names that do not depend on a flavor.  A program written for
 * liburcu 0.13-0.15 includes liburcu's flavor headers by their names
 * (<urcu.h>, <urcu/urcu-qsbr.h>, ...), which pkg-config's
 * rcutable-<impl>-urcu module finds here first; they include this.
 * liburcu's own headers that no flavor owns (urcu/compiler.h,
 * urcu/uatomic.h, urcu/list.h, urcu/rculist.h, urcu/rculfhash.h, ...) come
 * from liburcu-dev, and Debian's liburcu-cds runs over the flavor
 * descriptor below (docs/LIBURCU.md).
 *
 * The plain names liburcu and the kernel share (rcu_read_lock(),
 * synchronize_rcu(), call_rcu(), rcu_barrier(), rcu_register_thread(),
 * rcu_quiescent_state(), ...) are rcutable's own (rcutable/rcupdate.h);
 * this adds liburcu's others.  The functions are in
 * librcutable-<impl>-urcu (lib/compat/liburcu.c).
 */
#ifndef RCUTABLE_LIBURCU_URCU_H
#define RCUTABLE_LIBURCU_URCU_H

#include <rcutable/rcupdate.h>
#include <urcu/pointer.h>
#include <urcu/call-rcu.h>
#include <urcu/defer.h>
#include <urcu/urcu-poll.h>

/* The flavor descriptor that liburcu's data structures take (liburcu's
 * urcu/flavor.h declares its type): rcu_flavor, and each flavor's
 * urcu_<flavor>_flavor, are this implementation's. */
#define rcu_flavor			rcutable_urcu_flavor
#define urcu_register_rculfhash_atfork	rcutable_urcu_register_rculfhash_atfork
#define urcu_unregister_rculfhash_atfork rcutable_urcu_unregister_rculfhash_atfork
#include <urcu/flavor.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Whether the calling thread is inside a read-side critical section (as
 * rcu_read_lock_held() answers it: docs/API.md). */
int rcutable_urcu_read_ongoing(void);
#define rcu_read_ongoing	rcutable_urcu_read_ongoing

/* liburcu initializes at its first use; so does rcutable. */
static inline void rcu_init(void) { }

/*
 * liburcu 0.14's polled grace periods.  The kernel's names take and return
 * an unsigned long in rcutable (rcupdate.h); liburcu's a struct: a program
 * of liburcu's gets liburcu's.  start_poll_synchronize_rcu() makes sure a
 * grace period will follow without the caller waiting for it.
 */
struct urcu_gp_poll_state rcutable_urcu_start_poll_synchronize_rcu(void);
bool rcutable_urcu_poll_state_synchronize_rcu(struct urcu_gp_poll_state state);
#define start_poll_synchronize_rcu	rcutable_urcu_start_poll_synchronize_rcu
#define poll_state_synchronize_rcu	rcutable_urcu_poll_state_synchronize_rcu

/* urcu-bp's and urcu-signal's fork hooks: rcutable's readers and update
 * sides handle fork() themselves, so these do nothing. */
static inline void rcutable_urcu_before_fork(void) { }
static inline void rcutable_urcu_after_fork_parent(void) { }
static inline void rcutable_urcu_after_fork_child(void) { }

#ifdef __cplusplus
}
#endif

#endif /* RCUTABLE_LIBURCU_URCU_H */
