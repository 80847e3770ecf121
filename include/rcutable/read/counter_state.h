/* SPDX-License-Identifier: MIT */
/*
 * rcutable/read/counter_state.h: the per-thread counters that the read sides
 * of the counter-based implementations (counter_reader.h: memb, signal, mb;
 * qsbr_reader.h: qsbr) share with their update side, counter_gp.c.
 * Installed: user code inlines the read sides.
 *
 * Each thread has a counter.  0 means unregistered.  RCUTABLE_CTR_REGISTERED
 * alone means registered and idle.  Otherwise the low bits count nesting and
 * RCUTABLE_CTR_PHASE holds the phase of the global grace-period word that
 * the thread copied when it began holding grace periods back: at its
 * outermost rcu_read_lock() (counter_reader.h) or at its last quiescent
 * state (qsbr_reader.h, where an online thread is always one level deep).
 * The updater waits for threads whose counter shows a phase older than the
 * current one (counter_gp.c).  QSBR on 64-bit machines uses the bits from
 * RCUTABLE_CTR_PHASE up as a counter of grace periods, which each grace
 * period advances, and waits for online threads whose copy is not the new
 * word (counter_gp.c, RCUTABLE_GP_ONE_WAIT).
 *
 * memb and signal add RCUTABLE_CTR_FENCE in expedited mode (counter_gp.c):
 * IDLE | FENCE is an idle thread whose next rcu_read_lock() goes out of
 * line and fences after its counter store; a section's counter then
 * carries the bit too.  A grace period of theirs first asks each thread
 * to answer at its next idle store (RCUTABLE_GP_ASKING): the thread copies
 * the request's number into ack (counter_gp.c, reader_answer()).
 */
#ifndef RCUTABLE_COUNTER_STATE_H
#define RCUTABLE_COUNTER_STATE_H

#include <stdbool.h>
#include <sys/types.h>
#include <rcutable/compiler.h>
#include <rcutable/read/tsan.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RCUTABLE_CTR_NEST_ONE	1UL
#define RCUTABLE_CTR_NEST_MASK	0xffffUL
#define RCUTABLE_CTR_REGISTERED	(1UL << 16)
#define RCUTABLE_CTR_PHASE	(1UL << 17)
#define RCUTABLE_CTR_IDLE	RCUTABLE_CTR_REGISTERED
#define RCUTABLE_CTR_FENCE	(1UL << 18)

/* One per thread (TLS).  Only the thread writes ctr, nest and ack; the
 * updater reads ctr and ack.  Three lines: the one the thread stores its
 * counter to at every section; ack's, which an updater waiting for an
 * answer takes; and the registry's, written when the thread registers
 * and under the registry's lock, so that a scan follows next without
 * waiting for the line of the thread it just looked at, and the loads of
 * successive threads' counters overlap. */
struct rcutable_reader {
	unsigned long ctr;
	unsigned long nest;			/* qsbr, checking builds: section depth */
	/* memb, signal: the last request answered */
	unsigned long ack __attribute__((aligned(64)));
	/* registry links */
	struct rcutable_reader *next __attribute__((aligned(64)));
	struct rcutable_reader *prev;
	pid_t tid;				/* for stall warnings */
};

/* The global grace-period word and the word that readers check when they
 * go idle: 0, or the bits below. */
struct rcutable_gp_word {
	unsigned long ctr;	/* REGISTERED | NEST_ONE | current phase */
	int futex;		/* RCUTABLE_GP_SLEEPING, _FENCING, _ASKING */
} __attribute__((aligned(64)));

/* The updater sleeps on futex waiting for readers: wake it. */
#define RCUTABLE_GP_SLEEPING	1
/* memb, signal: expedited mode; idle readers re-arm RCUTABLE_CTR_FENCE. */
#define RCUTABLE_GP_FENCING	2
/* memb, signal: a grace period asks; idle readers answer in ack. */
#define RCUTABLE_GP_ASKING	4

#ifndef RCUTABLE_RCU_IMPL
#error "rcutable/read/counter_state.h: RCUTABLE_RCU_IMPL names the read side (pkg-config --cflags rcutable-<impl>)"
#endif

/* Defined by the update side (counter_gp.c) of the library built for this
 * read side, under link names of that read side's; the first is its key
 * (compiler.h). */
extern struct rcutable_gp_word rcutable_rcu_gp
	RCUTABLE_LINK_NAME(rcutable_rcu_gp, RCUTABLE_RCU_IMPL);
extern __thread struct rcutable_reader rcutable_rcu_reader
	RCUTABLE_LINK_NAME(rcutable_rcu_reader, RCUTABLE_RCU_IMPL);
RCUTABLE_LINK_KEY(rcutable_rcu_gp, RCUTABLE_RCU_IMPL);

/* Out of line (counter_gp.c): a thread that went idle found futex set;
 * old_ctr is the counter it held. */
void rcutable_reader_idle_slow(unsigned long old_ctr);
__attribute__((noreturn)) void rcutable_reader_misuse(const char *what);

/*
 * Replace the calling thread's counter old with c (the global word, or
 * IDLE) after a release fence and before a full fence: how a QSBR thread
 * reports and goes offline (qsbr_reader.h), and how any thread ends what
 * it holds when it exits or unregisters (counter_gp.c).  The release
 * orders the thread's earlier accesses (its sections) before the store
 * (no instruction on x86-64, where no access passes a later store) and
 * pairs with the updater's fence after its last scan (fence B in
 * counter_gp.c); the full fence orders the store, and the load of the
 * word it stores, before the thread's later accesses and before its check
 * of the updater's sleep word, and pairs with the updater's fence A and
 * the fence after it sets that word (wait_for_readers()).  On x86-64 the
 * store and the full fence are one xchg.
 */
static inline void rcutable_reader_store_fenced(unsigned long old, unsigned long c)
{
	rcutable_tsan_release(&rcutable_rcu_gp);	/* the release, for TSan */
	rcutable_smp_wmb();
	rcutable_smp_store_mb(rcutable_rcu_reader.ctr, c);
	if (rcutable_unlikely(RCUTABLE_READ_ONCE(rcutable_rcu_gp.futex) != 0))
		rcutable_reader_idle_slow(old);
}

#ifdef __cplusplus
}
#endif

#endif /* RCUTABLE_COUNTER_STATE_H */
