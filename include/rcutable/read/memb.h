/* SPDX-License-Identifier: MIT */
/*
 * rcutable/read/memb.h: memb's inline read side.
 *
 * Readers order their counter accesses with compiler barriers only; the
 * updater makes those barriers full fences when it needs them, with
 * membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) (see memb.c).
 */
#ifndef RCUTABLE_READ_MEMB_H
#define RCUTABLE_READ_MEMB_H

#include <rcutable/compiler.h>

/* Both pair with membarrier() in rcutable_flavor_mb_all() (memb.c). */
#define RCUTABLE_READER_FENCE()	rcutable_barrier()
#define RCUTABLE_READER_RELEASE()	rcutable_barrier()
#define RCUTABLE_READER_WAKE_UNORDERED	0
/* Expedited grace periods put readers in expedited mode (counter_gp.c). */
#define RCUTABLE_READER_EXPEDITED_MODE	1

#include <rcutable/read/counter_reader.h>

#endif /* RCUTABLE_READ_MEMB_H */
