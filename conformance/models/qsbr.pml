/* SPDX-License-Identifier: MIT */
/*
 * conformance/models/qsbr.pml: a Promela model of the QSBR grace period on
 * 64-bit machines (one wait), checked by spin (scripts/check-models runs
 * it).
 *
 * What it models, from the C code:
 *   rcutable/read/qsbr_reader.h  rcu_quiescent_state(), rcu_thread_offline(),
 *                                rcu_thread_online()
 *   rcutable/read/counter_state.h rcutable_reader_store_fenced(), the counter
 *   lib/counter/counter_gp.c     gp_run() with RCUTABLE_GP_ONE_WAIT (the
 *                                advance and one wait), ctr_holds_gp(),
 *                                wait_for_readers(), count_holdouts()
 *   lib/counter/self_fence.c     rcutable_flavor_mb_all(): QSBR readers
 *                                fence themselves, the updater only itself
 *
 * Processes: one updater that runs GPS grace periods back to back (enough
 * for a thread to carry a copy across two of them), then idles; two reader
 * threads that, for ever and in any order, run a section and report a
 * quiescent state, go offline, or come back online, and that spin may delay
 * for any time between any two of their steps.
 *
 * Abstractions:
 *  - The global word is the number of grace periods begun (gword), which
 *    the model never lets wrap: the C code's counter of 47 bits repeats a
 *    value only after 2^47 grace periods.  A thread's counter ctr[i] is 0
 *    when offline (RCUTABLE_CTR_IDLE), else 1 + its copy of the word.
 *  - Memory: a report's first fence, a release
 *    (rcutable_reader_store_fenced()), completes the section's accesses
 *    before the counter store; without it (BROKEN=2) they may complete
 *    after the store is visible (tail[i]), as on a weak machine.  The second fence (after the store) matters for
 *    the futex protocol only: a thread can show the new word only after
 *    loading it, and its later accesses follow that load, so it is left
 *    out, and stores are visible at once.  The updater's fences A and B are
 *    local (self_fence.c) and its accesses stay in program order.
 *  - A reader's section is the ghost live[i]: set at its first access,
 *    cleared once its last access has completed (at the next report or
 *    offline, whose first fence completes it).
 *  - Registration and unregistration (memb.pml models them for every
 *    counter flavor), gp_seq and batching, the futex sleep and wake-up,
 *    stall warnings and the nesting count are not modelled.
 *
 * Safety property: a section that had performed an access before the grace
 * period began (old[i], set at its start) has completed all its accesses
 * when the grace period ends (the assert at the end of the updater's loop).
 *
 * Progress property: the label "progress" at the end of each grace period
 * and in the updater's final idle loop; with pan -l under weak fairness
 * (-f): no fair cycle avoids it.
 *
 * Variants (spin -DBROKEN=n, -DSTARVE):
 *   BROKEN=1  one phase bit with one wait (the copy is the word modulo 2):
 *             a thread that loads the word offline and comes online after
 *             a flip shows the phase that the next flip returns to.
 *   BROKEN=2  no fence before a report's counter store (weak memory).
 *   BROKEN=3  the wait is for the threads whose copy is the previous word
 *             only (the two-phase test, applied to a counter): a copy
 *             older than that is taken for quiescent.
 *   STARVE    the updater advances the word again before each pass of its
 *             wait, so readers never catch up (for the progress check).
 */

#ifndef BROKEN
#define BROKEN 0
#endif

#define NR	2
#define GPS	3

byte gword;		/* rcutable_rcu_gp.ctr's counter: grace periods begun */
byte ctr[NR] = 1;	/* 0: offline; else 1 + the thread's copy (online) */
bit  live[NR];		/* ghost: a section's accesses are outstanding */
bit  old[NR];		/* ghost: ... and were already when this GP began */
bit  tail[NR];		/* BROKEN=2: accesses outstanding after the store */

#if BROKEN == 1
#define COPY(g)		(1 + (g) % 2)
#else
#define COPY(g)		(1 + (g))
#endif

/* ctr_holds_gp(): online, and the copy is not the word waited for. */
#if BROKEN == 3
#define HOLDS(i, g)	(ctr[i] != 0 && ctr[i] == COPY((g) - 1))
#else
#define HOLDS(i, g)	(ctr[i] != 0 && ctr[i] != COPY(g))
#endif

/* The first fence of rcutable_reader_store_fenced(): the section's accesses
 * complete; then the store of c (visible at once). */
inline store_fenced(i, c)
{
#if BROKEN == 2
	atomic { ctr[i] = c; tail[i] = live[i] };
	atomic { live[i] = 0; old[i] = 0; tail[i] = 0 }
#else
	atomic { live[i] = 0; old[i] = 0 };
	ctr[i] = c
#endif
}

active proctype updater()
{
	byte n;

	for (n : 1 .. GPS) {
		/* gp_synchronize(): the caller's unpublish and smp_mb();
		 * ghost: which sections have already run some access. */
		atomic { old[0] = live[0]; old[1] = live[1] };
		/* Fence A (local); the advance: WRITE_ONCE(ctr, cur + PHASE);
		 * smp_mb(). */
		gword++;
		/* wait_for_readers(cur + PHASE): a pass reads each counter in
		 * turn; a holdout restarts it. */
		do
		:: HOLDS(0, gword) ->
#ifdef STARVE
			gword++
#else
			skip
#endif
		:: !HOLDS(0, gword) ->
			if
			:: HOLDS(1, gword) -> skip
			:: else -> break
			fi
		od;
		/* Fence B (local), gp_seq_end: every section running when the
		 * grace period began is over. */
		assert(!old[0] && !old[1]);
progress:
		skip
	};
	do
	:: true ->
progress_idle:
		skip
	od
}

active [NR] proctype reader()
{
	byte i = _pid - 1;	/* the updater is _pid 0 */
	byte g;

	do
	:: ctr[i] != 0 ->
		/* A section: its first access. */
		live[i] = 1;
		/* rcu_quiescent_state(): g = READ_ONCE(rcutable_rcu_gp.ctr);
		 * a thread whose copy is current has nothing to report (its
		 * section goes on: a later report ends it). */
		g = gword;
		if
		:: ctr[i] == COPY(g) -> skip
		:: else -> store_fenced(i, COPY(g))
		fi
	:: ctr[i] != 0 ->
		/* rcu_thread_offline(): the section ends, then IDLE. */
		store_fenced(i, 0)
	:: ctr[i] == 0 ->
		/* rcu_thread_online(): WRITE_ONCE(ctr, READ_ONCE(gp.ctr));
		 * smp_mb().  A delay between the load and the store is the
		 * thread that comes online with a copy taken before an
		 * advance. */
		g = gword;
		ctr[i] = COPY(g)
	od
}
