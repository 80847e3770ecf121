/* SPDX-License-Identifier: MIT */
/*
 * chooser/choose_args.h: rcutable-choose's flags, and the prompts
 * of --ask for the answers the flags left open.
 */
#ifndef RCUTABLE_CHOOSE_ARGS_H
#define RCUTABLE_CHOOSE_ARGS_H

#include <stdbool.h>
#include <stdio.h>

#include "choose_constraints.h"

struct choose_options {
	struct choose_constraints c;
	const char *results_dir;	/* --results=DIR */
	bool builtin;			/* --builtin: the figures compiled in */
	bool json, ask, guide, help, version;
	bool constrained;		/* any constraint was given */
};

extern const char choose_usage[];

/*
 * Parse argv into o.  Returns 0, or -1 with a message in err for an
 * unknown flag, a bad value, a flag given twice with two values, or flags
 * that contradict each other.
 */
int choose_parse_args(int argc, char **argv, struct choose_options *o, char *err, size_t len);

/* Ask on out, read from in, each question the flags left open. */
void choose_ask(struct choose_constraints *c, FILE *in, FILE *out);

#endif /* RCUTABLE_CHOOSE_ARGS_H */
