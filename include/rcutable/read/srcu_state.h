/* SPDX-License-Identifier: MIT */
/*
 * rcutable/read/srcu_state.h: an SRCU domain, struct srcu_struct, as every
 * SRCU implementation and its read side see it (srcu_reader.h has the read
 * side).  Installed.
 */
#ifndef RCUTABLE_SRCU_STATE_H
#define RCUTABLE_SRCU_STATE_H

#include <stdbool.h>
#include <rcutable/read/percpu_count.h>
#include <rcutable/read/srcu_lifecycle.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One CPU's counts for one index, a cache line.  A domain has ncpus + 1
 * of them per index (percpu_count.h), index 0's first, then index 1's:
 * readers, which count under the active index, never write the lines
 * that a grace period scans for the inactive one. */
struct rcutable_srcu_counts {
	unsigned long lock;
	unsigned long unlock;
} __attribute__((aligned(RCUTABLE_PERCPU_STRIDE)));

/*
 * A domain as readers see it.  Its update side (grace-period lock and
 * sequence, callback engine) lives with its counters in memory the library
 * owns (struct rcutable_srcu_domain, srcu_domain.h), so that a domain the
 * program frees without cleanup_srcu_struct() leaks that memory and
 * corrupts nothing.
 */
struct srcu_struct {
	unsigned long idx;		/* its low bit: the index new readers count
					 * under; written under the grace-period lock */
	/* Index i's ncpus + 1 counts (index 1's follow index 0's in one
	 * block): readers find theirs without arithmetic.  NULL until
	 * attached and after cleanup. */
	struct rcutable_srcu_counts *counts[2];
	unsigned ncpus;
	int readers_fence;		/* srcu: readers fence after counting in
					 * (expedited mode, srcu_gp.c); written
					 * under the grace-period lock */
	int state;			/* enum rcutable_srcu_state */
	const char *name;		/* for messages */
};

#ifdef __cplusplus	/* no designated initializers before C++20 */
#define __SRCU_STRUCT_INIT(name_)					\
	{ 0, { 0, 0 }, 0, 0, RCUTABLE_SRCU_READY, #name_ }
#else
#define __SRCU_STRUCT_INIT(name_)					\
	{ .state = RCUTABLE_SRCU_READY, .name = #name_ }
#endif

/* Out of line (the update side of the library built for this read side,
 * under a link name of that read side's, which is its key: compiler.h):
 * give ssp its counters if it has none yet (a static domain read before
 * its constructor ran), or refuse a domain that was cleaned up or never
 * initialized.  The counters are then in place. */
#ifdef RCUTABLE_SRCU_IMPL
void rcutable_srcu_attach(struct srcu_struct *ssp)
	RCUTABLE_LINK_NAME(rcutable_srcu_attach, RCUTABLE_SRCU_IMPL);
RCUTABLE_LINK_KEY(rcutable_srcu_attach, RCUTABLE_SRCU_IMPL);
#endif

/* Refuses who(ssp, idx), an unlock with an index (-1: a struct srcu_ctr
 * pointer) that no lock of ssp returned. */
__attribute__((noreturn))
void rcutable_srcu_bad_unlock(const struct srcu_struct *ssp, int idx, const char *who);

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

#ifdef __cplusplus
}
#endif

#endif /* RCUTABLE_SRCU_STATE_H */
