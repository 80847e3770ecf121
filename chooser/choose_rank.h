/* SPDX-License-Identifier: MIT */
/*
 * chooser/choose_rank.h: which implementations meet a user's
 * constraints, and in what order of preference.
 *
 * An implementation is ruled out by what its descriptor asks of the
 * program (registration, quiescent states, membarrier(), a signal, ...).
 * The rest are scored by the measured figures: lookups per second of the
 * hash table at the user's update rate (the read-side pair where a
 * candidate lacks that figure), and, with a stated priority, expedited
 * latency or updater CPU per grace period.  Each score has a range, from
 * how far its figures can be trusted (their repetitions' lowest and
 * highest, a percentile's 95% confidence interval); the table's default
 * implementation for the constraints stays first unless another's score
 * is better beyond both ranges; where the default is ruled out or beaten,
 * so does the best of its flavor (the API the program is written in: RCU
 * rather than SRCU); and so does rcutable's own best against a peer.
 */
#ifndef RCUTABLE_CHOOSE_RANK_H
#define RCUTABLE_CHOOSE_RANK_H

#include <stdbool.h>
#include <stddef.h>

#include <rcutable/impl.h>
#include "choose_constraints.h"
#include "choose_figures.h"

/* Every implementation's descriptor, as built (descriptors.c, generated
 * from each library by describe.c). */
extern const struct rcutable_impl choose_impls[];
extern const size_t choose_impl_count;

/* Why an implementation is ruled out: bits of choose_candidate.excluded. */
enum choose_exclusion {
	CHOOSE_EX_CONTROL	= 1u << 0,
	CHOOSE_EX_MARKED_ONLY	= 1u << 1,	/* readers must mark sections */
	CHOOSE_EX_UNMARKED_ONLY	= 1u << 2,	/* RCU Tasks, for unmarked code */
	CHOOSE_EX_NO_SLEEP	= 1u << 3,
	CHOOSE_EX_REGISTER	= 1u << 4,
	CHOOSE_EX_QS		= 1u << 5,
	CHOOSE_EX_MEMBARRIER	= 1u << 6,
	CHOOSE_EX_SIGNAL	= 1u << 7,
	CHOOSE_EX_PROCFS	= 1u << 8,
};
#define CHOOSE_EXCLUSIONS	9

/* Why bit number i rules an implementation out, and, for the guide, the
 * condition under which it does ("membarrier() is missing"). */
const char *choose_exclusion_reason(unsigned i);
const char *choose_exclusion_when(unsigned i);
/* The question (enum choose_question) whose answer rules it out, or -1. */
int choose_exclusion_question(unsigned i);

/* The parts of a score; a part not used has weight 0. */
enum choose_part {
	CHOOSE_PART_LOOKUPS,	/* hash lookups/s at the update rate: higher is better */
	CHOOSE_PART_READ,	/* read-side markers' ns (pair less empty loop): lower */
	CHOOSE_PART_LATENCY,	/* expedited p50 µs: lower */
	CHOOSE_PART_CPU,	/* updater CPU µs per grace period: lower */
	CHOOSE_PARTS
};

/* No figure is trusted closer than this fraction of itself.  The
 * repetitions within one run vary 1.5 to 3.5% (a figure measured once
 * shows no spread at all), but between two rounds of one `make results
 * REPEAT=3`, on the same machine state, a two-thread hash-table cell moved
 * by a median 4 to 7% (by update rate) and up to 1.68x: answers that stood
 * on smaller differences changed from round to round. */
#define CHOOSE_NOISE_FLOOR	0.10

struct choose_candidate {
	const struct rcutable_impl *impl;
	const struct choose_figures *fig;	/* NULL: not measured */
	bool figures_moot;			/* measured with membarrier(), which
						 * the program lacks */
	unsigned excluded;			/* enum choose_exclusion bits */
	double ratio[CHOOSE_PARTS];		/* figure / the best's, in (0, 1] */
	double ratio_lo[CHOOSE_PARTS], ratio_hi[CHOOSE_PARTS]; /* from its range */
	unsigned unmeasured;			/* parts ranked as the worst measured */
	double score;				/* weighted geometric mean of ratio */
	double score_lo, score_hi;		/* the same of ratio_lo, ratio_hi */
	bool is_default;			/* the table's default for the constraints */
	bool is_fallback;			/* the default's fallback (choose_default) */
	bool default_flavor;			/* of the default's flavor (RCU, SRCU) */
	bool one_domain;			/* many domains asked, RCU flavor given */
};

/* The table's default for a set of constraints (its !PREEMPT or PREEMPT
 * row, in user space). */
struct choose_default {
	const char *impl;
	const char *row;	/* the table's row */
	const char *kernel;	/* what the row names in the kernel */
	const char *why;	/* why that is impl in user space */
	const char *fallback;	/* impl's own design where membarrier() is
				 * missing (as liburcu's default flavor falls
				 * back from urcu-memb to urcu-mb), or NULL */
};

struct choose_ranking {
	struct choose_constraints constraints;
	const struct choose_results *results;
	struct choose_default dflt;
	double weight[CHOOSE_PARTS];
	size_t n, eligible;	/* cand[0..eligible) in order of preference */
	struct choose_candidate cand[64];
	const char *kept_first;	/* why cand[0] is first though not the best
				 * score ("the table's default"), or NULL */
	const struct choose_candidate *best_scored; /* the best score */
};

/* Rank every implementation for c on r's figures. */
void choose_rank(const struct choose_constraints *c, const struct choose_results *r,
		 struct choose_ranking *out);

/* The first eligible candidate, or NULL if none meets the constraints. */
const struct choose_candidate *choose_first(const struct choose_ranking *k);

/* The first eligible rcutable implementation (not a peer), or NULL. */
const struct choose_candidate *choose_first_own(const struct choose_ranking *k);

/* Are a's and b's scores apart by less than their spread (their ranges
 * meet)? */
bool choose_tied(const struct choose_candidate *a, const struct choose_candidate *b);

/* A peer: an adapter over another library. */
bool choose_is_peer(const struct rcutable_impl *impl);

/* A figure of a candidate for part p at the ranking's update rate. */
double choose_part_figure(const struct choose_ranking *k, const struct choose_candidate *c,
			  enum choose_part p);

#endif /* RCUTABLE_CHOOSE_RANK_H */
