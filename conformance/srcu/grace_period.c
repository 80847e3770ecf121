/* SPDX-License-Identifier: MIT */
/*
 * conformance/srcu/grace_period.c: the SRCU column's grace-period rows.
 * synchronize_srcu() and synchronize_srcu_expedited() wait for every reader
 * of their domain that was inside when they began: one that sleeps inside
 * (the table's "allow sleeping readers"), readers on threads that never
 * registered, a reader that counts itself in on one CPU and out on
 * another.  A grace period ends under a continuous stream of overlapping
 * readers, and a reader of one domain never delays another's.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdlib.h>
#include <unistd.h>

#include "srcu_hold.h"

DEFINE_STATIC_SRCU(gp_srcu);
DEFINE_STATIC_SRCU(other_srcu);

Test(srcu, waits_synchronize_srcu_for_a_sleeping_reader, .timeout = 30)
{
	struct srcu_hold h = { .ssp = &gp_srcu, .action = srcu_action_synchronize };

	cr_assert(srcu_hold_run(&h), "synchronize_srcu() returned while a reader "
		  "slept inside its section");
}

Test(srcu, waits_synchronize_srcu_expedited_for_a_sleeping_reader, .timeout = 30)
{
	struct srcu_hold h = { .ssp = &gp_srcu,
			       .action = srcu_action_synchronize_expedited };

	cr_assert(srcu_hold_run(&h), "synchronize_srcu_expedited() returned while "
		  "a reader slept inside its section");
}

/* After an expedited grace period (srcu: the domain's expedited mode, where
 * readers fence and grace periods use no membarrier()), a normal grace
 * period still waits for a reader that entered in that mode. */
Test(srcu, waits_synchronize_srcu_after_an_expedited_one, .timeout = 30)
{
	struct srcu_hold h = { .ssp = &gp_srcu, .action = srcu_action_synchronize };

	synchronize_srcu_expedited(&gp_srcu);
	cr_assert(srcu_hold_run(&h), "synchronize_srcu() after an expedited grace "
		  "period returned while a reader slept inside its section");
}

/* Readers on many threads, none of which registered anything, held until
 * the test releases them, then each a little longer. */
struct many {
	struct srcu_struct *ssp;
	struct hold_sync sync;
};

static void *unregistered_reader(void *arg)
{
	struct many *m = arg;
	int idx = srcu_read_lock(m->ssp);

	hold_reader_in(&m->sync);
	flag_wait_in_reader(&m->sync.release, 1, 10000);
	sleep_ms_in_reader(20 + (unsigned)(rand() % 30));
	hold_reader_out(&m->sync);
	srcu_read_unlock(m->ssp, idx);
	return NULL;
}

Test(srcu, waits_for_readers_on_threads_that_never_registered, .timeout = 30)
{
	enum { N = 8 };
	struct many m = { .ssp = &gp_srcu };
	pthread_t t[N];
	int i;

	for (i = 0; i < N; i++)
		t[i] = spawn(unregistered_reader, &m);
	hold_wait_inside(&m.sync, N);
	flag_set(&m.sync.release, 1);
	synchronize_srcu(&gp_srcu);
	cr_assert_eq(flag_get(&m.sync.reader_done), N, "synchronize_srcu() returned "
		     "while %d of %d readers were still inside",
		     N - flag_get(&m.sync.reader_done), N);
	for (i = 0; i < N; i++)
		pthread_join(t[i], NULL);
}

/* The two CPUs the test may pin to, or skip. */
static void two_cpus(int cpus[2])
{
	cpu_set_t set;
	int c, n = 0;

	cr_assert_eq(sched_getaffinity(0, sizeof(set), &set), 0);
	for (c = 0; c < CPU_SETSIZE && n < 2; c++)
		if (CPU_ISSET(c, &set))
			cpus[n++] = c;
	if (n < 2)
		cr_skip_test("needs two CPUs to migrate between");
}

Test(srcu, waits_for_a_reader_that_migrates_between_lock_and_unlock, .timeout = 30)
{
	struct srcu_hold h = { .ssp = &gp_srcu, .action = srcu_action_synchronize,
			       .migrate = true };

	two_cpus(h.cpus);
	cr_assert(srcu_hold_run(&h), "synchronize_srcu() returned while a reader "
		  "that had moved to another CPU was inside");
	cr_assert_eq(h.cpu_at_lock, h.cpus[0], "the reader locked on CPU %d", h.cpu_at_lock);
	cr_assert_eq(h.cpu_at_unlock, h.cpus[1], "the reader unlocked on CPU %d",
		     h.cpu_at_unlock);
	/* The lock and unlock counts are on different CPUs: their sums must
	 * still balance, or this grace period would never end. */
	synchronize_srcu_expedited(&gp_srcu);
	synchronize_srcu(&gp_srcu);
}

/* A section of another domain around the waited-for one changes nothing;
 * the caller may itself be inside a reader of another domain. */
Test(srcu, waits_while_the_caller_reads_another_domain, .timeout = 30)
{
	struct srcu_hold h = { .ssp = &gp_srcu, .action = srcu_action_synchronize };
	int idx = srcu_read_lock(&other_srcu);
	bool left = srcu_hold_run(&h);

	srcu_read_unlock(&other_srcu, idx);
	cr_assert(left, "synchronize_srcu() inside a reader of another domain did "
		  "not wait for its own domain's reader");
}

/* Domains are independent: a reader of one never delays the other's grace
 * period, in both directions.  The reader stays inside until released. */
static bool action_other_domain_returns(struct srcu_hold *h)
{
	synchronize_srcu(h->action_ssp);
	synchronize_srcu_expedited(h->action_ssp);
	return !flag_get(&h->sync.reader_done);	/* true: returned with the reader inside */
}

Test(srcu, a_reader_of_one_domain_never_delays_another, .timeout = 30)
{
	struct srcu_hold a = { .ssp = &gp_srcu, .action_ssp = &other_srcu,
			       .action = action_other_domain_returns, .hold_ms = 10000 };
	struct srcu_hold b = { .ssp = &other_srcu, .action_ssp = &gp_srcu,
			       .action = action_other_domain_returns, .hold_ms = 10000 };

	cr_assert(srcu_hold_run(&a), "a reader of gp_srcu delayed other_srcu's grace period");
	cr_assert(srcu_hold_run(&b), "a reader of other_srcu delayed gp_srcu's grace period");
}

/* A continuous stream of overlapping readers on more threads than CPUs:
 * each thread opens its next section before it closes the previous one,
 * so some reader is always inside; grace periods must still end. */
struct stream {
	int stop;
	unsigned long sections;
};

static void *overlapping_reader(void *arg)
{
	struct stream *s = arg;
	int prev = srcu_read_lock(&gp_srcu), next;

	while (!flag_get(&s->stop)) {
		next = srcu_read_lock(&gp_srcu);
		srcu_read_unlock(&gp_srcu, prev);
		prev = next;
		__atomic_add_fetch(&s->sections, 1, __ATOMIC_RELAXED);
	}
	srcu_read_unlock(&gp_srcu, prev);
	return NULL;
}

Test(srcu, grace_periods_end_under_a_stream_of_overlapping_readers, .timeout = 60)
{
	enum { READERS = 6, GPS = 50 };
	struct stream s = { 0 };
	pthread_t t[READERS];
	int i;

	for (i = 0; i < READERS; i++)
		t[i] = spawn(overlapping_reader, &s);
	while (__atomic_load_n(&s.sections, __ATOMIC_RELAXED) < 1000)
		sleep_ms_in_reader(1);
	for (i = 0; i < GPS; i++) {
		if (i % 2)
			synchronize_srcu(&gp_srcu);
		else
			synchronize_srcu_expedited(&gp_srcu);
	}
	flag_set(&s.stop, 1);
	for (i = 0; i < READERS; i++)
		pthread_join(t[i], NULL);
	cr_assert_gt(s.sections, 1000);
}

/* Publish and subscribe through an SRCU-protected pointer: a reader that
 * sleeps between srcu_dereference() and its use of the object must find it
 * intact; the updater frees the old object only after synchronize_srcu(). */
struct obj {
	int alive;
	int value;
};
static struct obj *gp;

struct sub {
	int done, bad;
};

static void *subscriber(void *arg)
{
	struct sub *s = arg;

	while (!flag_get(&s->done)) {
		int idx = srcu_read_lock(&gp_srcu);
		struct obj *o = srcu_dereference(gp, &gp_srcu);

		sleep_ms_in_reader(1);	/* sleep inside the section */
		if (o && (!flag_get(&o->alive) || o->value != 42))
			flag_set(&s->bad, 1);
		srcu_read_unlock(&gp_srcu, idx);
	}
	return NULL;
}

/* Normal and expedited grace periods alternate; srcu's expedited mode
 * lapses after 2 ms here, so the domain also switches between its modes
 * while readers run. */
Test(srcu, waits_before_a_sleeping_subscriber_sees_its_object_freed, .timeout = 60)
{
	struct sub s = { 0 };
	pthread_t t[3];
	int i;

	setenv("RCUTABLE_SRCU_EXPEDITED_MODE_MS", "2", 1);
	for (i = 0; i < 3; i++)
		t[i] = spawn(subscriber, &s);
	for (i = 0; i < 200 && !flag_get(&s.bad); i++) {
		struct obj *o = malloc(sizeof(*o)), *old;

		o->value = 42;
		flag_set(&o->alive, 1);
		old = gp;
		rcu_assign_pointer(gp, o);
		if (i % 8 < 4)
			synchronize_srcu(&gp_srcu);
		else
			synchronize_srcu_expedited(&gp_srcu);
		if (old) {
			flag_set(&old->alive, 0);	/* poisoned: a reader may not see it */
			old->value = -1;
			sleep_ms_in_reader(1);
			free(old);
		}
	}
	flag_set(&s.done, 1);
	for (i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	cr_assert(!s.bad, "a reader used an object after synchronize_srcu() let it be freed");
	free(gp);
	gp = NULL;
}
