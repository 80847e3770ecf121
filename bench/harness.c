/* SPDX-License-Identifier: MIT */
/*
 * bench/harness.c: see harness.h.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "placement.h"

static hwloc_topology_t topo;
static unsigned plan[MAX_SLOTS];
static int plan_cpus;			/* bench_cpus() */
long gp_calls = 1000, kernel_gp_calls = 200;
int gp_repetitions = 1;
/* --threads=LIST; -1: not given. */
static int thread_list[MAX_SLOTS], thread_list_n = -1;

int bench_cpus(void)
{
	return plan_cpus;
}

int bench_thread_counts(const int *dflt, int n, const int **counts)
{
	*counts = thread_list_n >= 0 ? thread_list : dflt;
	return thread_list_n >= 0 ? thread_list_n : n;
}

void bind_slot(int slot)
{
	if (bench_bind_self(topo, plan[slot % MAX_SLOTS]))
		fprintf(stderr, "bench: cannot bind slot %d to PU %u: %s\n", slot,
			plan[slot % MAX_SLOTS], strerror(errno));
}

void bench_read_empty(gbench_state *st)
{
	bind_slot(0);
	gbench_label(st, "alone; the read_pair loop without the markers");
	TIMED_OPS(st, {
		gbench_clobber_memory();
		gbench_clobber_memory();
	});
}

/* ---- The crew ---------------------------------------------------------------- */

struct crew_member {
	pthread_t thread;
	int slot;
	unsigned long work;	/* times work() ran */
};

static struct crew {
	struct crew_member m[MAX_SLOTS];
	const struct crew_job *job;
	int n;
	int started;		/* members running */
	int stop;
	const char *error;	/* a member found itself unable to measure */
} crew;

void crew_fail(const char *error)
{
	crew.error = error;
}

static void *crew_main(void *arg)
{
	struct crew_member *m = arg;
	const struct crew_job *job = crew.job;

	bind_slot(m->slot);
	if (job->begin)
		job->begin();
	__atomic_add_fetch(&crew.started, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&crew.stop, __ATOMIC_RELAXED)) {
		job->work();
		m->work++;
	}
	if (job->end)
		job->end();
	return NULL;
}

void crew_start(const struct crew_job *job, int n, int first)
{
	crew.job = job;
	crew.n = n;
	crew.started = 0;
	crew.stop = 0;
	crew.error = NULL;
	for (int i = 0; i < n; i++) {
		crew.m[i] = (struct crew_member){ .slot = first + i };
		if (pthread_create(&crew.m[i].thread, NULL, crew_main, &crew.m[i])) {
			perror("bench: pthread_create");
			exit(1);
		}
	}
	/* Acquire: pairs with the release in crew_main(). */
	while (__atomic_load_n(&crew.started, __ATOMIC_ACQUIRE) < n)
		sched_yield();
}

unsigned long crew_stop(void)
{
	unsigned long work = 0;

	__atomic_store_n(&crew.stop, 1, __ATOMIC_RELAXED);
	if (crew.n && crew.job->wake)
		crew.job->wake();
	for (int i = 0; i < crew.n; i++) {
		pthread_join(crew.m[i].thread, NULL);
		work += crew.m[i].work;
	}
	crew.n = 0;
	return work;
}

/* ---- Grace-period rows -------------------------------------------------------- */

static char reader_label[96];

void start_readers(gbench_state *st, const struct crew_job *reader, int readers)
{
	crew_start(reader, readers, 1);
	snprintf(reader_label, sizeof(reader_label),
		 "%d reader thread%s running short sections%s", readers,
		 readers == 1 ? "" : "s",
		 readers + 1 > bench_cpus() ? ", oversubscribed past the PUs" : "");
	gbench_label(st, reader_label);
}

void stop_readers(gbench_state *st, double seconds)
{
	const char *error = crew.error;
	unsigned long sections = crew_stop();

	if (error)
		gbench_skip_with_error(st, error);
	gbench_counter(st, "reader_sections_per_s", seconds > 0 ? (double)sections / seconds : 0,
		       GBENCH_COUNTER_DEFAULT);
}

void time_each_call(gbench_state *st, void (*call)(void))
{
	time_each_call_cpu(st, call, "updater_cpu_us");
}

void time_each_call_cpu(gbench_state *st, void (*call)(void), const char *cpu_sample)
{
	while (gbench_keep_running(st)) {
		double c0 = now_s(CLOCK_THREAD_CPUTIME_ID), t0 = now_s(CLOCK_MONOTONIC);

		call();
		double t = now_s(CLOCK_MONOTONIC) - t0;
		double c = now_s(CLOCK_THREAD_CPUTIME_ID) - c0;
		gbench_set_iteration_time(st, t);
		gbench_sample(st, "latency_us", t * 1e6);
		gbench_sample(st, cpu_sample, c * 1e6);
	}
}

#define ENQUEUE_BATCH	100
#define HEAD_POOL	(1 << 16)

static void noop_cb(struct rcu_head *h) { (void)h; }

bool time_enqueue_batches(gbench_state *st, void (*call)(struct rcu_head *, rcu_callback_t),
			  void (*barrier)(void))
{
	struct rcu_head *pool = calloc(HEAD_POOL, sizeof(*pool));
	size_t used = 0;

	if (!pool) {
		gbench_skip_with_error(st, "no memory for the heads");
		return false;
	}
	bind_slot(0);
	while (gbench_keep_running(st)) {
		if (used + ENQUEUE_BATCH > HEAD_POOL) {
			barrier();
			used = 0;
		}
		double t0 = now_s(CLOCK_MONOTONIC);
		for (int i = 0; i < ENQUEUE_BATCH; i++)
			call(&pool[used++], noop_cb);
		double t = now_s(CLOCK_MONOTONIC) - t0;
		gbench_set_iteration_time(st, t);
		gbench_sample(st, "ns_per_call", t * 1e9 / ENQUEUE_BATCH);
	}
	barrier();
	free(pool);
	return true;
}

void register_gp_latency(const char *name, gbench_fn fn, void *arg, long calls)
{
	static const int dflt[] = { 0, 1, 2, 4, 8, 16 };
	const int *readers;
	int n_readers = bench_thread_counts(dflt, sizeof(dflt) / sizeof(dflt[0]), &readers);
	long cpus = bench_cpus();
	gbench_bm *bm = NULL;
	bool quartered = false;

	for (int i = 0; i < n_readers; i++) {
		bool past = readers[i] >= 8 || readers[i] >= 2 * cpus;

		if (i == 0 || past != quartered) {
			long n = past ? (calls + 3) / 4 : calls;

			quartered = past;
			/* Raw samples (--samples-dir) for the latency CDFs, of
			 * every repetition together. */
			bm = gbench_keep_samples(gbench_register(name, fn, arg));
			if (gp_repetitions > 1) {	/* else as --benchmark_repetitions says */
				n = (n + gp_repetitions - 1) / gp_repetitions;
				gbench_repetitions(bm, gp_repetitions);
			}
			gbench_unit(gbench_manual_time(gbench_iterations(bm, n)), GBENCH_US);
		}
		gbench_arg(bm, readers[i]);
	}
}

void register_read_pair_threads(const char *name, gbench_fn fn)
{
	int dflt[MAX_SLOTS], n_dflt = 0, n;
	const int *counts;
	gbench_bm *bm = NULL;

	for (int t = 1; t < bench_cpus(); t *= 2)
		dflt[n_dflt++] = t;
	dflt[n_dflt++] = bench_cpus();
	n = bench_thread_counts(dflt, n_dflt, &counts);
	for (int i = 0; i < n; i++) {
		if (counts[i] < 1 || counts[i] > bench_cpus())
			continue;
		if (!bm)
			bm = gbench_repetitions(gbench_register(name, fn, NULL), 5);
		gbench_arg(bm, counts[i]);
	}
}

/* ---- Set-up ------------------------------------------------------------------- */

/* --threads=LIST into thread_list; false if LIST is not a list of counts. */
static bool parse_thread_list(const char *list)
{
	const char *p = list;

	thread_list_n = 0;
	while (*p) {
		char *end;
		long v = strtol(p, &end, 10);

		if (end == p || v < 0 || v >= MAX_SLOTS || thread_list_n == MAX_SLOTS ||
		    (*end && *end != ','))
			return false;
		thread_list[thread_list_n++] = (int)v;
		p = *end ? end + 1 : end;
	}
	return thread_list_n > 0;
}

static void parse_own_flags(int *argc, char **argv, enum bench_placement *placement,
			    int *cpus)
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
		} else if (strncmp(a, "--gp-repetitions=", 17) == 0) {
			gp_repetitions = atoi(a + 17);
		} else if (strncmp(a, "--cpus=", 7) == 0) {
			*cpus = atoi(a + 7);
			if (*cpus < 1) {
				fprintf(stderr, "bench: %s: say how many CPUs, 1 or more\n", a);
				exit(2);
			}
		} else if (strncmp(a, "--threads=", 10) == 0) {
			if (!parse_thread_list(a + 10)) {
				fprintf(stderr, "bench: %s: say thread counts from 0 to %d, "
					"comma-separated (--threads=1,2,4)\n", a, MAX_SLOTS - 1);
				exit(2);
			}
		} else {
			argv[out++] = argv[i];
			continue;
		}
		if (gp_calls < 1 || kernel_gp_calls < 0 || gp_repetitions < 1) {
			fprintf(stderr, "bench: %s: the count must be a positive number\n", a);
			exit(2);
		}
	}
	*argc = out;
	argv[out] = NULL;
}

void bench_setup(int *argc, char **argv, const char *impl, const char *summary)
{
	enum bench_placement placement = BENCH_PLACE_COMPACT;
	char buf[MAX_SLOTS * 8], *p = buf;
	int cpus = 0, npu;

	parse_own_flags(argc, argv, &placement, &cpus);
	if (hwloc_topology_init(&topo) || hwloc_topology_load(topo) ||
	    (npu = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU)) <= 0) {
		fprintf(stderr, "bench: hwloc cannot read this machine's topology\n");
		exit(1);
	}
	if (cpus > npu) {
		fprintf(stderr, "bench: --cpus=%d: this process may run on %d PU%s; "
			"say at most that\n", cpus, npu, npu == 1 ? "" : "s");
		exit(2);
	}
	plan_cpus = cpus ? cpus : npu;
	if (bench_plan(topo, placement, cpus, MAX_SLOTS, plan)) {
		fprintf(stderr, "bench: hwloc cannot read this machine's topology\n");
		exit(1);
	}
	gbench_context("rcutable_impl", impl);
	gbench_context("rcutable_impl_summary", summary);
	gbench_context("placement", bench_placement_name(placement));
	bench_topology_summary(topo, buf, sizeof(buf));
	gbench_context("topology", buf);
	/* The plan's PUs in order, once each (slots past them wrap). */
	for (int i = 0; i < plan_cpus; i++)
		p += snprintf(p, (size_t)(buf + sizeof(buf) - p), "%s%u", i ? " " : "", plan[i]);
	/* Slot 0 measures; slots 1.. are its readers or updater, in order; the
	 * threads of concurrent_updaters take slots 0.. by thread index. */
	gbench_context("pu_of_slot", buf);
	snprintf(buf, sizeof(buf), "%ld", gp_calls);
	gbench_context("gp_calls", buf);
	snprintf(buf, sizeof(buf), "%d", gp_repetitions);
	gbench_context("gp_repetitions", buf);
	snprintf(buf, sizeof(buf), "%d", plan_cpus);
	gbench_context("cpus", buf);
}

void bench_context_apis(const struct rcutable_impl *impl)
{
	char buf[256];

	gbench_context("rcutable_native", rcutable_api_list(impl->native, buf, sizeof(buf)));
	gbench_context("rcutable_emulated", rcutable_api_list(impl->emulated, buf, sizeof(buf)));
}
