/* SPDX-License-Identifier: MIT */
/*
 * lib/engine/sigmask.h: the signal an implementation reserves for its
 * grace periods (rcutable-signal), which rcutable never blocks.
 *
 * Wherever rcutable blocks "all" signals (registration, the callback
 * worker, local_irq_save()), it leaves the reserved one open: a registered
 * thread that blocked it could never acknowledge a grace period.
 *
 * An implementation's one-time set-up runs with those signals blocked too
 * (rcutable_once_unsignalled()): a signal handler that reads or queues a
 * callback on the thread inside the set-up would otherwise wait in
 * pthread_once() for that very set-up, or allocate inside it.
 */
#ifndef RCUTABLE_ENGINE_SIGMASK_H
#define RCUTABLE_ENGINE_SIGMASK_H

#include <pthread.h>
#include <signal.h>
#include <rcutable/impl.h>	/* rcutable_reserved_signal() */

/* Fill set with every signal but the reserved one. */
void rcutable_sigfillset_unreserved(sigset_t *set);

/*
 * The same, less RCU Tasks Rude's signal, for rcutable's own long-lived
 * threads (callback workers, the poller): a thread that kept that signal
 * blocked would be inside a Tasks Rude reader for ever.  Rude's signal is
 * rcutable_tasks_rude_signal(): 0 unless rcutable-tasks's Rude is linked.
 */
void rcutable_sigfillset_internal(sigset_t *set);
int rcutable_tasks_rude_signal(void);

/* A real-time signal named by the value of environment variable var:
 * "SIGRTMIN+N", "SIGRTMAX-N" or a number; who (the implementation) is named
 * in the refusal of anything else. */
int rcutable_signal_parse(const char *var, const char *value, const char *who);

/*
 * pthread_once(once, init) with every signal but the reserved one blocked
 * for its duration, the caller's mask restored after.  Any thread may call
 * it; callers test their own ready flag (set with release by init) first,
 * so that the fast path costs one acquire load.
 */
void rcutable_once_unsignalled(pthread_once_t *once, void (*init)(void));

#endif /* RCUTABLE_ENGINE_SIGMASK_H */
