/* SPDX-License-Identifier: MIT */
/*
 * conformance/tasks/tasks_hold.c: see tasks_hold.h.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "tasks_hold.h"

pid_t tasks_gettid(void)
{
	return (pid_t)syscall(SYS_gettid);
}

/* ---- Trampolines ---------------------------------------------------------- */

struct spinner_arg {
	struct trampolines *t;
	int i;
};

static void *spinner(void *arg)
{
	struct spinner_arg *a = arg;
	struct trampolines *t = a->t;
	int i = a->i;
	sigset_t saved;

	free(a);
	__atomic_store_n(&t->tid[i], tasks_gettid(), __ATOMIC_SEQ_CST);
	if (t->block_signals) {
		sigset_t all;

		sigfillset(&all);
		pthread_sigmask(SIG_BLOCK, &all, &saved);
	}
	hold_reader_in(&t->sync);
	hold_reader_spin(&t->sync);	/* the region */
	if (t->block_signals)
		pthread_sigmask(SIG_SETMASK, &saved, NULL);
	if (t->exit_on_release)
		return NULL;
	flag_wait_in_reader(&t->finish, 1, 60000);
	return NULL;
}

void trampolines_start(struct trampolines *t, int n)
{
	cr_assert(n <= 16);
	t->n = n;
	for (int i = 0; i < n; i++) {
		struct spinner_arg *a = malloc(sizeof(*a));

		cr_assert(a);
		*a = (struct spinner_arg){ t, i };
		t->thread[i] = spawn(spinner, a);
	}
	hold_wait_inside(&t->sync, n);
}

void trampolines_release(struct trampolines *t)
{
	flag_set(&t->sync.release, 1);
}

void trampolines_finish(struct trampolines *t)
{
	flag_set(&t->sync.release, 1);
	flag_set(&t->finish, 1);
	for (int i = 0; i < t->n; i++)
		pthread_join(t->thread[i], NULL);
}

/* ---- The updater ------------------------------------------------------------ */

static void *updater(void *arg)
{
	struct tasks_updater *u = arg;

	__atomic_store_n(&u->tid, tasks_gettid(), __ATOMIC_SEQ_CST);
	if (u->first)
		u->first(u->first_arg);
	if (u->synchronize)
		u->synchronize();
	else
		synchronize_rcu_tasks();
	flag_set(&u->left_at_return, u->watch ? flag_get(&u->watch->sync.reader_done) : 0);
	flag_set(&u->returned, 1);
	return NULL;
}

void tasks_updater_start(struct tasks_updater *u, struct trampolines *watch)
{
	u->watch = watch;
	u->thread = spawn(updater, u);
}

void tasks_updater_join(struct tasks_updater *u)
{
	cr_assert(flag_wait_in_reader(&u->returned, 1, 20000),
		  "synchronize_rcu_tasks() did not return once every spinner had "
		  "blocked");
	pthread_join(u->thread, NULL);
}

/* ---- Grace-period progress -------------------------------------------------- */

void (*tasks_stats_source)(struct rcutable_tasks_stats *s) = rcutable_tasks_get_stats;

struct rcutable_tasks_stats tasks_stats(void)
{
	struct rcutable_tasks_stats s;

	tasks_stats_source(&s);
	return s;
}

bool tasks_wait_gp_begun(struct rcutable_tasks_stats *s)
{
	unsigned long begun = s->gp_begun;

	for (int i = 0; i < 10000; i++) {
		*s = tasks_stats();
		if (s->gp_begun != begun)
			return true;
		sleep_ms_in_reader(1);
	}
	return false;
}

void tasks_assert_held(struct rcutable_tasks_stats *s, unsigned long rechecks,
		       const int *ended, const char *while_what)
{
	unsigned long target = s->rechecks + rechecks;
	bool rechecked = false;

	for (int i = 0; i < 10000 && !flag_get(ended) && !rechecked; i++) {
		*s = tasks_stats();
		rechecked = (long)(s->rechecks - target) >= 0;
		if (!rechecked)
			sleep_ms_in_reader(1);
	}
	cr_assert_not(flag_get(ended), "the grace period ended while %s", while_what);
	cr_assert(rechecked, "the grace period did not recheck its holdouts while %s",
		  while_what);
}

/* ---- Threads' scheduling states --------------------------------------------- */

struct thread_sched thread_sched_of(pid_t tid)
{
	struct thread_sched ts = { 0 };
	char path[64], line[256];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/task/%d/status", (int)tid);
	f = fopen(path, "r");
	if (!f)
		return ts;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "State: %c", &ts.state) == 1)
			continue;
		if (sscanf(line, "voluntary_ctxt_switches: %lu", &ts.nvcsw) == 1)
			continue;
		sscanf(line, "nonvoluntary_ctxt_switches: %lu", &ts.nivcsw);
	}
	fclose(f);
	return ts;
}

bool wait_thread_blocked(pid_t tid)
{
	for (int i = 0; i < 10000; i++) {
		char s = thread_sched_of(tid).state;

		if (s == 'S' || s == 'D')
			return true;
		if (!s)
			return false;
		sleep_ms_in_reader(1);
	}
	return false;
}

/* A watchdog in every test process: a test that hangs dies by SIGALRM
 * and is reported as crashing, so the run goes on. */
static void watchdog(void)
{
	alarm(150);
}

TestSuite(tasks, .init = watchdog);
