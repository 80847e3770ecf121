/* SPDX-License-Identifier: MIT */
/*
 * conformance/stress/flood.c: forward progress of an RCU implementation's
 * callbacks under a call_rcu() flood, then under an rcu_barrier() storm.
 *
 *   flood [--callbacks=N] [--storm-ms=MS] [--starve-workers] [--json=FILE]
 *
 * The flood: two threads queue N callbacks between them (default 10
 * million), each freeing a small object, as fast as call_rcu() takes them,
 * while
 *   - a reader thread runs short read-side sections back to back (for QSBR
 *     it reports a quiescent state after each), never pausing,
 *   - a thread runs synchronize_rcu() in a loop, counting those that end,
 *   - a thread runs rcu_barrier() in a loop, counting those that return.
 * Then one rcu_barrier() drains the backlog.
 *
 * The storm (default 1000 ms): two threads run rcu_barrier() back to back
 * and a third queues a callback between each two of its own barriers,
 * while the reader and the synchronize_rcu() loop go on.
 *
 * Success: every callback ran (none outstanding after the drain); in the
 * flood and in the storm, synchronize_rcu() kept completing grace periods,
 * at least 100 a second, and every rcu_barrier() returned (at least one in
 * each); and the backlog stayed bounded: where the implementation bounds
 * it (RCUTABLE_API_BACKLOG, rcutable/backlog.h), at most 20 times the bound
 * was ever outstanding at once, elsewhere at most 90% of the callbacks
 * (reclaimed while the flood ran, instead of holding everything until it
 * stopped).  How much each held is the figure RESULTS.md compares.  Prints
 * the figures (peak outstanding, peak RSS, flood and drain times, grace
 * periods and barriers done, the longest barrier) and SUCCESS or FAILURE;
 * --json writes them for RESULTS.md.  A watchdog ends a run that stops
 * making progress.
 *
 * --starve-workers: rcutable's callback workers (threads named
 * rcutable-cb) go to nice 19 as they start (within 5 ms), so that the program's
 * other threads, more than the CPUs, starve them: the bound must hold all
 * the same (back-pressure waits for a starved worker).  The flooders then
 * queue offline where threads report quiescent states: an online QSBR
 * caller holds grace periods back and does not wait while the worker waits
 * for one (rcutable/backlog.h), so a starved worker does not bound it.
 *
 * Compiled with -DFLOOD_SRCU (build/<srcu impl>/flood), the same on one
 * SRCU domain: call_srcu(), srcu_barrier(), synchronize_srcu(), and an
 * srcu_read_lock() reader.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#include "testing.h"

#ifdef FLOOD_SRCU
#include <rcutable/srcu.h>

DEFINE_STATIC_SRCU(flood_srcu);
#define FLOOD_INFO		rcutable_srcu_impl_info
#define flood_call(h, f)	call_srcu(&flood_srcu, (h), (f))
#define flood_barrier()		srcu_barrier(&flood_srcu)
#define flood_synchronize()	synchronize_srcu(&flood_srcu)
#define flood_read_lock()	srcu_read_lock(&flood_srcu)
#define flood_read_unlock(i)	srcu_read_unlock(&flood_srcu, (i))
#define flood_dereference(p)	srcu_dereference((p), &flood_srcu)
/* SRCU readers neither register nor report quiescent states. */
#define rcu_register_thread()	do { } while (0)
#define rcu_unregister_thread()	do { } while (0)
#define rcu_thread_offline()	do { } while (0)
#define rcu_quiescent_state()	do { } while (0)
#else
#include <rcutable/rcupdate.h>

#define FLOOD_INFO		rcutable_impl_info
#define flood_call(h, f)	call_rcu((h), (f))
#define flood_barrier()		rcu_barrier()
#define flood_synchronize()	synchronize_rcu()
#define flood_read_lock()	(rcu_read_lock(), 0)
#define flood_read_unlock(i)	((void)(i), rcu_read_unlock())
#define flood_dereference(p)	rcu_dereference(p)
#endif

#define FLOODERS 2

struct flood_obj {
	struct rcu_head rh;
	unsigned long payload[2];
};

static unsigned long per_flooder;
static bool starve;		/* --starve-workers */
static long outstanding, peak_outstanding;
/* The phase: flooding, draining, storming, stopping. */
enum { FLOOD, DRAIN, STORM, STOP };
static int phase;
static unsigned long gps_during[STOP], barriers_during[STOP];
static uint64_t longest_barrier_ns[STOP];

static int get(const int *f) { return __atomic_load_n(f, __ATOMIC_ACQUIRE); }

static void note_max(uint64_t *max, uint64_t v)
{
	uint64_t m = __atomic_load_n(max, __ATOMIC_RELAXED);

	while (v > m && !__atomic_compare_exchange_n(max, &m, v, true, __ATOMIC_RELAXED,
						     __ATOMIC_RELAXED))
		;
}

static void free_obj(struct rcu_head *head)
{
	free(head);	/* rh is the object's first member */
	__atomic_sub_fetch(&outstanding, 1, __ATOMIC_RELAXED);
}

static void note_peak(void)
{
	long now = __atomic_load_n(&outstanding, __ATOMIC_RELAXED);
	long peak = __atomic_load_n(&peak_outstanding, __ATOMIC_RELAXED);

	while (now > peak &&
	       !__atomic_compare_exchange_n(&peak_outstanding, &peak, now, true,
					    __ATOMIC_RELAXED, __ATOMIC_RELAXED))
		;
}

static void *flooder(void *arg)
{
	(void)arg;
	rcu_register_thread();
	if (starve)
		rcu_thread_offline();
	for (unsigned long i = 0; i < per_flooder; i++) {
		struct flood_obj *o = malloc(sizeof(*o));

		if (!o) {
			fprintf(stderr, "flood: out of memory after %lu callbacks\n", i);
			exit(1);
		}
		__atomic_add_fetch(&outstanding, 1, __ATOMIC_RELAXED);
		flood_call(&o->rh, free_obj);
		if (i % 4096 == 0) {
			note_peak();
			rcu_quiescent_state();
		}
	}
	note_peak();
	rcu_unregister_thread();
	return NULL;
}

/* Sections back to back; for QSBR a quiescent state after each. */
static void *constant_reader(void *arg)
{
	static struct flood_obj target;
	struct flood_obj __rcu *p = &target;
	unsigned long sum = 0;

	(void)arg;
	rcu_register_thread();
	while (get(&phase) != STOP) {
		int idx = flood_read_lock();

		sum += flood_dereference(p)->payload[0];
		flood_read_unlock(idx);
		rcu_quiescent_state();
	}
	rcu_unregister_thread();
	return (void *)(uintptr_t)sum;
}

static void *gp_loop(void *arg)
{
	(void)arg;
	rcu_register_thread();
	for (int p; (p = get(&phase)) != STOP;) {
		flood_synchronize();
		if (get(&phase) == p)	/* counted in the phase it began in */
			__atomic_add_fetch(&gps_during[p], 1, __ATOMIC_RELAXED);
	}
	rcu_unregister_thread();
	return NULL;
}

/* rcu_barrier() back to back while the phase is p, timing each; with
 * queue set, a callback queued before each. */
struct barrier_loop { int phase; bool queue; };

static void *barrier_loop(void *arg)
{
	const struct barrier_loop *b = arg;

	rcu_register_thread();
	while (get(&phase) == b->phase) {
		uint64_t t0;

		if (b->queue) {
			struct flood_obj *o = malloc(sizeof(*o));

			if (!o)
				abort();
			__atomic_add_fetch(&outstanding, 1, __ATOMIC_RELAXED);
			flood_call(&o->rh, free_obj);
		}
		t0 = now_ns(CLOCK_MONOTONIC);
		flood_barrier();
		if (get(&phase) != b->phase)
			break;
		note_max(&longest_barrier_ns[b->phase], now_ns(CLOCK_MONOTONIC) - t0);
		__atomic_add_fetch(&barriers_during[b->phase], 1, __ATOMIC_RELAXED);
		rcu_quiescent_state();
	}
	rcu_unregister_thread();
	return NULL;
}

/* --starve-workers: every 5 ms until the storm ends, each callback worker
 * not yet seen goes to nice 19 (a thread's nice value is its own). */
static void renice_workers(void)
{
	static int seen[64], nseen;
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;

	while (d && (e = readdir(d))) {
		char path[300], comm[32] = "";
		int tid = atoi(e->d_name), i;
		FILE *f;

		for (i = 0; i < nseen && seen[i] != tid; i++)
			;
		if (!tid || i < nseen)
			continue;
		snprintf(path, sizeof(path), "/proc/self/task/%d/comm", tid);
		if (!(f = fopen(path, "re")))
			continue;
		if (fgets(comm, sizeof(comm), f) && !strcmp(comm, "rcutable-cb\n") &&
		    !setpriority(PRIO_PROCESS, (id_t)tid, 19) && nseen < 64)
			seen[nseen++] = tid;
		fclose(f);
	}
	if (d)
		closedir(d);
}

static void *starver(void *arg)
{
	(void)arg;
	while (get(&phase) != STOP) {
		renice_workers();
		usleep(5000);
	}
	return NULL;
}

static const char *arg_value(int argc, char **argv, const char *name)
{
	size_t n = strlen(name);

	for (int i = 1; i < argc; i++)
		if (!strncmp(argv[i], name, n) && argv[i][n] == '=')
			return argv[i] + n + 1;
	return NULL;
}

static void set_phase(int p)
{
	__atomic_store_n(&phase, p, __ATOMIC_RELEASE);
}

int main(int argc, char **argv)
{
	const char *v = arg_value(argc, argv, "--callbacks"), *json = arg_value(argc, argv, "--json");
	const char *sv = arg_value(argc, argv, "--storm-ms");
	unsigned long total = v ? strtoul(v, NULL, 10) : 10000000ul;
	unsigned long storm_ms = sv ? strtoul(sv, NULL, 10) : 1000;
	static const struct barrier_loop flood_barriers = { FLOOD, false },
		storm_barriers = { STORM, false }, storm_queuer = { STORM, true };
	pthread_t flooders[FLOODERS], reader, gps, barriers, storm[3], renicer;
	bool bounded = (FLOOD_INFO.native | FLOOD_INFO.emulated) &
		       RCUTABLE_API_BACKLOG;
	size_t bound = bounded ? rcutable_callback_backlog_get() : 0;
	unsigned long peak_allowed;
	double t0, t_flood, t_drain, t_storm;
	struct rusage ru;
	long left;
	bool ok;

	if (total < FLOODERS || !storm_ms) {
		fprintf(stderr, "flood: --callbacks=N with N >= %d, --storm-ms=MS with MS > 0\n",
			FLOODERS);
		return 2;
	}
	for (int i = 1; i < argc; i++)
		starve |= !strcmp(argv[i], "--starve-workers");
	per_flooder = total / FLOODERS;
	total = per_flooder * FLOODERS;
	peak_allowed = bound ? 20 * bound : total / 10 * 9;
	alarm(600);	/* the watchdog: a flood that stops progressing dies here */
	/* This thread only waits (joins, barriers): offline, for QSBR, so
	 * that no grace period waits for it. */
	rcu_register_thread();
	rcu_thread_offline();
	if (starve)
		pthread_create(&renicer, NULL, starver, NULL);
	pthread_create(&reader, NULL, constant_reader, NULL);
	pthread_create(&gps, NULL, gp_loop, NULL);
	pthread_create(&barriers, NULL, barrier_loop, (void *)&flood_barriers);
	t0 = now_s(CLOCK_MONOTONIC);
	for (int i = 0; i < FLOODERS; i++)
		pthread_create(&flooders[i], NULL, flooder, NULL);
	for (int i = 0; i < FLOODERS; i++)
		pthread_join(flooders[i], NULL);
	t_flood = now_s(CLOCK_MONOTONIC) - t0;
	set_phase(DRAIN);
	pthread_join(barriers, NULL);
	flood_barrier();
	t_drain = now_s(CLOCK_MONOTONIC) - t0 - t_flood;

	set_phase(STORM);
	t0 = now_s(CLOCK_MONOTONIC);
	pthread_create(&storm[0], NULL, barrier_loop, (void *)&storm_barriers);
	pthread_create(&storm[1], NULL, barrier_loop, (void *)&storm_barriers);
	pthread_create(&storm[2], NULL, barrier_loop, (void *)&storm_queuer);
	while (now_s(CLOCK_MONOTONIC) - t0 < storm_ms / 1e3)	/* a signal may cut a sleep short */
		usleep(1000);
	set_phase(STOP);
	for (int i = 0; i < 3; i++)
		pthread_join(storm[i], NULL);
	t_storm = now_s(CLOCK_MONOTONIC) - t0;
	flood_barrier();
	pthread_join(gps, NULL);
	pthread_join(reader, NULL);
	if (starve)
		pthread_join(renicer, NULL);
	rcu_unregister_thread();
	getrusage(RUSAGE_SELF, &ru);
	left = __atomic_load_n(&outstanding, __ATOMIC_RELAXED);

	ok = left == 0 && (unsigned long)peak_outstanding <= peak_allowed &&
	     gps_during[FLOOD] >= 100 * t_flood && gps_during[FLOOD] > 0 &&
	     barriers_during[FLOOD] > 0 &&
	     gps_during[STORM] >= 100 * t_storm && barriers_during[STORM] > 0;
	printf("flood %s: %lu callbacks from %d threads in %.2f s (%.1f M/s); peak "
	       "outstanding %ld (%.1f%%; allowed %lu: %s); peak RSS %.1f MiB; drained in "
	       "%.1f ms; during the flood, beside a constant reader: %lu grace periods "
	       "(%.0f/s), %lu barriers (longest %.1f ms); during a %.1f s barrier storm: "
	       "%lu grace periods (%.0f/s), %lu barriers (longest %.1f ms); %ld left: %s\n",
	       FLOOD_INFO.name, total, FLOODERS, t_flood, total / t_flood / 1e6,
	       peak_outstanding, 100.0 * (double)peak_outstanding / (double)total,
	       peak_allowed, bound ? "20 times the backlog bound" : "90% of the callbacks",
	       ru.ru_maxrss / 1024.0, t_drain * 1e3,
	       gps_during[FLOOD], gps_during[FLOOD] / t_flood, barriers_during[FLOOD],
	       longest_barrier_ns[FLOOD] / 1e6, t_storm, gps_during[STORM],
	       gps_during[STORM] / t_storm, barriers_during[STORM],
	       longest_barrier_ns[STORM] / 1e6, left, ok ? "SUCCESS" : "FAILURE");
	if (json) {
		FILE *f = fopen(json, "w");

		if (!f) {
			perror(json);
			return 1;
		}
		fprintf(f, "{\"impl\": \"%s\", \"callbacks\": %lu, \"threads\": %d, "
			"\"backlog_bound\": %zu, "
			"\"flood_s\": %.4f, \"peak_outstanding\": %ld, "
			"\"peak_rss_kib\": %ld, \"drain_ms\": %.3f, "
			"\"gps_during_flood\": %lu, \"barriers_during_flood\": %lu, "
			"\"longest_barrier_flood_ms\": %.3f, \"storm_s\": %.4f, "
			"\"gps_during_storm\": %lu, \"barriers_during_storm\": %lu, "
			"\"longest_barrier_storm_ms\": %.3f, "
			"\"left\": %ld, \"success\": %s}\n",
			FLOOD_INFO.name, total, FLOODERS, bound, t_flood, peak_outstanding,
			ru.ru_maxrss, t_drain * 1e3, gps_during[FLOOD], barriers_during[FLOOD],
			longest_barrier_ns[FLOOD] / 1e6, t_storm, gps_during[STORM],
			barriers_during[STORM], longest_barrier_ns[STORM] / 1e6,
			left, ok ? "true" : "false");
		fclose(f);
	}
	return ok ? 0 : 1;
}
