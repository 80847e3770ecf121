/* SPDX-License-Identifier: MIT */
/*
 * lib/engine/irq.c: local_irq_save()/local_irq_restore() in user space.
 *
 * Signals are user space's interrupts: "disabling interrupts" blocks every
 * asynchronous signal of the calling thread but the one rcutable-signal
 * reserves for its grace periods (sigmask.h).  The synchronous ones (a fault
 * the thread itself causes) cannot usefully be blocked and stay open.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>

#include "engine/diag.h"
#include "engine/sigmask.h"

static __thread unsigned long irq_depth;
static __thread sigset_t irq_saved_mask;

static void async_signals(sigset_t *set)
{
	static const int synchronous[] = {
		SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS,
	};
	unsigned i;

	rcutable_sigfillset_unreserved(set);
	for (i = 0; i < sizeof(synchronous) / sizeof(synchronous[0]); i++)
		sigdelset(set, synchronous[i]);
}

/* Called by local_irq_save(); returns the flags its restore must be given. */
unsigned long rcutable_irq_save(void)
{
	if (irq_depth == 0) {
		sigset_t set;

		async_signals(&set);
		pthread_sigmask(SIG_BLOCK, &set, &irq_saved_mask);
	}
	return irq_depth++;
}

/* Called by local_irq_restore(flags). */
void rcutable_irq_restore(unsigned long flags)
{
	if (flags + 1 != irq_depth)
		rcutable_die("local_irq_restore(%lu) does not match the innermost "
			     "local_irq_save() (nesting level %lu): restores must "
			     "nest", flags, irq_depth ? irq_depth - 1 : 0);
	irq_depth = flags;
	if (flags == 0)
		pthread_sigmask(SIG_SETMASK, &irq_saved_mask, NULL);
}
