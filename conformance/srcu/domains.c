/* SPDX-License-Identifier: MIT */
/*
 * conformance/srcu/domains.c: domains come and go.  init_srcu_struct()
 * and cleanup_srcu_struct() on a thousand domains at once, each used for
 * reading, both grace periods and callbacks; cleanup stops each domain's
 * callback thread; exit() beside a thread that does so.
 * srcu_read_lock_held() tells domains apart (checking build).  The
 * default implementation explains a missing membarrier().
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "srcu_hold.h"

static void count_cb(struct rcu_head *head)
{
	__atomic_add_fetch((int *)((char *)head + sizeof(*head)), 1, __ATOMIC_RELAXED);
}

static void count_cb_nop(struct rcu_head *head)
{
	(void)head;
}

Test(srcu, a_thousand_domains_are_created_used_and_cleaned_up, .timeout = 120)
{
	enum { N = 1000 };
	struct dom {
		struct srcu_struct s;
		struct rcu_head head;
		int ran;
	} *d = calloc(N, sizeof(*d));
	int i, before = srcu_thread_count(), idx;

	cr_assert(d);
	for (i = 0; i < N; i++)
		cr_assert_eq(init_srcu_struct(&d[i].s), 0);
	for (i = 0; i < N; i++) {
		idx = srcu_read_lock(&d[i].s);
		srcu_read_unlock(&d[i].s, idx);
		if (i % 2)
			synchronize_srcu(&d[i].s);
		else
			synchronize_srcu_expedited(&d[i].s);
		call_srcu(&d[i].s, &d[i].head, count_cb);
	}
	for (i = 0; i < N; i++) {
		srcu_barrier(&d[i].s);
		cr_assert_eq(d[i].ran, 1, "domain %d: its callback ran %d times", i, d[i].ran);
		cleanup_srcu_struct(&d[i].s);
	}
	cr_assert_eq(srcu_thread_count(), before,
		     "%d threads after cleanup, %d before: callback threads left behind",
		     srcu_thread_count(), before);
	/* Again, in the same memory: cleaned-up domains can be initialized anew. */
	for (i = 0; i < N; i++) {
		cr_assert_eq(init_srcu_struct(&d[i].s), 0);
		call_srcu(&d[i].s, &d[i].head, count_cb);
		srcu_barrier(&d[i].s);
		cleanup_srcu_struct_quiesced(&d[i].s);
		cr_assert_eq(d[i].ran, 2);
	}
	free(d);
}

Test(srcu, srcu_read_lock_held_tells_domains_apart, .timeout = 30)
{
	struct srcu_struct a, b;
	int ia, ib;

	srcu_skip_unless(RCUTABLE_API_VALIDATION, "srcu_read_lock_held()");
	cr_assert_eq(init_srcu_struct(&a), 0);
	cr_assert_eq(init_srcu_struct(&b), 0);
	cr_assert(!srcu_read_lock_held(&a), "held outside any reader");
	ia = srcu_read_lock(&a);
	cr_assert(srcu_read_lock_held(&a));
	cr_assert(!srcu_read_lock_held(&b), "held: a reader of another domain");
	ib = srcu_read_lock(&b);
	srcu_read_unlock(&a, ia);	/* sections of two domains need not nest */
	cr_assert(!srcu_read_lock_held(&a));
	cr_assert(srcu_read_lock_held(&b));
	srcu_read_unlock(&b, ib);
	cr_assert(!srcu_read_lock_held(&b));
	cleanup_srcu_struct(&a);
	cleanup_srcu_struct(&b);
}

Test(srcu, srcu_dereference_forms_load_the_pointer, .timeout = 30)
{
	static int x = 5;
	static int *p = &x;
	struct srcu_struct s;
	int idx;

	cr_assert_eq(init_srcu_struct(&s), 0);
	idx = srcu_read_lock(&s);
	cr_assert_eq(*srcu_dereference(p, &s), 5);
	cr_assert_eq(*srcu_dereference_check(p, &s, 1), 5);
	cr_assert_eq(*srcu_dereference_notrace(p, &s), 5);
	srcu_read_unlock(&s, idx);
	smp_mb__after_srcu_read_unlock();
	idx = srcu_read_lock_notrace(&s);
	srcu_read_unlock_notrace(&s, idx);
	cleanup_srcu_struct(&s);
}

static void synchronize_without_membarrier(void *arg)
{
	struct srcu_struct s;

	(void)arg;
	deny_syscall(SYS_membarrier);
	cr_assert_eq(init_srcu_struct(&s), 0);
	synchronize_srcu(&s);
}

/* An implementation that needs membarrier() says so at its first grace
 * period and names the one that does not; the others work without it. */
Test(srcu, a_missing_membarrier_is_explained, .timeout = 30)
{
	char err[4096];
	int status;

	if (rcutable_srcu_impl_info.requirements & RCUTABLE_NEEDS_MEMBARRIER) {
		expect_abort(synchronize_without_membarrier, NULL, "rcutable-srcu-mb");
		return;
	}
	status = run_child(synchronize_without_membarrier, NULL, err, sizeof(err));
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		  "%s failed without membarrier() (status 0x%x): %s",
		  rcutable_srcu_impl_info.name, status, err);
}

/* Callback engines are reused after cleanup: the engines stay walkable by
 * exit() and fork(), once each. */
static void reuse_then_fork_and_exit(void *arg)
{
	static struct rcu_head ha, hb, hc, hd;
	struct srcu_struct a, b, c;
	int status;
	pid_t pid;

	(void)arg;
	if (init_srcu_struct(&a) || init_srcu_struct(&b))
		abort();
	call_srcu(&a, &ha, count_cb_nop);
	call_srcu(&b, &hb, count_cb_nop);
	srcu_barrier(&a);
	srcu_barrier(&b);
	cleanup_srcu_struct(&a);		/* the first engine started: reused next */
	if (init_srcu_struct(&c))
		abort();
	call_srcu(&c, &hc, count_cb_nop);
	srcu_barrier(&c);
	pid = fork();
	if (pid == 0) {
		call_srcu(&c, &hd, count_cb_nop);
		srcu_barrier(&c);
		synchronize_srcu(&b);
		_exit(0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid ||
	    !WIFEXITED(status) || WEXITSTATUS(status)) {
		fputs("the fork child failed\n", stderr);
		exit(1);
	}
	call_srcu(&b, &hd, count_cb_nop);	/* pending at exit: drained */
	exit(0);
}

Test(srcu, reused_callback_engines_survive_fork_and_exit, .timeout = 60)
{
	char err[4096];
	int status = run_child(reuse_then_fork_and_exit, NULL, err, sizeof(err));

	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		  "status 0x%x (a hang dies by SIGALRM): %s", status, err);
}

/*
 * exit() while another thread makes, uses and cleans up domains: the
 * exit-time drain queues a barrier of its own on the domain's engine,
 * which the thread did not queue, so its cleanup_srcu_struct(), right
 * after its srcu_barrier(), must not refuse it as a pending callback.
 * The drain lands at a random point of the thread's round: many exits.
 */
static int churn_rounds;

static void *churn_domains(void *arg)
{
	static struct rcu_head h;

	(void)arg;
	for (;;) {
		struct srcu_struct s;

		if (init_srcu_struct(&s))
			abort();
		call_srcu(&s, &h, count_cb_nop);
		srcu_barrier(&s);
		cleanup_srcu_struct(&s);
		__atomic_add_fetch(&churn_rounds, 1, __ATOMIC_RELAXED);
	}
	return NULL;
}

static void exit_while_domains_churn(void *arg)
{
	(void)arg;
	spawn(churn_domains, NULL);
	while (__atomic_load_n(&churn_rounds, __ATOMIC_RELAXED) < 5)
		usleep(1000);
	exit(0);
}

Test(srcu, exit_while_another_thread_cleans_up_domains, .timeout = 120)
{
	char err[4096];

	for (int i = 0; i < 100; i++) {
		int status = run_child(exit_while_domains_churn, NULL, err, sizeof(err));

		cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0,
			  "exit %d of 100 beside a thread that cleans up domains: "
			  "status 0x%x: %s", i + 1, status, err);
	}
}

/* Threads with and without a registered rseq area count into the same
 * domain at once (the latter with atomic adds, the former with plain ones
 * on their CPU's line): no count may be lost, so the domain ends balanced. */
struct counting {
	struct srcu_struct *ssp;
	int stop;
	bool unregister_rseq;
};

static void *counting_reader(void *arg)
{
	struct counting *c = arg;

#ifdef RCUTABLE_HAVE_RSEQ
	if (c->unregister_rseq && __rseq_size)
		syscall(SYS_rseq, rcutable_rseq_area(), __rseq_size, 1 /* RSEQ_FLAG_UNREGISTER */,
			RSEQ_SIG);
#endif
	while (!flag_get(&c->stop)) {
		int idx = srcu_read_lock(c->ssp);

		srcu_read_unlock(c->ssp, idx);
	}
	return NULL;
}

Test(srcu, counts_balance_with_and_without_rseq, .timeout = 60)
{
	enum { N = 6 };
	struct srcu_struct s;
	struct counting c[N];
	pthread_t t[N];
	int i;

	cr_assert_eq(init_srcu_struct(&s), 0);
	for (i = 0; i < N; i++) {
		c[i] = (struct counting){ .ssp = &s, .unregister_rseq = i % 2 };
		t[i] = spawn(counting_reader, &c[i]);
	}
	sleep_ms_in_reader(1000);
	for (i = 0; i < N; i++)
		flag_set(&c[i].stop, 1);
	for (i = 0; i < N; i++)
		pthread_join(t[i], NULL);
	synchronize_srcu_expedited(&s);	/* would hang on a lost unlock count */
	cleanup_srcu_struct(&s);	/* aborts on a lost count either way */
}

static void init_twice(void *arg)
{
	struct srcu_struct s;

	(void)arg;
	if (init_srcu_struct(&s) == 0)
		init_srcu_struct(&s);
}

Test(srcu, init_srcu_struct_twice_aborts, .timeout = 30)
{
	expect_abort(init_twice, NULL, "already initialized");
}
