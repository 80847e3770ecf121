/* SPDX-License-Identifier: MIT */
/*
 * conformance/srcu/srcu_hold.c: see srcu_hold.h.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "srcu_hold.h"

static void pin_to(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	cr_assert_eq(sched_setaffinity(0, sizeof(set), &set), 0, "pin to CPU %d", cpu);
	sched_yield();	/* the kernel moves us at the next schedule */
}

static void *hold_reader(void *arg)
{
	struct srcu_hold *h = arg;
	int idx;

	if (h->migrate)
		pin_to(h->cpus[0]);
	idx = srcu_read_lock(h->ssp);
	if (h->migrate) {
		h->cpu_at_lock = sched_getcpu();
		pin_to(h->cpus[1]);
	}
	hold_reader_stay(&h->sync, h->hold_ms, NULL, NULL);
	if (h->migrate)
		h->cpu_at_unlock = sched_getcpu();
	srcu_read_unlock(h->ssp, idx);
	return NULL;
}

static bool hold_act(void *arg)
{
	struct srcu_hold *h = arg;

	return h->action(h);
}

bool srcu_hold_run(struct srcu_hold *h)
{
	if (!h->hold_ms)
		h->hold_ms = SRCU_HOLD_MS;
	if (!h->action_ssp)
		h->action_ssp = h->ssp;
	return hold_drive(&h->sync, hold_reader, hold_act, h, NULL);
}

bool srcu_action_synchronize(struct srcu_hold *h)
{
	synchronize_srcu(h->action_ssp);
	return flag_get(&h->sync.reader_done);
}

bool srcu_action_synchronize_expedited(struct srcu_hold *h)
{
	synchronize_srcu_expedited(h->action_ssp);
	return flag_get(&h->sync.reader_done);
}

bool srcu_action_call_srcu_wait(struct srcu_hold *h)
{
	static struct hold_cb c;

	c.s = &h->sync;
	call_srcu(h->action_ssp, &c.head, hold_cb_func);
	cr_assert(flag_wait_in_reader(&h->sync.cb_ran, 1, 10000), "call_srcu() callback never ran");
	return flag_get(&h->sync.cb_seen);
}

int srcu_thread_count(void)
{
	char line[256];
	int n = -1;
	FILE *f = fopen("/proc/self/status", "r");

	cr_assert(f);
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "Threads: %d", &n) == 1)
			break;
	fclose(f);
	return n;
}

/* A watchdog in every test process: a test that hangs dies by SIGALRM
 * and is reported as crashing, so the run goes on. */
static void watchdog(void)
{
	alarm(150);
}

TestSuite(srcu, .init = watchdog);
