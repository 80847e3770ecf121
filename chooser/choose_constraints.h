/* SPDX-License-Identifier: MIT */
/*
 * chooser/choose_constraints.h: what a user tells rcutable-choose
 * about the program, and where each answer came from.
 */
#ifndef RCUTABLE_CHOOSE_CONSTRAINTS_H
#define RCUTABLE_CHOOSE_CONSTRAINTS_H

#include <stdbool.h>
#include <stddef.h>

/* The yes/no questions, each a flag --<flag>=yes|no. */
enum choose_question {
	CHOOSE_Q_SLEEP,		/* readers may sleep or block in a section */
	CHOOSE_Q_MARKERS,	/* every reader can mark its sections */
	CHOOSE_Q_QS,		/* threads can report quiescent states */
	CHOOSE_Q_REGISTER,	/* every reader thread can register */
	CHOOSE_Q_MEMBARRIER,	/* membarrier() is available (probed) */
	CHOOSE_Q_SIGNAL,	/* a signal is free for RCU */
	CHOOSE_Q_DOMAINS,	/* many independent domains */
	CHOOSE_QUESTIONS
};

enum choose_source {
	CHOOSE_ASSUMED,		/* not given: the default answer */
	CHOOSE_GIVEN,		/* a flag */
	CHOOSE_ASKED,		/* answered at a prompt (--ask) */
	CHOOSE_PROBED,		/* found on the running kernel */
	CHOOSE_IMPLIED,		/* follows from another answer */
};

enum choose_priority {
	CHOOSE_PRIORITY_NONE,
	CHOOSE_PRIORITY_LATENCY,	/* expedited grace-period latency */
	CHOOSE_PRIORITY_CPU,		/* updater CPU per grace period */
};

struct choose_question_info {
	const char *flag;	/* "readers-sleep" */
	const char *label;	/* how the answer is printed */
	const char *prompt;	/* what --ask asks */
	bool assumed;		/* the answer when none is given */
};
extern const struct choose_question_info choose_questions[CHOOSE_QUESTIONS];

struct choose_constraints {
	bool yes[CHOOSE_QUESTIONS];
	enum choose_source source[CHOOSE_QUESTIONS];
	char probe_note[160];	/* what the membarrier probe found */
	bool procfs;		/* /proc/self/task can be read (probed) */
	double update_pct;	/* updates, in percent of operations */
	enum choose_source update_source;
	enum choose_priority priority;
	enum choose_source priority_source;
};

/* Every answer assumed, nothing probed yet. */
void choose_constraints_init(struct choose_constraints *c);

/* Settle what the answers left open: membarrier() and procfs are probed
 * on the running kernel unless given; an answer that follows from another
 * (reporting quiescent states implies registered threads) is implied. */
void choose_constraints_settle(struct choose_constraints *c);

/* 0, or -1 with a message in err when two answers contradict each other. */
int choose_constraints_check(const struct choose_constraints *c, char *err, size_t len);

/* "yes"/"y" 1, "no"/"n" 0 (any case), else -1. */
int choose_parse_answer(const char *s);

/* "given", "assumed", ... */
const char *choose_source_name(enum choose_source s);
const char *choose_priority_name(enum choose_priority p);

#endif /* RCUTABLE_CHOOSE_CONSTRAINTS_H */
