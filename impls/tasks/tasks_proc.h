/* SPDX-License-Identifier: MIT */
/*
 * impls/tasks/tasks_proc.h: the threads of this process and their
 * scheduling states, as procfs tells them.  Called by the RCU Tasks
 * grace periods (Tasks, Rude: each on its own thread); nothing here keeps
 * state but each thread's own buffer.
 */
#ifndef RCUTABLE_TASKS_PROC_H
#define RCUTABLE_TASKS_PROC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <rcutable/rcupdate_tasks.h>

/* One reading of a thread's scheduling state, from its stat file (state,
 * flags, faults), and, where asked for, its status (switches, name) and
 * schedstat (CPU time). */
struct rcutable_task_status {
	char state;			/* R, S, D, T, t, Z, X, I, ... */
	unsigned long flags;		/* the kernel's task flags */
	unsigned long faults;		/* page faults completed: minor + major */
	unsigned long nvcsw;		/* voluntary_ctxt_switches */
	unsigned long long run_ns;	/* time on a CPU */
	char name[16];			/* the thread's comm */
};

/*
 * Open /proc/self/task, or abort with a message saying that procfs is
 * needed and how to mount it.  who names the caller in the message.  The
 * descriptor names this process's directory: a child of fork() opens its
 * own.
 */
int rcutable_tasks_proc_open(const char *who);

/*
 * The thread ids in dirfd (from rcutable_tasks_proc_open()), read by one
 * getdents64() call, into *tids (grown with realloc; *cap its size);
 * returns how many.  A list may miss threads that existed all along: the
 * kernel's walk of the thread list ends early when it steps onto a thread
 * that has just exited.  rcutable_tasks_proc_thread_count() tells when a
 * list is complete.
 */
size_t rcutable_tasks_proc_list(int dirfd, pid_t **tids, size_t *cap);

/* How many threads the process has now: the Threads: line of its
 * status, the length of the kernel's thread list at one instant. */
size_t rcutable_tasks_proc_thread_count(int dirfd);

struct rcutable_tid_list {
	pid_t *tid;
	size_t n, cap;
};

/* Every thread of a complete list, and those seen around it: all.tid[0
 * .. all.n), sorted, each once.  The lists are working memory, kept for
 * the next call (zero-initialized before the first). */
struct rcutable_tid_set {
	struct rcutable_tid_list all;
	struct rcutable_tid_list lists[2];
};

/* Fill set with every thread that existed at one instant after the call
 * began (and any other seen); returns their count. */
size_t rcutable_tasks_proc_list_all(int dirfd, struct rcutable_tid_set *set);

/*
 * Read thread tid's stat file through dirfd: state, flags, faults.  False
 * if the thread has exited (its directory is gone, or it is no longer
 * attached to its pid); aborts with a message on a file it cannot parse.
 */
bool rcutable_tasks_proc_stat(int dirfd, pid_t tid, struct rcutable_task_status *st);

/* Whether thread tid has signal sig pending (*pending) and blocked
 * (*blocked), from the SigPnd and SigBlk lines of its status file, which
 * the kernel reads under the thread's signal lock.  False if it has
 * exited. */
bool rcutable_tasks_proc_signal(int dirfd, pid_t tid, int sig, bool *pending, bool *blocked);

/* The same for its status file (nvcsw, name) and schedstat (run_ns). */
bool rcutable_tasks_proc_status(int dirfd, pid_t tid, struct rcutable_task_status *st);
bool rcutable_tasks_proc_schedstat(int dirfd, pid_t tid, struct rcutable_task_status *st);

/*
 * Where a thread seen blocked is blocked, from its syscall file: inside a
 * system call (its user-space code called the kernel), or elsewhere (a page
 * fault, a stop, work the kernel does on the way back to user space,
 * interrupting its code anywhere); or it is running again, or gone.
 */
enum rcutable_task_blocked_in {
	RCUTABLE_TASK_IN_SYSCALL,
	RCUTABLE_TASK_IN_FAULT_OR_TRAP,
	RCUTABLE_TASK_NOT_BLOCKED,
};
enum rcutable_task_blocked_in rcutable_tasks_proc_blocked_in(int dirfd, pid_t tid);

/* Threads that never run code of the process: the kernel's workers in its
 * thread group (io_uring's, vhost's). */
static inline bool rcutable_tasks_flags_kernel_worker(unsigned long flags)
{
	return flags & (0x00000010ul /* PF_IO_WORKER */ |
			0x00004000ul /* PF_USER_WORKER */ |
			0x00200000ul /* PF_KTHREAD */);
}

/* A thread in this state is in the kernel, blocked (S, D, I, P)... */
static inline bool rcutable_tasks_state_blocked(char state)
{
	return state == 'S' || state == 'D' || state == 'I' || state == 'P';
}

/* ...or exiting: it runs no code of its own any more (Z, X). */
static inline bool rcutable_tasks_state_exited(char state)
{
	return state == 'Z' || state == 'X';
}

/* Stopped by a signal or a tracer: anywhere in its code, to resume there. */
static inline bool rcutable_tasks_state_stopped(char state)
{
	return state == 'T' || state == 't';
}

/* ---- A grace period's statistics: written by its thread alone ---------- */

static inline void rcutable_tasks_stat_set(unsigned long *field, unsigned long v)
{
	__atomic_store_n(field, v, __ATOMIC_RELAXED);
}

/* Release: the fields set before it are seen by a reader that acquires
 * this one (rcutable_tasks_stats_read()). */
static inline void rcutable_tasks_stat_inc_release(unsigned long *field)
{
	__atomic_store_n(field, *field + 1, __ATOMIC_RELEASE);
}

/* A consistent-enough copy of *from into *to: each field read once,
 * gp_ended and rechecks (acquire) before the fields they count. */
void rcutable_tasks_stats_read(const struct rcutable_tasks_stats *from,
			       struct rcutable_tasks_stats *to);

/*
 * W of a grace period, after its list: count the holdouts and the
 * beginning into stats, then, while *nh holdouts are left, sleep first_ns,
 * then twice as long each time up to 16 ms, and recheck(dirfd) (which
 * updates *nh), counting each pass; every stall_ns (0: never) call
 * warn(dirfd, ns waited so far) and count it.
 */
void rcutable_tasks_wait_holdouts(int dirfd, const size_t *nh, uint64_t first_ns,
				 uint64_t stall_ns, struct rcutable_tasks_stats *stats,
				 void (*recheck)(int dirfd),
				 void (*warn)(int dirfd, uint64_t waited_ns));

/*
 * Fence E of the grace periods (tasks.c): every thread of the process
 * still on a CPU executes a full fence (membarrier()); a thread off its CPU
 * has passed the scheduler's.  On x86-64, without membarrier(), smp_mb()
 * (a load is never reordered after a later store there); elsewhere it
 * aborts with a message.
 */
void rcutable_tasks_fence_every_thread(void);

#endif /* RCUTABLE_TASKS_PROC_H */
