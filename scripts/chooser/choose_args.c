/* SPDX-License-Identifier: MIT */
/*
 * scripts/chooser/choose_args.c: see choose_args.h.
 */
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "choose_args.h"

const char choose_usage[] =
"usage: rcutable-choose [CONSTRAINT...] [--results=DIR | --builtin] [--json] [--ask]\n"
"       rcutable-choose --guide [--results=DIR | --builtin]\n"
"\n"
"Recommends an rcutable implementation (or a peer library) for a program's\n"
"constraints, from the implementations' descriptors and measured figures.\n"
"\n"
"Constraints (yes or no; a flag alone means yes; unstated ones are assumed,\n"
"membarrier() is probed on this kernel):\n"
"  --readers-sleep=yes|no     readers sleep or block inside a section (no)\n"
"  --markers=yes|no           every reader marks its sections (yes)\n"
"  --register=yes|no          every reader thread can register (no)\n"
"  --quiescent-states=yes|no  threads report quiescent states (no)\n"
"  --membarrier=yes|no        membarrier() is available (probed)\n"
"  --signal=yes|no            a real-time signal is free for RCU (no)\n"
"  --many-domains=yes|no      many independent domains (no)\n"
"  --updates=PCT              updates, in percent of operations (1)\n"
"  --reads-per-update=N       the same as a read/update ratio\n"
"  --prefer=latency|cpu       what matters more on the update side: expedited\n"
"                             grace-period latency or updater CPU (neither)\n"
"\n"
"Figures: --results=DIR reads a `make results` run; by default results/ in\n"
"the current directory, else the figures compiled in (--builtin).\n"
"Output: text, or --json; --ask prompts for the constraints not given (the\n"
"default on a terminal with none given); --guide prints the decision table\n"
"of RESULTS.md.\n";

enum { OPT_UPDATES = CHOOSE_QUESTIONS, OPT_RATIO, OPT_PREFER, OPT_RESULTS, OPT_BUILTIN,
       OPT_JSON, OPT_ASK, OPT_GUIDE, OPT_HELP };

static const struct option options[] = {
	{ "readers-sleep", optional_argument, NULL, CHOOSE_Q_SLEEP },
	{ "markers", optional_argument, NULL, CHOOSE_Q_MARKERS },
	{ "register", optional_argument, NULL, CHOOSE_Q_REGISTER },
	{ "quiescent-states", optional_argument, NULL, CHOOSE_Q_QS },
	{ "membarrier", optional_argument, NULL, CHOOSE_Q_MEMBARRIER },
	{ "signal", optional_argument, NULL, CHOOSE_Q_SIGNAL },
	{ "many-domains", optional_argument, NULL, CHOOSE_Q_DOMAINS },
	{ "updates", required_argument, NULL, OPT_UPDATES },
	{ "reads-per-update", required_argument, NULL, OPT_RATIO },
	{ "prefer", required_argument, NULL, OPT_PREFER },
	{ "results", required_argument, NULL, OPT_RESULTS },
	{ "builtin", no_argument, NULL, OPT_BUILTIN },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "ask", no_argument, NULL, OPT_ASK },
	{ "guide", no_argument, NULL, OPT_GUIDE },
	{ "help", no_argument, NULL, OPT_HELP },
	{ NULL, 0, NULL, 0 },
};

/* "yes", "no" or nothing (yes); -1 for anything else. */
static int parse_yes_no(const char *arg)
{
	if (!arg || !strcmp(arg, "yes"))
		return 1;
	return !strcmp(arg, "no") ? 0 : -1;
}

/* A number in [lo, hi], or NAN. */
static double parse_number(const char *arg, double lo, double hi)
{
	char *end;
	double v = strtod(arg, &end);

	return end != arg && !*end && v >= lo && v <= hi ? v : NAN;
}

static int set_question(struct choose_options *o, int q, const char *arg, char *err, size_t len)
{
	int yes = parse_yes_no(arg);

	if (yes < 0) {
		snprintf(err, len, "--%s=%s: the answer is yes or no", choose_questions[q].flag, arg);
		return -1;
	}
	if (o->c.source[q] == CHOOSE_GIVEN && o->c.yes[q] != yes) {
		snprintf(err, len, "--%s is given twice, as yes and as no", choose_questions[q].flag);
		return -1;
	}
	o->c.yes[q] = yes;
	o->c.source[q] = CHOOSE_GIVEN;
	return 0;
}

static int set_updates(struct choose_options *o, double pct, const char *flag, const char *arg,
		       char *err, size_t len)
{
	if (isnan(pct)) {
		snprintf(err, len, "%s=%s: %s", flag, arg, strcmp(flag, "--updates") ?
			 "a number of reads, 0 or more" : "a percentage, 0 to 100");
		return -1;
	}
	if (o->c.update_source == CHOOSE_GIVEN && fabs(o->c.update_pct - pct) > 1e-9 * (1 + pct)) {
		snprintf(err, len, "%s=%s contradicts the update rate given before (%g%% "
			 "of operations)", flag, arg, o->c.update_pct);
		return -1;
	}
	o->c.update_pct = pct;
	o->c.update_source = CHOOSE_GIVEN;
	return 0;
}

static int set_prefer(struct choose_options *o, const char *arg, char *err, size_t len)
{
	enum choose_priority p = !strcmp(arg, "latency") ? CHOOSE_PRIORITY_LATENCY :
				 !strcmp(arg, "cpu") ? CHOOSE_PRIORITY_CPU : CHOOSE_PRIORITY_NONE;

	if (p == CHOOSE_PRIORITY_NONE) {
		snprintf(err, len, "--prefer=%s: say latency or cpu", arg);
		return -1;
	}
	if (o->c.priority_source == CHOOSE_GIVEN && o->c.priority != p) {
		snprintf(err, len, "--prefer is given twice, as latency and as cpu: "
			 "one of them matters more");
		return -1;
	}
	o->c.priority = p;
	o->c.priority_source = CHOOSE_GIVEN;
	return 0;
}

static int parse_one(struct choose_options *o, int opt, const char *arg, char *err, size_t len)
{
	if (opt < CHOOSE_QUESTIONS) {
		o->constrained = true;
		return set_question(o, opt, arg, err, len);
	}
	switch (opt) {
	case OPT_UPDATES:
		o->constrained = true;
		return set_updates(o, parse_number(arg, 0, 100), "--updates", arg, err, len);
	case OPT_RATIO: {
		double reads = parse_number(arg, 0, INFINITY);

		o->constrained = true;
		return set_updates(o, isnan(reads) ? NAN : 100 / (reads + 1), "--reads-per-update",
				   arg, err, len);
	}
	case OPT_PREFER:
		o->constrained = true;
		return set_prefer(o, arg, err, len);
	case OPT_RESULTS:
		o->results_dir = arg;
		return 0;
	case OPT_BUILTIN:
		o->builtin = true;
		return 0;
	case OPT_JSON:
		o->json = true;
		return 0;
	case OPT_ASK:
		o->ask = true;
		return 0;
	case OPT_GUIDE:
		o->guide = true;
		return 0;
	case OPT_HELP:
		o->help = true;
		return 0;
	}
	return -1;
}

/* Flags that cannot go together, whatever their values. */
static int check_modes(const struct choose_options *o, char *err, size_t len)
{
	if (o->builtin && o->results_dir)
		snprintf(err, len, "--builtin contradicts --results: the figures come from one place");
	else if (o->guide && (o->constrained || o->ask || o->json))
		snprintf(err, len, "--guide prints the decision table for typical programs: it "
			 "takes no constraints, --ask or --json");
	else
		return choose_constraints_check(&o->c, err, len);
	return -1;
}

int choose_parse_args(int argc, char **argv, struct choose_options *o, char *err, size_t len)
{
	int opt;

	memset(o, 0, sizeof(*o));
	choose_constraints_init(&o->c);
	optind = 0;		/* glibc: start afresh, for each call */
	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":", options, NULL)) != -1) {
		if (opt == '?' || opt == ':') {
			const char *flag = argv[optind - 1];

			snprintf(err, len, opt == '?' ? "unknown option '%s' (--help lists "
				 "them)" : "option '%s' needs a value", flag);
			return -1;
		}
		if (parse_one(o, opt, optarg, err, len))
			return -1;
	}
	if (optind < argc) {
		snprintf(err, len, "unexpected argument '%s' (--help lists the options)",
			 argv[optind]);
		return -1;
	}
	return check_modes(o, err, len);
}

/* One prompt; the answer, or the default on an empty line or at EOF. */
static int ask_yes_no(FILE *in, FILE *out, const char *prompt, int dflt, const char *dflt_name)
{
	char line[64];

	for (;;) {
		fprintf(out, "%s [yes/no, Enter: %s] ", prompt, dflt_name);
		fflush(out);
		if (!fgets(line, sizeof(line), in))
			return dflt;
		line[strcspn(line, "\n")] = '\0';
		if (!line[0])
			return dflt;
		if (!strcmp(line, "y") || !strcmp(line, "yes"))
			return 1;
		if (!strcmp(line, "n") || !strcmp(line, "no"))
			return 0;
	}
}

void choose_ask(struct choose_constraints *c, FILE *in, FILE *out)
{
	char line[64];
	int q;

	for (q = 0; q < CHOOSE_QUESTIONS; q++) {
		int yes;

		if (c->source[q] != CHOOSE_ASSUMED)
			continue;
		yes = ask_yes_no(in, out, choose_questions[q].prompt, q == CHOOSE_Q_MEMBARRIER ?
				 -1 : c->yes[q], q == CHOOSE_Q_MEMBARRIER ? "probe this kernel" :
				 c->yes[q] ? "yes" : "no");
		if (yes >= 0) {
			c->yes[q] = yes;
			c->source[q] = CHOOSE_ASKED;
		}
	}
	if (c->update_source == CHOOSE_ASSUMED) {
		fprintf(out, "What share of operations are updates, in percent? [Enter: %g] ",
			c->update_pct);
		fflush(out);
		if (fgets(line, sizeof(line), in) && line[0] != '\n') {
			double pct = parse_number(strtok(line, "\n"), 0, 100);

			if (!isnan(pct)) {
				c->update_pct = pct;
				c->update_source = CHOOSE_ASKED;
			}
		}
	}
	if (c->priority_source == CHOOSE_ASSUMED) {
		fprintf(out, "What matters more on the update side: expedited grace-period "
			"latency or updater CPU? [latency/cpu, Enter: neither] ");
		fflush(out);
		if (fgets(line, sizeof(line), in) && line[0] != '\n') {
			line[strcspn(line, "\n")] = '\0';
			if (!strcmp(line, "latency") || !strcmp(line, "cpu")) {
				c->priority = line[0] == 'l' ? CHOOSE_PRIORITY_LATENCY :
							       CHOOSE_PRIORITY_CPU;
				c->priority_source = CHOOSE_ASKED;
			}
		}
	}
}
