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

/*
 * RCU Tasks Rude (since 2019).  The kernel's Rude readers are regions with
 * preemption or interrupts disabled, and its grace period forces every CPU
 * through a context switch.  Signals are user space's interrupts: here a
 * reader is any region of a thread that runs with the flavor's signal
 * blocked (rcutable_tasks_rude_signal(): SIGRTMIN+4 unless
 * RCUTABLE_TASKS_RUDE_SIGNAL names another real-time signal), such as
 * local_irq_save() ... local_irq_restore() (rcupdate.h), a
 * pthread_sigmask() block of every signal, or a signal handler whose
 * sa_mask holds it.  A grace period reads every other thread's signal
 * mask (procfs), sends the signal to each one that blocks it, and waits
 * until none has it pending: a thread drops it, unseen, when its region
 * ends (its disposition is SIG_IGN: refused if the program handles it);
 * threads outside regions are not disturbed at all.  As in the kernel, a region never
 * blocks: a thread seen blocked inside a system call is outside every
 * region, so one that keeps every signal blocked for good and sleeps (a
 * sigwait() loop, a library's helper thread) holds a grace period back
 * only while it runs.  A thread that takes signals with sigwait() should
 * leave this one out of its set, or it receives it.  The stall warning
 * (RCUTABLE_TASKS_STALL_TIMEOUT_MS) names the threads a grace period
 * still waits for.
 */

/* Wait for every Tasks Rude reader of another thread that was inside when
 * the call began; the ordering of synchronize_rcu_tasks().  Refused inside
 * a reader of the caller's (it would wait for itself), and from a
 * call_rcu_tasks_rude() callback. */
void synchronize_rcu_tasks_rude(void);

/* Queue func(head) after a Tasks Rude grace period that begins later.
 * Never blocks; callbacks queued together share one grace period. */
void call_rcu_tasks_rude(struct rcu_head *head, rcu_callback_t func);

/* Wait until every callback queued by call_rcu_tasks_rude() before the
 * call has run.  Refused as synchronize_rcu_tasks_rude() is. */
void rcu_barrier_tasks_rude(void);

/* The signal whose blocked regions are Tasks Rude readers. */
int rcutable_tasks_rude_signal(void);

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
/* The same for RCU Tasks Rude's grace periods. */
void rcutable_tasks_rude_get_stats(struct rcutable_tasks_stats *stats);

#ifdef __cplusplus
}
#endif

#endif /* RCUTABLE_RCUPDATE_TASKS_H */
