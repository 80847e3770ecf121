/* SPDX-License-Identifier: MIT */
/*
 * rcutable/lockdep.h: lockdep-style usage checks.
 *
 * In a checking build (RCUTABLE_DEBUG, which `make DEBUG=1` and the
 * pkg-config files in build-debug/pkgconfig set) a failed check prints one warning
 * per call site naming the site and the check, and the program goes on, as
 * the kernel's lockdep-RCU splats do.  In a release build the condition is
 * not evaluated.
 */
#ifndef RCUTABLE_LOCKDEP_H
#define RCUTABLE_LOCKDEP_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Prints "rcutable: <file>:<line>: <what>" on stderr.  Defined in librcutable-common. */
void rcutable_lockdep_warn(const char *file, int line, const char *what);

#ifdef RCUTABLE_DEBUG
#define RCUTABLE_LOCKDEP_ENABLED 1
/* Warns once per call site when c is true. */
#define RCU_LOCKDEP_WARN(c, s)							\
	do {									\
		static bool __rcutable_warned;					\
		if ((c) && !__atomic_exchange_n(&__rcutable_warned, true,	\
						__ATOMIC_RELAXED))		\
			rcutable_lockdep_warn(__FILE__, __LINE__, (s));		\
	} while (0)
#else
#define RCUTABLE_LOCKDEP_ENABLED 0
#define RCU_LOCKDEP_WARN(c, s)	do { if (0 && (c)) (void)(s); } while (0)
#endif

/* The pre-2015 spelling: warns when c is false. */
#define rcu_lockdep_assert(c, s)	RCU_LOCKDEP_WARN(!(c), (s))

#ifdef __cplusplus
}
#endif

#endif /* RCUTABLE_LOCKDEP_H */
