/* SPDX-License-Identifier: MIT */
/*
 * chooser/choose_explain.h: the words behind a ranking: each
 * candidate's figures and reasons, each ruled-out one's causes.  The
 * text and JSON output and the guide in RESULTS.md all say them.
 */
#ifndef RCUTABLE_CHOOSE_EXPLAIN_H
#define RCUTABLE_CHOOSE_EXPLAIN_H

#include <stddef.h>

#include "choose_rank.h"

#define CHOOSE_LINE	400
#define CHOOSE_MAX_REASONS	8

/* Append to buf (of len; *used written so far) what fmt says, never past
 * its end. */
void choose_append(char *buf, size_t len, size_t *used, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* c's measured figures in one line ("read-side pair 0.59 ns; ..."), or
 * "not measured in this run". */
char *choose_figures_line(const struct choose_ranking *k, const struct choose_candidate *c,
			  char *buf, size_t len);

/* Why c stands where it does, one reason per line; how many. */
size_t choose_reasons(const struct choose_ranking *k, const struct choose_candidate *c,
		      char lines[][CHOOSE_LINE], size_t max);

/* Why c is ruled out, a line per cause with the answer behind it; how many. */
size_t choose_exclusions_text(const struct choose_ranking *k, const struct choose_candidate *c,
			      char lines[][CHOOSE_LINE], size_t max);

/* The answer to question q, as "no (assumed)" or "yes (probed: ...)". */
char *choose_answer_text(const struct choose_constraints *c, int q, char *buf, size_t len);

/* The peer advice: if a peer library ranks first, a sentence saying so
 * against rcutable's best; NULL otherwise. */
char *choose_peer_advice(const struct choose_ranking *k, char *buf, size_t len);

#endif /* RCUTABLE_CHOOSE_EXPLAIN_H */
