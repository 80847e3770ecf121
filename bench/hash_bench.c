/* SPDX-License-Identifier: MIT */
/*
 * bench/hash_bench.c: the RCU List APIs at work: lookups per second in a
 * hash table against the number of threads, at 0%, 1% and 10% updates.
 * Compiled once per RCU implementation and peer (build/<impl>/hash-bench),
 * once per SRCU implementation, and once with no RCU at all for the
 * baseline (build/bench/hash-rwlock); hash_flavor.h says how.
 *
 * The table holds HT_OBJECTS objects; object p has one of two keys at a
 * time, p or p + HT_OBJECTS, so half the key space is present and a
 * lookup of a random key finds it half the time.  An update moves one
 * object to its other key: out of one chain, into another.  Every thread
 * runs the same mix: each operation is an update with the row's
 * probability, else a lookup.  Three tables, one mechanism each:
 *
 *   bl      hlist_bl chains, each locked by the bit lock in its head.  An
 *           update unlinks the object and links a new one (malloc()) with
 *           the other key; the old one is freed after a grace period
 *           (call_rcu()/call_srcu()).  Lookups never restart.
 *   nulls   hlist_nulls chains, each with a bit lock of its own beside it
 *           (an hlist_bl_head used for its lock only).  Objects are
 *           type-stable: an update moves the object itself to the other
 *           chain at once, with no grace period and no allocation, and a
 *           lookup that followed it there ends on the wrong chain's marker
 *           and restarts (restarts_per_lookup).
 *   rwlock  plain hlist chains under one pthread_rwlock_t (glibc's default
 *           kind: readers first); an update moves the object under the
 *           write lock.  The baseline, in the build without RCU.
 *
 * Thread slot 0 measures and works; slots 1..threads-1 work beside it.
 * The counters: lookups_per_s and updates_per_s (all threads, per second
 * of slot 0's loop), hit_ratio (near 0.5, else lookups are wrong), and
 * restarts_per_lookup.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <rcutable/compiler.h>
#include <rcutable/list.h>
#include <rcutable/list_bl.h>

#include "gbench.h"
#include "harness.h"
#include "hash_flavor.h"

#if HT_HAS_RCU
#include <rcutable/rculist_bl.h>
#include <rcutable/rculist_nulls.h>
#endif

#if HT_HAS_RCU
#define HT_GP_COUNT	ht_impl_info.gp_completed	/* NULL: not counted */
#else
#define HT_GP_COUNT	NULL
#endif

#define HT_OBJECTS	(1UL << 14)
#define HT_KEYS		(2 * HT_OBJECTS)
#define HT_BUCKET_BITS	14
#define HT_BUCKETS	(1UL << HT_BUCKET_BITS)
#define HT_BATCH	64		/* operations between quiescent states */

/*
 * Placement.  Each build links a different library before the table, which
 * shifts the table's code and arrays by whatever that library's size is,
 * and with the same instructions a 1-thread cell moved by several per cent
 * from one build to another.
 * So the hot functions start on a cache line each (HT_HOT), the loop among
 * them carries no code of the implementation's (ht_ops(): the quiescent
 * state is its caller's), and the arrays start on a page each
 * (HT_PAGE_ALIGNED): every build runs the same machine code and touches
 * the same data at the same offsets, but for its inline read side.
 */
#define HT_HOT		__attribute__((aligned(64), noinline))
#define HT_PAGE_ALIGNED	__attribute__((aligned(4096)))

struct ht_obj {
	struct rcu_head rcu;		/* bl: freed through it */
	unsigned long key;		/* nulls: rewritten when the object moves */
	union {
		struct hlist_node plain;
		struct hlist_bl_node bl;
#if HT_HAS_RCU
		struct hlist_nulls_node nulls;
#endif
	};
};

static inline unsigned long ht_bucket(unsigned long key)
{
	/* Fibonacci hashing: the top bits of key times 2^64 / phi. */
	return (unsigned long)((key * 0x9e3779b97f4a7c15ULL) >> (64 - HT_BUCKET_BITS));
}

static inline unsigned long ht_other_key(unsigned long key)
{
	return key ^ HT_OBJECTS;
}

/*
 * A worker's counters: written by their thread alone (relaxed stores at
 * the end of each batch), read by slot 0 before and after its timed loop.
 */
struct ht_worker {
	unsigned long lookups, hits, restarts, updates;
	uint64_t rng;
} __attribute__((aligned(64)));

static struct ht_worker workers[MAX_SLOTS];

/* xorshift64*: a generator per thread, no shared state. */
static inline uint64_t ht_rand(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545f4914f6cdd1dULL;
}

struct ht_table {
	const char *name;
	const char *label;
	void (*fill)(void);			/* once, before the first run */
	bool (*lookup)(unsigned long key, unsigned long *restarts);
	void (*update)(unsigned long object);
	bool filled;
};

#if HT_HAS_RCU
/* Lock the chains of both of an object's keys, lower index first (one
 * lock if they share a bucket); locks[] is the table's lock array. */
static void ht_lock_pair(struct hlist_bl_head *locks, unsigned long a, unsigned long b)
{
	hlist_bl_lock(&locks[a < b ? a : b]);
	if (a != b)
		hlist_bl_lock(&locks[a < b ? b : a]);
}

static void ht_unlock_pair(struct hlist_bl_head *locks, unsigned long a, unsigned long b)
{
	if (a != b)
		hlist_bl_unlock(&locks[a < b ? b : a]);
	hlist_bl_unlock(&locks[a < b ? a : b]);
}

/* ---- bl: bit-locked chains, objects replaced and freed after a grace period */

static struct hlist_bl_head bl_chains[HT_BUCKETS] HT_PAGE_ALIGNED;
/* Each object's current incarnation; under the locks of both its chains. */
static struct ht_obj *bl_current[HT_OBJECTS] HT_PAGE_ALIGNED;

static struct ht_obj *bl_obj_new(unsigned long key)
{
	struct ht_obj *o = malloc(sizeof(*o));

	if (!o) {
		fprintf(stderr, "hash-bench: out of memory\n");
		exit(1);
	}
	o->key = key;
	return o;
}

static void bl_fill(void)
{
	for (unsigned long p = 0; p < HT_OBJECTS; p++) {
		struct hlist_bl_head *h = &bl_chains[ht_bucket(p)];

		bl_current[p] = bl_obj_new(p);
		hlist_bl_lock(h);
		hlist_bl_add_head(&bl_current[p]->bl, h);
		hlist_bl_unlock(h);
	}
}

/* In a reader: the chain's pointers are followed with dependency order
 * (hlist_bl_for_each_entry_rcu()), pairing with hlist_bl_add_head_rcu()'s
 * publication; an object's key never changes once it is linked. */
HT_HOT static bool bl_lookup(unsigned long key, unsigned long *restarts)
{
	struct hlist_bl_node *pos;
	struct ht_obj *o;
	bool found = false;
	int idx = ht_read_lock();

	(void)restarts;
	hlist_bl_for_each_entry_rcu(o, pos, &bl_chains[ht_bucket(key)], bl) {
		if (o->key == key) {
			found = true;
			break;
		}
	}
	ht_read_unlock(idx);
	return found;
}

static void bl_free(struct rcu_head *head)
{
	free(rcutable_container_of(head, struct ht_obj, rcu));
}

HT_HOT static void bl_update(unsigned long object)
{
	struct ht_obj *next = bl_obj_new(0), *old;
	unsigned long a = ht_bucket(object), b = ht_bucket(ht_other_key(object));

	ht_lock_pair(bl_chains, a, b);
	old = bl_current[object];
	next->key = ht_other_key(old->key);
	hlist_bl_del_rcu(&old->bl);
	hlist_bl_add_head_rcu(&next->bl, &bl_chains[ht_bucket(next->key)]);
	bl_current[object] = next;
	ht_unlock_pair(bl_chains, a, b);
	/* Lookups standing on old keep walking its chain until they end. */
	ht_retire(&old->rcu, bl_free);
}

/* ---- nulls: type-stable objects moved between chains at once --------------- */

static struct hlist_nulls_head nulls_chains[HT_BUCKETS] HT_PAGE_ALIGNED;
static struct hlist_bl_head nulls_locks[HT_BUCKETS] HT_PAGE_ALIGNED;	/* the lock bit only */
static struct ht_obj nulls_objs[HT_OBJECTS] HT_PAGE_ALIGNED;

static void nulls_fill(void)
{
	for (unsigned long b = 0; b < HT_BUCKETS; b++)
		INIT_HLIST_NULLS_HEAD(&nulls_chains[b], b);
	for (unsigned long p = 0; p < HT_OBJECTS; p++) {
		nulls_objs[p].key = p;
		hlist_nulls_add_head(&nulls_objs[p].nulls, &nulls_chains[ht_bucket(p)]);
	}
}

/*
 * In a reader.  The key is loaded once per object: an object found with
 * the key is in the table with it (the update rewrites the key only
 * between unlinking and relinking it).  A chain that ends on another
 * chain's marker means an object the lookup passed moved away under it:
 * the lookup starts again from its own chain's head.
 */
HT_HOT static bool nulls_lookup(unsigned long key, unsigned long *restarts)
{
	unsigned long b = ht_bucket(key);
	struct hlist_nulls_node *pos;
	struct ht_obj *o;
	bool found = false;
	int idx = ht_read_lock();

	for (;;) {
		hlist_nulls_for_each_entry_rcu(o, pos, &nulls_chains[b], nulls) {
			if (RCUTABLE_READ_ONCE(o->key) == key) {
				found = true;
				goto out;
			}
		}
		if (get_nulls_value(pos) == b)
			break;
		(*restarts)++;
	}
out:
	ht_read_unlock(idx);
	return found;
}

HT_HOT static void nulls_update(unsigned long object)
{
	struct ht_obj *o = &nulls_objs[object];
	unsigned long a = ht_bucket(object), b = ht_bucket(ht_other_key(object));
	unsigned long to;

	ht_lock_pair(nulls_locks, a, b);
	to = ht_other_key(o->key);
	hlist_nulls_del_rcu(&o->nulls);
	/* Relaxed: a lookup may be loading it; the relink below publishes it
	 * (rcu_assign_pointer()) to lookups that reach o from its new chain. */
	RCUTABLE_WRITE_ONCE(o->key, to);
	hlist_nulls_add_head_rcu(&o->nulls, &nulls_chains[ht_bucket(to)]);
	ht_unlock_pair(nulls_locks, a, b);
}
#else /* !HT_HAS_RCU */

/* ---- rwlock: the baseline ------------------------------------------------------ */

static pthread_rwlock_t rw_lock = PTHREAD_RWLOCK_INITIALIZER;
static struct hlist_head rw_chains[HT_BUCKETS] HT_PAGE_ALIGNED;
static struct ht_obj rw_objs[HT_OBJECTS] HT_PAGE_ALIGNED;

static void rw_fill(void)
{
	for (unsigned long p = 0; p < HT_OBJECTS; p++) {
		rw_objs[p].key = p;
		hlist_add_head(&rw_objs[p].plain, &rw_chains[ht_bucket(p)]);
	}
}

HT_HOT static bool rw_lookup(unsigned long key, unsigned long *restarts)
{
	struct ht_obj *o;
	bool found = false;

	(void)restarts;
	pthread_rwlock_rdlock(&rw_lock);
	hlist_for_each_entry(o, &rw_chains[ht_bucket(key)], plain) {
		if (o->key == key) {
			found = true;
			break;
		}
	}
	pthread_rwlock_unlock(&rw_lock);
	return found;
}

HT_HOT static void rw_update(unsigned long object)
{
	struct ht_obj *o = &rw_objs[object];

	pthread_rwlock_wrlock(&rw_lock);
	hlist_del(&o->plain);
	o->key = ht_other_key(o->key);
	hlist_add_head(&o->plain, &rw_chains[ht_bucket(o->key)]);
	pthread_rwlock_unlock(&rw_lock);
}
#endif /* HT_HAS_RCU */

/* ---- The workers ------------------------------------------------------------ */

static struct ht_table tables[] = {
#if HT_HAS_RCU
	{ "bl", "hlist_bl chains, bit locks, objects freed after a grace period",
	  bl_fill, bl_lookup, bl_update, false },
	{ "nulls", "hlist_nulls chains, bit locks, type-stable objects moved at once",
	  nulls_fill, nulls_lookup, nulls_update, false },
#else
	{ "rwlock", "hlist chains under one pthread_rwlock_t",
	  rw_fill, rw_lookup, rw_update, false },
#endif
};

/* What the workers run now; set by slot 0 before they start. */
static const struct ht_table *cur_table;
static unsigned cur_update_pct;
static int next_worker;

/* HT_BATCH operations and the counters published; the counters in
 * registers (not in a copy of *w, whose alignment moves the frame). */
HT_HOT static void ht_ops(struct ht_worker *w)
{
	const struct ht_table *t = cur_table;
	const unsigned pct = cur_update_pct;
	uint64_t rng = w->rng;
	unsigned long lookups = w->lookups, hits = w->hits, updates = w->updates;
	unsigned long restarts = w->restarts;

	for (int i = 0; i < HT_BATCH; i++) {
		uint64_t r = ht_rand(&rng);

		if ((r >> 32) % 100 < pct) {
			t->update(r % HT_OBJECTS);
			updates++;
		} else {
			hits += t->lookup(r % HT_KEYS, &restarts);
			lookups++;
		}
	}
	w->rng = rng;
	RCUTABLE_WRITE_ONCE(w->lookups, lookups);
	RCUTABLE_WRITE_ONCE(w->hits, hits);
	RCUTABLE_WRITE_ONCE(w->restarts, restarts);
	RCUTABLE_WRITE_ONCE(w->updates, updates);
}

/* HT_BATCH operations, then a quiescent state. */
static void ht_batch(struct ht_worker *w)
{
	ht_ops(w);
	ht_quiescent_state();
}

static __thread struct ht_worker *self;

static void worker_begin(void)
{
	self = &workers[__atomic_add_fetch(&next_worker, 1, __ATOMIC_RELAXED)];
	ht_thread_begin();
}

static void worker_work(void)
{
	ht_batch(self);
}

static const struct crew_job ht_crew = {
	.begin = worker_begin, .work = worker_work, .end = ht_thread_end,
};

static struct ht_worker ht_totals(int threads)
{
	struct ht_worker s = { 0 };

	for (int i = 0; i < threads; i++) {
		s.lookups += RCUTABLE_READ_ONCE(workers[i].lookups);
		s.hits += RCUTABLE_READ_ONCE(workers[i].hits);
		s.restarts += RCUTABLE_READ_ONCE(workers[i].restarts);
		s.updates += RCUTABLE_READ_ONCE(workers[i].updates);
	}
	return s;
}

struct ht_row {
	struct ht_table *table;
	unsigned update_pct;
};

static void bm_hash(gbench_state *st)
{
	struct ht_row *row = gbench_user_arg(st);
	int threads = (int)gbench_range(st, 0);
	struct ht_worker before, after;
	double t0, seconds;
	unsigned long (*gps)(void) = HT_GP_COUNT, gps0, gps1;
	char label[160];

	bind_slot(0);
	ht_thread_begin();
	if (!row->table->filled) {
		row->table->fill();
		row->table->filled = true;
	}
	cur_table = row->table;
	cur_update_pct = row->update_pct;
	next_worker = 0;
	for (int i = 0; i < threads; i++)
		workers[i] = (struct ht_worker){ .rng = 0x9e3779b97f4a7c15ULL * (uint64_t)(i + 1) };
	self = &workers[0];
	crew_start(&ht_crew, threads - 1, 1);
	snprintf(label, sizeof(label), "%s; %d threads, %u%% updates", row->table->label,
		 threads, row->update_pct);
	gbench_label(st, label);
	before = ht_totals(threads);
	gps0 = gps ? gps() : 0;
	t0 = now_s(CLOCK_MONOTONIC);
	while (gbench_keep_running(st)) {
		for (int i = 0; i < OPS_PER_ITER / HT_BATCH; i++)
			ht_batch(self);
	}
	seconds = now_s(CLOCK_MONOTONIC) - t0;
	after = ht_totals(threads);
	gps1 = gps ? gps() : 0;
	/* Unregistered first: a QSBR thread must not block in pthread_join()
	 * online, holding up the grace periods the workers' exits wait for. */
	ht_thread_end();
	crew_stop();
	/* This run's retired objects are freed before the next run. */
	ht_barrier();

	double lookups = (double)(after.lookups - before.lookups);

	gbench_counter(st, "worker_threads", threads, GBENCH_COUNTER_DEFAULT);
	gbench_counter(st, "update_pct", row->update_pct, GBENCH_COUNTER_DEFAULT);
	gbench_counter(st, "lookups_per_s", lookups / seconds, GBENCH_COUNTER_DEFAULT);
	gbench_counter(st, "updates_per_s", (double)(after.updates - before.updates) / seconds,
		       GBENCH_COUNTER_DEFAULT);
	gbench_counter(st, "hit_ratio", lookups ? (double)(after.hits - before.hits) / lookups : 0,
		       GBENCH_COUNTER_DEFAULT);
	if (gps)
		gbench_counter(st, "grace_periods_per_s", (double)(gps1 - gps0) / seconds,
			       GBENCH_COUNTER_DEFAULT);
	gbench_counter(st, "restarts_per_lookup",
		       lookups ? (double)(after.restarts - before.restarts) / lookups : 0,
		       GBENCH_COUNTER_DEFAULT);
}

/* Three repetitions of each benchmark, unless --benchmark_repetitions
 * says otherwise (scripts/run-all runs one at a time, in sweeps over the
 * implementations): 0 then, to leave it to the flag. */
static int repetitions(int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		if (!strncmp(argv[i], "--benchmark_repetitions", strlen("--benchmark_repetitions")))
			return 0;
	return 3;
}

int main(int argc, char **argv)
{
	static const unsigned update_pcts[] = { 0, 1, 10 };
	static struct ht_row rows[sizeof(tables) / sizeof(tables[0])][3];
	int dflt[MAX_SLOTS], n_dflt = 0, n_counts;
	const int *counts;
	int reps = repetitions(argc, argv);
	char name[64];

#if HT_HAS_RCU
	bench_setup(&argc, argv, ht_impl_info.name, ht_impl_info.summary);
	bench_context_apis(&ht_impl_info);
#else
	bench_setup(&argc, argv, "rwlock",
		    "no RCU: one pthread_rwlock_t (glibc's default kind) over the table");
#endif
	/* 1, 2, 4, ... threads: to 8, or to twice the CPUs (oversubscribed),
	 * unless --threads says. */
	for (int threads = 1; threads <= 8 || threads <= 2 * bench_cpus(); threads *= 2)
		if (threads < MAX_SLOTS)
			dflt[n_dflt++] = threads;
	n_counts = bench_thread_counts(dflt, n_dflt, &counts);
	for (int i = 0; i < n_counts; i++)
		if (counts[i] < 1) {
			fprintf(stderr, "hash-bench: --threads: a table needs 1 thread or more, "
				"not %d\n", counts[i]);
			return 2;
		}
	for (size_t t = 0; t < sizeof(tables) / sizeof(tables[0]); t++) {
		for (int u = 0; u < 3; u++) {
			gbench_bm *bm;

			rows[t][u] = (struct ht_row){ &tables[t], update_pcts[u] };
			snprintf(name, sizeof(name), "hash/%s/updates_%upct", tables[t].name,
				 update_pcts[u]);
			/* By the wall clock: lookups_per_s is per second of it,
			 * and slot 0's CPU time grows only by its share of the
			 * CPUs when the threads outnumber them. */
			bm = gbench_real_time(gbench_register(name, bm_hash, &rows[t][u]));
			if (reps)
				gbench_repetitions(bm, reps);
			for (int i = 0; i < n_counts; i++)
				gbench_arg(bm, counts[i]);
		}
	}
	return gbench_main(argc, argv);
}
