/* SPDX-License-Identifier: MIT */
/*
 * lib/srcu/srcu_gp.c: SRCU's update side, compiled once per read-side
 * variant (srcu_reader.h): srcu with compiler-barrier readers and a
 * membarrier() per grace period, srcu-mb with the kernel's full-fence
 * readers.
 *
 * A grace period of domain ssp, under its gp.lock (srcu_domain.h, gp_funnel.h):
 *
 *   G   fence: membarrier() (srcu), smp_mb() (srcu-mb; srcu in expedited mode)
 *   S1  wait until the inactive index's unlock sum equals its lock sum
 *   F   smp_mb(); flip ssp->idx; smp_mb()
 *   S2  wait the same way for the index that was active
 *
 * (each wait sums the unlock counts first, then after a full fence the
 * lock counts: rcutable_srcu_readers_done()).
 *
 * Why no reader is missed.  Take a reader R inside its section when the
 * caller unpublished an object (W) and called synchronize_srcu().  Fence G
 * is a full fence on the updater and, for srcu, on every CPU running one
 * of our threads (a thread not running passes the scheduler's fence); for
 * srcu-mb it pairs with the fence after R's lock count.  Either R's lock
 * count precedes that fence, or R's section's accesses follow it.  In the
 * second case they see W: R cannot reach the object and need not be
 * waited for.  In the first case the scans S1 and S2, which follow G, see
 * R's lock count, under whichever index R read; S1 scans one index and S2
 * the other, so one of them waits for R.  It can only finish when it sees
 * R's unlock count, and R's release (or fence) before that count puts R's
 * section before the scan's fence, and so before everything the caller
 * does after the grace period.
 *
 * Why equal sums mean what they say.  Counts only grow.  A reader's unlock
 * count is ordered after its lock count (the release or fence in
 * srcu_read_unlock(), and the scheduler's fence when it migrated between
 * them), and the scan reads the unlock counts first, so every reader whose
 * unlock the scan counts has its lock counted as well: a reader adds 1 to
 * the lock sum without adding to the unlock sum, or adds to both, never the
 * reverse.  Equal sums therefore mean no counted lock lacks its unlock:
 * every reader whose lock count the scan saw has left.
 *
 * Why both indexes.  A reader reads ssp->idx and then counts itself: it may
 * read the index before a flip and count under it only after that grace
 * period scanned it, so that it is counted under what is now the inactive
 * index.  If its section began before G it may hold an object; S1 waits for
 * it.  S2 waits for the readers of the index that was active at G.
 *
 * Why it ends under a continuous stream of readers.  New readers count under
 * the active index; S1 waits on the inactive one, which only late readers
 * (those that read the index before the last flip, at most one per thread)
 * can enter.  After the flip F new readers count under the new index, so S2
 * waits for the readers of the old one and at most one late reader per
 * thread.  The fences around the flip keep S1's loads before the new index
 * is seen and S2's after it.
 *
 * srcu's expedited mode.  A membarrier() costs an IPI to every CPU running
 * one of our threads (microseconds, tens on a virtual machine), too much
 * for an expedited grace period.  So synchronize_srcu_expedited() switches
 * the domain to expedited mode (ssp->readers_fence) with one membarrier(),
 * and from then on grace periods fence with smp_mb() alone, for as long as
 * expedited grace periods keep coming (a second after the last, or
 * RCUTABLE_SRCU_EXPEDITED_MODE_MS); readers in expedited mode fence after counting in, as srcu-mb's
 * do.  A reader reads the mode after its lock count: if its count preceded
 * the switch's membarrier(), every later scan sees it; if not, it reads the
 * new mode and fences.  The first normal grace period after the mode lapses
 * switches back, and fences with membarrier() again from then on.
 *
 * Counts wrap only after 2^64 sections on one CPU; the sums are unsigned and
 * compared, never subtracted beyond what they count.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdint.h>
#include <time.h>

#include <rcutable/srcu.h>
#include "engine/cbq.h"
#include "engine/diag.h"
#include "engine/gp_seq.h"
#include "srcu/srcu_check.h"
#include "srcu/srcu_domain.h"
#define RCUTABLE_GUARD_KEY rcutable_srcu_attach
#include "engine/read_side_guard.h"
#if !RCUTABLE_SRCU_READER_FENCED
#include "engine/membarrier.h"
#endif

#if !RCUTABLE_SRCU_READER_FENCED
/* How long srcu's expedited mode lasts after an expedited grace period:
 * RCUTABLE_SRCU_EXPEDITED_MODE_MS, default 1000. */
static uint64_t srcu_expedited_mode_ns(void)
{
	static uint64_t ns;	/* 0: not read yet; the value read is at least 1 */

	if (!RCUTABLE_READ_ONCE(ns))
		RCUTABLE_WRITE_ONCE(ns, rcutable_env_ulong("RCUTABLE_SRCU_EXPEDITED_MODE_MS",
							    1000) * 1000000u + 1);
	return RCUTABLE_READ_ONCE(ns);
}
#endif

/* Fence G: see the top of the file.  Caller holds d->gp.lock. */
static void srcu_fence_readers(struct srcu_struct *ssp, struct rcutable_srcu_domain *d,
			       bool expedited)
{
#if RCUTABLE_SRCU_READER_FENCED
	(void)ssp; (void)d; (void)expedited;
	/* Pairs with RCUTABLE_SRCU_AFTER_LOCK(), smp_mb(), in srcu_read_lock(). */
	rcutable_smp_mb();
#else
	uint64_t now = rcutable_now_ns();
	bool fenced = ssp->readers_fence;

	if (expedited)
		d->fence_until_ns = now + srcu_expedited_mode_ns();
	else if (fenced && now >= d->fence_until_ns)
		fenced = false;	/* the mode lapsed: back to normal */
	if (fenced) {
		/* Expedited mode: pairs with the smp_mb() readers then execute
		 * in RCUTABLE_SRCU_AFTER_LOCK(). */
		rcutable_smp_mb();
		return;
	}
	/* Normal mode, or a switch: the new mode before the fence, which
	 * pairs with RCUTABLE_SRCU_AFTER_LOCK()'s compiler barrier (and
	 * with its load of the mode, after the lock count). */
	RCUTABLE_WRITE_ONCE(ssp->readers_fence, expedited);
	rcutable_membarrier_all(RCUTABLE_IMPL_NAME, "rcutable-srcu-mb");
#endif
}

/*
 * Between two scans that found readers.  A normal grace period spins for
 * SRCU_SPIN_NS from the first scan that found them: a section that is
 * running ends well within that, and so does one whose reader was
 * preempted for a moment (by a thread that woke to do a little work).
 * Then it sleeps, backing off from 50 us up to 10 ms, for readers that stay
 * off their CPUs or sleep inside their sections.  It never yields: with
 * more threads than CPUs (a callback flood) each sched_yield() can cost a
 * whole time slice of someone else's, where a sleep ends when its time is
 * up.  An expedited grace period spins 200 times, then yields (a reader
 * preempted inside its section may be waiting for this very CPU), then
 * sleeps from 10 us up to 1 ms.
 */
#define SRCU_SPIN_NS	50000u

struct srcu_backoff {
	unsigned n;		/* calls so far */
	unsigned sleeps;	/* of them, sleeps */
	uint64_t spin_until_ns;	/* a normal grace period spins until then */
};

static void srcu_sleep(struct srcu_backoff *b, bool expedited)
{
	uint64_t first_ns = expedited ? 10000 : 50000;
	uint64_t max_ns = expedited ? 1000000 : 10000000;
	unsigned n = b->sleeps++;
	uint64_t ns = n < 16 ? first_ns << n : max_ns;

	rcutable_sleep_ns(ns > max_ns ? max_ns : ns);
}

static void srcu_backoff(struct srcu_backoff *b, bool expedited)
{
	unsigned n = b->n++;
	uint64_t now;

	if (expedited) {
		if (n < 200)
			rcutable_cpu_relax();
		else if (n < 400)
			sched_yield();
		else
			srcu_sleep(b, true);
		return;
	}
	now = rcutable_now_ns();
	if (!n)
		b->spin_until_ns = now + SRCU_SPIN_NS;
	if (now < b->spin_until_ns)
		rcutable_cpu_relax();
	else
		srcu_sleep(b, false);
}

/* RCUTABLE_STALL_TIMEOUT_MS, as for RCU: default 21000, 0 for none. */
static uint64_t srcu_stall_timeout_ns(void)
{
	static uint64_t ns;	/* 0: not read yet; else the timeout + 1 */

	if (!RCUTABLE_READ_ONCE(ns))
		RCUTABLE_WRITE_ONCE(ns, rcutable_env_ulong("RCUTABLE_STALL_TIMEOUT_MS",
							    21000) * 1000000u + 1);
	return RCUTABLE_READ_ONCE(ns) - 1;
}

/* The grace period of ssp that who runs has waited since begun_ns for
 * the readers of idx: say so, with what can hold it. */
static void srcu_stall_warn(const struct srcu_struct *ssp, int idx, const char *who,
			    uint64_t begun_ns)
{
	double waited = (double)(rcutable_now_ns() - begun_ns) / 1e9;
	unsigned long n = rcutable_srcu_readers_of(ssp, idx);
	unsigned long other = rcutable_srcu_readers_of(ssp, !idx);

	if ((long)n < 0 || (long)other < 0)
		rcutable_warn("stall: %s() on SRCU domain %s has waited %.1f s: index %d "
			      "counts %ld more srcu_read_unlock()s than srcu_read_lock()s, so "
			      "an srcu_read_unlock() was given the wrong index, and the "
			      "section it ended counts as open for ever; pass each "
			      "srcu_read_unlock() the index its srcu_read_lock() returned",
			      who, ssp->name, waited, (long)n < 0 ? idx : !idx,
			      -(long)((long)n < 0 ? n : other));
	else
		rcutable_warn("stall: %s() on SRCU domain %s has waited %.1f s for %lu "
			      "reader(s) of index %d: a section not yet ended, or a %s() "
			      "called inside a section of this domain, which waits for "
			      "itself (the checking build refuses it)", who, ssp->name,
			      waited, n, idx, who);
}

static void srcu_wait_for_readers(const struct srcu_struct *ssp, int idx,
				  bool expedited, const char *who, uint64_t begun_ns)
{
	uint64_t timeout = srcu_stall_timeout_ns(), next = begun_ns + timeout;
	struct srcu_backoff b = { 0 };

	while (!rcutable_srcu_readers_done(ssp, idx)) {
		srcu_backoff(&b, expedited);
		if (timeout && b.n % 16 == 0 && rcutable_now_ns() >= next) {
			srcu_stall_warn(ssp, idx, who, begun_ns);
			next = rcutable_now_ns() + timeout;
		}
	}
}

/* One grace period: the caller holds d->gp.lock. */
static void srcu_gp_run(struct srcu_struct *ssp, struct rcutable_srcu_domain *d,
			bool expedited, const char *who)
{
	unsigned long idx = ssp->idx;
	uint64_t begun_ns = rcutable_now_ns();

	srcu_fence_readers(ssp, d, expedited);			/* G */
	srcu_wait_for_readers(ssp, (int)((idx + 1) & 1), expedited, who, begun_ns);	/* S1 */
	/* S1's loads before the flip: readers that see the new index count
	 * under the index S1 scans, and S1 must not wait for them. */
	rcutable_smp_mb();
	RCUTABLE_WRITE_ONCE(ssp->idx, idx + 1);			/* F */
	/* The flip before S2's loads: readers that read the index after the
	 * flip count under the new one, so S2 waits only for the old index's
	 * readers and the late ones. */
	rcutable_smp_mb();
	srcu_wait_for_readers(ssp, (int)(idx & 1), expedited, who, begun_ns);	/* S2 */
}

/* ssp's block, given at the first use of a static domain that no reader
 * has entered yet. */
static struct rcutable_srcu_domain *srcu_domain(struct srcu_struct *ssp, const char *who)
{
	rcutable_srcu_check_usable(ssp, who);
	/* Acquire: pairs with the release that published the block. */
	if (!__atomic_load_n(&ssp->counts[0], __ATOMIC_ACQUIRE))
		rcutable_srcu_domain_attach(ssp);
	return rcutable_srcu_domain_of(ssp);
}

/* srcu_read_lock()'s way out of line, under this read side's link name. */
void rcutable_srcu_attach(struct srcu_struct *ssp)
{
	rcutable_srcu_domain_attach(ssp);
}

struct srcu_gp_args {
	struct srcu_struct *ssp;
	struct rcutable_srcu_domain *d;
	bool expedited;
	const char *who;
};

/* srcu_gp_run() for rcutable_gp_funnel_synchronize(). */
static void srcu_gp_run_cb(void *arg)
{
	const struct srcu_gp_args *a = arg;

	/* A cleanup may have run while we waited for the funnel (the block
	 * is never freed, so the funnel was still there). */
	rcutable_srcu_check_usable(a->ssp, a->who);
	srcu_gp_run(a->ssp, a->d, a->expedited, a->who);
}

static void srcu_synchronize(struct srcu_struct *ssp, bool expedited,
			     const char *who)
{
	struct rcutable_srcu_domain *d = srcu_domain(ssp, who);
	unsigned long cookie;

	rcutable_srcu_refuse_wait_inside(ssp, who);
	/* The caller's earlier accesses (an unpublish) before the cookie's
	 * read of gp_seq; pairs with fence G after gp_seq_start: a grace
	 * period whose start we miss runs its scans after our accesses. */
	rcutable_smp_mb();
	cookie = rcutable_gp_seq_cookie(RCUTABLE_READ_ONCE(d->gp_seq));
	/* Acquire inside: after scan S2 of the grace period that satisfied
	 * us. */
	rcutable_gp_funnel_synchronize(&d->gp, &d->gp_seq, cookie, srcu_gp_run_cb,
				       &(struct srcu_gp_args){ ssp, d, expedited, who });
	/* The grace period's end before the caller's later accesses. */
	rcutable_smp_mb();
}

void synchronize_srcu(struct srcu_struct *ssp)
{
	srcu_synchronize(ssp, false, "synchronize_srcu");
}

void synchronize_srcu_expedited(struct srcu_struct *ssp)
{
	srcu_synchronize(ssp, true, "synchronize_srcu_expedited");
}

unsigned long get_state_synchronize_srcu(struct srcu_struct *ssp)
{
	struct rcutable_srcu_domain *d = srcu_domain(ssp, "get_state_synchronize_srcu");

	/* As in srcu_synchronize(): the caller's accesses before the read. */
	rcutable_smp_mb();
	return rcutable_gp_seq_cookie(RCUTABLE_READ_ONCE(d->gp_seq));
}

bool poll_state_synchronize_srcu(struct srcu_struct *ssp, unsigned long cookie)
{
	struct rcutable_srcu_domain *d = srcu_domain(ssp, "poll_state_synchronize_srcu");
	bool done = rcutable_gp_seq_done(RCUTABLE_READ_ONCE(d->gp_seq), cookie);

	/* The grace period's end (its gp_seq release) before the caller's
	 * later accesses. */
	rcutable_smp_mb();
	return done;
}

/* ---- Callbacks ------------------------------------------------------------ */

/* A grace period for the engine's batch: expedited while a
 * start_poll_synchronize_srcu_expedited() waits on it. */
static void srcu_cbq_wait_gp(void *arg)
{
	struct srcu_struct *ssp = arg;

	srcu_synchronize(ssp, rcutable_poll_head_hurried(&rcutable_srcu_domain_of(ssp)->poll),
			 "call_srcu");
}

/*
 * ssp's callback engine on the calling thread's lane, made at the first
 * call_srcu() on that lane.  The engine is made before rcutable_srcu_lock()
 * is taken, which stays a leaf lock (the engines' locks come before it: see
 * srcu_domain.h); one made in vain, by a thread that lost the race, was
 * never started and goes back.
 */
static struct rcutable_cbq *srcu_engine(struct srcu_struct *ssp,
					struct rcutable_srcu_domain *d)
{
	unsigned lane = rcutable_cbq_lane();
	/* Acquire: pairs with the release below. */
	struct rcutable_cbq *q = __atomic_load_n(&d->cbq[lane], __ATOMIC_ACQUIRE), *mine;

	if (rcutable_likely(q))
		return q;
	mine = rcutable_cbq_new(srcu_cbq_wait_gp, ssp, "call_srcu");
	if (!mine)
		rcutable_die("call_srcu(%s): no memory for its callback engine",
			     ssp->name);
	mine->gathers = mine->laned = true;
	mine->lane = lane;
	rcutable_srcu_lock();
	q = d->cbq[lane];
	if (!q) {
		q = mine;
		mine = NULL;
		/* Release: the engine's initialization before its use. */
		__atomic_store_n(&d->cbq[lane], q, __ATOMIC_RELEASE);
	}
	rcutable_srcu_unlock();
	if (mine)
		rcutable_cbq_free(mine);
	return q;
}

void call_srcu(struct srcu_struct *ssp, struct rcu_head *head, rcu_callback_t func)
{
	struct rcutable_srcu_domain *d = srcu_domain(ssp, "call_srcu");

	rcutable_cbq_check_call("call_srcu", head, func);
	rcutable_cbq_enqueue(srcu_engine(ssp, d), head, func);
}

/* ---- Polled grace periods started without waiting ------------------------ */

static bool srcu_poll_done(void *arg, unsigned long cookie)
{
	struct srcu_struct *ssp = arg;

	return rcutable_gp_seq_done(RCUTABLE_READ_ONCE(rcutable_srcu_domain_of(ssp)->gp_seq),
				    cookie);
}

static struct rcutable_cbq *srcu_poll_engine(void *arg)
{
	struct srcu_struct *ssp = arg;

	return srcu_engine(ssp, rcutable_srcu_domain_of(ssp));
}

static const struct rcutable_poll_ops srcu_poll_ops = {
	.done = srcu_poll_done, .engine = srcu_poll_engine,
};

/* A cookie, as get_state_synchronize_srcu() returns, and a grace period
 * that completes it on its way (the domain's poll head, poll_head.h). */
static unsigned long srcu_start_poll(struct srcu_struct *ssp, bool expedited,
				     const char *who)
{
	struct rcutable_srcu_domain *d = srcu_domain(ssp, who);
	unsigned long cookie;

	/* As in srcu_synchronize(): the caller's accesses before the read. */
	rcutable_smp_mb();
	cookie = rcutable_gp_seq_cookie(RCUTABLE_READ_ONCE(d->gp_seq));
	rcutable_poll_head_start(&d->poll, &srcu_poll_ops, ssp, cookie, expedited);
	return cookie;
}

unsigned long start_poll_synchronize_srcu(struct srcu_struct *ssp)
{
	return srcu_start_poll(ssp, false, "start_poll_synchronize_srcu");
}

unsigned long start_poll_synchronize_srcu_expedited(struct srcu_struct *ssp)
{
	return srcu_start_poll(ssp, true, "start_poll_synchronize_srcu_expedited");
}

void srcu_barrier(struct srcu_struct *ssp)
{
	struct rcutable_cbq_barrier b = RCUTABLE_CBQ_BARRIER_INIT;
	struct rcutable_srcu_domain *d;
	struct rcutable_cbq *q;

	rcutable_srcu_check_usable(ssp, "srcu_barrier");
	rcutable_srcu_refuse_wait_inside(ssp, "srcu_barrier");
	if (!__atomic_load_n(&ssp->counts[0], __ATOMIC_ACQUIRE))
		return;		/* no block, so no callback was ever queued */
	d = rcutable_srcu_domain_of(ssp);
	/* The caller's own lane first, as in rcu_barrier(). */
	for (unsigned n = rcutable_cbq_lanes(), own = rcutable_cbq_lane(), i = 0; i < n; i++)
		if ((q = __atomic_load_n(&d->cbq[(own + i) % n], __ATOMIC_ACQUIRE)))
			rcutable_cbq_barrier_add(&b, q, "srcu_barrier");
	rcutable_cbq_barrier_wait(&b);
}

/* ---- Cleanup -------------------------------------------------------------- */

/*
 * Refuse first, then wait: a reader inside or a callback pending would
 * keep a running grace period, and so the cleanup, from ever ending.
 */
static void srcu_cleanup(struct srcu_struct *ssp, bool quiesced, const char *who)
{
	struct rcutable_srcu_domain *d;
	struct rcutable_cbq *q;
	unsigned long inside;
	size_t pending;

	rcutable_srcu_check_usable(ssp, who);
	if (!__atomic_load_n(&ssp->counts[0], __ATOMIC_ACQUIRE)) {
		rcutable_srcu_counters_free(ssp);	/* never used: nothing to stop */
		return;
	}
	d = rcutable_srcu_domain_of(ssp);
	inside = rcutable_srcu_readers_inside(ssp);
	if (inside)
		rcutable_die("%s(%s) with %lu reader%s inside %s: every "
			     "srcu_read_lock() needs its srcu_read_unlock() first",
			     who, ssp->name, inside, inside == 1 ? "" : "s", ssp->name);
	pending = 0;
	for (unsigned i = 0; i < RCUTABLE_CBQ_LANES_MAX; i++) {
		q = __atomic_load_n(&d->cbq[i], __ATOMIC_ACQUIRE);
		if (q && rcutable_cbq_on_worker(q))
			rcutable_die("%s(%s) from one of its own call_srcu() callbacks",
				     who, ssp->name);
		if (q)
			pending += rcutable_cbq_pending(q, &d->poll.head);
	}
	if (pending)
		rcutable_die("%s(%s) with %zu callback%s queued by call_srcu() and "
			     "not yet invoked: call srcu_barrier(%s) first", who,
			     ssp->name, pending, pending == 1 ? "" : "s", ssp->name);
	/* A grace period that start_poll_synchronize_srcu() asked for ends
	 * first (its head is the domain's own). */
	if (quiesced && rcutable_poll_head_busy(&d->poll))
		rcutable_die("%s(%s) while a grace period that "
			     "start_poll_synchronize_srcu() started is pending "
			     "(use cleanup_srcu_struct(), which waits for it)",
			     who, ssp->name);
	while (rcutable_poll_head_busy(&d->poll))
		srcu_barrier(ssp);
	if (quiesced) {
		if (pthread_mutex_trylock(&d->gp.lock))
			rcutable_die("%s(%s) while a grace period of %s is running "
				     "(use cleanup_srcu_struct(), which waits for it)",
				     who, ssp->name, ssp->name);
		pthread_mutex_unlock(&d->gp.lock);
	}
	/* The engines first: a worker may still be finishing a grace period
	 * and need gp.lock (an exit-time barrier, say). */
	for (unsigned i = 0; i < RCUTABLE_CBQ_LANES_MAX; i++) {
		if (d->cbq[i])
			rcutable_cbq_free(d->cbq[i]);
		d->cbq[i] = NULL;
	}
	pthread_mutex_lock(&d->gp.lock);	/* a running grace period ends */
	rcutable_srcu_counters_free(ssp);
	rcutable_gp_funnel_unlock(&d->gp);
}

void cleanup_srcu_struct(struct srcu_struct *ssp)
{
	srcu_cleanup(ssp, false, "cleanup_srcu_struct");
}

void cleanup_srcu_struct_quiesced(struct srcu_struct *ssp)
{
	srcu_cleanup(ssp, true, "cleanup_srcu_struct_quiesced");
}
