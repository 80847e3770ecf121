/* SPDX-License-Identifier: MIT */
/*
 * impls/tasks/tasks_rude.c: RCU Tasks Rude, from the signals each thread
 * blocks and has pending, and the states procfs shows (rcupdate_tasks.h
 * says what a reader is: a region with the flavor's signal blocked, which
 * never blocks in a system call).
 *
 * A grace period, on the callback engine's worker, for the batch of
 * callbacks queued before it (synchronize_rcu_tasks_rude() is one such
 * callback and a wait):
 *
 *   B  smp_mb(); the complete thread list (tasks_proc.h); for each thread
 *      but this one, its state, its signal mask and its pending set.  One
 *      that does not block the signal, or is blocked inside a system call,
 *      or has exited, is done.  Any other is a holdout, and is sent the
 *      signal unless it is pending already.
 *   W  recheck the holdouts, first after 10 us, then twice as long each
 *      time up to 16 ms, until none is left: a holdout is done once the
 *      signal is no longer pending, or it is seen blocked inside a system
 *      call, or it has exited (one whose send failed is sent it again, or
 *      done once seen not blocking it).  After the stall timeout, warn,
 *      naming each holdout.
 *   E  membarrier() (smp_mb() on x86-64 where the kernel lacks it).
 *
 * The signal's disposition is SIG_IGN, so a thread that does not block it
 * never sees it, and one that blocks it drops it on its way back to user
 * space after the unblock that ends its region: a pending signal marks a
 * region that has not ended since the send.
 *
 * Why each case is safe.  The kernel changes a thread's mask (the block
 * and unblock of a region by pthread_sigmask(), a handler's entry and
 * return), queues a signal and dequeues it under the thread's signal lock,
 * and the status file reads the mask and the pending set under the same
 * lock.  Take an update that unpublished an object before
 * call_rcu_tasks_rude(); the engine's release and acquire carry it to the
 * worker before B.
 *
 * A thread seen not blocking the signal was outside every region when its
 * lock was taken for our read.  Its regions that ended before ended with an
 * unblock under that lock, released before our acquire: their accesses
 * precede our read, and E keeps them before the caller's later accesses.
 * A region it begins later begins with a block under the lock, acquired
 * after our release, which follows fence B and the update: the region
 * sees the update.
 *
 * A thread seen blocking it is sent the signal (or has it pending from an
 * earlier send, still in the same region, since an unblock would have
 * dropped it); the signal stays pending until the thread unblocks.  A
 * later read that finds it no longer pending took the lock after that
 * unblock: the region's accesses precede it, as above.  One that cannot
 * be sent the signal (the real-time queue at its limit) is retried.
 *
 * A thread seen blocked inside a system call is outside every region (a
 * region never blocks in one), and the argument is RCU Tasks' (tasks.c):
 * its later regions follow the scheduler's fences at its wake-up, which
 * follow our read; its earlier accesses are ordered by E.  So a thread that
 * keeps every signal blocked for good and sleeps (a sigwait() loop, a
 * library's helper thread) holds no grace period back for longer than it
 * runs.  A thread that has exited runs no code.
 *
 * A thread created after the list may be missing from it: it could not
 * have been in a region that began before the update.  Thread ids are
 * reused: a recheck that reads a new thread under a holdout's id can find
 * it done only if the holdout, having exited, is done anyway.
 *
 * A program that takes its signals with sigwait() over a set that holds
 * this one would receive it: rcupdate_tasks.h says to leave it out.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <rcutable/compiler.h>
#include <rcutable/rcupdate_tasks.h>
#include <rcutable/rcupdate_wait.h>
#include "engine/cbq.h"
#include "engine/diag.h"
#include "engine/sigmask.h"
#include "tasks_proc.h"

#define RUDE_SIGNAL_OFFSET	4		/* SIGRTMIN+4 by default */
#define RUDE_RECHECK_FIRST_NS	10000u		/* 10 us */

static void rude_gp(void *unused);
static struct rcutable_cbq rude_cbq =
	RCUTABLE_CBQ_INIT(rude_cbq, rude_gp, NULL, "call_rcu_tasks_rude");

static int rude_sig;
static pthread_once_t rude_sig_once = PTHREAD_ONCE_INIT;
static pthread_once_t rude_setup_once = PTHREAD_ONCE_INIT;
static uint64_t rude_stall_ns;
static int rude_ready;

static void rude_sig_choose(void)
{
	const char *env = getenv("RCUTABLE_TASKS_RUDE_SIGNAL");

	rude_sig = env && *env ? rcutable_signal_parse("RCUTABLE_TASKS_RUDE_SIGNAL", env,
						       "RCU Tasks Rude")
			       : SIGRTMIN + RUDE_SIGNAL_OFFSET;
}

/* Overrides the engine's weak one: rcutable's own threads leave it open. */
int rcutable_tasks_rude_signal(void)
{
	pthread_once(&rude_sig_once, rude_sig_choose);
	return rude_sig;
}

/* The first call of any: the signal is ours to ignore, and procfs is
 * there. */
static void rude_setup(void)
{
	int sig = rcutable_tasks_rude_signal();
	struct sigaction sa;

	if (sig == rcutable_reserved_signal())
		rcutable_die("RCU Tasks Rude: signal %d is the one the RCU "
			     "implementation reserves; choose another with "
			     "RCUTABLE_TASKS_RUDE_SIGNAL=SIGRTMIN+N", sig);
	if (sigaction(sig, NULL, &sa))
		rcutable_die("RCU Tasks Rude: sigaction(%d): %s", sig, strerror(errno));
	if ((sa.sa_flags & SA_SIGINFO) || (sa.sa_handler != SIG_DFL && sa.sa_handler != SIG_IGN))
		rcutable_die("RCU Tasks Rude uses signal %d (SIGRTMIN+%d), and the "
			     "program handles it: choose another with "
			     "RCUTABLE_TASKS_RUDE_SIGNAL=SIGRTMIN+N", sig, sig - SIGRTMIN);
	sa = (struct sigaction){ .sa_handler = SIG_IGN };
	sigemptyset(&sa.sa_mask);
	if (sigaction(sig, &sa, NULL))
		rcutable_die("RCU Tasks Rude: sigaction(%d): %s", sig, strerror(errno));
	close(rcutable_tasks_proc_open("RCU Tasks Rude"));
	rude_stall_ns = rcutable_env_ulong("RCUTABLE_TASKS_STALL_TIMEOUT_MS", 10000) * 1000000u;
	/* Release: the set-up before the flag; pairs with rude_ensure_setup(). */
	__atomic_store_n(&rude_ready, 1, __ATOMIC_RELEASE);
}

static void rude_ensure_setup(void)
{
	/* Acquire: pairs with the release in rude_setup(). */
	if (!__atomic_load_n(&rude_ready, __ATOMIC_ACQUIRE))
		rcutable_once_unsignalled(&rude_setup_once, rude_setup);
}

/* ---- The grace period ---------------------------------------------------------- */

struct rude_holdout {
	pid_t tid;
	bool sent;		/* the signal was queued for it */
};

/* The worker's alone; the statistics below are read by anyone. */
static struct {
	struct rcutable_tid_set threads;
	struct rude_holdout *h;
	size_t nh, cap;
} gp;
static struct rcutable_tasks_stats rude_stats;

void rcutable_tasks_rude_get_stats(struct rcutable_tasks_stats *s)
{
	rcutable_tasks_stats_read(&rude_stats, s);
}

/* Send the signal to thread tid: false if it could not be queued (the
 * real-time queue at its limit: retried later). */
static bool rude_send(pid_t tid)
{
	return syscall(SYS_tgkill, getpid(), tid, rude_sig) == 0 || errno == ESRCH;
}

/* Runs no code of the process now, nor in a region until it wakes:
 * exited, a kernel worker, or blocked inside a system call. */
static bool rude_out(int dirfd, pid_t tid)
{
	struct rcutable_task_status st;

	if (!rcutable_tasks_proc_stat(dirfd, tid, &st) ||
	    rcutable_tasks_state_exited(st.state) ||
	    rcutable_tasks_flags_kernel_worker(st.flags))
		return true;
	return rcutable_tasks_state_blocked(st.state) &&
	       rcutable_tasks_proc_blocked_in(dirfd, tid) == RCUTABLE_TASK_IN_SYSCALL;
}

/* One look at holdout h (sent: false at B): true when it is done. */
static bool rude_done(int dirfd, struct rude_holdout *h)
{
	bool pending, blocked;

	if (!rcutable_tasks_proc_signal(dirfd, h->tid, rude_sig, &pending, &blocked))
		return true;
	if (h->sent ? !pending : !blocked && !pending)
		return true;
	if (rude_out(dirfd, h->tid))
		return true;
	if (!h->sent)
		h->sent = pending || rude_send(h->tid);
	return false;
}

static void rude_stall_warn(int dirfd, uint64_t waited_ns)
{
	rcutable_warn("RCU Tasks Rude stall: a grace period has waited %.1f s for "
		      "%zu thread%s running with signal %d blocked:",
		      (double)waited_ns / 1e9, gp.nh, gp.nh == 1 ? "" : "s", rude_sig);
	for (size_t i = 0; i < gp.nh; i++) {
		struct rcutable_task_status st = { .name = "?" };

		rcutable_tasks_proc_status(dirfd, gp.h[i].tid, &st);
		rcutable_warn("  thread %d (%s)", (int)gp.h[i].tid, st.name);
	}
}

/* Keep the holdouts that are not done. */
static void rude_recheck(int dirfd)
{
	size_t i, n;

	for (i = n = 0; i < gp.nh; i++)
		if (!rude_done(dirfd, &gp.h[i]))
			gp.h[n++] = gp.h[i];
	gp.nh = n;
}

static void rude_gp(void *unused)
{
	uint64_t cpu0 = rcutable_clock_ns(CLOCK_THREAD_CPUTIME_ID);
	pid_t self = rcutable_gettid();
	size_t i;
	int dirfd;

	(void)unused;
	/* B: the update before the reads of the threads' masks, under their
	 * locks, and of their states (see the top of the file). */
	rcutable_smp_mb();
	dirfd = rcutable_tasks_proc_open("an RCU Tasks Rude grace period");
	rcutable_tasks_proc_list_all(dirfd, &gp.threads);
	if (gp.cap < gp.threads.all.n) {
		gp.cap = gp.threads.all.n;
		gp.h = realloc(gp.h, gp.cap * sizeof(*gp.h));
		if (!gp.h)
			rcutable_die("RCU Tasks Rude: no memory for the grace period's holdouts");
	}
	for (i = gp.nh = 0; i < gp.threads.all.n; i++)
		if (gp.threads.all.tid[i] != self)
			gp.h[gp.nh++] = (struct rude_holdout){ .tid = gp.threads.all.tid[i] };
	rude_recheck(dirfd);
	rcutable_tasks_wait_holdouts(dirfd, &gp.nh, RUDE_RECHECK_FIRST_NS, rude_stall_ns,
				    &rude_stats, rude_recheck, rude_stall_warn);
	close(dirfd);
	rcutable_tasks_fence_every_thread();	/* E */
	__atomic_store_n(&rude_stats.gp_cpu_ns, rude_stats.gp_cpu_ns +
			 (rcutable_clock_ns(CLOCK_THREAD_CPUTIME_ID) - cpu0), __ATOMIC_RELAXED);
	/* Release: the grace period before its count. */
	rcutable_tasks_stat_inc_release(&rude_stats.gp_ended);
}

/* ---- The API ------------------------------------------------------------------ */

/* A wait on a thread inside a region would wait for itself. */
static void rude_refuse_wait(const char *who)
{
	sigset_t mask;

	rude_ensure_setup();
	if (rcutable_cbq_on_worker(&rude_cbq))
		rcutable_die("%s() called from a call_rcu_tasks_rude() callback: it "
			     "would wait for itself", who);
	pthread_sigmask(SIG_BLOCK, NULL, &mask);
	if (sigismember(&mask, rude_sig))
		rcutable_die("%s() inside an RCU Tasks Rude reader (this thread blocks "
			     "signal %d, local_irq_save() say): it would wait for "
			     "itself", who, rude_sig);
}

void call_rcu_tasks_rude(struct rcu_head *head, rcu_callback_t func)
{
	rude_ensure_setup();
	rcutable_cbq_check_call("call_rcu_tasks_rude", head, func);
	rcutable_cbq_enqueue(&rude_cbq, head, func);
}

void synchronize_rcu_tasks_rude(void)
{
	static const call_rcu_func_t call = call_rcu_tasks_rude;

	rude_refuse_wait("synchronize_rcu_tasks_rude");
	rcutable_wait_rcu_gp(&call, 1);
}

void rcu_barrier_tasks_rude(void)
{
	rude_refuse_wait("rcu_barrier_tasks_rude");
	rcutable_cbq_barrier(&rude_cbq, "rcu_barrier_tasks_rude");
}
