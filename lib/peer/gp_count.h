/* SPDX-License-Identifier: MIT */
/*
 * lib/peer/gp_count.h: polled grace-period cookies over a grace period
 * that has none of its own (the peers'), with no lock.
 *
 * Each grace period run through the counter takes a start number before
 * it begins (rcutable_gp_count_begin()); when it has ended its caller
 * raises done to at least that number (rcutable_gp_count_end()).  A cookie
 * is the start count when it was taken: a grace period numbered above it
 * began after the cookie, so done > cookie means a full grace period has
 * elapsed since.  Grace periods not run through the counter are not
 * counted: a poll may answer later than it could, never too early.
 */
#ifndef RCUTABLE_PEER_GP_COUNT_H
#define RCUTABLE_PEER_GP_COUNT_H

#include <stdbool.h>
#include <rcutable/compiler.h>

struct rcutable_gp_count {
	unsigned long started;
	unsigned long done;
};

/* Before the grace period: returns its number. */
static inline unsigned long rcutable_gp_count_begin(struct rcutable_gp_count *c)
{
	/* Seq_cst: the caller's earlier accesses precede taking the number. */
	return __atomic_add_fetch(&c->started, 1, __ATOMIC_SEQ_CST);
}

/* After the grace period numbered mine has ended. */
static inline void rcutable_gp_count_end(struct rcutable_gp_count *c, unsigned long mine)
{
	unsigned long done = __atomic_load_n(&c->done, __ATOMIC_RELAXED);

	/* Release: the grace period precedes the raise; pairs with the
	 * acquire in rcutable_gp_count_elapsed(). */
	while (done < mine &&
	       !__atomic_compare_exchange_n(&c->done, &done, mine, true,
					    __ATOMIC_RELEASE, __ATOMIC_RELAXED))
		;
}

static inline unsigned long rcutable_gp_count_cookie(struct rcutable_gp_count *c)
{
	/* Seq_cst: the caller's earlier accesses precede the read. */
	return __atomic_load_n(&c->started, __ATOMIC_SEQ_CST);
}

/* Has a full grace period elapsed since cookie?  A full fence, so that a
 * true answer orders the readers it waited for before the caller's later
 * accesses. */
static inline bool rcutable_gp_count_elapsed(struct rcutable_gp_count *c, unsigned long cookie)
{
	/* Acquire: pairs with the release in rcutable_gp_count_end(). */
	bool done = __atomic_load_n(&c->done, __ATOMIC_ACQUIRE) > cookie;

	rcutable_smp_mb();
	return done;
}

#endif /* RCUTABLE_PEER_GP_COUNT_H */
