/* SPDX-License-Identifier: MIT */
/*
 * lib/compat/liburcu.c: liburcu's RCU API over one rcutable RCU
 * implementation, compiled once per installed implementation into
 * librcutable-<impl>-urcu (pkg-config rcutable-<impl>-urcu; the headers
 * are include/rcutable/liburcu/, docs/LIBURCU.md the guide).
 *
 *   the flavor descriptors that liburcu's data structures take
 *     (struct rcu_flavor_struct, liburcu's urcu/flavor.h): rcu_flavor
 *     and urcu_<flavor>_flavor for each of liburcu's five flavors, all
 *     this implementation;
 *   call_rcu_data handles, each with a worker of its own: an engine of
 *     rcutable's (engine/cbq.h) whose grace periods are synchronize_rcu();
 *   defer_rcu(), over call_rcu();
 *   liburcu 0.14's polled grace periods;
 *   the fork hooks, which run rculfhash's (rcutable's engines handle
 *     fork() themselves: engine/cbq.c).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <unistd.h>

#include <urcu/rcutable-urcu.h>
#include "engine/cbq.h"
#include "engine/diag.h"

/* This file calls rcutable's own call_rcu(), rcu_barrier() and polled
 * grace periods, under the names liburcu's programs get redirected. */
#undef call_rcu
#undef rcu_barrier
#undef start_poll_synchronize_rcu
#undef poll_state_synchronize_rcu

/* ---- The flavor descriptors ------------------------------------------------ */

int rcutable_urcu_read_ongoing(void)
{
	return rcu_read_lock_held();
}

static void urcu_read_lock(void) { rcu_read_lock(); }
static void urcu_read_unlock(void) { rcu_read_unlock(); }
static void urcu_quiescent_state(void) { rcu_quiescent_state(); }
static void urcu_thread_offline(void) { rcu_thread_offline(); }
static void urcu_thread_online(void) { rcu_thread_online(); }

#define RCUTABLE_URCU_FLAVOR_STRUCT {					\
	.read_lock = urcu_read_lock,					\
	.read_unlock = urcu_read_unlock,				\
	.read_ongoing = rcutable_urcu_read_ongoing,			\
	.read_quiescent_state = urcu_quiescent_state,			\
	.update_call_rcu = rcutable_urcu_call_rcu,			\
	.update_synchronize_rcu = synchronize_rcu,			\
	.update_defer_rcu = defer_rcu,					\
	.thread_offline = urcu_thread_offline,				\
	.thread_online = urcu_thread_online,				\
	.register_thread = rcu_register_thread,				\
	.unregister_thread = rcu_unregister_thread,			\
	.barrier = rcutable_urcu_barrier,				\
	.register_rculfhash_atfork = rcutable_urcu_register_rculfhash_atfork, \
	.unregister_rculfhash_atfork = rcutable_urcu_unregister_rculfhash_atfork, \
}
const struct rcu_flavor_struct rcutable_urcu_flavor = RCUTABLE_URCU_FLAVOR_STRUCT;
const struct rcu_flavor_struct urcu_memb_flavor = RCUTABLE_URCU_FLAVOR_STRUCT;
const struct rcu_flavor_struct urcu_mb_flavor = RCUTABLE_URCU_FLAVOR_STRUCT;
const struct rcu_flavor_struct urcu_signal_flavor = RCUTABLE_URCU_FLAVOR_STRUCT;
const struct rcu_flavor_struct urcu_qsbr_flavor = RCUTABLE_URCU_FLAVOR_STRUCT;
const struct rcu_flavor_struct urcu_bp_flavor = RCUTABLE_URCU_FLAVOR_STRUCT;

/* ---- call_rcu_data handles ------------------------------------------------- */

struct call_rcu_data {
	struct rcutable_cbq *q;		/* its engine: a worker of its own */
	struct call_rcu_data *next;	/* every handle, for rcu_barrier() */
	unsigned barriers;		/* rcu_barrier()s holding it: under handles_lock */
};

/* handles_lock guards the list, the handles' barriers counts and making
 * the per-CPU table; handles_cond says a count reached zero. */
static pthread_mutex_t handles_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t handles_cond = PTHREAD_COND_INITIALIZER;
static struct call_rcu_data *handles;
static struct call_rcu_data *default_handle;	/* made at its first use */
static struct call_rcu_data **cpu_handles;	/* [ncpus], or NULL */
static int ncpus;
static __thread struct call_rcu_data *thread_handle;

/*
 * fork(): handles_lock is taken around it (after the engines' own locks:
 * it is a leaf), so that the child finds it free and the list whole.  The
 * child has no thread of the parent's rcu_barrier()s, so no handle is
 * counted there.
 */
static void handles_prepare(void)
{
	pthread_mutex_lock(&handles_lock);
}

static void handles_parent(void)
{
	pthread_mutex_unlock(&handles_lock);
}

static void handles_child(void)
{
	for (struct call_rcu_data *crdp = handles; crdp; crdp = crdp->next)
		crdp->barriers = 0;
	pthread_cond_init(&handles_cond, NULL);
	pthread_mutex_unlock(&handles_lock);
}

__attribute__((constructor)) static void handles_atfork(void)
{
	if (pthread_atfork(handles_prepare, handles_parent, handles_child))
		rcutable_die("liburcu API: cannot register its fork handlers");
}

/* A handle's worker waits for a grace period of this implementation. */
static void handle_wait_gp(void *arg)
{
	(void)arg;
	synchronize_rcu();
}

struct call_rcu_data *create_call_rcu_data(unsigned long flags, int cpu_affinity)
{
	struct call_rcu_data *crdp = malloc(sizeof(*crdp));
	pthread_t worker;

	if (!crdp)
		return NULL;
	crdp->q = rcutable_cbq_new(handle_wait_gp, NULL, "call_rcu");
	if (!crdp->q) {
		free(crdp);
		return NULL;
	}
	(void)flags;		/* URCU_CALL_RCU_RT: the worker sleeps all the same */
	crdp->barriers = 0;
	if (rcutable_cbq_worker_thread(crdp->q, &worker) && cpu_affinity >= 0) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(cpu_affinity, &set);
		(void)pthread_setaffinity_np(worker, sizeof(set), &set);
	}
	pthread_mutex_lock(&handles_lock);
	crdp->next = handles;
	handles = crdp;
	pthread_mutex_unlock(&handles_lock);
	return crdp;
}

/* Waits for the callbacks queued on crdp (liburcu moves them to the
 * default handle: either way none is lost) and for the rcu_barrier()s
 * that hold it, then unlinks and frees it; not from one of its own
 * callbacks.  The default handle is never freed. */
void call_rcu_data_free(struct call_rcu_data *crdp)
{
	struct call_rcu_data **pp;

	if (!crdp || crdp == default_handle)
		return;
	rcutable_cbq_barrier(crdp->q, "call_rcu_data_free");
	pthread_mutex_lock(&handles_lock);
	while (crdp->barriers)
		pthread_cond_wait(&handles_cond, &handles_lock);
	for (pp = &handles; *pp; pp = &(*pp)->next)
		if (*pp == crdp) {
			*pp = crdp->next;
			break;
		}
	pthread_mutex_unlock(&handles_lock);
	rcutable_cbq_free(crdp->q);
	free(crdp);
}

static void make_default_handle(void)
{
	default_handle = create_call_rcu_data(0, -1);
	if (!default_handle)
		rcutable_die("call_rcu(): no memory for the default call_rcu_data handle");
}

struct call_rcu_data *get_default_call_rcu_data(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, make_default_handle);
	return default_handle;
}

/* Without handles_lock: call_rcu() asks from callbacks too.  Acquire:
 * pairs with the release that published the table (ncpus before it). */
struct call_rcu_data *get_cpu_call_rcu_data(int cpu)
{
	struct call_rcu_data **t = __atomic_load_n(&cpu_handles, __ATOMIC_ACQUIRE);

	if (!t || cpu < 0 || cpu >= ncpus)
		return NULL;
	return __atomic_load_n(&t[cpu], __ATOMIC_ACQUIRE);
}

struct call_rcu_data *get_thread_call_rcu_data(void)
{
	return thread_handle;
}

void set_thread_call_rcu_data(struct call_rcu_data *crdp)
{
	thread_handle = crdp;
}

/* The caller's handle: its thread's, else its CPU's, else the default. */
struct call_rcu_data *get_call_rcu_data(void)
{
	struct call_rcu_data *crdp = thread_handle;

	if (!crdp)
		crdp = get_cpu_call_rcu_data(sched_getcpu());
	return crdp ? crdp : get_default_call_rcu_data();
}

pthread_t get_call_rcu_thread(struct call_rcu_data *crdp)
{
	pthread_t worker;

	if (!rcutable_cbq_worker_thread(crdp->q, &worker))
		rcutable_die("get_call_rcu_thread(): the handle's worker thread cannot "
			     "be created (see the message above)");
	return worker;
}

int set_cpu_call_rcu_data(int cpu, struct call_rcu_data *crdp)
{
	int err = 0;

	pthread_mutex_lock(&handles_lock);
	if (!cpu_handles) {
		long n = sysconf(_SC_NPROCESSORS_CONF);
		struct call_rcu_data **t = calloc(n > 0 ? (size_t)n : 1, sizeof(*t));

		if (!t) {
			err = ENOMEM;
		} else {
			ncpus = n > 0 ? (int)n : 1;
			__atomic_store_n(&cpu_handles, t, __ATOMIC_RELEASE);
		}
	}
	if (!err && (cpu < 0 || cpu >= ncpus))
		err = EINVAL;
	if (!err)	/* Release: pairs with get_cpu_call_rcu_data()'s acquire. */
		__atomic_store_n(&cpu_handles[cpu], crdp, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&handles_lock);
	errno = err;
	return err ? -1 : 0;
}

int create_all_cpu_call_rcu_data(unsigned long flags)
{
	long n = sysconf(_SC_NPROCESSORS_CONF);

	for (int cpu = 0; cpu < n; cpu++) {
		struct call_rcu_data *crdp;

		if (get_cpu_call_rcu_data(cpu))
			continue;
		crdp = create_call_rcu_data(flags, cpu);
		if (!crdp || set_cpu_call_rcu_data(cpu, crdp)) {
			call_rcu_data_free(crdp);
			free_all_cpu_call_rcu_data();
			errno = ENOMEM;
			return -ENOMEM;
		}
	}
	return 0;
}

void free_all_cpu_call_rcu_data(void)
{
	for (int cpu = 0; cpu < ncpus; cpu++) {
		struct call_rcu_data *crdp = get_cpu_call_rcu_data(cpu);

		if (crdp) {
			set_cpu_call_rcu_data(cpu, NULL);
			call_rcu_data_free(crdp);
		}
	}
}

void rcutable_urcu_call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *head))
{
	rcutable_cbq_check_call("call_rcu", head, func);
	rcutable_cbq_enqueue(get_call_rcu_data()->q, head, func);
}

/*
 * Every handle's callbacks queued before the call, and rcutable's own
 * (kfree_rcu(), call_rcu() of code built against rcutable's API).  The
 * list is walked hand over hand: the handle being waited for is held
 * (its barriers count, under handles_lock) and its successor taken
 * before it is let go, so call_rcu_data_free(), which unlinks a handle
 * only once no barrier holds it, leaves every link walked valid.  The
 * waits run without the lock, so a callback may make or free handles
 * meanwhile; handles made during the walk are newer than the call.
 */
void rcutable_urcu_barrier(void)
{
	struct call_rcu_data *crdp, *next;

	rcu_barrier();
	pthread_mutex_lock(&handles_lock);
	crdp = handles;
	if (crdp)
		crdp->barriers++;
	while (crdp) {
		pthread_mutex_unlock(&handles_lock);
		rcutable_cbq_barrier(crdp->q, "rcu_barrier");
		pthread_mutex_lock(&handles_lock);
		next = crdp->next;
		if (next)
			next->barriers++;
		if (!--crdp->barriers)
			pthread_cond_broadcast(&handles_cond);
		crdp = next;
	}
	pthread_mutex_unlock(&handles_lock);
}

/* ---- defer_rcu() -------------------------------------------------------------- */

struct deferred {
	struct rcu_head head;
	void (*fct)(void *p);
	void *p;
};

static void run_deferred(struct rcu_head *head)
{
	struct deferred *d = container_of(head, struct deferred, head);

	d->fct(d->p);
	free(d);
}

void defer_rcu(void (*fct)(void *p), void *p)
{
	struct deferred *d = malloc(sizeof(*d));

	if (!d) {		/* no memory: wait here, as liburcu may */
		synchronize_rcu();
		fct(p);
		return;
	}
	d->fct = fct;
	d->p = p;
	rcutable_urcu_call_rcu(&d->head, run_deferred);
}

int rcu_defer_register_thread(void) { return 0; }
void rcu_defer_unregister_thread(void) { }
void rcu_defer_barrier(void) { rcutable_urcu_barrier(); }
void rcu_defer_barrier_thread(void) { rcutable_urcu_barrier(); }
void rcu_defer_exit(void) { }

/* ---- Polled grace periods (liburcu 0.14) ------------------------------------ */

struct urcu_gp_poll_state rcutable_urcu_start_poll_synchronize_rcu(void)
{
	struct urcu_gp_poll_state state = { start_poll_synchronize_rcu() };

	return state;
}

bool rcutable_urcu_poll_state_synchronize_rcu(struct urcu_gp_poll_state state)
{
	return poll_state_synchronize_rcu(state.grace_period_id);
}

/* ---- Fork ----------------------------------------------------------------- */

/* rculfhash's hooks (one set a process, as liburcu keeps them), run by
 * the program's calls around fork(), as liburcu's. */
static struct urcu_atfork *rculfhash_atfork;

void rcutable_urcu_register_rculfhash_atfork(struct urcu_atfork *atfork)
{
	RCUTABLE_WRITE_ONCE(rculfhash_atfork, atfork);
}

void rcutable_urcu_unregister_rculfhash_atfork(struct urcu_atfork *atfork)
{
	(void)atfork;
	RCUTABLE_WRITE_ONCE(rculfhash_atfork, NULL);
}

void call_rcu_before_fork(void)
{
	struct urcu_atfork *a = RCUTABLE_READ_ONCE(rculfhash_atfork);

	if (a)
		a->before_fork(a->priv);
}

void call_rcu_after_fork_parent(void)
{
	struct urcu_atfork *a = RCUTABLE_READ_ONCE(rculfhash_atfork);

	if (a)
		a->after_fork_parent(a->priv);
}

void call_rcu_after_fork_child(void)
{
	struct urcu_atfork *a = RCUTABLE_READ_ONCE(rculfhash_atfork);

	if (a)
		a->after_fork_child(a->priv);
}
