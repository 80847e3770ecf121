/* SPDX-License-Identifier: MIT */
/*
 * bench/test_gbench.c: the shim's regression test.  C benchmarks register
 * with an argument, threads, manual time, wall-clock time, a custom counter
 * and samples (every repetition's, where the iterations are fixed); the
 * run's JSON must show each of them, and the context key.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gbench.h"

static void bm_sum(gbench_state *st)
{
	long long n = gbench_range(st, 0), total = 0;

	while (gbench_keep_running(st)) {
		for (long long i = 0; i < n; i++)
			total += i;
		gbench_do_not_optimize(total);
	}
	gbench_counter(st, "per_run", (double)(n * (n - 1) / 2), GBENCH_COUNTER_DEFAULT);
}

static void bm_samples(gbench_state *st)
{
	int i = 0;

	while (gbench_keep_running(st)) {
		gbench_set_iteration_time(st, 1e-6);
		gbench_sample(st, "lat", (double)(i++ % 100));	/* 0..99 */
	}
	gbench_label(st, "beside nothing");
}

static void bm_threads(gbench_state *st)
{
	int *seen = gbench_user_arg(st);

	while (gbench_keep_running(st))
		gbench_clobber_memory();
	__atomic_fetch_or(seen, 1 << gbench_thread_index(st), __ATOMIC_RELAXED);
}

/* A fixed count of iterations, repeated: its samples file has every
 * repetition's. */
static void bm_fixed(gbench_state *st)
{
	while (gbench_keep_running(st))
		gbench_sample(st, "lat", 1.0);
}

/* Sleeps: by its CPU time it would run many times the minimum time. */
static void bm_sleep(gbench_state *st)
{
	while (gbench_keep_running(st))
		nanosleep(&(struct timespec){ .tv_nsec = 1000000 }, NULL);
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	static char buf[1 << 16];
	size_t n;

	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static int count_lines(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

static int expect(const char *json, const char *needle)
{
	if (strstr(json, needle))
		return 0;
	fprintf(stderr, "test_gbench: the JSON lacks %s\n", needle);
	return 1;
}

int main(int argc, char **argv)
{
	static int seen;
	char out[256];
	char *args[] = { argv[0], "--benchmark_min_time=0.01", out, NULL };
	const char *json;
	int bad = 0;

	snprintf(out, sizeof(out), "--benchmark_out=%s", argc > 1 ? argv[1] : "gbench-test.json");
	if (argc > 2)
		gbench_write_samples(argv[2]);
	gbench_arg(gbench_register("shim_sum_arg", bm_sum, NULL), 8);
	gbench_keep_samples(gbench_manual_time(gbench_register("shim_samples", bm_samples, NULL)));
	gbench_threads(gbench_register("shim_threads", bm_threads, &seen), 2);
	gbench_real_time(gbench_register("shim_sleep", bm_sleep, NULL));
	gbench_keep_samples(gbench_repetitions(gbench_iterations(
		gbench_register("shim_fixed", bm_fixed, NULL), 10), 3));
	gbench_context("rcutable_test", "shim");
	gbench_arg(gbench_register("shim_sum", bm_sum, NULL), 4);
	if (gbench_main(3, args))
		return 1;
	json = slurp(out + strlen("--benchmark_out="));
	if (!json) {
		fprintf(stderr, "test_gbench: no JSON written\n");
		return 1;
	}
	bad += expect(json, "\"name\": \"shim_sum_arg/8\"");
	bad += expect(json, "\"per_run\": 2.8");		/* 0+..+7 = 28 */
	bad += expect(json, "\"name\": \"shim_samples/manual_time\"");
	bad += expect(json, "\"lat_max\": 9.9");		/* 99 */
	bad += expect(json, "\"lat_p50\": ");
	bad += expect(json, "\"lat_p50_lo\": 4.9");	/* 49: n is large, the interval tight */
	bad += expect(json, "\"lat_p99_hi\": 9.9");	/* 99 */
	bad += expect(json, "\"name\": \"shim_threads/threads:2\"");
	bad += expect(json, "\"name\": \"shim_sleep/real_time\"");
	bad += expect(json, "\"rcutable_test\": \"shim\"");
	bad += expect(json, "\"label\": \"beside nothing\"");
	if (argc > 2) {
		char path[512];
		const char *raw;

		snprintf(path, sizeof(path), "%s/shim_samples.lat.txt", argv[2]);
		raw = slurp(path);
		if (!raw || strncmp(raw, "0\n1\n2\n", 6) != 0) {
			fprintf(stderr, "test_gbench: raw samples missing or wrong in %s\n", path);
			bad++;
		}
		snprintf(path, sizeof(path), "%s/shim_fixed.lat.txt", argv[2]);
		raw = slurp(path);
		if (!raw || count_lines(raw) != 30) {
			fprintf(stderr, "test_gbench: %s has %d samples, want 3 repetitions' 10\n",
				path, raw ? count_lines(raw) : -1);
			bad++;
		}
	}
	if (seen != 3) {
		fprintf(stderr, "test_gbench: threads seen 0x%x, want 0x3\n", seen);
		bad++;
	}
	if (!bad)
		printf("test_gbench: ok\n");
	return bad != 0;
}
