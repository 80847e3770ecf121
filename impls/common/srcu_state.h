/* SPDX-License-Identifier: MIT */
/*
 * impls/common/srcu_state.h: an SRCU domain, struct srcu_struct, as every
 * SRCU implementation and its read side see it (srcu_reader.h has the read
 * side).  Installed.
 */
#ifndef RCUTABLE_SRCU_STATE_H
#define RCUTABLE_SRCU_STATE_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include "percpu_count.h"

struct rcutable_cbq;

/* One CPU's counts, alone on its cache line. */
struct rcutable_srcu_counts {
	unsigned long lock[2];
	unsigned long unlock[2];
} __attribute__((aligned(RCUTABLE_PERCPU_STRIDE)));

enum rcutable_srcu_state {
	RCUTABLE_SRCU_UNINITIALIZED = 0,	/* zeroed memory, never initialized */
	RCUTABLE_SRCU_READY = 0x53524355,
	RCUTABLE_SRCU_CLEANED_UP = 0x44454144,
};

struct srcu_struct {
	/* Read by every reader. */
	unsigned long idx;		/* its low bit: the index new readers count under */
	struct rcutable_srcu_counts *counts;	/* ncpus + 1 of them (percpu_count.h);
						 * NULL until attached
						 * and after cleanup */
	unsigned ncpus;
	int readers_fence;		/* srcu: readers fence after counting in
					 * (expedited mode, srcu_gp.c); written
					 * under gp_lock */
	int state;			/* enum rcutable_srcu_state */
	/* The update side's. */
	const char *name;		/* for messages */
	unsigned long gp_seq;		/* gp_seq.h; written under gp_lock */
	uint64_t fence_until_ns;	/* srcu: expedited mode lasts until then */
	pthread_mutex_t gp_lock;
	struct rcutable_cbq *cbq;	/* the callback engine, from the first call_srcu() */
	struct srcu_struct *next, *prev;	/* the domains with counters (fork()) */
};

#define __SRCU_STRUCT_INIT(name_)					\
	{								\
		.state = RCUTABLE_SRCU_READY, .name = #name_,		\
		.gp_lock = PTHREAD_MUTEX_INITIALIZER,			\
	}

/* Out of line (srcu_domain.c): give ssp its counters if it has none yet (a
 * static domain read before its constructor ran), or refuse a domain that
 * was cleaned up or never initialized.  Returns the counters. */
struct rcutable_srcu_counts *rcutable_srcu_attach(struct srcu_struct *ssp);
/* Refuses srcu_read_unlock(ssp, idx) with an index no lock returned. */
__attribute__((noreturn))
void rcutable_srcu_bad_unlock(const struct srcu_struct *ssp, int idx);

#ifdef RCUTABLE_DEBUG
/* Checking build (srcu_check.c): the sections each thread holds. */
void rcutable_srcu_note_lock(const struct srcu_struct *ssp, int idx);
void rcutable_srcu_note_unlock(const struct srcu_struct *ssp, int idx);
bool rcutable_srcu_holds(const struct srcu_struct *ssp);
#else
static inline void rcutable_srcu_note_lock(const struct srcu_struct *ssp, int idx)
{
	(void)ssp; (void)idx;
}
static inline void rcutable_srcu_note_unlock(const struct srcu_struct *ssp, int idx)
{
	(void)ssp; (void)idx;
}
#endif

#endif /* RCUTABLE_SRCU_STATE_H */
