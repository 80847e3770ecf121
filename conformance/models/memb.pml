/* SPDX-License-Identifier: MIT */
/*
 * conformance/models/memb.pml: a Promela model of the memb grace period,
 * checked by spin (scripts/check-models runs it).
 *
 * What it models, from the C code:
 *   rcutable/read/counter_reader.h  rcu_read_lock(), rcu_read_unlock()
 *   rcutable/read/counter_state.h   the per-thread counter and its encoding
 *   lib/counter/counter_gp.c        gp_synchronize(), gp_run() (fence A,
 *                                   step 1, step 2 the flip, step 3, fence B),
 *                                   wait_for_readers(), count_holdouts(),
 *                                   reader_holds_old_phase()
 *   impls/memb/memb.c               rcutable_flavor_mb_all() = membarrier()
 *   counter_gp.c, with -DEXPEDITED  the readers' answers: gp_answered(),
 *                                   gp_ask(), gp_readers_quiet(),
 *                                   reader_answer(); expedited mode:
 *                                   gp_fence_mode_extend(), the re-arm in
 *                                   rcutable_reader_idle_slow() and the
 *                                   out-of-line rcu_read_lock()
 *   rcutable/read/mb.h, impls/mb/   with -DMB: mb's readers, smp_mb() after
 *                                   the lock's store, a release before the
 *                                   idle store; rcutable_flavor_mb_all() =
 *                                   the updater's own smp_mb()
 *
 * Processes: one updater that runs grace periods back to back for ever
 * (so every pair of consecutive grace periods is covered), and two reader
 * threads that run outermost sections for ever, each optionally holding
 * one nested section (depth 2), and that spin may delay for any time
 * between any two of their steps.
 *
 * Abstractions (what is left out, and why that is safe to leave out):
 *  - Memory is sequentially consistent except for exactly the two
 *    reorderings that the readers' compiler-only barriers
 *    (RCUTABLE_READER_FENCE() and RCUTABLE_READER_RELEASE() =
 *    rcutable_barrier() in rcutable/read/memb.h)
 *    permit and that membarrier() exists to forbid:
 *      (a) rcu_read_lock(): the counter store may wait in the reader's store
 *          buffer while the section's accesses go ahead (store then load;
 *          even x86-TSO does this).  rc[i] is the counter as the thread
 *          itself sees it (store forwarding), ctr[i] as everyone else does,
 *          pend[i] says the last store has not reached memory yet.
 *      (b) rcu_read_unlock(): on a weak architecture the section's own
 *          accesses may still be outstanding when the idle store is
 *          visible (tail[i]).  x86-TSO forbids this; compile with -DTSO to
 *          model that machine, where counter_gp.c makes fence B a local
 *          smp_mb() (RCUTABLE_GP_FENCE_B == 0).
 *    Loads are not reordered with each other, and the updater's own
 *    accesses stay in program order (its smp_mb()s around the flip),
 *    except in the FLIP_UNORDERED variant below.
 *  - A reader's "section" is the ghost live[i]: set at the section's first
 *    access, cleared when its last access has completed.  Nested sections
 *    lie inside the outermost one, so only the outermost is tracked.
 *  - membarrier() is, for each reader in turn, one atomic step that makes
 *    the reader's earlier stores visible and completes its earlier accesses
 *    (mb_on() below): a full fence executed by that thread at some point of
 *    its program (by IPI, or the scheduler's fence if it is not running).
 *  - Unregistration and thread exit, inside a section or outside one:
 *    reader_go_idle() (rcutable_reader_store_fenced(): fence, idle store,
 *    fence), then the removal from the registry, which a grace period's
 *    scans may see between any two reads (wait_for_readers() lets
 *    registry_lock go while it blocks; the model lets the removal fall
 *    anywhere, even within a pass).  The slot then registers again (a new
 *    thread, or the same one), idle.  A removed thread's counter is not
 *    read (reg[i]).
 *  - Registration's newcomers list, the grace-period
 *    lock, gp_seq and batching, the futex sleep/wake protocol of
 *    wait_for_readers() and rcutable_reader_wake_updater(), stall warnings,
 *    and the 16-bit nesting limit are not modelled.  The futex path only
 *    replaces spinning by sleeping, and its extra membarrier() only makes
 *    readers' stores visible earlier (more waiting, never less).  mb's
 *    readers may miss a wake (no fence between their idle store and their
 *    check of the sleep word), so its sleep is bounded (gp_sleep_ns()):
 *    still spinning, only slower.
 *  - mb (-DMB): the reader's smp_mb() after its lock store forbids (a), its
 *    release before the idle store forbids (b) on any machine, and the
 *    updater's fences A and B are its own (mb_on() does nothing to a
 *    reader).
 *  - Counter encoding: ctr = nest | phase << 2 | fence << 3, nest in 0..2;
 *    0 stands for RCUTABLE_CTR_IDLE (every modelled thread is registered,
 *    so the REGISTERED bit carries no information here), 8 for
 *    IDLE | RCUTABLE_CTR_FENCE (QUIET).
 *
 * Safety property: a section that had performed an access before the
 * grace period began (old[i], set at the start of the grace period) must
 * have completed all its accesses when the grace period ends (the assert
 * at the end of the updater's loop).  "Began" is the instant at which the
 * caller's unpublish is visible to all: gp_synchronize()'s smp_mb() before
 * it takes its cookie; a section whose first access comes later sees the
 * unpublish and need not be waited for.
 *
 * Progress property: the label "progress" at the end of each grace period;
 * run with pan -l under weak fairness (-f): no fair cycle avoids it,
 * although readers keep entering and leaving sections.
 *
 * Variants (spin -DBROKEN=n, -DSTARVE, -DTSO):
 *   BROKEN=1  a single flip: step 1 is skipped (flip, then wait for the
 *             old phase only).  Needs two grace periods in a row.
 *   BROKEN=2  no fence A (no membarrier() at the start).
 *   BROKEN=3  no fence B on a weak machine (the x86-64 local fence B used
 *             where reordering (b) exists).
 *   BROKEN=4  a thread leaves the registry before its section ends (the
 *             removal before reader_go_idle(), not after it).
 *   STARVE    step 1 waits for the current phase instead of the other one:
 *             new readers can then hold the grace period back for ever
 *             (for the progress check).
 *   TSO       reordering (b) impossible, fence B local (x86-64's build).
 *   MB        mb's readers and updater (above); with BROKEN=5 its reader
 *             lacks the smp_mb() after the lock's store, with BROKEN=6 the
 *             release before the idle store (weak memory).
 *   EXPEDITED memb's and signal's answers and expedited mode, on x86-TSO
 *             (use with -DTSO): every grace period is expedited (a normal
 *             one asks as the one that turns the mode on does, see the
 *             updater); one that finds the mode bit (RCUTABLE_GP_FENCING)
 *             clear sets it and asks (a new request, which no thread has
 *             answered yet, and RCUTABLE_GP_ASKING), one that finds the
 *             mode on does not; each then
 *             takes a thread for quiet if it has answered the request or
 *             its counter is re-armed, and runs in full if one is not.  A
 *             reader that goes idle while the request bit is set answers
 *             (reader_answer(): its store reaches memory after its idle
 *             store), or not yet.  The mode bit is cleared by any reader
 *             that goes idle (the mode lapsed, after its re-arm); a reader
 *             that goes idle in the mode re-arms its counter (IDLE | FENCE:
 *             in memory at once, the updater's worst case), or does not (a
 *             signal handler that reads in the window before the re-arm
 *             runs its section first, from a plain idle counter); in any
 *             mode an idle thread that queues a callback or waits for a
 *             grace period re-arms a plain idle counter (caller_rearm());
 *             a re-armed counter's next lock stores and fences.  Here the idle
 *             store, too, may wait in the store buffer behind the lock's
 *             (TSO keeps stores in order; a later store coalesces with
 *             them).
 *             Nesting is left out (the other checks cover it; a nested
 *             store keeps the bit).  Safety only: the store buffer is never
 *             forced to drain here, so a wait could stall on a buffered
 *             store for ever (the progress checks above cover the waits).
 *             With BROKEN=7 the out-of-line lock lacks its smp_mb(); with
 *             BROKEN=8 gp_readers_quiet() takes a thread seen in a fenced
 *             section for quiet; with BROKEN=9 it trusts the mode bit and
 *             looks at no counter; with BROKEN=10 a reader answers before
 *             its section ends (the check of futex before the idle
 *             store); with BROKEN=11 an answer to an earlier request
 *             counts (ack compared with no request number); with
 *             BROKEN=12 a thread re-arms inside its section
 *             (caller_rearm() without its check of the idle counter).
 *   FLIP_UNORDERED  the two smp_mb()s around the flip removed: the flip may
 *             reach memory at any point from the end of fence A to fence B,
 *             during either wait (more than any machine allows: the loop
 *             exit of step 1 is also a control dependency).  gp_run() says
 *             these fences are "needed for forward progress only"; the
 *             safety check of this variant must still pass.  (Its progress
 *             would fail, trivially: the model may then delay the flip for
 *             ever, which a real store buffer does not.)
 */

#ifndef BROKEN
#define BROKEN 0
#endif

#define NR	2

bit  gpph;		/* rcutable_rcu_gp.ctr & RCUTABLE_CTR_PHASE */
byte ctr[NR];		/* rcutable_rcu_reader.ctr of each thread, in memory */
byte rc[NR];		/* the same counter as its own thread reads it */
bit  pend[NR];		/* the thread's last counter store is still buffered */
bit  tail[NR];		/* (b): section accesses outstanding after the idle store */
bit  live[NR];		/* ghost: the outermost section is running */
bit  old[NR];		/* ghost: ... and was running when this GP began */
bit  reg[NR] = 1;	/* in the registry: its counter is scanned */
bit  fmode;		/* rcutable_rcu_gp.futex & RCUTABLE_GP_FENCING */
bit  asking;		/* rcutable_rcu_gp.futex & RCUTABLE_GP_ASKING */
bit  ans[NR];		/* thread i's ack equals the current request number */

#define NEST(v)		((v) & 3)
#define PHASE(v)	(((v) >> 2) & 1)
#define FENCED(v)	((v) >> 3)
#define QUIET		8	/* RCUTABLE_CTR_IDLE | RCUTABLE_CTR_FENCE */
/* reader_holds_old_phase(): inside a section of a phase other than cur. */
#define HOLDS(v, cur)	(NEST(v) != 0 && PHASE(v) != (cur))
/* count_holdouts() on thread i: only registered threads are walked. */
#define HOLDOUT(i, cur)	(reg[i] && HOLDS(ctr[i], cur))

/*
 * A full fence executed by reader thread i, as membarrier() makes every
 * thread execute one, in place of its compiler barrier: its buffered
 * counter store reaches memory (what fence A needs from
 * RCUTABLE_READER_FENCE() after the store in rcu_read_lock()) and its
 * section's outstanding accesses complete (what fence B needs from
 * RCUTABLE_READER_RELEASE() before the idle store in rcu_read_unlock()).
 */
inline mb_on(i)
{
#ifdef MB
	skip	/* the updater's own smp_mb(): nothing happens on reader i */
#else
	atomic {
		if
		:: pend[i] -> ctr[i] = rc[i]; pend[i] = 0
		:: else
		fi;
		if
		:: tail[i] -> live[i] = 0; old[i] = 0; tail[i] = 0
		:: else
		fi
	}
#endif
}

/*
 * reader_go_idle() of thread i inside its section: before its idle store,
 * the buffered counter store is flushed (stores become visible in order)
 * and the section's accesses complete (the release: the section ends
 * here); then the idle store, whose full fence makes it visible at once.
 */
inline go_idle(i)
{
	atomic {
		if
		:: pend[i] -> ctr[i] = rc[i]; pend[i] = 0
		:: else
		fi;
		live[i] = 0; old[i] = 0
	};
	atomic { rc[i] = 0; ctr[i] = 0 }
}

/*
 * wait_for_readers(ph): repeat count_holdouts(ph) until a whole pass over
 * the registry finds no holdout.  Each counter is read in its own step, in
 * registry order; a holdout restarts the pass (the C code finishes the pass
 * first, which reads nothing that matters).  The C code spins, then sleeps
 * on the futex; the model spins.
 */
inline wait_for_readers(ph)
{
	do
#ifdef FLIP_UNORDERED
	:: !flipped -> gpph = 1 - cur; flipped = 1	/* the flip reaches memory */
#endif
	:: HOLDOUT(0, ph) -> skip
	:: !HOLDOUT(0, ph) ->
		if
		:: HOLDOUT(1, ph) -> skip
		:: else -> break
		fi
	od
}

/*
 * gp_readers_quiet() on thread i: clears quiet unless it is seen to have
 * answered the request (useans), or its counter is seen QUIET (or it has
 * left the registry).  It may wait on any other value for as long as it
 * likes: the budgets are for speed alone.
 */
inline quiet_check(i)
{
	do
	:: !reg[i] || ctr[i] == QUIET || (useans && ans[i]) -> break
#if BROKEN == 8
	:: reg[i] && FENCED(ctr[i]) -> break	/* wrong: a fenced section */
#endif
	:: reg[i] && ctr[i] != QUIET -> skip		/* waits */
	:: reg[i] && ctr[i] != QUIET -> quiet = 0; break	/* out of budget */
	od
}

active proctype updater()
{
	bit cur;
	bit quiet;	/* EXPEDITED: gp_readers_quiet() may still succeed */
	bit useans;	/* EXPEDITED: this grace period asked */
#ifdef FLIP_UNORDERED
	bit flipped;	/* the flip of this grace period has reached memory */
#endif

	do
	::
		/* gp_synchronize(): the caller's unpublish and the smp_mb()
		 * before its cookie; gp_seq_start.  Ghost: which sections
		 * have already run some access. */
		atomic { old[0] = live[0]; old[1] = live[1] };

		/* gp_run(): phase = READ_ONCE(rcutable_rcu_gp.ctr) & PHASE. */
		cur = gpph;
#ifdef FLIP_UNORDERED
		flipped = 0;
#endif

#ifdef EXPEDITED
		/* gp_answered(): an expedited grace period that finds the mode
		 * on takes the re-arms for answers; one that turns the mode
		 * on asks (gp_ask(): a new request number, released after the
		 * unpublish, then RCUTABLE_GP_ASKING).  A normal grace period
		 * asks as that one does, without the mode: the same as that
		 * one's ask with the mode ended at once by a reader, which
		 * the readers may do at any idle store, so it is covered. */
		if
		:: fmode -> useans = 0
		:: else -> fmode = 1; useans = 1
		fi;
		if
		:: useans ->
#if BROKEN == 11
			asking = 1	/* wrong: earlier answers still count */
#else
			atomic { ans[0] = 0; ans[1] = 0; asking = 1 }
#endif
		:: else
		fi;
		quiet = 1;
		/* gp_readers_quiet(): after the updater's full fence (its
		 * accesses are in program order here), each registered
		 * thread in turn must be seen to have answered, or its
		 * counter QUIET; an idle counter without either fails (after
		 * a while), any other is looked at again until the spin
		 * budget ends. */
#if BROKEN != 9
		if
		:: quiet ->
			quiet_check(0);
			if
			:: quiet -> quiet_check(1)
			:: else
			fi
		:: else
		fi;
#endif
		/* gp_ask() clears the bit before it returns; no answer equals
		 * the next request's number (dead values are reset, to keep
		 * the state space small). */
#if BROKEN == 11
		asking = 0;
#else
		atomic { asking = 0; ans[0] = 0; ans[1] = 0 };
#endif
		useans = 0;
		if
		:: quiet -> quiet = 0; goto fence_b	/* only fence B is left */
		:: else
		fi;
#endif
#if BROKEN != 2
		/* Fence A: rcutable_flavor_mb_all(), i.e. membarrier().  Pairs
		 * with RCUTABLE_READER_FENCE() after the counter store in
		 * rcu_read_lock(): a section running now has its counter in
		 * memory before steps 1 and 3 read it. */
		mb_on(0);
		mb_on(1);
#endif

#ifdef STARVE
		wait_for_readers(1 - cur);	/* wrong: waits for the current phase */
#else
#if BROKEN != 1
		/* Step 1: wait_for_readers(phase): no reader inside a section
		 * of the other phase (one that loaded the word before the
		 * previous grace period's flip). */
		wait_for_readers(cur);
#endif
#endif

		/* Step 2: smp_mb(); WRITE_ONCE(rcutable_rcu_gp.ctr, ^PHASE);
		 * smp_mb().  The smp_mb()s keep step 1's loads before the flip
		 * and step 3's after it (the updater's program order here). */
#ifndef FLIP_UNORDERED
		gpph = 1 - cur;
#endif

		/* Step 3: wait_for_readers(phase ^ PHASE): no reader inside a
		 * section of the old phase. */
		wait_for_readers(1 - cur);

#ifdef EXPEDITED
fence_b:
#endif
#if !defined(TSO) && BROKEN != 3
		/* Fence B with RCUTABLE_GP_FENCE_B == 1: membarrier() again.
		 * Pairs with RCUTABLE_READER_RELEASE() before the idle store in
		 * rcu_read_unlock(): the sections step 3 saw end are over. */
		mb_on(0);
		mb_on(1);
#endif
		/* With -DTSO (and BROKEN=3) fence B is the local smp_mb() of
		 * x86-64, which changes nothing for the readers. */
#ifdef FLIP_UNORDERED
		/* Fence B (a full fence either way) drains the flip at last. */
		if
		:: !flipped -> gpph = 1 - cur; flipped = 1
		:: else
		fi;
#endif

		/* The grace period's end (gp_seq_end, the smp_mb() at the end
		 * of gp_synchronize()): every section that was running when it
		 * began is over. */
		assert(!old[0] && !old[1]);
progress:
		skip
	od
}

active [NR] proctype reader()
{
	byte i = _pid - 1;	/* the updater is _pid 0 */
	byte v;

	do
	::
		/* rcu_read_lock(), outermost (c == RCUTABLE_CTR_IDLE):
		 * RCUTABLE_READ_ONCE(rcutable_rcu_gp.ctr): NEST_ONE and the
		 * current phase.  A delay after this load and before the store
		 * is the "late reader" that records the phase before a flip. */
		v = 1 | (gpph << 2);

#ifdef EXPEDITED
		/* A re-armed counter: rcutable_reader_register_and_lock()
		 * stores v | FENCE, then smp_mb(): in memory before the
		 * section starts (with BROKEN=7, no smp_mb()). */
		if
		:: rc[i] == QUIET ->
			v = v | QUIET;
			if
			:: atomic { rc[i] = v; ctr[i] = v; pend[i] = 0 }
#if BROKEN == 7
			:: atomic { rc[i] = v; pend[i] = 1 }
#endif
			fi;
			goto locked
		:: else
		fi;
#endif
		/* RCUTABLE_WRITE_ONCE(r->ctr, v): in memory at once, or still
		 * in the store buffer when the section starts, since
		 * RCUTABLE_READER_FENCE() is only a compiler barrier (a). */
		if
		:: atomic { rc[i] = v; ctr[i] = v }
#if !defined(MB) || BROKEN == 5
		:: atomic { rc[i] = v; pend[i] = 1 }
#endif
		fi;
#ifdef EXPEDITED
locked:
#endif

		/* The section's first access (after RCUTABLE_READER_FENCE()). */
		live[i] = 1;
#if BROKEN == 12
		if	/* wrong: a re-arm inside the section (caller_rearm()
			 * without its check of the idle counter) */
		:: atomic { rc[i] = QUIET; ctr[i] = QUIET; pend[i] = 0 }
		:: skip
		fi;
#endif

		if
#ifndef EXPEDITED	/* nesting is covered above; it keeps the bit */
		::	/* Nested rcu_read_lock(): WRITE_ONCE(r->ctr, c + 1).  Only
			 * the nesting count changes, not the phase nor whether the
			 * counter shows a section, so when the store reaches memory
			 * does not matter: with the same timing as the store before
			 * it (coalesced while that one is buffered). */
			atomic {
				rc[i] = rc[i] + 1;
				if
				:: !pend[i] -> ctr[i] = rc[i]
				:: else
				fi
			};
			/* ... the inner section ... then the nested
			 * rcu_read_unlock(): WRITE_ONCE(r->ctr, c - 1). */
			atomic {
				rc[i] = rc[i] - 1;
				if
				:: !pend[i] -> ctr[i] = rc[i]
				:: else
				fi
			}
#endif
		:: skip
		fi;

		if
		:: skip
		::	/* The thread exits inside its section (or, between
			 * sections, unregisters: the same steps on an idle
			 * counter).  reader_go_idle(): the fence completes the
			 * section's accesses and flushes the buffered counter
			 * store, then the idle store, then the second fence;
			 * then reader_unregister() removes it under
			 * registry_lock. */
#if BROKEN == 4
			reg[i] = 0;
			go_idle(i);
#else
			go_idle(i);
			reg[i] = 0;
#endif
			/* A thread registers in the slot: idle, pushed on the
			 * newcomers list, scanned from the next splice on. */
			reg[i] = 1;
			goto next
		fi;

		/* rcu_read_unlock(), outermost (nest == NEST_ONE). */
#if defined(TSO) || (defined(MB) && BROKEN != 6)
#if defined(EXPEDITED) && BROKEN == 10
		if	/* wrong: an answer before the section ends */
		:: asking -> ans[i] = 1
		:: skip
		fi;
#endif
		/* x86-TSO: the section's accesses are complete before the idle
		 * store (RCUTABLE_READER_RELEASE(), a compiler barrier, keeps
		 * the compiler from moving them; the hardware keeps the order).
		 * mb: its release fence keeps that order on any machine. */
		atomic { live[i] = 0; old[i] = 0 };
		/* WRITE_ONCE(r->ctr, RCUTABLE_CTR_IDLE); a buffered store of
		 * rcu_read_lock() reaches memory first (stores in order). */
#ifdef EXPEDITED
		/* ... or this store waits in the buffer too. */
		if
		:: atomic { rc[i] = 0; ctr[i] = 0; pend[i] = 0 }
		:: atomic { rc[i] = 0; pend[i] = 1 }
		fi;
#if BROKEN != 10
		/* The check of futex: a request is answered first
		 * (reader_answer(): the number loaded and stored into ack in
		 * one step here, the thread idle between the two); the store
		 * reaches memory after the idle store (TSO: stores in order),
		 * so both go now; an answer still buffered is one not seen
		 * yet, as if the thread had not answered. */
		if
		:: asking ->
			atomic {
				if
				:: pend[i] -> ctr[i] = rc[i]; pend[i] = 0
				:: else
				fi;
				ans[i] = 1
			}
		:: skip
		fi;
#endif
		/* Then, in expedited mode, rcutable_reader_idle_slow()
		 * re-arms the counter, then may end the lapsed mode; or a
		 * signal handler reads first, from the plain idle counter (and
		 * may end the mode itself).  In any mode, the idle thread may
		 * queue a callback or wait for a grace period, whose
		 * caller_rearm() re-arms the counter too (here at once: a
		 * thread that does so later is one delayed before this step). */
		if
		:: atomic { rc[i] = QUIET; ctr[i] = QUIET; pend[i] = 0 }
		:: fmode ->
			atomic { rc[i] = QUIET; ctr[i] = QUIET; pend[i] = 0 };
			fmode = 0
		:: fmode -> fmode = 0
		:: skip
		fi
#else
		atomic { rc[i] = 0; ctr[i] = 0; pend[i] = 0 }
#endif
#else
		/* Weak memory (b): the idle store reaches memory (after any
		 * buffered earlier store of the counter) while the section's
		 * accesses may still be outstanding ... */
		atomic { rc[i] = 0; ctr[i] = 0; pend[i] = 0; tail[i] = 1 };
		/* ... and they complete here, or earlier if a membarrier()
		 * forces them (mb_on()). */
		atomic {
			if
			:: tail[i] -> live[i] = 0; old[i] = 0; tail[i] = 0
			:: else
			fi
		}
#endif
		/* The compiler barrier and the check of rcutable_rcu_gp.futex
		 * are part of the futex protocol, not modelled. */
next:
		skip
	od
}
