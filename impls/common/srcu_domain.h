/* SPDX-License-Identifier: MIT */
/*
 * impls/common/srcu_domain.h: what the SRCU implementations share about a
 * domain, beside its grace periods (srcu_domain.c).
 */
#ifndef RCUTABLE_COMMON_SRCU_DOMAIN_H
#define RCUTABLE_COMMON_SRCU_DOMAIN_H

#include <stdbool.h>
#include "srcu_state.h"

/* CPUs the per-CPU counters cover. */
unsigned rcutable_srcu_ncpus(void);

/* Refuses, naming who(), a NULL, cleaned-up or never-initialized domain. */
void rcutable_srcu_check_usable(const struct srcu_struct *ssp, const char *who);

/*
 * Have all readers counted under idx left?  Sums the unlock counts, then,
 * after a full fence, the lock counts: true when they are equal.  A reader
 * whose lock count is visible to the caller and who has not unlocked
 * makes it false.  Any thread; ssp must have counters.
 */
bool rcutable_srcu_readers_done(const struct srcu_struct *ssp, int idx);

/* Readers inside ssp now, both indexes together (0 for no counters). */
unsigned long rcutable_srcu_readers_inside(const struct srcu_struct *ssp);

/* Marks ssp cleaned up and frees its counters: no reader may follow. */
void rcutable_srcu_counters_free(struct srcu_struct *ssp);

/* Serializes giving domains their counters and their callback engines;
 * fork() takes it, so a child always finds it free. */
void rcutable_srcu_lock(void);
void rcutable_srcu_unlock(void);

#endif /* RCUTABLE_COMMON_SRCU_DOMAIN_H */
