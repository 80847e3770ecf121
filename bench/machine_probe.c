/* SPDX-License-Identifier: MIT */
/*
 * bench/machine_probe.c: how fast this machine is at this moment, in two
 * figures that the benchmarks' own figures follow, for scripts/run-all to
 * record beside each step (load.tsv) and RESULTS.md to show.
 *
 *   machine-probe
 *
 * Prints one line "ROUND_TRIP_NS ALU_NS LOAD_NS":
 *   ROUND_TRIP_NS  the median time, over 15 trials of 20,000 each, for a
 *                  cache line to go from the first CPU this process may
 *                  run on to the second and back (two threads, one pinned
 *                  on each, taking turns to write it); "nan" with one CPU.
 *                  Every figure that moves cache lines between CPUs (a
 *                  lock, an update that a reader on the other CPU then
 *                  reads, membarrier()'s interrupt) follows it.  On a
 *                  virtual machine it depends on where the host runs the
 *                  two virtual CPUs (two cores of one cache, or of two),
 *                  and can change several times over from one hour to the
 *                  next with nothing changed inside the machine.
 *   ALU_NS         the median time of one step of a dependent integer
 *                  chain on the first CPU (the clock speed, and a sibling
 *                  hyperthread's share of the core).
 *   LOAD_NS        the median time of one load in a chase of pointers in
 *                  random order through 8 MiB, more than a core's own
 *                  caches hold: the shared cache and memory, which other
 *                  machines on the same host also use.
 * Takes about a fifth of a second.
 */
#define _GNU_SOURCE
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define TRIALS		15
#define ROUND_TRIPS	20000
#define ALU_STEPS	2000000
#define CHASE_BYTES	(8u << 20)
#define CHASE_LOADS	200000

/* The line the two threads pass back and forth: odd values are the
 * first thread's, even the second's. */
static uint64_t line __attribute__((aligned(64)));
static int cpus[2];

static uint64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static void pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
}

/* Wait for v, then store v + 1.  Acquire/release: each turn's store is
 * the other thread's cue (the line itself is what the probe times). */
static void take_turn(uint64_t v)
{
	while (__atomic_load_n(&line, __ATOMIC_ACQUIRE) != v)
		;
	__atomic_store_n(&line, v + 1, __ATOMIC_RELEASE);
}

static void *second(void *arg)
{
	(void)arg;
	pin(cpus[1]);
	for (uint64_t v = 1; v < 2u * TRIALS * ROUND_TRIPS; v += 2)
		take_turn(v);
	return NULL;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), cmp_double);
	return v[n / 2];
}

static double round_trip_ns(void)
{
	double trial[TRIALS];
	pthread_t t;
	uint64_t v = 0;

	if (pthread_create(&t, NULL, second, NULL))
		return NAN;
	for (int i = 0; i < TRIALS; i++) {
		uint64_t t0 = now_ns();

		for (int j = 0; j < ROUND_TRIPS; j++, v += 2)
			take_turn(v);
		trial[i] = (double)(now_ns() - t0) / ROUND_TRIPS;
	}
	pthread_join(t, NULL);
	return median(trial, TRIALS);
}

static double alu_ns(void)
{
	double trial[TRIALS];
	uint64_t x = 1;

	for (int i = 0; i < TRIALS; i++) {
		uint64_t t0 = now_ns();

		for (int j = 0; j < ALU_STEPS; j++) {
			x = x * 0x9e3779b97f4a7c15ULL + 1;
			__asm__ volatile("" : "+r"(x));	/* one step after another */
		}
		trial[i] = (double)(now_ns() - t0) / ALU_STEPS;
	}
	return median(trial, TRIALS);
}

/* Each line of the buffer points to the next in a random cycle through
 * all of them, so that no prefetcher can guess the next address. */
static double load_ns(void)
{
	enum { LINE = 64 / sizeof(void *) };
	size_t lines = CHASE_BYTES / 64;
	void **buf = malloc(CHASE_BYTES);
	size_t *order = malloc(lines * sizeof(*order));
	double trial[TRIALS];
	uint64_t seed = 0x9e3779b97f4a7c15ULL;
	void **p;

	if (!buf || !order) {
		free(buf);
		free(order);
		return NAN;
	}
	for (size_t i = 0; i < lines; i++)
		order[i] = i;
	for (size_t i = lines - 1; i > 0; i--) {	/* Fisher-Yates, xorshift */
		size_t j, t;

		seed ^= seed << 13;
		seed ^= seed >> 7;
		seed ^= seed << 17;
		j = seed % (i + 1);
		t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	for (size_t i = 0; i < lines; i++)
		buf[order[i] * LINE] = &buf[order[(i + 1) % lines] * LINE];
	p = &buf[order[0] * LINE];
	for (int i = 0; i < TRIALS; i++) {
		uint64_t t0 = now_ns();

		for (int j = 0; j < CHASE_LOADS; j++)
			p = *p;
		trial[i] = (double)(now_ns() - t0) / CHASE_LOADS;
	}
	__asm__ volatile("" : : "r"(p));	/* the chase is used */
	free(buf);
	free(order);
	return median(trial, TRIALS);
}

int main(void)
{
	cpu_set_t set;
	int n = 0;

	if (sched_getaffinity(0, sizeof(set), &set)) {
		perror("machine-probe: sched_getaffinity");
		return 1;
	}
	for (int c = 0; c < CPU_SETSIZE && n < 2; c++)
		if (CPU_ISSET(c, &set))
			cpus[n++] = c;
	pin(cpus[0]);
	printf("%.1f %.3f %.1f\n", n == 2 ? round_trip_ns() : NAN, alu_ns(), load_ns());
	return 0;
}
