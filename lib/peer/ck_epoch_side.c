/* SPDX-License-Identifier: MIT */
/*
 * lib/peer/ck_epoch_side.c: the ck_epoch side (peer_side.h) of the
 * ext-ck-epoch adapter: Concurrency Kit's epoch reclamation (Debian
 * libck-dev) as rcutable's RCU flavor.
 *
 * One ck_epoch_t serves the process.  Each thread gets a record in it at
 * registration (its first rcu_read_lock(), or rcu_register_thread()):
 * ck_epoch_recycle() hands back a record an exited thread left, else a new
 * one is ck_epoch_register()ed; records are never freed, as ck requires.
 * A grace period is ck_epoch_synchronize_wait() (ck_epoch_wait.h).
 *
 * ck_epoch has no callback thread: ck_epoch_call() pushes onto the caller's
 * own record (single producer) and only that thread's later ck_epoch_poll()
 * or ck_epoch_barrier() reclaims, and ck_epoch_call_strict() onto a shared
 * record cannot be reclaimed by a worker either (reclaiming dispatches the
 * whole record, including callbacks queued while its scan ran).  So
 * call_rcu() and rcu_barrier() are rcutable's callback engine (cbq.c), whose
 * worker waits for each batch with ck's grace period; the descriptor marks
 * them emulated.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>

#include <rcutable/rcupdate.h>
#include "engine/cbq.h"
#include "peer/ck_epoch_wait.h"
#include "engine/diag.h"
#include "peer/peer_side.h"

/* On a cache line of its own (aligned to it and as large): its epoch is
 * written by every grace period and read by every reader, and the
 * adapter's other globals beside it would make ck's figures depend on
 * where the linker puts them (0.84 or 0.36 us for a grace period beside 4
 * readers, the same code). */
static struct {
	ck_epoch_t epoch;
} __attribute__((aligned(64))) ck_line;
__thread ck_epoch_record_t *rcutable_ck_record;

__attribute__((constructor)) static void ck_side_init(void)
{
	ck_epoch_init(&ck_line.epoch);
}

/* ---- Records ------------------------------------------------------------ */

/* A record and whether a live thread holds it, for the fork() child. */
struct peer_record {
	ck_epoch_record_t rec;		/* first: recycled records map back */
	bool in_use;
	struct peer_record *next;
};

/* Serializes registration with fork(), which must see every record's
 * owner; held only for a push or a flag, never while waiting. */
static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct peer_record *records;

ck_epoch_record_t *rcutable_ck_record_register(void)
{
	rcu_register_thread();
	return rcutable_ck_record;
}

void rcutable_peer_register(void)
{
	ck_epoch_record_t *rec;
	struct peer_record *p;

	if (rcutable_ck_record)
		return;
	pthread_mutex_lock(&registry_lock);
	rec = ck_epoch_recycle(&ck_line.epoch, NULL);
	if (rec) {
		p = (struct peer_record *)rec;
	} else {
		if (posix_memalign((void **)&p, _Alignof(struct peer_record), sizeof(*p)))
			rcutable_die("rcu_register_thread(): out of memory for a ck_epoch record");
		ck_epoch_register(&ck_line.epoch, &p->rec, NULL);
		p->next = records;
		records = p;
	}
	p->in_use = true;
	pthread_mutex_unlock(&registry_lock);
	rcutable_ck_record = &p->rec;
}

void rcutable_peer_unregister(void)
{
	struct peer_record *p = (struct peer_record *)rcutable_ck_record;

	if (!p)
		return;
	pthread_mutex_lock(&registry_lock);
	ck_epoch_unregister(&p->rec);
	p->in_use = false;
	pthread_mutex_unlock(&registry_lock);
	rcutable_ck_record = NULL;
}

int rcutable_peer_read_ongoing(void)
{
	return rcutable_ck_record ? (int)rcutable_ck_record->active : 0;
}

void rcutable_peer_read_unlock(void)
{
	ck_epoch_end(rcutable_ck_record, NULL);
}

/* ---- Grace periods -------------------------------------------------------- */

void rcutable_peer_synchronize(void)
{
	rcutable_ck_synchronize(&ck_line.epoch, false);
}

/* ---- Callbacks (emulated: rcutable's engine, ck's grace period) ---------- */

static void engine_wait_gp(void *arg)
{
	(void)arg;
	rcutable_peer_synchronize();
}

static struct rcutable_cbq engine = RCUTABLE_CBQ_INIT(engine, engine_wait_gp, NULL, "call_rcu");

void rcutable_peer_call(void *head, void (*func)(void *))
{
	rcutable_cbq_enqueue(&engine, head, (rcu_callback_t)func);
}

void rcutable_peer_barrier(void)
{
	rcutable_cbq_barrier(&engine, "rcu_barrier");
}

int rcutable_peer_on_callback_thread(void)
{
	return rcutable_cbq_on_worker(&engine);
}

/* ---- fork() ----------------------------------------------------------------- */

/* The engine has fork handlers of its own (cbq.c).  In the child only the
 * forking thread lives on: every other record is released, or a thread
 * that was inside a reader at the fork would hold every grace period. */
void rcutable_peer_before_fork(void)
{
	pthread_mutex_lock(&registry_lock);
}

void rcutable_peer_after_fork_parent(void)
{
	pthread_mutex_unlock(&registry_lock);
}

void rcutable_peer_after_fork_child(void)
{
	struct peer_record *p;

	for (p = records; p; p = p->next) {
		if (p->in_use && &p->rec != rcutable_ck_record) {
			ck_epoch_unregister(&p->rec);
			p->in_use = false;
		}
	}
	pthread_mutex_unlock(&registry_lock);
}
