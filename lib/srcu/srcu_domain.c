/* SPDX-License-Identifier: MIT */
/*
 * lib/srcu/srcu_domain.c: an SRCU domain's life before and after its
 * grace periods: its per-CPU counters, its initialization (static or
 * init_srcu_struct()), and the refusals the read side needs.  Shared by
 * every SRCU implementation.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysinfo.h>
#include <unistd.h>

#include "engine/cbq.h"
#include "engine/diag.h"
#include "srcu/srcu_domain.h"

/*
 * The number of CPUs the kernel may ever number: one more than the highest
 * in /sys/devices/system/cpu/possible ("0-3,8-11"), which covers CPUs that
 * come online later, and never fewer than the configured ones.
 */
static unsigned possible_cpus(void)
{
	unsigned long n = (unsigned long)get_nprocs_conf(), a, b;
	FILE *f = fopen("/sys/devices/system/cpu/possible", "r");
	int c;

	if (f) {
		while (fscanf(f, "%lu", &a) == 1) {
			b = a;
			c = fgetc(f);
			if (c == '-' && fscanf(f, "%lu", &b) == 1)
				c = fgetc(f);
			if (b + 1 > n)
				n = b + 1;
			if (c != ',')
				break;
		}
		fclose(f);
	}
	return n ? (unsigned)n : 1;
}

unsigned rcutable_srcu_ncpus(void)
{
	static unsigned n;
	unsigned v = __atomic_load_n(&n, __ATOMIC_RELAXED);

	if (!v) {
		v = possible_cpus();
		__atomic_store_n(&n, v, __ATOMIC_RELAXED);
	}
	return v;
}

/* ---- Blocks: the live ones, for fork(), and the pool ---------------------- */

static pthread_mutex_t domains_lock = PTHREAD_MUTEX_INITIALIZER;
static struct rcutable_srcu_domain *live;	/* under domains_lock */
static struct rcutable_srcu_domain *pool;	/* freed blocks, linked by next */

void rcutable_srcu_lock(void)
{
	pthread_mutex_lock(&domains_lock);
}

void rcutable_srcu_unlock(void)
{
	pthread_mutex_unlock(&domains_lock);
}

/*
 * Only the forking thread exists in the child, and this runs before any
 * callback thread restarts there: a grace period that another thread was
 * running, holding its domain's gp.lock, counts as ended, as in
 * counter_gp.c (no reader of the child can hold what it was waiting for:
 * the child's readers are the forking thread alone).  Sections that other
 * threads had open stay counted: see docs/API.md.
 */
static void domains_atfork_child(void)
{
	struct rcutable_srcu_domain *d;

	pthread_mutex_init(&domains_lock, NULL);
	for (d = live; d; d = d->next) {
		rcutable_gp_funnel_init(&d->gp);
		if (d->gp_seq & 1)
			d->gp_seq++;
	}
	/* A cleanup may have held a block's lock as it went to the pool. */
	for (d = pool; d; d = d->next)
		rcutable_gp_funnel_init(&d->gp);
}

/* Before the first block is given, and outside domains_lock (registering
 * fork handlers must not wait for a fork that waits for that lock). */
static void register_fork_hooks(void)
{
	rcutable_cbq_atfork_hooks(rcutable_srcu_lock, rcutable_srcu_unlock,
				  domains_atfork_child);
}

static pthread_once_t hooks_once = PTHREAD_ONCE_INIT;

static bool is_live(const struct srcu_struct *ssp)
{
	struct rcutable_srcu_domain *d;

	for (d = live; d; d = d->next)
		if (d->counts == ssp->counts[0])
			return true;
	return false;
}

/* Gives ssp a block, zeroed counters and a fresh update side, and
 * publishes it; caller holds domains_lock and has registered the fork
 * hooks.  -ENOMEM without memory. */
static int counters_alloc(struct srcu_struct *ssp)
{
	unsigned n = rcutable_srcu_ncpus();
	size_t size = sizeof(struct rcutable_srcu_domain) +
		      2 * (n + 1) * sizeof(struct rcutable_srcu_counts);
	struct rcutable_srcu_domain *d = pool;

	if (d) {
		pool = d->next;
	} else {
		/* Per index, one line per CPU and the shared one
		 * (percpu_count.h). */
		if (posix_memalign((void **)&d, RCUTABLE_PERCPU_STRIDE, size))
			return -ENOMEM;
		rcutable_gp_funnel_init(&d->gp);
	}
	memset(d->counts, 0, 2 * (n + 1) * sizeof(struct rcutable_srcu_counts));
	d->gp_seq = 0;
	d->fence_until_ns = 0;
	memset(d->cbq, 0, sizeof(d->cbq));
	memset(&d->poll, 0, sizeof(d->poll));
	d->prev = NULL;
	d->next = live;
	if (live)
		live->prev = d;
	live = d;
	ssp->ncpus = n;
	ssp->idx = 0;
	ssp->readers_fence = 0;
	/* Release: the zeroed counters and ncpus before the pointers; pairs
	 * with the acquire load in srcu_read_lock(). */
	__atomic_store_n(&ssp->counts[1], d->counts + n + 1, __ATOMIC_RELEASE);
	__atomic_store_n(&ssp->counts[0], d->counts, __ATOMIC_RELEASE);
	return 0;
}

int rcutable_init_srcu_struct(struct srcu_struct *ssp, const char *name)
{
	int err;

	if (!ssp)
		rcutable_die("init_srcu_struct(NULL)");
	pthread_once(&hooks_once, register_fork_hooks);
	rcutable_srcu_lock();
	if (ssp->state == RCUTABLE_SRCU_READY && ssp->counts[0] && is_live(ssp))
		rcutable_die("init_srcu_struct(%s) on SRCU domain %s, which is already "
			     "initialized (cleanup_srcu_struct() it first)",
			     name ? name : "?", ssp->name);
	*ssp = (struct srcu_struct)__SRCU_STRUCT_INIT(unnamed);
	ssp->name = name ? name : "an srcu_struct";
	err = counters_alloc(ssp);
	rcutable_srcu_unlock();
	if (err)
		ssp->state = RCUTABLE_SRCU_UNINITIALIZED;
	return err;
}

void rcutable_srcu_check_usable(const struct srcu_struct *ssp, const char *who)
{
	rcutable_srcu_check_state(ssp, ssp ? RCUTABLE_READ_ONCE(ssp->state) : 0,
				  ssp ? ssp->name : NULL, who);
}

void rcutable_srcu_domain_attach(struct srcu_struct *ssp)
{
	rcutable_srcu_check_usable(ssp, "srcu_read_lock");
	pthread_once(&hooks_once, register_fork_hooks);
	rcutable_srcu_lock();
	if (!ssp->counts[0] && counters_alloc(ssp))
		rcutable_die("SRCU domain %s: no memory for its per-CPU counters",
			     ssp->name);
	rcutable_srcu_unlock();
}

void rcutable_srcu_bad_unlock(const struct srcu_struct *ssp, int idx, const char *who)
{
	rcutable_srcu_check_usable(ssp, who);
	if (!ssp->counts[0])
		rcutable_die("%s() on SRCU domain %s, which no reader has entered",
			     who, ssp->name);
	if (idx < 0)
		rcutable_die("%s(%s, ...): the struct srcu_ctr pointer must be the "
			     "one the matching _fast lock of %s returned", who,
			     ssp->name, ssp->name);
	rcutable_die("%s(%s, %d): the index must be the one the matching lock "
		     "returned (0 or 1)", who, ssp->name, idx);
}

/*
 * Readers counted under idx and not yet out: the lock sum less the unlock
 * sum, the unlock sum read first.  Between the sums: pairs with
 * RCUTABLE_SRCU_BEFORE_UNLOCK() in srcu_read_unlock().  A reader whose
 * unlock count the first sum saw had its lock count visible before it, so
 * the second sum sees that too: no reader is counted as unlocked and not
 * locked, and 0 means no reader was inside with its lock count seen.
 */
static unsigned long readers_in(const struct srcu_struct *ssp, int idx)
{
	const struct rcutable_srcu_counts *c = ssp->counts[idx];
	unsigned long unlocks = rcutable_percpu_sum(&c->unlock, ssp->ncpus);

	rcutable_smp_mb();
	return rcutable_percpu_sum(&c->lock, ssp->ncpus) - unlocks;
}

bool rcutable_srcu_readers_done(const struct srcu_struct *ssp, int idx)
{
	return readers_in(ssp, idx) == 0;
}

unsigned long rcutable_srcu_readers_of(const struct srcu_struct *ssp, int idx)
{
	return readers_in(ssp, idx);
}

unsigned long rcutable_srcu_readers_inside(const struct srcu_struct *ssp)
{
	return ssp->counts[0] ? readers_in(ssp, 0) + readers_in(ssp, 1) : 0;
}

void rcutable_srcu_counters_free(struct srcu_struct *ssp)
{
	struct rcutable_srcu_domain *d;

	rcutable_srcu_lock();
	RCUTABLE_WRITE_ONCE(ssp->state, RCUTABLE_SRCU_CLEANED_UP);
	if (ssp->counts[0]) {
		d = rcutable_srcu_domain_of(ssp);
		if (d->prev)
			d->prev->next = d->next;
		else
			live = d->next;
		if (d->next)
			d->next->prev = d->prev;
		d->next = pool;
		pool = d;
		RCUTABLE_WRITE_ONCE(ssp->counts[0], NULL);
		RCUTABLE_WRITE_ONCE(ssp->counts[1], NULL);
	}
	rcutable_srcu_unlock();
}
