/* SPDX-License-Identifier: MIT */
/*
 * lib/engine/completion.h: a one-shot event, one or more waiters, futex-based.
 */
#ifndef RCUTABLE_ENGINE_COMPLETION_H
#define RCUTABLE_ENGINE_COMPLETION_H

#include <stdbool.h>
#include "engine/futex.h"
#include "engine/diag.h"

struct rcutable_completion {
	int done;
};

#define RCUTABLE_COMPLETION_INIT { 0 }

/*
 * Signal the event.  Release: everything the signaller did before is
 * visible to a waiter that returns; pairs with the acquire load in
 * rcutable_completion_wait_ns().  The waiter may return, and reuse the
 * memory, before the wake-up is sent: at worst a spurious wake-up for a
 * later waiter on that address, and every waiter rechecks its word.
 */
static inline void rcutable_complete(struct rcutable_completion *c)
{
	__atomic_store_n(&c->done, 1, __ATOMIC_RELEASE);
	rcutable_futex_wake(&c->done, 0x7fffffff);
}

/* Wait for the event for at most timeout_ns (0: forever); true if it came. */
static inline bool rcutable_completion_wait_ns(struct rcutable_completion *c,
					       uint64_t timeout_ns)
{
	uint64_t deadline = timeout_ns ? rcutable_now_ns() + timeout_ns : 0;

	/* Acquire: pairs with the release store in rcutable_complete(). */
	while (!__atomic_load_n(&c->done, __ATOMIC_ACQUIRE)) {
		uint64_t left = 0;

		if (deadline) {
			uint64_t now = rcutable_now_ns();

			if (now >= deadline)
				return false;
			left = deadline - now;
		}
		rcutable_futex_wait(&c->done, 0, left);
	}
	return true;
}

static inline void rcutable_completion_wait(struct rcutable_completion *c)
{
	rcutable_completion_wait_ns(c, 0);
}

#endif /* RCUTABLE_ENGINE_COMPLETION_H */
