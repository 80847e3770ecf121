/* SPDX-License-Identifier: MIT */
/*
 * conformance/harness.h: what every conformance suite shares, RCU or SRCU:
 * flags between threads, waits, threads, the hold, and children whose
 * abort and messages a test checks.  Nothing here uses an RCU flavor.
 */
#ifndef RCUTABLE_CONFORMANCE_HARNESS_H
#define RCUTABLE_CONFORMANCE_HARNESS_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <criterion/criterion.h>
#include <rcutable/types.h>

/* Atomic flag helpers. */
static inline int flag_get(const int *f) { return __atomic_load_n(f, __ATOMIC_SEQ_CST); }
static inline void flag_set(int *f, int v) { __atomic_store_n(f, v, __ATOMIC_SEQ_CST); }

/* Wait up to timeout_ms for *f == v, sleeping; true if it came.  The
 * _in_reader names say that nothing is done about the caller's readers
 * (helpers.h has the forms that take a QSBR thread offline). */
bool flag_wait_in_reader(const int *f, int v, unsigned timeout_ms);
void sleep_ms_in_reader(unsigned ms);

pthread_t spawn(void *(*fn)(void *), void *arg);

/*
 * The hold, every suite's central tool: reader threads open read-side
 * critical sections; the test then runs an update-side primitive (the
 * action); the readers keep their sections open until the action has
 * claimed its guarantee, or a hold time has passed, or the test releases
 * them.  The action reports what it saw at the moment of its claim (how
 * many readers had left?), so a correct implementation passes every time
 * and a broken one fails every time, without relying on timing luck in
 * the passing direction.  Each suite opens its sections its own way
 * (helpers.h: RCU's markers; srcu/srcu_hold.h: a domain's; RCU Tasks
 * (tasks/tasks_hold.h): none, its readers spin, and the test releases them
 * once the grace period has been seen to recheck them) around what
 * follows.  The counts are for holds of several readers; with one, they
 * are flags.
 */
struct hold_sync {
	int reader_inside;	/* readers inside their sections */
	int action_started;
	int action_done;
	int reader_done;	/* readers that left, each counted just before it leaves */
	int release;		/* set by the test: readers it holds leave now */
	int cb_seen;		/* callback actions: reader_done as the callback saw it */
	int cb_ran;
};

/* A reader, inside its section, counts itself in; about to leave it, out. */
void hold_reader_in(struct hold_sync *s);
void hold_reader_out(struct hold_sync *s);

/* Wait (10 s at most) until n readers are inside; asserts that they are. */
void hold_wait_inside(struct hold_sync *s, int n);

/* The reader, inside its section: count itself in, wait for the action to
 * start, run started(arg) if set, stay until the action is done or
 * hold_ms have passed (or the test releases it), and count itself out;
 * the caller then leaves its section. */
void hold_reader_stay(struct hold_sync *s, unsigned hold_ms,
		      void (*started)(void *arg), void *arg);

/* A reader that must not enter the kernel while inside (RCU Tasks: any
 * system call may be a quiescent state), counted in: spin until the test
 * releases it, and count itself out. */
void hold_reader_spin(struct hold_sync *s);

/* How the test thread waits for the reader: for QSBR it goes offline
 * around each wait (helpers.h); NULL for a plain wait. */
struct hold_waits {
	bool (*begin)(void);		/* returns what end() restores */
	void (*end)(bool was);
};

/* The test thread: start reader(arg), wait until it is inside, run
 * action(arg), join the reader, and return the action's verdict. */
bool hold_drive(struct hold_sync *s, void *(*reader)(void *), bool (*action)(void *),
		void *arg, const struct hold_waits *w);

/* A callback for the hold's callback actions: records whether the reader
 * had left when it ran (cb_seen), then that it ran (cb_ran). */
struct hold_cb {
	struct rcu_head head;
	struct hold_sync *s;
};
void hold_cb_func(struct rcu_head *head);

/*
 * A barrier waits for the callbacks of every thread, wherever the
 * implementation queues them (rcutable gives threads lanes in turn, each
 * lane with its own worker), and each thread's callbacks run in the order
 * it queued them: 9 threads, one after another, queue 100 callbacks each
 * with queue(); each thread's first callback blocks until its gate opens,
 * thread i's 20 ms * (i+1) after barrier() began, so that a barrier that
 * waits on fewer lanes than were used returns before the last gate opens.
 * Threads that queue need not register (no reader).
 */
void barrier_covers_threads(void (*queue)(struct rcu_head *head, rcu_callback_t func),
			    void (*barrier)(void), const char *barrier_name);

/*
 * Run fn(arg) in a forked child with stderr captured; returns the child's
 * wait status and copies its stderr into out (NUL-terminated).  The child
 * may set environment variables first (it starts with no rcutable state).
 */
int run_child(void (*fn)(void *), void *arg, char *out, size_t outlen);

/* Assert that fn(arg) aborts (SIGABRT) with a message containing needle. */
void expect_abort(void (*fn)(void *), void *arg, const char *needle);

/* Make system call nr fail with ENOSYS in this process from now on (a
 * seccomp filter): a kernel without it. */
void deny_syscall(long nr);

/* Run fn(arg) in this process with stderr captured into out. */
void capture_stderr(void (*fn)(void *), void *arg, char *out, size_t outlen);

#endif /* RCUTABLE_CONFORMANCE_HARNESS_H */
