/* SPDX-License-Identifier: MIT */
/*
 * impls/tasks/tasks.c: RCU Tasks from the scheduler's own counts.
 *
 * Readers have no markers: a reader is any region of code that does not
 * block (rcupdate_tasks.h).  Grace periods run on the callback engine's
 * worker (cbq.h), one at a time, each for the whole batch of callbacks
 * queued before it began; synchronize_rcu_tasks() is one such callback and
 * a wait.  A grace period:
 *
 *   B  smp_mb(); list the threads (tasks_proc.h), until a list is
 *      complete, and look at each one (its stat file).  Threads that have
 *      exited, the kernel's own workers, and threads blocked inside a
 *      system call are done; the others are the holdouts, each with its
 *      voluntary-switch and page-fault counts.
 *   H  recheck the holdouts, first after 100 us, then twice as long each
 *      time up to 16 ms, until none is left.  A holdout is done once it
 *      has exited or is seen blocked inside a system call, or once its
 *      switch count has moved and a later check confirms the move (below).
 *      One seen stopped, or blocked outside a system call, or whose fault
 *      count moved, gets new counts.  After the stall timeout, warn,
 *      naming each holdout, and go on.
 *   E  membarrier() (smp_mb() on x86-64 where the kernel lacks it).
 *
 * Why each case is safe.  Take an update that unpublished an object (the
 * address of a trampoline, say) before call_rcu_tasks(); the engine's
 * release and acquire carry it to the worker before B.
 *
 * A thread seen blocked inside a system call (state S, D or I, and its
 * syscall file names a call) is in the kernel because its own code called
 * it, and a region makes no blocking call, so it is outside any region.
 * When it wakes it passes the scheduler's fences, which follow our read of
 * its state, itself after fence B and the update: fences on both sides of
 * a store and a read that missed it forbid its later regions from missing
 * the update.  Its accesses before it blocked: it set its state before them
 * completing is possible on a weakly ordered CPU (an earlier load may be
 * satisfied after a later store), so fence E makes every thread still on
 * a CPU execute a full fence, and a thread off its CPU has passed the
 * scheduler's.  On x86-64 a load is never reordered after a later store:
 * seeing the state means the accesses before it are done, and smp_mb()
 * serves as E.
 *
 * A thread blocked outside a system call is not done: a page fault blocks
 * anywhere in the code that faults (on the lock fork() or mmap() holds, on
 * I/O), and so does work the kernel does for the thread on its way back
 * to user space (rseq's update of the thread's CPU number faults on a page
 * fork() has made copy-on-write).  For the same reason a switch count that
 * moved is not enough: the move may be such a fault's.  A move counts only
 * if no fault of the thread completed since the counts were taken (a fault
 * is counted when it completes, after any wait) and, at a later check, the
 * thread has run 1 ms on a CPU since the move was seen, which finishes a
 * fault that had merely woken up.  Then the switch was a blocking system
 * call, made outside any region, and the ordering argument is the one
 * above: the scheduler fences (with the run-queue lock) before it counts a
 * switch, and we read the count and then fence.  (What is left: a fault
 * that waits, wakes, and computes in the kernel for over 1 ms before it
 * completes, between two checks.)
 *
 * A thread that has exited (its files cannot be read, or its state is Z
 * or X) runs no more code; its way out passed the kernel's fences, ordered by E
 * as a blocked thread is.  The group leader that returned through
 * pthread_exit() stays Z for as long as the process lives: done.
 *
 * A thread created after B may be missing from the list or present in it:
 * missing, it is not waited for, and it could not have been in a region
 * that began before the update, since it did not exist (like the kernel's,
 * this assumes a region does not create threads); present, it is waited
 * for, which is only late.
 *
 * Thread ids are reused.  A tid names at most one live thread.  A holdout
 * is rechecked by its tid: if it has exited and a new thread took the id,
 * the recheck reads the new thread's files, and "blocked in a call" or
 * "count moved" is true of the holdout (it has exited), while anything
 * else only makes the grace period wait longer.  Reuse never ends a
 * grace period early.
 *
 * A stopped thread (T, t: SIGSTOP, a tracer) resumes where it stopped,
 * perhaps inside a region, yet the kernel counts the stop as a voluntary
 * switch.  So a holdout seen stopped gets new counts, and only a switch
 * after that counts.  A stop and a continue that both fall between two
 * checks are not seen (rcupdate_tasks.h says so).
 *
 * The worker running the grace period is excluded: it is the
 * implementation's, and in no region.  A synchronize_rcu_tasks() caller
 * waits in futex(), blocked in a call: done at the first check that sees
 * it so.
 * Involuntary preemption moves only the other count: a preempted thread
 * stays a holdout.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <rcutable/compiler.h>
#include <rcutable/rcupdate_tasks.h>
#include <rcutable/rcupdate_wait.h>
#include "engine/cbq.h"
#include "engine/diag.h"
#include "tasks_proc.h"

#define TASKS_RECHECK_FIRST_NS	100000u		/* 100 us */
#define TASKS_CONFIRM_RUN_NS	1000000u	/* 1 ms of CPU */

static void tasks_gp(void *unused);
static struct rcutable_cbq tasks_cbq =
	RCUTABLE_CBQ_INIT(tasks_cbq, tasks_gp, NULL, "call_rcu_tasks");

/* Written by the grace period's thread alone, read by anyone. */
static struct rcutable_tasks_stats tasks_stats;
static uint64_t tasks_stall_ns;
static int tasks_ready;

/* A thread the running grace period waits for, with its counts as of the
 * baseline: the list, or the last check that could not use them. */
struct tasks_holdout {
	pid_t tid;
	char state;
	bool switched;			/* its count has moved: to be confirmed */
	unsigned long nvcsw, faults;
	unsigned long long run_ns;	/* CPU time when the move was seen */
	char name[16];
};

/* The running grace period's working memory: the worker's alone. */
static struct {
	struct rcutable_tid_set threads;	/* B's list */
	struct tasks_holdout *h;
	size_t nh, h_cap;
} gp;

/* ---- Statistics ------------------------------------------------------------ */

void rcutable_tasks_get_stats(struct rcutable_tasks_stats *s)
{
	rcutable_tasks_stats_read(&tasks_stats, s);
}

static unsigned long tasks_gp_completed(void)
{
	return __atomic_load_n(&tasks_stats.gp_ended, __ATOMIC_ACQUIRE);
}

/* ---- The grace period --------------------------------------------------------- */

static void holdout_add(const struct rcutable_task_status *st, pid_t tid)
{
	if (gp.nh == gp.h_cap) {
		gp.h_cap = gp.h_cap ? gp.h_cap * 2 : 16;
		gp.h = realloc(gp.h, gp.h_cap * sizeof(*gp.h));
		if (!gp.h)
			rcutable_die("RCU Tasks: no memory for the grace period's holdouts");
	}
	gp.h[gp.nh] = (struct tasks_holdout){
		.tid = tid, .state = st->state, .nvcsw = st->nvcsw, .faults = st->faults,
	};
	memcpy(gp.h[gp.nh].name, st->name, sizeof(st->name));
	gp.nh++;
}

/* Runs no code of the process now or later: exited, or a kernel worker. */
static bool out_for_good(const struct rcutable_task_status *st)
{
	return rcutable_tasks_state_exited(st->state) ||
	       rcutable_tasks_flags_kernel_worker(st->flags);
}

/* The first look at a thread: done if it is out for good or blocked in a
 * system call, else a holdout, with its counts (faults read first). */
static void examine(int dirfd, pid_t tid)
{
	struct rcutable_task_status st;

	if (!rcutable_tasks_proc_stat(dirfd, tid, &st) || out_for_good(&st))
		return;
	if (rcutable_tasks_state_blocked(st.state) &&
	    rcutable_tasks_proc_blocked_in(dirfd, tid) == RCUTABLE_TASK_IN_SYSCALL)
		return;
	if (rcutable_tasks_proc_status(dirfd, tid, &st))
		holdout_add(&st, tid);
}

/* B's list: every thread but self (tasks_proc.h says how a list is shown
 * complete), each examined once, into gp.h. */
static void take_list(int dirfd, pid_t self)
{
	size_t i;

	gp.nh = 0;
	rcutable_tasks_proc_list_all(dirfd, &gp.threads);
	for (i = 0; i < gp.threads.all.n; i++)
		if (gp.threads.all.tid[i] != self)
			examine(dirfd, gp.threads.all.tid[i]);
}

/*
 * One check of holdout h: true when it is done.  A move of its count is
 * only taken once a later check finds that no page fault of its completed
 * since the baseline and that it has run TASKS_CONFIRM_RUN_NS on a CPU
 * since the move was seen (see the top of the file).
 */
static bool holdout_done(int dirfd, struct tasks_holdout *h)
{
	struct rcutable_task_status st;

	if (!rcutable_tasks_proc_stat(dirfd, h->tid, &st) || out_for_good(&st))
		return true;
	if (rcutable_tasks_state_blocked(st.state)) {
		switch (rcutable_tasks_proc_blocked_in(dirfd, h->tid)) {
		case RCUTABLE_TASK_IN_SYSCALL:
			return true;
		case RCUTABLE_TASK_IN_FAULT_OR_TRAP:
			goto rebaseline;	/* blocked anywhere in its code */
		case RCUTABLE_TASK_NOT_BLOCKED:
			break;			/* running again: by its counts */
		}
	}
	if (rcutable_tasks_state_stopped(st.state) || st.faults != h->faults)
		goto rebaseline;		/* a move may not be its own */
	if (!rcutable_tasks_proc_status(dirfd, h->tid, &st))
		return true;
	h->state = st.state;
	if (st.nvcsw == h->nvcsw)
		return false;			/* no switch yet */
	if (!rcutable_tasks_proc_schedstat(dirfd, h->tid, &st))
		return true;
	if (!h->switched) {
		h->switched = true;
		h->run_ns = st.run_ns;
		return false;
	}
	return st.run_ns - h->run_ns >= TASKS_CONFIRM_RUN_NS;

rebaseline:
	if (!rcutable_tasks_proc_status(dirfd, h->tid, &st))
		return true;
	h->state = st.state;
	h->nvcsw = st.nvcsw;
	h->faults = st.faults;
	h->switched = false;
	return false;
}

/* H: one check of every holdout; keep those that are not done. */
static void recheck(int dirfd)
{
	size_t kept = 0;

	for (size_t i = 0; i < gp.nh; i++)
		if (!holdout_done(dirfd, &gp.h[i]))
			gp.h[kept++] = gp.h[i];
	gp.nh = kept;
}

static void stall_warn(int dirfd, uint64_t waited_ns)
{
	(void)dirfd;
	rcutable_warn("RCU Tasks stall: a grace period has waited %.1f s for %zu "
		      "thread%s:", (double)waited_ns / 1e9, gp.nh, gp.nh == 1 ? "" : "s");
	for (size_t i = 0; i < gp.nh; i++) {
		char state = gp.h[i].state;

		rcutable_warn("RCU Tasks stall:   thread %d (%s) %s", (int)gp.h[i].tid,
			      gp.h[i].name,
			      rcutable_tasks_state_stopped(state) ? "is stopped" :
			      rcutable_tasks_state_blocked(state) ?
			      "is blocked outside a system call (a page fault?)" :
			      "is running and has not blocked in a system call since "
			      "the grace period began");
	}
}

/* One grace period, on the engine's worker: the engine's wait_gp. */
static void tasks_gp(void *unused)
{
	uint64_t cpu0 = rcutable_clock_ns(CLOCK_THREAD_CPUTIME_ID);
	int dirfd;

	(void)unused;
	/* B: the update before the list; pairs with the scheduler's fences
	 * in each listed thread's next context switch (see above). */
	rcutable_smp_mb();
	dirfd = rcutable_tasks_proc_open("an RCU Tasks grace period");
	take_list(dirfd, rcutable_gettid());
	rcutable_tasks_wait_holdouts(dirfd, &gp.nh, TASKS_RECHECK_FIRST_NS,
				    RCUTABLE_READ_ONCE(tasks_stall_ns), &tasks_stats, recheck,
				    stall_warn);
	close(dirfd);
	rcutable_tasks_fence_every_thread();	/* E: see the top of the file */
	__atomic_store_n(&tasks_stats.gp_cpu_ns, tasks_stats.gp_cpu_ns +
			 (rcutable_clock_ns(CLOCK_THREAD_CPUTIME_ID) - cpu0), __ATOMIC_RELAXED);
	/* Release: the grace period before its count (gp_completed). */
	rcutable_tasks_stat_inc_release(&tasks_stats.gp_ended);
}

/* ---- The API ------------------------------------------------------------------ */

/*
 * The first call of any: procfs must be there, with the fields we read.
 * Racing first calls both check, harmlessly.
 */
static void tasks_require_proc(const char *who)
{
	struct rcutable_task_status st;
	int dirfd;

	if (rcutable_likely(__atomic_load_n(&tasks_ready, __ATOMIC_ACQUIRE)))
		return;
	dirfd = rcutable_tasks_proc_open(who);
	if (!rcutable_tasks_proc_status(dirfd, rcutable_gettid(), &st) ||
	    !rcutable_tasks_proc_stat(dirfd, rcutable_gettid(), &st))
		rcutable_die("%s: RCU Tasks cannot read this thread's own status "
			     "and stat in /proc/self/task", who);
	/* Reading our own syscall file finds us inside read(). */
	if (rcutable_tasks_proc_blocked_in(dirfd, rcutable_gettid()) !=
	    RCUTABLE_TASK_IN_SYSCALL)
		rcutable_die("%s: RCU Tasks needs /proc/self/task/<tid>/syscall, "
			     "which tells where a blocked thread is blocked (a kernel "
			     "with CONFIG_HAVE_ARCH_TRACEHOOK has it)", who);
	close(dirfd);
	/* 0 turns stall warnings off. */
	RCUTABLE_WRITE_ONCE(tasks_stall_ns,
		rcutable_env_ulong("RCUTABLE_TASKS_STALL_TIMEOUT_MS", 10000) * 1000000u);
	/* Release: the timeout before the flag; pairs with the acquire above. */
	__atomic_store_n(&tasks_ready, 1, __ATOMIC_RELEASE);
}

void call_rcu_tasks(struct rcu_head *head, rcu_callback_t func)
{
	tasks_require_proc("call_rcu_tasks()");
	rcutable_cbq_check_call("call_rcu_tasks", head, func);
	rcutable_cbq_enqueue(&tasks_cbq, head, func);
}

void synchronize_rcu_tasks(void)
{
	static const call_rcu_func_t call = call_rcu_tasks;

	tasks_require_proc("synchronize_rcu_tasks()");
	if (rcutable_cbq_on_worker(&tasks_cbq))
		rcutable_die("synchronize_rcu_tasks() called from a call_rcu_tasks() "
			     "callback: it would wait for itself");
	rcutable_wait_rcu_gp(&call, 1);
}

void rcu_barrier_tasks(void)
{
	tasks_require_proc("rcu_barrier_tasks()");
	rcutable_cbq_barrier(&tasks_cbq, "rcu_barrier_tasks");
}

const struct rcutable_impl rcutable_tasks_impl_info = {
	.name = RCUTABLE_IMPL_NAME,
	.flavor = RCUTABLE_FLAVOR_TASKS,
	.summary = "no read-side markers; a grace period waits until every other "
		   "thread has blocked in a system call or exited, from the "
		   "scheduler's counts and states in /proc/self/task",
	.readers_must_register = false,
	.readers_report_qs = false,
	.readers_may_sleep = false,
	.is_control = false,
	.needs = "procfs at /proc; membarrier() off x86-64",
#if defined(__x86_64__) || defined(__i386__)
	.requirements = RCUTABLE_NEEDS_PROCFS,
#else
	.requirements = RCUTABLE_NEEDS_PROCFS | RCUTABLE_NEEDS_MEMBARRIER,
#endif
	.native = RCUTABLE_API_READ_SIDE | RCUTABLE_API_SYNCHRONIZE | RCUTABLE_API_CALL |
		  RCUTABLE_API_BARRIER | RCUTABLE_API_STALL | RCUTABLE_API_EXIT_DRAIN |
		  RCUTABLE_API_FORK | RCUTABLE_API_BACKLOG | RCUTABLE_API_TASKS_RUDE,
	.gp_completed = tasks_gp_completed,
};
