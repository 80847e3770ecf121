/* SPDX-License-Identifier: MIT */
/*
 * urcu/defer.h (rcutable/liburcu/): liburcu's defer_rcu(), over
 * rcutable's callbacks (lib/compat/liburcu.c).  defer_rcu(fct, p) runs
 * fct(p) after a grace period; where memory for the callback runs out it
 * waits for one and runs fct(p) itself, as liburcu's may.  It may block,
 * so not inside a read-side critical section.  The register calls do
 * nothing more than liburcu asks (any thread may defer), and the barriers
 * wait for every deferred call queued before them.
 */
#ifndef RCUTABLE_LIBURCU_DEFER_H
#define RCUTABLE_LIBURCU_DEFER_H

#ifdef __cplusplus
extern "C" {
#endif

void defer_rcu(void (*fct)(void *p), void *p);
int rcu_defer_register_thread(void);
void rcu_defer_unregister_thread(void);
void rcu_defer_barrier(void);
void rcu_defer_barrier_thread(void);
void rcu_defer_exit(void);

#ifdef __cplusplus
}
#endif

#endif /* RCUTABLE_LIBURCU_DEFER_H */
