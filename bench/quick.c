/* SPDX-License-Identifier: MIT */
/*
 * bench/quick.c: a quick look at one implementation's table properties,
 * printed as one JSON object: read-side pair cost (alone), grace-period
 * latency normal and expedited with one reader thread running short
 * sections, and call_rcu() enqueue cost.  Figures are wall-clock and
 * depend on the machine and its load; bench/ has the full benchmarks.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <rcutable/rcupdate.h>

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Best of 5 runs of n read-side pairs, in ns per pair. */
static double read_pair_ns(long n)
{
	double best = 1e30;

	for (int run = 0; run < 5; run++) {
		double t0 = now_ns();

		for (long i = 0; i < n; i++) {
			rcu_read_lock();
			rcutable_barrier();	/* the section: kept by the compiler */
			rcu_read_unlock();
		}
		double t = (now_ns() - t0) / (double)n;
		if (t < best)
			best = t;
	}
	return best;
}

static int stop, reading;

static void *short_reader(void *arg)
{
	(void)arg;
	rcu_register_thread();
	__atomic_store_n(&reading, 1, __ATOMIC_RELAXED);
	while (!__atomic_load_n(&stop, __ATOMIC_RELAXED)) {
		rcu_read_lock();
		for (volatile int i = 0; i < 10; i++)
			;
		rcu_read_unlock();
	}
	rcu_unregister_thread();
	return NULL;
}

struct pct { double p50, p99, max; };

static struct pct gp_latency_us(void (*sync)(void), int calls)
{
	double *lat = malloc(sizeof(double) * (size_t)calls);
	struct pct r;

	for (int i = 0; i < calls; i++) {
		double t0 = now_ns();

		sync();
		lat[i] = (now_ns() - t0) / 1e3;
	}
	qsort(lat, (size_t)calls, sizeof(double), cmp_double);
	r.p50 = lat[calls / 2];
	r.p99 = lat[calls * 99 / 100];
	r.max = lat[calls - 1];
	free(lat);
	return r;
}

static void noop_cb(struct rcu_head *h) { (void)h; }

/* call_rcu() cost in ns per call, from batches of 100 calls. */
static struct pct call_rcu_ns(int batches)
{
	struct rcu_head *heads = malloc(sizeof(*heads) * 100 * (size_t)batches);
	double *per = malloc(sizeof(double) * (size_t)batches);
	struct pct r;

	for (int b = 0; b < batches; b++) {
		double t0 = now_ns();

		for (int i = 0; i < 100; i++)
			call_rcu(&heads[b * 100 + i], noop_cb);
		per[b] = (now_ns() - t0) / 100;
	}
	rcu_barrier();
	qsort(per, (size_t)batches, sizeof(double), cmp_double);
	r.p50 = per[batches / 2];
	r.p99 = per[batches * 99 / 100];
	r.max = per[batches - 1];
	free(per);
	free(heads);
	return r;
}

int main(int argc, char **argv)
{
	int calls = argc > 1 ? atoi(argv[1]) : 1000;
	pthread_t t;
	struct pct normal, exp, enq;
	double pair;

	rcu_register_thread();
	pair = read_pair_ns(20000000);
	pthread_create(&t, NULL, short_reader, NULL);
	/* Measure only once the reader runs: an updater that outpaces a
	 * reader's registration would measure grace periods with no reader. */
	while (!__atomic_load_n(&reading, __ATOMIC_RELAXED))
		sched_yield();
	normal = gp_latency_us(synchronize_rcu, calls);
	exp = gp_latency_us(synchronize_rcu_expedited, calls);
	__atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
	pthread_join(t, NULL);
	enq = call_rcu_ns(2000);
	printf("{\"impl\": \"%s\", \"read_pair_ns\": %.2f,\n"
	       " \"synchronize_rcu_us_1reader\": {\"p50\": %.1f, \"p99\": %.1f, \"max\": %.1f},\n"
	       " \"synchronize_rcu_expedited_us_1reader\": {\"p50\": %.1f, \"p99\": %.1f, \"max\": %.1f},\n"
	       " \"call_rcu_ns\": {\"p50\": %.1f, \"p99\": %.1f, \"max\": %.1f},\n"
	       " \"calls\": %d}\n",
	       rcutable_impl_info.name, pair, normal.p50, normal.p99, normal.max,
	       exp.p50, exp.p99, exp.max, enq.p50, enq.p99, enq.max, calls);
	rcu_unregister_thread();
	return 0;
}
