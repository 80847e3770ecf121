/* SPDX-License-Identifier: MIT */
/*
 * conformance/stall.c: a grace period held up longer than the stall
 * timeout (RCUTABLE_STALL_TIMEOUT_MS, 200 ms in these tests) warns, naming
 * each holdout thread (tid, name, how long it has held the grace period),
 * and keeps waiting; rcu_cpu_stall_reset() silences the current one.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "helpers.h"

static int inside;

static void *holdout(void *arg)
{
	(void)arg;
	pthread_setname_np(pthread_self(), "holdout-rdr");
	fprintf(stderr, "holdout tid %ld\n", (long)syscall(SYS_gettid));
	rcu_register_thread();
	rcu_read_lock();
	flag_set(&inside, 1);
	sleep_ms_in_reader(700);
	rcu_read_unlock();
	rcu_unregister_thread();
	return NULL;
}

static void *resetter(void *arg)
{
	unsigned long before = *(unsigned long *)arg;

	for (int i = 0; i < 2000 && get_state_synchronize_rcu() == before; i++)
		sleep_ms(1);
	rcu_cpu_stall_reset();
	return NULL;
}

static void stalled_gp(void *arg)
{
	bool reset = arg != NULL;
	unsigned long before;
	pthread_t t, r = 0;

	t = spawn(holdout, NULL);
	flag_wait(&inside, 1, 10000);
	before = get_state_synchronize_rcu();
	if (reset)
		r = spawn(resetter, &before);
	synchronize_rcu();
	join(t);
	if (reset)
		join(r);
}

Test(stall, waits_stall_warning_names_holdout, .timeout = 30)
{
	char err[4096];

	skip_unless_impl_has(RCUTABLE_API_STALL, "stall warnings");
	int status = run_child(stalled_gp, NULL, err, sizeof(err));

	char *tid = strstr(err, "holdout tid "), who[64], *line;
	double held = 0;

	cr_assert(WIFEXITED(status), "status 0x%x: %s", status, err);
	cr_assert(tid, "the holdout did not start: \"%s\"", err);
	snprintf(who, sizeof(who), "thread %ld (holdout-rdr) ", strtol(tid + 12, NULL, 10));
	line = strstr(err, who);
	cr_assert(strstr(err, "stall: grace period") && line,
		  "no stall warning naming the holdout thread (\"%s\"): \"%s\"", who, err);
	/* How long: at least the 200 ms timeout, less than the hold. */
	line = strstr(line, " for ");
	cr_assert(line && sscanf(line, " for %lf s at least", &held) == 1 &&
		  held >= 0.15 && held < 5, "no duration in the warning: \"%s\"", err);
}

/* A grace period that stalls past two timeouts says so twice, each time
 * with how long it has waited since it began (not since the last report). */
Test(stall, repeated_warning_counts_from_the_start, .timeout = 30)
{
	char err[4096], *p;
	double first = -1, last = -1, v;
	int reports = 0;

	skip_unless_impl_has(RCUTABLE_API_STALL, "stall warnings");
	int status = run_child(stalled_gp, NULL, err, sizeof(err));

	cr_assert(WIFEXITED(status), "status 0x%x: %s", status, err);
	for (p = err; (p = strstr(p, " has waited ")); p++) {
		if (sscanf(p, " has waited %lf s", &v) != 1)
			continue;
		if (first < 0)
			first = v;
		last = v;
		reports++;
	}
	cr_assert(reports >= 2, "a 700 ms stall with a 200 ms timeout warned %d time(s): \"%s\"",
		  reports, err);
	cr_assert(last > first && last >= 0.35,
		  "the stall reports did not count from the grace period's start "
		  "(first %.1f s, last %.1f s): \"%s\"", first, last, err);
}

Test(stall, rcu_cpu_stall_reset_silences, .timeout = 30)
{
	char err[4096];

	skip_unless_impl_has(RCUTABLE_API_STALL, "stall warnings");
	int status = run_child(stalled_gp, (void *)1, err, sizeof(err));

	cr_assert(WIFEXITED(status), "status 0x%x: %s", status, err);
	cr_assert(!strstr(err, "stall:"), "stall warned after rcu_cpu_stall_reset(): \"%s\"", err);
}
