/* SPDX-License-Identifier: MIT */
/*
 * chooser/choose_output.h: a ranking as text for a reader, as
 * JSON for a script (--json), and the guide of RESULTS.md (--guide).
 */
#ifndef RCUTABLE_CHOOSE_OUTPUT_H
#define RCUTABLE_CHOOSE_OUTPUT_H

#include <stdio.h>

#include "choose_rank.h"

void choose_print_text(FILE *out, const struct choose_ranking *k);
void choose_print_json(FILE *out, const struct choose_ranking *k);

/* The "Choosing an implementation" section of RESULTS.md for the figures
 * in r: a decision table over typical programs, then a line per
 * implementation saying when to use it and when not. */
void choose_print_guide(FILE *out, const struct choose_results *r);

#endif /* RCUTABLE_CHOOSE_OUTPUT_H */
