// SPDX-License-Identifier: MIT
/* lib/engine/sigmask.c: see sigmask.h. */
#include "engine/sigmask.h"

#include <stdlib.h>
#include <string.h>

#include "engine/diag.h"

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

/* None, unless rcutable-tasks's RCU Tasks Rude is linked (tasks_rude.c). */
__attribute__((weak)) int rcutable_tasks_rude_signal(void)
{
	return 0;
}

void rcutable_sigfillset_internal(sigset_t *set)
{
	int rude = rcutable_tasks_rude_signal();

	rcutable_sigfillset_unreserved(set);
	if (rude)
		sigdelset(set, rude);
}

int rcutable_signal_parse(const char *var, const char *value, const char *who)
{
	char *end;
	long n;

	if (strncmp(value, "SIGRTMIN+", 9) == 0)
		n = SIGRTMIN + strtol(value + 9, &end, 10);
	else if (strncmp(value, "SIGRTMAX-", 9) == 0)
		n = SIGRTMAX - strtol(value + 9, &end, 10);
	else
		n = strtol(value, &end, 10);
	if (*end || n < SIGRTMIN || n > SIGRTMAX)
		rcutable_die("%s=%s: %s needs a real-time signal, SIGRTMIN+N or "
			     "SIGRTMAX-N (here %d to %d)", var, value, who,
			     SIGRTMIN, SIGRTMAX);
	return (int)n;
}

void rcutable_once_unsignalled(pthread_once_t *once, void (*init)(void))
{
	sigset_t all, saved;

	rcutable_sigfillset_unreserved(&all);
	pthread_sigmask(SIG_BLOCK, &all, &saved);
	pthread_once(once, init);
	pthread_sigmask(SIG_SETMASK, &saved, NULL);
}
