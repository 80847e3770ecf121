/* SPDX-License-Identifier: MIT */
/*
 * conformance/grace_period.c: the table's "Update-side primitives
 * (synchronous)" and "(expedited)" rows.  A grace period waits for every
 * reader that began before it, nested or not, and for no reader that began
 * after it; it completes under a continuous stream of overlapping readers.
 */
#include "helpers.h"

#define GP_MSG "returned while a pre-existing reader was still inside its section"

Test(grace_period, waits_synchronize_rcu, .timeout = 20)
{
	cr_assert(hold_simple(action_synchronize_rcu, READER_RCU), "synchronize_rcu() " GP_MSG);
}

static bool action_synchronize_net(struct hold *h)
{
	synchronize_net();
	return flag_get(&h->sync.reader_done);
}

/* rcu_expedite_gp() changes how synchronize_rcu() waits, not what for;
 * the calls nest. */
Test(grace_period, waits_synchronize_rcu_expedite_gp, .timeout = 20)
{
	cr_assert(!rcu_gp_is_expedited());
	rcu_expedite_gp();
	rcu_expedite_gp();
	cr_assert(rcu_gp_is_expedited());
	cr_assert(hold_simple(action_synchronize_rcu, READER_RCU),
		  "synchronize_rcu() after rcu_expedite_gp() returned while a "
		  "pre-existing reader was still inside");
	rcu_unexpedite_gp();
	cr_assert(rcu_gp_is_expedited(), "one rcu_unexpedite_gp() of two ended expediting");
	rcu_unexpedite_gp();
	cr_assert(!rcu_gp_is_expedited());
}

Test(grace_period, waits_synchronize_net, .timeout = 20)
{
	cr_assert(hold_simple(action_synchronize_net, READER_RCU), "synchronize_net() " GP_MSG);
}

static bool action_synchronize_rcu_mult(struct hold *h)
{
	synchronize_rcu_mult(call_rcu, call_rcu);
	return flag_get(&h->sync.reader_done);
}

Test(grace_period, waits_synchronize_rcu_mult, .timeout = 20)
{
	cr_assert(hold_simple(action_synchronize_rcu_mult, READER_RCU),
		  "synchronize_rcu_mult(call_rcu) " GP_MSG);
}

/* The reader nests three deep, then closes the two inner sections while
 * the updater waits: the outer one must still be waited for. */
Test(grace_period, waits_nested_reader, .timeout = 20)
{
	struct hold h = { .action = action_synchronize_rcu, .depth = 3 };

	cr_assert(hold_run(&h), "synchronize_rcu() " GP_MSG " (nested 3 deep)");
}

/*
 * A reader that began after the grace period must not be waited for: an
 * old reader O keeps the grace period of updater U open; once U's grace
 * period has visibly begun, and a settling time later, a late reader L
 * enters and stays inside until U returns; then O ends.  U must return
 * while L is still inside.
 *
 * "Visibly begun" is the polled cookie's move.  An own implementation moves
 * it when its grace period begins; a peer's adapter moves it when it calls
 * into the peer, which may flip its phase only later (liburcu-signal first
 * waits for every reader to take its signal, a while on a busy machine).
 * An L that entered before the real start is rightly waited for, so an
 * attempt that fails is retried with a longer settling time; an
 * implementation that waits for late readers fails every attempt.
 */
struct late {
	int o_inside, o_release, l_go, l_inside, l_release, u_done;
	bool expedited;
};

static void *late_old_reader(void *arg)
{
	struct late *s = arg;

	rcu_register_thread();
	rcu_read_lock();
	flag_set(&s->o_inside, 1);
	flag_wait_in_reader(&s->o_release, 1, 10000);
	rcu_read_unlock();
	rcu_unregister_thread();
	return NULL;
}

static void *late_new_reader(void *arg)
{
	struct late *s = arg;

	rcu_register_thread();
	flag_wait(&s->l_go, 1, 10000);
	rcu_read_lock();
	flag_set(&s->l_inside, 1);
	flag_wait_in_reader(&s->l_release, 1, 10000);
	rcu_read_unlock();
	rcu_unregister_thread();
	return NULL;
}

static void *late_updater(void *arg)
{
	struct late *s = arg;

	if (s->expedited)
		synchronize_rcu_expedited();
	else
		synchronize_rcu();
	flag_set(&s->u_done, 1);
	return NULL;
}

/* One attempt: true if U returned while L was inside. */
static bool late_reader_attempt(bool expedited, unsigned settle_ms)
{
	struct late s = { .expedited = expedited };
	pthread_t o, l, u;
	unsigned long before;
	bool returned;
	int waited;

	o = spawn(late_old_reader, &s);
	l = spawn(late_new_reader, &s);
	cr_assert(flag_wait(&s.o_inside, 1, 10000));
	before = get_state_synchronize_rcu();
	u = spawn(late_updater, &s);
	for (waited = 0; waited < 2000 && get_state_synchronize_rcu() == before; waited++)
		sleep_ms(1);
	sleep_ms(settle_ms);
	flag_set(&s.l_go, 1);
	cr_assert(flag_wait(&s.l_inside, 1, 10000));
	flag_set(&s.o_release, 1);
	returned = flag_wait(&s.u_done, 1, 3000);
	flag_set(&s.l_release, 1);
	join(u);
	join(l);
	join(o);
	return returned;
}

static void check_no_wait_for_late_reader(bool expedited)
{
	static const unsigned settle_ms[] = { 50, 250, 1000 };
	size_t i;

	for (i = 0; i < sizeof(settle_ms) / sizeof(settle_ms[0]); i++)
		if (late_reader_attempt(expedited, settle_ms[i]))
			return;
	cr_expect(false, "%s waited for a reader that began after it "
		  "(3 attempts, the last with L entering 1 s after it began)",
		  expedited ? "synchronize_rcu_expedited()" : "synchronize_rcu()");
}

Test(grace_period, no_wait_for_later_readers, .timeout = 30)
{
	check_no_wait_for_late_reader(false);
}

Test(expedited, no_wait_for_later_readers, .timeout = 30)
{
	check_no_wait_for_late_reader(true);
}

/*
 * Completion under a continuous stream of overlapping readers: at every
 * instant at least one of the reader threads is inside a section, yet each
 * grace period ends (a starvable implementation never returns).
 */
struct stream {
	int stop;
	int overlap;	/* readers currently inside */
	unsigned long max_gap_ns;
};

static void *stream_reader(void *arg)
{
	struct stream *s = arg;

	rcu_register_thread();
	while (!flag_get(&s->stop)) {
		rcu_read_lock();
		__atomic_fetch_add(&s->overlap, 1, __ATOMIC_SEQ_CST);
		/* Hand over: stay inside until another reader is inside too. */
		for (int i = 0; i < 20000 && flag_get(&s->overlap) < 2 && !flag_get(&s->stop); i++)
			rcutable_cpu_relax();
		for (volatile int i = 0; i < 2000; i++)
			;
		__atomic_fetch_sub(&s->overlap, 1, __ATOMIC_SEQ_CST);
		rcu_read_unlock();
		rcu_quiescent_state();
	}
	rcu_unregister_thread();
	return NULL;
}

static void check_stream(void (*sync)(void), const char *name)
{
	struct stream s = { 0 };
	pthread_t t[3];
	int i;

	for (i = 0; i < 3; i++)
		t[i] = spawn(stream_reader, &s);
	sleep_ms(20);
	for (i = 0; i < 50; i++)
		sync();
	flag_set(&s.stop, 1);
	for (i = 0; i < 3; i++)
		join(t[i]);
	cr_log_info("%s: 50 grace periods under overlapping readers", name);
}

Test(grace_period, completes_under_overlapping_readers, .timeout = 60)
{
	check_stream(synchronize_rcu, "synchronize_rcu()");
}

Test(expedited, completes_under_overlapping_readers, .timeout = 60)
{
	check_stream(synchronize_rcu_expedited, "synchronize_rcu_expedited()");
}

/* ---- Expedited ------------------------------------------------------------ */

Test(expedited, waits_synchronize_rcu_expedited, .timeout = 20)
{
	cr_assert(hold_simple(action_synchronize_rcu_expedited, READER_RCU),
		  "synchronize_rcu_expedited() " GP_MSG);
}

Test(expedited, waits_nested_reader, .timeout = 20)
{
	struct hold h = { .action = action_synchronize_rcu_expedited, .depth = 3 };

	cr_assert(hold_run(&h), "synchronize_rcu_expedited() " GP_MSG " (nested 3 deep)");
}

/* Concurrent callers share grace periods and all return after the reader. */
static struct hold *shared_hold;
static int shared_ok;

static void *shared_caller(void *arg)
{
	(void)arg;
	synchronize_rcu();
	if (flag_get(&shared_hold->sync.reader_done))
		__atomic_fetch_add(&shared_ok, 1, __ATOMIC_SEQ_CST);
	return NULL;
}

static bool action_many_callers(struct hold *h)
{
	pthread_t t[6];
	int i;

	shared_hold = h;
	for (i = 0; i < 6; i++)
		t[i] = spawn(shared_caller, NULL);
	for (i = 0; i < 6; i++)
		join(t[i]);
	return flag_get(&shared_ok) == 6;
}

Test(grace_period, waits_concurrent_callers, .timeout = 20)
{
	cr_assert(hold_simple(action_many_callers, READER_RCU),
		  "of 6 concurrent synchronize_rcu() callers, some returned "
		  "while a pre-existing reader was still inside its section");
}

/* ... and they share grace periods: while one grace period waits for the
 * reader, the others queue behind it and one more grace period serves them
 * all.  Cookies count grace periods: each one advances them by 2. */
static unsigned long gps_before;

static bool action_count_shared(struct hold *h)
{
	gps_before = get_state_synchronize_rcu();
	return action_many_callers(h);
}

Test(grace_period, concurrent_callers_share_grace_periods, .timeout = 20)
{
	unsigned long gps;

	shared_ok = 0;
	cr_assert(hold_simple(action_count_shared, READER_RCU));
	gps = (get_state_synchronize_rcu() - gps_before) / 2;
	cr_assert(gps <= 3, "6 concurrent synchronize_rcu() callers took %lu grace "
		  "periods; sharing needs at most 3", gps);
	cr_log_info("6 concurrent callers: %lu grace periods", gps);
}
