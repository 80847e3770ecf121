/* SPDX-License-Identifier: MIT */
/*
 * conformance/stress.c: publish/subscribe under concurrent updates, and
 * oversubscription.  An updater publishes fresh objects with
 * rcu_assign_pointer() and retires the old one by each update-side route
 * (synchronize, expedited, call_rcu, polled); once retired, an object is
 * poisoned.  Readers must never see a poisoned object nor an uninitialised
 * one.  With 8 readers on the 2-CPU machines, readers are preempted inside
 * their sections all the time: the hardest case for grace periods.
 */
#include <stdlib.h>
#include "helpers.h"
#include "testing.h"

#define LIVE 0x11feUL
#define DEAD 0xdeadUL

struct obj {
	unsigned long magic;
	unsigned long payload;	/* == ~serial, set before publication */
	unsigned long serial;
	struct rcu_head rcu;
};

enum retire { RETIRE_SYNC, RETIRE_EXPEDITED, RETIRE_CALL_RCU, RETIRE_COND };

struct stress {
	struct obj __rcu *cur;
	int stop;
	int bad_dead, bad_init;
	unsigned long reads;
};

static void *stress_reader(void *arg)
{
	struct stress *s = arg;
	unsigned long reads = 0;

	rcu_register_thread();
	while (!flag_get(&s->stop)) {
		struct obj *o;

		rcu_read_lock();
		o = rcu_dereference(s->cur);
		if (o) {
			if (o->payload != ~o->serial)
				flag_set(&s->bad_init, 1);
			for (volatile int i = 0; i < 200; i++)
				;
			if (RCUTABLE_READ_ONCE(o->magic) != LIVE)
				flag_set(&s->bad_dead, 1);
		}
		rcu_read_unlock();
		rcu_quiescent_state();
		reads++;
	}
	__atomic_fetch_add(&s->reads, reads, __ATOMIC_RELAXED);
	rcu_unregister_thread();
	return NULL;
}

static void poison_cb(struct rcu_head *h)
{
	struct obj *o = (struct obj *)((char *)h - offsetof(struct obj, rcu));

	RCUTABLE_WRITE_ONCE(o->magic, DEAD);
}

/*
 * A machine busy with other programs can make each grace period wait
 * hundreds of milliseconds for 8 preempted readers to run (a signal
 * flavor's acknowledgements, above all): the updates stop after
 * STRESS_BUDGET_S seconds whatever count they reached, once they have
 * made STRESS_MIN_UPDATES, so that the test judges what the readers saw,
 * not how busy the machine was.  A grace period that never ends still
 * fails it (the test's time limit).
 */
#define STRESS_BUDGET_S		20.0
#define STRESS_MIN_UPDATES	20

static void run_stress(int readers, enum retire how, int updates)
{
	struct stress s = { 0 };
	struct obj *objs = calloc((size_t)updates + 1, sizeof(*objs));
	double deadline = now_s(CLOCK_MONOTONIC) + STRESS_BUDGET_S;
	pthread_t t[16];
	int i;

	cr_assert(readers <= 16 && objs);
	for (i = 0; i < readers; i++)
		t[i] = spawn(stress_reader, &s);
	for (i = 0; i <= updates; i++) {
		if (i > STRESS_MIN_UPDATES && now_s(CLOCK_MONOTONIC) > deadline) {
			updates = i - 1;
			break;
		}
		struct obj *o = &objs[i], *old;
		unsigned long cookie;

		o->serial = (unsigned long)i;
		o->payload = ~(unsigned long)i;
		o->magic = LIVE;
		old = rcu_dereference_protected(s.cur, 1);
		rcu_assign_pointer(s.cur, o);
		if (!old)
			continue;
		/* Retired objects are never reused, so a reader that sees DEAD
		 * saw an object retired before its section ended. */
		switch (how) {
		case RETIRE_SYNC:	synchronize_rcu(); poison_cb(&old->rcu); break;
		case RETIRE_EXPEDITED:	synchronize_rcu_expedited(); poison_cb(&old->rcu); break;
		case RETIRE_CALL_RCU:	call_rcu(&old->rcu, poison_cb); break;
		case RETIRE_COND:
			cookie = get_state_synchronize_rcu();
			cond_synchronize_rcu(cookie);
			poison_cb(&old->rcu);
			break;
		}
	}
	rcu_barrier();
	flag_set(&s.stop, 1);
	for (i = 0; i < readers; i++)
		join(t[i]);
	cr_assert(!s.bad_init, "a reader saw an object before its initialisation");
	cr_assert(!s.bad_dead, "a reader saw an object retired before its section ended");
	cr_log_info("%lu reads, %d updates", s.reads, updates);
	free(objs);
}

Test(publish_subscribe, readers_see_live_objects_synchronize, .timeout = 120)
{
	run_stress(3, RETIRE_SYNC, 400);
}

Test(publish_subscribe, readers_see_live_objects_call_rcu, .timeout = 120)
{
	run_stress(3, RETIRE_CALL_RCU, 20000);
}

Test(oversubscription, eight_readers_synchronize, .timeout = 120)
{
	run_stress(8, RETIRE_SYNC, 300);
}

Test(oversubscription, eight_readers_expedited, .timeout = 120)
{
	run_stress(8, RETIRE_EXPEDITED, 300);
}

Test(oversubscription, eight_readers_call_rcu, .timeout = 120)
{
	run_stress(8, RETIRE_CALL_RCU, 20000);
}

Test(oversubscription, eight_readers_polled, .timeout = 120)
{
	run_stress(8, RETIRE_COND, 300);
}
