/* SPDX-License-Identifier: MIT */
/*
 * conformance/scoped.c: the scoped readers guard(rcu)() and
 * scoped_guard(rcu) (rcutable/cleanup.h): a grace period waits for a
 * thread inside one, and however the scope is left (its end, return,
 * break, goto) the section ends there.
 */
#include "helpers.h"

/* The hold's reader, its section a guard for the rest of the block. */
static void *guard_reader(void *arg)
{
	struct hold *h = arg;

	rcu_register_thread();
	{
		guard(rcu)();
		hold_reader_stay(&h->sync, h->hold_ms, NULL, NULL);
	}
	rcu_unregister_thread();
	return NULL;
}

/* The same with scoped_guard(rcu) around the stay. */
static void *scoped_reader(void *arg)
{
	struct hold *h = arg;

	rcu_register_thread();
	scoped_guard(rcu)
		hold_reader_stay(&h->sync, h->hold_ms, NULL, NULL);
	rcu_unregister_thread();
	return NULL;
}

Test(scoped, waits_guard_rcu, .timeout = 20)
{
	struct hold h = { .action = action_synchronize_rcu, .reader = guard_reader };

	cr_assert(hold_run(&h), "synchronize_rcu() returned while a thread was inside "
		  "a guard(rcu)() section");
}

Test(scoped, waits_scoped_guard_rcu, .timeout = 20)
{
	struct hold h = { .action = action_call_rcu_wait, .reader = scoped_reader };

	cr_assert(hold_run(&h), "a call_rcu() callback ran while a thread was inside "
		  "a scoped_guard(rcu) section");
}

/* Returns from inside its guard, at depth 1 or 2. */
static int find_early(int nested)
{
	guard(rcu)();
	if (nested) {
		guard(rcu)();
		return 2;
	}
	return 1;
}

static int leave_by_break_and_goto(void)
{
	int passes = 0;

	scoped_guard(rcu) {
		passes++;
		break;
	}
	scoped_guard(rcu) {
		passes++;
		goto out;
	}
	passes = -100;	/* not reached */
out:
	return passes;
}

Test(scoped, every_way_out_ends_the_section, .timeout = 20)
{
	skip_unless_impl_has(RCUTABLE_API_VALIDATION, "telling a reader from the rest of the thread");
	rcu_register_thread();
	cr_assert_eq(find_early(0), 1);
	cr_assert(!rcu_read_lock_held(), "guard(rcu)() still held after a return");
	cr_assert_eq(find_early(1), 2);
	cr_assert(!rcu_read_lock_held(), "nested guard(rcu)() still held after a return");
	cr_assert_eq(leave_by_break_and_goto(), 2);
	cr_assert(!rcu_read_lock_held(), "scoped_guard(rcu) still held after break or goto");
	scoped_guard(rcu)
		cr_assert(rcu_read_lock_held(), "not held inside scoped_guard(rcu)");
	/* Inside a section still, this would abort: it waits for itself. */
	synchronize_rcu();
	rcu_unregister_thread();
}

Test(scoped, rcu_read_lock_any_held, .timeout = 20)
{
	skip_unless_impl_has(RCUTABLE_API_VALIDATION, "rcu_read_lock_any_held()");
	cr_assert(!rcu_read_lock_any_held(), "held outside a reader");
	for (int k = 0; k < READER_KINDS; k++) {
		unsigned long f;

		reader_enter((enum reader_kind)k, &f);
		cr_assert(rcu_read_lock_any_held(), "not held inside %s", reader_kind_name(k));
		reader_exit((enum reader_kind)k, f);
	}
	cr_assert(!rcu_read_lock_any_held(), "held after the readers");
}
