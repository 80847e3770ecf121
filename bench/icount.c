/* SPDX-License-Identifier: MIT */
/*
 * bench/icount.c: the code whose instructions scripts/count-instructions
 * counts under valgrind's callgrind, collecting only inside the icount_*
 * functions: MODE is pair (rcu_read_lock()+rcu_read_unlock()), empty (the
 * same loop without them, to subtract), call (call_rcu()) or qs
 * (rcu_quiescent_state() with no grace period waiting: its fast path);
 * pair_exp, the pair after two expedited grace periods, in the expedited
 * mode of memb and signal (counter_gp.c; for an hour), and
 * pair_after_exp, the pair once that mode has lapsed (after 1 ms).
 *
 *	icount MODE N
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <rcutable/rcupdate.h>

__attribute__((noinline)) void icount_pair(long n)
{
	for (long i = 0; i < n; i++) {
		rcu_read_lock();
		rcutable_barrier();
		rcu_read_unlock();
	}
}

__attribute__((noinline)) void icount_empty(long n)
{
	for (long i = 0; i < n; i++) {
		rcutable_barrier();
		rcutable_barrier();
	}
}

__attribute__((noinline)) void icount_qs(long n)
{
	for (long i = 0; i < n; i++) {
		rcu_quiescent_state();
		rcutable_barrier();
		rcutable_barrier();
	}
}

static void noop_cb(struct rcu_head *h) { (void)h; }

__attribute__((noinline)) void icount_call(struct rcu_head *heads, long n)
{
	for (long i = 0; i < n; i++)
		call_rcu(&heads[i], noop_cb);
}

int main(int argc, char **argv)
{
	long n = argc > 2 ? atol(argv[2]) : 1000;
	const char *mode = argc > 1 ? argv[1] : "pair";
	bool exp = !strcmp(mode, "pair_exp"), after_exp = !strcmp(mode, "pair_after_exp");
	struct rcu_head *heads = calloc((size_t)n + 1, sizeof(*heads));

	/* Read at the first expedited grace period (counter_gp.c). */
	if (exp || after_exp)
		setenv("RCUTABLE_EXPEDITED_MODE_MS", exp ? "3600000" : "1", 1);
	rcu_register_thread();
	call_rcu(&heads[n], noop_cb);	/* starts the worker outside the count */
	/* The first read outside the count too: registration, or the one
	 * out-of-line lock after a call_rcu() (counter_gp.c, caller_rearm()). */
	rcu_read_lock();
	rcu_read_unlock();
	if (exp || after_exp) {
		synchronize_rcu_expedited();	/* turns the mode on */
		synchronize_rcu_expedited();
		if (after_exp)
			nanosleep(&(struct timespec){ .tv_nsec = 20000000 }, NULL);
		/* Re-arm, and one of them finds the mode lapsed
		 * (FENCE_MODE_CHECK_EVERY in counter_gp.c); the next pair's
		 * lock goes out of line once more. */
		for (int i = 0; i < 32; i++) {
			rcu_read_lock();
			rcu_read_unlock();
		}
	}
	if (!strcmp(mode, "pair") || exp || after_exp)
		icount_pair(n);
	else if (!strcmp(mode, "empty"))
		icount_empty(n);
	else if (!strcmp(mode, "call"))
		icount_call(heads, n);
	else if (!strcmp(mode, "qs"))
		icount_qs(n);
	else
		return fprintf(stderr, "icount: unknown mode %s\n", mode), 2;
	rcu_barrier();
	rcu_unregister_thread();
	free(heads);
	return 0;
}
