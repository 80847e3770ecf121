/* SPDX-License-Identifier: MIT */
/*
 * lib/counter/counter_gp.c: the update side of the counter-based RCU
 * implementations (memb, signal, mb, qsbr), compiled once per
 * implementation against its read side and its counter_flavor.h hooks.
 *
 * The readers of memb, signal and mb mark sections (counter_reader.h); a
 * QSBR thread is a reader for as long as it is online and its sections
 * end at its quiescent states (qsbr_reader.h).  To this file both are
 * counters (counter_state.h) that hold the grace period back while they
 * show an old phase; the "sections" below are QSBR's online stretches
 * between reports.
 *
 * The grace period.  The global word's phase bit splits readers in two: a
 * section records the phase current when it began.  A grace period
 *
 *   A. executes a full fence on every reader (rcutable_flavor_mb_all()),
 *   1. waits until no reader is inside a section of the other phase,
 *   2. flips the phase,
 *   3. waits until no reader is inside a section of the old phase,
 *   B. executes a full fence on every reader again.
 *
 * Why it is enough.  A reader inside a section when A ran had stored its
 * counter before its share of fence A, so steps 1 and 3 see that counter.
 * Whichever phase it recorded, step 1 or step 3 waits for that phase while
 * the section lasts (nesting keeps the outermost phase).  A reader whose
 * counter store comes after its share of fence A may be missed, and may be:
 * its section sees everything the caller did before the grace period.
 * Fence B orders each waited-for section's accesses before the caller's
 * accesses after the grace period (the reader's counter store, which the
 * updater saw, cannot pass its share of fence B).
 *
 * Why fence B can be a local fence on x86-64.  Fence B pairs with the
 * fence between a reader's section and its counter store in
 * rcu_read_unlock() (only a compiler barrier in memb and signal).  That
 * store pattern is the one x86-64 compilers emit for a C11 release store: a
 * plain store after a compiler barrier.  Under x86-TSO a processor's stores
 * become visible in program order, in one global order, and no store passes
 * an earlier load of the same processor; so once the updater's scan has
 * read the reader's idle counter (or any later counter value, which comes
 * later in the same order), every access of the section before it is
 * complete: its loads have been satisfied and its stores are visible.  The
 * updater's own loads are not reordered with its later loads or stores, so
 * a compiler-level barrier after the scan suffices to keep the caller's
 * accesses after the grace period (freeing, reusing) behind the sections
 * waited for, as acquire loads would; gp_run() uses rcutable_smp_mb(), which
 * is more than that.  The argument is exactly the one every x86-64 release
 * store relies on, with the same limit: a section that writes with
 * non-temporal stores must end them with sfence, as it must before any
 * release.  Other architectures (and builds with -DRCUTABLE_GP_FENCE_B=1)
 * keep fence B: there a reader's later stores may pass its earlier loads.
 * Fence A has no such substitute anywhere: it orders a reader's counter
 * store before its section's loads (store then load), which TSO does not.
 *
 * Why it cannot be starved.  Readers that start after step 2 is visible
 * record the new phase, which step 3 does not wait for; readers that start
 * during step 1 record the current phase, which step 1 does not wait for.
 * So each step waits only for sections already running when it began (plus
 * the few that loaded the global word just before a flip).
 *
 * QSBR on 64-bit machines waits once.  Its grace period advances the
 * global word (adds RCUTABLE_CTR_PHASE, the bits above it a counter of
 * grace periods) and waits until every online thread's copy equals the new
 * word: only a thread that loaded the word after the advance can store it,
 * so each online thread has reported a quiescent state since the grace
 * period began.  One phase bit would not do with one wait: a thread that
 * loads the word while offline and stores it (rcu_thread_online()) after a
 * flip shows the phase the next flip comes back to, and would not be
 * waited for.  A counter of 47 bits only repeats a value after 2^47 grace
 * periods, which no thread stays between that load and store for.
 * conformance/models/qsbr.pml checks this wait, and catches one phase bit.
 *
 * Asking (memb, signal: RCUTABLE_READER_EXPEDITED_MODE).  Fence A costs a
 * membarrier() or a signal to every reader, microseconds (tens on a virtual
 * machine), most of a grace period.  So a grace period first asks: it
 * publishes a request number (ask.seq, a release store after the caller's
 * unpublish) and sets RCUTABLE_GP_ASKING in futex, which every reader
 * checks when it goes idle; a reader that finds the bit copies the number
 * into its ack (reader_answer(): an acquire load, a release store), and
 * gp_readers_quiet() waits, briefly, to see every other registered thread's
 * ack at the number.  If it does, the grace period needs no fence A and no
 * waits: each thread's sections before its answer precede the answer's
 * release store, which the updater read (fence B then keeps them before
 * the caller's later accesses), and its sections after follow the acquire
 * load that saw the number, so they see the unpublish.  A thread that does
 * not answer in time (inside a long section, preempted, or idle and asleep)
 * sends the grace period the full way, the bit cleared first; a thread
 * that queues a callback or waits for a grace period outside any section
 * re-arms its counter instead (caller_rearm(), see expedited mode below),
 * so that one that only queues, or sleeps in synchronize_rcu(), does not.  A reader
 * pays a function call and a copy per grace period, no fence; the updater
 * spins for at most what fence A costs (gp_spin_ns()), a normal grace
 * period for a few times what its answered requests took
 * (gp_ask_budget_ns()); normal grace periods back to back are paced, and
 * stop asking where requests fail (gp_ask_due()).
 *
 * Expedited mode (memb, signal).  An idle thread that sleeps never answers,
 * and an expedited grace period should not fall back on it.  So an
 * expedited grace period also turns on expedited mode (RCUTABLE_GP_FENCING
 * in futex).  In the mode a reader that goes idle re-arms its counter to
 * IDLE | FENCE (rcutable_reader_idle_slow()), and a re-armed thread's next
 * rcu_read_lock() goes out of line and executes smp_mb() after its counter
 * store, as mb's readers do.  gp_readers_quiet(), after a full fence,
 * takes a counter seen at IDLE | FENCE for an answer too; while
 * the mode is on, expedited grace periods do not ask, the re-arms answer.
 * A re-armed thread is quiet: a section that was running when the caller
 * unpublished either ended before the idle store that preceded the re-arm
 * seen, or began after it, with the out-of-line lock, whose store and fence
 * precede its accesses, so the counter seen would be that store or a later
 * one, not IDLE | FENCE; a thread's later sections follow that fence, which
 * follows our own, so they see the unpublish whatever they do.  (A section
 * seen running does not do: the thread may have gone idle and into an
 * unfenced section since, both stores still in its store buffer, if its
 * check of futex found the mode ended, or a signal handler read in the
 * window before its re-arm.)  The mode ends RCUTABLE_EXPEDITED_MODE_MS
 * (default 1000) after the last expedited grace period: a reader that goes
 * idle after that (each looks at the clock at every 16th idle store)
 * clears the bit; the others stop re-arming at their next idle store.
 * Clearing either bit at any time is safe: gp_readers_quiet() relies on
 * neither.  conformance/models/memb.pml checks both answers (-DEXPEDITED)
 * and catches their broken variants.
 *
 * Concurrent callers share grace periods: a caller takes a sequence cookie
 * (gp_seq.h) and, once it holds the grace-period lock, returns at once if a
 * full grace period has run since.
 */
#define _GNU_SOURCE
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <rcutable/rcupdate.h>
#include "engine/cbq.h"
#include "counter/counter_flavor.h"
#include "engine/diag.h"
#include "engine/sigmask.h"
#include "engine/futex.h"
#include "engine/gp_funnel.h"
#include "engine/gp_seq.h"
#define RCUTABLE_GUARD_KEY rcutable_rcu_gp
#include "engine/read_side_guard.h"

struct rcutable_gp_word rcutable_rcu_gp = {
	.ctr = RCUTABLE_CTR_REGISTERED | RCUTABLE_CTR_NEST_ONE,
};
__thread struct rcutable_reader rcutable_rcu_reader;

/*
 * How long a wait spins before it sleeps.  Sleeping costs one more
 * rcutable_flavor_mb_all() (and the wake-up), so a normal grace period
 * spins for about what fence A just cost, which cannot waste more than the
 * sleep would (the spin-then-block argument); clamped, so that a wait never
 * burns more than GP_SPIN_MAX_NS of CPU before it sleeps (readers
 * preempted inside a section may need this CPU).  An expedited grace period
 * waits the same way: spinning longer, or yielding instead of sleeping,
 * keeps a holdout preempted on this CPU from running (a yield does not
 * reliably hand the CPU over: the scheduler may pick the yielding thread
 * again until its next tick, milliseconds away, and postpone it after its
 * wake-up), while a sleep hands it over and the holdout's wake ends it.
 * Expedited grace periods are faster by expedited mode instead.
 */
#define GP_SPIN_MIN_NS		2000u
#define GP_SPIN_MAX_NS		20000u
/* Expedited mode: how long a thread may stay idle without the bit before
 * gp_readers_quiet() takes it for asleep. */
#define GP_REARM_MAX_NS		1000u
/* While readers answer a request, how often gp_readers_quiet() looks at a
 * thread's counter. */
#define GP_CTR_LOOK_NS		250u
/* A sleeping grace period wakes at least this often to check for stalls. */
#define GP_STALL_POLL_NS	100000000u
/* Where readers' wakes are hints (RCUTABLE_READER_WAKE_UNORDERED), the
 * shortest sleep; see gp_sleep_ns(). */
#define GP_WAKE_POLL_MIN_NS	20000u

/* QSBR's one wait where the word has room for a counter (see above). */
#if RCUTABLE_READERS_REPORT_QS && ULONG_MAX > 0xffffffffUL
#define RCUTABLE_GP_ONE_WAIT	1
#else
#define RCUTABLE_GP_ONE_WAIT	0
#endif

/* Does a counter v hold back a wait for readers to show the word cur:
 * inside a section of another phase, or (one wait) an online QSBR thread
 * whose copy is not cur? */
static bool ctr_holds_gp(unsigned long v, unsigned long cur)
{
	if (!(v & RCUTABLE_CTR_NEST_MASK))
		return false;
	return RCUTABLE_GP_ONE_WAIT ? v != cur : ((v ^ cur) & RCUTABLE_CTR_PHASE) != 0;
}

/* Fence B as rcutable_flavor_mb_all(), or as a local fence (see above). */
#ifndef RCUTABLE_GP_FENCE_B
#if defined(__x86_64__)
#define RCUTABLE_GP_FENCE_B	0
#else
#define RCUTABLE_GP_FENCE_B	1
#endif
#endif

/* Grace periods run one at a time, under gp.lock; callers whose cookie
 * one grace period satisfies return when it ends (gp_funnel.h). */
static struct rcutable_gp_funnel gp = RCUTABLE_GP_FUNNEL_INIT;
static unsigned long gp_seq;		/* written under gp.lock */
/* Recent cost of fence A in ns (a running mean of clamped samples), which
 * sets the spin budget; read and written under gp.lock. */
static uint64_t gp_mb_cost_ns = GP_SPIN_MIN_NS;

/* Registered readers; scanned and changed under registry_lock. */
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct rcutable_reader registry = { .next = &registry, .prev = &registry };
/* Threads registered since the last splice: a lock-free stack, so that
 * registering never waits for a grace period. */
static struct rcutable_reader *newcomers;

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static bool gp_ready;			/* gp_init() has run */
static pthread_key_t exit_key;

/* When a grace period or phase began, on CLOCK_MONOTONIC_COARSE
 * (coarse_now_ns(): a grace period reads it in a few ns), which never runs
 * ahead of CLOCK_MONOTONIC, whose now stall_check() compares them with: a
 * stall is reported at its timeout or up to one coarse tick (a few ms)
 * before, never late. */
static uint64_t stall_timeout_ns;
static uint64_t gp_begun_ns;		/* when the current grace period began */
static uint64_t stall_clock_ns;		/* when the current stall period began */
/* When the phase being waited out began: each holdout has been inside its
 * section at least since then (it began the section in an older phase). */
static uint64_t phase_begun_ns;
static unsigned long stall_reset_seq;	/* rcu_cpu_stall_reset() silenced this GP */

static void gp_synchronize(bool expedited, const char *who);

/* ---- Registry ------------------------------------------------------------ */

static void registry_splice_newcomers(void)
{
	/* Acquire: pairs with the release in rcu_register_thread(), so each
	 * newcomer's counter and tid are visible.  Release: pairs with the
	 * acquire of a later push, whose thread's sections then see what the
	 * updater did before this splice (gp_run()).  An exchange even when
	 * no thread is pushed: on x86 it is also the full fence before
	 * gp_readers_quiet()'s scan (rcutable_smp_mb__after_atomic()). */
	struct rcutable_reader *r = __atomic_exchange_n(&newcomers, NULL,
							__ATOMIC_ACQ_REL);

	while (r) {
		struct rcutable_reader *next = r->next;

		r->next = registry.next;
		r->prev = &registry;
		registry.next->prev = r;
		registry.next = r;
		r = next;
	}
}

/*
 * Remove r from the registry.  Signals stay blocked throughout, so that a
 * handler that reads cannot register the thread again half-way; at thread
 * exit (restore false) they stay blocked, so no handler re-registers a
 * thread whose TLS is about to go.
 */
static void reader_unregister(struct rcutable_reader *r, bool restore)
{
	sigset_t all, saved;

	rcutable_sigfillset_unreserved(&all);
	pthread_sigmask(SIG_BLOCK, &all, &saved);
	pthread_mutex_lock(&registry_lock);
	registry_splice_newcomers();
	r->prev->next = r->next;
	r->next->prev = r->prev;
	RCUTABLE_WRITE_ONCE(r->ctr, 0UL);
	pthread_mutex_unlock(&registry_lock);
	if (restore)
		pthread_sigmask(SIG_SETMASK, &saved, NULL);
}

/*
 * End whatever the calling thread's counter holds grace periods back with
 * (a section; a QSBR thread's online stretch), as the outermost
 * rcu_read_unlock() or rcu_thread_offline() would, with full fences (at
 * least the reader's own): before unregistering, so that a grace period
 * that scanned this thread before its removal need not wait for it, and
 * one that scans after sees it gone with its sections ended.
 */
static void reader_go_idle(void)
{
	unsigned long c = RCUTABLE_READ_ONCE(rcutable_rcu_reader.ctr);

	if (c & RCUTABLE_CTR_NEST_MASK)
		rcutable_reader_store_fenced(c, RCUTABLE_CTR_IDLE);
}

/* Thread-exit destructor of a registered thread that did not unregister. */
static void reader_at_thread_exit(void *arg)
{
	struct rcutable_reader *r = arg;

	if (rcutable_reader_in_section())
		rcutable_warn("thread %d exited inside an RCU read-side critical "
			      "section; the section ends with it", (int)r->tid);
	reader_go_idle();
	reader_unregister(r, false);
}

/*
 * In a child of fork() only the forking thread exists: the registry holds
 * it alone, and the locks other threads may have held are new.  A grace
 * period that was running in the parent has no one to finish it here; it is
 * counted as ended, since the only reader left, the forking thread, cannot
 * be waiting inside it.
 */
static void gp_atfork_child(void)
{
	struct rcutable_reader *self = &rcutable_rcu_reader;

	rcutable_gp_funnel_init(&gp);
	pthread_mutex_init(&registry_lock, NULL);
	registry.next = registry.prev = &registry;
	newcomers = NULL;
	if (self->ctr) {
		self->tid = rcutable_gettid();
		self->next = registry.next;
		self->prev = &registry;
		registry.next->prev = self;
		registry.next = self;
	}
	rcutable_rcu_gp.futex = 0;
	if (gp_seq & 1)
		gp_seq++;
}

static void gp_init(void)
{
	if (pthread_key_create(&exit_key, reader_at_thread_exit) ||
	    pthread_atfork(NULL, NULL, gp_atfork_child))
		rcutable_die("cannot set up thread-exit and fork handlers");
	/* 0 turns stall warnings off. */
	stall_timeout_ns = rcutable_env_ulong("RCUTABLE_STALL_TIMEOUT_MS", 21000) *
			   1000000u;
	rcutable_flavor_init();
	__atomic_store_n(&gp_ready, true, __ATOMIC_RELEASE);
}

/* First use, with the caller's signals blocked (sigmask.h says why). */
static void gp_ensure_init(void)
{
	/* Acquire: pairs with the release at the end of gp_init(). */
	if (rcutable_likely(__atomic_load_n(&gp_ready, __ATOMIC_ACQUIRE)))
		return;
	rcutable_once_unsignalled(&init_once, gp_init);
}

void rcu_register_thread(void)
{
	struct rcutable_reader *self = &rcutable_rcu_reader;
	struct rcutable_reader *top;
	sigset_t all, saved;
	int reserved;

	if (RCUTABLE_READ_ONCE(self->ctr))
		return;
	gp_ensure_init();
	/* A signal handler that reads must not register this thread too,
	 * nor read while it is neither idle-registered nor pushed. */
	rcutable_sigfillset_unreserved(&all);
	pthread_sigmask(SIG_BLOCK, &all, &saved);
	if (!RCUTABLE_READ_ONCE(self->ctr)) {
		self->tid = rcutable_gettid();
		RCUTABLE_WRITE_ONCE(self->ctr, RCUTABLE_CTR_IDLE);
		top = __atomic_load_n(&newcomers, __ATOMIC_RELAXED);
		do {
			self->next = top;
			/* Release: the counter and tid precede the push; pairs
			 * with the acquire in registry_splice_newcomers().
			 * Acquire: pairs with the release of an earlier splice
			 * (see gp_run()). */
		} while (!__atomic_compare_exchange_n(&newcomers, &top, self, true,
						      __ATOMIC_ACQ_REL,
						      __ATOMIC_RELAXED));
		pthread_setspecific(exit_key, self);
		/* QSBR: registered threads start online. */
		if (RCUTABLE_READERS_REPORT_QS)
			rcu_thread_online();
	}
	/* A registered thread must take the reserved signal, if any. */
	reserved = rcutable_reserved_signal();
	if (reserved)
		sigdelset(&saved, reserved);
	pthread_sigmask(SIG_SETMASK, &saved, NULL);
}

void rcu_unregister_thread(void)
{
	struct rcutable_reader *self = &rcutable_rcu_reader;

	if (!RCUTABLE_READ_ONCE(self->ctr))
		return;
	if (rcutable_reader_in_section())
		rcutable_die("rcu_unregister_thread() inside an RCU read-side "
			     "critical section");
	pthread_setspecific(exit_key, NULL);
	reader_go_idle();
	reader_unregister(self, true);
}

#if !RCUTABLE_READERS_REPORT_QS
/*
 * rcu_read_lock() out of line: the first read of an unregistered thread,
 * or, in expedited mode, a thread whose idle counter is re-armed.  That
 * one's fence (rcutable_smp_store_mb()) orders its counter store before
 * its section's accesses; it pairs with the full fence before
 * gp_readers_quiet()'s scan.
 */
void rcutable_reader_register_and_lock(void)
{
	struct rcutable_reader *self = &rcutable_rcu_reader;

	if (RCUTABLE_READER_EXPEDITED_MODE &&
	    RCUTABLE_READ_ONCE(self->ctr) == (RCUTABLE_CTR_IDLE | RCUTABLE_CTR_FENCE)) {
		rcutable_smp_store_mb(self->ctr, RCUTABLE_READ_ONCE(rcutable_rcu_gp.ctr) |
						 RCUTABLE_CTR_FENCE);
		return;
	}
	rcu_register_thread();
	rcu_read_lock();
}
#endif

/*
 * A thread that went idle found the updater asleep; c is the counter of
 * the section it just ended.  The waits of
 * gp_run() wait only for counters that ctr_holds_gp() against the current
 * word, so a section that holds nothing back does not wake the updater:
 * with many readers, those that keep running would otherwise wake it again
 * and again while it waits for one that is preempted.  The fence orders
 * the load of futex in rcu_read_unlock() before the load of the word; it
 * pairs with the smp_mb() after the flip (or the advance) in gp_run(),
 * which precedes the RCUTABLE_GP_SLEEPING of the last wait: a reader that
 * sees that bit sees the new word.  A reader that sees an earlier wait's
 * bit and misses the flip is seen by the last wait's recheck instead (its
 * fence after it sets the bit in wait_for_readers()).
 */
static void reader_wake_updater(unsigned long c)
{
	rcutable_smp_mb();
	if (!ctr_holds_gp(c, RCUTABLE_READ_ONCE(rcutable_rcu_gp.ctr)))
		return;
	if (__atomic_fetch_and(&rcutable_rcu_gp.futex, ~RCUTABLE_GP_SLEEPING,
			       __ATOMIC_RELAXED) & RCUTABLE_GP_SLEEPING)
		rcutable_futex_wake(&rcutable_rcu_gp.futex, 1);
}

/* A word that readers read, alone on its cache line: aligned to it and as
 * large (the compiler places nothing else there), so that the grace
 * period's bookkeeping beside it never takes the line from the readers. */
#define GP_LINE_OF(type, name)	struct { type name; } __attribute__((aligned(64)))

/* Expedited mode: until when it lasts, on CLOCK_MONOTONIC_COARSE (a
 * reader reads that clock in a few ns); written under gp.lock, and only
 * when it changes (once per tick of that clock).  Readers in the mode read
 * it at every 16th idle store. */
static GP_LINE_OF(uint64_t, ns) fence_until;

static uint64_t coarse_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/*
 * Expedited mode, a thread that just went idle: re-arm its counter, so
 * that its next rcu_read_lock() fences; then, at every
 * FENCE_MODE_CHECK_EVERY-th idle store (a clock read costs more than the
 * rest), if the mode has lapsed, end it for every thread (this thread's
 * next rcu_read_lock() still goes out of line, once).  The re-arm comes
 * first: gp_readers_quiet() may be waiting for it.  Neither needs
 * ordering: gp_readers_quiet() relies only on the fence of the out-of-line
 * rcu_read_lock().
 */
#define FENCE_MODE_CHECK_EVERY	16u

static void reader_fence_mode(void)
{
	static __thread unsigned int idle_stores;
	struct rcutable_reader *self = &rcutable_rcu_reader;

	if (RCUTABLE_READ_ONCE(self->ctr) == RCUTABLE_CTR_IDLE)
		RCUTABLE_WRITE_ONCE(self->ctr, RCUTABLE_CTR_IDLE | RCUTABLE_CTR_FENCE);
	if (++idle_stores % FENCE_MODE_CHECK_EVERY == 0 &&
	    coarse_now_ns() >= RCUTABLE_READ_ONCE(fence_until.ns))
		__atomic_fetch_and(&rcutable_rcu_gp.futex, ~RCUTABLE_GP_FENCING,
				   __ATOMIC_RELAXED);
}

/* A grace period's request number (see the head of the file): written
 * under gp.lock, read by readers that answer. */
static GP_LINE_OF(unsigned long, seq) ask;

/*
 * A thread that just went idle found RCUTABLE_GP_ASKING: answer the
 * request.  Acquire: pairs with the release that publishes the number in
 * gp_ask(), after the caller's unpublish, so this thread's later sections
 * see it.  Release: its sections so far (they ended before its idle store)
 * precede the answer; pairs with the acquire in gp_readers_quiet().  A
 * number read stale is an answer to an older request, not taken for this
 * one: the thread answers again at its next idle store.
 */
static void reader_answer(void)
{
	__atomic_store_n(&rcutable_rcu_reader.ack,
			 __atomic_load_n(&ask.seq, __ATOMIC_ACQUIRE), __ATOMIC_RELEASE);
}

/* A thread that went idle (the outermost rcu_read_unlock(), a QSBR report
 * or offline, reader_go_idle()) found futex set. */
void rcutable_reader_idle_slow(unsigned long c)
{
	int f = RCUTABLE_READ_ONCE(rcutable_rcu_gp.futex);

	if (RCUTABLE_READER_EXPEDITED_MODE && (f & RCUTABLE_GP_ASKING))
		reader_answer();
	if (RCUTABLE_READER_EXPEDITED_MODE && (f & RCUTABLE_GP_FENCING))
		reader_fence_mode();
	if (f & RCUTABLE_GP_SLEEPING)
		reader_wake_updater(c);
}

/*
 * A registered thread outside any section that queues a callback or waits
 * for a grace period (memb, signal): re-arm its idle counter, as expedited
 * mode does, so that grace periods take it for quiet without its answer.
 * Such a thread may not read again for long (a thread that only queues,
 * one asleep in synchronize_rcu()), and every request would otherwise
 * fail on it and send grace periods the full way; its next
 * rcu_read_lock() goes out of line once and fences.  No ordering, as in
 * reader_fence_mode(); only the idle counter is re-armed (a section's is
 * kept, and a thread that has not registered has none).  The check and
 * the store are one thread's: a signal handler's section between them
 * ends before the store, one after it finds the re-armed counter.
 */
static void caller_rearm(void)
{
#if RCUTABLE_READER_EXPEDITED_MODE
	struct rcutable_reader *self = &rcutable_rcu_reader;

	if (RCUTABLE_READ_ONCE(self->ctr) == RCUTABLE_CTR_IDLE)
		RCUTABLE_WRITE_ONCE(self->ctr, RCUTABLE_CTR_IDLE | RCUTABLE_CTR_FENCE);
#endif
}

void rcutable_reader_misuse(const char *what)
{
	rcutable_die("%s", what);
}

void rcutable_rcu_read_lock(void)
{
	rcu_read_lock();
}

void rcutable_rcu_read_unlock(void)
{
	rcu_read_unlock();
}

/* ---- Waiting for readers --------------------------------------------------- */

static bool reader_holds_gp(const struct rcutable_reader *r, unsigned long cur)
{
	return ctr_holds_gp(RCUTABLE_READ_ONCE(r->ctr), cur);
}

static size_t count_holdouts(unsigned long cur)
{
	const struct rcutable_reader *r;
	size_t n = 0;

	for (r = registry.next; r != &registry; r = r->next)
		n += reader_holds_gp(r, cur);
	return n;
}

/* Warn, once per stall timeout, about the readers holding up this GP.
 * Caller holds registry_lock. */
static void stall_check(unsigned long cur)
{
	uint64_t now = rcutable_now_ns();
	const struct rcutable_reader *r;

	if (!stall_timeout_ns ||
	    now - RCUTABLE_READ_ONCE(stall_clock_ns) < stall_timeout_ns ||
	    RCUTABLE_READ_ONCE(stall_reset_seq) == RCUTABLE_READ_ONCE(gp_seq))
		return;
	rcutable_warn("stall: grace period %lu has waited %.1f s for %zu reader(s):",
		      gp_seq / 2 + 1,
		      (double)(now - RCUTABLE_READ_ONCE(gp_begun_ns)) / 1e9,
		      count_holdouts(cur));
	for (r = registry.next; r != &registry; r = r->next) {
		char name[32];

		if (!reader_holds_gp(r, cur))
			continue;
		rcutable_thread_name(r->tid, name, sizeof(name));
		rcutable_warn("stall:   thread %d (%s) %s for %.1f s at least", (int)r->tid,
			      name, RCUTABLE_READERS_REPORT_QS ?
			      "online, no quiescent state reported," :
			      "inside a read-side critical section",
			      (double)(now - RCUTABLE_READ_ONCE(phase_begun_ns)) / 1e9);
	}
	RCUTABLE_WRITE_ONCE(stall_clock_ns, now);
}

static void rcu_cbq_kick_throttled(void);

/*
 * How long wait_for_readers() may sleep, waited_ns after it first saw a
 * holdout, before it scans again without a wake.  Where rcu_read_unlock()
 * orders its idle store before its check of futex, a holdout's end wakes
 * us, and we wake alone only to check for stalls.  Where it does not (mb:
 * RCUTABLE_READER_WAKE_UNORDERED), a reader whose idle store our last scan
 * missed may also miss our RCUTABLE_GP_SLEEPING, and its wake is lost: we
 * sleep no longer than we have waited, so a lost wake at most doubles a
 * wait.
 */
static uint64_t gp_sleep_ns(uint64_t waited_ns)
{
	if (!RCUTABLE_READER_WAKE_UNORDERED)
		return GP_STALL_POLL_NS;
	if (waited_ns < GP_WAKE_POLL_MIN_NS)
		return GP_WAKE_POLL_MIN_NS;
	return waited_ns < GP_STALL_POLL_NS ? waited_ns : GP_STALL_POLL_NS;
}

/*
 * Return once no registered reader holds back a wait for the word cur
 * (ctr_holds_gp()).  Spin for up to spin_ns from the first holdout seen;
 * then sleep until a holdout's rcu_read_unlock() wakes us.  Expedited or
 * not: spinning longer, or yielding, keeps a holdout preempted on this CPU
 * from running (see GP_SPIN_MAX_NS).
 *
 * Called and returns with registry_lock held, but lets it go whenever it
 * sleeps: a holdout may be blocked on a thread that is
 * unregistering or exiting, which takes registry_lock, so holding it for
 * the whole wait could close a cycle (the holdout waits for that thread,
 * that thread for us, we for the holdout).  A reader removed meanwhile had
 * ended what it held (reader_go_idle()) before it took the lock to leave,
 * and our next scan takes the lock after it let it go, so its section
 * precedes everything we do after that scan, as an idle counter we had
 * read would order it.  Each scan walks the registry afresh.
 */
static void wait_for_readers(unsigned long cur, uint64_t spin_ns)
{
	uint64_t first = 0;
	bool kicked = false;

	while (count_holdouts(cur)) {
		uint64_t now = rcutable_now_ns();
		size_t n;
		int f;

		if (!first)
			first = now;
		if (now - first < spin_ns) {
			rcutable_cpu_relax();
			continue;
		}
		if (!kicked) {	/* a holdout may be asleep in call_rcu() */
			rcu_cbq_kick_throttled();
			kicked = true;
		}
		f = __atomic_or_fetch(&rcutable_rcu_gp.futex, RCUTABLE_GP_SLEEPING,
				      __ATOMIC_RELAXED);
		/* Orders RCUTABLE_GP_SLEEPING before the recheck; pairs with the
		 * reader's compiler barrier between its counter store and its
		 * check of futex in rcu_read_unlock(), made a full fence by
		 * this one: either we see its counter or it sees
		 * RCUTABLE_GP_SLEEPING and wakes us.  (Not for mb, whose fence
		 * is ours alone: gp_sleep_ns().)  A reader that ends expedited
		 * mode meanwhile changes futex too, and the wait returns at
		 * once. */
		rcutable_flavor_mb_all();
		n = count_holdouts(cur);
		pthread_mutex_unlock(&registry_lock);
		if (n)
			rcutable_futex_wait(&rcutable_rcu_gp.futex, f,
					    gp_sleep_ns(now - first));
		__atomic_fetch_and(&rcutable_rcu_gp.futex, ~RCUTABLE_GP_SLEEPING,
				   __ATOMIC_RELAXED);
		pthread_mutex_lock(&registry_lock);
		stall_check(cur);
	}
}

/*
 * An expedited grace period and expedited mode (see the head of the file):
 * extend the mode; true if it was on already, so that readers re-arm,
 * false if this grace period turns it on (and asks).  Caller holds gp.lock.
 */
static bool gp_fence_mode_extend(void)
{
	static uint64_t mode_ns;	/* RCUTABLE_EXPEDITED_MODE_MS, read once */
	uint64_t until;

	if (!mode_ns)
		mode_ns = rcutable_env_ulong("RCUTABLE_EXPEDITED_MODE_MS", 1000) * 1000000u + 1;
	until = coarse_now_ns() + mode_ns;
	if (RCUTABLE_READ_ONCE(fence_until.ns) != until)
		RCUTABLE_WRITE_ONCE(fence_until.ns, until);
	/* Every reader loads futex at its idle store: write it only to set the
	 * bit, not again and again while the mode lasts. */
	if (RCUTABLE_READ_ONCE(rcutable_rcu_gp.futex) & RCUTABLE_GP_FENCING)
		return true;
	return __atomic_fetch_or(&rcutable_rcu_gp.futex, RCUTABLE_GP_FENCING,
				 __ATOMIC_RELAXED) & RCUTABLE_GP_FENCING;
}

/* Has r answered request seq (0: none)?  Acquire: pairs with the release
 * in reader_answer(). */
static bool reader_answered(const struct rcutable_reader *r, unsigned long seq)
{
	return seq && __atomic_load_n(&r->ack, __ATOMIC_ACQUIRE) == seq;
}

/*
 * Has every registered thread but the caller answered: its ack seen at
 * seq (0: no request), or its counter seen at IDLE | FENCE (re-armed in
 * expedited mode), each within spin_ns of the first look?  Then the grace
 * period needs no more than fence B (see the head of the file).  Only
 * those values are taken for answers; waiting on any other is safe, so the
 * budgets are for speed alone.  Without a request, a thread seen idle and
 * not re-armed is most often between its idle store and its re-arm (a few
 * ns in rcutable_reader_idle_slow()): it gets GP_REARM_MAX_NS before it
 * counts as asleep, which fails.  With a request, such a thread may also
 * be one interrupted between two sections, which answers at its next one:
 * it gets the whole budget (gp_ask_outcome() stops the requests where
 * threads sleep).  The full fence orders the caller's unpublish and the
 * gp_seq start before the loads of the counters; it pairs with the fence
 * of the out-of-line rcu_read_lock() (rcutable_reader_register_and_lock()).
 * On x86 it is the last read-modify-write before the call, the splice's
 * exchange or gp_ask()'s fetch_or (expedited mode's extension in between
 * loads and stores only what needs no order).  Caller holds registry_lock, and has
 * spliced the newcomers after its fence A would have run: a thread pushed
 * later has its sections after the unpublish (gp_run()).
 */
static bool gp_readers_quiet(unsigned long seq, uint64_t spin_ns)
{
	const unsigned long quiet = RCUTABLE_CTR_IDLE | RCUTABLE_CTR_FENCE;
	const struct rcutable_reader *r;
	uint64_t first = 0, idle_since;

	rcutable_smp_mb__after_atomic();
	for (r = registry.next; r != &registry; r = r->next) {
		unsigned long v;

		if (r == &rcutable_rcu_reader)
			continue;	/* the caller is outside any section */
		idle_since = 0;
		while (!reader_answered(r, seq) &&
		       (v = RCUTABLE_READ_ONCE(r->ctr)) != quiet) {
			uint64_t now = rcutable_now_ns();

			if (!first)
				first = now;
			else if (now - first >= spin_ns)
				return false;
			if (v != RCUTABLE_CTR_IDLE || seq)
				idle_since = 0;
			else if (!idle_since)
				idle_since = now;
			else if (now - idle_since >= GP_REARM_MAX_NS)
				return false;
			/* Until the next look at the counter, the answer alone:
			 * each look takes the line the thread stores to. */
			while (seq && rcutable_now_ns() - now < GP_CTR_LOOK_NS &&
			       !reader_answered(r, seq))
				rcutable_cpu_relax();
		}
	}
	return true;
}

/*
 * Pacing the requests.  A request holds each running reader up for a few
 * cache-line transfers (the bit, the number, the answer), whatever the
 * grace period's length.  So normal grace periods ask at most once per
 * GP_ASK_SHARE times a request's length (a moving average of the answered
 * ones', so that one slow request does not hold the next ones back; at
 * most GP_SPIN_MAX_NS): back to back, each waits out the rest of that
 * before it asks, and the readers beside them lose about a
 * GP_ASK_SHARE-th of their time, as a grace period that fences them with
 * membarrier() every GP_SPIN_MAX_NS would cost them.  A grace period that
 * comes later asks at once.  A request that fails (more threads than
 * CPUs, say, some preempted) costs its budget for nothing, so a normal
 * request waits GP_ASK_BUDGET times the answered ones' average at most
 * (gp_ask_budget_ns()); after two failures in a row, the normal grace
 * periods after them do not ask, 1, then 2, 4 ... up to 2^GP_ASK_SKIP_LOG
 * of them (about 20 ms of full grace periods), until one succeeds again
 * (one failure alone, a reader that happened to be preempted, skips
 * nothing).  Written under gp.lock.
 */
#define GP_ASK_SHARE	10u
#define GP_ASK_BUDGET	4u
#define GP_ASK_SKIP_LOG	10u
static uint64_t ask_began_ns, ask_took_ns;
static unsigned int ask_skip, ask_fails;

/* A normal grace period: may it ask?  If so, first wait out the pace. */
static bool gp_ask_due(void)
{
	uint64_t gap = GP_ASK_SHARE * ask_took_ns;

	if (ask_skip) {
		ask_skip--;
		return false;
	}
	if (gap > GP_SPIN_MAX_NS)
		gap = GP_SPIN_MAX_NS;
	while (rcutable_now_ns() - ask_began_ns < gap)
		rcutable_cpu_relax();
	return true;
}

/* A normal grace period's request answered (or not): the pace's
 * average and the back-off. */
static void gp_ask_outcome(bool answered)
{
	if (answered) {
		ask_took_ns = (ask_took_ns * 7 + rcutable_now_ns() - ask_began_ns) / 8;
		ask_fails = 0;
		return;
	}
	if (ask_fails < 2 + GP_ASK_SKIP_LOG)
		ask_fails++;
	if (ask_fails >= 2)
		ask_skip = 1u << (ask_fails - 2);
}

/*
 * Ask the readers (see the head of the file) and wait up to spin_ns for
 * their answers.  The release store of the number pairs with the acquire
 * in reader_answer(): a reader that reads it sees the caller's unpublish,
 * which precedes it.  The bit is cleared before the return, so that
 * readers stop answering; a grace period that goes on the full way does
 * so without it.  Caller holds gp.lock and registry_lock.
 */
static bool gp_ask(uint64_t spin_ns)
{
	unsigned long seq = ask.seq + 1;
	bool quiet;

	if (!seq)
		seq = 1;		/* 0 is no request */
	ask_began_ns = rcutable_now_ns();
	__atomic_store_n(&ask.seq, seq, __ATOMIC_RELEASE);
	__atomic_fetch_or(&rcutable_rcu_gp.futex, RCUTABLE_GP_ASKING, __ATOMIC_RELAXED);
	quiet = gp_readers_quiet(seq, spin_ns);
	__atomic_fetch_and(&rcutable_rcu_gp.futex, ~RCUTABLE_GP_ASKING, __ATOMIC_RELAXED);
	return quiet;
}

/* How long a wait spins: about what fence A costs (see GP_SPIN_MIN_NS). */
static uint64_t gp_spin_ns(void)
{
	return gp_mb_cost_ns < GP_SPIN_MIN_NS ? GP_SPIN_MIN_NS : gp_mb_cost_ns;
}

/* How long a normal request waits for its answers: GP_ASK_BUDGET times
 * what the answered ones took, at least GP_SPIN_MIN_NS, at most
 * gp_spin_ns() (the fence A that a failure then issues anyway). */
static uint64_t gp_ask_budget_ns(void)
{
	uint64_t budget = GP_ASK_BUDGET * ask_took_ns, most = gp_spin_ns();

	if (budget < GP_SPIN_MIN_NS)
		budget = GP_SPIN_MIN_NS;
	return budget < most ? budget : most;
}

/* memb, signal: may the grace period end with fence B alone?  Expedited
 * grace periods keep expedited mode on, and ask only where it was off;
 * normal ones ask where gp_ask_due() said so. */
static bool gp_answered(bool expedited)
{
	bool answered;

	if (!expedited) {
		answered = gp_ask(gp_ask_budget_ns());
		gp_ask_outcome(answered);
		return answered;
	}
	if (gp_fence_mode_extend())
		return gp_readers_quiet(0, GP_SPIN_MAX_NS);
	return gp_ask(GP_SPIN_MAX_NS);
}

/* Fence B and the end of gp_run(): see the head of the file. */
static void gp_fence_b(void)
{
	/* B: pairs with RCUTABLE_READER_FENCE() in rcu_read_unlock(), which
	 * comes before the counter store our last scan read.  On x86-64 a
	 * local fence after that scan is enough (see the head of this file):
	 * issued before the registry unlock, so that no reader's removal or
	 * the gp_seq end can be seen before the scan's loads. */
#if RCUTABLE_GP_FENCE_B
	rcutable_flavor_mb_all();
#else
	rcutable_smp_mb();
#endif
	/* Fence B, as TSan sees it: pairs with the releases in
	 * rcu_read_unlock() and rcutable_reader_store_fenced() (tsan.h). */
	rcutable_tsan_acquire(&rcutable_rcu_gp);
	pthread_mutex_unlock(&registry_lock);
}

/* One grace period (steps A, 1, 2, 3, B above; QSBR on 64-bit: A, the
 * advance, its one wait, B; memb and signal, first gp_answered(), then B
 * alone if every reader answered).  Caller holds gp.lock; registry_lock is
 * held throughout but while a wait blocks. */
static void gp_run(bool expedited)
{
	unsigned long cur = RCUTABLE_READ_ONCE(rcutable_rcu_gp.ctr);
	uint64_t began = coarse_now_ns(), t0, cost;
	bool ask;

	RCUTABLE_WRITE_ONCE(gp_begun_ns, began);
	RCUTABLE_WRITE_ONCE(stall_clock_ns, began);
	RCUTABLE_WRITE_ONCE(phase_begun_ns, began);
	/* The pace before registry_lock, which registering threads wait for. */
	ask = RCUTABLE_READER_EXPEDITED_MODE && (expedited || gp_ask_due());
	pthread_mutex_lock(&registry_lock);
	/* Before A, for flavors that reach readers one by one (signal): every
	 * thread pushed by now gets its fence. */
	registry_splice_newcomers();
	if (ask && gp_answered(expedited)) {
		gp_fence_b();
		return;
	}
	/* A: pairs with RCUTABLE_READER_FENCE() in rcu_read_lock().  Also
	 * orders the gp_seq start before the scan (pairs with the smp_mb() in
	 * gp_synchronize() and get_state_synchronize_rcu()). */
	t0 = rcutable_now_ns();
	rcutable_flavor_mb_all();
	cost = rcutable_now_ns() - t0;
	if (cost > GP_SPIN_MAX_NS)
		cost = GP_SPIN_MAX_NS;		/* a preempted fence says little */
	gp_mb_cost_ns = (gp_mb_cost_ns * 7 + cost) / 8;

	/* After A, for membarrier (which fences every thread): a thread
	 * pushed too late for this splice registered after its share of A, so
	 * its sections need not be waited for.  A thread pushed after the first
	 * splice and not signalled is in the same case: its push, an acq_rel
	 * RMW after the splice's in newcomers' order, orders its sections after
	 * everything this updater did before the splice. */
	registry_splice_newcomers();
#if RCUTABLE_GP_ONE_WAIT
	/* The advance, then the wait for every online copy to equal it.
	 * Fence A already orders the caller's accesses before the advance;
	 * this smp_mb() orders the advance before the scan's loads (and the
	 * futex protocol's), for forward progress.  A thread that loads the
	 * new word has its later accesses after that load: they see what the
	 * caller did (pairs with the fence in rcu_quiescent_state()). */
	RCUTABLE_WRITE_ONCE(rcutable_rcu_gp.ctr, cur + RCUTABLE_CTR_PHASE);
	rcutable_smp_mb();
	wait_for_readers(cur + RCUTABLE_CTR_PHASE, gp_spin_ns());
#else
	wait_for_readers(cur, gp_spin_ns());
	/* Step 1's loads before the flip, the flip before step 3's loads: the
	 * updater's own ordering, needed for forward progress only. */
	rcutable_smp_mb();
	RCUTABLE_WRITE_ONCE(rcutable_rcu_gp.ctr, cur ^ RCUTABLE_CTR_PHASE);
	RCUTABLE_WRITE_ONCE(phase_begun_ns, coarse_now_ns());
	rcutable_smp_mb();
	wait_for_readers(cur ^ RCUTABLE_CTR_PHASE, gp_spin_ns());
#endif

	gp_fence_b();
}

/* gp_run() for rcutable_gp_funnel_synchronize(); arg points to expedited. */
static void gp_run_cb(void *arg)
{
	gp_run(*(const bool *)arg);
}

/*
 * Wait for a full grace period.  Any thread outside a read-side section
 * may call it.  Ordering: the caller's accesses before the call precede
 * every reader section the grace period did not wait for; every section
 * it waited for precedes the caller's accesses after the return.
 */
static void gp_synchronize(bool expedited, const char *who)
{
	bool was_online = rcutable_gp_wait_begin(who);
	unsigned long cookie;

	caller_rearm();
	gp_ensure_init();
	/* The caller's earlier accesses (an unpublish) before the cookie's
	 * read of gp_seq; pairs with fence A after gp_seq_start: if we miss a
	 * start, that grace period's scan sees the unpublish. */
	rcutable_smp_mb();
	cookie = rcutable_gp_seq_cookie(RCUTABLE_READ_ONCE(gp_seq));
	/* Acquire inside: after fence B of the grace period that satisfied
	 * us. */
	rcutable_gp_funnel_synchronize(&gp, &gp_seq, cookie, gp_run_cb, &expedited);
	/* The grace period's end before the caller's later accesses. */
	rcutable_smp_mb();
	rcutable_gp_wait_end(was_online);
}

void synchronize_rcu(void)
{
	gp_synchronize(rcu_gp_is_expedited(), "synchronize_rcu");
}

void synchronize_rcu_expedited(void)
{
	gp_synchronize(true, "synchronize_rcu_expedited");
}

void rcu_cpu_stall_reset(void)
{
	unsigned long s = RCUTABLE_READ_ONCE(gp_seq);

	if (s & 1)
		RCUTABLE_WRITE_ONCE(stall_reset_seq, s);
}

/* ---- Polled grace periods ------------------------------------------------- */

unsigned long get_state_synchronize_rcu(void)
{
	/* As in gp_synchronize(): the caller's accesses before the read. */
	rcutable_smp_mb();
	return rcutable_gp_seq_cookie(RCUTABLE_READ_ONCE(gp_seq));
}

bool poll_state_synchronize_rcu(unsigned long oldstate)
{
	bool done = oldstate == RCUTABLE_GP_STATE_COMPLETED ||
		    rcutable_gp_seq_done(RCUTABLE_READ_ONCE(gp_seq), oldstate);

	/* The gp_seq end (after fence B) before the caller's later accesses. */
	rcutable_smp_mb();
	return done;
}

void cond_synchronize_rcu(unsigned long oldstate)
{
	if (!poll_state_synchronize_rcu(oldstate))
		synchronize_rcu();
}

struct rcutable_reader *rcutable_counter_registry(void)
{
	return &registry;
}

unsigned long rcutable_counter_gp_completed(void)
{
	/* A statistic: no ordering. */
	return RCUTABLE_READ_ONCE(gp_seq) / 2;
}

/* ---- Callbacks -------------------------------------------------------------- */

/* Does a grace period wait for the calling thread now (a section, or a
 * QSBR online stretch, that began in the other phase)?  For back-pressure
 * (cbq_throttle()): a statistic, no ordering. */
static bool cbq_caller_holds_gp(void)
{
	return ctr_holds_gp(RCUTABLE_READ_ONCE(rcutable_rcu_reader.ctr),
			    RCUTABLE_READ_ONCE(rcutable_rcu_gp.ctr));
}

static void cbq_wait_gp(void *arg)
{
	(void)arg;
	gp_synchronize(false, "call_rcu");
}

#if RCUTABLE_READERS_REPORT_QS
/* QSBR: callbacks may read, so the worker is online while it invokes them
 * and offline otherwise (waiting, sleeping), as is a thread that drains
 * the callbacks at exit. */
static void cbq_thread_online(void)
{
	rcu_register_thread();
	rcu_thread_online();
}

static void cbq_thread_offline(void)
{
	rcu_thread_offline();
}

/* Between two callbacks no section of the worker's is open: a long batch
 * does not hold grace periods back. */
static void cbq_thread_quiescent(void)
{
	rcu_quiescent_state();
}

#define RCU_CBQ_QS_HOOKS	, .invoke_begin = cbq_thread_online,	\
				.quiesce = cbq_thread_offline,		\
				.between = cbq_thread_quiescent
#else
#define RCU_CBQ_QS_HOOKS
#endif

/* call_rcu()'s lanes (lib/engine/cbq.h), all of them static, so that none
 * needs initialising at run time; the first rcutable_cbq_lanes() are used. */
#define RCU_CBQ_LANE(i)							\
	RCUTABLE_CBQ_INIT(rcu_cbq[i], cbq_wait_gp, NULL, "call_rcu",	\
			  .gathers = true, .laned = true, .lane = (i),	\
			  .caller_holds_gp = cbq_caller_holds_gp RCU_CBQ_QS_HOOKS)
_Static_assert(RCUTABLE_CBQ_LANES_MAX == 8, "one RCU_CBQ_LANE() per lane");
static struct rcutable_cbq rcu_cbq[RCUTABLE_CBQ_LANES_MAX] = {
	RCU_CBQ_LANE(0), RCU_CBQ_LANE(1), RCU_CBQ_LANE(2), RCU_CBQ_LANE(3),
	RCU_CBQ_LANE(4), RCU_CBQ_LANE(5), RCU_CBQ_LANE(6), RCU_CBQ_LANE(7),
};

/* For wait_for_readers(): the callers asleep in back-pressure recheck
 * whether the grace period waits for them.  Its caller has fenced since
 * the word's advance or flip (rcutable_cbq_kick_throttled()). */
static void rcu_cbq_kick_throttled(void)
{
	for (unsigned n = rcutable_cbq_lanes(), i = 0; i < n; i++)
		rcutable_cbq_kick_throttled(&rcu_cbq[i]);
}

/* call_rcu() and call_rcu_hurry(), named who: queue on the caller's
 * lane, which is returned. */
static struct rcutable_cbq *rcu_queue(const char *who, struct rcu_head *head,
				      rcu_callback_t func)
{
	struct rcutable_cbq *q;

	rcutable_cbq_check_call(who, head, func);
	gp_ensure_init();
	q = &rcu_cbq[rcutable_cbq_lane()];
	rcutable_cbq_enqueue(q, head, func);
	caller_rearm();
	return q;
}

void call_rcu(struct rcu_head *head, rcu_callback_t func)
{
	rcu_queue("call_rcu", head, func);
}

void call_rcu_hurry(struct rcu_head *head, rcu_callback_t func)
{
	rcutable_cbq_hurry(rcu_queue("call_rcu_hurry", head, func));
}

void rcutable_kfree_rcu(struct rcu_head *head, size_t offset)
{
	if (offset >= RCUTABLE_KFREE_OFFSET_MAX)
		rcutable_die("kfree_rcu(): rcu_head at offset %zu, must be below %d",
			     offset, RCUTABLE_KFREE_OFFSET_MAX);
	gp_ensure_init();
	rcutable_cbq_enqueue(&rcu_cbq[rcutable_cbq_lane()], head,
			     (rcu_callback_t)(uintptr_t)offset);
	caller_rearm();
}

void rcu_barrier(void)
{
	bool was_online = rcutable_gp_wait_begin("rcu_barrier");
	struct rcutable_cbq_barrier b = RCUTABLE_CBQ_BARRIER_INIT;

	caller_rearm();
	/* The caller's own lane first: from a callback, that is the one
	 * whose barrier refuses (it would wait for itself), before any
	 * other lane has a head entrained. */
	for (unsigned n = rcutable_cbq_lanes(), own = rcutable_cbq_lane(), i = 0; i < n; i++)
		rcutable_cbq_barrier_add(&b, &rcu_cbq[(own + i) % n], "rcu_barrier");
	rcutable_cbq_barrier_wait(&b);
	rcutable_gp_wait_end(was_online);
}
