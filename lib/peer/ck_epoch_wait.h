/* SPDX-License-Identifier: MIT */
/*
 * lib/peer/ck_epoch_wait.h: how the ck_epoch peers wait for a grace
 * period: ck_epoch_synchronize_wait() with a hook that gives the CPU away,
 * so that a preempted reader on an oversubscribed machine gets it.
 */
#ifndef RCUTABLE_PEER_CK_EPOCH_WAIT_H
#define RCUTABLE_PEER_CK_EPOCH_WAIT_H

#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <ck_epoch.h>
#include <rcutable/compiler.h>
#include "engine/diag.h"

struct rcutable_ck_wait {
	bool expedited;		/* never sleep, only yield */
	uint64_t since;		/* when the first holdout was seen */
};

/* ck_epoch_synchronize_wait()'s hook, called each time a reader holds the
 * epoch back: keep spinning for 20 us, then yield, and after 1 ms (unless
 * expedited) sleep 50 us at a time. */
static inline void rcutable_ck_wait_for_holdout(ck_epoch_t *epoch,
						ck_epoch_record_t *holdout, void *arg)
{
	struct rcutable_ck_wait *w = arg;
	uint64_t now = rcutable_now_ns();

	(void)epoch;
	(void)holdout;
	if (!w->since)
		w->since = now;
	else if (now - w->since >= 1000000 && !w->expedited)
		rcutable_sleep_ns(50000);
	else if (now - w->since >= 20000)
		sched_yield();
}

/*
 * One grace period of epoch: every section of it that began before the
 * call has ended when it returns.  ck_epoch_synchronize_wait() begins with
 * a full fence, which orders the caller's earlier accesses (an unlink)
 * before its scan of the records; pairs with the fence in
 * ck_epoch_begin().  Its scan ends on relaxed loads of the readers'
 * records, so a full fence after it orders them before the caller's later
 * accesses (a free); pairs with the release fence in ck_epoch_end().
 */
static inline void rcutable_ck_synchronize(ck_epoch_t *epoch, bool expedited)
{
	struct rcutable_ck_wait w = { .expedited = expedited };

	ck_epoch_synchronize_wait(epoch, rcutable_ck_wait_for_holdout, &w);
	rcutable_smp_mb();
}

#endif /* RCUTABLE_PEER_CK_EPOCH_WAIT_H */
