/* SPDX-License-Identifier: MIT */
/*
 * chooser/choose_main.c: rcutable-choose.  Exit status 0 with a
 * recommendation, 1 if no implementation meets the constraints or the
 * figures cannot be read, 2 for flags it refuses.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "choose_args.h"
#include "choose_output.h"

/* results/ of the current directory if it holds a run's figures. */
static bool have_local_results(void)
{
	return access("results/figures.tsv", R_OK) == 0;
}

/* The figures the options ask for, or the default ones; NULL on error. */
static const struct choose_results *figures(const struct choose_options *o,
					    struct choose_results *loaded)
{
	const char *dir = o->results_dir;
	char err[4400], path[4096], source[4400];
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	int machines;

	if (o->builtin || (!dir && !have_local_results()))
		return &choose_builtin_results;
	if (!dir)
		dir = "results";
	machines = choose_results_closest(dir, cpus, path, sizeof(path));
	if (choose_results_load(path, loaded, err, sizeof(err))) {
		fprintf(stderr, "rcutable-choose: %s\n", err);
		return NULL;
	}
	if (machines > 1) {
		snprintf(source, sizeof(source), "%s, of the %d machines' in %s the one whose "
			 "CPU count is closest to this machine's %ld", loaded->source, machines,
			 dir, cpus);
		free((char *)loaded->source);
		loaded->source = strdup(source);
	}
	return loaded;
}

int main(int argc, char **argv)
{
	static struct choose_ranking ranking;
	static struct choose_results loaded;	/* kept to the end, and still reachable there */
	const struct choose_results *r;
	struct choose_options o;
	char err[512];

	if (choose_parse_args(argc, argv, &o, err, sizeof(err))) {
		fprintf(stderr, "rcutable-choose: %s\n", err);
		return 2;
	}
	if (o.help) {
		fputs(choose_usage, stdout);
		return 0;
	}
	if (o.version) {
		printf("rcutable-choose (rcutable) %s\n", RCUTABLE_VERSION);
		return 0;
	}
	r = figures(&o, &loaded);
	if (!r)
		return 1;
	if (o.guide) {
		choose_print_guide(stdout, r);
		return 0;
	}
	if (o.ask || (!o.constrained && !o.json && isatty(STDIN_FILENO))) {
		choose_ask(&o.c, stdin, stderr);
		if (choose_constraints_check(&o.c, err, sizeof(err))) {
			fprintf(stderr, "rcutable-choose: %s\n", err);
			return 2;
		}
	}
	choose_constraints_settle(&o.c);
	choose_rank(&o.c, r, &ranking);
	if (o.json)
		choose_print_json(stdout, &ranking);
	else
		choose_print_text(stdout, &ranking);
	return choose_first(&ranking) ? 0 : 1;
}
