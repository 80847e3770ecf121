/* SPDX-License-Identifier: MIT */
/*
 * chooser/choose_figures.c: see choose_figures.h.  The JSON is
 * what scripts/run-all leaves: Google Benchmark's output of every
 * benchmark program, the flood's and callgrind's records, machine.json.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <glob.h>
#include <jansson.h>
#include <stdbool.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "choose_figures.h"

const double choose_hash_pct[CHOOSE_HASH_RATES] = { 0, 1, 10 };

struct loader {
	struct choose_figures *figs;
	size_t n, cap;
	int threads;
};

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* "gp_latency/normal/1/iterations:1000/manual_time" -> "gp_latency/normal/1" */
static void base_name(const char *run_name, char *out, size_t len)
{
	static const char *const decorations[] = { "iterations", "repeats",
		"manual_time", "threads", "real_time" };
	char copy[256], *save, *part;
	size_t used = 0;

	snprintf(copy, sizeof(copy), "%s", run_name ? run_name : "");
	out[0] = '\0';
	for (part = strtok_r(copy, "/", &save); part; part = strtok_r(NULL, "/", &save)) {
		size_t key = strcspn(part, ":"), i;
		bool decoration = false;

		for (i = 0; i < sizeof(decorations) / sizeof(decorations[0]); i++)
			if (strlen(decorations[i]) == key && !strncmp(part, decorations[i], key))
				decoration = true;
		if (!decoration)
			used += snprintf(out + used, len - used, "%s%s", used ? "/" : "", part);
		if (used >= len)
			break;
	}
}

/*
 * A field of the benchmark whose base name is base: its median over
 * repetitions, else the median of its runs; NAN if it has none.
 */
static double bench_field(json_t *benchmarks, const char *base, const char *field)
{
	double vals[64];
	size_t i, n = 0;
	json_t *b;

	json_array_foreach(benchmarks, i, b) {
		json_t *v = json_object_get(b, field);
		const char *type = json_string_value(json_object_get(b, "run_type"));
		const char *agg = json_string_value(json_object_get(b, "aggregate_name"));
		char name[256];

		if (!json_is_number(v) || json_is_true(json_object_get(b, "error_occurred")))
			continue;
		base_name(json_string_value(json_object_get(b, "run_name")), name, sizeof(name));
		if (strcmp(name, base))
			continue;
		if (type && !strcmp(type, "aggregate")) {
			if (agg && !strcmp(agg, "median"))
				return json_number_value(v);
		} else if (n < sizeof(vals) / sizeof(vals[0])) {
			vals[n++] = json_number_value(v);
		}
	}
	if (!n)
		return NAN;
	qsort(vals, n, sizeof(vals[0]), cmp_double);
	return vals[n / 2];
}

/* The first of names that the run measured, or NAN. */
static double bench_first(json_t *benchmarks, const char *const names[], const char *field)
{
	double v = NAN;

	for (; *names && isnan(v); names++)
		v = bench_field(benchmarks, *names, field);
	return v;
}

static struct choose_figures *figures_for(struct loader *l, const char *impl)
{
	struct choose_figures *f;
	size_t i;

	for (i = 0; i < l->n; i++)
		if (!strcmp(l->figs[i].impl, impl))
			return &l->figs[i];
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 16;
		l->figs = realloc(l->figs, l->cap * sizeof(*l->figs));
		if (!l->figs) {
			perror("rcutable-choose");
			exit(1);
		}
	}
	f = &l->figs[l->n++];
	*f = (struct choose_figures){ .impl = strdup(impl) };
	f->read_ns = f->read_empty_ns = f->read_updater_ns = f->read_insns = f->gp_us = f->exp_us = NAN;
	f->gp_cpu_us = f->enqueue_ns = f->cbs_per_s = f->flood_peak_pct = NAN;
	for (i = 0; i < CHOOSE_HASH_RATES; i++)
		f->lookups[i] = NAN;
	return f;
}

static const char *context_string(json_t *doc, const char *key)
{
	const char *s = json_string_value(json_object_get(json_object_get(doc, "context"), key));

	return s ? s : "";
}

/* bench-*.json, srcu-bench-*.json, tasks-bench-*.json: one flavor's
 * property rows (bench/bench.c, srcu_bench.c, tasks_bench.c). */
static void load_bench(struct loader *l, json_t *doc, void *unused)
{
	static const char *const gp[] = { "gp_latency/normal/1", "gp_latency/spin_sleep/1", NULL };
	static const char *const exp[] = { "gp_latency/expedited/1", NULL };
	static const char *const enqueue[] = { "call_rcu_enqueue", "call_srcu_enqueue",
		"call_rcu_tasks_enqueue", NULL };
	static const char *const tasks_cpu[] = { "gp_latency/spin_sleep/1", NULL };
	struct choose_figures *f = figures_for(l, context_string(doc, "rcutable_impl"));
	json_t *b = json_object_get(doc, "benchmarks");

	(void)unused;
	f->read_ns = bench_field(b, "read_pair", "ns_per_op");
	f->read_empty_ns = bench_field(b, "read_empty", "ns_per_op");
	if (!strcmp(context_string(doc, "rcutable_flavor"), "tasks"))
		f->read_ns = f->read_empty_ns = 0;	/* no read-side markers: free */
	f->read_updater_ns = bench_field(b, "read_pair_under_updater", "ns_per_op");
	f->gp_us = bench_first(b, gp, "latency_us_p50");
	f->exp_us = bench_first(b, exp, "latency_us_p50");
	if (isnan(f->exp_us))	/* an emulated expedited grace period is a normal one */
		f->exp_us = f->gp_us;
	f->gp_cpu_us = bench_first(b, gp, "updater_cpu_us_p50");
	if (isnan(f->gp_cpu_us))
		f->gp_cpu_us = bench_first(b, tasks_cpu, "updater_cpu_us");
	f->enqueue_ns = bench_first(b, enqueue, "ns_per_call_p50");
	f->cbs_per_s = bench_field(b, "callback_throughput", "callbacks_per_s");
}

/* hash-bench-*.json (bench/hash_bench.c): the hlist_bl table, or the
 * rwlock baseline's, at the machine's thread count; arg is the results. */
static void load_hash(struct loader *l, json_t *doc, void *arg)
{
	struct choose_results *r = arg;
	const char *impl = context_string(doc, "rcutable_impl");
	bool baseline = !strcmp(impl, "rwlock");
	double *out = baseline ? r->rwlock_lookups : figures_for(l, impl)->lookups;
	int i;

	for (i = 0; i < CHOOSE_HASH_RATES; i++) {
		char name[64];

		snprintf(name, sizeof(name), "hash/%s/updates_%gpct/%d",
			 baseline ? "rwlock" : "bl", choose_hash_pct[i], r->threads);
		out[i] = bench_field(json_object_get(doc, "benchmarks"), name, "lookups_per_s");
	}
}

/* flood-*.json (conformance/stress/flood.c). */
static void load_flood(struct loader *l, json_t *doc, void *unused)
{
	const char *impl = json_string_value(json_object_get(doc, "impl"));
	double peak = json_number_value(json_object_get(doc, "peak_outstanding"));
	double total = json_number_value(json_object_get(doc, "callbacks"));

	(void)unused;
	if (impl && total > 0)
		figures_for(l, impl)->flood_peak_pct = 100.0 * peak / total;
}

/* instructions.jsonl (scripts/count-instructions): one record per line. */
static void load_instructions(struct loader *l, const char *path)
{
	char line[1024];
	FILE *fp = fopen(path, "r");

	if (!fp)
		return;
	while (fgets(line, sizeof(line), fp)) {
		json_t *rec = json_loads(line, 0, NULL);
		const char *impl = json_string_value(json_object_get(rec, "impl"));
		json_t *v = json_object_get(rec, "read_pair_instructions");

		if (impl && json_is_number(v))
			figures_for(l, impl)->read_insns = json_number_value(v);
		json_decref(rec);
	}
	fclose(fp);
}

/* machine.json (scripts/machine-info): the hash figures' thread count
 * and a line saying where the figures were measured. */
static void load_machine(const char *dir, struct choose_results *r)
{
	char path[4096], line[512];
	json_t *m;

	snprintf(path, sizeof(path), "%s/machine.json", dir);
	m = json_load_file(path, 0, NULL);
	r->threads = json_integer_value(json_object_get(m, "cpus"));
	if (!m || r->threads <= 0) {
		/* The hash figures are read at this many threads. */
		r->threads = 2;
		snprintf(line, sizeof(line), "no machine.json: its hash figures read at "
			 "%d threads", r->threads);
		r->machine = strdup(line);
		json_decref(m);
		return;
	}
	snprintf(line, sizeof(line), "%s, %d CPUs, %s, %s",
		 json_string_value(json_object_get(m, "cpu")) ?: "an unnamed CPU", r->threads,
		 json_string_value(json_object_get(m, "kernel")) ?: "an unnamed kernel",
		 json_string_value(json_object_get(m, "date")) ?: "undated");
	r->machine = strdup(line);
	json_decref(m);
}

/* The length of a NaN or infinity token at p (as C, Python or Google
 * Benchmark spell it), or 0. */
static size_t nonfinite_token(const char *p)
{
	static const char *const tokens[] = { "-infinity", "infinity", "-nan", "nan",
		"-inf", "inf" };
	size_t i;

	for (i = 0; i < sizeof(tokens) / sizeof(tokens[0]); i++)
		if (!strncasecmp(p, tokens[i], strlen(tokens[i])))
			return strlen(tokens[i]);
	return 0;
}

/*
 * A JSON file, parsed.  Google Benchmark writes the coefficient of
 * variation of an all-zero counter as a bare NaN, which JSON lacks: such
 * a token outside strings is read as null.
 */
static json_t *load_json(const char *path)
{
	FILE *fp = fopen(path, "r");
	char *text = NULL, *out;
	size_t len = 0, i, o = 0;
	bool in_string = false;
	json_t *doc;

	if (!fp)
		return NULL;
	if (getdelim(&text, &len, '\0', fp) < 0) {
		fclose(fp);
		free(text);
		return NULL;
	}
	fclose(fp);
	len = strlen(text);
	out = malloc(2 * len + 1);
	for (i = 0; out && i < len; i++) {
		size_t skip = in_string ? 0 : nonfinite_token(text + i);

		if (text[i] == '"' && (i == 0 || text[i - 1] != '\\'))
			in_string = !in_string;
		if (!in_string && skip) {
			memcpy(out + o, "null", 4);
			o += 4;
			i += skip - 1;
		} else {
			out[o++] = text[i];
		}
	}
	doc = out ? json_loadb(out, o, 0, NULL) : NULL;
	free(text);
	free(out);
	return doc;
}

/* Every file of dir matching pattern, parsed, to fn; how many there were. */
static size_t for_each_json(const char *dir, const char *pattern,
			    void (*fn)(struct loader *, json_t *, void *),
			    struct loader *l, void *arg)
{
	char path[4096];
	glob_t g;
	size_t i, n = 0;

	snprintf(path, sizeof(path), "%s/%s", dir, pattern);
	if (glob(path, 0, NULL, &g))
		return 0;
	for (i = 0; i < g.gl_pathc; i++) {
		json_t *doc = load_json(g.gl_pathv[i]);

		if (doc) {
			fn(l, doc, arg);
			n++;
		}
		json_decref(doc);
	}
	globfree(&g);
	return n;
}

int choose_results_load(const char *dir, struct choose_results *out, char *err, size_t errlen)
{
	static const char *const bench_patterns[] = { "bench-*.json", "srcu-bench-*.json",
		"tasks-bench-*.json" };
	struct loader l = { 0 };
	char source[4200], path[4096];
	size_t i, found = 0;

	*out = (struct choose_results){ 0 };
	if (access(dir, R_OK | X_OK)) {
		snprintf(err, errlen, "cannot read %s: %s", dir, strerror(errno));
		return -1;
	}
	for (i = 0; i < CHOOSE_HASH_RATES; i++)
		out->rwlock_lookups[i] = NAN;
	load_machine(dir, out);
	for (i = 0; i < sizeof(bench_patterns) / sizeof(bench_patterns[0]); i++)
		found += for_each_json(dir, bench_patterns[i], load_bench, &l, NULL);
	if (!found) {
		snprintf(err, errlen, "%s holds no benchmark results (bench-*.json): "
			 "`make results` writes them", dir);
		return -1;
	}
	for_each_json(dir, "hash-bench-*.json", load_hash, &l, out);
	for_each_json(dir, "flood-*.json", load_flood, &l, NULL);
	snprintf(path, sizeof(path), "%s/instructions.jsonl", dir);
	load_instructions(&l, path);
	snprintf(source, sizeof(source), "the run in %s", dir);
	out->source = strdup(source);
	out->n = l.n;
	out->figs = l.figs;
	return 0;
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
