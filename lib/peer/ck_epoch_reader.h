/* SPDX-License-Identifier: MIT */
/*
 * lib/peer/ck_epoch_reader.h: the read side of the ext-ck-epoch peer:
 * Concurrency Kit's own inline ck_epoch_begin()/ck_epoch_end() (Debian
 * libck-dev), unchanged, on the calling thread's record in one epoch that
 * the whole process shares, so benchmarks measure ck_epoch.
 *
 * ck_epoch wants every thread to register a record first; here the first
 * rcu_read_lock() of a thread registers it (ck_epoch_side.c), so readers
 * need not, and rcu_register_thread() remains for those that would.
 * Sections nest (ck counts them in record->active); they take no
 * ck_epoch_section_t, which only ck's sleeping sections need.
 */
#ifndef RCUTABLE_PEER_CK_EPOCH_READER_H
#define RCUTABLE_PEER_CK_EPOCH_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <ck_epoch.h>

/* The calling thread's record in the process's epoch (NULL until the
 * thread registers).  ck_epoch_side.c. */
extern __thread ck_epoch_record_t *rcutable_ck_record;
/* Registers the calling thread (rcu_register_thread()); returns its record. */
ck_epoch_record_t *rcutable_ck_record_register(void);

static inline void rcu_read_lock(void)
{
	ck_epoch_record_t *r = rcutable_ck_record;

	if (__builtin_expect(r == NULL, 0))
		r = rcutable_ck_record_register();
	ck_epoch_begin(r, NULL);
}

static inline void rcu_read_unlock(void)
{
	ck_epoch_end(rcutable_ck_record, NULL);
}

static inline bool rcu_read_lock_held(void)
{
	ck_epoch_record_t *r = rcutable_ck_record;

	return r && ck_pr_load_uint(&r->active) != 0;
}

#define RCUTABLE_READERS_REPORT_QS	0
#include <rcutable/read/no_qs_reader.h>
static inline bool rcutable_reader_in_section(void) { return rcu_read_lock_held(); }

/* The descriptor's traits (peer_adapter.c).  ck_epoch has no callback
 * thread of its own: ck_epoch_call() defers onto the caller's record,
 * reclaimed only when that thread polls, so call_rcu() and rcu_barrier()
 * run on rcutable's callback engine, whose worker waits with
 * ck_epoch_synchronize_wait(). */
#define RCUTABLE_PEER_SUMMARY						\
	"peer: Concurrency Kit's ck_epoch (Debian libck-dev) behind "	\
	"rcutable's API"
#define RCUTABLE_PEER_LIBRARY						\
	"Concurrency Kit itself (Debian libck-dev): pkg-config --cflags "	\
	"--libs ck, #include <ck_epoch.h>, and ck's API, not rcutable's: "	\
	"a ck_epoch_record per thread (ck_epoch_register()), sections "	\
	"between ck_epoch_begin() and ck_epoch_end(), ck_epoch_synchronize(), " \
	"and ck_epoch_call() with ck_epoch_poll() by each thread (ck has no " \
	"callback thread)"
#define RCUTABLE_PEER_READERS_MUST_REGISTER	false
#define RCUTABLE_PEER_NEEDS	""
#define RCUTABLE_PEER_REQUIRES	0
#define RCUTABLE_PEER_NATIVE						\
	(RCUTABLE_API_READ_SIDE | RCUTABLE_API_SYNCHRONIZE |		\
	 RCUTABLE_API_VALIDATION | RCUTABLE_API_LIFECYCLE)
#define RCUTABLE_PEER_EMULATED						\
	(RCUTABLE_API_EXPEDITED | RCUTABLE_API_CALL |			\
	 RCUTABLE_API_BARRIER | RCUTABLE_API_POLLED |			\
	 RCUTABLE_API_KFREE | RCUTABLE_API_CONSOLIDATED |		\
	 RCUTABLE_API_EXIT_DRAIN | RCUTABLE_API_FORK | RCUTABLE_API_BACKLOG | \
	 RCUTABLE_API_POLLED_FULL | RCUTABLE_API_CALL_HURRY |		\
	 RCUTABLE_API_EXPEDITE_CONTROL | RCUTABLE_API_FREE_MIGHTSLEEP | \
	 RCUTABLE_API_RCU_SYNC)

#endif /* RCUTABLE_PEER_CK_EPOCH_READER_H */
