/* SPDX-License-Identifier: MIT */
/*
 * urcu/pointer.h (rcutable/liburcu/): liburcu's pointer API over
 * rcutable's (rcutable/rcu_pointer.h: rcu_dereference(), rcu_assign_pointer()
 * with the kernel's ordering), and the liburcu headers it brings in.
 */
#ifndef RCUTABLE_LIBURCU_POINTER_H
#define RCUTABLE_LIBURCU_POINTER_H

#include <urcu/compiler.h>	/* liburcu-dev's */
#include <urcu/arch.h>
#include <urcu/uatomic.h>
#include <rcutable/rcu_pointer.h>

/* *p = v, published: rcu_assign_pointer() by address. */
#define rcu_set_pointer(p, v)	rcu_assign_pointer(*(p), v)

/* Publish v in *p and return what *p held: a full barrier before and after
 * (the old value's readers' accesses, the new one's initialization). */
#define rcu_xchg_pointer(p, v)							\
	__extension__ ({							\
		__typeof__(*(p)) __rcutable_xv = (v);				\
		__atomic_exchange_n((p), __rcutable_xv, __ATOMIC_SEQ_CST);	\
	})

/* If *p is old, publish new_ in it; return what *p held, with a full
 * barrier either way, as liburcu's. */
#define rcu_cmpxchg_pointer(p, old, new_)					\
	__extension__ ({							\
		__typeof__(*(p)) __rcutable_co = (old);			\
		(void)__atomic_compare_exchange_n((p), &__rcutable_co, (new_),	\
				false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);	\
		__rcutable_co;							\
	})

#endif /* RCUTABLE_LIBURCU_POINTER_H */
