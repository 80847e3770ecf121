// SPDX-License-Identifier: MIT
/* lib/engine/sigmask.c: see sigmask.h. */
#include "engine/sigmask.h"

/* None, unless the linked implementation reserves one (rcutable-signal
 * and the urcu-signal peer define their own). */
__attribute__((weak)) int rcutable_reserved_signal(void)
{
	return 0;
}

void rcutable_sigfillset_unreserved(sigset_t *set)
{
	int sig = rcutable_reserved_signal();

	sigfillset(set);
	if (sig)
		sigdelset(set, sig);
}

void rcutable_once_unsignalled(pthread_once_t *once, void (*init)(void))
{
	sigset_t all, saved;

	rcutable_sigfillset_unreserved(&all);
	pthread_sigmask(SIG_BLOCK, &all, &saved);
	pthread_once(once, init);
	pthread_sigmask(SIG_SETMASK, &saved, NULL);
}
