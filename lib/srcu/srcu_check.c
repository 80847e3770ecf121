/* SPDX-License-Identifier: MIT */
/*
 * lib/srcu/srcu_check.c: the checking build's record of the SRCU
 * sections each thread holds, for srcu_read_lock_held() and for refusing
 * a wrong index and a grace-period wait inside a reader of the same domain.
 * A release build keeps no record: these are compiled only with
 * RCUTABLE_DEBUG.
 */
#ifdef RCUTABLE_DEBUG
#include "engine/diag.h"
#include "srcu/srcu_check.h"

#define HELD_MAX 64

/*
 * This thread's open sections, oldest first; only the thread touches it,
 * but a signal handler on it may open and close sections at any point: the
 * entries below nheld are always whole, and an entry is whole before nheld
 * counts it (the signal fences order the two for the handler).
 */
static __thread struct {
	const struct srcu_struct *ssp;
	int idx;
} held[HELD_MAX];
static __thread int nheld;

void rcutable_srcu_note_lock(const struct srcu_struct *ssp, int idx)
{
	int i;

	if (nheld == HELD_MAX)
		rcutable_die("more than %d SRCU read-side sections open on one "
			     "thread (the latest on %s)", HELD_MAX, ssp->name);
	/* Reserve the entry, empty, then fill it: a handler that runs
	 * between the steps uses the entries above it and matches nothing in
	 * it. */
	held[nheld].ssp = NULL;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	i = nheld++;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	held[i].idx = idx;
	held[i].ssp = ssp;
}

/* Sections of one domain may end in any order: the newest of ssp's open
 * sections with this index ends.  The entries above it move down before
 * nheld shrinks, so a handler that runs meanwhile uses entries above them. */
void rcutable_srcu_note_unlock(const struct srcu_struct *ssp, int idx)
{
	int i, open = 0;

	for (i = nheld - 1; i >= 0; i--) {
		if (held[i].ssp != ssp)
			continue;
		open++;
		if (held[i].idx == idx)
			break;
	}
	if (i < 0 && !open)
		rcutable_die("srcu_read_unlock(%s, %d) without a matching "
			     "srcu_read_lock() on this thread", ssp->name, idx);
	if (i < 0)
		rcutable_die("srcu_read_unlock(%s, %d): no open section of %s on "
			     "this thread has index %d; pass the value its "
			     "srcu_read_lock() returned", ssp->name, idx,
			     ssp->name, idx);
	for (; i < nheld - 1; i++)
		held[i] = held[i + 1];
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	nheld--;
}

bool rcutable_srcu_holds(const struct srcu_struct *ssp)
{
	int i;

	for (i = 0; i < nheld; i++)
		if (held[i].ssp == ssp)
			return true;
	return false;
}

void rcutable_srcu_refuse_wait_inside(const struct srcu_struct *ssp, const char *who)
{
	if (rcutable_srcu_holds(ssp))
		rcutable_die("%s(%s) inside a read-side section of %s: it would "
			     "wait for itself (a reader of another domain may wait)",
			     who, ssp->name, ssp->name);
}
#endif /* RCUTABLE_DEBUG */
