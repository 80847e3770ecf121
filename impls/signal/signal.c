/* SPDX-License-Identifier: MIT */
/*
 * impls/signal/signal.c: the signal flavor of the counter-based RCU.
 *
 * The updater's "full fence on every reader" is a real-time signal sent to
 * each registered reader thread: its handler executes a full fence and
 * acknowledges; the updater waits for every acknowledgement (a short spin,
 * then a futex).  Nothing is needed from the kernel beyond signals.
 *
 * The signal is SIGRTMIN+RCUTABLE_SIGNAL_OFFSET (3 unless the build says
 * otherwise), or what the environment variable RCUTABLE_SIGNAL names
 * ("SIGRTMIN+N", "SIGRTMAX-N" or a number), read once at start-up.
 * rcutable refuses to start if the application already handles that
 * signal.  The handler is installed with SA_RESTART, so the application's
 * blocking system calls are restarted, and registered threads never block
 * the signal (sigmask.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <rcutable/compiler.h>
#include <rcutable/impl.h>
#include <rcutable/rcupdate.h>
#include "counter/counter_flavor.h"
#include "engine/diag.h"
#include "engine/futex.h"
#include "engine/sigmask.h"

/* Who the messages name: rcutable-<this implementation>. */
#define SIGNAL_WHO	"rcutable-" RCUTABLE_IMPL_NAME

#ifndef RCUTABLE_SIGNAL_OFFSET
#define RCUTABLE_SIGNAL_OFFSET	3
#endif
/* Acknowledgements are awaited this long by spinning before sleeping. */
#define ACK_SPIN_NS		20000u
/*
 * A wait this long checks whether a reader thread blocks the signal; one
 * that blocks it at every check for as long again is named, if it is
 * asleep or has run for BLOCKER_RAN_TICKS meanwhile.  Threads block the
 * signal for a moment of their own (inside pthread_create(), which blocks
 * every signal, or inside the handler, which blocks its own), and on a
 * busy machine a thread can wait seconds for a CPU in such a moment: a
 * thread that waits for a CPU and has not run is starved, not blocking
 * (a stall warning says so if it lasts).
 */
#define ACK_CHECK_NS		1000000000ull
#define BLOCKER_RAN_TICKS	2	/* clock ticks (USER_HZ), 20 ms */

static int rcu_signal;		/* chosen once, by signal_choose() */
static pthread_once_t choose_once = PTHREAD_ONCE_INIT;
static int acks;		/* handlers run this round; futex word */
static int acks_wanted;		/* signals sent this round */

static void signal_choose(void)
{
	const char *env = getenv("RCUTABLE_SIGNAL");

	rcu_signal = env && *env ? rcutable_signal_parse("RCUTABLE_SIGNAL", env, "rcutable-signal")
				 : SIGRTMIN + RCUTABLE_SIGNAL_OFFSET;
}

int rcutable_reserved_signal(void)
{
	pthread_once(&choose_once, signal_choose);
	return rcu_signal;
}

static void ack_handler(int sig, siginfo_t *info, void *uc)
{
	int saved_errno = errno;

	(void)sig, (void)info, (void)uc;
	/* The fence every reader owes the updater: pairs with the updater's
	 * fences before it sends and after it counts (rcutable_flavor_mb_all()),
	 * and so with RCUTABLE_READER_FENCE() on this thread. */
	rcutable_smp_mb();
	/* Release: the fence before the acknowledgement; pairs with the
	 * updater's acquire loads of acks. */
	if (__atomic_add_fetch(&acks, 1, __ATOMIC_RELEASE) ==
	    __atomic_load_n(&acks_wanted, __ATOMIC_RELAXED))
		rcutable_futex_wake(&acks, 1);
	errno = saved_errno;
}

static bool handler_is_ours(const struct sigaction *sa)
{
	return (sa->sa_flags & SA_SIGINFO) && sa->sa_sigaction == ack_handler;
}

/* Install the handler, or refuse if the application handles the signal. */
static void signal_install(void)
{
	int sig = rcutable_reserved_signal();
	struct sigaction sa, old;

	if (sigaction(sig, NULL, &old))
		rcutable_die(SIGNAL_WHO ": sigaction(%d): %s", sig, strerror(errno));
	if (handler_is_ours(&old))
		return;
	if ((old.sa_flags & SA_SIGINFO) || old.sa_handler != SIG_DFL)
		rcutable_die(SIGNAL_WHO " uses signal %d (SIGRTMIN+%d), and the "
			     "application already handles it: choose another with "
			     "RCUTABLE_SIGNAL=SIGRTMIN+N or build with "
			     "-DRCUTABLE_SIGNAL_OFFSET=N", sig, sig - SIGRTMIN);
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = ack_handler;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	if (sigaction(sig, &sa, NULL))
		rcutable_die(SIGNAL_WHO ": sigaction(%d): %s", sig, strerror(errno));
}

/* At start-up, while the application has not taken the signal yet, or has
 * (and is told at once). */
__attribute__((constructor)) static void signal_install_at_start(void)
{
	signal_install();
}

void rcutable_flavor_init(void)
{
	signal_install();
}

/* What /proc says of a thread, to explain a wait that lasts. */
struct thread_view {
	bool blocks;			/* its mask blocks the signal */
	bool runnable;			/* running, or waiting for a CPU */
	unsigned long long ticks;	/* its CPU time, user and system */
};

static struct thread_view thread_view(pid_t tid, int sig)
{
	struct thread_view v = { 0 };
	char path[64], line[512], *p;
	unsigned long long blocked = 0, utime, stime;
	char state;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/task/%d/status", (int)tid);
	if ((f = fopen(path, "r"))) {
		while (fgets(line, sizeof(line), f))
			if (sscanf(line, "SigBlk: %llx", &blocked) == 1)
				break;
		fclose(f);
	}
	v.blocks = (blocked >> (sig - 1)) & 1;
	/* stat: "tid (comm) state ..." with utime and stime its 12th and
	 * 13th fields after the comm, which may itself hold ") ". */
	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", (int)tid);
	if ((f = fopen(path, "r"))) {
		if (fgets(line, sizeof(line), f) && (p = strrchr(line, ')')) &&
		    sscanf(p + 1, " %c %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %llu %llu",
			   &state, &utime, &stime) == 3) {
			v.runnable = state == 'R';
			v.ticks = utime + stime;
		}
		fclose(f);
	}
	return v;
}

/* Why acknowledgements are late, if rcutable can tell: the application
 * replaced the handler (said at once), or a registered thread blocks the
 * signal (returned: its tid, else 0, with what /proc says of it in v). */
static pid_t check_late_acks(struct rcutable_reader *head, struct thread_view *v)
{
	struct sigaction now;

	if (sigaction(rcu_signal, NULL, &now) == 0 && !handler_is_ours(&now))
		rcutable_die(SIGNAL_WHO " uses signal %d (SIGRTMIN+%d), and the "
			     "application replaced its handler: grace periods cannot "
			     "complete; choose another with RCUTABLE_SIGNAL=SIGRTMIN+N",
			     rcu_signal, rcu_signal - SIGRTMIN);
	for (struct rcutable_reader *r = head->next; r != head; r = r->next)
		if ((*v = thread_view(r->tid, rcu_signal)).blocks)
			return r->tid;
	return 0;
}

static void blocker_named(pid_t tid)
{
	char name[32];

	rcutable_thread_name(tid, name, sizeof(name));
	rcutable_die(SIGNAL_WHO ": registered thread %d (%s) blocks signal %d "
		     "(SIGRTMIN+%d), which grace periods need: leave it unblocked "
		     "(or choose another with RCUTABLE_SIGNAL)", (int)tid, name,
		     rcu_signal, rcu_signal - SIGRTMIN);
}

static void wait_for_acks(struct rcutable_reader *head, int wanted)
{
	uint64_t start = rcutable_now_ns(), blocked_since = 0;
	struct thread_view first = { 0 }, v;
	pid_t blocker = 0, b;
	int a;

	/* Acquire: pairs with the release in ack_handler(). */
	while ((a = __atomic_load_n(&acks, __ATOMIC_ACQUIRE)) < wanted) {
		uint64_t now = rcutable_now_ns(), waited = now - start;

		if (waited < ACK_SPIN_NS) {
			rcutable_cpu_relax();
			continue;
		}
		if (waited > ACK_CHECK_NS) {
			b = check_late_acks(head, &v);
			if (b != blocker) {
				blocker = b;
				first = v;
				blocked_since = now;
			} else if (b && now - blocked_since > ACK_CHECK_NS &&
				   (!v.runnable || v.ticks >= first.ticks + BLOCKER_RAN_TICKS)) {
				blocker_named(b);
			}
		}
		/* The kernel compares acks with a atomically: an
		 * acknowledgement after our load makes the wait return. */
		rcutable_futex_wait(&acks, a, 100000000u);
	}
}

void rcutable_flavor_mb_all(void)
{
	struct rcutable_reader *head = rcutable_counter_registry(), *r;
	pid_t pid = getpid(), self = rcutable_gettid();
	int sent = 0;

	/* The updater's accesses before the signals; pairs with the fence in
	 * ack_handler(). */
	rcutable_smp_mb();
	RCUTABLE_WRITE_ONCE(acks, 0);
	RCUTABLE_WRITE_ONCE(acks_wanted, -1);
	for (r = head->next; r != head; r = r->next) {
		if (r->tid == self)
			continue;	/* the fences here serve the updater's own thread */
		if (syscall(SYS_tgkill, pid, r->tid, rcu_signal) == 0)
			sent++;
		else if (errno != ESRCH)	/* ESRCH: the thread is gone */
			rcutable_die(SIGNAL_WHO ": tgkill(%d): %s", (int)r->tid,
				     strerror(errno));
	}
	RCUTABLE_WRITE_ONCE(acks_wanted, sent);
	wait_for_acks(head, sent);
	/* The readers' fences before the updater's later accesses. */
	rcutable_smp_mb();
}

RCUTABLE_COUNTER_FLAVOR_INFO("per-thread counters with compiler-barrier "
			     "readers, which answer a grace period's request "
			     "when they go idle; the updater forces ordering "
			     "with a real-time signal to each reader where one "
			     "does not answer",
			     "a real-time signal the application leaves alone "
			     "(RCUTABLE_SIGNAL)",
			     RCUTABLE_NEEDS_SIGNAL);
