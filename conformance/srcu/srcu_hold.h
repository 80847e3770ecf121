/* SPDX-License-Identifier: MIT */
/*
 * conformance/srcu/srcu_hold.h: the SRCU form of the hold (harness.h).
 * The reader thread, which never registers anything, enters a section of
 * a domain and sleeps there while the action runs.
 *
 * Tests whose name begins with waits_ assert that a primitive waits for a
 * pre-existing reader: `make check` requires each of them to fail on the
 * busted-srcu control.
 */
#ifndef RCUTABLE_CONFORMANCE_SRCU_HOLD_H
#define RCUTABLE_CONFORMANCE_SRCU_HOLD_H

#include <rcutable/srcu.h>
#include "harness.h"

/* The table's example of a sleeping reader: 100 ms inside the section. */
#define SRCU_HOLD_MS 100

struct srcu_hold;
typedef bool (*srcu_hold_action_fn)(struct srcu_hold *h);

struct srcu_hold {
	struct srcu_struct *ssp;	/* the reader's domain */
	struct srcu_struct *action_ssp;	/* the action's domain (default: ssp) */
	srcu_hold_action_fn action;
	unsigned hold_ms;		/* default SRCU_HOLD_MS */
	bool migrate;			/* lock on one CPU, unlock on another */
	int cpus[2];			/* migrate: the two CPUs to pin to */
	int cpu_at_lock, cpu_at_unlock;	/* migrate: where the reader ran */
	struct hold_sync sync;		/* reader_done: set just before srcu_read_unlock() */
};

/* Run the hold; returns the action's verdict (true: the reader had left).
 * With migrate, the reader pins itself to cpus[0] for its srcu_read_lock()
 * and to cpus[1] for its srcu_read_unlock(). */
bool srcu_hold_run(struct srcu_hold *h);

/* Actions, on h->action_ssp. */
bool srcu_action_synchronize(struct srcu_hold *h);
bool srcu_action_synchronize_expedited(struct srcu_hold *h);
bool srcu_action_call_srcu_wait(struct srcu_hold *h);	/* call_srcu, wait for it */

/* Skip unless the implementation provides api, natively or emulated;
 * rcutable's own SRCU has its checks in a checking build only. */
#define srcu_skip_unless(api, what)					\
	do {								\
		const struct rcutable_impl *i_ = &rcutable_srcu_impl_info; \
		if (!((i_->native | i_->emulated) & (api)))		\
			cr_skip_test("absent in %s: %s%s", i_->name, (what), \
				     !i_->is_peer ?			\
				     " (make DEBUG=1 builds it)" : "");	\
	} while (0)

/* Threads of this process now, from /proc/self/status. */
int srcu_thread_count(void);

#endif /* RCUTABLE_CONFORMANCE_SRCU_HOLD_H */
