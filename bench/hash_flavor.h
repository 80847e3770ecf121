/* SPDX-License-Identifier: MIT */
/*
 * bench/hash_flavor.h: the flavor that bench/hash_bench.c's tables are
 * protected by, chosen when it is compiled:
 *
 *	HASH_BENCH_SRCU		an SRCU implementation: one domain, ht_srcu
 *	HASH_BENCH_RWLOCK	no RCU at all: only the rwlock table is built
 *	neither			an RCU implementation or peer (rcupdate.h)
 *
 * An RCU flavor gives the read-side markers (ht_read_lock() returns what
 * ht_read_unlock() takes) and ht_retire() (a callback that frees an
 * object, run after a grace period).  Every flavor gives ht_barrier()
 * (wait until every retired object is freed), the worker thread's
 * registration, and ht_quiescent_state(), which a worker calls between
 * batches of operations (QSBR's report; nothing elsewhere).
 */
#ifndef RCUTABLE_BENCH_HASH_FLAVOR_H
#define RCUTABLE_BENCH_HASH_FLAVOR_H

#include <rcutable/types.h>

#if defined(HASH_BENCH_SRCU)
#include <rcutable/srcu.h>

#define HT_HAS_RCU	1
#define ht_impl_info	rcutable_srcu_impl_info

DEFINE_STATIC_SRCU(ht_srcu);

static inline int ht_read_lock(void)
{
	return srcu_read_lock(&ht_srcu);
}

static inline void ht_read_unlock(int idx)
{
	srcu_read_unlock(&ht_srcu, idx);
}

static inline void ht_retire(struct rcu_head *head, rcu_callback_t free_fn)
{
	call_srcu(&ht_srcu, head, free_fn);
}

static inline void ht_barrier(void)
{
	srcu_barrier(&ht_srcu);
}

static inline void ht_thread_begin(void) {}
static inline void ht_thread_end(void) {}
static inline void ht_quiescent_state(void) {}

#elif !defined(HASH_BENCH_RWLOCK)
#include <rcutable/rcupdate.h>

#define HT_HAS_RCU	1
#define ht_impl_info	rcutable_impl_info

static inline int ht_read_lock(void)
{
	rcu_read_lock();
	return 0;
}

static inline void ht_read_unlock(int idx)
{
	(void)idx;
	rcu_read_unlock();
}

static inline void ht_retire(struct rcu_head *head, rcu_callback_t free_fn)
{
	call_rcu(head, free_fn);
}

static inline void ht_barrier(void)
{
	rcu_barrier();
}

static inline void ht_thread_begin(void)
{
	rcu_register_thread();
}

static inline void ht_thread_end(void)
{
	rcu_unregister_thread();
}

static inline void ht_quiescent_state(void)
{
	rcu_quiescent_state();
}

#else
#define HT_HAS_RCU	0

static inline void ht_barrier(void) {}
static inline void ht_thread_begin(void) {}
static inline void ht_thread_end(void) {}
static inline void ht_quiescent_state(void) {}
#endif

#endif /* RCUTABLE_BENCH_HASH_FLAVOR_H */
