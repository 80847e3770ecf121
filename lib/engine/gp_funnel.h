/* SPDX-License-Identifier: MIT */
/*
 * lib/engine/gp_funnel.h: who runs the next grace period, and how the
 * others wait for it.
 *
 * One caller at a time runs a domain's grace periods, under the funnel's
 * lock.  The others do not queue on that lock: they wait until its holder
 * lets it go (the wake word advances), then look at the domain's gp_seq
 * (gp_seq.h) again, and return if the grace period that ended satisfies
 * their cookie.  So every caller that one grace period satisfies returns
 * as soon as it ends, instead of taking the lock in turn behind the grace
 * periods of callers that came later, and a caller that loops on grace
 * periods cannot keep another from returning by retaking the lock first.
 * rcutable_gp_funnel_synchronize() is that loop.
 */
#ifndef RCUTABLE_ENGINE_GP_FUNNEL_H
#define RCUTABLE_ENGINE_GP_FUNNEL_H

#include <pthread.h>
#include <stdbool.h>

#include "engine/gp_seq.h"

struct rcutable_gp_funnel {
	pthread_mutex_t lock;	/* held while a grace period runs */
	int wake_word;		/* advanced each time the lock is let go */
	int sleepers;		/* callers asleep on wake_word */
};

#define RCUTABLE_GP_FUNNEL_INIT	{ .lock = PTHREAD_MUTEX_INITIALIZER }

/* A new funnel: at initialization, and in a child of fork(), where a lock
 * another thread held stays held for ever. */
void rcutable_gp_funnel_init(struct rcutable_gp_funnel *f);

/* Let f's lock go, and wake the callers waiting for it. */
void rcutable_gp_funnel_unlock(struct rcutable_gp_funnel *f);

/*
 * Return once a grace period that began after cookie was taken (from *seq,
 * rcutable_gp_seq_cookie()) has ended: one that another caller ran, or
 * one that this caller runs under f's lock, run(arg) between
 * rcutable_gp_seq_start() and rcutable_gp_seq_end() on *seq.  Acquire:
 * what that grace period's run() did happens before the return.  The
 * caller orders its own accesses before the cookie and after the return.
 */
void rcutable_gp_funnel_synchronize(struct rcutable_gp_funnel *f,
				    unsigned long *seq, unsigned long cookie,
				    void (*run)(void *arg), void *arg);

#endif /* RCUTABLE_ENGINE_GP_FUNNEL_H */
