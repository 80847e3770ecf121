/* SPDX-License-Identifier: MIT */
/*
 * conformance/tasks/stall.c: a grace period held up past the stall
 * timeout (RCUTABLE_TASKS_STALL_TIMEOUT_MS) warns, naming each thread it
 * waits for by tid and name, and keeps waiting.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tasks_hold.h"

static void stall_in_child(void *arg)
{
	static struct trampolines t;
	static struct tasks_updater u;

	(void)arg;
	setenv("RCUTABLE_TASKS_STALL_TIMEOUT_MS", "200", 1);
	trampolines_start(&t, 1);
	pthread_setname_np(t.thread[0], "trampoline");
	tasks_updater_start(&u, &t);
	for (int i = 0; i < 10000 && tasks_stats().stall_warnings == 0 &&
			 !flag_get(&u.returned); i++)
		sleep_ms_in_reader(1);
	fprintf(stderr, "spinner %d; updater returned %d\n", (int)t.tid[0],
		flag_get(&u.returned));
	trampolines_release(&t);
	tasks_updater_join(&u);
	fprintf(stderr, "returned after the stall\n");
	trampolines_finish(&t);
}

Test(tasks, a_stalled_grace_period_names_the_spinning_thread, .timeout = 60)
{
	char err[8192], want[96];
	int status = run_child(stall_in_child, NULL, err, sizeof(err));
	int tid = 0;
	const char *p = strstr(err, "spinner ");

	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "status 0x%x: %s",
		  status, err);
	cr_assert(p && sscanf(p, "spinner %d", &tid) == 1, "%s", err);
	cr_assert(strstr(err, "RCU Tasks stall"), "no stall warning: %s", err);
	snprintf(want, sizeof(want), "thread %d (trampoline)", tid);
	cr_assert(strstr(err, want), "the stall warning does not name \"%s\": %s",
		  want, err);
	cr_assert(strstr(err, "updater returned 0"), "the grace period ended while "
		  "the thread spun: %s", err);
	cr_assert(strstr(err, "returned after the stall"), "%s", err);
}
