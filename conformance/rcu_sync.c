/* SPDX-License-Identifier: MIT */
/*
 * conformance/rcu_sync.c: rcu_sync (rcutable/rcu_sync.h, since 2019).
 * rcu_sync_enter() returns only once every reader that saw the fast path
 * has left; readers after it see the slow path until a grace period after
 * the last rcu_sync_exit(); enters and exits nest.
 */
#include <rcutable/rcu_sync.h>
#include "helpers.h"

static struct rcu_sync sync_rs = __RCU_SYNC_INITIALIZER(sync_rs);
static int saw_idle;

/* The hold's reader, which looks at the switch inside its section. */
static void *sync_reader(void *arg)
{
	struct hold *h = arg;

	rcu_register_thread();
	rcu_read_lock();
	flag_set(&saw_idle, rcu_sync_is_idle(&sync_rs));
	hold_reader_stay(&h->sync, h->hold_ms, NULL, NULL);
	rcu_read_unlock();
	rcu_unregister_thread();
	return NULL;
}

static bool action_enter(struct hold *h)
{
	bool left;

	rcu_sync_enter(&sync_rs);
	left = flag_get(&h->sync.reader_done);
	rcu_sync_exit(&sync_rs);
	return left;
}

Test(rcu_sync, waits_rcu_sync_enter, .timeout = 20)
{
	struct hold h = { .action = action_enter, .reader = sync_reader };

	cr_assert(hold_run(&h), "rcu_sync_enter() returned while a reader that saw "
		  "the fast path was still inside");
	cr_assert(flag_get(&saw_idle), "the reader did not see rcu_sync idle before the enter");
	rcu_sync_dtor(&sync_rs);
}

static bool is_idle(struct rcu_sync *rs)
{
	bool idle;

	rcu_read_lock();
	idle = rcu_sync_is_idle(rs);
	rcu_read_unlock();
	return idle;
}

/* Polls until rs is idle again (10 s at most). */
static bool idle_again(struct rcu_sync *rs)
{
	for (int i = 0; i < 10000; i++) {
		if (is_idle(rs))
			return true;
		sleep_ms(1);
	}
	return false;
}

Test(rcu_sync, slow_path_until_a_grace_period_after_the_last_exit, .timeout = 30)
{
	struct rcu_sync rs;

	rcu_sync_init(&rs);
	cr_assert(is_idle(&rs));
	rcu_sync_enter(&rs);
	rcu_sync_enter(&rs);
	cr_assert(!is_idle(&rs), "idle after rcu_sync_enter()");
	rcu_sync_exit(&rs);
	sleep_ms(50);
	cr_assert(!is_idle(&rs), "idle while one rcu_sync_enter() of two is open");
	rcu_sync_exit(&rs);
	/* During the last exit's grace period: an enter needs none of its own,
	 * and its exit replays the wait. */
	rcu_sync_enter(&rs);
	cr_assert(!is_idle(&rs));
	rcu_sync_exit(&rs);
	cr_assert(idle_again(&rs), "never idle again after the last rcu_sync_exit()");
	rcu_sync_dtor(&rs);
}

/* Enters and exits from several threads at once end idle. */
static int saw_idle_inside;

static void *enter_exit(void *arg)
{
	struct rcu_sync *rs = arg;

	rcu_register_thread();
	for (int i = 0; i < 200; i++) {
		rcu_sync_enter(rs);
		if (is_idle(rs))
			flag_set(&saw_idle_inside, 1);
		rcu_sync_exit(rs);
		rcu_quiescent_state();
	}
	rcu_unregister_thread();
	return NULL;
}

Test(rcu_sync, concurrent_enters_and_exits, .timeout = 60)
{
	struct rcu_sync rs;
	pthread_t t[3];

	rcu_sync_init(&rs);
	for (int i = 0; i < 3; i++)
		t[i] = spawn(enter_exit, &rs);
	for (int i = 0; i < 3; i++)
		join(t[i]);
	cr_assert(!flag_get(&saw_idle_inside),
		  "a reader saw rcu_sync idle between an enter and its exit");
	cr_assert(idle_again(&rs));
	rcu_sync_dtor(&rs);
}
