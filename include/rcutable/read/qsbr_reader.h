/* SPDX-License-Identifier: MIT */
/*
 * rcutable/read/qsbr_reader.h: the inline read side of QSBR (quiescent-state-
 * based reclamation; impls/qsbr).  Installed: user code inlines it.
 *
 * A registered thread is online or offline.  An online thread holds every
 * grace period back until it reports a quiescent state: its counter
 * (counter_state.h) is a copy of the global grace-period word taken at its
 * last report, as if it were always inside one read-side section that each
 * rcu_quiescent_state() ends and reopens.  The update side, counter_gp.c,
 * is the one the other counter flavors use: it waits for the threads whose
 * copy shows an old phase.  Readers execute their fences themselves (a
 * full fence after the counter store, as mb's do; on x86-64 one xchg with
 * it), but only when they report, go offline or come online, which
 * well-placed reports make rare; rcu_read_lock() and rcu_read_unlock() are
 * compiler barriers.
 *
 * Rules (QSBR's): a thread that reads must have called rcu_register_thread(),
 * which leaves it online; it reports quiescent states between its sections
 * (rcu_quiescent_state()) and goes offline around anything that blocks for
 * long (rcu_thread_offline(), rcu_thread_online()), or it stalls every
 * grace period.  synchronize_rcu() and the other waits take an online caller
 * offline for the wait.
 *
 * A checking build (RCUTABLE_DEBUG) counts nesting and refuses, with a
 * message, a read from an unregistered or offline thread, an unbalanced
 * rcu_read_unlock(), and a report, an offline or a grace-period wait inside
 * a section.  A release build cannot tell a section from the rest of an
 * online stretch: there rcu_read_lock_held() says whether the thread is
 * online (it may be reading), as the kernel's says true without lockdep.
 */
#ifndef RCUTABLE_QSBR_READER_H
#define RCUTABLE_QSBR_READER_H

#include <stdbool.h>
#include <rcutable/compiler.h>
#include <rcutable/read/counter_state.h>

/* Online threads report quiescent states (the descriptor's readers_report_qs). */
#define RCUTABLE_READERS_REPORT_QS	1
/* A report's store has a full fence after it, before its check of the
 * updater's sleep word (rcutable_reader_store_fenced(), counter_state.h):
 * its wake is never lost (counter_reader.h says what the name means). */
#define RCUTABLE_READER_WAKE_UNORDERED	0
/* A report fences already: no expedited mode. */
#define RCUTABLE_READER_EXPEDITED_MODE	0

/* Is the calling thread online (registered, holding grace periods back)? */
static inline bool rcutable_qsbr_online(void)
{
	return (RCUTABLE_READ_ONCE(rcutable_rcu_reader.ctr) &
		RCUTABLE_CTR_NEST_MASK) != 0;
}

#ifdef RCUTABLE_DEBUG
/* Inside a section?  Known in checking builds only (the depth). */
static inline bool rcutable_reader_in_section(void)
{
	return rcutable_rcu_reader.nest != 0;
}

static inline void rcutable_qsbr_refuse_in_section(const char *what)
{
	if (rcutable_unlikely(rcutable_reader_in_section()))
		rcutable_reader_misuse(what);
}
#else
static inline bool rcutable_reader_in_section(void) { return false; }	/* cannot tell */
static inline void rcutable_qsbr_refuse_in_section(const char *what) { (void)what; }
#endif

/*
 * Open a read-side critical section; nests.  Only registered online threads
 * may call it.  Ordering: none of its own; the section's accesses follow
 * the thread's last report, whose fence orders them (see
 * rcu_quiescent_state()).
 */
static inline void rcu_read_lock(void)
{
#ifdef RCUTABLE_DEBUG
	unsigned long c = RCUTABLE_READ_ONCE(rcutable_rcu_reader.ctr);

	if (rcutable_unlikely(!c))
		rcutable_reader_misuse("rcu_read_lock() on a thread that has not "
				       "called rcu_register_thread(): QSBR "
				       "readers must register");
	if (rcutable_unlikely(!(c & RCUTABLE_CTR_NEST_MASK)))
		rcutable_reader_misuse("rcu_read_lock() on an offline thread: "
				       "call rcu_thread_online() first");
	if (rcutable_unlikely(rcutable_rcu_reader.nest == RCUTABLE_CTR_NEST_MASK))
		rcutable_reader_misuse("rcu_read_lock() nested more than 65535 deep");
	rcutable_rcu_reader.nest++;
#endif
	rcutable_barrier();
}

/* Close the innermost section.  Ordering: none of its own (see above). */
static inline void rcu_read_unlock(void)
{
	rcutable_barrier();
#ifdef RCUTABLE_DEBUG
	if (rcutable_unlikely(!rcutable_rcu_reader.nest))
		rcutable_reader_misuse("rcu_read_unlock() without a matching "
				       "rcu_read_lock()");
	rcutable_rcu_reader.nest--;
#endif
}

/* Checking builds: inside a section.  Release builds: online (see above). */
static inline bool rcu_read_lock_held(void)
{
#ifdef RCUTABLE_DEBUG
	return rcutable_reader_in_section();
#else
	return rcutable_qsbr_online();
#endif
}

/*
 * Report a quiescent state: the calling online thread holds no reference
 * obtained in an earlier section.  Outside sections only.  A thread whose
 * copy is current has nothing to report (no grace period waits for it) and
 * pays one comparison; offline threads are quiescent already.  A thread
 * that never registered is refused, in every build (off the fast path: its
 * counter, 0, never matches): its sections were never waited for, and
 * without this word its reads of freed memory would be the first sign.
 */
static inline void rcu_quiescent_state(void)
{
	unsigned long g = RCUTABLE_READ_ONCE(rcutable_rcu_gp.ctr), c;

	rcutable_qsbr_refuse_in_section("rcu_quiescent_state() inside an RCU "
					"read-side critical section");
	/* Only this thread writes its counter, so a plain load suffices,
	 * and lets the compiler compare it in place. */
	if (rcutable_likely(rcutable_rcu_reader.ctr == g))
		return;
	c = RCUTABLE_READ_ONCE(rcutable_rcu_reader.ctr);
	if (c & RCUTABLE_CTR_NEST_MASK)
		rcutable_reader_store_fenced(c, g);
	else if (rcutable_unlikely(!c))
		rcutable_reader_misuse("rcu_quiescent_state() on a thread that has not "
				       "called rcu_register_thread(): QSBR readers must "
				       "register, or no grace period waits for their "
				       "sections");
}

/*
 * Go offline: until rcu_thread_online(), no grace period waits for the
 * calling thread, which must not read.  Outside sections only; a thread
 * already offline, or unregistered, is left as it is.
 */
static inline void rcu_thread_offline(void)
{
	unsigned long c = RCUTABLE_READ_ONCE(rcutable_rcu_reader.ctr);

	rcutable_qsbr_refuse_in_section("rcu_thread_offline() inside an RCU "
					"read-side critical section");
	if (c & RCUTABLE_CTR_NEST_MASK)
		rcutable_reader_store_fenced(c, RCUTABLE_CTR_IDLE);
}

/*
 * Come back online: grace periods wait for the calling thread's sections
 * again.  Registered threads only (checking builds refuse others).
 * Ordering: the counter store precedes the thread's later accesses; the
 * fence pairs with the updater's fence A (counter_gp.c): either the updater
 * sees this thread online or the thread's sections see what the updater
 * did before the grace period.  Coming online ends nothing, so it never
 * wakes the updater.
 */
static inline void rcu_thread_online(void)
{
	unsigned long c = RCUTABLE_READ_ONCE(rcutable_rcu_reader.ctr);

#ifdef RCUTABLE_DEBUG
	if (rcutable_unlikely(!c))
		rcutable_reader_misuse("rcu_thread_online() on a thread that has "
				       "not called rcu_register_thread()");
#endif
	if (c == RCUTABLE_CTR_IDLE)
		rcutable_smp_store_mb(rcutable_rcu_reader.ctr,
				      RCUTABLE_READ_ONCE(rcutable_rcu_gp.ctr));
}

static inline bool rcu_is_watching(void)
{
	return rcutable_qsbr_online();
}

#endif /* RCUTABLE_QSBR_READER_H */
