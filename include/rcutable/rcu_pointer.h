/* SPDX-License-Identifier: MIT */
/*
 * rcutable/rcu_pointer.h: the table's Generic data-access primitives, common
 * to every flavor (RCU, SRCU, Tasks).  Flavor-specific wrappers that add a
 * "held" condition (rcu_dereference_check(), srcu_dereference_check()) are
 * built on __rcu_dereference_check() in their own headers.
 *
 * Ordering.  rcu_assign_pointer() is a release store: every store that
 * initialised the pointed-to object is visible before the pointer is.  The
 * readers' loads (rcu_dereference() and friends) pair with it through the
 * address dependency from the loaded pointer to every access made through
 * it, which every architecture rcutable targets preserves in hardware.  The
 * compiler is kept from breaking the dependency the way the kernel keeps it:
 * the load is a single-copy-atomic access and the result is used as-is.
 * Define RCUTABLE_DEREFERENCE_ACQUIRE to make the loads acquire loads instead.
 */
#ifndef RCUTABLE_RCU_POINTER_H
#define RCUTABLE_RCU_POINTER_H

#include <stddef.h>
#include <rcutable/compiler.h>
#include <rcutable/lockdep.h>

/* Sparse's address-space marker: documentation only in user space. */
#ifndef __rcu
#define __rcu
#endif

/* ThreadSanitizer does not follow address dependencies: under it, an
 * acquire load stands for the dependency order. */
#if defined(__SANITIZE_THREAD__) && !defined(RCUTABLE_DEREFERENCE_ACQUIRE)
#define RCUTABLE_DEREFERENCE_ACQUIRE
#endif
#ifdef RCUTABLE_DEREFERENCE_ACQUIRE
#define __rcutable_load_dep(p)	__atomic_load_n(&(p), __ATOMIC_ACQUIRE)
#else
#define __rcutable_load_dep(p)	__atomic_load_n(&(p), __ATOMIC_RELAXED)
#endif

/*
 * The reader's load of an RCU-protected pointer, after checking (in a
 * checking build) that c holds.  Pairs with rcu_assign_pointer().
 */
#define __rcu_dereference_check(p, c, what)					\
	__extension__ ({							\
		RCU_LOCKDEP_WARN(!(c), "suspicious " what " usage");		\
		__typeof__(p) __rcutable_p = __rcutable_load_dep(p);		\
		__rcutable_p;							\
	})

/* No ordering and no check: the caller only tests or prints the value. */
#define rcu_access_pointer(p)	((__typeof__(p))RCUTABLE_READ_ONCE(p))
#define rcu_access_index(p)	((__typeof__(p))RCUTABLE_READ_ONCE(p))

/* Like rcu_dereference_check(), for an array index instead of a pointer. */
#define rcu_dereference_index_check(p, c)					\
	__rcu_dereference_check(p, c, "rcu_dereference_index_check()")

/*
 * The updater's load, made while holding whatever lock keeps the pointer
 * from changing (c states it).  No ordering: nothing can change under it.
 */
#define rcu_dereference_protected(p, c)						\
	__extension__ ({							\
		RCU_LOCKDEP_WARN(!(c),						\
			"suspicious rcu_dereference_protected() usage");	\
		(p);								\
	})

/* Dereference with no check at all; the caller has its own reason it is safe. */
#define rcu_dereference_raw(p)		__rcu_dereference_check(p, 1, "rcu_dereference_raw()")
#define rcu_dereference_raw_notrace(p)	rcu_dereference_raw(p)

/*
 * Publish v through p.  Release store: pairs with the dependency-ordered
 * load in rcu_dereference() and friends.  Storing NULL needs no ordering.
 */
#define rcu_assign_pointer(p, v)						\
	do {									\
		__typeof__(p) __rcutable_v = (v);				\
		if (__builtin_constant_p(v) && __rcutable_v == NULL)		\
			RCUTABLE_WRITE_ONCE(p, __rcutable_v);			\
		else								\
			__atomic_store_n(&(p), __rcutable_v, __ATOMIC_RELEASE);	\
	} while (0)

/*
 * Store without ordering: for NULL, for an object no reader can reach yet,
 * or for a pointer readers do not see yet.
 */
#define RCU_INIT_POINTER(p, v)	RCUTABLE_WRITE_ONCE(p, (__typeof__(p))(v))

/* Static initialiser of an RCU-protected pointer field p. */
#define RCU_POINTER_INITIALIZER(p, v)	.p = (v)

/*
 * The value v as an initialiser of an __rcu pointer, and an __rcu
 * pointer's value as a plain pointer: casts for sparse's address spaces
 * in the kernel, the value itself here (__rcu marks nothing).  No ordering:
 * unrcu_pointer() is for a pointer no reader can change under the caller,
 * as rcu_dereference_protected() is.
 */
#define RCU_INITIALIZER(v)	((__typeof__(*(v)) __rcu *)(v))
#define unrcu_pointer(p)	((__typeof__(*(p)) *)(p))

/*
 * Publish ptr through rcu_ptr and return the value it replaced.  The
 * caller holds the update-side lock (c states it).
 */
#define rcu_replace_pointer(rcu_ptr, ptr, c)					\
	__extension__ ({							\
		__typeof__(ptr) __rcutable_old =				\
			rcu_dereference_protected((rcu_ptr), (c));		\
		rcu_assign_pointer((rcu_ptr), (ptr));				\
		__rcutable_old;							\
	})

/*
 * Swap: publish ptr through rcu_ptr and leave the old value in ptr.  The
 * 2019 table's name, which Linux 5.5 removed for rcu_replace_pointer(): it
 * works, and warns at compile time.
 */
__attribute__((deprecated("rcu_swap_protected() was removed in Linux 5.5: "
			  "use ptr = rcu_replace_pointer(rcu_ptr, ptr, c)")))
static inline void __rcutable_rcu_swap_protected(void) { }
#define rcu_swap_protected(rcu_ptr, ptr, c)					\
	do {									\
		__rcutable_rcu_swap_protected();				\
		(ptr) = rcu_replace_pointer(rcu_ptr, ptr, c);			\
	} while (0)

/* Documents that protection passes from RCU to something else (a reference count). */
#define rcu_pointer_handoff(p)	(p)

#endif /* RCUTABLE_RCU_POINTER_H */
