/* SPDX-License-Identifier: MIT */
/*
 * rcutable/rcupdate_tasks.h: the RCU Tasks column of the 2019 RCU API table
 * (rcupdate.h includes it; a program that uses RCU Tasks alone includes
 * this header and links rcutable-tasks, with no RCU implementation).
 *
 * RCU Tasks has no read-side markers and no registration.  Its readers are
 * regions of code that never block: trampolines, JIT-compiled code,
 * hot-patched functions, tables a signal handler reads.  A grace period
 * waits until every other thread of the process that existed when it
 * began has blocked in a system call, is seen blocked in one, or has
 * exited.  The read-side constraint, in user space: no voluntary context
 * switch inside a region, which means
 *   - no system call that can block (sleep, futex wait, blocking I/O);
 *   - no signal handler that blocks in a system call, taken inside it.
 * Preemption does not end a region, and neither does sched_yield(), a
 * page fault (even one that waits for I/O or for the lock that fork() and
 * mmap() hold), nor a stop (SIGSTOP, a debugger) while a check sees it.  A
 * stop and continue that both fall between two checks count, as the
 * kernel counts them, as a voluntary switch, and so would a page fault
 * that waits, then computes in the kernel for over a millisecond before it
 * completes, between two checks (impls/tasks/tasks.c).
 *
 * Grace periods read /proc/self/task/<tid>/{stat,status,syscall,schedstat};
 * the first call says so and stops if procfs is not mounted.  RCUTABLE_TASKS_STALL_TIMEOUT_MS
 * (default 10000, 0: off) is how long a grace period waits before it warns,
 * naming each thread it still waits for; it keeps waiting.
 */
#ifndef RCUTABLE_RCUPDATE_TASKS_H
#define RCUTABLE_RCUPDATE_TASKS_H

#include <rcutable/types.h>
#include <rcutable/impl.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Wait for a full RCU Tasks grace period: every thread of the process but
 * the caller that existed at the call has since blocked in a system call,
 * been seen blocked in one, or exited; threads created during the wait are not waited
 * for.  Each of those threads' accesses before its switch happens before
 * the return.  Concurrent callers share grace periods.  Blocks for
 * milliseconds when every thread is idle, as long as a region lasts
 * otherwise.  Not from a call_rcu_tasks() callback (it would wait for
 * itself: aborts with a message).
 */
void synchronize_rcu_tasks(void);

/*
 * Queue func(head) to run after an RCU Tasks grace period that begins
 * after this call.  Never blocks; callbacks queued together share one
 * grace period.  head belongs to rcutable until func runs.
 */
void call_rcu_tasks(struct rcu_head *head, rcu_callback_t func);

/*
 * Wait until every callback queued by call_rcu_tasks() before this call
 * has run: before unloading the code those callbacks belong to.  Not from
 * a callback (aborts with a message).
 */
void rcu_barrier_tasks(void);

/* How RCU Tasks is doing, for diagnostics, tests and benchmarks. */
struct rcutable_tasks_stats {
	unsigned long gp_begun;		/* grace periods that have taken their thread list */
	unsigned long gp_ended;
	unsigned long holdouts;		/* threads the running grace period still waits for */
	unsigned long rechecks;		/* checks of holdouts, over all grace periods */
	unsigned long stall_warnings;
	unsigned long long gp_cpu_ns;	/* CPU time the grace periods took, in all */
};

/* A consistent-enough copy: each field is read once, gp_ended and rechecks
 * before the fields they count. */
void rcutable_tasks_get_stats(struct rcutable_tasks_stats *stats);

#ifdef __cplusplus
}
#endif

#endif /* RCUTABLE_RCUPDATE_TASKS_H */
