/* SPDX-License-Identifier: MIT */
/*
 * chooser/choose_figures.h: the measured figures rcutable-choose
 * ranks by, read from a `make results` directory (its figures.tsv, which
 * scripts/results.py writes from the raw results) or compiled in from the
 * results/ of the source tree at build time.
 *
 * A figure that was not measured is NAN.
 */
#ifndef RCUTABLE_CHOOSE_FIGURES_H
#define RCUTABLE_CHOOSE_FIGURES_H

#include <stddef.h>

/* The hash table's update rates (bench/hash_bench.c), in percent. */
#define CHOOSE_HASH_RATES	3
extern const double choose_hash_pct[CHOOSE_HASH_RATES];

/* How far a figure can be trusted: the lowest and highest of its
 * repetitions, or a percentile's 95% confidence interval. */
struct choose_range {
	double lo, hi;
};

/* One implementation's figures, each from one benchmark of its run, and
 * the ranges of those the ranking compares. */
struct choose_figures {
	const char *impl;
	double read_ns;		/* read-side pair, alone (median ns) */
	double read_empty_ns;	/* the same loop without the markers */
	double read_updater_ns;	/* the same beside a synchronize loop */
	double read_insns;	/* instructions per read-side pair (callgrind) */
	double gp_us;		/* synchronize p50, one reader thread (µs) */
	double exp_us;		/* expedited p50, one reader thread (µs) */
	double gp_cpu_us;	/* updater CPU per grace period, p50 (µs) */
	double enqueue_ns;	/* call_rcu()/call_srcu() enqueue p50 (ns) */
	double cbs_per_s;	/* callbacks invoked per second */
	double lookups[CHOOSE_HASH_RATES]; /* hash lookups/s, hlist_bl, at
					    * choose_results.threads threads */
	double flood_peak_pct;	/* peak outstanding of a call_rcu() flood (%) */
	struct choose_range read_range, exp_range, gp_cpu_range;
	struct choose_range lookups_range[CHOOSE_HASH_RATES];
};

/* The figures of one run. */
struct choose_results {
	const char *source;	/* where they come from, for the reader */
	const char *machine;	/* CPU, CPUs, kernel, date of the run */
	int threads;		/* the hash figures' thread count (the CPUs) */
	double rwlock_lookups[CHOOSE_HASH_RATES]; /* one pthread_rwlock_t */
	size_t n;
	const struct choose_figures *figs;
};

/*
 * Load the figures of the run in dir (dir/figures.tsv).  Returns 0, or -1
 * with a message in err if dir or its figures cannot be read or hold no
 * benchmark figures.
 */
int choose_results_load(const char *dir, struct choose_results *out,
			char *err, size_t errlen);

/*
 * dir's figures, or, where dir also holds other machines' (the scaling
 * kit's folders, dir/machines/<name>/figures.tsv), those of the machine
 * whose CPU count is closest to cpus, dir's own on a tie: its path into
 * path (len bytes), and how many machines there were to pick from (1: dir
 * alone).
 */
int choose_results_closest(const char *dir, long cpus, char *path, size_t len);

/* The figures compiled in (emit_figures.c wrote them), possibly none. */
extern const struct choose_results choose_builtin_results;

/* impl's figures in r, or NULL if the run did not measure it. */
const struct choose_figures *choose_figures_of(const struct choose_results *r,
					       const char *impl);

/* Lookups per second at pct percent updates, interpolated between the
 * measured rates (the last rate's figure beyond it); NAN if not measured. */
double choose_lookups_at(const double lookups[CHOOSE_HASH_RATES], double pct);
/* The same for a range: its ends interpolated alike. */
struct choose_range choose_lookups_range_at(const struct choose_range r[CHOOSE_HASH_RATES],
					    double pct);

#endif /* RCUTABLE_CHOOSE_FIGURES_H */
