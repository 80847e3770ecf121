/* SPDX-License-Identifier: MIT */
/*
 * conformance/models/rude.pml: a Promela model of the RCU Tasks Rude grace
 * period (impls/tasks/tasks_rude.c), checked by spin (scripts/check-models
 * runs it).
 *
 * What it models, from the C code:
 *   impls/tasks/tasks_rude.c  rude_gp(): fence B, the first look at each
 *                             thread and the send, the rechecks (W);
 *                             rude_done(), rude_out()
 *   rcupdate_tasks.h          the reader: a region with the signal blocked,
 *                             with no blocking system call inside
 *
 * Processes: one updater that runs GPS grace periods back to back, each
 * after it unpublishes the object the previous one published, and frees
 * that object after the grace period; two reader threads that, for ever,
 * run a region (block the signal, load the published object, use it,
 * unblock), or sleep in a system call outside any region, or take a
 * signal-handler region (the same steps, entered from anywhere outside a
 * region), in any order and with any delays.
 *
 * Abstractions:
 *  - The kernel changes a thread's mask, queues and drops its signal, and
 *    reads both for the status file under the thread's signal lock: each
 *    such step is one atomic step here, and the lock's release and acquire
 *    order the user-space accesses around it (sequential consistency for
 *    what the model keeps: the loads and stores of the published pointer
 *    and the object).  An unblock drops a pending signal (SIG_IGN).
 *  - A thread seen blocked inside a system call (sys[i]) is done: the
 *    reader makes no such call inside a region, and the scheduler's fences
 *    (RCU Tasks' argument, fence E) order the rest.
 *  - A send may fail (the real-time queue at its limit): the holdout is
 *    then sent the signal again at a recheck.
 *  - The thread list is complete (tasks_proc.c checks it against the
 *    thread count); its ids are the two readers.
 *
 * Safety property: no reader uses an object after the updater freed it
 * (the assert in the reader).
 *
 * Variants (spin -DBROKEN=n):
 *   BROKEN=1  no send: a thread seen blocking the signal is rechecked by
 *             its pending set alone, which is empty, so it is done at once.
 *   BROKEN=2  the mask is not looked at: a thread without the signal
 *             pending is done at the first look.
 *   BROKEN=3  no fence B: the first look at the masks comes before the
 *             unpublish.
 *   BROKEN=4  a thread taken for done when seen running (not blocked in a
 *             system call) with no signal pending, at any recheck, even
 *             one that was never sent it.
 */

#define NR	2
#define GPS	2

byte pub;		/* the published object: 0, 1, 2 */
bool freed[GPS + 1];
bool mask[NR];		/* the thread blocks the signal */
bool pend[NR];		/* the signal is pending for it */
bool sys[NR];		/* blocked inside a system call */

active proctype updater()
{
	byte g, i;
	bool holdout[NR], sent[NR];

	for (g : 1 .. GPS) {
#if BROKEN == 3
		/* Wrong: the first look before the unpublish. */
		for (i : 0 .. NR - 1) {
			atomic {
				holdout[i] = mask[i] || pend[i];
				sent[i] = pend[i];
				if
				:: holdout[i] && !pend[i] -> pend[i] = 1; sent[i] = 1
				:: else
				fi
			}
		}
		pub = g;
#else
		pub = g;		/* unpublish g - 1; fence B */
		/* B: each thread's mask and pending set, under its lock; a
		 * thread blocking the signal is sent it unless pending. */
		for (i : 0 .. NR - 1) {
			atomic {
#if BROKEN == 2
				holdout[i] = pend[i];
#else
				holdout[i] = (mask[i] || pend[i]) && !sys[i];
#endif
				sent[i] = pend[i];
#if BROKEN != 1
				/* The send, or a send that fails (the real-time
				 * queue at its limit), retried in W. */
				if
				:: holdout[i] && !pend[i] -> pend[i] = 1; sent[i] = 1
				:: holdout[i] && !pend[i] -> skip
				:: else
				fi
#endif
			}
		}
#endif
		/* W: recheck each holdout until done (rude_done()). */
		for (i : 0 .. NR - 1) {
			do
			:: !holdout[i] -> break
			:: atomic {
				holdout[i] &&
#if BROKEN == 4
				(!pend[i] || sys[i])
#elif BROKEN == 1
				(sent[i] && !pend[i] || !sent[i] && !pend[i] || sys[i])
#else
				(sent[i] && !pend[i] || !sent[i] && !mask[i] && !pend[i] || sys[i])
#endif
			   } -> holdout[i] = 0
			:: atomic {
				holdout[i] && !sent[i] && mask[i] && !pend[i] && !sys[i]
			   } -> pend[i] = 1; sent[i] = 1	/* a retried send */
			od
		}
		freed[g - 1] = 1;	/* after E */
	}
}

active [NR] proctype reader()
{
	byte i = _pid - 1;
	byte p;

	do
	::	/* A region: block (or a handler's entry), load, use, unblock. */
		atomic { mask[i] = 1 };
		p = pub;
		assert(!freed[p]);
		atomic { mask[i] = 0; pend[i] = 0 };
	::	/* A blocking system call, outside any region. */
		atomic { sys[i] = 1 };
		atomic { sys[i] = 0 }
	::	/* A region that the mask keeps for a while: the thread keeps the
		 * signal blocked across two uses (a long region). */
		atomic { mask[i] = 1 };
		p = pub;
		assert(!freed[p]);
		p = pub;
		assert(!freed[p]);
		atomic { mask[i] = 0; pend[i] = 0 };
	od
}
