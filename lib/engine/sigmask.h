/* SPDX-License-Identifier: MIT */
/*
 * lib/engine/sigmask.h: the signal an implementation reserves for its
 * grace periods (rcutable-signal), which rcutable never blocks.
 *
 * Wherever rcutable blocks "all" signals (registration, the callback
 * worker, local_irq_save()), it leaves the reserved one open: a registered
 * thread that blocked it could never acknowledge a grace period.
 */
#ifndef RCUTABLE_ENGINE_SIGMASK_H
#define RCUTABLE_ENGINE_SIGMASK_H

#include <signal.h>
#include <rcutable/impl.h>	/* rcutable_reserved_signal() */

/* Fill set with every signal but the reserved one. */
void rcutable_sigfillset_unreserved(sigset_t *set);

#endif /* RCUTABLE_ENGINE_SIGMASK_H */
