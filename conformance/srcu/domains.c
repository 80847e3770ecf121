/* SPDX-License-Identifier: MIT */
/*
 * conformance/srcu/domains.c: domains come and go.  init_srcu_struct()
 * and cleanup_srcu_struct() on a thousand domains at once, each used for
 * reading, both grace periods and callbacks; cleanup stops each domain's
 * callback thread.  srcu_read_lock_held() tells domains apart (checking
 * build).  The default implementation explains a missing membarrier().
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

#include "srcu_hold.h"

static void count_cb(struct rcu_head *head)
{
	__atomic_add_fetch((int *)((char *)head + sizeof(*head)), 1, __ATOMIC_RELAXED);
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

static void deny_membarrier(void)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_membarrier, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { .len = sizeof(f) / sizeof(f[0]), .filter = f };

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog))
		abort();
}

static void synchronize_without_membarrier(void *arg)
{
	struct srcu_struct s;

	(void)arg;
	deny_membarrier();
	cr_assert_eq(init_srcu_struct(&s), 0);
	synchronize_srcu(&s);
}

/* An implementation that needs membarrier() says so at its first grace
 * period and names the one that does not; the others work without it. */
Test(srcu, a_missing_membarrier_is_explained, .timeout = 30)
{
	char err[4096];
	int status;

	if (strstr(rcutable_srcu_impl_info.needs, "membarrier")) {
		expect_abort(synchronize_without_membarrier, NULL, "rcutable-srcu-mb");
		return;
	}
	status = run_child(synchronize_without_membarrier, NULL, err, sizeof(err));
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		  "%s failed without membarrier() (status 0x%x): %s",
		  rcutable_srcu_impl_info.name, status, err);
}
