/* SPDX-License-Identifier: MIT */
/*
 * impls/common/sigmask.h: the signal an implementation reserves for its
 * grace periods (rcutable-signal), which rcutable never blocks.
 *
 * Wherever rcutable blocks "all" signals (registration, the callback
 * worker, local_irq_save()), it leaves the reserved one open: a registered
 * thread that blocked it could never acknowledge a grace period.
 */
#ifndef RCUTABLE_COMMON_SIGMASK_H
#define RCUTABLE_COMMON_SIGMASK_H

#include <signal.h>

/* The reserved signal, or 0.  Weak in sigmask.c (none); the signal
 * flavor defines it. */
int rcutable_reserved_signal(void);

/* Fill set with every signal but the reserved one. */
void rcutable_sigfillset_unreserved(sigset_t *set);

#endif /* RCUTABLE_COMMON_SIGMASK_H */
