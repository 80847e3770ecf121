/* SPDX-License-Identifier: MIT */
/*
 * conformance/polled.c: the table's "initiate / wait" row.  A cookie from
 * get_state_synchronize_rcu() expires only after a full grace period;
 * cond_synchronize_rcu() waits when it has not and returns at once when it
 * has.  And the polled names since 2019: start_poll_synchronize_rcu()
 * (its cookie completes with nobody waiting), the _full and _expedited
 * forms, same_state_synchronize_rcu(), get_completed_synchronize_rcu().
 */
#include "helpers.h"

/* Taken while the reader is inside: cond_synchronize_rcu() must wait for it. */
static bool action_cond_sync(struct hold *h)
{
	unsigned long cookie = get_state_synchronize_rcu();

	cond_synchronize_rcu(cookie);
	return flag_get(&h->sync.reader_done);
}

Test(polled, waits_cond_synchronize_rcu, .timeout = 20)
{
	cr_assert(hold_simple(action_cond_sync, READER_RCU),
		  "cond_synchronize_rcu() returned while a reader that began "
		  "before its cookie was still inside");
}

/* While that reader is inside, poll_state_synchronize_rcu() must say "not yet". */
static bool action_poll(struct hold *h)
{
	unsigned long cookie = get_state_synchronize_rcu();
	bool early = poll_state_synchronize_rcu(cookie);

	synchronize_rcu();
	return !early && poll_state_synchronize_rcu(cookie) && flag_get(&h->sync.reader_done);
}

Test(polled, waits_poll_state_until_grace_period, .timeout = 20)
{
	cr_assert(hold_simple(action_poll, READER_RCU),
		  "poll_state_synchronize_rcu() reported a grace period while a "
		  "pre-existing reader was still inside, or not after synchronize_rcu()");
}

/*
 * Once a grace period has elapsed since the cookie, cond_synchronize_rcu()
 * must not wait, even for a reader that is inside its section right now.
 */
struct elapsed { int inside, release, done; unsigned long cookie; };

static void *elapsed_reader(void *arg)
{
	struct elapsed *e = arg;

	rcu_register_thread();
	rcu_read_lock();
	flag_set(&e->inside, 1);
	flag_wait_in_reader(&e->release, 1, 10000);
	rcu_read_unlock();
	rcu_unregister_thread();
	return NULL;
}

static void *elapsed_cond(void *arg)
{
	struct elapsed *e = arg;
	cond_synchronize_rcu(e->cookie);
	flag_set(&e->done, 1);
	return NULL;
}

/* While a reader is inside, run cond (a thread) on e's cookie: it must
 * return without waiting for that reader (what names it). */
static void cond_beside_a_reader(struct elapsed *e, void *(*cond)(void *), const char *what)
{
	pthread_t r, c;

	r = spawn(elapsed_reader, e);
	cr_assert(flag_wait(&e->inside, 1, 10000));
	c = spawn(cond, e);
	cr_expect(flag_wait(&e->done, 1, 5000), "%s waited for a reader it need not wait "
		  "for", what);
	flag_set(&e->release, 1);
	join(c);
	join(r);
}

Test(polled, cond_synchronize_returns_when_elapsed, .timeout = 20)
{
	struct elapsed e = { 0 };

	e.cookie = get_state_synchronize_rcu();
	synchronize_rcu();
	cr_assert(poll_state_synchronize_rcu(e.cookie),
		  "a full synchronize_rcu() did not expire the cookie");
	cond_beside_a_reader(&e, elapsed_cond, "cond_synchronize_rcu() on an expired cookie");
}

Test(polled, cookie_expires_after_one_grace_period, .timeout = 20)
{
	unsigned long a = get_state_synchronize_rcu();

	synchronize_rcu_expedited();
	cr_assert(poll_state_synchronize_rcu(a), "expedited grace period did not expire the cookie");
	a = get_state_synchronize_rcu();
	synchronize_rcu();
	cr_assert(poll_state_synchronize_rcu(a));
}

/* ---- Since 2019: start_poll, the _full forms, same_state, get_completed -- */

/* Polls cookie until it completes (10 s at most), running no grace period
 * of its own: something else must. */
static bool poll_until(unsigned long cookie)
{
	for (int i = 0; i < 10000; i++) {
		if (poll_state_synchronize_rcu(cookie))
			return true;
		sleep_ms(1);
	}
	return false;
}

/* Taken while the reader is inside: not complete until it leaves, and
 * complete later with nobody waiting for a grace period. */
static bool action_start_poll(struct hold *h)
{
	unsigned long cookie = start_poll_synchronize_rcu();

	return !poll_state_synchronize_rcu(cookie) && poll_until(cookie) &&
	       flag_get(&h->sync.reader_done);
}

static bool action_start_poll_expedited(struct hold *h)
{
	struct rcu_gp_oldstate s;

	start_poll_synchronize_rcu_expedited_full(&s);
	return !poll_state_synchronize_rcu_full(&s) && poll_until(s.rgos_norm) &&
	       poll_state_synchronize_rcu_full(&s) && flag_get(&h->sync.reader_done);
}

Test(polled, waits_start_poll_synchronize_rcu, .timeout = 30)
{
	cr_assert(hold_simple(action_start_poll, READER_RCU),
		  "start_poll_synchronize_rcu()'s cookie completed while a pre-existing "
		  "reader was inside, or never completed with nobody waiting");
}

Test(polled, waits_start_poll_synchronize_rcu_expedited, .timeout = 30)
{
	cr_assert(hold_simple(action_start_poll_expedited, READER_RCU),
		  "start_poll_synchronize_rcu_expedited_full()'s cookie completed while a "
		  "pre-existing reader was inside, or never completed with nobody waiting");
}

/* Many starts from several threads at once: every cookie completes with
 * nobody waiting (none lost between the poller's looks). */
static void *start_many(void *arg)
{
	unsigned long *last = arg;

	for (int i = 0; i < 2000; i++) {
		*last = (i & 1) ? start_poll_synchronize_rcu_expedited()
				: start_poll_synchronize_rcu();
		if (!(i % 256))
			sleep_ms(1);
	}
	return NULL;
}

Test(polled, start_poll_from_many_threads_completes, .timeout = 60)
{
	unsigned long last[4];
	pthread_t t[4];

	for (int i = 0; i < 4; i++)
		t[i] = spawn(start_many, &last[i]);
	for (int i = 0; i < 4; i++)
		join(t[i]);
	for (int i = 0; i < 4; i++)
		cr_assert(poll_until(last[i]), "a start_poll_synchronize_rcu() cookie "
			  "never completed with nobody waiting");
}

static bool action_poll_full(struct hold *h)
{
	struct rcu_gp_oldstate s;
	bool early;

	get_state_synchronize_rcu_full(&s);
	early = poll_state_synchronize_rcu_full(&s);
	synchronize_rcu_expedited();
	return !early && poll_state_synchronize_rcu_full(&s) && flag_get(&h->sync.reader_done);
}

Test(polled, waits_poll_state_full, .timeout = 20)
{
	cr_assert(hold_simple(action_poll_full, READER_RCU),
		  "poll_state_synchronize_rcu_full() reported a grace period while a "
		  "pre-existing reader was inside, or not after synchronize_rcu_expedited()");
}

static bool action_cond_full(struct hold *h)
{
	struct rcu_gp_oldstate s;

	get_state_synchronize_rcu_full(&s);
	cond_synchronize_rcu_full(&s);
	return flag_get(&h->sync.reader_done);
}

static bool action_cond_expedited(struct hold *h)
{
	cond_synchronize_rcu_expedited(get_state_synchronize_rcu());
	return flag_get(&h->sync.reader_done);
}

static bool action_cond_expedited_full(struct hold *h)
{
	struct rcu_gp_oldstate s;

	get_state_synchronize_rcu_full(&s);
	cond_synchronize_rcu_expedited_full(&s);
	return flag_get(&h->sync.reader_done);
}

Test(polled, waits_cond_synchronize_rcu_full, .timeout = 20)
{
	cr_assert(hold_simple(action_cond_full, READER_RCU),
		  "cond_synchronize_rcu_full() returned while a pre-existing reader was inside");
}

Test(polled, waits_cond_synchronize_rcu_expedited, .timeout = 20)
{
	cr_assert(hold_simple(action_cond_expedited, READER_RCU),
		  "cond_synchronize_rcu_expedited() returned while a pre-existing reader "
		  "was inside");
	cr_assert(hold_simple(action_cond_expedited_full, READER_RCU),
		  "cond_synchronize_rcu_expedited_full() returned while a pre-existing "
		  "reader was inside");
}

/* The completed cookie: complete at once and for ever, so a cond_ wait on
 * it returns even while a reader is inside right now. */
static void *completed_cond(void *arg)
{
	struct elapsed *e = arg;
	struct rcu_gp_oldstate s;

	get_completed_synchronize_rcu_full(&s);
	cond_synchronize_rcu(get_completed_synchronize_rcu());
	cond_synchronize_rcu_expedited(get_completed_synchronize_rcu());
	cond_synchronize_rcu_full(&s);
	cond_synchronize_rcu_expedited_full(&s);
	flag_set(&e->done, 1);
	return NULL;
}

Test(polled, completed_cookie_never_waits, .timeout = 20)
{
	struct elapsed e = { 0 };
	struct rcu_gp_oldstate s;

	get_completed_synchronize_rcu_full(&s);
	cr_assert(poll_state_synchronize_rcu(get_completed_synchronize_rcu()));
	cr_assert(poll_state_synchronize_rcu_full(&s));
	cond_beside_a_reader(&e, completed_cond,
			     "a cond_synchronize_rcu*() on the completed cookie");
	synchronize_rcu();
	cr_assert(poll_state_synchronize_rcu(get_completed_synchronize_rcu()),
		  "the completed cookie stopped being complete after a grace period");
}

Test(polled, same_state_tells_cookies_apart, .timeout = 20)
{
	struct rcu_gp_oldstate a, b, done;
	unsigned long x, y;

	x = get_state_synchronize_rcu();
	get_state_synchronize_rcu_full(&a);
	cr_assert(same_state_synchronize_rcu(x, x));
	cr_assert(same_state_synchronize_rcu_full(&a, &a));
	synchronize_rcu();
	y = get_state_synchronize_rcu();
	get_state_synchronize_rcu_full(&b);
	get_completed_synchronize_rcu_full(&done);
	cr_assert(!same_state_synchronize_rcu(x, y),
		  "cookies taken on either side of a grace period compare the same");
	cr_assert(!same_state_synchronize_rcu_full(&a, &b),
		  "full cookies taken on either side of a grace period compare the same");
	cr_assert(!same_state_synchronize_rcu(y, get_completed_synchronize_rcu()));
	cr_assert(!same_state_synchronize_rcu_full(&b, &done));
}
