/* SPDX-License-Identifier: MIT */
/*
 * conformance/tasks/tasks_hold.h: what the RCU Tasks tests share.
 *
 * A "trampoline" is a thread spinning in a loop with no system call: an
 * RCU Tasks reader, which a grace period must wait for until it blocks.
 * The trampolines are the hold's readers (harness.h: hold_reader_spin()),
 * and the test releases them once it has seen the grace period hold on
 * through its own progress (rcutable_tasks_get_stats()): a grace period
 * has taken its list of threads once gp_begun moves, and has checked its
 * holdouts again each time rechecks moves.  Nothing waits on a timing
 * guess.
 */
#ifndef RCUTABLE_CONFORMANCE_TASKS_HOLD_H
#define RCUTABLE_CONFORMANCE_TASKS_HOLD_H

#include <sys/types.h>
#include <rcutable/rcupdate_tasks.h>
#include "harness.h"

/* Spinners: the hold's readers (sync.reader_inside: spinning; released
 * by sync.release; sync.reader_done: left), each of which then blocks
 * until finish (or exits, with exit_on_release). */
struct trampolines {
	struct hold_sync sync;
	int n;				/* how many */
	bool exit_on_release;
	bool block_signals;		/* spin with every signal blocked: RCU
					 * Tasks Rude readers */
	int finish;
	pid_t tid[16];
	pthread_t thread[16];
};

void trampolines_start(struct trampolines *t, int n);
void trampolines_release(struct trampolines *t);	/* leave, and block */
void trampolines_finish(struct trampolines *t);		/* and join them */

/* A thread that calls synchronize_rcu_tasks() once, recording how many of
 * watch's spinners had left when it returned; first(first_arg), if set,
 * runs just before the call. */
struct tasks_updater {
	struct trampolines *watch;
	void (*synchronize)(void);	/* default synchronize_rcu_tasks() */
	void (*first)(void *first_arg);
	void *first_arg;
	int returned, left_at_return;
	pid_t tid;
	pthread_t thread;
};

void tasks_updater_start(struct tasks_updater *u, struct trampolines *watch);
void tasks_updater_join(struct tasks_updater *u);

/* The flavor's statistics: rcutable_tasks_get_stats() unless a test sets
 * another source (rcutable_tasks_rude_get_stats()). */
extern void (*tasks_stats_source)(struct rcutable_tasks_stats *s);
struct rcutable_tasks_stats tasks_stats(void);

/* Wait (10 s at most) until a grace period begins after *s was taken;
 * false if none does.  *s is updated. */
bool tasks_wait_gp_begun(struct rcutable_tasks_stats *s);

/*
 * Assert that the running grace period holds on through `rechecks` more
 * rechecks of its holdouts (counted from *s, which is updated): *ended
 * (what marks its end: an updater returned, a callback ran) stays 0 until
 * then.  A grace period that waits for nobody fails at once, or never
 * rechecks (10 s).  while_what completes "... ended while" in messages.
 */
void tasks_assert_held(struct rcutable_tasks_stats *s, unsigned long rechecks,
		       const int *ended, const char *while_what);

/* The State: letter and voluntary/involuntary switch counts of thread tid
 * of this process; state 0 when it has exited. */
struct thread_sched {
	char state;
	unsigned long nvcsw, nivcsw;
};
struct thread_sched thread_sched_of(pid_t tid);

/* Wait (10 s at most) until thread tid is blocked in the kernel; false
 * if it never blocks or has exited. */
bool wait_thread_blocked(pid_t tid);

pid_t tasks_gettid(void);

#endif /* RCUTABLE_CONFORMANCE_TASKS_HOLD_H */
