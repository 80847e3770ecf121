/* SPDX-License-Identifier: MIT */
/*
 * chooser/choose_args.c: see choose_args.h.
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
"Figures: --results=DIR reads a `make results` run, or a scaling kit's\n"
"results folder; by default results/ in the current directory, else the\n"
"figures compiled in (--builtin).  Where DIR also holds other machines'\n"
"figures (DIR/machines/*/), the machine whose CPU count is closest to this\n"
"one's is read, DIR's own on a tie, and the output says which.\n"
"Output: text, or --json; --ask prompts for the constraints not given (the\n"
"default on a terminal with none given); --guide prints the decision table\n"
"of RESULTS.md.  --version prints the version, --help this.\n";

enum { OPT_UPDATES = CHOOSE_QUESTIONS, OPT_RATIO, OPT_PREFER, OPT_RESULTS, OPT_BUILTIN,
       OPT_JSON, OPT_ASK, OPT_GUIDE, OPT_HELP, OPT_VERSION };

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
	{ "version", no_argument, NULL, OPT_VERSION },
	{ NULL, 0, NULL, 0 },
};

/* A decimal number ("12", "0.5") in [lo, hi], or NAN. */
static double parse_number(const char *arg, double lo, double hi)
{
	double v;

	if (!*arg || arg[strspn(arg, "0123456789.")])
		return NAN;
	v = strtod(arg, NULL);
	return v >= lo && v <= hi ? v : NAN;
}

/* "latency" or "cpu", or CHOOSE_PRIORITY_NONE. */
static enum choose_priority parse_priority(const char *arg)
{
	return !strcmp(arg, "latency") ? CHOOSE_PRIORITY_LATENCY :
	       !strcmp(arg, "cpu") ? CHOOSE_PRIORITY_CPU : CHOOSE_PRIORITY_NONE;
}

static int set_question(struct choose_options *o, int q, const char *arg, char *err, size_t len)
{
	int yes = arg ? choose_parse_answer(arg) : 1;	/* a flag alone says yes */

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
	enum choose_priority p = parse_priority(arg);

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
		if (o->results_dir && strcmp(o->results_dir, arg)) {
			snprintf(err, len, "--results is given twice, as %s and as %s",
				 o->results_dir, arg);
			return -1;
		}
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
	case OPT_VERSION:
		o->version = true;
		return 0;
	}
	return -1;
}

/*
 * What getopt_long() refused in arg: no short option is known (optopt is
 * the letter); a known long one that takes no value got one (optopt is its
 * code); anything else is unknown, or an abbreviation of several.
 */
static void bad_option(const char *arg, int opt, char *err, size_t len)
{
	if (opt == ':')
		snprintf(err, len, "option '%s' needs a value", arg);
	else if (optopt >= OPT_BUILTIN && optopt <= OPT_VERSION)
		snprintf(err, len, "option '%.*s' takes no value", (int)strcspn(arg, "="), arg);
	else if (optopt > 0 && optopt < 128)
		snprintf(err, len, "unknown option '-%c' (--help lists them)", optopt);
	else
		snprintf(err, len, "unknown or ambiguous option '%s' (--help lists them)", arg);
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
			bad_option(argv[optind - 1], opt, err, len);
			return -1;
		}
		if (parse_one(o, opt, optarg, err, len))
			return -1;
	}
	if (optind < argc) {
		const char *prev = argv[optind - 1];

		if (optind > 1 && !strncmp(prev, "--", 2) && !strchr(prev, '=') &&
		    choose_parse_answer(argv[optind]) >= 0)
			snprintf(err, len, "unexpected argument '%s' (write %s=%s)",
				 argv[optind], prev, argv[optind]);
		else
			snprintf(err, len, "unexpected argument '%s' (--help lists the "
				 "options)", argv[optind]);
		return -1;
	}
	return check_modes(o, err, len);
}

/*
 * One prompt, asked again until the answer is one that parse() takes (it
 * returns -1 for the others): parse()'s value, or -1 for an empty line or
 * end of input, which keep the default.
 */
static int ask(FILE *in, FILE *out, const char *prompt, int (*parse)(const char *))
{
	char line[128];

	for (;;) {
		int v;

		fprintf(out, "%s ", prompt);
		fflush(out);
		if (!fgets(line, sizeof(line), in))
			return -1;
		line[strcspn(line, "\n")] = '\0';
		if (!line[0])
			return -1;
		if ((v = parse(line)) >= 0)
			return v;
		fprintf(out, "  (not an answer: %s)\n", line);
	}
}

/* Percent as an int in hundredths, for ask(); -1 if it is none. */
static int parse_percent(const char *s)
{
	double v = parse_number(s, 0, 100);

	return isnan(v) ? -1 : (int)lround(v * 100);
}

static int parse_priority_answer(const char *s)
{
	enum choose_priority p = parse_priority(s);

	return p == CHOOSE_PRIORITY_NONE ? -1 : (int)p;
}

void choose_ask(struct choose_constraints *c, FILE *in, FILE *out)
{
	char prompt[512];
	int q, v;

	for (q = 0; q < CHOOSE_QUESTIONS; q++) {
		if (c->source[q] != CHOOSE_ASSUMED)
			continue;
		/* Threads that report quiescent states are registered ones. */
		if (q == CHOOSE_Q_REGISTER && c->yes[CHOOSE_Q_QS])
			continue;
		snprintf(prompt, sizeof(prompt), "%s [yes/no, Enter: %s]", choose_questions[q].prompt,
			 q == CHOOSE_Q_MEMBARRIER ? "probe this kernel" : c->yes[q] ? "yes" : "no");
		if ((v = ask(in, out, prompt, choose_parse_answer)) >= 0) {
			c->yes[q] = v;
			c->source[q] = CHOOSE_ASKED;
		}
	}
	if (c->update_source == CHOOSE_ASSUMED) {
		snprintf(prompt, sizeof(prompt), "What share of operations are updates, in "
			 "percent? [Enter: %g]", c->update_pct);
		if ((v = ask(in, out, prompt, parse_percent)) >= 0) {
			c->update_pct = v / 100.0;
			c->update_source = CHOOSE_ASKED;
		}
	}
	if (c->priority_source == CHOOSE_ASSUMED &&
	    (v = ask(in, out, "What matters more on the update side: expedited grace-period "
		     "latency or updater CPU? [latency/cpu, Enter: neither]",
		     parse_priority_answer)) >= 0) {
		c->priority = v;
		c->priority_source = CHOOSE_ASKED;
	}
}
