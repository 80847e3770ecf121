/* SPDX-License-Identifier: MIT */
/*
 * conformance/validation.c: the table's "Validation" row and the Generic
 * data-access primitives of the "Data access" row, single-threaded.
 */
#include <string.h>
#include "helpers.h"

Test(validation, read_lock_held_for_every_marker)
{
	skip_unless_impl_has(RCUTABLE_API_VALIDATION, "rcu_read_lock_held()");
	for (int k = 0; k < READER_KINDS; k++) {
		unsigned long f;

		cr_assert(!rcu_read_lock_held(), "held outside a reader");
		reader_enter((enum reader_kind)k, &f);
		cr_assert(rcu_read_lock_held(), "not held inside %s", reader_kind_name(k));
		cr_assert(rcu_read_lock_bh_held() && rcu_read_lock_sched_held(),
			  "_bh_held/_sched_held false inside %s", reader_kind_name(k));
		reader_exit((enum reader_kind)k, f);
		cr_assert(!rcu_read_lock_held() && !rcu_read_lock_bh_held() &&
			  !rcu_read_lock_sched_held(), "held after leaving %s",
			  reader_kind_name(k));
	}
}

Test(validation, nesting_is_counted)
{
	skip_unless_impl_has(RCUTABLE_API_VALIDATION, "rcu_read_lock_held()");
	rcu_read_lock();
	rcu_read_lock_bh();
	preempt_disable();
	preempt_enable();
	cr_assert(rcu_read_lock_held());
	rcu_read_unlock_bh();
	cr_assert(rcu_read_lock_held(), "outer section ended by an inner unlock");
	rcu_read_unlock();
	cr_assert(!rcu_read_lock_held());
}

Test(validation, out_of_line_markers)
{
	skip_unless_impl_has(RCUTABLE_API_VALIDATION, "rcu_read_lock_held()");
	void (*lock)(void) = rcutable_rcu_read_lock, (*unlock)(void) = rcutable_rcu_read_unlock;

	lock();
	cr_assert(rcu_read_lock_held());
	unlock();
	cr_assert(!rcu_read_lock_held());
}

Test(validation, rcu_is_watching_and_nonidle)
{
	int ran = 0;

	rcu_register_thread();
	cr_assert(rcu_is_watching(), "a registered, online thread is not watched");
	RCU_NONIDLE(ran = 1);
	cr_assert_eq(ran, 1);
	if (rcutable_impl_info.readers_report_qs) {
		/* QSBR: offline is idle; RCU_NONIDLE() brings it online. */
		rcu_thread_offline();
		cr_assert(!rcu_is_watching(), "an offline thread is watched");
		RCU_NONIDLE(ran = rcu_is_watching());
		cr_assert_eq(ran, 1, "not watched inside RCU_NONIDLE()");
		cr_assert(!rcu_is_watching(), "RCU_NONIDLE() left the thread online");
		rcu_thread_online();
	}
	rcu_unregister_thread();
}

Test(validation, head_debug_hooks)
{
	struct rcu_head h;

	init_rcu_head(&h);
	destroy_rcu_head(&h);
	init_rcu_head_on_stack(&h);
	destroy_rcu_head_on_stack(&h);
}

/* ---- Generic data access ---------------------------------------------------- */

struct item { int v; };
struct holder { struct item __rcu *p; };

Test(publish_subscribe, pointer_primitives)
{
	static struct item a = { 1 }, b = { 2 };
	struct holder hd = { RCU_POINTER_INITIALIZER(p, &a) };
	struct item *old = &b;
	int idx = 3, *ip = &idx;

	cr_assert_eq(rcu_access_pointer(hd.p), &a);
	rcu_read_lock();
	cr_assert_eq(rcu_dereference(hd.p)->v, 1);
	cr_assert_eq(rcu_dereference_bh(hd.p)->v, 1);
	cr_assert_eq(rcu_dereference_sched(hd.p)->v, 1);
	cr_assert_eq(rcu_dereference_check(hd.p, 0)->v, 1);
	rcu_read_unlock();
	cr_assert_eq(rcu_dereference_raw(hd.p)->v, 1);
	cr_assert_eq(rcu_dereference_raw_notrace(hd.p)->v, 1);
	cr_assert_eq(rcu_dereference_protected(hd.p, 1)->v, 1);
	/* The 2019 table's name, removed by Linux 5.5: it warns, and works. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
	rcu_swap_protected(hd.p, old, 1);
#pragma GCC diagnostic pop
	cr_assert_eq(old, &a, "rcu_swap_protected() did not return the old pointer");
	cr_assert_eq(rcu_access_pointer(hd.p), &b);
	cr_assert_eq(rcu_replace_pointer(hd.p, &a, 1), &b,
		     "rcu_replace_pointer() did not return the old pointer");
	cr_assert_eq(rcu_access_pointer(hd.p), &a);
	rcu_assign_pointer(hd.p, &b);
	rcu_assign_pointer(hd.p, NULL);
	cr_assert_null(rcu_access_pointer(hd.p));
	RCU_INIT_POINTER(hd.p, &a);
	cr_assert_eq(rcu_pointer_handoff(rcu_dereference_protected(hd.p, 1)), &a);
	cr_assert_eq(rcu_access_index(idx), 3);
	cr_assert_eq(rcu_dereference_index_check(idx, 1), 3);
	cr_assert_eq(*ip, 3);
}

/* ---- Lockdep-style checks (checking build) ----------------------------------- */

static struct item lk_item = { 7 };
static struct item __rcu *lk_ptr = &lk_item;

static void deref_outside_reader(void *arg)
{
	(void)arg;
	(void)rcu_dereference_check(lk_ptr, 0);
}

static void protected_without_lock(void *arg)
{
	(void)arg;
	(void)rcu_dereference_protected(lk_ptr, 0);
}

static void checks_that_hold(void *arg)
{
	(void)arg;
	(void)rcu_dereference_check(lk_ptr, 1);
	(void)rcu_dereference_protected(lk_ptr, 1);
	rcu_read_lock();
	(void)rcu_dereference(lk_ptr);
	rcu_read_unlock();
	rcu_lockdep_assert(1, "never");
	RCU_LOCKDEP_WARN(0, "never");
	rcu_sleep_check();
}

static void sleep_check_inside(void *arg)
{
	(void)arg;
	rcu_read_lock();
	rcu_sleep_check();
	rcu_read_unlock();
}

static void lockdep_assert_fails(void *arg)
{
	(void)arg;
	rcu_lockdep_assert(0, "the caller holds the update lock");
}

static void expect_warning(void (*fn)(void *), const char *needle)
{
	char err[2048];

	capture_stderr(fn, NULL, err, sizeof(err));
	if (RCUTABLE_LOCKDEP_ENABLED)
		cr_assert(strstr(err, needle) && strstr(err, "validation.c:"),
			  "no warning naming \"%s\" and the call site: \"%s\"", needle, err);
	else
		cr_assert_eq(err[0], '\0', "release build printed: %s", err);
}

Test(validation, lockdep_warnings)
{
	char err[2048];

	expect_warning(deref_outside_reader, "rcu_dereference_check()");
	expect_warning(protected_without_lock, "rcu_dereference_protected()");
	expect_warning(sleep_check_inside, "rcu_sleep_check()");
	expect_warning(lockdep_assert_fails, "the caller holds the update lock");
	capture_stderr(checks_that_hold, NULL, err, sizeof(err));
	cr_assert_eq(err[0], '\0', "a check that holds warned: %s", err);
}
