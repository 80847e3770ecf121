/* SPDX-License-Identifier: MIT */
/*
 * rcutable/read/counter_reader.h: the inline read side of the counter-based
 * RCU implementations whose readers mark sections (memb, signal, mb).
 * Installed: user code inlines it.  The counter is in counter_state.h.
 *
 * The outermost rcu_read_lock() copies the global grace-period word, which
 * carries one nesting unit and the current phase bit; inner ones count.
 * The updater (see counter_gp.c) waits for the readers whose counter shows
 * a section that started in an earlier phase.
 *
 * The including implementation first defines
 *   RCUTABLE_READER_FENCE(): the fence a reader executes between its
 *     counter store and its section's accesses;
 *   RCUTABLE_READER_RELEASE(): the fence between its section's accesses
 *     and its idle store;
 *   RCUTABLE_READER_WAKE_UNORDERED: 1 if nothing orders the idle store
 *     before the check of the updater's sleep word, so that the check is a
 *     hint the updater must not rely on (counter_gp.c then bounds its
 *     sleep), else 0;
 *   RCUTABLE_READER_EXPEDITED_MODE: 1 if grace periods may ask the readers
 *     to answer when they go idle, and expedited ones to fence for a while
 *     (counter_gp.c), else 0;
 * and may define RCUTABLE_READER_STORE_FENCED(x, v), the counter store and
 * RCUTABLE_READER_FENCE() in one (mb: rcutable_smp_store_mb()).
 * memb and signal make both fences compiler barriers (their updater turns
 * them into full fences, by membarrier() or by signal; that also orders
 * the check).  mb makes the first smp_mb() and the second a release fence
 * (no instruction on x86-64): one full fence per section, and its check
 * is unordered.
 *
 * A thread that has never registered has counter 0: its first
 * rcu_read_lock() takes the out-of-line path, which registers it.  So the
 * fast path costs the same comparison whether or not threads auto-register.
 * A thread in expedited mode (IDLE | RCUTABLE_CTR_FENCE) takes the same
 * out-of-line path, which fences after its counter store.
 */
#ifndef RCUTABLE_COUNTER_READER_H
#define RCUTABLE_COUNTER_READER_H

#include <stdbool.h>
#include <rcutable/compiler.h>
#include <rcutable/read/counter_state.h>

#ifdef __cplusplus
extern "C" {
#endif

#if !defined(RCUTABLE_READER_FENCE) || !defined(RCUTABLE_READER_RELEASE) || \
    !defined(RCUTABLE_READER_WAKE_UNORDERED) || !defined(RCUTABLE_READER_EXPEDITED_MODE)
#error "define RCUTABLE_READER_FENCE(), RCUTABLE_READER_RELEASE(), RCUTABLE_READER_WAKE_UNORDERED and RCUTABLE_READER_EXPEDITED_MODE before including counter_reader.h"
#endif
#ifndef RCUTABLE_READER_STORE_FENCED
#define RCUTABLE_READER_STORE_FENCED(x, v)	\
	do { RCUTABLE_WRITE_ONCE(x, v); RCUTABLE_READER_FENCE(); } while (0)
#endif

/* Readers mark sections; they never report quiescent states. */
#define RCUTABLE_READERS_REPORT_QS	0

/* Out of line (counter_gp.c): first read of an unregistered thread, or a
 * read in expedited mode. */
void rcutable_reader_register_and_lock(void);

/*
 * Open a read-side critical section.  Any thread may call it; it nests.
 * Ordering: the counter store precedes the section's accesses
 * (RCUTABLE_READER_FENCE), which pairs with the updater's first full fence
 * for all readers in counter_gp.c (gp_run(), step A).
 */
static inline void rcu_read_lock(void)
{
	struct rcutable_reader *r = &rcutable_rcu_reader;
	unsigned long c = RCUTABLE_READ_ONCE(r->ctr);

	if (rcutable_likely(c == RCUTABLE_CTR_IDLE)) {
		RCUTABLE_READER_STORE_FENCED(r->ctr, RCUTABLE_READ_ONCE(rcutable_rcu_gp.ctr));
	} else if (rcutable_likely(c & RCUTABLE_CTR_NEST_MASK)) {
		if (rcutable_unlikely((c & RCUTABLE_CTR_NEST_MASK) ==
				      RCUTABLE_CTR_NEST_MASK))
			rcutable_reader_misuse("rcu_read_lock() nested more "
					       "than 65535 deep");
		RCUTABLE_WRITE_ONCE(r->ctr, c + RCUTABLE_CTR_NEST_ONE);
	} else {
		rcutable_reader_register_and_lock();
	}
}

/*
 * Close the innermost read-side critical section.  Ordering: the section's
 * accesses precede the counter store (RCUTABLE_READER_RELEASE), which pairs
 * with the updater's last full fence for all readers (gp_run(), step B; on
 * x86-64 the hardware keeps this order and step B is a local fence after
 * the updater's last scan, as counter_gp.c explains).  Where
 * RCUTABLE_READER_WAKE_UNORDERED is 0, the counter store precedes the
 * check of the updater's sleep word: the compiler barrier between them
 * pairs with the updater's full fence for all readers after it sets that
 * word (wait_for_readers()); either it sees our store or we see its
 * RCUTABLE_GP_SLEEPING.  The same check finds a grace period's request
 * (RCUTABLE_GP_ASKING), which the slow path answers, and expedited mode
 * (RCUTABLE_GP_FENCING), in which it re-arms the counter.
 */
static inline void rcu_read_unlock(void)
{
	struct rcutable_reader *r = &rcutable_rcu_reader;
	unsigned long c = RCUTABLE_READ_ONCE(r->ctr);

	if (rcutable_likely((c & RCUTABLE_CTR_NEST_MASK) == RCUTABLE_CTR_NEST_ONE)) {
		/* The fence below, as TSan sees it (tsan.h). */
		rcutable_tsan_release(&rcutable_rcu_gp);
		RCUTABLE_READER_RELEASE();
		RCUTABLE_WRITE_ONCE(r->ctr, RCUTABLE_CTR_IDLE);
		rcutable_barrier();
		if (rcutable_unlikely(RCUTABLE_READ_ONCE(rcutable_rcu_gp.futex) != 0))
			rcutable_reader_idle_slow(c);
	} else {
		if (rcutable_unlikely(!(c & RCUTABLE_CTR_NEST_MASK)))
			rcutable_reader_misuse("rcu_read_unlock() without a "
					       "matching rcu_read_lock()");
		RCUTABLE_WRITE_ONCE(r->ctr, c - RCUTABLE_CTR_NEST_ONE);
	}
}

/* Is the calling thread inside a read-side critical section? */
static inline bool rcu_read_lock_held(void)
{
	return (RCUTABLE_READ_ONCE(rcutable_rcu_reader.ctr) & RCUTABLE_CTR_NEST_MASK) != 0;
}

/* Inside a section? */
static inline bool rcutable_reader_in_section(void)
{
	return rcu_read_lock_held();
}

/* Readers of these implementations never need to report quiescent states. */
#include <rcutable/read/no_qs_reader.h>

#ifdef __cplusplus
}
#endif

#endif /* RCUTABLE_COUNTER_READER_H */
