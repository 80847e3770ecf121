/* SPDX-License-Identifier: MIT */
/*
 * bench/gbench.h: a C API to Google Benchmark (Debian libbenchmark-dev).
 *
 * Benchmarks are written in C and registered with gbench_register(); the
 * one C++ file, gbench.cc, turns them into Google Benchmark benchmarks, so
 * Google Benchmark's own flags pass through gbench_main()
 * (--benchmark_filter, --benchmark_format=json, --benchmark_out,
 * --benchmark_repetitions, ...).
 *
 *	static void bm_pair(gbench_state *st)
 *	{
 *		while (gbench_keep_running(st)) {
 *			rcu_read_lock();
 *			gbench_clobber_memory();
 *			rcu_read_unlock();
 *		}
 *	}
 *	int main(int argc, char **argv)
 *	{
 *		gbench_register("read_pair", bm_pair, NULL);
 *		return gbench_main(argc, argv);
 *	}
 */
#ifndef RCUTABLE_BENCH_GBENCH_H
#define RCUTABLE_BENCH_GBENCH_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gbench_state gbench_state;
typedef struct gbench_bm gbench_bm;
typedef void (*gbench_fn)(gbench_state *st);

enum gbench_unit { GBENCH_NS, GBENCH_US, GBENCH_MS, GBENCH_S };

/* Counter flags, as Google Benchmark's benchmark::Counter::Flags. */
enum gbench_counter_flags {
	GBENCH_COUNTER_DEFAULT = 0,
	GBENCH_COUNTER_RATE = 1 << 0,		/* divided by the run's time */
	GBENCH_COUNTER_AVG_THREADS = 1 << 1,	/* averaged over threads */
	GBENCH_COUNTER_AVG_ITERATIONS = 1 << 3,	/* divided by iterations */
};

/* Registration; each returns bm so calls chain.  arg reaches the
 * benchmark through gbench_user_arg(). */
gbench_bm *gbench_register(const char *name, gbench_fn fn, void *arg);
gbench_bm *gbench_arg(gbench_bm *bm, long long value);
gbench_bm *gbench_threads(gbench_bm *bm, int threads);
gbench_bm *gbench_keep_samples(gbench_bm *bm);	/* see gbench_write_samples() */
gbench_bm *gbench_iterations(gbench_bm *bm, long long n);
gbench_bm *gbench_repetitions(gbench_bm *bm, int n);
gbench_bm *gbench_manual_time(gbench_bm *bm);
/* Run length and time by the wall clock, not the calling thread's CPU time
 * (a benchmark whose own threads share the CPUs with it). */
gbench_bm *gbench_real_time(gbench_bm *bm);
gbench_bm *gbench_unit(gbench_bm *bm, enum gbench_unit unit);

/* Inside a benchmark. */
bool gbench_keep_running(gbench_state *st);
long long gbench_range(gbench_state *st, int index);
int gbench_thread_index(gbench_state *st);
int gbench_thread_count(gbench_state *st);
void *gbench_user_arg(gbench_state *st);
void gbench_pause_timing(gbench_state *st);
void gbench_resume_timing(gbench_state *st);
void gbench_set_iteration_time(gbench_state *st, double seconds);
void gbench_counter(gbench_state *st, const char *name, double value, unsigned flags);
void gbench_skip_with_error(gbench_state *st, const char *message);
/* The run's label in the report: say what runs concurrently with it. */
void gbench_label(gbench_state *st, const char *label);

/*
 * Per-iteration samples (a latency, say): at the end of the run the
 * benchmark reports counters <name>_p50, <name>_p99, each with its 95%
 * confidence interval (<name>_p50_lo and _hi, <name>_p99_lo and _hi, from
 * the order statistics), <name>_max and <name>_n.
 */
void gbench_sample(gbench_state *st, const char *name, double value);
/* Also write the raw samples of the benchmarks marked with
 * gbench_keep_samples(), one per line, to files in dir:
 * <benchmark>[_<arg>][_t<threads>].<sample>.txt, '/' written as '_'. */
void gbench_write_samples(const char *dir);

/* A key/value pair for the JSON "context" (machine, placement, ...). */
void gbench_context(const char *key, const char *value);

/*
 * Parse Google Benchmark's flags, run the registered benchmarks.  Each
 * benchmark's start and end are reported on stderr (family n of m, elapsed
 * seconds), whatever the output format on stdout.
 */
int gbench_main(int argc, char **argv);

/* Keep a value, or all of memory, from the optimiser. */
#define gbench_do_not_optimize(x)	__asm__ __volatile__("" : : "r,m"(x) : "memory")
#define gbench_clobber_memory()		__asm__ __volatile__("" : : : "memory")

#ifdef __cplusplus
}
#endif

#endif /* RCUTABLE_BENCH_GBENCH_H */
