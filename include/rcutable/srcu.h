/* SPDX-License-Identifier: MIT */
/*
 * rcutable/srcu.h: the SRCU column of the 2019 RCU API table.
 *
 * Sleepable RCU: each struct srcu_struct is a domain of its own.  Its
 * readers may block, sleep, be preempted or migrate inside a section and
 * need no registration; its grace periods wait only for its own readers,
 * so a reader of one domain never delays another's grace period.  The one
 * read-side constraint is the table's: no wait for a grace period of the
 * domain one is reading (synchronize_srcu() or srcu_barrier() inside a
 * reader of the same domain would wait for itself).
 *
 * SRCU stands alone: a program may include this header and link
 * rcutable-srcu with no RCU implementation at all, or beside any of them.
 * The implementation is chosen at build time (pkg-config rcutable-srcu or
 * rcutable-srcu-mb), by its library and by RCUTABLE_SRCU_IMPL, its
 * identifier: its inline read side is rcutable/read/<RCUTABLE_SRCU_IMPL>.h,
 * which defines struct srcu_struct, __SRCU_STRUCT_INIT(), srcu_read_lock(),
 * srcu_read_unlock(), srcu_read_lock_held(),
 * smp_mb__after_srcu_read_unlock(), and the readers added since 2019:
 * srcu_down_read()/srcu_up_read() (a section that another thread may
 * end), the _nmisafe readers (safe in signal handlers) and the _fast ones
 * (struct srcu_ctr *, also srcu_down_read_fast()/srcu_up_read_fast()).
 */
#ifndef RCUTABLE_SRCU_H
#define RCUTABLE_SRCU_H

#include <stdbool.h>
#include <rcutable/compiler.h>
#include <rcutable/types.h>
#include <rcutable/backlog.h>
#include <rcutable/lockdep.h>
#include <rcutable/rcu_pointer.h>
#include <rcutable/cleanup.h>
#include <rcutable/impl.h>

#ifndef RCUTABLE_SRCU_IMPL
#error "rcutable/srcu.h: no SRCU implementation chosen: compile with the flags that pkg-config --cflags rcutable-srcu (or rcutable-srcu-mb) prints, which define RCUTABLE_SRCU_IMPL"
#endif
#include RCUTABLE_READ_SIDE(RCUTABLE_SRCU_IMPL)

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Initialization and cleanup ----------------------------------------- */

/*
 * A domain defined at file scope is ready before main() (a constructor
 * allocates its counters): no init call, and no cleanup either.
 */
#define DEFINE_SRCU(name)						\
	struct srcu_struct name = __SRCU_STRUCT_INIT(name);		\
	__RCUTABLE_SRCU_CONSTRUCTOR(name)
#define DEFINE_STATIC_SRCU(name)					\
	static struct srcu_struct name = __SRCU_STRUCT_INIT(name);	\
	__RCUTABLE_SRCU_CONSTRUCTOR(name)

/* Ends with a declaration of the constructor again, which takes the
 * semicolon that follows DEFINE_SRCU(name) in kernel code (ISO C allows
 * none after a function's body). */
#define __RCUTABLE_SRCU_CONSTRUCTOR(name)				\
	__attribute__((constructor)) static void			\
	__rcutable_srcu_ctor_##name(void)				\
	{								\
		rcutable_srcu_attach(&(name));				\
	}								\
	static void __rcutable_srcu_ctor_##name(void)

/*
 * Initialize a domain in memory of the caller's (heap, stack, a field).
 * Returns 0, or -ENOMEM when its per-CPU counters cannot be allocated.
 * Messages name the domain by the expression passed, as the kernel's
 * lockdep does.
 */
#define init_srcu_struct(ssp)	rcutable_init_srcu_struct((ssp), #ssp)
int rcutable_init_srcu_struct(struct srcu_struct *ssp, const char *name);

/*
 * Tear a domain down after its last use: waits for a grace period that is
 * still running, then stops its callback thread and releases its counters.
 * Refused with a message, always, while a reader is inside the domain or
 * a callback queued with call_srcu() has not been invoked (call
 * srcu_barrier() first).  The _quiesced form is for a caller that knows no
 * grace period is running: it is refused if one is.
 */
void cleanup_srcu_struct(struct srcu_struct *ssp);
void cleanup_srcu_struct_quiesced(struct srcu_struct *ssp);

/* ---- Scoped readers -------------------------------------------------------- */

/*
 * guard(srcu)(ssp) and scoped_guard(srcu, ssp) { ... }: a reader of ssp for
 * the rest of the block, or for the statement (rcutable/cleanup.h);
 * however the scope is left, srcu_read_unlock() runs there with the index
 * srcu_read_lock() returned.
 */
DEFINE_LOCK_GUARD_1(srcu, struct srcu_struct,
		    _T->idx = srcu_read_lock(_T->lock),
		    srcu_read_unlock(_T->lock, _T->idx),
		    int idx)

/* ---- Data access --------------------------------------------------------- */

/* The reader's load of an SRCU-protected pointer: inside a reader of ssp,
 * or where c holds (checked in a checking build).  Pairs with
 * rcu_assign_pointer(). */
#define srcu_dereference_check(p, ssp, c)				\
	__rcu_dereference_check((p), (c) || srcu_read_lock_held(ssp),	\
				"srcu_dereference_check()")
#define srcu_dereference(p, ssp)	srcu_dereference_check((p), (ssp), 0)
#define srcu_dereference_notrace(p, ssp) srcu_dereference_check((p), (ssp), 1)

/* ---- Update side ---------------------------------------------------------- */

/*
 * Wait until every reader of ssp that was inside its section when the call
 * began has left it.  Ordering: the caller's accesses before the call
 * precede every section of ssp the grace period did not wait for; every
 * section it waited for precedes the caller's accesses after it returns.
 * Concurrent callers share grace periods.  Not from inside a reader of ssp
 * (refused in a checking build); inside a reader of another domain it is
 * allowed.
 */
void synchronize_srcu(struct srcu_struct *ssp);

/* The same guarantee, waiting by spinning and yielding instead of sleeping. */
void synchronize_srcu_expedited(struct srcu_struct *ssp);

/*
 * Queue func(head) to run after a grace period of ssp that begins after
 * this call, on ssp's callback thread (started at the first call).
 * Wait-free for the caller.  Callbacks run in the order they were queued;
 * those queued before exit() are invoked at exit.
 */
void call_srcu(struct srcu_struct *ssp, struct rcu_head *head, rcu_callback_t func);

/* Wait until every callback queued on ssp before this call has been invoked. */
void srcu_barrier(struct srcu_struct *ssp);

/*
 * Polled grace periods.  get_state_synchronize_srcu() returns a cookie and
 * starts nothing; poll_state_synchronize_srcu() is true once a full grace
 * period of ssp has elapsed since the cookie was taken (then the caller's
 * later accesses follow every section that grace period waited for).
 */
unsigned long get_state_synchronize_srcu(struct srcu_struct *ssp);
bool poll_state_synchronize_srcu(struct srcu_struct *ssp, unsigned long cookie);

/*
 * get_state_synchronize_srcu()'s cookie, and a grace period of ssp that
 * completes it started on its way (queued on the domain's callback engine,
 * as a call_srcu() would be; the _expedited form without gathering, and
 * expedited): poll_state_synchronize_srcu() says true some time later
 * without anyone waiting.  Never blocks.  cleanup_srcu_struct() waits for
 * a grace period so started.
 */
unsigned long start_poll_synchronize_srcu(struct srcu_struct *ssp);
unsigned long start_poll_synchronize_srcu_expedited(struct srcu_struct *ssp);

/* The SRCU implementation linked into this program. */
extern const struct rcutable_impl rcutable_srcu_impl_info;

#ifdef __cplusplus
}
#endif

#endif /* RCUTABLE_SRCU_H */
