/* SPDX-License-Identifier: MIT */
/*
 * lib/engine/gp_seq.h: grace-period sequence numbers.
 *
 * A sequence number counts grace-period boundaries: even while no grace
 * period runs, odd while one does.  It only grows (wrapping is handled by
 * signed comparison), and only the holder of the flavor's grace-period lock
 * writes it.  A cookie is the value the counter must reach for a full grace
 * period to have run after the cookie was taken.
 */
#ifndef RCUTABLE_ENGINE_GP_SEQ_H
#define RCUTABLE_ENGINE_GP_SEQ_H

#include <stdbool.h>
#include <rcutable/compiler.h>

/*
 * The cookie for sequence value s: from idle (even s) the next grace period
 * ends at s + 2; one already running (odd s) may have begun too early, so
 * the one after it, ending at s + 3, is needed.
 */
static inline unsigned long rcutable_gp_seq_cookie(unsigned long s)
{
	return (s + 3) & ~1UL;
}

/* Has the sequence reached cookie? */
static inline bool rcutable_gp_seq_done(unsigned long s, unsigned long cookie)
{
	return (long)(s - cookie) >= 0;
}

/* The grace-period lock holder marks the start and end of a grace period. */
static inline void rcutable_gp_seq_start(unsigned long *seq)
{
	RCUTABLE_WRITE_ONCE(*seq, *seq + 1);
}

/* Release: the grace period (its fence B) before the end is seen; pairs
 * with the acquire of callers that find their cookie done without the
 * grace-period lock. */
static inline void rcutable_gp_seq_end(unsigned long *seq)
{
	__atomic_store_n(seq, *seq + 1, __ATOMIC_RELEASE);
}

#endif /* RCUTABLE_ENGINE_GP_SEQ_H */
