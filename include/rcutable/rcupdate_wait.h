/* SPDX-License-Identifier: MIT */
/*
 * rcutable/rcupdate_wait.h: waiting for a grace period through a flavor's
 * call function, the machinery under synchronize_rcu_mult() (rcupdate.h)
 * and synchronize_rcu_tasks().
 */
#ifndef RCUTABLE_RCUPDATE_WAIT_H
#define RCUTABLE_RCUPDATE_WAIT_H

#include <stddef.h>
#include <rcutable/types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A flavor's call function: call_rcu, call_rcu_tasks, ... */
typedef void (*call_rcu_func_t)(struct rcu_head *head, rcu_callback_t func);

/*
 * Queue one callback with each distinct function of funcs[0..n) and wait
 * until all have run: a full grace period of each flavor, overlapping, so
 * the wait is about the longest one.  The caller is outside any reader of
 * those flavors.
 */
void rcutable_wait_rcu_gp(const call_rcu_func_t *funcs, size_t n);

#ifdef __cplusplus
}
#endif

#endif /* RCUTABLE_RCUPDATE_WAIT_H */
