/* SPDX-License-Identifier: MIT */
/*
 * rcutable/rcupdate.h: the RCU flavor (with its RCU BH and RCU Sched
 * columns) and the Generic primitives of the 2019 RCU API table.
 *
 * The RCU Tasks column is declared in rcupdate_tasks.h, included here;
 * it is a library of its own (rcutable-tasks) that links beside any RCU
 * implementation, or alone.
 *
 * The semantics are the consolidated ones of Linux 4.20 and later: there is
 * one RCU.  rcu_read_lock_bh(), rcu_read_lock_sched(), their _notrace forms
 * and the user-space analogs preempt_disable(), local_bh_disable() and
 * local_irq_save() all open a reader of that one RCU, so synchronize_rcu()
 * waits for every one of them, and the deprecated _bh/_sched update-side
 * primitives are the same grace period under another name.
 *
 * The implementation is chosen at build time (pkg-config rcutable-<impl>),
 * by its library and by RCUTABLE_RCU_IMPL, its identifier: its inline read
 * side is rcutable/read/<RCUTABLE_RCU_IMPL>.h, which defines
 *
 *   rcu_read_lock(), rcu_read_unlock(), rcu_read_lock_held(),
 *   rcu_quiescent_state(), rcu_thread_offline(), rcu_thread_online(),
 *   rcu_is_watching(),
 *   rcutable_reader_in_section() (inside a reader, as far as it can tell),
 *   RCUTABLE_READERS_REPORT_QS (1 where threads report quiescent states)
 *
 * and the library defines the functions declared below.  docs/API.md maps
 * every cell of the table to its definition here.
 */
#ifndef RCUTABLE_RCUPDATE_H
#define RCUTABLE_RCUPDATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <rcutable/compiler.h>
#include <rcutable/types.h>
#include <rcutable/container_of.h>
#include <rcutable/backlog.h>
#include <rcutable/lockdep.h>
#include <rcutable/rcu_pointer.h>
#include <rcutable/cleanup.h>
#include <rcutable/impl.h>
#include <rcutable/rcupdate_tasks.h>	/* the RCU Tasks column */
#include <rcutable/rcupdate_wait.h>

#ifndef RCUTABLE_RCU_IMPL
#error "rcutable/rcupdate.h: no RCU implementation chosen: compile with the flags that pkg-config --cflags rcutable-memb (or rcutable-signal, rcutable-mb, rcutable-qsbr) prints, which define RCUTABLE_RCU_IMPL"
#endif
#include RCUTABLE_READ_SIDE(RCUTABLE_RCU_IMPL)

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Waiting for grace periods on the calling thread ------------------- */

/* Aborts: who() was called inside a read-side critical section, where it
 * would wait for itself. */
__attribute__((noreturn)) void rcutable_die_waits_for_itself(const char *who);

/*
 * Bracket a wait for grace periods (synchronize_rcu(), rcu_barrier(),
 * synchronize_rcu_mult(), ...): begin refuses a wait from inside a reader,
 * where the implementation can tell, and takes an online QSBR thread
 * offline for the wait, as QSBR's rule for blocking requires; end brings it
 * back online.  begin returns what end takes.
 */
static inline bool rcutable_gp_wait_begin(const char *who)
{
	bool online = RCUTABLE_READERS_REPORT_QS && rcu_is_watching();

	if (rcutable_unlikely(rcutable_reader_in_section()))
		rcutable_die_waits_for_itself(who);
	if (online)
		rcu_thread_offline();
	return online;
}

static inline void rcutable_gp_wait_end(bool was_online)
{
	if (was_online)
		rcu_thread_online();
}

/* ---- Read-side critical-section markers --------------------------------- */

/* Out-of-line rcu_read_lock()/rcu_read_unlock(), for FFI and function pointers. */
void rcutable_rcu_read_lock(void);
void rcutable_rcu_read_unlock(void);

/* RCU BH and RCU Sched readers are readers of the one consolidated RCU. */
static inline void rcu_read_lock_bh(void)		{ rcu_read_lock(); }
static inline void rcu_read_unlock_bh(void)		{ rcu_read_unlock(); }
static inline void rcu_read_lock_sched(void)		{ rcu_read_lock(); }
static inline void rcu_read_unlock_sched(void)		{ rcu_read_unlock(); }
static inline void rcu_read_lock_sched_notrace(void)	{ rcu_read_lock(); }
static inline void rcu_read_unlock_sched_notrace(void)	{ rcu_read_unlock(); }

/*
 * The user-space analogs of disabling preemption and bottom halves: a thread
 * cannot stop the scheduler, so these only open and close an RCU reader.
 */
static inline void preempt_disable(void)	{ rcu_read_lock(); }
static inline void preempt_enable(void)		{ rcu_read_unlock(); }
static inline void local_bh_disable(void)	{ rcu_read_lock(); }
static inline void local_bh_enable(void)	{ rcu_read_unlock(); }

/*
 * local_irq_save()/local_irq_restore(): signals are user space's interrupts.
 * Save blocks every asynchronous signal of the calling thread (all but the
 * synchronous SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP and SIGSYS) and opens
 * a reader; restore closes the reader and, at the outermost level, restores
 * the signal mask.  flags (an unsigned long, as in the kernel) records the
 * nesting level and must be handed back in LIFO order.
 */
unsigned long rcutable_irq_save(void);
void rcutable_irq_restore(unsigned long flags);
#define local_irq_save(flags)						\
	do { (flags) = rcutable_irq_save(); rcu_read_lock(); } while (0)
#define local_irq_restore(flags)					\
	do { rcu_read_unlock(); rcutable_irq_restore(flags); } while (0)

/*
 * guard(rcu)() and scoped_guard(rcu) { ... }: a reader for the rest of
 * the block, or for the statement (rcutable/cleanup.h); however the scope
 * is left, rcu_read_unlock() runs there.
 */
DEFINE_LOCK_GUARD_0(rcu, rcu_read_lock(), rcu_read_unlock())

/* ---- Data access ------------------------------------------------------- */

#define rcu_dereference_check(p, c)					\
	__rcu_dereference_check(p, (c) || rcu_read_lock_held(),		\
				"rcu_dereference_check()")
#define rcu_dereference_bh_check(p, c)					\
	__rcu_dereference_check(p, (c) || rcu_read_lock_bh_held(),	\
				"rcu_dereference_bh_check()")
#define rcu_dereference_sched_check(p, c)				\
	__rcu_dereference_check(p, (c) || rcu_read_lock_sched_held(),	\
				"rcu_dereference_sched_check()")
#define rcu_dereference(p)		rcu_dereference_check(p, 0)
#define rcu_dereference_bh(p)		rcu_dereference_bh_check(p, 0)
#define rcu_dereference_sched(p)	rcu_dereference_sched_check(p, 0)

/* ---- Update side ------------------------------------------------------- */

/*
 * Wait for a full grace period: every reader that began before the call has
 * ended when it returns, and each of those readers' accesses happens before
 * the return (a full fence on each side).  Concurrent callers share grace
 * periods.  Must not be called inside a reader: that would deadlock, so
 * it aborts with a message.
 */
void synchronize_rcu(void);

/*
 * As synchronize_rcu(), with the lowest latency the implementation can
 * give, at the cost of CPU time (spinning, no batching delay).
 */
void synchronize_rcu_expedited(void);

/* The networking stack's name for synchronize_rcu(). */
static inline void synchronize_net(void) { synchronize_rcu(); }

/*
 * Queue func(head) to run after a grace period.  Never blocks, may be called
 * inside a reader.  head belongs to rcutable until func is invoked; queueing
 * a head that is still pending is an error (a checking build aborts).
 */
void call_rcu(struct rcu_head *head, rcu_callback_t func);

/*
 * As call_rcu(), for a callback that someone waits for: the callback
 * engine begins its next grace period at once instead of letting callbacks
 * gather first (RCUTABLE_CALLBACK_GATHER_US, the kernel's lazy callbacks'
 * counterpart).  A peer, which has no gathering, queues as call_rcu().
 */
void call_rcu_hurry(struct rcu_head *head, rcu_callback_t func);

/*
 * Wait until every callback queued by call_rcu() (or kfree_rcu()) before
 * this call has been invoked.  Not from a reader, not from a callback.
 */
void rcu_barrier(void);

/*
 * Polled grace periods.  get_state_synchronize_rcu() returns a cookie;
 * cond_synchronize_rcu(cookie) returns at once if a full grace period has
 * elapsed since the cookie was taken, and otherwise waits for one.
 * poll_state_synchronize_rcu(cookie) tells, without waiting, whether it has.
 * Each is a full fence, so a true answer orders all of a pre-existing
 * reader's accesses before the caller's later ones.
 */
unsigned long get_state_synchronize_rcu(void);
void cond_synchronize_rcu(unsigned long oldstate);
bool poll_state_synchronize_rcu(unsigned long oldstate);

/*
 * A cookie that every poll finds complete, for "no grace period needed"
 * (get_completed_synchronize_rcu()); no real cookie has this value.
 */
#define RCUTABLE_GP_STATE_COMPLETED	(~0UL)

/*
 * start_poll_synchronize_rcu(): get_state_synchronize_rcu()'s cookie, and
 * a grace period that completes it is sure to run with nobody waiting:
 * the library's poller thread (started at the first call) runs grace
 * periods while a cookie asked for is not complete.  The _expedited form
 * has it run synchronize_rcu_expedited().  Never blocks; may be called
 * inside a reader, not from a signal handler (the first call starts the
 * thread).
 */
unsigned long start_poll_synchronize_rcu(void);
unsigned long start_poll_synchronize_rcu_expedited(void);

/* Two cookies from the same grace-period state?  (Either may be
 * RCUTABLE_GP_STATE_COMPLETED.) */
static inline bool same_state_synchronize_rcu(unsigned long a, unsigned long b)
{
	return a == b;
}

/* A cookie that is complete already and stays so. */
static inline unsigned long get_completed_synchronize_rcu(void)
{
	return RCUTABLE_GP_STATE_COMPLETED;
}

/* As cond_synchronize_rcu(), waiting with synchronize_rcu_expedited(). */
static inline void cond_synchronize_rcu_expedited(unsigned long oldstate)
{
	if (!poll_state_synchronize_rcu(oldstate))
		synchronize_rcu_expedited();
}

/*
 * The _full forms.  The kernel keeps separate sequences for normal and
 * expedited grace periods, and a full cookie holds both, so that either
 * kind completes it.  Every rcutable implementation has one sequence,
 * which both kinds advance: a full cookie holds the one cookie twice, and
 * a grace period of either kind completes it, as the kernel's does.
 */
struct rcu_gp_oldstate {
	unsigned long rgos_norm;
	unsigned long rgos_exp;
};

static inline void get_state_synchronize_rcu_full(struct rcu_gp_oldstate *rgosp)
{
	rgosp->rgos_norm = rgosp->rgos_exp = get_state_synchronize_rcu();
}

static inline void start_poll_synchronize_rcu_full(struct rcu_gp_oldstate *rgosp)
{
	rgosp->rgos_norm = rgosp->rgos_exp = start_poll_synchronize_rcu();
}

static inline void start_poll_synchronize_rcu_expedited_full(struct rcu_gp_oldstate *rgosp)
{
	rgosp->rgos_norm = rgosp->rgos_exp = start_poll_synchronize_rcu_expedited();
}

static inline void get_completed_synchronize_rcu_full(struct rcu_gp_oldstate *rgosp)
{
	rgosp->rgos_norm = rgosp->rgos_exp = RCUTABLE_GP_STATE_COMPLETED;
}

static inline bool poll_state_synchronize_rcu_full(struct rcu_gp_oldstate *rgosp)
{
	return poll_state_synchronize_rcu(rgosp->rgos_norm);
}

static inline void cond_synchronize_rcu_full(struct rcu_gp_oldstate *rgosp)
{
	cond_synchronize_rcu(rgosp->rgos_norm);
}

static inline void cond_synchronize_rcu_expedited_full(struct rcu_gp_oldstate *rgosp)
{
	cond_synchronize_rcu_expedited(rgosp->rgos_norm);
}

static inline bool same_state_synchronize_rcu_full(struct rcu_gp_oldstate *a,
						   struct rcu_gp_oldstate *b)
{
	return a->rgos_norm == b->rgos_norm && a->rgos_exp == b->rgos_exp;
}

/*
 * rcu_expedite_gp() makes synchronize_rcu() (and cond_synchronize_rcu())
 * expedited until the matching rcu_unexpedite_gp(); calls nest, and an
 * unexpedite without its expedite is refused with a message.
 * rcu_gp_is_expedited() tells whether they are now.  Any thread.
 */
void rcu_expedite_gp(void);
void rcu_unexpedite_gp(void);
bool rcu_gp_is_expedited(void);

/*
 * kfree_rcu(ptr, field): free(ptr) after a grace period; field names the
 * struct rcu_head inside *ptr.  Batched with the callbacks.  NULL is ignored.
 *
 * kfree_rcu_mightsleep(ptr), and kfree_rcu(ptr) with one argument: the
 * same for an object with no rcu_head.  It queues a small record of its
 * own, or, where there is no memory for one, waits for a grace period and
 * frees ptr itself: so it may block, and is refused inside a reader.
 * kvfree_rcu() and kvfree_rcu_mightsleep() are the same (user space has
 * one allocator).
 */
void rcutable_kfree_rcu(struct rcu_head *head, size_t offset);
void rcutable_kfree_rcu_mightsleep(void *ptr);
#define kfree_rcu_mightsleep(ptr)	rcutable_kfree_rcu_mightsleep(ptr)
#define kvfree_rcu_mightsleep(ptr)	rcutable_kfree_rcu_mightsleep(ptr)
#define kfree_rcu(...)							\
	__RCUTABLE_KFREE_RCU_PICK(__VA_ARGS__, __rcutable_kfree_rcu_2,	\
				  rcutable_kfree_rcu_mightsleep, 0)(__VA_ARGS__)
#define kvfree_rcu(...)			kfree_rcu(__VA_ARGS__)
#define __RCUTABLE_KFREE_RCU_PICK(a, b, which, ...)	which
#define __rcutable_kfree_rcu_2(ptr, field)				\
	do {								\
		__typeof__(ptr) __rcutable_kp = (ptr);			\
		RCUTABLE_STATIC_ASSERT(offsetof(__typeof__(*(ptr)), field) < \
				       RCUTABLE_KFREE_OFFSET_MAX,	\
				       "kfree_rcu(): rcu_head too far into the object"); \
		if (__rcutable_kp)					\
			rcutable_kfree_rcu(&__rcutable_kp->field,	\
				offsetof(__typeof__(*(ptr)), field));	\
	} while (0)

/*
 * synchronize_rcu_mult(call_rcu, call_rcu_tasks, ...): wait for a grace
 * period of each flavor named by its call function, concurrently.
 */
#define synchronize_rcu_mult(...)					\
	do {								\
		const call_rcu_func_t __rcutable_f[] = { __VA_ARGS__ };	\
		bool __rcutable_w =					\
			rcutable_gp_wait_begin("synchronize_rcu_mult");	\
		rcutable_wait_rcu_gp(__rcutable_f,			\
			sizeof(__rcutable_f) / sizeof(__rcutable_f[0]));	\
		rcutable_gp_wait_end(__rcutable_w);			\
	} while (0)

/* ---- The deprecated _bh and _sched update-side primitives --------------- */

#define RCUTABLE_DEPRECATED(repl)					\
	__attribute__((deprecated("the RCU flavors were consolidated in "	\
				  "Linux 4.20: use " repl)))

RCUTABLE_DEPRECATED("synchronize_rcu()")
static inline void synchronize_rcu_bh(void) { synchronize_rcu(); }
RCUTABLE_DEPRECATED("synchronize_rcu()")
static inline void synchronize_sched(void) { synchronize_rcu(); }
RCUTABLE_DEPRECATED("synchronize_rcu_expedited()")
static inline void synchronize_rcu_bh_expedited(void) { synchronize_rcu_expedited(); }
RCUTABLE_DEPRECATED("synchronize_rcu_expedited()")
static inline void synchronize_sched_expedited(void) { synchronize_rcu_expedited(); }
RCUTABLE_DEPRECATED("call_rcu()")
static inline void call_rcu_bh(struct rcu_head *h, rcu_callback_t f) { call_rcu(h, f); }
RCUTABLE_DEPRECATED("call_rcu()")
static inline void call_rcu_sched(struct rcu_head *h, rcu_callback_t f) { call_rcu(h, f); }
RCUTABLE_DEPRECATED("rcu_barrier()")
static inline void rcu_barrier_bh(void) { rcu_barrier(); }
RCUTABLE_DEPRECATED("rcu_barrier()")
static inline void rcu_barrier_sched(void) { rcu_barrier(); }
RCUTABLE_DEPRECATED("get_state_synchronize_rcu()")
static inline unsigned long get_state_synchronize_sched(void) { return get_state_synchronize_rcu(); }
RCUTABLE_DEPRECATED("cond_synchronize_rcu()")
static inline void cond_synchronize_sched(unsigned long s) { cond_synchronize_rcu(s); }

/* ---- Validation ---------------------------------------------------------- */

/* True inside a reader of the consolidated RCU, whichever marker opened it. */
static inline bool rcu_read_lock_bh_held(void)		{ return rcu_read_lock_held(); }
static inline bool rcu_read_lock_sched_held(void)	{ return rcu_read_lock_held(); }
/* The kernel's "any RCU reader, or preemption disabled": the one RCU here. */
static inline bool rcu_read_lock_any_held(void)		{ return rcu_read_lock_held(); }

/*
 * Debug-object hooks of the kernel.  rcutable tracks pending heads itself in
 * a checking build, so these only document intent.
 */
static inline void init_rcu_head(struct rcu_head *head)			{ (void)head; }
static inline void destroy_rcu_head(struct rcu_head *head)		{ (void)head; }
static inline void init_rcu_head_on_stack(struct rcu_head *head)	{ (void)head; }
static inline void destroy_rcu_head_on_stack(struct rcu_head *head)	{ (void)head; }

/*
 * rcu_head_init() marks a head as never queued; rcu_head_after_call_rcu()
 * then tells whether it has since been passed to call_rcu() with func f.
 * The caller excludes concurrent call_rcu() on the same head.
 */
#define RCUTABLE_HEAD_INIT_FUNC	((rcu_callback_t)~(uintptr_t)0)
static inline void rcu_head_init(struct rcu_head *head)
{
	RCUTABLE_WRITE_ONCE(head->func, RCUTABLE_HEAD_INIT_FUNC);
}

static inline bool rcu_head_after_call_rcu(struct rcu_head *head, rcu_callback_t f)
{
	rcu_callback_t func = RCUTABLE_READ_ONCE(head->func);

	RCU_LOCKDEP_WARN(func != f && func != RCUTABLE_HEAD_INIT_FUNC,
			 "rcu_head_after_call_rcu() on a head that rcu_head_init() did not mark");
	return func == f;
}

/*
 * Silence the stall warning of the grace period in progress (see
 * RCUTABLE_STALL_TIMEOUT_MS in docs/API.md), for a known-long holdout such
 * as a debugger stop.  The next grace period warns again.
 */
void rcu_cpu_stall_reset(void);

/* Run statement a with RCU watching the thread (online, for QSBR). */
#define RCU_NONIDLE(a)							\
	do {								\
		bool __rcutable_was_watching = rcu_is_watching();	\
		if (!__rcutable_was_watching)				\
			rcu_thread_online();				\
		do { a; } while (0);					\
		if (!__rcutable_was_watching)				\
			rcu_thread_offline();				\
	} while (0)

/* Before blocking: warns (checking build) if the caller is inside a reader. */
#define rcu_sleep_check()						\
	RCU_LOCKDEP_WARN(rcu_read_lock_held(),				\
		"rcu_sleep_check(): blocking inside an RCU read-side critical section")

/* ---- Thread lifecycle (liburcu's names) ---------------------------------- */

/*
 * Register the calling thread as a reader.  Harmless when repeated.  Where
 * the implementation's descriptor says readers_must_register is false, the
 * first rcu_read_lock() registers the thread and its exit unregisters it.
 */
void rcu_register_thread(void);

/* Unregister the calling thread; not inside a reader. */
void rcu_unregister_thread(void);

#ifdef __cplusplus
}
#endif

#endif /* RCUTABLE_RCUPDATE_H */
