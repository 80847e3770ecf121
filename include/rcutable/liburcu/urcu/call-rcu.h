/* SPDX-License-Identifier: MIT */
/*
 * urcu/call-rcu.h (rcutable/liburcu/): liburcu's call_rcu() and its
 * call_rcu_data handles, over rcutable's callback engine
 * (lib/compat/liburcu.c).
 *
 * A handle, the default one included, has a worker of its own (an engine
 * of rcutable's, waiting for this implementation's grace periods, with
 * its back-pressure).  call_rcu() queues on the handle get_call_rcu_data()
 * gives the caller: its thread's (set_thread_call_rcu_data()), else its
 * CPU's (create_all_cpu_call_rcu_data(), set_cpu_call_rcu_data()), else
 * the default.  rcu_barrier() waits for every handle's callbacks and for
 * rcutable's own.  URCU_CALL_RCU_RT is accepted and ignored (the workers
 * sleep); cpu_affinity pins the handle's worker.  call_rcu_data_free()
 * waits for the handle's callbacks instead of moving them.
 */
#ifndef RCUTABLE_LIBURCU_CALL_RCU_H
#define RCUTABLE_LIBURCU_CALL_RCU_H

#include <stdlib.h>
#include <pthread.h>
#include <urcu/wfcqueue.h>	/* liburcu-dev's, as liburcu's header has it */
#include <rcutable/types.h>

#ifdef __cplusplus
extern "C" {
#endif

struct call_rcu_data;

/* create_call_rcu_data()'s flags, liburcu's values. */
#define URCU_CALL_RCU_RT	(1U << 0)
#define URCU_CALL_RCU_RUNNING	(1U << 1)
#define URCU_CALL_RCU_STOP	(1U << 2)
#define URCU_CALL_RCU_STOPPED	(1U << 3)
#define URCU_CALL_RCU_PAUSE	(1U << 4)
#define URCU_CALL_RCU_PAUSED	(1U << 5)

void rcutable_urcu_call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *head));
void rcutable_urcu_barrier(void);
struct call_rcu_data *create_call_rcu_data(unsigned long flags, int cpu_affinity);
void call_rcu_data_free(struct call_rcu_data *crdp);
struct call_rcu_data *get_default_call_rcu_data(void);
struct call_rcu_data *get_cpu_call_rcu_data(int cpu);
struct call_rcu_data *get_thread_call_rcu_data(void);
struct call_rcu_data *get_call_rcu_data(void);
pthread_t get_call_rcu_thread(struct call_rcu_data *crdp);
void set_thread_call_rcu_data(struct call_rcu_data *crdp);
int set_cpu_call_rcu_data(int cpu, struct call_rcu_data *crdp);
int create_all_cpu_call_rcu_data(unsigned long flags);
void free_all_cpu_call_rcu_data(void);
/* Around fork(), as liburcu asks: they run the hooks of liburcu-cds's hash
 * table; rcutable's engines and the handles' lock handle fork() themselves,
 * so a program that forks without calling them is safe too. */
void call_rcu_before_fork(void);
void call_rcu_after_fork_parent(void);
void call_rcu_after_fork_child(void);

/* A liburcu program's call_rcu() and rcu_barrier() go through the handles. */
#define call_rcu	rcutable_urcu_call_rcu
#define rcu_barrier	rcutable_urcu_barrier

#ifdef __cplusplus
}
#endif

#endif /* RCUTABLE_LIBURCU_CALL_RCU_H */
