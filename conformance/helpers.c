/* SPDX-License-Identifier: MIT */
/*
 * conformance/helpers.c: see helpers.h.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "helpers.h"

/*
 * A QSBR thread that waits outside its readers goes offline for the wait,
 * as a correct program does, or it would hold back every grace period; the
 * wait helpers do it for the tests.  Elsewhere rcu_thread_offline() does
 * nothing.
 */
static bool wait_begin(void)
{
	bool online = rcutable_impl_info.readers_report_qs && rcu_is_watching();

	if (online)
		rcu_thread_offline();
	return online;
}

static void wait_end(bool was_online)
{
	if (was_online)
		rcu_thread_online();
}

void sleep_ms(unsigned ms)
{
	bool w = wait_begin();

	sleep_ms_in_reader(ms);
	wait_end(w);
}

bool flag_wait(const int *f, int v, unsigned timeout_ms)
{
	bool w = wait_begin(), ok = flag_wait_in_reader(f, v, timeout_ms);

	wait_end(w);
	return ok;
}

void join(pthread_t t)
{
	bool w = wait_begin();

	pthread_join(t, NULL);
	wait_end(w);
}

void reader_enter(enum reader_kind kind, unsigned long *flags)
{
	switch (kind) {
	case READER_RCU:		rcu_read_lock(); break;
	case READER_BH:			rcu_read_lock_bh(); break;
	case READER_SCHED:		rcu_read_lock_sched(); break;
	case READER_SCHED_NOTRACE:	rcu_read_lock_sched_notrace(); break;
	case READER_PREEMPT:		preempt_disable(); break;
	case READER_LOCAL_BH:		local_bh_disable(); break;
	case READER_LOCAL_IRQ:		local_irq_save(*flags); break;
	default:			cr_assert_fail("reader kind %d", kind);
	}
}

void reader_exit(enum reader_kind kind, unsigned long flags)
{
	switch (kind) {
	case READER_RCU:		rcu_read_unlock(); break;
	case READER_BH:			rcu_read_unlock_bh(); break;
	case READER_SCHED:		rcu_read_unlock_sched(); break;
	case READER_SCHED_NOTRACE:	rcu_read_unlock_sched_notrace(); break;
	case READER_PREEMPT:		preempt_enable(); break;
	case READER_LOCAL_BH:		local_bh_enable(); break;
	case READER_LOCAL_IRQ:		local_irq_restore(flags); break;
	default:			cr_assert_fail("reader kind %d", kind);
	}
}

const char *reader_kind_name(enum reader_kind kind)
{
	static const char *const names[READER_KINDS] = {
		"rcu_read_lock()", "rcu_read_lock_bh()", "rcu_read_lock_sched()",
		"rcu_read_lock_sched_notrace()", "preempt_disable()",
		"local_bh_disable()", "local_irq_save()",
	};
	return kind < READER_KINDS ? names[kind] : "?";
}

/* The sections a hold's reader opened, for ending the inner ones. */
struct hold_sections {
	const struct hold *h;
	int depth;
	unsigned long flags[8];
};

/* Nested: the inner sections end while the updater waits; the outermost
 * one must still hold it. */
static void end_inner_sections(void *arg)
{
	struct hold_sections *r = arg;

	for (int i = r->depth - 1; i > 0; i--)
		reader_exit(r->h->kind, r->flags[i]);
}

static void *hold_reader(void *arg)
{
	struct hold *h = arg;
	struct hold_sections r = { .h = h, .depth = h->depth > 0 ? h->depth : 1 };

	cr_assert(r.depth <= 8);
	if (!h->no_register)
		rcu_register_thread();
	for (int i = 0; i < r.depth; i++)
		reader_enter(h->kind, &r.flags[i]);
	hold_reader_stay(&h->sync, h->hold_ms, end_inner_sections, &r);
	reader_exit(h->kind, r.flags[0]);
	if (!h->no_register)
		rcu_unregister_thread();
	return NULL;
}

static bool hold_act(void *arg)
{
	struct hold *h = arg;

	return h->action(h);
}

bool hold_run(struct hold *h)
{
	static const struct hold_waits qsbr_offline = { wait_begin, wait_end };

	if (!h->hold_ms)
		h->hold_ms = HOLD_MS_DEFAULT;
	return hold_drive(&h->sync, h->reader ? h->reader : hold_reader, hold_act, h,
			  &qsbr_offline);
}

bool hold_simple(hold_action_fn action, enum reader_kind kind)
{
	struct hold h = { .action = action, .kind = kind };

	return hold_run(&h);
}

bool action_synchronize_rcu(struct hold *h)
{
	synchronize_rcu();
	return flag_get(&h->sync.reader_done);
}

bool action_synchronize_rcu_expedited(struct hold *h)
{
	synchronize_rcu_expedited();
	return flag_get(&h->sync.reader_done);
}

static bool call_and_wait(struct hold *h, void (*call)(struct rcu_head *, rcu_callback_t),
			  const char *name)
{
	static struct hold_cb c;

	c.s = &h->sync;
	call(&c.head, hold_cb_func);
	cr_assert(flag_wait(&h->sync.cb_ran, 1, 10000), "%s() callback never ran", name);
	return flag_get(&h->sync.cb_seen);
}

bool action_call_rcu_wait(struct hold *h)
{
	return call_and_wait(h, call_rcu, "call_rcu");
}

bool action_call_rcu_hurry_wait(struct hold *h)
{
	return call_and_wait(h, call_rcu_hurry, "call_rcu_hurry");
}

/*
 * A watchdog in every test process: a test that hangs (a grace period that
 * never ends, a deadlock) dies by SIGALRM and is reported as crashing, so
 * the run goes on.  Every test's own .timeout is at most 120 s.  Each suite
 * declares it as its .init.
 */
static void watchdog(void)
{
	alarm(150);
	/* Tests read on their main thread; where readers must register, that
	 * thread registers first, as a correct program would. */
	if (rcutable_impl_info.readers_must_register)
		rcu_register_thread();
}

TestSuite(barrier, .init = watchdog);
TestSuite(callbacks, .init = watchdog);
TestSuite(consolidation, .init = watchdog);
TestSuite(deadlock, .init = watchdog);
TestSuite(expedited, .init = watchdog);
TestSuite(faults, .init = watchdog);
TestSuite(free_memory, .init = watchdog);
TestSuite(grace_period, .init = watchdog);
TestSuite(lifecycle, .init = watchdog);
TestSuite(lists, .init = watchdog);
TestSuite(misuse, .init = watchdog);
TestSuite(oversubscription, .init = watchdog);
TestSuite(polled, .init = watchdog);
TestSuite(publish_subscribe, .init = watchdog);
TestSuite(qsbr, .init = watchdog);
TestSuite(rcu_sync, .init = watchdog);
TestSuite(requirements, .init = watchdog);
TestSuite(scoped, .init = watchdog);
/* The stall timeout is read at the first use of RCU, which the watchdog
 * may make (registering): set it first. */
static void stall_init(void)
{
	setenv("RCUTABLE_STALL_TIMEOUT_MS", "200", 1);
	watchdog();
}
TestSuite(stall, .init = stall_init);
TestSuite(validation, .init = watchdog);
