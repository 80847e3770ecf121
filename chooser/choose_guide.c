/* SPDX-License-Identifier: MIT */
/*
 * chooser/choose_guide.c: the "Choosing an implementation"
 * section of RESULTS.md.  Each typical program is a set of rcutable-choose
 * flags, ranked as the command would rank them on the same figures; the
 * line of each implementation then says for which of those programs it
 * comes first, and which answers rule it out.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "choose_args.h"
#include "choose_explain.h"
#include "choose_output.h"

/* membarrier() is stated, not probed, so the guide does not depend on the
 * kernel that writes it. */
static const struct scenario {
	const char *program;
	const char *flags;
} scenarios[] = {
	{ "Threads neither register nor report quiescent states", "--membarrier=yes" },
	{ "Every thread reports quiescent states (an event loop)",
	  "--quiescent-states=yes --membarrier=yes" },
	{ "Reader threads register", "--register=yes --membarrier=yes" },
	{ "No membarrier() (Linux before 4.14, or seccomp)", "--membarrier=no" },
	{ "No membarrier(), a real-time signal free", "--membarrier=no --signal=yes" },
	{ "No membarrier(), reader threads register", "--membarrier=no --register=yes" },
	{ "Readers sleep or block", "--readers-sleep=yes --membarrier=yes" },
	{ "Readers sleep, no membarrier()", "--readers-sleep=yes --membarrier=no" },
	{ "Many independent domains", "--many-domains=yes --membarrier=yes" },
	{ "Updates are 10% of operations", "--updates=10 --membarrier=yes" },
	{ "Expedited grace periods must be fast", "--prefer=latency --membarrier=yes" },
	{ "Updater CPU is scarce", "--prefer=cpu --membarrier=yes" },
	{ "Code that cannot mark its readers (trampolines)", "--markers=no --membarrier=yes" },
	{ "Unmarked code, threads report quiescent states",
	  "--markers=no --quiescent-states=yes --membarrier=yes" },
};
#define SCENARIOS	(sizeof(scenarios) / sizeof(scenarios[0]))

/* The ranking of scenario s on r's figures. */
static void rank_scenario(const struct scenario *s, const struct choose_results *r,
			  struct choose_ranking *k)
{
	char copy[256], *argv[16], err[256], *save;
	struct choose_options o;
	int argc = 0;

	snprintf(copy, sizeof(copy), "%s", s->flags);
	argv[argc++] = "rcutable-choose";
	for (char *w = strtok_r(copy, " ", &save); w && argc < 15; w = strtok_r(NULL, " ", &save))
		argv[argc++] = w;
	argv[argc] = NULL;
	if (choose_parse_args(argc, argv, &o, err, sizeof(err))) {
		fprintf(stderr, "rcutable-choose: the guide's \"%s\": %s\n", s->flags, err);
		exit(1);
	}
	choose_constraints_settle(&o.c);
	o.c.procfs = true;	/* as membarrier(): stated, not probed */
	choose_rank(&o.c, r, k);
}

/* The figures that decided, for the decision table: each part that
 * counts in the score. */
static void deciding_figures(const struct choose_ranking *k, const struct choose_candidate *c,
			     char *buf, size_t len)
{
	static const char *const formats[CHOOSE_PARTS] = {
		"%.1f M lookups/s", "read-side markers %.2f ns", "expedited p50 %.1f µs",
		"updater CPU %.1f µs per grace period" };
	static const double scale[CHOOSE_PARTS] = { 1e-6, 1, 1, 1 };
	size_t used = 0;

	buf[0] = '\0';
	for (int p = 0; p < CHOOSE_PARTS; p++) {
		double v = choose_part_figure(k, c, p);

		if (k->weight[p] > 0 && !isnan(v)) {
			choose_append(buf, len, &used, "; ");
			choose_append(buf, len, &used, formats[p], v * scale[p]);
		}
	}
}

/* Why the first candidate is first, in a few words. */
static void why_first(const struct choose_ranking *k, char *buf, size_t len)
{
	const struct choose_candidate *c = choose_first(k);
	char figures[256];

	deciding_figures(k, c, figures, sizeof(figures));
	if (c->is_default)
		snprintf(buf, len, "the table's default (%s: %s)%s%s", k->dflt.row, k->dflt.kernel,
			 k->kept_first ? ", tied with the best score within the spread" : "",
			 figures);
	else if (k->kept_first)
		snprintf(buf, len, "%s, %.2f [%.2f, %.2f], tied within the spread with the best "
			 "score (%s, %.2f [%.2f, %.2f])%s", k->kept_first, c->score, c->score_lo,
			 c->score_hi, k->best_scored->impl->name, k->best_scored->score,
			 k->best_scored->score_lo, k->best_scored->score_hi, figures);
	else
		snprintf(buf, len, "best score, %.2f%s%s", c->score, k->eligible > 1 ?
			 "" : " (the only one)", figures);
}

static void print_decision_table(FILE *out, const struct choose_results *r,
				 struct choose_ranking *ranks)
{
	size_t i;

	fprintf(out, "| Program | `rcutable-choose` flags | Use | Then | Why |\n"
		"|---|---|---|---|---|\n");
	for (i = 0; i < SCENARIOS; i++) {
		struct choose_ranking *k = &ranks[i];
		char why[1200];

		rank_scenario(&scenarios[i], r, k);
		if (!choose_first(k)) {
			fprintf(out, "| %s | `%s` | none | | no implementation meets these |\n",
				scenarios[i].program, scenarios[i].flags);
			continue;
		}
		why_first(k, why, sizeof(why));
		fprintf(out, "| %s | `%s` | **%s** | %s | %s |\n", scenarios[i].program,
			scenarios[i].flags, k->cand[0].impl->name,
			k->eligible > 1 ? k->cand[1].impl->name : "—", why);
	}
}

/* impl's line: the programs it comes first for, and what rules it out. */
static void print_impl_line(FILE *out, const struct rcutable_impl *impl,
			    const struct choose_ranking *ranks)
{
	unsigned excluded = 0, b;
	size_t i, j, firsts = 0, best_place = 0, best_in = 0;
	const char *sep = "";

	fprintf(out, "- **%s**: %s. Use when: ", impl->name, impl->summary);
	for (i = 0; i < SCENARIOS; i++)
		for (j = 0; j < ranks[i].n; j++) {
			const struct choose_candidate *c = &ranks[i].cand[j];

			if (c->impl != impl && strcmp(c->impl->name, impl->name))
				continue;
			excluded |= c->excluded;
			if (j == 0 && !c->excluded)
				fprintf(out, "%s%s", firsts++ ? "; " : "", scenarios[i].program);
			else if (!c->excluded && (!best_place || j + 1 < best_place))
				best_place = j + 1, best_in = i;
		}
	if (!firsts && best_place)
		fprintf(out, "first for none of these; at best placed %zu (%s)", best_place,
			scenarios[best_in].program);
	else if (!firsts)
		fprintf(out, "none of these programs");
	fprintf(out, ". Not when: ");
	for (b = 0; b < CHOOSE_EXCLUSIONS; b++)
		if (excluded & (1u << b)) {
			fprintf(out, "%s%s", sep, choose_exclusion_when(b));
			sep = "; ";
		}
	fprintf(out, "%s.", *sep ? "" : "nothing here rules it out");
	if (impl->emulated) {
		char apis[256];

		fprintf(out, " The adapter emulates %s, which the library itself lacks.",
			rcutable_api_list(impl->emulated, apis, sizeof(apis)));
	}
	fputc('\n', out);
}

void choose_print_guide(FILE *out, const struct choose_results *r)
{
	static struct choose_ranking ranks[SCENARIOS];
	size_t i;

	fprintf(out, "`build/bin/rcutable-choose` recommends an implementation for a "
		"program's constraints (`--help` lists them; `--json` for scripts). Each "
		"row below is what it answers for a typical program on this run's figures: "
		"implementations whose descriptors ask what the program cannot give are ruled "
		"out, the rest are scored by the hash table's lookups per second at the "
		"program's update rate (1%% unless stated), and by expedited latency or updater "
		"CPU where that matters more. The table's default for the constraints (the "
		"\"!PREEMPT default implementation\" and \"PREEMPT default implementation\" "
		"rows, in user space: docs/API.md) stays first unless another scores better "
		"beyond the spread of both scores (each from its figures' repetitions or "
		"confidence intervals), and so does rcutable's own best against a peer.\n\n");
	print_decision_table(out, r, ranks);
	fprintf(out, "\nWhen to use each implementation, and when not:\n\n");
	for (i = 0; i < choose_impl_count; i++)
		if (!choose_impls[i].is_control)
			print_impl_line(out, &choose_impls[i], ranks);
}
