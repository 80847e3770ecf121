/* SPDX-License-Identifier: MIT */
/*
 * lib/peer/peer_adapter.c: rcutable's API over a peer library, compiled
 * once per peer beside that peer's side (peer_side.h: liburcu_side.c for
 * each liburcu flavor, ck_epoch_side.c for Concurrency Kit's ck_epoch).
 *
 * What the peer provides is passed straight through: its read side (the
 * peer's rcu_impl.h), its grace period, its thread registration, and its
 * callbacks where it has them.  What it lacks is emulated here on top of
 * those, and the descriptor (RCUTABLE_PEER_* from the read-side header)
 * says so: expedited grace periods (a normal one), the polled cookies (a
 * count of grace periods started and completed through this adapter),
 * kfree_rcu() (a call_rcu() of a small record), the _bh/_sched
 * consolidation (the common rcupdate.h), refusal of waiting inside a
 * reader, unregistering at thread exit, fork() and the exit-time drain of
 * callbacks.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>

#include <rcutable/rcupdate.h>
#include "engine/cbq.h"
#include "engine/completion.h"
#include "engine/diag.h"
#include "peer/gp_count.h"
#include "peer/peer_side.h"
#include "engine/sigmask.h"

static __thread bool registered;
static pthread_key_t exit_key;
static pthread_once_t init_once = PTHREAD_ONCE_INIT;

/* ---- Registration (emulated: unregister at thread exit, signal safety) -- */

static void unregister_at_thread_exit(void *arg)
{
	sigset_t all;

	(void)arg;
	rcutable_sigfillset_unreserved(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	if (RCUTABLE_READERS_REPORT_QS) {
		rcu_thread_offline();
	} else if (rcutable_peer_read_ongoing()) {
		rcutable_warn("thread %d exited inside an RCU read-side critical "
			      "section; the section ends with it",
			      (int)rcutable_gettid());
		while (rcutable_peer_read_ongoing())
			rcutable_peer_read_unlock();
	}
	rcutable_peer_unregister();
	registered = false;
}

static void drain_at_exit(void);

static bool adapter_ready;

static void adapter_init(void)
{
	if (pthread_key_create(&exit_key, unregister_at_thread_exit) ||
	    pthread_atfork(rcutable_peer_before_fork, rcutable_peer_after_fork_parent,
			   rcutable_peer_after_fork_child) ||
	    atexit(drain_at_exit))
		rcutable_die("cannot set up the %s adapter's hooks",
			     rcutable_impl_info.name);
	/* Release: pairs with the acquire in adapter_ensure_init(). */
	__atomic_store_n(&adapter_ready, true, __ATOMIC_RELEASE);
}

/* First use, with the caller's signals blocked: a signal handler that
 * reads on this thread would otherwise register it and wait for this very
 * set-up (sigmask.h). */
static void adapter_ensure_init(void)
{
	/* Acquire: pairs with the release at the end of adapter_init(). */
	if (rcutable_likely(__atomic_load_n(&adapter_ready, __ATOMIC_ACQUIRE)))
		return;
	rcutable_once_unsignalled(&init_once, adapter_init);
}

void rcu_register_thread(void)
{
	sigset_t all, saved;

	if (registered)
		return;
	adapter_ensure_init();
	rcutable_sigfillset_unreserved(&all);
	pthread_sigmask(SIG_BLOCK, &all, &saved);
	if (!registered) {
		rcutable_peer_register();
		registered = true;
		pthread_setspecific(exit_key, &registered);
	}
	pthread_sigmask(SIG_SETMASK, &saved, NULL);
}

void rcu_unregister_thread(void)
{
	sigset_t all, saved;

	if (!registered)
		return;
	if (rcutable_reader_in_section())
		rcutable_die("rcu_unregister_thread() inside an RCU read-side "
			     "critical section");
	rcutable_sigfillset_unreserved(&all);
	pthread_sigmask(SIG_BLOCK, &all, &saved);
	pthread_setspecific(exit_key, NULL);
	rcutable_peer_unregister();
	registered = false;
	pthread_sigmask(SIG_SETMASK, &saved, NULL);
}

void rcutable_rcu_read_lock(void) { rcu_read_lock(); }
void rcutable_rcu_read_unlock(void) { rcu_read_unlock(); }

#ifdef RCUTABLE_URCU_RESERVED_SIGNAL
/* The flavor's own signal (liburcu-signal: SIGUSR1) stays open wherever
 * rcutable blocks signals, or liburcu's grace periods would wait forever. */
int rcutable_reserved_signal(void)
{
	return RCUTABLE_URCU_RESERVED_SIGNAL;
}
#endif

/* ---- Grace periods, and the polled cookies (emulated) ------------------- */

/* Counts the grace periods run through this adapter (gp_count.h). */
static struct rcutable_gp_count gp_count;

static void adapter_synchronize(const char *who)
{
	bool was_online = rcutable_gp_wait_begin(who);
	unsigned long mine;

	adapter_ensure_init();
	mine = rcutable_gp_count_begin(&gp_count);
	rcutable_peer_synchronize();
	rcutable_gp_count_end(&gp_count, mine);
	rcutable_gp_wait_end(was_online);
}

void synchronize_rcu(void) { adapter_synchronize("synchronize_rcu"); }

/* Neither peer has an expedited grace period: emulated by a normal one. */
void synchronize_rcu_expedited(void) { adapter_synchronize("synchronize_rcu_expedited"); }

unsigned long get_state_synchronize_rcu(void)
{
	return rcutable_gp_count_cookie(&gp_count);
}

bool poll_state_synchronize_rcu(unsigned long oldstate)
{
	if (oldstate == RCUTABLE_GP_STATE_COMPLETED) {
		rcutable_smp_mb();	/* a full fence, as every poll is */
		return true;
	}
	return rcutable_gp_count_elapsed(&gp_count, oldstate);
}

void cond_synchronize_rcu(unsigned long oldstate)
{
	if (!poll_state_synchronize_rcu(oldstate))
		synchronize_rcu();
}

void rcu_cpu_stall_reset(void) {}	/* the peers have no stall warnings */

/* ---- Callbacks -------------------------------------------------------------- */

/* liburcu requires call_rcu() callers to be registered threads. */
void call_rcu(struct rcu_head *head, rcu_callback_t func)
{
	rcutable_cbq_check_call("call_rcu", head, func);
	if (!registered)
		rcu_register_thread();
	rcutable_peer_call(head, (void (*)(void *))func);
}

/* The peers' callback threads do not let callbacks gather: as call_rcu(). */
void call_rcu_hurry(struct rcu_head *head, rcu_callback_t func)
{
	call_rcu(head, func);
}

struct kfree_record {
	struct rcu_head head;	/* first: the peer hands it back */
	void *obj;
};

static void kfree_record_cb(struct rcu_head *head)
{
	struct kfree_record *k = (struct kfree_record *)head;

	free(k->obj);
	free(k);
}

/* Emulated: the peers have no kfree_rcu(); the user's head stays unused. */
void rcutable_kfree_rcu(struct rcu_head *head, size_t offset)
{
	struct kfree_record *k = malloc(sizeof(*k));

	if (!k)
		rcutable_die("kfree_rcu(): out of memory");
	k->obj = (char *)head - offset;
	call_rcu(&k->head, kfree_record_cb);
}

void rcu_barrier(void)
{
	bool was_online;

	if (rcutable_peer_on_callback_thread())
		rcutable_die("rcu_barrier() called from a call_rcu() callback: it "
			     "would wait for itself");
	if (!registered)
		rcu_register_thread();
	was_online = rcutable_gp_wait_begin("rcu_barrier");
	rcutable_peer_barrier();
	rcutable_gp_wait_end(was_online);
}

/* ---- Exit (emulated: the peers do not drain at exit) --------------------- */

static struct rcutable_completion drained;

static void *barrier_thread(void *arg)
{
	(void)arg;
	rcu_barrier();
	rcutable_complete(&drained);
	return NULL;
}

static void drain_at_exit(void)
{
	unsigned long ms = rcutable_env_ulong("RCUTABLE_EXIT_TIMEOUT_MS", 10000);
	pthread_t t;

	if (rcutable_peer_on_callback_thread())
		return;
	/* QSBR: the exiting thread must not hold back the grace periods
	 * the drain waits for. */
	if (registered)
		rcu_thread_offline();
	if (pthread_create(&t, NULL, barrier_thread, NULL))
		return;
	pthread_detach(t);
	if (!ms || !rcutable_completion_wait_ns(&drained, ms * 1000000u))
		rcutable_warn("exit: callbacks queued with call_rcu() were not "
			      "invoked: no grace period ended within %lu ms (a "
			      "thread still inside a read-side critical section?)", ms);
}

const struct rcutable_impl rcutable_impl_info = {
	.name = RCUTABLE_IMPL_NAME,
	.flavor = RCUTABLE_FLAVOR_RCU,
	.summary = RCUTABLE_PEER_SUMMARY,
	.readers_must_register = RCUTABLE_PEER_READERS_MUST_REGISTER,
	.readers_report_qs = RCUTABLE_READERS_REPORT_QS,
	.readers_may_sleep = false,
	.is_control = false,
	.is_peer = true,
	.library = RCUTABLE_PEER_LIBRARY,
	.needs = RCUTABLE_PEER_NEEDS,
	.requirements = RCUTABLE_PEER_REQUIRES,
	.native = RCUTABLE_PEER_NATIVE,
	.emulated = RCUTABLE_PEER_EMULATED,
	/* absent: the rest, among them RCUTABLE_API_STALL and
	 * RCUTABLE_API_READER_CHECKS */
};
