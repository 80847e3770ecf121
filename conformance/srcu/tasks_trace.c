/* SPDX-License-Identifier: MIT */
/*
 * conformance/srcu/tasks_trace.c: RCU Tasks Trace (rcutable/rcupdate_trace.h),
 * the SRCU library's domain for explicitly marked readers that may sleep.
 * Its grace periods, its callbacks and its barrier wait for a reader that
 * sleeps inside, also one that entered nested and has left the inner
 * section, or one held by guard(rcu_tasks_trace)(); they do not wait for
 * readers of another SRCU domain, nor those for a Tasks Trace reader; a
 * signal handler may read inside a section it interrupted; a wait inside
 * a reader and an unlock without its lock are refused.
 */
#include <signal.h>

#include <rcutable/rcupdate_trace.h>
#include "srcu_hold.h"

DEFINE_STATIC_SRCU(beside_trace_srcu);

enum trace_reader { PLAIN, NESTED, GUARD, SCOPED };

struct trace_hold {
	struct hold_sync sync;
	enum trace_reader how;
	bool (*wait)(struct trace_hold *h);	/* the action */
	unsigned hold_ms;
};

static void *trace_reader(void *arg)
{
	struct trace_hold *h = arg;
	unsigned ms = h->hold_ms ? h->hold_ms : SRCU_HOLD_MS;

	switch (h->how) {
	case PLAIN:
		rcu_read_lock_trace();
		hold_reader_stay(&h->sync, ms, NULL, NULL);
		rcu_read_unlock_trace();
		break;
	case NESTED:	/* the inner section ends before the hold */
		rcu_read_lock_trace();
		rcu_read_lock_trace();
		rcu_read_unlock_trace();
		hold_reader_stay(&h->sync, ms, NULL, NULL);
		rcu_read_unlock_trace();
		break;
	case GUARD: {
		guard(rcu_tasks_trace)();
		hold_reader_stay(&h->sync, ms, NULL, NULL);
		break;
	}
	case SCOPED:
		scoped_guard(rcu_tasks_trace)
			hold_reader_stay(&h->sync, ms, NULL, NULL);
		break;
	}
	return NULL;
}

static bool trace_action(void *arg)
{
	struct trace_hold *h = arg;

	return h->wait(h);
}

static bool trace_hold_run(enum trace_reader how, bool (*wait)(struct trace_hold *))
{
	struct trace_hold h = { .how = how, .wait = wait };

	return hold_drive(&h.sync, trace_reader, trace_action, &h, NULL);
}

static bool wait_synchronize(struct trace_hold *h)
{
	synchronize_rcu_tasks_trace();
	return flag_get(&h->sync.reader_done);
}

static bool wait_callback(struct trace_hold *h)
{
	static struct hold_cb c;

	c.s = &h->sync;
	call_rcu_tasks_trace(&c.head, hold_cb_func);
	cr_assert(flag_wait_in_reader(&h->sync.cb_ran, 1, 10000),
		  "call_rcu_tasks_trace() callback never ran");
	return flag_get(&h->sync.cb_seen);
}

static bool wait_barrier(struct trace_hold *h)
{
	static struct hold_cb c;

	c.s = &h->sync;
	call_rcu_tasks_trace(&c.head, hold_cb_func);
	rcu_barrier_tasks_trace();
	cr_assert(flag_get(&h->sync.cb_ran), "rcu_barrier_tasks_trace() returned "
		  "before the callback queued ahead of it ran");
	return flag_get(&h->sync.cb_seen);
}

#define SKIP_UNLESS_TRACE()	srcu_skip_unless(RCUTABLE_API_TASKS_TRACE, "RCU Tasks Trace")

Test(srcu, waits_synchronize_rcu_tasks_trace_for_a_sleeping_reader, .timeout = 30)
{
	SKIP_UNLESS_TRACE();
	cr_assert(trace_hold_run(PLAIN, wait_synchronize), "synchronize_rcu_tasks_trace() "
		  "returned while a reader slept inside rcu_read_lock_trace()");
}

Test(srcu, waits_synchronize_rcu_tasks_trace_for_the_outer_of_nested_readers, .timeout = 30)
{
	SKIP_UNLESS_TRACE();
	cr_assert(trace_hold_run(NESTED, wait_synchronize), "synchronize_rcu_tasks_trace() "
		  "returned while a reader was inside its outer section");
}

Test(srcu, waits_guard_rcu_tasks_trace, .timeout = 30)
{
	SKIP_UNLESS_TRACE();
	cr_assert(trace_hold_run(GUARD, wait_synchronize), "synchronize_rcu_tasks_trace() "
		  "returned while a thread was inside guard(rcu_tasks_trace)()");
}

Test(srcu, waits_scoped_guard_rcu_tasks_trace, .timeout = 30)
{
	SKIP_UNLESS_TRACE();
	cr_assert(trace_hold_run(SCOPED, wait_synchronize), "synchronize_rcu_tasks_trace() "
		  "returned while a thread was inside scoped_guard(rcu_tasks_trace)");
}

Test(srcu, waits_call_rcu_tasks_trace_for_a_sleeping_reader, .timeout = 30)
{
	SKIP_UNLESS_TRACE();
	cr_assert(trace_hold_run(PLAIN, wait_callback), "a call_rcu_tasks_trace() "
		  "callback ran while a reader slept inside rcu_read_lock_trace()");
}

Test(srcu, waits_rcu_barrier_tasks_trace_for_a_callback_behind_a_reader, .timeout = 30)
{
	SKIP_UNLESS_TRACE();
	cr_assert(trace_hold_run(PLAIN, wait_barrier), "a call_rcu_tasks_trace() "
		  "callback ran while a reader slept inside rcu_read_lock_trace()");
}

/* Flavors are independent: another SRCU domain's grace period returns with
 * a Tasks Trace reader inside, and a Tasks Trace one with that domain's
 * reader inside. */
static bool other_domain_returns(struct trace_hold *h)
{
	synchronize_srcu(&beside_trace_srcu);
	return !flag_get(&h->sync.reader_done);
}

static bool trace_returns(struct srcu_hold *h)
{
	synchronize_rcu_tasks_trace();
	return !flag_get(&h->sync.reader_done);
}

Test(srcu, a_tasks_trace_reader_and_another_domain_never_wait_for_each_other, .timeout = 30)
{
	struct trace_hold t = { .how = PLAIN, .wait = other_domain_returns, .hold_ms = 10000 };
	struct srcu_hold s = { .ssp = &beside_trace_srcu, .action = trace_returns,
			       .hold_ms = 10000 };

	SKIP_UNLESS_TRACE();
	cr_assert(hold_drive(&t.sync, trace_reader, trace_action, &t, NULL),
		  "a Tasks Trace reader delayed another SRCU domain's grace period");
	cr_assert(srcu_hold_run(&s), "a reader of another SRCU domain delayed a "
		  "Tasks Trace grace period");
}

/* A signal handler that reads while the thread it interrupted is inside. */
static volatile sig_atomic_t handler_reads;

static void trace_handler(int sig)
{
	(void)sig;
	rcu_read_lock_trace();
	rcu_read_lock_trace();
	handler_reads += rcu_read_lock_trace_held();
	rcu_read_unlock_trace();
	rcu_read_unlock_trace();
}

Test(srcu, rcu_read_lock_trace_in_a_signal_handler_inside_a_section, .timeout = 30)
{
	struct sigaction sa = { .sa_handler = trace_handler }, old;

	SKIP_UNLESS_TRACE();
	sigemptyset(&sa.sa_mask);
	cr_assert_eq(sigaction(SIGUSR2, &sa, &old), 0);
	for (int i = 0; i < 1000; i++) {
		rcu_read_lock_trace();
		raise(SIGUSR2);
		cr_assert(rcu_read_lock_trace_held(), "the handler ended the section "
			  "it interrupted");
		rcu_read_unlock_trace();
		raise(SIGUSR2);		/* outside: the handler's own section */
	}
	sigaction(SIGUSR2, &old, NULL);
	cr_assert_eq(handler_reads, 2000);
	cr_assert(!rcu_read_lock_trace_held());
	synchronize_rcu_tasks_trace();	/* balanced: it ends */
}

/* ---- Refusals ---------------------------------------------------------------- */

static void synchronize_inside(void *arg)
{
	(void)arg;
	rcu_read_lock_trace();
	synchronize_rcu_tasks_trace();
}

Test(srcu, synchronize_rcu_tasks_trace_inside_a_reader_aborts, .timeout = 30)
{
	SKIP_UNLESS_TRACE();
	expect_abort(synchronize_inside, NULL, "synchronize_rcu_tasks_trace() inside");
}

static void barrier_inside(void *arg)
{
	(void)arg;
	rcu_read_lock_trace();
	rcu_barrier_tasks_trace();
}

Test(srcu, rcu_barrier_tasks_trace_inside_a_reader_aborts, .timeout = 30)
{
	SKIP_UNLESS_TRACE();
	expect_abort(barrier_inside, NULL, "rcu_barrier_tasks_trace() inside");
}

static void unlock_without_lock(void *arg)
{
	(void)arg;
	rcu_read_unlock_trace();
}

Test(srcu, rcu_read_unlock_trace_without_its_lock_aborts, .timeout = 30)
{
	SKIP_UNLESS_TRACE();
	expect_abort(unlock_without_lock, NULL, "without a matching rcu_read_lock_trace()");
}
