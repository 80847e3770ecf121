/* SPDX-License-Identifier: MIT */
/*
 * rcutable/read/srcu_reader.h: SRCU's domain and its inline read side, for
 * srcu, srcu-mb and the busted-srcu control.  Installed: user code inlines it.
 *
 * A domain has, per CPU, a lock count and an unlock count for each of two
 * indexes (one cache line per CPU and index, percpu_count.h).
 * srcu_read_lock() reads the domain's current index and adds one to that
 * index's lock count on the CPU it runs on; srcu_read_unlock() adds one
 * to the same index's unlock count on the CPU it then runs on, which may
 * be another.  A reader never registers, and may sleep or move between the
 * two.  The update side (srcu_gp.c) flips the index and waits until the
 * old index's unlock sum equals its lock sum.
 *
 * The including read side first defines RCUTABLE_SRCU_READER_FENCED:
 *   1: a full fence after the lock count, the kernel's (srcu-mb);
 *   0: no fence while the domain is in its normal mode: the update side
 *      turns the compiler barrier after the lock count into a full fence
 *      with one membarrier() per grace period.  Expedited grace periods
 *      put the domain in expedited mode for a while (ssp->readers_fence),
 *      where readers fence after counting in and grace periods need no
 *      membarrier() (srcu).
 */
#ifndef RCUTABLE_SRCU_READER_H
#define RCUTABLE_SRCU_READER_H

#include <stdbool.h>
#include <rcutable/compiler.h>
#include <rcutable/read/percpu_count.h>
#include <rcutable/read/srcu_state.h>

#ifndef RCUTABLE_SRCU_READER_FENCED
#error "define RCUTABLE_SRCU_READER_FENCED before including srcu_reader.h"
#endif

#if RCUTABLE_SRCU_READER_FENCED
/* The kernel's fence B: pairs with the update side's smp_mb() at the start
 * of a grace period (srcu_gp.c, fence G). */
#define RCUTABLE_SRCU_AFTER_LOCK(ssp)	rcutable_smp_mb()
#else
/*
 * Normal mode: pairs with membarrier() at the start of a grace period
 * (srcu_gp.c, srcu_fence_readers()), which makes the compiler barrier a
 * full fence on every CPU running a reader.  Expedited mode: a full fence,
 * pairing with the grace period's smp_mb().  The mode is read after the
 * lock count, so a reader that still finds normal mode after the switch's
 * membarrier() cannot exist: either its count preceded that membarrier(),
 * or it sees the switch and fences.
 */
#define RCUTABLE_SRCU_AFTER_LOCK(ssp)					\
	do {								\
		if (rcutable_unlikely(RCUTABLE_READ_ONCE((ssp)->readers_fence))) \
			rcutable_smp_mb();				\
		else							\
			rcutable_barrier();				\
	} while (0)
#endif
/* Release: the section's accesses before the unlock count; pairs with the
 * update side's smp_mb() after its unlock sums (readers_in(),
 * srcu_domain.c).  No instruction on x86-64.  The kernel's fence C is a
 * full fence; a release is all that pairing needs, the update side never
 * sleeping on a reader's wake. */
#define RCUTABLE_SRCU_BEFORE_UNLOCK()	rcutable_smp_wmb()
/* The unlock is only a release: a full fence makes it two-way. */
#define smp_mb__after_srcu_read_unlock()	rcutable_smp_mb()

/*
 * Count a reader in under ssp's current index, and return that index:
 * srcu_read_lock() without the checking build's record of the thread's
 * sections.  Ordering: the lock count before the section's accesses
 * (RCUTABLE_SRCU_AFTER_LOCK).
 */
static inline int rcutable_srcu_count_in(struct srcu_struct *ssp)
{
	int idx = (int)(RCUTABLE_READ_ONCE(ssp->idx) & 1);
	/* Acquire: the counters' initialization before their use; pairs with
	 * the release that published them (counters_alloc(), srcu_domain.c;
	 * after rcutable_srcu_attach(), its lock orders them). */
	struct rcutable_srcu_counts *c = __atomic_load_n(&ssp->counts[idx],
							 __ATOMIC_ACQUIRE);

	if (rcutable_unlikely(!c)) {
		rcutable_srcu_attach(ssp);
		c = ssp->counts[idx];
	}
	rcutable_percpu_inc(&c->lock, ssp->ncpus);
	RCUTABLE_SRCU_AFTER_LOCK(ssp);
	return idx;
}

/* Count a reader out of index idx, on whatever thread; who names the
 * caller for the refusal of an index that is neither 0 nor 1.  Ordering:
 * the section's accesses before the unlock count
 * (RCUTABLE_SRCU_BEFORE_UNLOCK). */
static inline void rcutable_srcu_count_out(struct srcu_struct *ssp, int idx,
					   const char *who)
{
	struct rcutable_srcu_counts *c;

	if (rcutable_unlikely((unsigned)idx > 1))
		rcutable_srcu_bad_unlock(ssp, idx, who);
	c = RCUTABLE_READ_ONCE(ssp->counts[idx]);
	if (rcutable_unlikely(!c))
		rcutable_srcu_bad_unlock(ssp, idx, who);
	RCUTABLE_SRCU_BEFORE_UNLOCK();
	rcutable_percpu_inc(&c->unlock, ssp->ncpus);
}

/*
 * Enter a reader of ssp; returns the index to give srcu_read_unlock().
 * Any thread, any context where a relaxed atomic add is safe (signal
 * handlers included, once the domain has its counters).  Nests, also with
 * readers of other domains in any order.  Ordering: as
 * rcutable_srcu_count_in().
 */
static inline int srcu_read_lock(struct srcu_struct *ssp)
{
	int idx = rcutable_srcu_count_in(ssp);

	rcutable_srcu_note_lock(ssp, idx);
	return idx;
}

/*
 * Leave the reader that srcu_read_lock(ssp) opened and returned idx for,
 * on the same thread.  An index that is neither 0 nor 1 is refused always;
 * one that the thread's open sections of ssp did not return, in a checking
 * build.  Ordering: as rcutable_srcu_count_out().
 */
static inline void srcu_read_unlock(struct srcu_struct *ssp, int idx)
{
	rcutable_srcu_note_unlock(ssp, idx);
	rcutable_srcu_count_out(ssp, idx, "srcu_read_unlock");
}

/*
 * srcu_down_read(): enter a reader of ssp that any thread may leave, with
 * srcu_up_read() and the index returned, like a semaphore's down and up.
 * The thread that enters holds no record of it (srcu_read_lock_held() does
 * not count it), so a checking build cannot refuse a wait inside it; the
 * grace period's stall warning names the domain instead.  Ordering: as
 * srcu_read_lock() and srcu_read_unlock(); the up's release covers the
 * accesses of the thread that entered where the hand-over orders them
 * before it.
 */
static inline int srcu_down_read(struct srcu_struct *ssp)
{
	return rcutable_srcu_count_in(ssp);
}

static inline void srcu_up_read(struct srcu_struct *ssp, int idx)
{
	rcutable_srcu_count_out(ssp, idx, "srcu_up_read");
}

/*
 * The _nmisafe readers: safe in a signal handler, user space's NMI, even
 * one that interrupts a section of the same domain, as srcu_read_lock()
 * is (its counts are relaxed atomic adds): the same calls.
 */
static inline int srcu_read_lock_nmisafe(struct srcu_struct *ssp)
{
	return srcu_read_lock(ssp);
}

static inline void srcu_read_unlock_nmisafe(struct srcu_struct *ssp, int idx)
{
	srcu_read_unlock(ssp, idx);
}

/*
 * The _fast readers return the index's per-CPU counters instead of the
 * index (an opaque struct srcu_ctr pointer, as in the kernel): the same
 * counting, so the same cost (srcu's readers never fence in the domain's
 * normal mode; srcu-mb's keep the kernel's fence).  The unlock refuses a
 * pointer that is neither index's.
 */
struct srcu_ctr;

static inline struct srcu_ctr *rcutable_srcu_ctr_of(struct srcu_struct *ssp, int idx)
{
	return (struct srcu_ctr *)RCUTABLE_READ_ONCE(ssp->counts[idx]);
}

static inline int rcutable_srcu_idx_of(struct srcu_struct *ssp, struct srcu_ctr *scp,
				       const char *who)
{
	int idx = scp == rcutable_srcu_ctr_of(ssp, 1);

	if (rcutable_unlikely(!scp || scp != rcutable_srcu_ctr_of(ssp, idx)))
		rcutable_srcu_bad_unlock(ssp, -1, who);
	return idx;
}

static inline struct srcu_ctr *srcu_read_lock_fast(struct srcu_struct *ssp)
{
	return rcutable_srcu_ctr_of(ssp, srcu_read_lock(ssp));
}

static inline void srcu_read_unlock_fast(struct srcu_struct *ssp, struct srcu_ctr *scp)
{
	int idx = rcutable_srcu_idx_of(ssp, scp, "srcu_read_unlock_fast");

	rcutable_srcu_note_unlock(ssp, idx);
	rcutable_srcu_count_out(ssp, idx, "srcu_read_unlock_fast");
}

static inline struct srcu_ctr *srcu_down_read_fast(struct srcu_struct *ssp)
{
	return rcutable_srcu_ctr_of(ssp, srcu_down_read(ssp));
}

static inline void srcu_up_read_fast(struct srcu_struct *ssp, struct srcu_ctr *scp)
{
	srcu_up_read(ssp, rcutable_srcu_idx_of(ssp, scp, "srcu_up_read_fast"));
}

/* User space has no tracer to hide from: the same markers. */
static inline int srcu_read_lock_notrace(struct srcu_struct *ssp)
{
	return srcu_read_lock(ssp);
}

static inline void srcu_read_unlock_notrace(struct srcu_struct *ssp, int idx)
{
	srcu_read_unlock(ssp, idx);
}

/*
 * Is the calling thread inside a reader of ssp?  Exact in a checking
 * build; a release build keeps no per-thread record and answers 1, as the
 * kernel does without lockdep (so checks built on it never fire wrongly).
 */
static inline int srcu_read_lock_held(const struct srcu_struct *ssp)
{
#ifdef RCUTABLE_DEBUG
	return rcutable_srcu_holds(ssp);
#else
	(void)ssp;
	return 1;
#endif
}

#endif /* RCUTABLE_SRCU_READER_H */
