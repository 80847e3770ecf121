/* SPDX-License-Identifier: MIT */
/*
 * conformance/stress/flood.c: forward progress of an RCU implementation's
 * callbacks under a call_rcu() flood.
 *
 *   flood [--callbacks=N] [--json=FILE]
 *
 * Two threads queue N callbacks between them (default 10 million), each
 * freeing a small object, as fast as call_rcu() takes them, while
 *   - a reader thread runs short read-side sections back to back (for QSBR
 *     it reports a quiescent state after each), never pausing,
 *   - a thread runs synchronize_rcu() in a loop, counting those that end,
 *   - a thread runs rcu_barrier() in a loop, counting those that return.
 * Then one rcu_barrier() drains the backlog.
 *
 * Success: every callback ran (none outstanding after the drain), grace
 * periods kept ending during the flood (at least one a second), every
 * rcu_barrier() returned (at least one during the flood), and the backlog
 * stayed bounded: at most 90% of the callbacks were ever outstanding at
 * once (the implementation reclaimed while the flood ran, instead of
 * holding everything until it stopped; how much it held is the figure to
 * compare).  Prints the figures (peak outstanding, peak
 * RSS, flood and drain times, grace periods and barriers done) and SUCCESS
 * or FAILURE; --json writes them for RESULTS.md.  A watchdog ends a run
 * that stops making progress.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include <rcutable/rcupdate.h>

#define FLOODERS 2

struct flood_obj {
	struct rcu_head rh;
	unsigned long payload[2];
};

static unsigned long per_flooder;
static long outstanding, peak_outstanding;
static int flood_done, stop;
static unsigned long gps_during_flood, barriers_during_flood;

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int get(const int *f) { return __atomic_load_n(f, __ATOMIC_ACQUIRE); }

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
	for (unsigned long i = 0; i < per_flooder; i++) {
		struct flood_obj *o = malloc(sizeof(*o));

		if (!o) {
			fprintf(stderr, "flood: out of memory after %lu callbacks\n", i);
			exit(1);
		}
		__atomic_add_fetch(&outstanding, 1, __ATOMIC_RELAXED);
		call_rcu(&o->rh, free_obj);
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
	while (!get(&stop)) {
		rcu_read_lock();
		sum += rcu_dereference(p)->payload[0];
		rcu_read_unlock();
		rcu_quiescent_state();
	}
	rcu_unregister_thread();
	return (void *)(uintptr_t)sum;
}

static void *gp_loop(void *arg)
{
	(void)arg;
	rcu_register_thread();
	while (!get(&stop)) {
		synchronize_rcu();
		if (!get(&flood_done))
			__atomic_add_fetch(&gps_during_flood, 1, __ATOMIC_RELAXED);
	}
	rcu_unregister_thread();
	return NULL;
}

static void *barrier_loop(void *arg)
{
	(void)arg;
	rcu_register_thread();
	while (!get(&flood_done)) {
		rcu_barrier();
		if (!get(&flood_done))
			__atomic_add_fetch(&barriers_during_flood, 1, __ATOMIC_RELAXED);
	}
	rcu_unregister_thread();
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

int main(int argc, char **argv)
{
	const char *v = arg_value(argc, argv, "--callbacks"), *json = arg_value(argc, argv, "--json");
	unsigned long total = v ? strtoul(v, NULL, 10) : 10000000ul;
	pthread_t flooders[FLOODERS], reader, gps, barriers;
	double t0, t_flood, t_drain;
	struct rusage ru;
	long left;
	bool ok;

	if (total < FLOODERS) {
		fprintf(stderr, "flood: --callbacks=N with N >= %d\n", FLOODERS);
		return 2;
	}
	per_flooder = total / FLOODERS;
	total = per_flooder * FLOODERS;
	alarm(600);	/* the watchdog: a flood that stops progressing dies here */
	pthread_create(&reader, NULL, constant_reader, NULL);
	pthread_create(&gps, NULL, gp_loop, NULL);
	pthread_create(&barriers, NULL, barrier_loop, NULL);
	t0 = now_s();
	for (int i = 0; i < FLOODERS; i++)
		pthread_create(&flooders[i], NULL, flooder, NULL);
	for (int i = 0; i < FLOODERS; i++)
		pthread_join(flooders[i], NULL);
	t_flood = now_s() - t0;
	__atomic_store_n(&flood_done, 1, __ATOMIC_RELEASE);
	pthread_join(barriers, NULL);
	rcu_barrier();
	t_drain = now_s() - t0 - t_flood;
	__atomic_store_n(&stop, 1, __ATOMIC_RELEASE);
	pthread_join(gps, NULL);
	pthread_join(reader, NULL);
	getrusage(RUSAGE_SELF, &ru);
	left = __atomic_load_n(&outstanding, __ATOMIC_RELAXED);

	ok = left == 0 && gps_during_flood >= (unsigned long)t_flood &&
	     gps_during_flood > 0 && barriers_during_flood > 0 &&
	     (unsigned long)peak_outstanding <= total / 10 * 9;
	printf("flood %s: %lu callbacks from %d threads in %.2f s (%.1f M/s); peak "
	       "outstanding %ld (%.1f%%); peak RSS %.1f MiB; drained in %.1f ms; "
	       "during the flood, beside a constant reader: %lu grace periods, "
	       "%lu barriers; %ld left after the drain: %s\n",
	       rcutable_impl_info.name, total, FLOODERS, t_flood, total / t_flood / 1e6,
	       peak_outstanding, 100.0 * (double)peak_outstanding / (double)total,
	       ru.ru_maxrss / 1024.0, t_drain * 1e3, gps_during_flood,
	       barriers_during_flood, left, ok ? "SUCCESS" : "FAILURE");
	if (json) {
		FILE *f = fopen(json, "w");

		if (!f) {
			perror(json);
			return 1;
		}
		fprintf(f, "{\"impl\": \"%s\", \"callbacks\": %lu, \"threads\": %d, "
			"\"flood_s\": %.4f, \"peak_outstanding\": %ld, "
			"\"peak_rss_kib\": %ld, \"drain_ms\": %.3f, "
			"\"gps_during_flood\": %lu, \"barriers_during_flood\": %lu, "
			"\"left\": %ld, \"success\": %s}\n",
			rcutable_impl_info.name, total, FLOODERS, t_flood, peak_outstanding,
			ru.ru_maxrss, t_drain * 1e3, gps_during_flood, barriers_during_flood,
			left, ok ? "true" : "false");
		fclose(f);
	}
	return ok ? 0 : 1;
}
