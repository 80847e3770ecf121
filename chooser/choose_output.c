/* SPDX-License-Identifier: MIT */
/*
 * chooser/choose_output.c: a ranking as text and as JSON.
 */
#include <jansson.h>
#include <math.h>
#include <string.h>

#include "choose_explain.h"
#include "choose_output.h"

static void print_constraints(FILE *out, const struct choose_constraints *c)
{
	static const char *const priorities[] = { "none stated", "expedited grace-period "
		"latency", "updater CPU per grace period" };
	char answer[256];
	int q;

	fprintf(out, "Constraints\n");
	for (q = 0; q < CHOOSE_QUESTIONS; q++)
		fprintf(out, "  %-42s %s\n", choose_questions[q].label,
			choose_answer_text(c, q, answer, sizeof(answer)));
	fprintf(out, "  %-42s %g%% of operations (%s)\n", "updates", c->update_pct,
		choose_source_name(c->update_source));
	fprintf(out, "  %-42s %s (%s)\n", "more important on the update side",
		priorities[c->priority], choose_source_name(c->priority_source));
}

static void print_candidate(FILE *out, const struct choose_ranking *k,
			    const struct choose_candidate *c, const char *indent)
{
	char lines[CHOOSE_MAX_REASONS][CHOOSE_LINE], figures[1024];
	size_t i, n = choose_reasons(k, c, lines, CHOOSE_MAX_REASONS);

	for (i = 0; i < n; i++)
		fprintf(out, "%s- %s\n", indent, lines[i]);
	fprintf(out, "%s- measured: %s\n", indent, choose_figures_line(k, c, figures,
								      sizeof(figures)));
}

void choose_print_text(FILE *out, const struct choose_ranking *k)
{
	const struct choose_candidate *first = choose_first(k);
	char buf[CHOOSE_LINE];
	size_t i;

	fprintf(out, "Figures: %s%s%s%s\n\n", k->results->source, k->results->machine[0] ? " (" : "",
		k->results->machine, k->results->machine[0] ? ")" : "");
	print_constraints(out, &k->constraints);
	if (!first) {
		fprintf(out, "\nNo implementation meets these constraints.\n");
	} else {
		fprintf(out, "\nRecommended: %s\n  %s\n", first->impl->name,
			first->impl->summary);
		if (first->impl->library)
			fprintf(out, "  use: %s (rcutable's adapter over it is for "
				"measuring, and is not installed)\n", first->impl->library);
		else
			fprintf(out, "  build: pkg-config --cflags --libs rcutable-%s\n",
				first->impl->name);
		print_candidate(out, k, first, "  ");
		if (choose_peer_advice(k, buf, sizeof(buf)))
			fprintf(out, "\nNote: %s.\n", buf);
	}
	if (k->eligible > 1)
		fprintf(out, "\nRanking (a score is the weighted geometric mean of each "
			"figure's ratio to the best; 1 is the best in every one; two scores "
			"whose ranges meet are tied)\n");
	for (i = 1; i < k->eligible; i++) {
		fprintf(out, "%2zu. %s: %s\n", i + 1, k->cand[i].impl->name,
			k->cand[i].impl->summary);
		print_candidate(out, k, &k->cand[i], "    ");
	}
	if (k->eligible < k->n)
		fprintf(out, "\nRuled out\n");
	for (i = k->eligible; i < k->n; i++) {
		char lines[CHOOSE_EXCLUSIONS][CHOOSE_LINE];
		size_t j, n = choose_exclusions_text(k, &k->cand[i], lines, CHOOSE_EXCLUSIONS);

		for (j = 0; j < n; j++)
			fprintf(out, "  %s: %s\n", k->cand[i].impl->name, lines[j]);
	}
}

/* A number, or null where it was not measured. */
static json_t *json_figure(double v)
{
	return isnan(v) ? json_null() : json_real(v);
}

static json_t *json_figures(const struct choose_ranking *k, const struct choose_candidate *c)
{
	const struct choose_figures *f = c->fig;

	if (!f)
		return json_null();
	return json_pack("{s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o}",
			 "lookups_per_s", json_figure(choose_part_figure(k, c, CHOOSE_PART_LOOKUPS)),
			 "read_pair_ns", json_figure(f->read_ns),
			 "gp_p50_us", json_figure(f->gp_us),
			 "expedited_p50_us", json_figure(f->exp_us),
			 "updater_cpu_us_per_gp", json_figure(f->gp_cpu_us),
			 "enqueue_ns", json_figure(f->enqueue_ns),
			 "callbacks_per_s", json_figure(f->cbs_per_s),
			 "flood_peak_pct", json_figure(f->flood_peak_pct));
}

static json_t *json_candidate(const struct choose_ranking *k, const struct choose_candidate *c)
{
	char lines[CHOOSE_MAX_REASONS + CHOOSE_EXCLUSIONS][CHOOSE_LINE];
	json_t *reasons = json_array();
	size_t i, n = c->excluded ? choose_exclusions_text(k, c, lines, CHOOSE_EXCLUSIONS) :
				    choose_reasons(k, c, lines, CHOOSE_MAX_REASONS);

	for (i = 0; i < n; i++)
		json_array_append_new(reasons, json_string(lines[i]));
	if (c->excluded)
		return json_pack("{s:s, s:o}", "impl", c->impl->name, "reasons", reasons);
	return json_pack("{s:s, s:b, s:f, s:[f, f], s:b, s:o, s:o}", "impl", c->impl->name,
			 "peer", choose_is_peer(c->impl), "score", c->score,
			 "score_range", c->score_lo, c->score_hi,
			 "table_default", c->is_default, "reasons", reasons,
			 "figures", json_figures(k, c));
}

static json_t *json_constraints(const struct choose_constraints *c)
{
	json_t *o = json_object();
	int q;

	for (q = 0; q < CHOOSE_QUESTIONS; q++)
		json_object_set_new(o, choose_questions[q].flag, json_pack("{s:b, s:s}",
				    "value", c->yes[q], "source", choose_source_name(c->source[q])));
	json_object_set_new(o, "updates", json_pack("{s:f, s:s}", "value", c->update_pct,
			    "source", choose_source_name(c->update_source)));
	json_object_set_new(o, "prefer", json_pack("{s:s, s:s}", "value",
			    choose_priority_name(c->priority), "source",
			    choose_source_name(c->priority_source)));
	return o;
}

void choose_print_json(FILE *out, const struct choose_ranking *k)
{
	const struct choose_candidate *first = choose_first(k);
	json_t *ranking = json_array(), *excluded = json_array(), *doc, *use = json_null();
	char advice[CHOOSE_LINE], build[128];
	size_t i;

	if (first && first->impl->library) {
		use = json_string(first->impl->library);
	} else if (first) {
		snprintf(build, sizeof(build), "pkg-config --cflags --libs rcutable-%s",
			 first->impl->name);
		use = json_string(build);
	}

	for (i = 0; i < k->n; i++)
		json_array_append_new(i < k->eligible ? ranking : excluded,
				      json_candidate(k, &k->cand[i]));
	doc = json_pack("{s:s, s:s, s:o, s:{s:s, s:s, s:s}, s:o, s:o, s:b, s:o, s:o, s:o}",
			"figures", k->results->source, "machine", k->results->machine,
			"constraints", json_constraints(&k->constraints),
			"table_default", "impl", k->dflt.impl, "row", k->dflt.row,
			"kernel", k->dflt.kernel,
			"recommendation", first ? json_string(first->impl->name) : json_null(),
			"use", use,
			"peer_better", first && choose_is_peer(first->impl),
			"peer_advice", choose_peer_advice(k, advice, sizeof(advice)) ?
				json_string(advice) : json_null(),
			"ranking", ranking, "ruled_out", excluded);
	json_dumpf(doc, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	fputc('\n', out);
	json_decref(doc);
}
