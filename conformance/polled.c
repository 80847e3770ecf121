/* SPDX-License-Identifier: MIT */
/*
 * conformance/polled.c: the table's "initiate / wait" row.  A cookie from
 * get_state_synchronize_rcu() expires only after a full grace period;
 * cond_synchronize_rcu() waits when it has not and returns at once when it
 * has.
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

Test(polled, cond_synchronize_returns_when_elapsed, .timeout = 20)
{
	struct elapsed e = { 0 };
	pthread_t r, c;

	e.cookie = get_state_synchronize_rcu();
	synchronize_rcu();
	cr_assert(poll_state_synchronize_rcu(e.cookie),
		  "a full synchronize_rcu() did not expire the cookie");
	r = spawn(elapsed_reader, &e);
	cr_assert(flag_wait(&e.inside, 1, 10000));
	c = spawn(elapsed_cond, &e);
	cr_expect(flag_wait(&e.done, 1, 5000),
		  "cond_synchronize_rcu() on an expired cookie waited for a new reader");
	flag_set(&e.release, 1);
	join(c);
	join(r);
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
