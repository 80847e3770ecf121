/* SPDX-License-Identifier: MIT */
/*
 * rcutable/read/mb.h: mb's inline read side.
 *
 * Readers order their counter accesses with fences of their own, so the
 * updater needs nothing from the kernel: the baseline that works
 * everywhere, at the price of one full fence per outermost section.
 */
#ifndef RCUTABLE_READ_MB_H
#define RCUTABLE_READ_MB_H

#include <rcutable/compiler.h>

/* After the counter store: a full fence, the store before the section's
 * loads.  Pairs with the updater's fence A in counter_gp.c (gp_run()).
 * The store and the fence are one instruction on x86-64 (an xchg, see
 * rcutable_smp_store_mb() in rcutable/compiler.h). */
#define RCUTABLE_READER_FENCE()	rcutable_smp_mb()
#define RCUTABLE_READER_STORE_FENCED(x, v)	rcutable_smp_store_mb(x, v)
/* Before the idle store: a release fence (no instruction on x86-64), the
 * section's accesses before the store.  Pairs with fence B in gp_run(). */
#define RCUTABLE_READER_RELEASE()	rcutable_smp_wmb()
/* No fence between the idle store and the check of the updater's sleep
 * word (a store then a load, which only a full fence orders): a reader may
 * miss the RCUTABLE_GP_SLEEPING of an updater that missed its idle store,
 * so the updater's sleep is bounded (wait_for_readers()). */
#define RCUTABLE_READER_WAKE_UNORDERED	1
/* Its readers always fence: no expedited mode. */
#define RCUTABLE_READER_EXPEDITED_MODE	0

#include <rcutable/read/counter_reader.h>

#endif /* RCUTABLE_READ_MB_H */
