/* SPDX-License-Identifier: MIT */
/*
 * chooser/choose_figures.c: see choose_figures.h.  The figures are read
 * from a run's figures.tsv, the one normalized file that
 * scripts/results.py writes from the raw results (its format is
 * described there): machine lines, and figure lines of one value per
 * repetition, of which the chooser takes the median and the range.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "choose_figures.h"

const double choose_hash_pct[CHOOSE_HASH_RATES] = { 0, 1, 10 };

/* One figure line: its median, lowest and highest value. */
struct figure {
	char *source, *impl, *name, *field;
	double median;
	struct choose_range range;
};

struct loader {
	struct figure *rows;
	size_t nrows, rows_cap;
	struct choose_figures *figs;
	size_t n, cap;
};

static void *grow(void *p, size_t *cap, size_t size)
{
	*cap = *cap ? 2 * *cap : 64;
	p = realloc(p, *cap * size);
	if (!p) {
		perror("rcutable-choose");
		exit(1);
	}
	return p;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The median of the values from v, tab-separated, and their lowest and
 * highest in *range; NAN if none. */
static double median_of(char *v, struct choose_range *range)
{
	double vals[256];
	size_t n = 0;
	char *save, *t;

	for (t = strtok_r(v, "\t", &save); t && n < sizeof(vals) / sizeof(vals[0]);
	     t = strtok_r(NULL, "\t", &save))
		vals[n++] = strtod(t, NULL);
	if (!n) {
		*range = (struct choose_range){ NAN, NAN };
		return NAN;
	}
	qsort(vals, n, sizeof(vals[0]), cmp_double);
	*range = (struct choose_range){ vals[0], vals[n - 1] };
	return n % 2 ? vals[n / 2] : (vals[n / 2 - 1] + vals[n / 2]) / 2;
}

/* A machine line's value, a JSON string or number, as text. */
static char *json_text(const char *v)
{
	size_t n = strlen(v);
	char *out = malloc(n + 1), *o = out;

	if (!out)
		return NULL;
	if (n >= 2 && v[0] == '"' && v[n - 1] == '"')
		for (v++, n -= 2; n; v++, n--) {
			if (*v == '\\' && n > 1) {
				v++;
				n--;
			}
			*o++ = *v;
		}
	else
		o = stpcpy(out, v);
	*o = '\0';
	return out;
}

/* impl's figure name/field from source, or NULL. */
static const struct figure *find(const struct loader *l, const char *source, const char *impl,
				 const char *name, const char *field)
{
	size_t i;

	for (i = 0; i < l->nrows; i++) {
		const struct figure *f = &l->rows[i];

		if (!strcmp(f->impl, impl) && !strcmp(f->name, name) &&
		    !strcmp(f->field, field) && !strcmp(f->source, source))
			return f;
	}
	return NULL;
}

/* The median of impl's figure name/field from source, or NAN. */
static double figure(const struct loader *l, const char *source, const char *impl,
		     const char *name, const char *field)
{
	const struct figure *f = find(l, source, impl, name, field);

	return f ? f->median : NAN;
}

/* The first of names that the run measured: its name, or NULL. */
static const char *first_measured(const struct loader *l, const char *source,
				  const char *impl, const char *const names[],
				  const char *field)
{
	for (; *names; names++)
		if (find(l, source, impl, *names, field))
			return *names;
	return NULL;
}

/* The first of names that the run measured, or NAN. */
static double figure_first(const struct loader *l, const char *source, const char *impl,
			   const char *const names[], const char *field)
{
	const char *name = first_measured(l, source, impl, names, field);

	return name ? figure(l, source, impl, name, field) : NAN;
}

/* The range of a repeated figure: its lowest and highest repetition. */
static struct choose_range range_of(const struct loader *l, const char *source,
				    const char *impl, const char *name, const char *field)
{
	const struct figure *f = find(l, source, impl, name, field);

	return f ? f->range : (struct choose_range){ NAN, NAN };
}

/* The range of a percentile (field <p>): from the lowest end of its 95%
 * confidence intervals (<p>_lo) to the highest (<p>_hi), over the
 * repetitions and rounds that measured it, so that it spans how far the
 * runs moved it as well as each run's own uncertainty; the percentile's
 * own values where the run has no interval. */
static struct choose_range percentile_range(const struct loader *l, const char *source,
					    const char *impl, const char *const names[],
					    const char *field)
{
	const char *name = first_measured(l, source, impl, names, field);
	char lo[96], hi[96];
	struct choose_range a, b;

	if (!name)
		return (struct choose_range){ NAN, NAN };
	snprintf(lo, sizeof(lo), "%s_lo", field);
	snprintf(hi, sizeof(hi), "%s_hi", field);
	a = range_of(l, source, impl, name, lo);
	b = range_of(l, source, impl, name, hi);
	if (isnan(a.lo) || isnan(b.hi))
		return range_of(l, source, impl, name, field);
	return (struct choose_range){ a.lo, b.hi };
}

static struct choose_figures *figures_for(struct loader *l, const char *impl)
{
	struct choose_figures *f;
	size_t i;

	for (i = 0; i < l->n; i++)
		if (!strcmp(l->figs[i].impl, impl))
			return &l->figs[i];
	if (l->n == l->cap)
		l->figs = grow(l->figs, &l->cap, sizeof(*l->figs));
	f = &l->figs[l->n++];
	*f = (struct choose_figures){ .impl = impl };
	f->read_ns = f->read_empty_ns = f->read_updater_ns = f->read_insns = f->gp_us = f->exp_us = NAN;
	f->gp_cpu_us = f->enqueue_ns = f->cbs_per_s = f->flood_peak_pct = NAN;
	f->read_range = f->exp_range = f->gp_cpu_range = (struct choose_range){ NAN, NAN };
	for (i = 0; i < CHOOSE_HASH_RATES; i++) {
		f->lookups[i] = NAN;
		f->lookups_range[i] = (struct choose_range){ NAN, NAN };
	}
	return f;
}

/* One flavor's property rows (bench/bench.c, srcu_bench.c, tasks_bench.c). */
static void load_bench(struct loader *l, const char *source, const char *impl)
{
	static const char *const gp[] = { "gp_latency/normal/1", "gp_latency/spin_sleep/1", NULL };
	static const char *const exp[] = { "gp_latency/expedited/1", NULL };
	static const char *const enqueue[] = { "call_rcu_enqueue", "call_srcu_enqueue",
		"call_rcu_tasks_enqueue", NULL };
	static const char *const tasks_cpu[] = { "gp_latency/spin_sleep/1", NULL };
	struct choose_figures *f = figures_for(l, impl);

	f->read_ns = figure(l, source, impl, "read_pair", "ns_per_op");
	f->read_range = range_of(l, source, impl, "read_pair", "ns_per_op");
	f->read_empty_ns = figure(l, source, impl, "read_empty", "ns_per_op");
	if (!strcmp(source, "tasks-bench")) {
		f->read_ns = f->read_empty_ns = 0;	/* no read-side markers: free */
		f->read_range = (struct choose_range){ 0, 0 };
	}
	f->read_updater_ns = figure(l, source, impl, "read_pair_under_updater", "ns_per_op");
	f->gp_us = figure_first(l, source, impl, gp, "latency_us_p50");
	f->exp_us = figure_first(l, source, impl, exp, "latency_us_p50");
	f->exp_range = percentile_range(l, source, impl, exp, "latency_us_p50");
	if (isnan(f->exp_us)) {	/* an emulated expedited grace period is a normal one */
		f->exp_us = f->gp_us;
		f->exp_range = percentile_range(l, source, impl, gp, "latency_us_p50");
	}
	f->gp_cpu_us = figure_first(l, source, impl, gp, "updater_cpu_us_p50");
	f->gp_cpu_range = percentile_range(l, source, impl, gp, "updater_cpu_us_p50");
	if (isnan(f->gp_cpu_us)) {
		f->gp_cpu_us = figure_first(l, source, impl, tasks_cpu, "updater_cpu_us");
		f->gp_cpu_range = (struct choose_range){ f->gp_cpu_us, f->gp_cpu_us };
	}
	f->enqueue_ns = figure_first(l, source, impl, enqueue, "ns_per_call_p50");
	f->cbs_per_s = figure(l, source, impl, "callback_throughput", "callbacks_per_s");
}

/* The hash table's lookups (bench/hash_bench.c): the hlist_bl table, or
 * the rwlock baseline's, at the machine's thread count; at one thread the
 * highest repetition, as RESULTS.md takes it (scripts/results.py's
 * hash_value(): a thread alone can only be slowed by what runs beside it). */
static void load_hash(struct loader *l, const char *impl, struct choose_results *r)
{
	bool baseline = !strcmp(impl, "rwlock");
	struct choose_figures *f = baseline ? NULL : figures_for(l, impl);
	double *out = baseline ? r->rwlock_lookups : f->lookups;
	int i;

	for (i = 0; i < CHOOSE_HASH_RATES; i++) {
		struct choose_range range;
		char name[64];

		snprintf(name, sizeof(name), "hash/%s/updates_%gpct/%d",
			 baseline ? "rwlock" : "bl", choose_hash_pct[i], r->threads);
		range = range_of(l, "hash-bench", impl, name, "lookups_per_s");
		out[i] = r->threads == 1 ? range.hi
					 : figure(l, "hash-bench", impl, name, "lookups_per_s");
		if (f)
			f->lookups_range[i] = range;
	}
}

/* The flood's peak outstanding (conformance/stress/flood.c), in percent. */
static void load_flood(struct loader *l, const char *impl)
{
	double peak = figure(l, "flood", impl, "flood", "peak_outstanding");
	double total = figure(l, "flood", impl, "flood", "callbacks");

	if (total > 0)
		figures_for(l, impl)->flood_peak_pct = 100.0 * peak / total;
}

/* The machine lines: the hash figures' thread count and a line saying
 * where the figures were measured. */
static void describe_machine(char *const machine[4], struct choose_results *r)
{
	char line[512];

	r->threads = machine[0] ? atoi(machine[0]) : 0;
	if (r->threads <= 0) {
		r->threads = 2;	/* the hash figures are read at this many threads */
		snprintf(line, sizeof(line), "no machine figures: its hash figures read at "
			 "%d threads", r->threads);
	} else {
		snprintf(line, sizeof(line), "%s, %d CPUs, %s, %s",
			 machine[1] ?: "an unnamed CPU", r->threads,
			 machine[2] ?: "an unnamed kernel", machine[3] ?: "undated");
	}
	r->machine = strdup(line);
}

/* Read path's lines: machine[] gets cpus, cpu, kernel, date; l the
 * figures.  -1 if it cannot be read. */
static int read_figures(const char *path, struct loader *l, char *machine[4])
{
	static const char *const keys[4] = { "cpus", "cpu", "kernel", "date" };
	char *line = NULL;
	size_t len = 0;
	FILE *fp = fopen(path, "r");

	if (!fp)
		return -1;
	while (getline(&line, &len, fp) > 0) {
		char *save, *type, *a, *b, *c, *d;
		struct choose_range range;
		double median;

		line[strcspn(line, "\n")] = '\0';
		type = strtok_r(line, "\t", &save);
		a = strtok_r(NULL, "\t", &save);
		b = strtok_r(NULL, "\t", &save);
		if (!type || !a || !b || type[0] == '#')
			continue;
		if (!strcmp(type, "machine")) {
			for (int k = 0; k < 4; k++)
				if (!strcmp(a, keys[k]) && !machine[k])
					machine[k] = json_text(b);
			continue;
		}
		c = strtok_r(NULL, "\t", &save);
		d = strtok_r(NULL, "\t", &save);
		if (strcmp(type, "figure") || !c || !d || !save)
			continue;
		if (l->nrows == l->rows_cap)
			l->rows = grow(l->rows, &l->rows_cap, sizeof(*l->rows));
		median = median_of(save, &range);
		l->rows[l->nrows++] = (struct figure){ strdup(a), strdup(b), strdup(c), strdup(d),
						       median, range };
	}
	free(line);
	fclose(fp);
	return 0;
}

int choose_results_load(const char *dir, struct choose_results *out, char *err, size_t errlen)
{
	struct loader l = { 0 };
	char source[4200], path[4096], *machine[4] = { 0 };
	size_t i;
	bool found = false;

	*out = (struct choose_results){ 0 };
	if (access(dir, R_OK | X_OK)) {
		snprintf(err, errlen, "cannot read %s: %s", dir, strerror(errno));
		return -1;
	}
	snprintf(path, sizeof(path), "%s/figures.tsv", dir);
	if (read_figures(path, &l, machine)) {
		snprintf(err, errlen, "%s has no figures.tsv (%s): `make results` writes it, "
			 "and `python3 scripts/results.py figures %s` from a run's raw files",
			 dir, strerror(errno), dir);
		return -1;
	}
	for (i = 0; i < CHOOSE_HASH_RATES; i++)
		out->rwlock_lookups[i] = NAN;
	describe_machine(machine, out);
	for (i = 0; i < 4; i++)
		free(machine[i]);
	/* Each implementation's figures, in the order the file lists them. */
	for (i = 0; i < l.nrows; i++) {
		const struct figure *f = &l.rows[i];

		if (i && !strcmp(f->impl, l.rows[i - 1].impl) &&
		    !strcmp(f->source, l.rows[i - 1].source))
			continue;
		if (!strcmp(f->source, "bench") || !strcmp(f->source, "srcu-bench") ||
		    !strcmp(f->source, "tasks-bench")) {
			load_bench(&l, f->source, f->impl);
			found = true;
		} else if (!strcmp(f->source, "hash-bench")) {
			load_hash(&l, f->impl, out);
		} else if (!strcmp(f->source, "flood")) {
			load_flood(&l, f->impl);
		} else if (!strcmp(f->source, "instructions")) {
			figures_for(&l, f->impl)->read_insns =
				figure(&l, "instructions", f->impl, "read_pair", "read_pair_instructions");
		}
	}
	if (!found) {
		snprintf(err, errlen, "%s holds no benchmark figures (figures.tsv has none): "
			 "`make results` writes them", dir);
		return -1;
	}
	snprintf(source, sizeof(source), "the run in %s", dir);
	out->source = strdup(source);
	out->n = l.n;
	out->figs = l.figs;
	return 0;
}

/* The CPU count of the run whose figures are path, or -1. */
static long machine_cpus(const char *path)
{
	char *line = NULL;
	size_t len = 0;
	long cpus = -1;
	FILE *fp = fopen(path, "r");

	if (!fp)
		return -1;
	while (cpus < 0 && getline(&line, &len, fp) > 0)
		if (!strncmp(line, "machine\tcpus\t", 13))
			cpus = atol(line + 13);
	free(line);
	fclose(fp);
	return cpus;
}

int choose_results_closest(const char *dir, long cpus, char *path, size_t len)
{
	char machines[4096], tsv[8192];
	long best;
	int n = 1;
	DIR *d;
	struct dirent *e;

	snprintf(path, len, "%s", dir);
	snprintf(tsv, sizeof(tsv), "%s/figures.tsv", dir);
	best = labs(machine_cpus(tsv) - cpus);
	snprintf(machines, sizeof(machines), "%s/machines", dir);
	d = opendir(machines);
	if (!d)
		return n;
	while ((e = readdir(d))) {
		long c;

		if (e->d_name[0] == '.')
			continue;
		snprintf(tsv, sizeof(tsv), "%s/%s/figures.tsv", machines, e->d_name);
		if ((c = machine_cpus(tsv)) < 0)
			continue;
		n++;
		if (labs(c - cpus) < best) {
			best = labs(c - cpus);
			snprintf(path, len, "%s/%s", machines, e->d_name);
		}
	}
	closedir(d);
	return n;
}

const struct choose_figures *choose_figures_of(const struct choose_results *r, const char *impl)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		if (!strcmp(r->figs[i].impl, impl))
			return &r->figs[i];
	return NULL;
}

double choose_lookups_at(const double lookups[CHOOSE_HASH_RATES], double pct)
{
	int i;

	if (pct <= choose_hash_pct[0])
		return lookups[0];
	for (i = 1; i < CHOOSE_HASH_RATES; i++)
		if (pct <= choose_hash_pct[i]) {
			double lo = choose_hash_pct[i - 1], hi = choose_hash_pct[i];

			return lookups[i - 1] + (lookups[i] - lookups[i - 1]) * (pct - lo) / (hi - lo);
		}
	return lookups[CHOOSE_HASH_RATES - 1];
}

struct choose_range choose_lookups_range_at(const struct choose_range r[CHOOSE_HASH_RATES],
					    double pct)
{
	double lo[CHOOSE_HASH_RATES], hi[CHOOSE_HASH_RATES];
	int i;

	for (i = 0; i < CHOOSE_HASH_RATES; i++) {
		lo[i] = r[i].lo;
		hi[i] = r[i].hi;
	}
	return (struct choose_range){ choose_lookups_at(lo, pct), choose_lookups_at(hi, pct) };
}
