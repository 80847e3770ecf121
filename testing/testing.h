/* SPDX-License-Identifier: MIT */
/*
 * testing/testing.h: what the tests (conformance/) and the benchmarks
 * (bench/) share beside the installed API.  The one header they may
 * include from outside their own folder (docs/DESIGN.md); never installed.
 */
#ifndef RCUTABLE_TESTING_H
#define RCUTABLE_TESTING_H

#include <stdint.h>
#include <time.h>

/* Nanoseconds on clock: CLOCK_MONOTONIC, CLOCK_THREAD_CPUTIME_ID, ... */
static inline uint64_t now_ns(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Seconds on clock, as now_ns(). */
static inline double now_s(clockid_t clock)
{
	return (double)now_ns(clock) / 1e9;
}

#endif /* RCUTABLE_TESTING_H */
