/* SPDX-License-Identifier: MIT */
/*
 * lib/api/poll_start.c: start_poll_synchronize_rcu() and
 * start_poll_synchronize_rcu_expedited() (rcutable/rcupdate.h), over the
 * RCU implementation's own synchronize_rcu(), synchronize_rcu_expedited()
 * and cookies; compiled once per implementation.
 *
 * In the kernel a start_poll call returns get_state_synchronize_rcu()'s
 * cookie and makes sure that a grace period that completes it will run,
 * although nobody waits for it: the grace-period kthread (or a work item,
 * for an expedited one) runs it.  Here that part is played by a thread of
 * the library's, the poller, started at the first call that needs it.  A
 * call that finds its cookie incomplete counts a request (asked); the
 * poller, which has served every request up to served, takes a cookie of
 * its own after reading asked, and waits for it with cond_synchronize_rcu()
 * (cond_synchronize_rcu_expedited() if an expedited start asked since).  A
 * cookie taken later is complete no earlier than one taken before it, so
 * that wait completes every cookie counted in what it read; then it serves
 * that count, and sleeps on asked until a request comes.
 *
 * The poller blocks every signal but the reserved one, as the callback
 * worker does, and is never a reader (QSBR: never online).  A child of
 * fork() has no poller: its first start_poll call starts one, which serves
 * the requests its parent had pending too.  (Starting it in the fork
 * handler would run a grace period before the implementation's own
 * handler, perhaps registered later, had made its state the child's.)
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>

#include <rcutable/rcupdate.h>
#include "engine/diag.h"
#include "engine/futex.h"
#include "engine/sigmask.h"

static int asked;		/* requests so far (wraps; compared for equality) */
static int served;		/* requests the poller has completed; the poller's */
static int expedite;		/* an expedited start asked since the poller's last look */
static int sleeping;		/* the poller sleeps, or is about to, on asked */
static bool started;		/* the poller runs; written under start_lock */
static pthread_mutex_t start_lock = PTHREAD_MUTEX_INITIALIZER;

static void poller_sleep(int seen)
{
	/* Seq_cst store, then load: pairs with the seq_cst increment and
	 * load in poller_ask().  Either the caller sees sleeping and wakes
	 * us, or we see its request and do not sleep. */
	__atomic_store_n(&sleeping, 1, __ATOMIC_SEQ_CST);
	if (__atomic_load_n(&asked, __ATOMIC_SEQ_CST) == seen)
		rcutable_futex_wait(&asked, seen, 0);
	__atomic_store_n(&sleeping, 0, __ATOMIC_RELAXED);
}

static void *poller(void *arg)
{
	sigset_t all;

	(void)arg;
	pthread_setname_np(pthread_self(), "rcutable-poll");
	rcutable_sigfillset_internal(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	for (;;) {
		int seen = __atomic_load_n(&asked, __ATOMIC_SEQ_CST);
		unsigned long cookie;

		if (seen == served) {
			poller_sleep(seen);
			continue;
		}
		/* Taken after reading seen, so after the cookie of every
		 * request counted in it (each took its cookie first). */
		cookie = get_state_synchronize_rcu();
		if (__atomic_exchange_n(&expedite, 0, __ATOMIC_RELAXED))
			cond_synchronize_rcu_expedited(cookie);
		else
			cond_synchronize_rcu(cookie);
		served = seen;
	}
	return NULL;
}

/* Start the poller unless it runs; a failure is reported once, and the
 * next request tries again (its cookie still completes at the next grace
 * period anyone runs). */
static void poller_start(void)
{
	static int warned;
	pthread_t t;
	pthread_attr_t attr;
	int err;

	pthread_mutex_lock(&start_lock);
	if (!started) {
		pthread_attr_init(&attr);
		pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
		err = pthread_create(&t, &attr, poller, NULL);
		pthread_attr_destroy(&attr);
		if (!err)
			__atomic_store_n(&started, true, __ATOMIC_RELEASE);
		else if (!__atomic_exchange_n(&warned, 1, __ATOMIC_RELAXED))
			rcutable_warn("start_poll_synchronize_rcu(): cannot start the "
				      "poller thread: %s; its cookies complete at the "
				      "next grace period that another call runs",
				      strerror(err));
	}
	pthread_mutex_unlock(&start_lock);
}

/* fork(): no thread holds start_lock across it, and the child has no
 * poller (its first request starts one). */
static void poller_atfork_prepare(void)
{
	pthread_mutex_lock(&start_lock);
}

static void poller_atfork_parent(void)
{
	pthread_mutex_unlock(&start_lock);
}

static void poller_atfork_child(void)
{
	started = false;
	sleeping = 0;
	pthread_mutex_unlock(&start_lock);
}

__attribute__((constructor)) static void poller_register_atfork(void)
{
	if (pthread_atfork(poller_atfork_prepare, poller_atfork_parent,
			   poller_atfork_child))
		rcutable_die("start_poll_synchronize_rcu(): pthread_atfork() failed");
}

static unsigned long poller_ask(bool expedited)
{
	unsigned long cookie = get_state_synchronize_rcu();

	if (poll_state_synchronize_rcu(cookie))
		return cookie;
	if (expedited)
		__atomic_store_n(&expedite, 1, __ATOMIC_RELAXED);
	/* Seq_cst: the cookie (and the expedite flag) before the count, the
	 * count before the load of sleeping; pairs with poller_sleep().  A
	 * poller that another call just started may be asleep already. */
	__atomic_add_fetch(&asked, 1, __ATOMIC_SEQ_CST);
	if (!__atomic_load_n(&started, __ATOMIC_ACQUIRE))
		poller_start();
	if (__atomic_load_n(&sleeping, __ATOMIC_SEQ_CST))
		rcutable_futex_wake(&asked, 1);
	return cookie;
}

unsigned long start_poll_synchronize_rcu(void)
{
	return poller_ask(false);
}

unsigned long start_poll_synchronize_rcu_expedited(void)
{
	return poller_ask(true);
}
