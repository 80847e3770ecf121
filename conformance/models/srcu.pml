/* SPDX-License-Identifier: MIT */
/*
 * conformance/models/srcu.pml: a Promela model of SRCU's grace period (the
 * index flip and the counter check), checked by spin (scripts/check-models
 * runs it).
 *
 * What it models, from the C code:
 *   rcutable/read/srcu_reader.h  srcu_read_lock(), srcu_read_unlock(), with
 *                                RCUTABLE_SRCU_READER_FENCED == 0 (the srcu
 *                                implementation, normal mode)
 *   lib/srcu/srcu_gp.c           srcu_synchronize(), srcu_gp_run() (G, S1,
 *                                F, S2), srcu_fence_readers() (membarrier()),
 *                                srcu_wait_for_readers()
 *   lib/srcu/srcu_domain.c       readers_in(), rcutable_srcu_readers_done():
 *                                unlock sum, smp_mb(), lock sum
 *
 * Processes: one updater that runs grace periods back to back for ever
 * (so every pair of consecutive grace periods is covered), and two reader
 * threads that run sections for ever, each optionally with one nested
 * section (depth 2; the nested srcu_read_lock() reads ssp->idx again and
 * may get the other index), and that spin may delay for any time between
 * any two of their steps.
 *
 * Abstractions:
 *  - Memory is sequentially consistent except for the one reordering that
 *    the reader's compiler-only barrier after its lock count
 *    (RCUTABLE_SRCU_AFTER_LOCK() = rcutable_barrier() in normal mode)
 *    permits and membarrier() exists to forbid: the lock-count increment
 *    may sit in the reader's store buffer (pl[]) while the section's
 *    accesses go ahead.  It reaches memory at the latest at the reader's
 *    next srcu_read_unlock(), whose release fence
 *    (RCUTABLE_SRCU_BEFORE_UNLOCK() = smp_wmb() = release fence) puts all
 *    earlier stores and the section's accesses before the unlock count, or
 *    earlier when membarrier() (fence G) forces it.  A buffered increment
 *    reaching memory earlier than that would only make the updater see
 *    more readers, never fewer.
 *  - The per-CPU slots (percpu_count.h) are not modelled: each sum is read
 *    in one step.  Counts only grow, so a slot-by-slot sum read from time
 *    t0 to t1 lies between the sum at t0 and the sum at t1; an unlock sum
 *    read over [a, b] is at most U(b), a lock sum read over [c, d] (c > b)
 *    at least L(c), and equal sums imply L(c) == U(b), which the model
 *    produces by reading at b and c.  Which CPU a reader counts on, and
 *    migration between its lock and its unlock, therefore do not matter.
 *  - Counts are unbounded in the C code (64 bits, never wrap in practice).
 *    The model keeps them small without changing anything a readers_in()
 *    call can observe: lk[x] and ul[x] are the lock and unlock sums of
 *    index x less a common base, and the base absorbs the unlock sum
 *    whenever the updater is not between its two sums of that index
 *    (win != x + 1).  Outside such a window ul[x] is 0 and lk[x] is the
 *    number of counted locks of index x not yet unlocked; inside it, both
 *    grow, and they are folded when the window closes.  A window is the
 *    only place where readers_in() compares values read at two times, so
 *    folding outside it is invisible.  To keep windows finite, at most
 *    WMAX locks of the summed index may happen inside one; the model
 *    asserts that the real S1 and S2 never reach that bound (lock_inc()),
 *    so it restricts nothing there; only the STARVE and FLIP_UNORDERED
 *    variants, which may sum the active index, are held to it.
 *  - A reader's "section" is the ghost live[i]: set at the outer section's
 *    first access, cleared at its srcu_read_unlock(), whose release fence
 *    completes the section's accesses before the unlock count.  The nested
 *    section lies inside the outer one.
 *  - membarrier() is, for each reader in turn, one atomic step that makes
 *    the reader's buffered lock increments visible (fence_on()).
 *  - Not modelled: srcu-mb (its fences are the fenced case of the same
 *    pairing), srcu's expedited mode (ssp->readers_fence), the per-domain
 *    grace-period funnel, gp_seq and cookies, callbacks, srcu_backoff()'s
 *    sleeping, domain set-up and cleanup.
 *
 * Safety property: a section that had performed an access before the
 * grace period began (old[i], set at its start) has completed when it ends
 * (the assert at the end of the updater's loop).  "Began" is the instant
 * the caller's unpublish is visible: the smp_mb() in srcu_synchronize()
 * before it reads gp_seq.
 *
 * Progress property: the label "progress" at the end of each grace period;
 * run with pan -l under weak fairness (-f).
 *
 * Variants (spin -DBROKEN=n, -DSTARVE):
 *   BROKEN=1  readers_in() sums the lock counts first, then the unlock
 *             counts.
 *   BROKEN=2  scans only one index: S1 is skipped (flip, then wait for the
 *             index that was active).  Needs two grace periods in a row.
 *   BROKEN=3  no fence G (no membarrier() at the start).
 *   STARVE    S1 waits for the active index instead of the inactive one:
 *             new readers can hold it back for ever (for the progress check).
 *   FLIP_UNORDERED  the two smp_mb()s around the flip F removed: the flip may
 *             reach memory at any point from the end of G to the end of the
 *             grace period, during S1 or S2 (more than any machine allows).
 *             srcu_gp.c gives these fences a progress role ("Why it ends
 *             under a continuous stream of readers"); the safety check of
 *             this variant must still pass.  (Its progress would fail,
 *             trivially: the model may then delay the flip for ever.)
 */

#ifndef BROKEN
#define BROKEN 0
#endif

#define NR	2
#ifndef WMAX
#define WMAX	NR
#endif

bit  idx;		/* ssp->idx & 1 */
byte lk[2];		/* lock sum of index 0, 1, less the base (see above) */
byte ul[2];		/* unlock sum of index 0, 1, less the same base */
byte pl[4];		/* pl[2*i + x]: reader i's buffered increments of lock[x] */
byte win;		/* x + 1 while the updater is between its two sums of index x */
byte wl;		/* locks of the summed index in the current window */
bit  live[NR];		/* ghost: the reader's outer section is running */
bit  old[NR];		/* ghost: ... and was running when this GP began */

/*
 * A full fence executed by reader thread i, as membarrier() makes every
 * thread execute one: its buffered lock increments reach memory.  Pairs
 * with RCUTABLE_SRCU_AFTER_LOCK() in srcu_read_lock().
 */
inline fence_on(i)
{
	atomic {
		lk[0] = lk[0] + pl[2*i];
		lk[1] = lk[1] + pl[2*i + 1];
		pl[2*i] = 0;
		pl[2*i + 1] = 0
	}
}

/*
 * srcu_read_lock()'s increment of index x's lock count: in memory at once, or
 * buffered (RCUTABLE_SRCU_AFTER_LOCK() is only a compiler barrier).  First
 * the window bound WMAX (see the top), on locks of the index the updater is
 * summing.  With the real S1 and S2 it never binds: the index summed is the
 * inactive one, and a thread counts under it only after reading ssp->idx
 * before the flip, once per flip, so at most NR (== WMAX) such locks fall in
 * one window; the model asserts it.  STARVE sums the active index, and
 * FLIP_UNORDERED may, where readers come without limit: there the bound
 * blocks them.
 */
inline lock_inc(i, x)
{
	atomic {
#if defined(STARVE) || defined(FLIP_UNORDERED)
		(win != x + 1 || wl < WMAX);
#else
		assert(win != x + 1 || wl < WMAX);
#endif
		if
		:: win == x + 1 -> wl++
		:: else
		fi;
		if
		:: lk[x]++
		:: pl[2*i + x]++
		fi
	}
}

/*
 * srcu_read_unlock(ssp, x) of reader i: RCUTABLE_SRCU_BEFORE_UNLOCK(), a
 * release fence (earlier stores, the buffered lock increments included,
 * and the section's accesses before what follows), then
 * rcutable_percpu_inc(&c->unlock[x]), folded into the base outside the
 * updater's window of index x.  The release fence pairs with the smp_mb()
 * after the unlock sum in readers_in() (srcu_domain.c): a scan that counts
 * this unlock counts the lock too, and the section precedes that fence and
 * so everything the caller does after the grace period.
 */
inline unlock_inc(i, x)
{
	lk[0] = lk[0] + pl[2*i];
	lk[1] = lk[1] + pl[2*i + 1];
	pl[2*i] = 0;
	pl[2*i + 1] = 0;
	if
	:: win == x + 1 -> ul[x]++
	:: else -> assert(lk[x] > 0); lk[x]--
	fi
}

/*
 * rcutable_srcu_readers_done(ssp, x): readers_in(ssp, x) == 0.  The first
 * sum opens the window, the second closes it; done is the comparison.
 */
inline readers_done(x)
{
#if BROKEN == 1
	/* Wrong order: the lock sum first ... */
	atomic { s1 = lk[x]; win = x + 1; wl = 0 };
	/* rcutable_smp_mb() */
	/* ... then the unlock sum. */
	atomic {
		done = (s1 == ul[x]);
		lk[x] = lk[x] - ul[x]; ul[x] = 0; win = 0; s1 = 0
	}
#else
	/* unlocks = rcutable_percpu_sum(&c->unlock[x]) (0 at a window's
	 * start: the base absorbed the earlier unlocks) */
	atomic { s1 = ul[x]; win = x + 1; wl = 0 };
	/* rcutable_smp_mb(): pairs with RCUTABLE_SRCU_BEFORE_UNLOCK(): a
	 * reader whose unlock count the first sum saw has its lock count
	 * visible to the second. */
	/* rcutable_percpu_sum(&c->lock[x]) - unlocks == 0 */
	atomic {
		done = (lk[x] == s1);
		lk[x] = lk[x] - ul[x]; ul[x] = 0; win = 0; s1 = 0
	}
#endif
}

/* srcu_wait_for_readers(ssp, x): readers_done() until true; srcu_backoff()
 * between tries only waits. */
inline wait_for_readers(x)
{
	do
#ifdef FLIP_UNORDERED
	:: !flipped -> idx = 1 - s; flipped = 1	/* the flip reaches memory */
#endif
	:: readers_done(x);
		if
		:: done -> done = 0; break
		:: else
		fi
	od
}

active proctype updater()
{
	bit s;		/* srcu_gp_run(): idx = ssp->idx */
	byte s1;	/* readers_done(): the first sum */
	bit done;
#ifdef FLIP_UNORDERED
	bit flipped;	/* the flip of this grace period has reached memory */
#endif

	do
	::
		/* srcu_synchronize(): the caller's unpublish and the smp_mb()
		 * before its cookie; gp_seq_start.  Ghost: which sections
		 * have already run some access. */
		atomic { old[0] = live[0]; old[1] = live[1] };

		s = idx;
#ifdef FLIP_UNORDERED
		flipped = 0;
#endif

#if BROKEN != 3
		/* G: srcu_fence_readers(), membarrier() in normal mode.
		 * Pairs with RCUTABLE_SRCU_AFTER_LOCK() in srcu_read_lock(): a
		 * section running now has its lock count in memory before S1
		 * and S2 sum. */
		fence_on(0);
		fence_on(1);
#endif

#ifdef STARVE
		wait_for_readers(s);		/* wrong: the active index */
#else
#if BROKEN != 2
		/* S1: the inactive index, which only late readers (that read
		 * ssp->idx before the previous flip) can be counted under. */
		wait_for_readers(1 - s);
#endif
#endif

		/* F: smp_mb(); WRITE_ONCE(ssp->idx, idx + 1); smp_mb().  The
		 * fences keep S1's loads before the flip and S2's after it
		 * (the updater's program order here). */
#ifndef FLIP_UNORDERED
		idx = 1 - s;
#endif

		/* S2: the index that was active at G. */
		wait_for_readers(s);

#ifdef FLIP_UNORDERED
		/* At the latest, the release of gp_seq_end and the smp_mb()
		 * at the end of srcu_synchronize() make it visible. */
		if
		:: !flipped -> idx = 1 - s; flipped = 1
		:: else
		fi;
#endif
		/* The grace period's end (gp_seq_end, the mutex unlock, the
		 * smp_mb() at the end of srcu_synchronize()): every section
		 * that was running when it began is over. */
		assert(!old[0] && !old[1]);
progress:
		skip
	od
}

active [NR] proctype reader()
{
	byte i = _pid - 1;	/* the updater is _pid 0 */
	bit x, y;		/* the indexes srcu_read_lock() returned */

	do
	::
		/* srcu_read_lock(): idx = READ_ONCE(ssp->idx) & 1.  A delay
		 * after this load and before the increment is the "late
		 * reader" that counts under an index a scan has passed. */
		x = idx;
		lock_inc(i, x);

		/* The section's first access (after RCUTABLE_SRCU_AFTER_LOCK()). */
		live[i] = 1;

		if
		::	/* A nested srcu_read_lock(): its own index and count. */
			y = idx;
			lock_inc(i, y);
			/* ... the inner section ...; srcu_read_unlock(ssp, y). */
			atomic { unlock_inc(i, y) };
			y = 0
		:: skip
		fi;

		/* srcu_read_unlock(ssp, x): the section is over before its
		 * unlock count is visible (the release fence). */
		atomic {
			live[i] = 0;
			old[i] = 0;
			unlock_inc(i, x);
			x = 0
		}
	od
}
