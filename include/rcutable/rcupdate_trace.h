/* SPDX-License-Identifier: MIT */
/*
 * rcutable/rcupdate_trace.h: RCU Tasks Trace, one of the flavors the
 * kernel's RCU API gained after the 2019 tables.
 *
 * Readers are explicitly marked (rcu_read_lock_trace() ...
 * rcu_read_unlock_trace()), nest, and may block or sleep inside; a grace
 * period (synchronize_rcu_tasks_trace(), call_rcu_tasks_trace()) waits for
 * every reader that was inside when it began, and for nothing else: plain
 * RCU readers, SRCU domains and RCU Tasks never wait on it, nor it on them.
 * As in the kernel today, the flavor is one SRCU domain,
 * rcu_tasks_trace_srcu_struct, defined by the SRCU library: a program
 * includes this header and links an SRCU implementation (pkg-config
 * rcutable-srcu or rcutable-srcu-mb), whose read side and grace periods
 * it then has, with no registration.  A reader's section belongs to its
 * thread (use srcu_down_read() on the domain for one that another thread
 * ends); a signal handler may read, also inside a section it interrupted
 * (each step of the markers is one store of the thread's word).
 */
#ifndef RCUTABLE_RCUPDATE_TRACE_H
#define RCUTABLE_RCUPDATE_TRACE_H

#include <rcutable/srcu.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The flavor's domain, ready before main() (the SRCU library defines it). */
extern struct srcu_struct rcu_tasks_trace_srcu_struct;

/* The calling thread's sections: twice the nesting depth, plus the index
 * srcu_read_lock() returned for the outermost one.  0 outside.  Changed
 * by one store at a time, on its own thread only. */
extern __thread unsigned long rcutable_trace_nesting;

/* Out of line: a nesting deeper than the word holds, or an unlock without
 * its lock; refused with a message. */
__attribute__((noreturn)) void rcutable_trace_misuse(const char *what);

/*
 * Enter a Tasks Trace reader.  Any thread, signal handlers included; it
 * nests.  The outermost one enters the domain (srcu_read_lock()), whose
 * ordering it has: its count before the section's accesses.
 */
static inline void rcu_read_lock_trace(void)
{
	unsigned long n = rcutable_trace_nesting;

	if (n) {
		if (rcutable_unlikely(n + 2 < n))
			rcutable_trace_misuse("rcu_read_lock_trace() nested too deep");
		rcutable_trace_nesting = n + 2;
		return;
	}
	n = 2 | (unsigned long)srcu_read_lock(&rcu_tasks_trace_srcu_struct);
	rcutable_barrier();	/* a handler sees the section only once it counts */
	rcutable_trace_nesting = n;
}

/* Leave the innermost Tasks Trace reader, on the thread that entered it.
 * The outermost one leaves the domain: the section's accesses before its
 * count. */
static inline void rcu_read_unlock_trace(void)
{
	unsigned long n = rcutable_trace_nesting;

	if (rcutable_unlikely(n < 2))
		rcutable_trace_misuse("rcu_read_unlock_trace() without a matching "
				      "rcu_read_lock_trace() on this thread");
	if (n > 3) {
		rcutable_trace_nesting = n - 2;
		return;
	}
	rcutable_trace_nesting = 0;
	rcutable_barrier();	/* a handler after the store counts on its own */
	srcu_read_unlock(&rcu_tasks_trace_srcu_struct, (int)(n & 1));
}

/* Is the calling thread inside a Tasks Trace reader?  Exact in every
 * build (the thread's own word). */
static inline int rcu_read_lock_trace_held(void)
{
	return rcutable_trace_nesting != 0;
}

/* guard(rcu_tasks_trace)() and scoped_guard(rcu_tasks_trace) { ... }: a
 * reader for the rest of the block, or for the statement. */
DEFINE_LOCK_GUARD_0(rcu_tasks_trace, rcu_read_lock_trace(), rcu_read_unlock_trace())

/*
 * Wait for every Tasks Trace reader that was inside when the call began
 * (synchronize_srcu() on the domain, with its ordering).  Refused, always,
 * inside a Tasks Trace reader of the caller's: it would wait for itself.
 */
void synchronize_rcu_tasks_trace(void);

/* Queue func(head) after a Tasks Trace grace period that begins after the
 * call (call_srcu() on the domain).  Never blocks. */
void call_rcu_tasks_trace(struct rcu_head *head, rcu_callback_t func);

/* Wait until every callback queued by call_rcu_tasks_trace() before the
 * call has run.  Refused inside a reader, as synchronize_rcu_tasks_trace(). */
void rcu_barrier_tasks_trace(void);

#ifdef __cplusplus
}
#endif

#endif /* RCUTABLE_RCUPDATE_TRACE_H */
