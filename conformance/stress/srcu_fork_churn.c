/* SPDX-License-Identifier: MIT */
/*
 * conformance/stress/srcu_fork_churn.c: fork() while other threads create
 * SRCU domains, queue their first callbacks and clean them up, and while a
 * callback waits (srcu_barrier()) for another domain's callbacks.  Neither
 * side may deadlock, and each child must be able to use SRCU at once.  A
 * plain program (run by `make check` with a time limit), not a Criterion
 * test: it forks many times, which the test runner's own process handling
 * does not take well.  Exit status 0 on success.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <rcutable/srcu.h>
#include "testing.h"

#define FORKS 200
#define CHILD_LIMIT_S 20	/* the child's own alarm() is 10 s */
#define PARENT_LIMIT_S 70	/* under make check's 90 s timeout */

struct churn {
	int stop;
	struct srcu_struct outer, inner;
	struct rcu_head outer_head, inner_head;
	int outer_done;
	unsigned long domains, callbacks;
};

static int get(const int *f) { return __atomic_load_n(f, __ATOMIC_SEQ_CST); }
static void set(int *f, int v) { __atomic_store_n(f, v, __ATOMIC_SEQ_CST); }

static void nop_cb(struct rcu_head *head)
{
	(void)head;
}

/* From outer's callback thread: a barrier on another domain's engine. */
static void outer_cb(struct rcu_head *head)
{
	struct churn *c = (struct churn *)((char *)head - offsetof(struct churn, outer_head));

	call_srcu(&c->inner, &c->inner_head, nop_cb);
	srcu_barrier(&c->inner);
	set(&c->outer_done, 1);
}

static void *churn_domains(void *arg)
{
	struct churn *c = arg;
	static struct rcu_head h;

	while (!get(&c->stop)) {
		struct srcu_struct s;

		if (init_srcu_struct(&s))
			abort();
		call_srcu(&s, &h, nop_cb);
		srcu_barrier(&s);
		cleanup_srcu_struct(&s);
		c->domains++;
	}
	return NULL;
}

static void *churn_callbacks(void *arg)
{
	struct churn *c = arg;

	while (!get(&c->stop)) {
		set(&c->outer_done, 0);
		call_srcu(&c->outer, &c->outer_head, outer_cb);
		srcu_barrier(&c->outer);
		if (!get(&c->outer_done)) {
			fputs("srcu_fork_churn: srcu_barrier() returned before its callback\n",
			      stderr);
			abort();
		}
		c->callbacks++;
	}
	return NULL;
}

/* Each thread of pid, with its name, state and system call, on stderr;
 * then, where gdb is installed, each thread's stack. */
static void show_threads(pid_t pid)
{
	char cmd[400];

	snprintf(cmd, sizeof(cmd), "for t in /proc/%d/task/*; do echo \"  ${t##*/} "
		 "$(cat $t/comm) $(cut -d' ' -f3 $t/stat) $(cat $t/syscall)\"; done >&2",
		 (int)pid);
	if (system(cmd) != 0)
		fprintf(stderr, "  (cannot read /proc/%d/task)\n", (int)pid);
	snprintf(cmd, sizeof(cmd), "if command -v gdb >/dev/null; then timeout 30 gdb "
		 "-batch -nx -p %d -ex 'thread apply all bt' 2>&1 | grep -v '^\\[New LWP'; "
		 "else echo '  (no stacks: gdb is not installed)'; fi >&2", (int)pid);
	(void)!system(cmd);
}

/* A child that outlived its limit is said, with what its threads do, and
 * killed.  One stuck before child() runs, in a fork handler, has no
 * alarm() of its own yet. */
static void report_hung_child(int i, pid_t pid)
{
	fprintf(stderr, "srcu_fork_churn: fork child %d (pid %d) still runs after %d s; "
		"its threads (tid, name, state, syscall):\n", i, (int)pid, CHILD_LIMIT_S);
	show_threads(pid);
	kill(pid, SIGKILL);
}

static int forks_done;
static double fork_max, child_max;	/* the longest so far, in ms */

/* The parent's own limit: say where it is stuck, then abort (a core). */
static void *watchdog(void *arg)
{
	(void)arg;
	sleep(PARENT_LIMIT_S);
	fprintf(stderr, "srcu_fork_churn: the parent still runs after %d s, %d forks done "
		"(longest fork() %.1f ms, longest child %.1f ms); its threads (tid, "
		"name, state, syscall):\n", PARENT_LIMIT_S,
		__atomic_load_n(&forks_done, __ATOMIC_RELAXED), fork_max, child_max);
	show_threads(getpid());
	abort();
}

/* The child's exit status, or -1 (said) if it outlives CHILD_LIMIT_S.
 * The limit is judged once more after its last poll: a parent that waited
 * for a CPU meanwhile (a busy machine) may find the child has ended, and
 * a child that ended is not hung (its status says how it ended). */
static int wait_child(int i, pid_t pid)
{
	int status, ms;

	for (ms = 0; ms <= CHILD_LIMIT_S * 1000; ms++) {
		pid_t got = waitpid(pid, &status, WNOHANG);

		if (got == pid)
			return status;
		if (got < 0)
			abort();
		if (ms < CHILD_LIMIT_S * 1000)
			usleep(1000);
	}
	report_hung_child(i, pid);
	waitpid(pid, &status, 0);
	return -1;
}

static void child(void)
{
	static struct rcu_head h;
	struct srcu_struct s;

	alarm(10);
	if (init_srcu_struct(&s))
		_exit(2);
	call_srcu(&s, &h, nop_cb);
	srcu_barrier(&s);
	synchronize_srcu(&s);
	synchronize_srcu_expedited(&s);
	cleanup_srcu_struct(&s);
	_exit(0);
}

int main(void)
{
	static struct churn c;
	pthread_t a, b, w;
	double t0, t1, t2;
	int i, status;

	if (pthread_create(&w, NULL, watchdog, NULL) ||
	    init_srcu_struct(&c.outer) || init_srcu_struct(&c.inner) ||
	    pthread_create(&a, NULL, churn_domains, &c) ||
	    pthread_create(&b, NULL, churn_callbacks, &c))
		abort();
	for (i = 0; i < FORKS; i++) {
		pid_t pid;

		t0 = now_s(CLOCK_MONOTONIC) * 1e3;
		pid = fork();
		if (pid == 0)
			child();
		if (pid < 0)
			abort();
		t1 = now_s(CLOCK_MONOTONIC) * 1e3;
		status = wait_child(i, pid);
		if (t1 - t0 > fork_max)
			fork_max = t1 - t0;
		t2 = now_s(CLOCK_MONOTONIC) * 1e3;
		if (t2 - t1 > child_max)
			child_max = t2 - t1;
		if (status < 0)
			return 1;
		if (!WIFEXITED(status) || WEXITSTATUS(status)) {
			fprintf(stderr, "srcu_fork_churn: fork child %d failed (status 0x%x)\n",
				i, status);
			return 1;
		}
		__atomic_store_n(&forks_done, i + 1, __ATOMIC_RELAXED);
	}
	set(&c.stop, 1);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	printf("srcu_fork_churn: %d forks beside %lu domains and %lu callback "
	       "rounds, each child used SRCU (longest fork() %.1f ms, longest "
	       "child %.1f ms)\n", FORKS, c.domains, c.callbacks, fork_max, child_max);
	return 0;
}
