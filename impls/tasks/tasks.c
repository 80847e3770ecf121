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
 *   B  smp_mb(); list the threads (tasks_proc.h) and read each one's
 *      state and voluntary-switch count.  Threads seen blocked or exiting
 *      are done; the others are the holdouts, each with its count.
 *   H  recheck the holdouts, first after 100 us, then twice as long each
 *      time up to 16 ms, until none is left.  A holdout is done once its
 *      count has moved, once it is seen blocked, or once it has exited; one
 *      seen stopped has its count read again.  After the stall timeout,
 *      warn, naming each holdout, and go on.
 *   E  membarrier() (smp_mb() on x86-64 where the kernel lacks it).
 *
 * Why each case is safe.  Take an update that unpublished an object (the
 * address of a trampoline, say) before call_rcu_tasks(); the engine's
 * release and acquire carry it to the worker before B.
 *
 * A thread whose count moved blocked in the kernel after B.  A region does
 * not block, so that thread was outside any region when it blocked.  Its
 * regions before then: the scheduler takes a full fence (with the run-queue
 * lock) before it counts the switch, and we read the count and then fence,
 * so those regions' accesses come before everything after the grace
 * period.  Its regions after then: our fence B separates the update from
 * our first read of its count, which saw the count before the switch; the
 * scheduler's fences separate that count's change from the thread's next
 * instructions; fences on both sides of a store and a read that missed it
 * forbid the thread from missing the update.
 *
 * A thread seen blocked (S, D, I) is in the kernel, outside any region;
 * when it wakes it passes the scheduler's fences, so it sees the update,
 * as above.  Its accesses before it blocked: it set its state before them
 * completing is possible on a weakly ordered CPU (an earlier load may be
 * satisfied after a later store), so fence E makes every thread still on
 * a CPU execute a full fence, and a thread off its CPU has passed the
 * scheduler's.  On x86-64 a load is never reordered after a later store:
 * seeing the state means the accesses before it are done, and smp_mb()
 * serves as E.
 *
 * A thread that has exited (its status cannot be read, or reads Z or X)
 * runs no more code; its way out passed the kernel's fences, ordered by E
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
 * the recheck reads the new thread's status, and "blocked" or "count
 * moved" is true of the holdout (it has exited), while "same count,
 * running" only makes the grace period wait longer.  Reuse never ends a
 * grace period early.
 *
 * A stopped thread (T, t: SIGSTOP, a tracer) resumes where it stopped,
 * perhaps inside a region, yet the kernel counts the stop as a voluntary
 * switch.  So a holdout seen stopped has its count read again, and only a
 * switch after that counts.  A stop and a continue that both fall between
 * two checks are not seen (rcupdate_tasks.h says so).
 *
 * The worker running the grace period is excluded: it is the
 * implementation's, and in no region.  A synchronize_rcu_tasks() caller
 * waits on a futex, blocked: done at the first check that sees it so.
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
#include "cbq.h"
#include "diag.h"
#include "membarrier.h"
#include "tasks_proc.h"

#define TASKS_RECHECK_FIRST_NS	100000u		/* 100 us */
#define TASKS_RECHECK_MAX_NS	16000000u	/* 16 ms */

static void tasks_gp(void *unused);
static struct rcutable_cbq tasks_cbq =
	RCUTABLE_CBQ_INIT(tasks_cbq, tasks_gp, NULL, "call_rcu_tasks");

/* Written by the grace period's thread alone, read by anyone. */
static struct rcutable_tasks_stats tasks_stats;
static uint64_t tasks_stall_ns;
static int tasks_ready;

/* A thread the running grace period waits for. */
struct tasks_holdout {
	pid_t tid;
	char state;
	unsigned long nvcsw;	/* at the list, or when last seen stopped */
	char name[16];
};

/* The running grace period's working memory: the worker's alone. */
static struct {
	pid_t *tids;		/* the last list */
	size_t tids_cap;
	pid_t *seen;		/* every tid examined, sorted up to nsorted */
	size_t nseen, nsorted, seen_cap;
	struct tasks_holdout *h;
	size_t nh, h_cap;
} gp;

/* ---- Statistics ------------------------------------------------------------ */

static void stat_set(unsigned long *field, unsigned long v)
{
	__atomic_store_n(field, v, __ATOMIC_RELAXED);
}

/* Release: the fields set before it are seen by a reader that acquires
 * this one (rcutable_tasks_get_stats()). */
static void stat_inc_release(unsigned long *field)
{
	__atomic_store_n(field, *field + 1, __ATOMIC_RELEASE);
}

void rcutable_tasks_get_stats(struct rcutable_tasks_stats *s)
{
	/* Acquire: pairs with stat_inc_release(). */
	s->gp_ended = __atomic_load_n(&tasks_stats.gp_ended, __ATOMIC_ACQUIRE);
	s->rechecks = __atomic_load_n(&tasks_stats.rechecks, __ATOMIC_ACQUIRE);
	s->gp_begun = __atomic_load_n(&tasks_stats.gp_begun, __ATOMIC_ACQUIRE);
	s->holdouts = __atomic_load_n(&tasks_stats.holdouts, __ATOMIC_RELAXED);
	s->stall_warnings = __atomic_load_n(&tasks_stats.stall_warnings, __ATOMIC_RELAXED);
	s->gp_cpu_ns = __atomic_load_n(&tasks_stats.gp_cpu_ns, __ATOMIC_RELAXED);
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
	gp.h[gp.nh].tid = tid;
	gp.h[gp.nh].state = st->state;
	gp.h[gp.nh].nvcsw = st->nvcsw;
	memcpy(gp.h[gp.nh].name, st->name, sizeof(st->name));
	gp.nh++;
}

static int cmp_tid(const void *a, const void *b)
{
	pid_t x = *(const pid_t *)a, y = *(const pid_t *)b;

	return (x > y) - (x < y);
}

/* True the first time tid is offered in this grace period. */
static bool seen_first(pid_t tid)
{
	if (bsearch(&tid, gp.seen, gp.nsorted, sizeof(tid), cmp_tid))
		return false;
	if (gp.nseen == gp.seen_cap) {
		gp.seen_cap = gp.seen_cap ? gp.seen_cap * 2 : 64;
		gp.seen = realloc(gp.seen, gp.seen_cap * sizeof(*gp.seen));
		if (!gp.seen)
			rcutable_die("RCU Tasks: no memory to list the threads");
	}
	gp.seen[gp.nseen++] = tid;
	return true;
}

/* Read tid's status; a running or stopped thread becomes a holdout.
 * Returns whether the thread is still attached to its pid. */
static bool examine(int dirfd, pid_t tid)
{
	struct rcutable_task_status st;

	if (!rcutable_tasks_proc_status(dirfd, tid, &st))
		return false;
	if (!rcutable_tasks_state_blocked(st.state))
		holdout_add(&st, tid);
	return true;
}

/*
 * B's list: every thread but self, each examined once, into gp.h.  A list
 * whose last thread has exited may have been cut short there
 * (tasks_proc.h), so list again and examine whoever is new, until a list
 * ends with a thread still alive.
 */
static void take_list(int dirfd, pid_t self)
{
	struct rcutable_task_status st;

	gp.nh = gp.nseen = gp.nsorted = 0;
	for (;;) {
		size_t n = rcutable_tasks_proc_list(dirfd, &gp.tids, &gp.tids_cap);
		bool last_alive = false;

		for (size_t i = 0; i < n; i++) {
			pid_t tid = gp.tids[i];

			if (tid == self)
				last_alive = true;
			else if (seen_first(tid))
				last_alive = examine(dirfd, tid);
			else
				last_alive = rcutable_tasks_proc_status(dirfd, tid, &st);
		}
		if (last_alive)
			return;
		qsort(gp.seen, gp.nseen, sizeof(*gp.seen), cmp_tid);
		gp.nsorted = gp.nseen;
	}
}

/* H: one check of every holdout; keep those that are not done. */
static void recheck(int dirfd)
{
	size_t kept = 0;

	for (size_t i = 0; i < gp.nh; i++) {
		struct tasks_holdout *h = &gp.h[i];
		struct rcutable_task_status st;

		if (!rcutable_tasks_proc_status(dirfd, h->tid, &st))
			continue;		/* exited */
		if (rcutable_tasks_state_blocked(st.state))
			continue;		/* blocked now, or exiting */
		if (rcutable_tasks_state_stopped(st.state))
			h->nvcsw = st.nvcsw;	/* the stop is no switch of its own */
		else if (st.nvcsw != h->nvcsw)
			continue;		/* switched voluntarily */
		h->state = st.state;
		memcpy(h->name, st.name, sizeof(h->name));
		gp.h[kept++] = *h;
	}
	gp.nh = kept;
}

static void stall_warn(uint64_t waited_ns)
{
	rcutable_warn("RCU Tasks stall: a grace period has waited %.1f s for %zu "
		      "thread%s:", (double)waited_ns / 1e9, gp.nh, gp.nh == 1 ? "" : "s");
	for (size_t i = 0; i < gp.nh; i++)
		rcutable_warn("RCU Tasks stall:   thread %d (%s) %s", (int)gp.h[i].tid,
			      gp.h[i].name,
			      rcutable_tasks_state_stopped(gp.h[i].state) ?
			      "is stopped" :
			      "is running and has not blocked since the grace period began");
	stat_set(&tasks_stats.stall_warnings, tasks_stats.stall_warnings + 1);
}

static void sleep_ns(uint64_t ns)
{
	struct timespec ts = { .tv_sec = (time_t)(ns / 1000000000u),
			       .tv_nsec = (long)(ns % 1000000000u) };

	while (nanosleep(&ts, &ts))
		;
}

/* E: see the top of the file. */
static void fence_every_thread(void)
{
	if (rcutable_membarrier_try_all())
		return;
#if defined(__x86_64__) || defined(__i386__)
	rcutable_smp_mb();
#else
	rcutable_die("RCU Tasks needs membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) "
		     "(Linux 4.14 or later) on this architecture, to order the "
		     "accesses of the threads it saw blocked");
#endif
}

static uint64_t thread_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* One grace period, on the engine's worker: the engine's wait_gp. */
static void tasks_gp(void *unused)
{
	uint64_t cpu0 = thread_cpu_ns(), start, warned, wait = TASKS_RECHECK_FIRST_NS;
	uint64_t stall_ns = RCUTABLE_READ_ONCE(tasks_stall_ns);
	int dirfd;

	(void)unused;
	/* B: the update before the list; pairs with the scheduler's fences
	 * in each listed thread's next context switch (see above). */
	rcutable_smp_mb();
	dirfd = rcutable_tasks_proc_open("RCU Tasks grace period");
	take_list(dirfd, rcutable_gettid());
	stat_set(&tasks_stats.holdouts, gp.nh);
	stat_inc_release(&tasks_stats.gp_begun);
	start = warned = rcutable_now_ns();
	while (gp.nh) {
		uint64_t now;

		sleep_ns(wait);
		if (wait < TASKS_RECHECK_MAX_NS)
			wait *= 2;
		recheck(dirfd);
		stat_set(&tasks_stats.holdouts, gp.nh);
		stat_inc_release(&tasks_stats.rechecks);
		now = rcutable_now_ns();
		if (gp.nh && stall_ns && now - warned >= stall_ns) {
			stall_warn(now - start);
			warned = now;
		}
	}
	close(dirfd);
	fence_every_thread();
	__atomic_store_n(&tasks_stats.gp_cpu_ns,
			 tasks_stats.gp_cpu_ns + (thread_cpu_ns() - cpu0), __ATOMIC_RELAXED);
	/* Release: the grace period before its count (gp_completed). */
	stat_inc_release(&tasks_stats.gp_ended);
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
	if (!rcutable_tasks_proc_status(dirfd, rcutable_gettid(), &st))
		rcutable_die("%s(): RCU Tasks cannot read this thread's own status "
			     "in /proc/self/task", who);
	close(dirfd);
	/* 0 turns stall warnings off. */
	RCUTABLE_WRITE_ONCE(tasks_stall_ns,
		rcutable_env_ulong("RCUTABLE_TASKS_STALL_TIMEOUT_MS", 10000) * 1000000u);
	/* Release: the timeout before the flag; pairs with the acquire above. */
	__atomic_store_n(&tasks_ready, 1, __ATOMIC_RELEASE);
}

void call_rcu_tasks(struct rcu_head *head, rcu_callback_t func)
{
	tasks_require_proc("call_rcu_tasks");
	rcutable_cbq_enqueue(&tasks_cbq, head, func);
}

void synchronize_rcu_tasks(void)
{
	static const call_rcu_func_t call = call_rcu_tasks;

	tasks_require_proc("synchronize_rcu_tasks");
	if (rcutable_cbq_on_worker(&tasks_cbq))
		rcutable_die("synchronize_rcu_tasks() called from a call_rcu_tasks() "
			     "callback: it would wait for itself");
	rcutable_wait_rcu_gp(&call, 1);
}

void rcu_barrier_tasks(void)
{
	tasks_require_proc("rcu_barrier_tasks");
	rcutable_cbq_barrier(&tasks_cbq, "rcu_barrier_tasks");
}

const struct rcutable_impl rcutable_tasks_impl_info = {
	.name = "tasks",
	.flavor = RCUTABLE_FLAVOR_TASKS,
	.summary = "no read-side markers; a grace period waits until every other "
		   "thread has switched voluntarily, is blocked or has exited, from "
		   "/proc/self/task/<tid>/status",
	.readers_must_register = false,
	.readers_report_qs = false,
	.readers_may_sleep = false,
	.is_control = false,
	.needs = "procfs at /proc; membarrier() off x86-64",
	.native = RCUTABLE_API_READ_SIDE | RCUTABLE_API_SYNCHRONIZE | RCUTABLE_API_CALL |
		  RCUTABLE_API_BARRIER | RCUTABLE_API_STALL | RCUTABLE_API_EXIT_DRAIN |
		  RCUTABLE_API_FORK,
	.gp_completed = tasks_gp_completed,
};
