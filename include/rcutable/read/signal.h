/* SPDX-License-Identifier: MIT */
/*
 * rcutable/read/signal.h: signal's inline read side.
 *
 * Readers order their counter accesses with compiler barriers only; the
 * updater makes those barriers full fences when it needs them, by sending
 * each registered reader thread a signal whose handler fences (signal.c).
 */
#ifndef RCUTABLE_READ_SIGNAL_H
#define RCUTABLE_READ_SIGNAL_H

#include <rcutable/compiler.h>

/* Both pair with the fence in the handler of the reserved signal (signal.c). */
#define RCUTABLE_READER_FENCE()	rcutable_barrier()
#define RCUTABLE_READER_RELEASE()	rcutable_barrier()
#define RCUTABLE_READER_WAKE_UNORDERED	0
/* Expedited grace periods put readers in expedited mode (counter_gp.c). */
#define RCUTABLE_READER_EXPEDITED_MODE	1

#include <rcutable/read/counter_reader.h>

#endif /* RCUTABLE_READ_SIGNAL_H */
