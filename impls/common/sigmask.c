// SPDX-License-Identifier: MIT
/* impls/common/sigmask.c: see sigmask.h. */
#include "sigmask.h"

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
