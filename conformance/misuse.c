/* SPDX-License-Identifier: MIT */
/*
 * conformance/misuse.c: misuse is refused with abort() and a message that
 * names the primitive (the list in docs/DESIGN.md).  Each case runs in a child
 * process.  Deadlock-certain misuse is refused in every build of an
 * implementation that can tell a reader from the rest of a thread
 * (RCUTABLE_API_VALIDATION; QSBR's release build cannot, and there an
 * online caller's wait takes it offline instead of deadlocking); the head
 * tracking behind "call_rcu() on a pending head" is in checking builds
 * (make DEBUG=1) only.
 */
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <rcutable/rcu_sync.h>
#include "helpers.h"

#define skip_unless_readers_visible()					\
	skip_unless_impl_has(RCUTABLE_API_VALIDATION,			\
			     "telling a reader from the rest of the thread")

static void sync_in_reader(void *a) { (void)a; rcu_read_lock(); synchronize_rcu(); }
static void exp_in_reader(void *a) { (void)a; rcu_read_lock_bh(); synchronize_rcu_expedited(); }
static void barrier_in_reader(void *a) { (void)a; preempt_disable(); rcu_barrier(); }
static void cond_in_reader(void *a)
{
	(void)a;
	rcu_read_lock();
	cond_synchronize_rcu(get_state_synchronize_rcu());
}
static void mult_in_reader(void *a) { (void)a; rcu_read_lock(); synchronize_rcu_mult(call_rcu); }
static void unbalanced_unlock(void *a) { (void)a; rcu_read_unlock(); }
static void mightsleep_in_reader(void *a)
{
	(void)a;
	rcu_read_lock();
	kfree_rcu_mightsleep(malloc(8));
}
static void sync_exit_unpaired(void *a)
{
	static struct rcu_sync rs = __RCU_SYNC_INITIALIZER(rs);

	(void)a;
	rcu_sync_exit(&rs);
}
static void unexpedite_unpaired(void *a)
{
	(void)a;
	rcu_expedite_gp();
	rcu_unexpedite_gp();
	rcu_unexpedite_gp();
}
static void unbalanced_nested(void *a)
{
	(void)a;
	rcu_read_lock();
	rcu_read_unlock();
	rcu_read_unlock();
}
static void unregister_in_reader(void *a)
{
	(void)a;
	rcu_register_thread();
	rcu_read_lock();
	rcu_unregister_thread();
}
static void irq_restore_out_of_order(void *a)
{
	unsigned long f1, f2;

	(void)a;
	local_irq_save(f1);
	local_irq_save(f2);
	rcutable_irq_restore(f1);
	(void)f2;
}

static void noop_cb(struct rcu_head *h) { (void)h; }
static void double_call_rcu(void *a)
{
	static struct rcu_head h;

	(void)a;
	rcu_read_lock();	/* keeps the first callback pending */
	call_rcu(&h, noop_cb);
	call_rcu(&h, noop_cb);
}

static void call_rcu_without_function(void *a)
{
	static struct rcu_head h;

	(void)a;
	call_rcu(&h, NULL);
}

static void barrier_cb(struct rcu_head *h) { (void)h; rcu_barrier(); }
static void barrier_in_callback(void *a)
{
	static struct rcu_head h;

	(void)a;
	call_rcu(&h, barrier_cb);
	sleep_ms(5000);
}

Test(misuse, synchronize_rcu_inside_reader, .timeout = 20)
{
	skip_unless_readers_visible();
	expect_abort(sync_in_reader, NULL, "synchronize_rcu() inside an RCU read-side critical section");
}

/* The abort names the call site: the call chain follows the message, a
 * frame a line (binary, offset, address). */
Test(misuse, abort_names_the_call_site, .timeout = 20)
{
	char err[8192], *chain, *p;
	int status, frames = 0;

	skip_unless_readers_visible();
	if (rcutable_impl_info.is_control)
		cr_skip_test("the control refuses nothing");
	status = run_child(sync_in_reader, NULL, err, sizeof(err));
	cr_assert(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT,
		  "status 0x%x: %s", status, err);
	chain = strstr(err, "called from");
	cr_assert(chain, "the abort gives no call chain: \"%s\"", err);
	for (p = chain; (p = strstr(p, "+0x")); p++)
		frames++;
	cr_assert(frames >= 3, "the call chain has %d frames with an offset: \"%s\"",
		  frames, err);
}

Test(misuse, synchronize_rcu_expedited_inside_reader, .timeout = 20)
{
	skip_unless_readers_visible();
	expect_abort(exp_in_reader, NULL, "synchronize_rcu_expedited() inside");
}

Test(misuse, rcu_barrier_inside_reader, .timeout = 20)
{
	skip_unless_readers_visible();
	expect_abort(barrier_in_reader, NULL, "rcu_barrier() inside");
}

Test(misuse, cond_synchronize_rcu_inside_reader, .timeout = 20)
{
	skip_unless_readers_visible();
	expect_abort(cond_in_reader, NULL, "inside an RCU read-side critical section");
}

Test(misuse, synchronize_rcu_mult_inside_reader, .timeout = 20)
{
	skip_unless_readers_visible();
	expect_abort(mult_in_reader, NULL, "synchronize_rcu_mult() inside");
}

Test(misuse, unbalanced_rcu_read_unlock, .timeout = 20)
{
	skip_unless_impl_has(RCUTABLE_API_READER_CHECKS, "read-side misuse checks");
	expect_abort(unbalanced_unlock, NULL, "rcu_read_unlock() without a matching rcu_read_lock()");
	expect_abort(unbalanced_nested, NULL, "rcu_read_unlock() without a matching rcu_read_lock()");
}

Test(misuse, unregister_inside_reader, .timeout = 20)
{
	skip_unless_readers_visible();
	expect_abort(unregister_in_reader, NULL, "rcu_unregister_thread() inside");
}

Test(misuse, local_irq_restore_out_of_order, .timeout = 20)
{
	expect_abort(irq_restore_out_of_order, NULL, "local_irq_restore(");
}

Test(misuse, rcu_barrier_from_callback, .timeout = 20)
{
	expect_abort(barrier_in_callback, NULL, "rcu_barrier() called from a call_rcu() callback");
}

/* NULL would pass for kfree_rcu()'s offset 0 and free the head. */
Test(misuse, call_rcu_with_a_null_function_aborts, .timeout = 20)
{
	expect_abort(call_rcu_without_function, NULL, "call_rcu() on rcu_head");
}

Test(misuse, call_rcu_on_pending_head, .timeout = 20)
{
	if (!RCUTABLE_LOCKDEP_ENABLED)
		cr_skip_test("pending-head tracking is in checking builds (make DEBUG=1)");
	expect_abort(double_call_rcu, NULL, "call_rcu() on rcu_head");
}

Test(misuse, kfree_rcu_mightsleep_inside_reader, .timeout = 20)
{
	skip_unless_readers_visible();
	expect_abort(mightsleep_in_reader, NULL,
		     "kfree_rcu_mightsleep() (or kfree_rcu() with one argument) inside");
}

Test(misuse, rcu_unexpedite_gp_without_expedite, .timeout = 20)
{
	expect_abort(unexpedite_unpaired, NULL, "rcu_unexpedite_gp() without an rcu_expedite_gp()");
}

Test(misuse, rcu_sync_exit_without_enter, .timeout = 20)
{
	expect_abort(sync_exit_unpaired, NULL, "rcu_sync_exit() without an rcu_sync_enter()");
}
