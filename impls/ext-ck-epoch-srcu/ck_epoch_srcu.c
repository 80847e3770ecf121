/* SPDX-License-Identifier: MIT */
/*
 * impls/ext-ck-epoch-srcu/ck_epoch_srcu.c: rcutable's SRCU API over
 * Concurrency Kit's ck_epoch, as a peer for the SRCU comparison.
 *
 * Native: the sections (ck's sleeping sections, srcu_impl.h) and the grace
 * period (ck_epoch_synchronize_wait(), ck_epoch_wait.h), one epoch per
 * domain.  Emulated, as the descriptor says: the expedited grace period (a
 * normal one that yields instead of sleeping), call_srcu() and
 * srcu_barrier() (rcutable's callback engine, one per domain, waiting with
 * ck's grace period), the polled cookies (gp_count.h), srcu_read_lock_held()
 * and the refusal of a wait inside a reader of the same domain (from the
 * thread's record), and the per-thread records themselves.
 *
 * Records.  A thread gets a record in a domain at its first section there:
 * ck_epoch_recycle() hands back one an exited thread released, else a new
 * one is ck_epoch_register()ed.  ck keeps every record in the domain's
 * stack for the domain's life, so a record is freed only at cleanup (if no
 * live thread holds it) or by its thread (at its next miss or its exit)
 * once its domain is cleaned up.  Every change to a record's ownership, a
 * domain's number and the list of all records is made under registry_lock,
 * a leaf lock taken with signals blocked; only the owning thread walks its
 * own list without it.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>

#include <rcutable/srcu.h>
#include "engine/cbq.h"
#include "peer/ck_epoch_wait.h"
#include "engine/diag.h"
#include "engine/sigmask.h"

__thread struct rcutable_ck_srcu_last rcutable_ck_srcu_last;

struct ck_srcu_record {
	ck_epoch_record_t rec;		/* first: ck's stack of records maps back */
	unsigned long domain_id;	/* its domain's number; 0 once cleaned up */
	pthread_t owner;
	bool owned;			/* a live thread holds it */
	struct ck_srcu_record *next_of_thread;
	struct ck_srcu_record *prev_all, *next_all;	/* every record, for fork() */
};

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct ck_srcu_record *all_records;
static unsigned long last_domain_id;
static __thread struct ck_srcu_record *thread_records;
static pthread_key_t exit_key;
static pthread_once_t setup_once = PTHREAD_ONCE_INIT;

static void registry_lock_blocking_signals(sigset_t *saved)
{
	sigset_t all;

	rcutable_sigfillset_unreserved(&all);
	pthread_sigmask(SIG_BLOCK, &all, saved);
	pthread_mutex_lock(&registry_lock);
}

static void registry_unlock(const sigset_t *saved)
{
	pthread_mutex_unlock(&registry_lock);
	pthread_sigmask(SIG_SETMASK, saved, NULL);
}

/* Run once by rcutable_once_unsignalled() (sigmask.h says why), from the
 * slow paths only: a thread's first record, a domain's first callback. */
static void setup(void);

static void check_usable(const struct srcu_struct *ssp, const char *who)
{
	rcutable_srcu_check_state(ssp, ssp ? RCUTABLE_READ_ONCE(ssp->state) : 0,
				  ssp ? ssp->name : NULL, who);
}

/* Caller holds registry_lock. */
static void number_domain(struct srcu_struct *ssp)
{
	if (!ssp->id)
		RCUTABLE_WRITE_ONCE(ssp->id, ++last_domain_id);
}

/* Caller holds registry_lock; w is in no thread's list. */
static void record_free(struct ck_srcu_record *w)
{
	if (w->prev_all)
		w->prev_all->next_all = w->next_all;
	else
		all_records = w->next_all;
	if (w->next_all)
		w->next_all->prev_all = w->prev_all;
	free(w);
}

/* ---- Threads --------------------------------------------------------------- */

/* At thread exit: release the thread's records for other threads, and free
 * those whose domain is gone.  A section still open ends with the thread. */
static void release_thread_records(void *arg)
{
	struct ck_srcu_record *w;
	sigset_t saved;

	(void)arg;
	registry_lock_blocking_signals(&saved);
	while ((w = thread_records)) {
		thread_records = w->next_of_thread;
		if (!w->domain_id) {
			record_free(w);
			continue;
		}
		if (w->rec.active)
			rcutable_warn("thread %d exited inside an SRCU read-side critical "
				      "section; the section ends with it",
				      (int)rcutable_gettid());
		ck_epoch_unregister(&w->rec);
		w->owned = false;
	}
	rcutable_ck_srcu_last = (struct rcutable_ck_srcu_last){ 0 };
	registry_unlock(&saved);
}

static void atfork_prepare(void) { pthread_mutex_lock(&registry_lock); }
static void atfork_parent(void) { pthread_mutex_unlock(&registry_lock); }

/* In the child only the forking thread lives on: the others' records are
 * released (or freed, where their domain is gone), or a thread that was
 * inside a section at the fork would hold every grace period. */
static void atfork_child(void)
{
	struct ck_srcu_record *w, *next;

	for (w = all_records; w; w = next) {
		next = w->next_all;
		if (!w->owned || pthread_equal(w->owner, pthread_self()))
			continue;
		if (!w->domain_id) {
			record_free(w);
			continue;
		}
		ck_epoch_unregister(&w->rec);
		w->owned = false;
	}
	pthread_mutex_unlock(&registry_lock);
}

static void setup(void)
{
	if (pthread_key_create(&exit_key, release_thread_records))
		rcutable_die(RCUTABLE_IMPL_NAME ": cannot create its thread-exit key");
	rcutable_cbq_atfork_hooks(atfork_prepare, atfork_parent, atfork_child);
}

/* See srcu_impl.h.  A miss also frees the thread's records of domains
 * cleaned up since. */
ck_epoch_record_t *rcutable_ck_srcu_record_slow(struct srcu_struct *ssp, const char *who)
{
	struct ck_srcu_record *w, **pp;
	ck_epoch_record_t *rec;
	sigset_t saved;

	check_usable(ssp, who);
	rcutable_once_unsignalled(&setup_once, setup);
	registry_lock_blocking_signals(&saved);
	number_domain(ssp);
	for (pp = &thread_records; (w = *pp); pp = &w->next_of_thread) {
		while (w && !w->domain_id) {
			*pp = w->next_of_thread;
			record_free(w);
			w = *pp;
		}
		if (!w || w->domain_id == ssp->id)
			break;
	}
	if (!w) {
		rec = ck_epoch_recycle(&ssp->epoch, NULL);
		w = (struct ck_srcu_record *)rec;
		if (!w) {
			if (posix_memalign((void **)&w, _Alignof(struct ck_srcu_record),
					   sizeof(*w)))
				rcutable_die("%s(%s): out of memory for a ck_epoch record",
					     who, ssp->name);
			ck_epoch_register(&ssp->epoch, &w->rec, NULL);
			w->prev_all = NULL;
			w->next_all = all_records;
			if (all_records)
				all_records->prev_all = w;
			all_records = w;
		}
		w->domain_id = ssp->id;
		w->owner = pthread_self();
		w->owned = true;
		w->next_of_thread = thread_records;
		thread_records = w;
		pthread_setspecific(exit_key, &thread_records);
	}
	rcutable_ck_srcu_last = (struct rcutable_ck_srcu_last){ ssp, ssp->id, &w->rec };
	registry_unlock(&saved);
	return &w->rec;
}

/* The calling thread's record in ssp, or NULL; registers nothing.  Only the
 * owner walks its list; cleanup may zero a domain_id meanwhile. */
static ck_epoch_record_t *own_record(const struct srcu_struct *ssp)
{
	unsigned long id = RCUTABLE_READ_ONCE(ssp->id);
	struct ck_srcu_record *w;

	for (w = thread_records; id && w; w = w->next_of_thread)
		if (RCUTABLE_READ_ONCE(w->domain_id) == id)
			return &w->rec;
	return NULL;
}

bool rcutable_ck_srcu_held(const struct srcu_struct *ssp)
{
	ck_epoch_record_t *rec = own_record(ssp);

	return rec && rec->active != 0;
}

/* ---- Domains ---------------------------------------------------------------- */

int rcutable_init_srcu_struct(struct srcu_struct *ssp, const char *name)
{
	sigset_t saved;

	if (!ssp)
		rcutable_die("init_srcu_struct(NULL)");
	registry_lock_blocking_signals(&saved);
	if (ssp->state == RCUTABLE_SRCU_READY && ssp->id)
		rcutable_die("init_srcu_struct(%s) on SRCU domain %s, which is already "
			     "initialized (cleanup_srcu_struct() it first)",
			     name ? name : "?", ssp->name);
	*ssp = (struct srcu_struct)__SRCU_STRUCT_INIT(unnamed);
	ssp->name = name ? name : "an srcu_struct";
	ck_epoch_init(&ssp->epoch);
	number_domain(ssp);
	registry_unlock(&saved);
	return 0;
}

void rcutable_srcu_attach(struct srcu_struct *ssp)
{
	sigset_t saved;

	check_usable(ssp, "srcu_read_lock");
	registry_lock_blocking_signals(&saved);
	number_domain(ssp);
	registry_unlock(&saved);
}

void rcutable_ck_srcu_bad_unlock(const struct srcu_struct *ssp, int idx)
{
	check_usable(ssp, "srcu_read_unlock");
	rcutable_die("srcu_read_unlock(%s, %d): the index must be the one "
		     "srcu_read_lock() returned (0 or 1)", ssp->name, idx);
}

/* ---- Grace periods ------------------------------------------------------------ */

void rcutable_ck_srcu_absent(const struct srcu_struct *ssp, const char *who,
			     const char *why)
{
	rcutable_die("%s(%s): not available with ext-ck-epoch-srcu (%s); "
		     "rcutable-srcu and rcutable-srcu-mb have it", who,
		     ssp ? ssp->name : "NULL", why);
}

static void refuse_inside_own_reader(const struct srcu_struct *ssp, const char *who)
{
	if (rcutable_ck_srcu_held(ssp))
		rcutable_die("%s(%s) inside a read-side critical section of the same "
			     "SRCU domain: it would wait for itself", who, ssp->name);
}

static void ck_srcu_grace_period(struct srcu_struct *ssp, bool expedited)
{
	unsigned long mine;

	__atomic_add_fetch(&ssp->gp_running, 1, __ATOMIC_RELAXED);
	mine = rcutable_gp_count_begin(&ssp->gp);
	rcutable_ck_synchronize(&ssp->epoch, expedited);
	rcutable_gp_count_end(&ssp->gp, mine);
	/* Release: the grace period before cleanup sees it over; pairs with
	 * the acquire in wait_for_grace_periods(). */
	__atomic_sub_fetch(&ssp->gp_running, 1, __ATOMIC_RELEASE);
}

static void synchronize_as(struct srcu_struct *ssp, bool expedited, const char *who)
{
	check_usable(ssp, who);
	refuse_inside_own_reader(ssp, who);
	ck_srcu_grace_period(ssp, expedited);
}

void synchronize_srcu(struct srcu_struct *ssp)
{
	synchronize_as(ssp, false, "synchronize_srcu");
}

void synchronize_srcu_expedited(struct srcu_struct *ssp)
{
	synchronize_as(ssp, true, "synchronize_srcu_expedited");
}

unsigned long get_state_synchronize_srcu(struct srcu_struct *ssp)
{
	check_usable(ssp, "get_state_synchronize_srcu");
	return rcutable_gp_count_cookie(&ssp->gp);
}

bool poll_state_synchronize_srcu(struct srcu_struct *ssp, unsigned long cookie)
{
	check_usable(ssp, "poll_state_synchronize_srcu");
	return rcutable_gp_count_elapsed(&ssp->gp, cookie);
}

/* ---- Callbacks (emulated: rcutable's engine, ck's grace period) ---------- */

/* Expedited while a start_poll_synchronize_srcu_expedited() waits on it. */
static void engine_wait_gp(void *arg)
{
	struct srcu_struct *ssp = arg;

	ck_srcu_grace_period(ssp, rcutable_poll_head_hurried(&ssp->poll));
}

/* ssp's engine, made at its first call_srcu().  Made outside registry_lock,
 * which fork() takes after the engines' locks (rcutable_cbq_atfork_hooks());
 * of two racing callers, the one that does not install its engine frees it. */
static struct rcutable_cbq *engine(struct srcu_struct *ssp)
{
	/* Acquire: the engine's set-up before its use; pairs with the
	 * release of the exchange below. */
	struct rcutable_cbq *q = __atomic_load_n(&ssp->cbq, __ATOMIC_ACQUIRE), *none = NULL;

	if (q)
		return q;
	rcutable_once_unsignalled(&setup_once, setup);
	q = rcutable_cbq_new(engine_wait_gp, ssp, "call_srcu");
	if (!q)
		rcutable_die("call_srcu(%s): out of memory for its callback engine", ssp->name);
	if (!__atomic_compare_exchange_n(&ssp->cbq, &none, q, false, __ATOMIC_ACQ_REL,
					 __ATOMIC_ACQUIRE)) {
		rcutable_cbq_free(q);
		q = none;
	}
	return q;
}

void call_srcu(struct srcu_struct *ssp, struct rcu_head *head, rcu_callback_t func)
{
	rcutable_cbq_check_call("call_srcu", head, func);
	check_usable(ssp, "call_srcu");
	rcutable_cbq_enqueue(engine(ssp), head, func);
}

void srcu_barrier(struct srcu_struct *ssp)
{
	struct rcutable_cbq *q;

	check_usable(ssp, "srcu_barrier");
	refuse_inside_own_reader(ssp, "srcu_barrier");
	q = __atomic_load_n(&ssp->cbq, __ATOMIC_ACQUIRE);
	if (q)
		rcutable_cbq_barrier(q, "srcu_barrier");
}

/* ---- Polled grace periods started without waiting (emulated) ------------ */

static bool poll_done(void *arg, unsigned long cookie)
{
	return rcutable_gp_count_elapsed(&((struct srcu_struct *)arg)->gp, cookie);
}

static struct rcutable_cbq *poll_engine(void *arg)
{
	return engine(arg);
}

static const struct rcutable_poll_ops poll_ops = { .done = poll_done, .engine = poll_engine };

static unsigned long start_poll(struct srcu_struct *ssp, bool expedited, const char *who)
{
	unsigned long cookie;

	check_usable(ssp, who);
	cookie = rcutable_gp_count_cookie(&ssp->gp);
	rcutable_poll_head_start(&ssp->poll, &poll_ops, ssp, cookie, expedited);
	return cookie;
}

unsigned long start_poll_synchronize_srcu(struct srcu_struct *ssp)
{
	return start_poll(ssp, false, "start_poll_synchronize_srcu");
}

unsigned long start_poll_synchronize_srcu_expedited(struct srcu_struct *ssp)
{
	return start_poll(ssp, true, "start_poll_synchronize_srcu_expedited");
}

/* ---- Cleanup ------------------------------------------------------------------- */

static unsigned long readers_inside(struct srcu_struct *ssp)
{
	unsigned long n = 0;
	ck_stack_entry_t *cursor;

	CK_STACK_FOREACH(&ssp->epoch.records, cursor) {
		struct ck_srcu_record *w = (struct ck_srcu_record *)cursor;

		if (w->owned && ck_pr_load_uint(&w->rec.active))
			n++;
	}
	return n;
}

static void wait_for_grace_periods(struct srcu_struct *ssp, bool quiesced, const char *who)
{
	/* Acquire: pairs with the release in ck_srcu_grace_period(). */
	while (__atomic_load_n(&ssp->gp_running, __ATOMIC_ACQUIRE)) {
		if (quiesced)
			rcutable_die("%s(%s) while a grace period of the domain is "
				     "running (cleanup_srcu_struct() waits for it)",
				     who, ssp->name);
		rcutable_sleep_ns(100000);
	}
}

static void ck_srcu_cleanup(struct srcu_struct *ssp, bool quiesced, const char *who)
{
	ck_stack_entry_t *cursor, *next;
	unsigned long readers;
	size_t pending;
	sigset_t saved;

	check_usable(ssp, who);
	registry_lock_blocking_signals(&saved);
	readers = readers_inside(ssp);
	registry_unlock(&saved);
	if (readers)
		rcutable_die("%s(%s) with %lu reader%s inside", who, ssp->name,
			     readers, readers == 1 ? "" : "s");
	if (ssp->cbq) {
		pending = rcutable_cbq_pending(ssp->cbq, &ssp->poll.head);
		if (pending)
			rcutable_die("%s(%s) with %zu callback%s pending: call "
				     "srcu_barrier(ssp) first", who, ssp->name,
				     pending, pending == 1 ? "" : "s");
	}
	/* A grace period that start_poll_synchronize_srcu() asked for. */
	if (quiesced && rcutable_poll_head_busy(&ssp->poll))
		rcutable_die("%s(%s) while a grace period that "
			     "start_poll_synchronize_srcu() started is pending "
			     "(cleanup_srcu_struct() waits for it)", who, ssp->name);
	while (rcutable_poll_head_busy(&ssp->poll))
		srcu_barrier(ssp);
	wait_for_grace_periods(ssp, quiesced, who);
	if (ssp->cbq)
		rcutable_cbq_free(ssp->cbq);
	registry_lock_blocking_signals(&saved);
	RCUTABLE_WRITE_ONCE(ssp->cbq, NULL);
	for (cursor = CK_STACK_FIRST(&ssp->epoch.records); cursor; cursor = next) {
		struct ck_srcu_record *w = (struct ck_srcu_record *)cursor;

		next = CK_STACK_NEXT(cursor);
		if (w->owned)
			RCUTABLE_WRITE_ONCE(w->domain_id, 0);	/* its thread frees it */
		else
			record_free(w);
	}
	ck_stack_init(&ssp->epoch.records);
	RCUTABLE_WRITE_ONCE(ssp->id, 0);
	RCUTABLE_WRITE_ONCE(ssp->state, RCUTABLE_SRCU_CLEANED_UP);
	registry_unlock(&saved);
}

void cleanup_srcu_struct(struct srcu_struct *ssp)
{
	ck_srcu_cleanup(ssp, false, "cleanup_srcu_struct");
}

void cleanup_srcu_struct_quiesced(struct srcu_struct *ssp)
{
	ck_srcu_cleanup(ssp, true, "cleanup_srcu_struct_quiesced");
}

/* ---- Descriptor ------------------------------------------------------------ */

const struct rcutable_impl rcutable_srcu_impl_info = {
	.name = RCUTABLE_IMPL_NAME,
	.flavor = RCUTABLE_FLAVOR_SRCU,
	.summary = "peer: Concurrency Kit's ck_epoch (Debian libck-dev) behind "
		   "rcutable's SRCU API: an epoch per domain, sleeping sections on "
		   "a per-thread record",
	.readers_must_register = false,
	.readers_report_qs = false,
	.readers_may_sleep = true,
	.is_control = false,
	.is_peer = true,
	.library = "Concurrency Kit itself (Debian libck-dev): pkg-config --cflags "
		   "--libs ck, #include <ck_epoch.h>, and ck's API, not rcutable's: "
		   "a ck_epoch per domain, a ck_epoch_record per thread "
		   "(ck_epoch_register()), sections between ck_epoch_begin() and "
		   "ck_epoch_end(), ck_epoch_synchronize(), and ck_epoch_call() with "
		   "ck_epoch_poll() by each thread (ck has no callback thread)",
	.needs = "",
	.native = RCUTABLE_API_READ_SIDE | RCUTABLE_API_SYNCHRONIZE,
	.emulated = RCUTABLE_API_EXPEDITED | RCUTABLE_API_CALL | RCUTABLE_API_BARRIER |
		    RCUTABLE_API_POLLED | RCUTABLE_API_VALIDATION |
		    RCUTABLE_API_EXIT_DRAIN | RCUTABLE_API_BACKLOG |
		    RCUTABLE_API_POLLED_FULL | RCUTABLE_API_SRCU_FAST |
		    RCUTABLE_API_TASKS_TRACE,
	/* absent: RCUTABLE_API_READER_CHECKS (a wrong index of 0 or 1, an
	 * unlock without its lock); RCUTABLE_API_SRCU_NMISAFE and
	 * RCUTABLE_API_SRCU_HANDOFF (refused with a message: a section is
	 * its thread's record's, updated with plain loads and stores) */
};
