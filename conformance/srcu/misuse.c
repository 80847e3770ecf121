/* SPDX-License-Identifier: MIT */
/*
 * conformance/srcu/misuse.c: SRCU misuse is refused with a message naming
 * the domain, never silent corruption.  A wait for a grace period inside a
 * reader of the same domain (it would wait for itself), an unlock with an
 * index that no lock returned, cleanup_srcu_struct() with a reader inside
 * or a callback pending, a domain used after its cleanup or never
 * initialized, and call_srcu() with no callback function.  Some need the checking build's record of open sections;
 * those skip in a release build.  A wait inside a reader of another domain
 * is allowed.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "srcu_hold.h"
#include "testing.h"

DEFINE_SRCU(misuse_srcu);
DEFINE_STATIC_SRCU(bystander_srcu);

static void call_srcu_without_function(void *arg)
{
	static struct rcu_head head;

	(void)arg;
	call_srcu(&misuse_srcu, &head, NULL);
}

/* NULL would pass for an offset to free the head at. */
Test(srcu, call_srcu_with_a_null_function_aborts, .timeout = 30)
{
	expect_abort(call_srcu_without_function, NULL, "call_srcu() on rcu_head");
}

static void synchronize_inside_own_reader(void *arg)
{
	(void)arg;
	srcu_read_lock(&misuse_srcu);
	synchronize_srcu(&misuse_srcu);
}

Test(srcu, synchronize_srcu_inside_its_own_reader_aborts, .timeout = 30)
{
	srcu_skip_unless(RCUTABLE_API_READER_CHECKS, "the wait inside a reader is refused");
	expect_abort(synchronize_inside_own_reader, NULL, "misuse_srcu");
}

static void expedited_inside_own_reader(void *arg)
{
	(void)arg;
	srcu_read_lock(&misuse_srcu);
	synchronize_srcu_expedited(&misuse_srcu);
}

Test(srcu, synchronize_srcu_expedited_inside_its_own_reader_aborts, .timeout = 30)
{
	srcu_skip_unless(RCUTABLE_API_READER_CHECKS, "the wait inside a reader is refused");
	expect_abort(expedited_inside_own_reader, NULL, "wait for itself");
}

static void barrier_inside_own_reader(void *arg)
{
	(void)arg;
	srcu_read_lock(&misuse_srcu);
	srcu_barrier(&misuse_srcu);
}

Test(srcu, srcu_barrier_inside_its_own_reader_aborts, .timeout = 30)
{
	srcu_skip_unless(RCUTABLE_API_READER_CHECKS, "the wait inside a reader is refused");
	expect_abort(barrier_inside_own_reader, NULL, "srcu_barrier(misuse_srcu) inside");
}

Test(srcu, a_wait_inside_a_reader_of_another_domain_is_allowed, .timeout = 30)
{
	int idx = srcu_read_lock(&bystander_srcu);

	synchronize_srcu(&misuse_srcu);
	synchronize_srcu_expedited(&misuse_srcu);
	srcu_barrier(&misuse_srcu);
	srcu_read_unlock(&bystander_srcu, idx);
}

static void unlock_with_the_other_index(void *arg)
{
	int idx = srcu_read_lock(&misuse_srcu);

	(void)arg;
	srcu_read_unlock(&misuse_srcu, idx ^ 1);
}

Test(srcu, srcu_read_unlock_with_the_wrong_index_aborts, .timeout = 30)
{
	srcu_skip_unless(RCUTABLE_API_READER_CHECKS, "the index check");
	expect_abort(unlock_with_the_other_index, NULL, "misuse_srcu");
}

static void unlock_without_lock(void *arg)
{
	(void)arg;
	srcu_read_lock(&bystander_srcu);
	srcu_read_unlock(&misuse_srcu, 0);
}

Test(srcu, srcu_read_unlock_without_its_lock_aborts, .timeout = 30)
{
	srcu_skip_unless(RCUTABLE_API_READER_CHECKS, "the index check");
	expect_abort(unlock_without_lock, NULL, "without a matching srcu_read_lock()");
}

/* An index that no lock can return is refused in every build. */
static void unlock_with_a_wild_index(void *arg)
{
	int idx = srcu_read_lock(&misuse_srcu);

	(void)arg;
	srcu_read_unlock(&misuse_srcu, idx + 7);
}

Test(srcu, srcu_read_unlock_with_an_impossible_index_aborts, .timeout = 30)
{
	expect_abort(unlock_with_a_wild_index, NULL, "misuse_srcu");
}

static void cleanup_with_reader(void *arg)
{
	struct srcu_struct *ssp = malloc(sizeof(*ssp));

	(void)arg;
	cr_assert_eq(init_srcu_struct(ssp), 0);
	srcu_read_lock(ssp);
	cleanup_srcu_struct(ssp);
}

Test(srcu, cleanup_srcu_struct_with_a_reader_inside_aborts, .timeout = 30)
{
	expect_abort(cleanup_with_reader, NULL, "1 reader inside");
}

static int slow_cb_started;

static void slow_cb(struct rcu_head *head)
{
	(void)head;
	flag_set(&slow_cb_started, 1);
	sleep_ms_in_reader(3000);
}

static void nop_cb(struct rcu_head *head)
{
	(void)head;
}

/* A slow callback keeps the one behind it, and itself, pending. */
static void cleanup_with_callback(void *arg)
{
	static struct rcu_head slow, behind;
	struct srcu_struct *ssp = malloc(sizeof(*ssp));

	(void)arg;
	cr_assert_eq(init_srcu_struct(ssp), 0);
	call_srcu(ssp, &slow, slow_cb);
	cr_assert(flag_wait_in_reader(&slow_cb_started, 1, 10000));
	call_srcu(ssp, &behind, nop_cb);
	setenv("RCUTABLE_EXIT_TIMEOUT_MS", "0", 1);
	cleanup_srcu_struct(ssp);
}

Test(srcu, cleanup_srcu_struct_with_a_callback_pending_aborts, .timeout = 30)
{
	expect_abort(cleanup_with_callback, NULL, "call srcu_barrier(ssp) first");
}

static void use_after_cleanup(void *arg)
{
	struct srcu_struct s;

	(void)arg;
	cr_assert_eq(init_srcu_struct(&s), 0);
	cleanup_srcu_struct(&s);
	srcu_read_lock(&s);
}

Test(srcu, a_domain_used_after_cleanup_aborts, .timeout = 30)
{
	expect_abort(use_after_cleanup, NULL, "after cleanup_srcu_struct()");
}

static void use_uninitialized(void *arg)
{
	static struct srcu_struct never;

	(void)arg;
	synchronize_srcu(&never);
}

Test(srcu, a_domain_never_initialized_aborts, .timeout = 30)
{
	expect_abort(use_uninitialized, NULL, "never initialized");
}

/* ---- Stalls: a grace period held up past RCUTABLE_STALL_TIMEOUT_MS says
 * so, naming the domain and what can hold it, in every build. ---- */

static void *srcu_synchronizer(void *arg)
{
	(void)arg;
	synchronize_srcu(&misuse_srcu);
	return NULL;
}

/*
 * A child that stops once its stall warning is out, however long a busy
 * machine makes that take: RCUTABLE_STALL_TIMEOUT_MS is 200, and the
 * child's stderr goes to a file that stall_child_finish() watches for
 * "stall:" (for STALL_WAIT_S at most: a test that gets none fails on the
 * missing text) before it passes the file on to the real stderr, the
 * parent's pipe, and exits.
 */
#define STALL_WAIT_S	15	/* below run_child()'s 20 s alarm */

static int stall_log = -1, stall_stderr = -1;
static double stall_deadline;	/* CLOCK_MONOTONIC, s */

static void stall_child_setup(void)
{
	FILE *log = tmpfile();

	setenv("RCUTABLE_STALL_TIMEOUT_MS", "200", 1);
	cr_assert(log, "tmpfile()");
	stall_log = fileno(log);
	stall_stderr = dup(2);
	dup2(stall_log, 2);
	stall_deadline = now_s(CLOCK_MONOTONIC) + STALL_WAIT_S;
}

/* Has the child written a stall warning? */
static bool stall_logged(void)
{
	char buf[4096];
	ssize_t n = pread(stall_log, buf, sizeof(buf) - 1, 0);

	buf[n > 0 ? n : 0] = '\0';
	return strstr(buf, "stall:") != NULL;
}

static void stall_wait_for_warning(void)
{
	while (!stall_logged() && now_s(CLOCK_MONOTONIC) < stall_deadline)
		usleep(10000);
}

static void stall_child_finish(void)
{
	char buf[4096];
	ssize_t n;

	stall_wait_for_warning();
	for (off_t at = 0; (n = pread(stall_log, buf, sizeof(buf), at)) > 0; at += n)
		if (write(stall_stderr, buf, (size_t)n) != n)
			break;
	_exit(0);
}

static void *finisher(void *arg)
{
	(void)arg;
	stall_child_finish();
	return NULL;
}

static bool srcu_has(unsigned api)
{
	return (rcutable_srcu_impl_info.native | rcutable_srcu_impl_info.emulated) & api;
}

static int long_reader_in;	/* hold_until_warned() is inside its reader */

/* A reader that holds its section until the grace period warns. */
static void *hold_until_warned(void *arg)
{
	int idx = srcu_read_lock(&misuse_srcu);

	(void)arg;
	__atomic_store_n(&long_reader_in, 1, __ATOMIC_SEQ_CST);
	stall_wait_for_warning();
	srcu_read_unlock(&misuse_srcu, idx);
	return NULL;
}

static void stall_on_a_long_reader(void *arg)
{
	pthread_t t;

	(void)arg;
	stall_child_setup();
	pthread_create(&t, NULL, hold_until_warned, NULL);
	/* However late the reader thread runs on a busy machine. */
	while (!__atomic_load_n(&long_reader_in, __ATOMIC_SEQ_CST))
		usleep(1000);
	synchronize_srcu(&misuse_srcu);
	pthread_join(t, NULL);
	stall_child_finish();
}

Test(srcu, waits_stall_warning_names_the_domain, .timeout = 30)
{
	char err[4096];
	int status;

	srcu_skip_unless(RCUTABLE_API_STALL, "stall warnings");
	status = run_child(stall_on_a_long_reader, NULL, err, sizeof(err));
	cr_assert(WIFEXITED(status), "status 0x%x: %s", status, err);
	cr_assert(strstr(err, "stall: synchronize_srcu() on SRCU domain misuse_srcu has waited"),
		  "a reader held past a 200 ms stall timeout gave no warning naming "
		  "the domain: \"%s\"", err);
	cr_assert(strstr(err, "reader(s) of index"), "the warning does not count the "
		  "readers: \"%s\"", err);
}

static void stall_on_a_wrong_index(void *arg)
{
	pthread_t t;
	int idx;

	(void)arg;
	stall_child_setup();
	idx = srcu_read_lock(&misuse_srcu);
	srcu_read_unlock(&misuse_srcu, idx ^ 1);
	pthread_create(&t, NULL, srcu_synchronizer, NULL);
	stall_child_finish();
}

Test(srcu, wrong_index_then_synchronize_is_told, .timeout = 30)
{
	char err[4096];
	int status;

	srcu_skip_unless(RCUTABLE_API_STALL, "stall warnings");
	if (srcu_has(RCUTABLE_API_READER_CHECKS))
		cr_skip_test("the checking build refuses the unlock itself");
	status = run_child(stall_on_a_wrong_index, NULL, err, sizeof(err));
	cr_assert(WIFEXITED(status), "status 0x%x: %s", status, err);
	cr_assert(strstr(err, "was given the wrong index") && strstr(err, "misuse_srcu"),
		  "synchronize_srcu() after an srcu_read_unlock() with the other index "
		  "hung without a word naming the mistake: \"%s\"", err);
}

static void stall_inside_own_reader(void *arg)
{
	pthread_t t;

	(void)arg;
	stall_child_setup();
	srcu_read_lock(&misuse_srcu);
	/* This thread waits for itself; another ends the child. */
	pthread_create(&t, NULL, finisher, NULL);
	synchronize_srcu(&misuse_srcu);
}

Test(srcu, synchronize_inside_own_reader_is_told, .timeout = 30)
{
	char err[4096];
	int status;

	srcu_skip_unless(RCUTABLE_API_STALL, "stall warnings");
	if (srcu_has(RCUTABLE_API_READER_CHECKS))
		cr_skip_test("the checking build refuses it with abort()");
	status = run_child(stall_inside_own_reader, NULL, err, sizeof(err));
	cr_assert(WIFEXITED(status), "status 0x%x: %s", status, err);
	cr_assert(strstr(err, "called inside a section of this domain, which waits for itself"),
		  "synchronize_srcu() inside its own reader hung without a word: \"%s\"", err);
}
