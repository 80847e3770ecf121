/* SPDX-License-Identifier: MIT */
/*
 * lib/peer/liburcu_reader.h: the read side of an ext-liburcu-* peer:
 * liburcu's own inline (LGPL) read side, unchanged, so benchmarks measure
 * liburcu.  The peer's rcu_impl.h defines RCUTABLE_URCU_STATIC_HEADER (the
 * flavor's <urcu/static/...> header) and RCUTABLE_URCU_INLINE(x) (its
 * _urcu_<flavor>_x names), and RCUTABLE_URCU_QSBR for the QSBR flavor, and
 * includes this file.  Readers must register (rcu_register_thread()), as
 * liburcu requires.
 */
#ifndef RCUTABLE_PEER_LIBURCU_READER_H
#define RCUTABLE_PEER_LIBURCU_READER_H

#include <stdbool.h>
#include RCUTABLE_URCU_STATIC_HEADER

static inline void rcu_read_lock(void) { RCUTABLE_URCU_INLINE(read_lock)(); }
static inline void rcu_read_unlock(void) { RCUTABLE_URCU_INLINE(read_unlock)(); }
/* QSBR: whether the thread is online (liburcu cannot tell a section). */
static inline bool rcu_read_lock_held(void) { return RCUTABLE_URCU_INLINE(read_ongoing)(); }

#ifdef RCUTABLE_URCU_QSBR
#define RCUTABLE_READERS_REPORT_QS	1
static inline void rcu_quiescent_state(void) { RCUTABLE_URCU_INLINE(quiescent_state)(); }
static inline void rcu_thread_offline(void) { RCUTABLE_URCU_INLINE(thread_offline)(); }
static inline void rcu_thread_online(void) { RCUTABLE_URCU_INLINE(thread_online)(); }
static inline bool rcu_is_watching(void) { return RCUTABLE_URCU_INLINE(read_ongoing)(); }
static inline bool rcutable_reader_in_section(void) { return false; }	/* cannot tell */
#else
#define RCUTABLE_READERS_REPORT_QS	0
#include <rcutable/read/no_qs_reader.h>
static inline bool rcutable_reader_in_section(void) { return rcu_read_lock_held(); }
#endif

/* The descriptor's traits (peer_adapter.c; RCUTABLE_URCU_FLAVOR_NAME and
 * RCUTABLE_URCU_BP come from the peer's manifest, impl.mk).  urcu-bp
 * registers a thread at its first rcu_read_lock(); liburcu's QSBR cannot
 * tell a section from an online stretch, so it has no validation. */
#define RCUTABLE_PEER_SUMMARY						\
	"peer: liburcu's urcu-" RCUTABLE_URCU_FLAVOR_NAME		\
	" flavor (Debian liburcu-dev) behind rcutable's API"
#define RCUTABLE_PEER_LIBRARY						\
	"liburcu itself (Debian liburcu-dev): pkg-config --cflags --libs "	\
	"liburcu-" RCUTABLE_URCU_FLAVOR_NAME ", #include <urcu/urcu-"	\
	RCUTABLE_URCU_FLAVOR_NAME ".h>, and liburcu's API (urcu_"	\
	RCUTABLE_URCU_FLAVOR_NAME "_read_lock(), urcu_"			\
	RCUTABLE_URCU_FLAVOR_NAME "_synchronize_rcu(), ...), not rcutable's"
#ifdef RCUTABLE_URCU_BP
#define RCUTABLE_PEER_READERS_MUST_REGISTER	false
#else
#define RCUTABLE_PEER_READERS_MUST_REGISTER	true
#endif
/* urcu-signal takes RCUTABLE_URCU_RESERVED_SIGNAL (SIGUSR1); urcu-memb
 * and urcu-bp fall back to fences in their readers where membarrier() is
 * missing. */
#ifdef RCUTABLE_URCU_RESERVED_SIGNAL
#define RCUTABLE_PEER_NEEDS	"SIGUSR1, which liburcu's urcu-signal takes for itself"
#define RCUTABLE_PEER_REQUIRES	RCUTABLE_NEEDS_SIGNAL
#elif defined(RCUTABLE_URCU_BP) || defined(RCUTABLE_URCU_MEMB)
#define RCUTABLE_PEER_NEEDS	""
#define RCUTABLE_PEER_REQUIRES	RCUTABLE_PREFERS_MEMBARRIER
#else
#define RCUTABLE_PEER_NEEDS	""
#define RCUTABLE_PEER_REQUIRES	0
#endif
#define RCUTABLE_PEER_NATIVE						\
	(RCUTABLE_API_READ_SIDE | RCUTABLE_API_SYNCHRONIZE |		\
	 RCUTABLE_API_CALL | RCUTABLE_API_BARRIER |			\
	 (RCUTABLE_READERS_REPORT_QS ? 0 : RCUTABLE_API_VALIDATION) |	\
	 RCUTABLE_API_LIFECYCLE)
#define RCUTABLE_PEER_EMULATED						\
	(RCUTABLE_API_EXPEDITED | RCUTABLE_API_POLLED |			\
	 RCUTABLE_API_KFREE | RCUTABLE_API_CONSOLIDATED |		\
	 RCUTABLE_API_EXIT_DRAIN | RCUTABLE_API_FORK |			\
	 RCUTABLE_API_POLLED_FULL | RCUTABLE_API_CALL_HURRY |		\
	 RCUTABLE_API_EXPEDITE_CONTROL | RCUTABLE_API_FREE_MIGHTSLEEP | \
	 RCUTABLE_API_RCU_SYNC)

#endif /* RCUTABLE_PEER_LIBURCU_READER_H */
