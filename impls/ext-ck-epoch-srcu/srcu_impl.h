/* SPDX-License-Identifier: MIT */
/*
 * impls/ext-ck-epoch-srcu/srcu_impl.h: the peer Concurrency Kit (ck_epoch,
 * Debian libck-dev) behind rcutable's SRCU API.
 *
 * Each domain is a ck_epoch_t of its own.  A thread reads a domain through
 * a record of its own in that epoch, found through a one-entry cache and
 * otherwise registered at its first srcu_read_lock() of the domain
 * (ck_epoch_srcu.c); readers need not register.  A section is one of ck's
 * sleeping sections: ck_epoch_begin() with a ck_epoch_section_t, whose
 * bucket (0 or 1) is the index srcu_read_lock() returns and
 * srcu_read_unlock() takes back.  Sections may sleep and nest; the unlock
 * must come from the thread that locked.
 */
#ifndef RCUTABLE_EXT_CK_EPOCH_SRCU_SRCU_IMPL_H
#define RCUTABLE_EXT_CK_EPOCH_SRCU_SRCU_IMPL_H

#include <stdbool.h>
#include <stdint.h>
#include <ck_epoch.h>
#include <rcutable/compiler.h>
#include "peer/gp_count.h"
#include "engine/poll_head.h"
#include <rcutable/read/srcu_lifecycle.h>

struct rcutable_cbq;

struct srcu_struct {
	ck_epoch_t epoch;		/* the domain's epoch and its records */
	unsigned long id;		/* the domain's number, 0 until its first
					 * use and after cleanup: keys the
					 * threads' record caches */
	int state;			/* enum rcutable_srcu_state */
	const char *name;		/* for messages */
	struct rcutable_cbq *cbq;	/* call_srcu()'s engine, at its first call */
	struct rcutable_gp_count gp;	/* polled cookies */
	int gp_running;			/* grace periods in progress, for cleanup */
	struct rcutable_poll_head poll;	/* start_poll_synchronize_srcu() */
};

/* ck_epoch_init()'s values: the first epoch is 1, no record yet. */
#define __SRCU_STRUCT_INIT(name_)					\
	{ .epoch = { .epoch = 1 }, .state = RCUTABLE_SRCU_READY, .name = #name_ }

/* The calling thread's last record: its domain, under which number. */
struct rcutable_ck_srcu_last {
	const struct srcu_struct *ssp;
	unsigned long id;
	ck_epoch_record_t *rec;
};
extern __thread struct rcutable_ck_srcu_last rcutable_ck_srcu_last;

/* Out of line (ck_epoch_srcu.c): the calling thread's record in ssp,
 * registered if it has none; refuses a domain that is not usable. */
ck_epoch_record_t *rcutable_ck_srcu_record_slow(struct srcu_struct *ssp, const char *who);
/* The constructor of DEFINE_SRCU() domains: numbers the domain. */
void rcutable_srcu_attach(struct srcu_struct *ssp);
__attribute__((noreturn))
void rcutable_ck_srcu_bad_unlock(const struct srcu_struct *ssp, int idx);

static inline ck_epoch_record_t *rcutable_ck_srcu_record(struct srcu_struct *ssp,
							 const char *who)
{
	const struct rcutable_ck_srcu_last *l = &rcutable_ck_srcu_last;

	if (rcutable_likely(l->ssp == ssp && l->id &&
			    l->id == RCUTABLE_READ_ONCE(ssp->id)))
		return l->rec;
	return rcutable_ck_srcu_record_slow(ssp, who);
}

/* Ordering: ck_epoch_begin()'s full fence, between the record's active
 * count and the section's loads; pairs with the fence that begins
 * ck_epoch_synchronize_wait(). */
static inline int srcu_read_lock(struct srcu_struct *ssp)
{
	ck_epoch_section_t section;

	ck_epoch_begin(rcutable_ck_srcu_record(ssp, "srcu_read_lock"), &section);
	return (int)section.bucket;
}

/* Ordering: ck_epoch_end()'s release fence, between the section's
 * accesses and the record's count; pairs with the fence that ends
 * rcutable_ck_synchronize(). */
static inline void srcu_read_unlock(struct srcu_struct *ssp, int idx)
{
	ck_epoch_section_t section = { .bucket = (unsigned)idx };

	if (rcutable_unlikely((unsigned)idx >= CK_EPOCH_SENSE))
		rcutable_ck_srcu_bad_unlock(ssp, idx);
	ck_epoch_end(rcutable_ck_srcu_record(ssp, "srcu_read_unlock"), &section);
}

static inline int srcu_read_lock_notrace(struct srcu_struct *ssp)
{
	return srcu_read_lock(ssp);
}

static inline void srcu_read_unlock_notrace(struct srcu_struct *ssp, int idx)
{
	srcu_read_unlock(ssp, idx);
}

/* Refuses who() on ssp: what the peer's per-thread sections cannot do,
 * said in why. */
__attribute__((noreturn))
void rcutable_ck_srcu_absent(const struct srcu_struct *ssp, const char *who,
			     const char *why);

/* A section that another thread ends: absent, ck's sections belong to
 * the thread's record. */
static inline int srcu_down_read(struct srcu_struct *ssp)
{
	rcutable_ck_srcu_absent(ssp, "srcu_down_read", "a ck_epoch section belongs "
				"to the record of the thread that begins it");
}

static inline void srcu_up_read(struct srcu_struct *ssp, int idx)
{
	(void)idx;
	rcutable_ck_srcu_absent(ssp, "srcu_up_read", "a ck_epoch section belongs "
				"to the record of the thread that begins it");
}

/* A section in a signal handler that interrupts one of the same domain:
 * absent, ck_epoch_begin() updates the record's count with a plain load
 * and store. */
static inline int srcu_read_lock_nmisafe(struct srcu_struct *ssp)
{
	rcutable_ck_srcu_absent(ssp, "srcu_read_lock_nmisafe", "ck_epoch_begin() "
				"is not safe in a signal handler that interrupts it");
}

static inline void srcu_read_unlock_nmisafe(struct srcu_struct *ssp, int idx)
{
	(void)idx;
	rcutable_ck_srcu_absent(ssp, "srcu_read_unlock_nmisafe", "ck_epoch_end() "
				"is not safe in a signal handler that interrupts it");
}

/* The _fast readers, emulated: srcu_read_lock()'s section, its bucket
 * carried in the opaque pointer (1 + bucket, never dereferenced). */
struct srcu_ctr;

static inline struct srcu_ctr *srcu_read_lock_fast(struct srcu_struct *ssp)
{
	return (struct srcu_ctr *)(uintptr_t)(srcu_read_lock(ssp) + 1);
}

static inline void srcu_read_unlock_fast(struct srcu_struct *ssp, struct srcu_ctr *scp)
{
	srcu_read_unlock(ssp, (int)((uintptr_t)scp - 1));
}

static inline struct srcu_ctr *srcu_down_read_fast(struct srcu_struct *ssp)
{
	return (struct srcu_ctr *)(uintptr_t)(srcu_down_read(ssp) + 1);
}

static inline void srcu_up_read_fast(struct srcu_struct *ssp, struct srcu_ctr *scp)
{
	srcu_up_read(ssp, (int)((uintptr_t)scp - 1));
}

/* Whether the calling thread is inside a section of ssp (emulated from
 * its record's nesting count; registers no record). */
bool rcutable_ck_srcu_held(const struct srcu_struct *ssp);
static inline int srcu_read_lock_held(const struct srcu_struct *ssp)
{
	return rcutable_ck_srcu_held(ssp);
}

/* ck_epoch_end() is only a release: a full fence makes it two-way. */
#define smp_mb__after_srcu_read_unlock()	rcutable_smp_mb()

#endif /* RCUTABLE_EXT_CK_EPOCH_SRCU_SRCU_IMPL_H */
