/* SPDX-License-Identifier: MIT */
/*
 * chooser/choose_constraints.c: see choose_constraints.h.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "choose_constraints.h"
#include "engine/membarrier.h"

/*
 * The answers assumed are the safe ones for a program rcutable-choose
 * knows nothing about, except for sleeping readers: RCU's readers do not
 * sleep (the table's "No blocking"), and a program whose readers do says so.
 */
const struct choose_question_info choose_questions[CHOOSE_QUESTIONS] = {
	[CHOOSE_Q_SLEEP] = { "readers-sleep", "readers sleep or block inside a section",
		"May readers sleep or block inside a read-side critical section?", false },
	[CHOOSE_Q_MARKERS] = { "markers", "every reader marks its sections",
		"Can every reader mark its critical sections (rcu_read_lock(), "
		"srcu_read_lock())?", true },
	[CHOOSE_Q_QS] = { "quiescent-states", "threads report quiescent states",
		"Can every reader thread report quiescent states (rcu_quiescent_state()) "
		"and go offline (rcu_thread_offline()) to block?", false },
	[CHOOSE_Q_REGISTER] = { "register", "every reader thread can register",
		"Can every reader thread call rcu_register_thread() before it reads?", false },
	[CHOOSE_Q_MEMBARRIER] = { "membarrier", "membarrier() is available",
		"Is membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) available where the "
		"program runs?", false },
	[CHOOSE_Q_SIGNAL] = { "signal", "a signal is free for RCU",
		"Is a signal free for RCU to take: a real-time one for rcutable's signal, "
		"SIGUSR1 for liburcu's urcu-signal (no other code uses it)?", false },
	[CHOOSE_Q_DOMAINS] = { "many-domains", "many independent domains",
		"Are there many independent domains, each of whose grace periods must not "
		"wait for the others' readers?", false },
};

void choose_constraints_init(struct choose_constraints *c)
{
	*c = (struct choose_constraints){ .procfs = true, .update_pct = 1.0 };
	for (int q = 0; q < CHOOSE_QUESTIONS; q++)
		c->yes[q] = choose_questions[q].assumed;
}

void choose_constraints_settle(struct choose_constraints *c)
{
	const char *why = NULL;

	if (c->source[CHOOSE_Q_MEMBARRIER] == CHOOSE_ASSUMED) {
		c->yes[CHOOSE_Q_MEMBARRIER] = rcutable_membarrier_probe(&why);
		c->source[CHOOSE_Q_MEMBARRIER] = CHOOSE_PROBED;
		snprintf(c->probe_note, sizeof(c->probe_note), "%s",
			 why ? why : "this kernel offers MEMBARRIER_CMD_PRIVATE_EXPEDITED");
	}
	c->procfs = access("/proc/self/task", R_OK | X_OK) == 0;
	/* Quiescent states are reported by registered threads. */
	if (c->yes[CHOOSE_Q_QS] && c->source[CHOOSE_Q_REGISTER] == CHOOSE_ASSUMED) {
		c->yes[CHOOSE_Q_REGISTER] = true;
		c->source[CHOOSE_Q_REGISTER] = CHOOSE_IMPLIED;
	}
}

static bool stated(const struct choose_constraints *c, enum choose_question q, bool yes)
{
	return c->source[q] != CHOOSE_ASSUMED && c->yes[q] == yes;
}

int choose_constraints_check(const struct choose_constraints *c, char *err, size_t len)
{
	if (stated(c, CHOOSE_Q_QS, true) && stated(c, CHOOSE_Q_REGISTER, false))
		snprintf(err, len, "--quiescent-states=yes contradicts --register=no: "
			 "only a registered thread can report quiescent states");
	else if (stated(c, CHOOSE_Q_MARKERS, false) && stated(c, CHOOSE_Q_SLEEP, true))
		snprintf(err, len, "--markers=no contradicts --readers-sleep=yes: a reader "
			 "that does not mark its section is protected only until it sleeps");
	else if (stated(c, CHOOSE_Q_MARKERS, false) && stated(c, CHOOSE_Q_DOMAINS, true))
		snprintf(err, len, "--markers=no contradicts --many-domains=yes: a reader "
			 "chooses its domain by the srcu_struct it marks its section with");
	else
		return 0;
	return -1;
}

int choose_parse_answer(const char *s)
{
	if (!strcasecmp(s, "yes") || !strcasecmp(s, "y"))
		return 1;
	return !strcasecmp(s, "no") || !strcasecmp(s, "n") ? 0 : -1;
}

const char *choose_source_name(enum choose_source s)
{
	static const char *const names[] = { "assumed", "given", "answered", "probed",
		"implied" };

	return names[s];
}

const char *choose_priority_name(enum choose_priority p)
{
	static const char *const names[] = { "none", "latency", "cpu" };

	return names[p];
}
