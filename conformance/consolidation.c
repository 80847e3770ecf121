/* SPDX-License-Identifier: MIT */
/*
 * conformance/consolidation.c: the RCU, RCU BH and RCU Sched columns are one
 * RCU since Linux 4.20.  Every read-side marker of the three columns (and
 * the user-space analogs preempt_disable(), local_bh_disable(),
 * local_irq_save()) opens a reader that synchronize_rcu() waits for, and the
 * deprecated _bh/_sched update-side primitives wait for rcu_read_lock().
 */
#include <signal.h>
#include "helpers.h"

/* This file exercises the deprecated names on purpose. */
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

static const char *updater_name;

static bool action_by_name(struct hold *h)
{
	void (*sync)(void) = (void (*)(void))h->arg;

	sync();
	return flag_get(&h->sync.reader_done);
}

static void check_kind_with(enum reader_kind kind, void (*sync)(void), const char *name)
{
	struct hold h = { .action = action_by_name, .kind = kind, .arg = (void *)sync };

	updater_name = name;
	cr_assert(hold_run(&h), "%s returned while a %s reader was still inside",
		  name, reader_kind_name(kind));
}

static void check_kind(enum reader_kind kind)
{
	check_kind_with(kind, synchronize_rcu, "synchronize_rcu()");
	check_kind_with(kind, synchronize_rcu_expedited, "synchronize_rcu_expedited()");
}

Test(consolidation, waits_for_rcu_read_lock_bh, .timeout = 20) { check_kind(READER_BH); }
Test(consolidation, waits_for_rcu_read_lock_sched, .timeout = 20) { check_kind(READER_SCHED); }
Test(consolidation, waits_for_rcu_read_lock_sched_notrace, .timeout = 20) { check_kind(READER_SCHED_NOTRACE); }
Test(consolidation, waits_for_preempt_disable, .timeout = 20) { check_kind(READER_PREEMPT); }
Test(consolidation, waits_for_local_bh_disable, .timeout = 20) { check_kind(READER_LOCAL_BH); }
Test(consolidation, waits_for_local_irq_save, .timeout = 20) { check_kind(READER_LOCAL_IRQ); }

/* The deprecated names are the same grace period. */
Test(consolidation, waits_deprecated_sched_and_bh, .timeout = 30)
{
	check_kind_with(READER_RCU, synchronize_sched, "synchronize_sched()");
	check_kind_with(READER_RCU, synchronize_rcu_bh, "synchronize_rcu_bh()");
	check_kind_with(READER_RCU, synchronize_sched_expedited, "synchronize_sched_expedited()");
	check_kind_with(READER_RCU, synchronize_rcu_bh_expedited, "synchronize_rcu_bh_expedited()");
}

static int n_cb;
static void count_cb(struct rcu_head *h) { (void)h; __atomic_fetch_add(&n_cb, 1, __ATOMIC_SEQ_CST); }

Test(consolidation, deprecated_call_and_barrier, .timeout = 20)
{
	static struct rcu_head a, b;
	unsigned long s;

	call_rcu_bh(&a, count_cb);
	call_rcu_sched(&b, count_cb);
	rcu_barrier_bh();
	rcu_barrier_sched();
	cr_assert_eq(flag_get(&n_cb), 2, "call_rcu_bh/_sched callbacks not run by rcu_barrier_bh/_sched");
	s = get_state_synchronize_sched();
	cond_synchronize_sched(s);
	cr_assert(poll_state_synchronize_rcu(s),
		  "cond_synchronize_sched() returned before its grace period");
}

/* local_irq_save() blocks asynchronous signals until local_irq_restore(). */
static int got_signal;
static void on_usr2(int sig) { (void)sig; flag_set(&got_signal, 1); }

/* SIGUSR2: SIGUSR1 is liburcu-signal's own, in its peer. */
Test(consolidation, local_irq_save_blocks_signals)
{
	unsigned long f1, f2;

	signal(SIGUSR2, on_usr2);
	local_irq_save(f1);
	local_irq_save(f2);
	pthread_kill(pthread_self(), SIGUSR2);
	cr_assert_eq(flag_get(&got_signal), 0, "a signal was delivered inside local_irq_save()");
	cr_assert(!impl_has(RCUTABLE_API_VALIDATION) || rcu_read_lock_held());
	local_irq_restore(f2);
	cr_assert_eq(flag_get(&got_signal), 0, "inner local_irq_restore() unblocked signals");
	local_irq_restore(f1);
	cr_assert_eq(flag_get(&got_signal), 1, "signal not delivered after local_irq_restore()");
	cr_assert(!impl_has(RCUTABLE_API_VALIDATION) || !rcu_read_lock_held());
}
