/* SPDX-License-Identifier: MIT */
/*
 * conformance/qsbr.c: QSBR's own rules, for implementations whose threads
 * report quiescent states (the descriptor's readers_report_qs):
 *
 *  - an online thread holds every grace period back until it reports a
 *    quiescent state, even outside its sections;
 *  - an offline thread never delays a grace period;
 *  - a thread that waits for a grace period while online is taken offline
 *    for the wait and comes back online;
 *  - checking builds refuse reading unregistered or offline, and reporting
 *    or going offline inside a section.
 */
#include "helpers.h"

static void skip_unless_qsbr(void)
{
	if (!rcutable_impl_info.readers_report_qs)
		cr_skip_test("%s: readers report no quiescent states",
			     rcutable_impl_info.name);
}

/* Online, outside any section, and silent until the hold ends; then it
 * reports.  The grace period must wait for the report. */
static void *unreported_thread(void *arg)
{
	struct hold *h = arg;

	rcu_register_thread();
	rcu_read_lock();
	rcu_read_unlock();
	hold_reader_stay(&h->sync, h->hold_ms, NULL, NULL);
	rcu_quiescent_state();
	flag_wait(&h->sync.action_done, 1, 10000);
	rcu_unregister_thread();
	return NULL;
}

static void check_waits_for_report(hold_action_fn action, const char *what)
{
	struct hold h = { .action = action, .reader = unreported_thread };

	skip_unless_qsbr();
	cr_assert(hold_run(&h), "%s returned before an online thread that had "
		  "not reported a quiescent state did", what);
}

Test(qsbr, waits_synchronize_rcu_for_quiescent_state, .timeout = 20)
{
	check_waits_for_report(action_synchronize_rcu, "synchronize_rcu()");
}

Test(qsbr, waits_expedited_for_quiescent_state, .timeout = 20)
{
	check_waits_for_report(action_synchronize_rcu_expedited,
			       "synchronize_rcu_expedited()");
}

Test(qsbr, waits_call_rcu_for_quiescent_state, .timeout = 20)
{
	check_waits_for_report(action_call_rcu_wait, "a call_rcu() callback");
}

/* Offline for as long as the test needs, or 5 s at most. */
static int offline_ready, offline_release, offline_gave_up;

static void *offline_thread(void *arg)
{
	(void)arg;
	rcu_register_thread();
	rcu_read_lock();
	rcu_read_unlock();
	rcu_thread_offline();
	flag_set(&offline_ready, 1);
	if (!flag_wait(&offline_release, 1, 5000))
		flag_set(&offline_gave_up, 1);
	rcu_thread_online();
	rcu_unregister_thread();
	return NULL;
}

static void done_cb(struct rcu_head *h) { (void)h; }

Test(qsbr, offline_thread_never_delays_grace_periods, .timeout = 30)
{
	static struct rcu_head head;
	pthread_t t;

	skip_unless_qsbr();
	t = spawn(offline_thread, NULL);
	cr_assert(flag_wait(&offline_ready, 1, 10000));
	synchronize_rcu();
	synchronize_rcu_expedited();
	call_rcu(&head, done_cb);
	rcu_barrier();
	cr_expect_eq(flag_get(&offline_gave_up), 0,
		     "a grace period waited for a thread that was offline");
	flag_set(&offline_release, 1);
	join(t);
}

Test(qsbr, online_caller_goes_offline_for_its_waits, .timeout = 30)
{
	skip_unless_qsbr();
	rcu_register_thread();
	cr_assert(rcu_is_watching());
	synchronize_rcu();
	cr_assert(rcu_is_watching(), "synchronize_rcu() left the caller offline");
	synchronize_rcu_expedited();
	rcu_barrier();
	synchronize_rcu_mult(call_rcu);
	cr_assert(rcu_is_watching(), "a grace-period wait left the caller offline");
	rcu_read_lock();
	rcu_read_unlock();
	rcu_quiescent_state();
}

/* ---- Misuse, refused in checking builds -------------------------------------- */

static void skip_unless_checking(void)
{
	skip_unless_qsbr();
	skip_unless_impl_has(RCUTABLE_API_READER_CHECKS, "read-side misuse checks");
	if (!RCUTABLE_LOCKDEP_ENABLED)
		cr_skip_test("QSBR misuse is refused in checking builds (make DEBUG=1)");
}

static void *read_unregistered(void *arg)
{
	(void)arg;
	rcu_read_lock();
	rcu_read_unlock();
	return NULL;
}

static void unregistered_reader(void *arg)
{
	(void)arg;
	join(spawn(read_unregistered, NULL));
}

static void offline_reader(void *arg)
{
	(void)arg;
	rcu_register_thread();
	rcu_thread_offline();
	rcu_read_lock();
}

static void offline_inside_reader(void *arg)
{
	(void)arg;
	rcu_register_thread();
	rcu_read_lock();
	rcu_thread_offline();
}

static void report_inside_reader(void *arg)
{
	(void)arg;
	rcu_register_thread();
	rcu_read_lock();
	rcu_quiescent_state();
}

static void *report_unregistered(void *arg)
{
	(void)arg;
	rcu_read_lock();
	rcu_read_unlock();
	rcu_quiescent_state();
	return NULL;
}

static void unregistered_reporter(void *arg)
{
	(void)arg;
	join(spawn(report_unregistered, NULL));
}

/* In every build: a release build cannot see the unregistered read, but
 * the report after it says so instead of a crash on freed memory later. */
Test(qsbr, report_from_unregistered_thread_refused, .timeout = 20)
{
	skip_unless_qsbr();
	if (rcutable_impl_info.is_control)
		cr_skip_test("the control refuses nothing");
	expect_abort(unregistered_reporter, NULL,
		     "on a thread that has not called rcu_register_thread()");
}

Test(qsbr, read_from_unregistered_thread_refused, .timeout = 20)
{
	skip_unless_checking();
	expect_abort(unregistered_reader, NULL,
		     "rcu_read_lock() on a thread that has not called rcu_register_thread()");
}

Test(qsbr, read_while_offline_refused, .timeout = 20)
{
	skip_unless_checking();
	expect_abort(offline_reader, NULL, "rcu_read_lock() on an offline thread");
}

Test(qsbr, offline_inside_reader_refused, .timeout = 20)
{
	skip_unless_checking();
	expect_abort(offline_inside_reader, NULL,
		     "rcu_thread_offline() inside an RCU read-side critical section");
}

Test(qsbr, quiescent_state_inside_reader_refused, .timeout = 20)
{
	skip_unless_checking();
	expect_abort(report_inside_reader, NULL,
		     "rcu_quiescent_state() inside an RCU read-side critical section");
}
