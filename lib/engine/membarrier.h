/* SPDX-License-Identifier: MIT */
/*
 * lib/engine/membarrier.h: the asymmetric fence of the implementations
 * whose readers use compiler barriers only (memb, srcu).
 *
 * membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) makes every running thread
 * of the process execute a full fence (by IPI) before it returns; threads
 * not running pass through the scheduler's full fence before they run
 * again.  So each reader's compiler barrier acts as a full fence exactly
 * when the updater needs one.  The process registers for the command at
 * start-up (a constructor), while it has one thread.
 */
#ifndef RCUTABLE_ENGINE_MEMBARRIER_H
#define RCUTABLE_ENGINE_MEMBARRIER_H

#include <stdbool.h>

/*
 * Make sure the command is usable, or abort with a message saying that
 * who needs it and what is missing, and naming the implementations that
 * work without it (instead, e.g. "rcutable-signal or rcutable-mb").
 */
void rcutable_membarrier_require(const char *who, const char *instead);

/*
 * A full fence on the caller and on every running thread of the process:
 * pairs with the compiler barriers of who's readers.  Aborts as above if
 * the command fails.
 */
void rcutable_membarrier_all(const char *who, const char *instead);

/*
 * The same fence where the kernel offers it (registering first if the
 * start-up registration failed): true if it was done, false, silently,
 * if the command is missing, for callers with a fallback of their own.
 */
bool rcutable_membarrier_try_all(void);

/*
 * Whether this kernel lets the process use the command (registering for it
 * if the start-up registration failed).  If not, *why (when why is not NULL)
 * says what is missing, in a static buffer.  For rcutable-choose's probe.
 */
bool rcutable_membarrier_probe(const char **why);

#endif /* RCUTABLE_ENGINE_MEMBARRIER_H */
