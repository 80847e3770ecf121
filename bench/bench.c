/* SPDX-License-Identifier: MIT */
/*
 * bench/bench.c: one benchmark per property row of the 2019 RCU table,
 * compiled once per implementation (build/<impl>/bench).  Google
 * Benchmark's flags pass through; rcutable's own come first:
 *
 *   --placement=compact|scatter   where threads run (bench/placement.h)
 *   --gp-calls=N                  grace periods per latency benchmark (1000)
 *   --kernel-gp-calls=N           kernel grace periods measured (200; 0: none)
 *   --samples-dir=DIR             also write grace periods' raw samples there
 *
 * Thread slot 0 is the measuring thread; slots 1.. are the threads that
 * run beside it (readers, an updater), each bound to the PU its slot's
 * plan gives.  Every benchmark's label says what runs concurrently.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/membarrier.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <rcutable/rcupdate.h>

#include "gbench.h"
#include "placement.h"

#define MAX_SLOTS	32
#define OPS_PER_ITER	1000	/* read-side and polled loops: ops per iteration */

static hwloc_topology_t topo;
static unsigned plan[MAX_SLOTS];
static long gp_calls = 1000, kernel_gp_calls = 200;

static void bind_slot(int slot)
{
	if (bench_bind_self(topo, plan[slot % MAX_SLOTS]))
		fprintf(stderr, "bench: cannot bind slot %d to PU %u: %s\n", slot,
			plan[slot % MAX_SLOTS], strerror(errno));
}

static double now_s(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/*
 * Loops of OPS_PER_ITER operations report ns_per_op, timed around the whole
 * keep-running loop (Google Benchmark's own loop costs a call per
 * iteration, spread over OPS_PER_ITER operations).
 */
#define TIMED_OPS_THEN(st, body, after_iter)				\
	do {								\
		double ops_ = 0, t0_ = now_s(CLOCK_MONOTONIC);		\
		while (gbench_keep_running(st)) {			\
			for (int i_ = 0; i_ < OPS_PER_ITER; i_++) {	\
				body;					\
			}						\
			after_iter;					\
			ops_ += OPS_PER_ITER;				\
		}							\
		gbench_counter(st, "ns_per_op",				\
			       (now_s(CLOCK_MONOTONIC) - t0_) * 1e9 / ops_,	\
			       GBENCH_COUNTER_DEFAULT);			\
	} while (0)
#define TIMED_OPS(st, body)	TIMED_OPS_THEN(st, body, (void)0)

/* ---- Threads beside the measuring one ------------------------------------ */

struct shared_obj { long a, b; };
static struct shared_obj shared_obj_storage = { 1, 2 };
static struct shared_obj *shared_ptr = &shared_obj_storage;

enum crew_job { CREW_READER, CREW_UPDATER };

struct crew_member {
	pthread_t thread;
	int slot;
	enum crew_job job;
	unsigned long work;	/* sections or grace periods done */
};

static struct crew {
	struct crew_member m[MAX_SLOTS];
	int n;
	int started;		/* members registered and running */
	int stop;
	const char *error;	/* a member found itself unable to measure */
} crew;

/* A short read-side section: a dereference and two loads, then some
 * work outside any section (about 50 times as long), as readers that do
 * something with what they read.  QSBR readers report a quiescent state
 * after each section (elsewhere rcu_quiescent_state() does nothing). */
static void reader_section(void)
{
	struct shared_obj *p;

	rcu_read_lock();
	p = rcu_dereference(shared_ptr);
	gbench_do_not_optimize(p->a + p->b);
	rcu_read_unlock();
	rcu_quiescent_state();
	for (volatile int i = 0; i < 64; i++)
		;
}

static void *crew_main(void *arg)
{
	struct crew_member *m = arg;

	bind_slot(m->slot);
	rcu_register_thread();
	if (m->job == CREW_READER) {
		/* A reader the implementation cannot see measures nothing. */
		rcu_read_lock();
		if (!rcu_read_lock_held())
			crew.error = "a reader thread's section is not seen (rcu_read_lock_held)";
		rcu_read_unlock();
	}
	__atomic_add_fetch(&crew.started, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&crew.stop, __ATOMIC_RELAXED)) {
		if (m->job == CREW_READER)
			reader_section();
		else
			synchronize_rcu();
		m->work++;
	}
	rcu_unregister_thread();
	return NULL;
}

/* Start n members in slots first..first+n-1; return once all run. */
static void crew_start(enum crew_job job, int n, int first)
{
	crew.n = n;
	crew.started = 0;
	crew.stop = 0;
	crew.error = NULL;
	for (int i = 0; i < n; i++) {
		crew.m[i] = (struct crew_member){ .slot = first + i, .job = job };
		if (pthread_create(&crew.m[i].thread, NULL, crew_main, &crew.m[i])) {
			perror("bench: pthread_create");
			exit(1);
		}
	}
	/* Acquire: pairs with the release in crew_main(). */
	while (__atomic_load_n(&crew.started, __ATOMIC_ACQUIRE) < n)
		sched_yield();
}

/* Stop the crew; return the work its members did.  A QSBR caller goes
 * offline while it waits (an updater in the crew may need it to). */
static unsigned long crew_stop(void)
{
	bool online = rcutable_impl_info.readers_report_qs && rcu_is_watching();
	unsigned long work = 0;

	if (online)
		rcu_thread_offline();
	__atomic_store_n(&crew.stop, 1, __ATOMIC_RELAXED);
	for (int i = 0; i < crew.n; i++) {
		pthread_join(crew.m[i].thread, NULL);
		work += crew.m[i].work;
	}
	crew.n = 0;
	if (online)
		rcu_thread_online();
	return work;
}

/* ---- Read-side overhead ---------------------------------------------------- */

/* The loop of the read-side rows without the markers: the floor. */
static void bm_read_empty(gbench_state *st)
{
	bind_slot(0);
	gbench_label(st, "alone; the read_pair loop without the markers");
	TIMED_OPS(st, {
		gbench_clobber_memory();
		gbench_clobber_memory();
	});
}

static void bm_read_pair(gbench_state *st)
{
	bind_slot(0);
	rcu_register_thread();
	gbench_label(st, "alone");
	TIMED_OPS(st, {
		rcu_read_lock();
		gbench_clobber_memory();	/* the section: kept */
		rcu_read_unlock();
	});
	rcu_unregister_thread();
}

static void bm_read_nested3(gbench_state *st)
{
	bind_slot(0);
	rcu_register_thread();
	gbench_label(st, "alone; per outermost section");
	TIMED_OPS(st, {
		rcu_read_lock();
		rcu_read_lock();
		rcu_read_lock();
		gbench_clobber_memory();
		rcu_read_unlock();
		rcu_read_unlock();
		rcu_read_unlock();
	});
	rcu_unregister_thread();
}

static void bm_read_pair_under_updater(gbench_state *st)
{
	bind_slot(0);
	rcu_register_thread();
	crew_start(CREW_UPDATER, 1, 1);
	gbench_label(st, rcutable_impl_info.readers_report_qs ?
		     "one thread runs synchronize_rcu() in a loop; a quiescent "
		     "state reported every 1000 sections" :
		     "one thread runs synchronize_rcu() in a loop");
	TIMED_OPS_THEN(st, {
		rcu_read_lock();
		gbench_clobber_memory();
		rcu_read_unlock();
	}, rcu_quiescent_state());
	gbench_counter(st, "updater_gps", (double)crew_stop(), GBENCH_COUNTER_DEFAULT);
	rcu_unregister_thread();
}

/* QSBR: the cost of reporting a quiescent state, with nothing to report
 * (alone: no grace period waits) or beside an updater (each grace period
 * makes the next report store and fence). */
static void bm_quiescent_state(gbench_state *st)
{
	bool updater = gbench_user_arg(st) != NULL;

	bind_slot(0);
	rcu_register_thread();
	if (updater)
		crew_start(CREW_UPDATER, 1, 1);
	gbench_label(st, updater ? "one thread runs synchronize_rcu() in a loop" : "alone");
	TIMED_OPS(st, {
		rcu_quiescent_state();
		gbench_clobber_memory();
	});
	if (updater)
		gbench_counter(st, "updater_gps", (double)crew_stop(), GBENCH_COUNTER_DEFAULT);
	rcu_unregister_thread();
}

static void bm_rcu_dereference(gbench_state *st)
{
	bind_slot(0);
	rcu_register_thread();
	gbench_label(st, "alone, inside one read-side section");
	rcu_read_lock();
	TIMED_OPS(st, {
		struct shared_obj *p = rcu_dereference(shared_ptr);

		gbench_do_not_optimize(p);
	});
	rcu_read_unlock();
	rcu_unregister_thread();
}

#if defined(__x86_64__)
/* The two full fences of x86-64, alone: rcutable_smp_mb() (a locked add)
 * and mfence. */
static void bm_fence_mfence(gbench_state *st)
{
	bind_slot(0);
	gbench_label(st, "alone");
	TIMED_OPS(st, __asm__ __volatile__("mfence" ::: "memory"));
}

static void bm_fence_lock_add(gbench_state *st)
{
	bind_slot(0);
	gbench_label(st, "alone");
	TIMED_OPS(st, rcutable_smp_mb());
}
#endif

/* ---- Asynchronous update-side overhead ------------------------------------- */

#define ENQUEUE_BATCH	100
#define HEAD_POOL	(1 << 16)

static void noop_cb(struct rcu_head *h) { (void)h; }

/* Time per call_rcu() from batches of ENQUEUE_BATCH calls; the pool of
 * heads is recycled through rcu_barrier(), outside the timed batches. */
static void bm_call_rcu_enqueue(gbench_state *st)
{
	struct rcu_head *pool = calloc(HEAD_POOL, sizeof(*pool));
	size_t used = 0;

	bind_slot(0);
	rcu_register_thread();
	gbench_label(st, "alone; the implementation's callback thread runs beside it");
	while (gbench_keep_running(st)) {
		if (used + ENQUEUE_BATCH > HEAD_POOL) {
			rcu_barrier();
			used = 0;
		}
		double t0 = now_s(CLOCK_MONOTONIC);
		for (int i = 0; i < ENQUEUE_BATCH; i++)
			call_rcu(&pool[used++], noop_cb);
		double t = now_s(CLOCK_MONOTONIC) - t0;
		gbench_set_iteration_time(st, t);
		gbench_sample(st, "ns_per_call", t * 1e9 / ENQUEUE_BATCH);
	}
	rcu_barrier();
	rcu_unregister_thread();
	free(pool);
}

/* Callbacks invoked per second with at most THROUGHPUT_WINDOW queued. */
#define THROUGHPUT_WINDOW	16384
#define THROUGHPUT_BATCH	1024

struct tp_node {
	struct rcu_head head;
	int busy;
};

static unsigned long tp_invoked;

static void tp_cb(struct rcu_head *h)
{
	struct tp_node *n = (struct tp_node *)h;

	__atomic_add_fetch(&tp_invoked, 1, __ATOMIC_RELAXED);
	/* Release: the callback is done with the node before it is reused;
	 * pairs with the acquire in bm_callback_throughput(). */
	__atomic_store_n(&n->busy, 0, __ATOMIC_RELEASE);
}

static void bm_callback_throughput(gbench_state *st)
{
	struct tp_node *ring = calloc(THROUGHPUT_WINDOW, sizeof(*ring));
	unsigned long next = 0, before;
	double t0;

	bind_slot(0);
	rcu_register_thread();
	gbench_label(st, "one thread queues, at most 16384 callbacks outstanding");
	before = __atomic_load_n(&tp_invoked, __ATOMIC_RELAXED);
	t0 = now_s(CLOCK_MONOTONIC);
	while (gbench_keep_running(st)) {
		for (int i = 0; i < THROUGHPUT_BATCH; i++, next++) {
			struct tp_node *n = &ring[next % THROUGHPUT_WINDOW];

			while (__atomic_load_n(&n->busy, __ATOMIC_ACQUIRE)) {
				rcu_quiescent_state();	/* QSBR */
				sched_yield();
			}
			n->busy = 1;
			call_rcu(&n->head, tp_cb);
		}
		rcu_quiescent_state();
	}
	rcu_barrier();
	double t = now_s(CLOCK_MONOTONIC) - t0;
	unsigned long done = __atomic_load_n(&tp_invoked, __ATOMIC_RELAXED) - before;
	gbench_counter(st, "callbacks_per_s", (double)done / t, GBENCH_COUNTER_DEFAULT);
	gbench_counter(st, "queued_bytes_max",
		       (double)(THROUGHPUT_WINDOW * sizeof(struct tp_node)),
		       GBENCH_COUNTER_DEFAULT);
	rcu_unregister_thread();
	free(ring);
}

/* ---- Grace-period latency ------------------------------------------------ */

static char reader_label[96];

static void start_readers(gbench_state *st, int readers)
{
	crew_start(CREW_READER, readers, 1);
	snprintf(reader_label, sizeof(reader_label),
		 "%d reader thread%s running short sections%s", readers,
		 readers == 1 ? "" : "s", readers > 1 ? ", oversubscribed past the PUs" : "");
	gbench_label(st, reader_label);
}

static void stop_readers(gbench_state *st, double seconds)
{
	const char *error = crew.error;
	unsigned long sections = crew_stop();

	if (error)
		gbench_skip_with_error(st, error);
	gbench_counter(st, "reader_sections_per_s", seconds > 0 ? (double)sections / seconds : 0,
		       GBENCH_COUNTER_DEFAULT);
}

/* call() once per iteration, timed: its wall time is the iteration's, and
 * each call's wall and CPU time are sampled. */
static void time_each_call(gbench_state *st, void (*call)(void))
{
	while (gbench_keep_running(st)) {
		double c0 = now_s(CLOCK_THREAD_CPUTIME_ID), t0 = now_s(CLOCK_MONOTONIC);

		call();
		double t = now_s(CLOCK_MONOTONIC) - t0;
		double c = now_s(CLOCK_THREAD_CPUTIME_ID) - c0;
		gbench_set_iteration_time(st, t);
		gbench_sample(st, "latency_us", t * 1e6);
		gbench_sample(st, "updater_cpu_us", c * 1e6);
	}
}

/* A grace period (or its membarrier floor) per iteration, beside readers. */
static void bm_gp_latency(gbench_state *st)
{
	void (*gp)(void) = (void (*)(void))gbench_user_arg(st);
	int readers = (int)gbench_range(st, 0);
	double t_start;

	bind_slot(0);
	rcu_register_thread();
	start_readers(st, readers);
	t_start = now_s(CLOCK_MONOTONIC);
	time_each_call(st, gp);
	stop_readers(st, now_s(CLOCK_MONOTONIC) - t_start);
	gbench_counter(st, "readers", readers, GBENCH_COUNTER_DEFAULT);
	rcu_unregister_thread();
}

/* The floor of a membarrier grace period: one PRIVATE_EXPEDITED call. */
static void membarrier_private_expedited(void)
{
	syscall(__NR_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0);
}

/* The host kernel's own grace period: MEMBARRIER_CMD_GLOBAL waits for one. */
static void membarrier_global(void)
{
	syscall(__NR_membarrier, MEMBARRIER_CMD_GLOBAL, 0, 0);
}

static void bm_kernel_gp(gbench_state *st)
{
	long cmds = syscall(__NR_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);

	bind_slot(0);
	gbench_label(st, "alone; membarrier(MEMBARRIER_CMD_GLOBAL) is the kernel's synchronize_rcu()");
	if (cmds < 0 || !(cmds & MEMBARRIER_CMD_GLOBAL)) {
		gbench_skip_with_error(st, "this kernel has no MEMBARRIER_CMD_GLOBAL");
		return;
	}
	time_each_call(st, membarrier_global);
}

/* ---- Concurrent updaters: batching ---------------------------------------- */

static unsigned long updaters_gp_start;

static void bm_concurrent_updaters(gbench_state *st)
{
	unsigned long (*gps)(void) = rcutable_impl_info.gp_completed;
	double calls = 0;
	bool first = true;

	bind_slot(gbench_thread_index(st));
	rcu_register_thread();
	/* QSBR: updaters do not read; online, a thread waiting for the others
	 * at the benchmark's end barrier would hold their grace periods. */
	rcu_thread_offline();
	/* One reader in the slot after the updaters', so that grace periods
	 * last long enough for callers to share them. */
	if (gbench_thread_index(st) == 0)
		crew_start(CREW_READER, 1, gbench_thread_count(st));
	gbench_label(st, "each thread calls synchronize_rcu() in a loop; "
		     "1 reader thread running short sections");
	while (gbench_keep_running(st)) {
		/* Inside the loop: all threads have passed the start barrier. */
		if (first && gbench_thread_index(st) == 0 && gps)
			updaters_gp_start = gps();
		first = false;
		synchronize_rcu();
		calls++;
	}
	gbench_counter(st, "calls", calls, GBENCH_COUNTER_DEFAULT);
	gbench_counter(st, "calls_per_s", calls, GBENCH_COUNTER_RATE);
	/* Thread 0 alone reports the grace periods; counters sum over threads. */
	if (gbench_thread_index(st) == 0) {
		if (gps)
			gbench_counter(st, "grace_periods",
				       (double)(gps() - updaters_gp_start),
				       GBENCH_COUNTER_DEFAULT);
		crew_stop();
	}
	rcu_unregister_thread();
}

/* ---- Polled grace periods ---------------------------------------------------- */

static void bm_get_state(gbench_state *st)
{
	bind_slot(0);
	rcu_register_thread();
	gbench_label(st, "alone");
	TIMED_OPS(st, {
		unsigned long c = get_state_synchronize_rcu();

		gbench_do_not_optimize(c);
	});
	rcu_unregister_thread();
}

static void bm_cond_synchronize_elapsed(gbench_state *st)
{
	unsigned long cookie;

	bind_slot(0);
	rcu_register_thread();
	gbench_label(st, "alone; the cookie's grace period has already elapsed");
	cookie = get_state_synchronize_rcu();
	synchronize_rcu();
	TIMED_OPS(st, {
		cond_synchronize_rcu(cookie);
		gbench_clobber_memory();
	});
	rcu_unregister_thread();
}

/* ---- Set-up ----------------------------------------------------------------- */

/*
 * Grace-period rows at 0, 1, 2 and 4 readers with calls calls each, and at
 * 8 and 16 readers (well past the PUs, where each grace period waits for
 * the scheduler to run every reader) with a quarter as many: the samples
 * each row kept are in its latency_us_n.
 */
static void register_gp_latency(const char *name, void (*gp)(void), long calls)
{
	static const int readers[] = { 0, 1, 2, 4, 8, 16 };
	gbench_bm *bm = NULL;

	for (size_t i = 0; i < sizeof(readers) / sizeof(readers[0]); i++) {
		if (i == 0 || readers[i] == 8) {
			long n = readers[i] == 8 ? (calls + 3) / 4 : calls;

			/* Raw samples (--samples-dir) for the latency CDFs. */
			bm = gbench_keep_samples(gbench_register(name, bm_gp_latency, (void *)gp));
			gbench_unit(gbench_manual_time(gbench_iterations(bm, n)), GBENCH_US);
		}
		gbench_arg(bm, readers[i]);
	}
}

static void register_all(void)
{
	gbench_repetitions(gbench_register("read_empty", bm_read_empty, NULL), 5);
	gbench_repetitions(gbench_register("read_pair", bm_read_pair, NULL), 5);
	gbench_repetitions(gbench_register("read_nested3", bm_read_nested3, NULL), 5);
	gbench_repetitions(gbench_register("read_pair_under_updater",
					   bm_read_pair_under_updater, NULL), 5);
	gbench_repetitions(gbench_register("rcu_dereference", bm_rcu_dereference, NULL), 5);
	if (rcutable_impl_info.readers_report_qs) {
		gbench_repetitions(gbench_register("quiescent_state",
						   bm_quiescent_state, NULL), 5);
		gbench_repetitions(gbench_register("quiescent_state_under_updater",
						   bm_quiescent_state, (void *)1), 5);
	}
#if defined(__x86_64__)
	gbench_repetitions(gbench_register("fence/mfence", bm_fence_mfence, NULL), 5);
	gbench_repetitions(gbench_register("fence/lock_add", bm_fence_lock_add, NULL), 5);
#endif
	gbench_manual_time(gbench_register("call_rcu_enqueue", bm_call_rcu_enqueue, NULL));
	gbench_register("callback_throughput", bm_callback_throughput, NULL);
	register_gp_latency("gp_latency/normal", synchronize_rcu, gp_calls);
	/* An emulated expedited grace period is the normal one: not measured
	 * twice (RESULTS.md says so). */
	if (!(rcutable_impl_info.emulated & RCUTABLE_API_EXPEDITED))
		register_gp_latency("gp_latency/expedited", synchronize_rcu_expedited, gp_calls);
	/* Registered now, while this process has one thread (fast). */
	if (syscall(__NR_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0)
		register_gp_latency("membarrier_floor", membarrier_private_expedited, gp_calls);
	else
		fprintf(stderr, "bench: no membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) here: "
			"no membarrier_floor rows\n");
	gbench_bm *cu = gbench_register("concurrent_updaters", bm_concurrent_updaters, NULL);
	for (int t = 1; t <= 8; t *= 2)
		gbench_threads(cu, t);
	gbench_register("polled/get_state", bm_get_state, NULL);
	gbench_register("polled/cond_synchronize_elapsed", bm_cond_synchronize_elapsed, NULL);
	if (kernel_gp_calls)
		gbench_unit(gbench_manual_time(gbench_iterations(
			gbench_register("kernel_gp", bm_kernel_gp, NULL), kernel_gp_calls)),
			GBENCH_US);
}

/* Take rcutable's own flags out of argv; the rest go to Google Benchmark. */
static void parse_own_flags(int *argc, char **argv, enum bench_placement *placement)
{
	int out = 1;

	for (int i = 1; i < *argc; i++) {
		const char *a = argv[i];

		if (strncmp(a, "--placement=", 12) == 0) {
			if (bench_placement_parse(a + 12, placement)) {
				fprintf(stderr, "bench: --placement must be compact or scatter, not '%s'\n",
					a + 12);
				exit(2);
			}
		} else if (strncmp(a, "--gp-calls=", 11) == 0) {
			gp_calls = atol(a + 11);
		} else if (strncmp(a, "--samples-dir=", 14) == 0) {
			gbench_write_samples(a + 14);
		} else if (strncmp(a, "--kernel-gp-calls=", 18) == 0) {
			kernel_gp_calls = atol(a + 18);
		} else {
			argv[out++] = argv[i];
			continue;
		}
		if (gp_calls < 1 || kernel_gp_calls < 0) {
			fprintf(stderr, "bench: %s: the count must be a positive number\n", a);
			exit(2);
		}
	}
	*argc = out;
	argv[out] = NULL;
}

/* The conformance groups whose features the implementation emulates. */
static void emulated_groups(char *buf, size_t len)
{
	static const struct { unsigned bit; const char *group; } map[] = {
		{ RCUTABLE_API_EXPEDITED, "expedited" },
		{ RCUTABLE_API_POLLED, "polled" },
		{ RCUTABLE_API_KFREE, "free_memory" },
		{ RCUTABLE_API_CONSOLIDATED, "consolidation" },
		{ RCUTABLE_API_EXIT_DRAIN | RCUTABLE_API_FORK, "lifecycle" },
	};
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (rcutable_impl_info.emulated & map[i].bit)
			used += (size_t)snprintf(buf + used, len - used, "%s%s",
						 used ? " " : "", map[i].group);
}

static void write_context(enum bench_placement placement)
{
	char buf[MAX_SLOTS * 8], *p = buf;

	gbench_context("rcutable_impl", rcutable_impl_info.name);
	gbench_context("rcutable_impl_summary", rcutable_impl_info.summary);
	emulated_groups(buf, sizeof(buf));
	gbench_context("rcutable_emulated_groups", buf);
	gbench_context("placement", bench_placement_name(placement));
	bench_topology_summary(topo, buf, sizeof(buf));
	gbench_context("topology", buf);
	for (int i = 0; i < MAX_SLOTS; i++)
		p += snprintf(p, (size_t)(buf + sizeof(buf) - p), "%s%u", i ? " " : "", plan[i]);
	/* Slot 0 measures; slots 1.. are its readers or updater, in order; the
	 * threads of concurrent_updaters take slots 0.. by thread index. */
	gbench_context("pu_of_slot", buf);
	snprintf(buf, sizeof(buf), "%ld", gp_calls);
	gbench_context("gp_calls", buf);
}

int main(int argc, char **argv)
{
	enum bench_placement placement = BENCH_PLACE_COMPACT;

	parse_own_flags(&argc, argv, &placement);
	if (hwloc_topology_init(&topo) || hwloc_topology_load(topo) ||
	    bench_plan(topo, placement, MAX_SLOTS, plan)) {
		fprintf(stderr, "bench: hwloc cannot read this machine's topology\n");
		return 1;
	}
	write_context(placement);
	register_all();
	return gbench_main(argc, argv);
}
