/* SPDX-License-Identifier: MIT */
/*
 * bench/harness.h: what the benchmark programs share (bench.c for the RCU
 * flavor, srcu_bench.c for SRCU, tasks_bench.c for RCU Tasks): thread
 * placement by slot, the clocks and timed loops, the crew of threads that
 * runs beside the measuring one, and the command line and JSON context
 * common to all.
 *
 * Thread slot 0 is the measuring thread; slots 1.. are the threads that
 * run beside it, each bound to the PU its slot's plan gives.
 */
#ifndef RCUTABLE_BENCH_HARNESS_H
#define RCUTABLE_BENCH_HARNESS_H

#include <stdbool.h>
#include <time.h>
#include <rcutable/impl.h>
#include <rcutable/types.h>
#include "gbench.h"
#include "testing.h"	/* now_s() */

/* Threads a row may run, the measuring one included: twice the CPUs of
 * the largest machines RCU runs on. */
#define MAX_SLOTS	1024
#define OPS_PER_ITER	1000	/* read-side and polled loops: ops per iteration */

/* Set by bench_setup() from --gp-calls, --kernel-gp-calls and
 * --gp-repetitions. */
extern long gp_calls, kernel_gp_calls;
extern int gp_repetitions;

void bind_slot(int slot);

/* The PUs this run places its threads on: all of the machine's that this
 * process may run on, or the first --cpus=K of them in the placement's
 * order; slots past them wrap around (oversubscribed). */
int bench_cpus(void);

/*
 * The thread counts of the rows that sweep them, from --threads=LIST (a
 * comma-separated list) or else dflt (n of them): *counts points at them,
 * at most MAX_SLOTS, each from 0 to MAX_SLOTS - 1; returns how many.  Rows
 * that count reader threads beside the measuring one take the list as it is.
 */
int bench_thread_counts(const int *dflt, int n, const int **counts);

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

/* The loop of the read-side rows without the markers: the floor. */
void bench_read_empty(gbench_state *st);

/*
 * The crew: n threads in slots first..first+n-1, each running
 * begin(), then work() until crew_stop(), then end() (begin and end may be
 * NULL).  A work() that blocks until told (on a condition variable, say)
 * has a wake(), which crew_stop() calls once after it has set the stop
 * flag, so that every blocked member returns and sees it (NULL: none).  A
 * member that finds it cannot measure calls crew_fail().
 */
struct crew_job {
	void (*begin)(void);
	void (*work)(void);
	void (*end)(void);
	void (*wake)(void);
};

void crew_start(const struct crew_job *job, int n, int first);
/* Stop the crew; returns how many times its members ran work(). */
unsigned long crew_stop(void);
void crew_fail(const char *error);

/* Grace-period rows: readers in slots 1..readers, labelled; stopping
 * them reports reader_sections_per_s, or the error a reader met. */
void start_readers(gbench_state *st, const struct crew_job *reader, int readers);
void stop_readers(gbench_state *st, double seconds);

/* call() once per iteration, timed: its wall time is the iteration's, and
 * each call's wall and CPU time are sampled (latency_us, updater_cpu_us). */
void time_each_call(gbench_state *st, void (*call)(void));
/* The same, with the calling thread's CPU time sampled as cpu_sample (for
 * an implementation whose grace periods run on a thread of their own, the
 * caller's CPU time is not the updater's). */
void time_each_call_cpu(gbench_state *st, void (*call)(void), const char *cpu_sample);

/*
 * The asynchronous update-side rows, on the calling thread (bound to slot
 * 0): the time per call(head, func) (a flavor's call_rcu()) from batches
 * of 100 calls, each batch timed and sampled (ns_per_call).  The pool of
 * heads is recycled through barrier(), outside the timed batches, which
 * also runs once at the end.  False if there is no memory for the pool
 * (the row is skipped with an error).
 */
bool time_enqueue_batches(gbench_state *st, void (*call)(struct rcu_head *, rcu_callback_t),
			  void (*barrier)(void));

/*
 * Grace-period rows of benchmark fn (arg: its user argument) at 0, 1, 2,
 * 4, 8 and 16 readers (or as --threads says), with calls calls each below
 * 8 readers and below twice the CPUs, and a quarter as many from there (well past the CPUs,
 * where a grace period often waits for the scheduler to run a reader, for
 * milliseconds): the samples each row kept are in its latency_us_n.  The
 * calls are split over gp_repetitions runs, each with its readers started
 * anew, so that a row's figures show how far one run's readers (where the
 * scheduler put them, whether they ran) moved it.  fn reads its reader
 * count from gbench_range(st, 0).
 */
void register_gp_latency(const char *name, gbench_fn fn, void *arg, long calls);

/*
 * The read-side row fn at 1, 2, 4, ... threads and the CPU count (or those
 * of --threads from 1 to it), one thread per PU, 5 repetitions each; fn
 * reads its thread count from gbench_range(st, 0).
 */
void register_read_pair_threads(const char *name, gbench_fn fn);

/*
 * Parse the common flags (taking them out of argv), read the topology,
 * plan the slots, and write the common JSON context:
 *   --placement=compact|scatter   where threads run (bench/placement.h)
 *   --gp-calls=N                  grace periods per latency benchmark (1000)
 *   --kernel-gp-calls=N           kernel grace periods measured (200; 0: none)
 *   --samples-dir=DIR             also write grace periods' raw samples there
 *   --cpus=K                      place threads on K of the PUs (bench_cpus())
 *   --threads=LIST                the thread counts of the sweeping rows
 * Exits with a message on a bad flag or an unreadable topology.
 */
void bench_setup(int *argc, char **argv, const char *impl, const char *summary);

/*
 * Write the descriptor's API sets into the JSON context: rcutable_native and
 * rcutable_emulated, each the lower-case names of its enum rcutable_api bits
 * (read_side synchronize expedited call barrier polled kfree validation
 * consolidated lifecycle stall reader_checks exit_drain fork), space-separated.
 * A bit in neither set is absent.
 */
void bench_context_apis(const struct rcutable_impl *impl);

#endif /* RCUTABLE_BENCH_HARNESS_H */
