/* SPDX-License-Identifier: MIT */
/*
 * conformance/helpers.h: what the table-semantics tests share.
 *
 * The central tool is the hold (harness.h), here with RCU's readers: a
 * thread opens sections of one kind (rcu_read_lock(), the BH and sched
 * markers, preempt_disable(), ...), nested if asked.
 *
 * Tests whose name begins with waits_ assert that an update-side primitive
 * waits for a pre-existing reader: `make check` requires each of them to
 * fail on the busted control.
 */
#ifndef RCUTABLE_CONFORMANCE_HELPERS_H
#define RCUTABLE_CONFORMANCE_HELPERS_H

#include <rcutable/rcupdate.h>
#include "harness.h"

#define HOLD_MS_DEFAULT 200

struct hold;
typedef bool (*hold_action_fn)(struct hold *h);

enum reader_kind {
	READER_RCU, READER_BH, READER_SCHED, READER_SCHED_NOTRACE,
	READER_PREEMPT, READER_LOCAL_BH, READER_LOCAL_IRQ, READER_KINDS
};

struct hold {
	hold_action_fn action;	/* returns: had the reader finished at the claim? */
	enum reader_kind kind;	/* which marker opens the reader */
	int depth;		/* nesting depth; inner sections end once the action starts */
	bool no_register;	/* reader thread does not call rcu_register_thread() */
	void *(*reader)(void *);	/* the reader thread, if not the default one */
	unsigned hold_ms;
	void *arg;		/* for the action */
	struct hold_sync sync;	/* reader_done: set just before the outermost unlock */
};

/* Run the hold; returns the action's verdict (true: the reader had finished). */
bool hold_run(struct hold *h);

/* Convenience: hold with the given action and reader kind, 1-deep. */
bool hold_simple(hold_action_fn action, enum reader_kind kind);

/* Reader markers by kind, for tests that loop over kinds. */
void reader_enter(enum reader_kind kind, unsigned long *flags);
void reader_exit(enum reader_kind kind, unsigned long flags);
const char *reader_kind_name(enum reader_kind kind);

/* Generic actions. */
bool action_synchronize_rcu(struct hold *h);
bool action_synchronize_rcu_expedited(struct hold *h);
bool action_call_rcu_wait(struct hold *h);	/* call_rcu, wait for the callback */
bool action_call_rcu_hurry_wait(struct hold *h);	/* the same with call_rcu_hurry */

/* Does the implementation provide api (natively or emulated)?  If not,
 * skip the test, naming what is absent. */
static inline bool impl_has(unsigned api)
{
	return (rcutable_impl_info.native | rcutable_impl_info.emulated) & api;
}
#define skip_unless_impl_has(api, what)					\
	do {								\
		if (!impl_has(api))					\
			cr_skip_test("absent in %s: %s",		\
				     rcutable_impl_info.name, (what));	\
	} while (0)

/*
 * Waits.  flag_wait(), sleep_ms() and join() are for a thread outside any
 * reader: a QSBR thread goes offline for them (QSBR's rule for blocking).
 * The _in_reader forms wait inside a reader, holding grace periods back.
 */
bool flag_wait(const int *f, int v, unsigned timeout_ms);

/* In a child, run before() (if any), queue 5 call_rcu() callbacks and
 * exit(0); asserts a clean exit and returns how many of the callbacks
 * ran (the exit drain).  The child's stderr goes to err. */
int exit_with_callbacks_queued(void (*before)(void), char *err, size_t len);
void sleep_ms(unsigned ms);
void join(pthread_t t);

#endif /* RCUTABLE_CONFORMANCE_HELPERS_H */
