/* SPDX-License-Identifier: MIT */
/*
 * rcutable/impl.h: the descriptor every implementation exports.
 *
 * Conformance reads it to select tests, the chooser and RESULTS.md to explain
 * what an implementation asks of its users and what it provides natively.
 */
#ifndef RCUTABLE_IMPL_H
#define RCUTABLE_IMPL_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum rcutable_flavor {
	RCUTABLE_FLAVOR_RCU,		/* the RCU, RCU BH and RCU Sched columns */
	RCUTABLE_FLAVOR_SRCU,
	RCUTABLE_FLAVOR_TASKS,
};

/* API groups of the table, as bits of rcutable_impl.native / .emulated. */
enum rcutable_api {
	RCUTABLE_API_READ_SIDE		= 1u << 0,  /* read-side markers, incl. _bh/_sched */
	RCUTABLE_API_SYNCHRONIZE	= 1u << 1,
	RCUTABLE_API_EXPEDITED		= 1u << 2,
	RCUTABLE_API_CALL		= 1u << 3,  /* call_rcu() */
	RCUTABLE_API_BARRIER		= 1u << 4,  /* rcu_barrier() */
	RCUTABLE_API_POLLED		= 1u << 5,  /* get_state / cond_synchronize */
	RCUTABLE_API_KFREE		= 1u << 6,  /* kfree_rcu() */
	RCUTABLE_API_VALIDATION		= 1u << 7,  /* rcu_read_lock_held() and friends */
	RCUTABLE_API_CONSOLIDATED	= 1u << 8,  /* _bh/_sched readers are RCU readers */
	RCUTABLE_API_LIFECYCLE		= 1u << 9,  /* register / offline / quiescent state */
	/* rcutable's own guarantees beyond the table's cells: */
	RCUTABLE_API_STALL		= 1u << 10, /* stall warnings, rcu_cpu_stall_reset() */
	RCUTABLE_API_READER_CHECKS	= 1u << 11, /* unbalanced unlock, nesting overflow refused */
	RCUTABLE_API_EXIT_DRAIN		= 1u << 12, /* callbacks invoked at exit, unrun ones counted */
	RCUTABLE_API_FORK		= 1u << 13, /* a fork() child can use RCU at once */
	RCUTABLE_API_BACKLOG		= 1u << 14, /* callbacks' backlog bounded (rcutable/backlog.h) */
	/* The kernel's RCU API since the 2019 table (docs/API.md): */
	RCUTABLE_API_POLLED_FULL	= 1u << 15, /* start_poll, the _full forms, same_state, get_completed */
	RCUTABLE_API_CALL_HURRY		= 1u << 16, /* call_rcu_hurry() */
	RCUTABLE_API_EXPEDITE_CONTROL	= 1u << 17, /* rcu_expedite_gp(), rcu_unexpedite_gp() */
	RCUTABLE_API_FREE_MIGHTSLEEP	= 1u << 18, /* kfree_rcu_mightsleep(), kfree_rcu(ptr), kvfree_rcu() */
	RCUTABLE_API_RCU_SYNC		= 1u << 19, /* rcu_sync (rcutable/rcu_sync.h) */
	RCUTABLE_API_SRCU_FAST		= 1u << 20, /* srcu_read_lock_fast(), srcu_read_unlock_fast() */
	RCUTABLE_API_SRCU_NMISAFE	= 1u << 21, /* srcu_read_lock_nmisafe(): signal-handler safe */
	RCUTABLE_API_SRCU_HANDOFF	= 1u << 22, /* srcu_down_read(), srcu_up_read() (and _fast) */
	RCUTABLE_API_TASKS_TRACE	= 1u << 23, /* RCU Tasks Trace (rcutable/rcupdate_trace.h) */
	RCUTABLE_API_TASKS_RUDE		= 1u << 24, /* RCU Tasks Rude (rcutable/rcupdate_tasks.h) */
};

#define RCUTABLE_API_ALL	((1u << 25) - 1)
/* The bits that only an SRCU or RCU Tasks implementation's descriptor sets. */
#define RCUTABLE_API_OTHER_COLUMNS					\
	(RCUTABLE_API_SRCU_FAST | RCUTABLE_API_SRCU_NMISAFE | RCUTABLE_API_SRCU_HANDOFF | \
	 RCUTABLE_API_TASKS_TRACE | RCUTABLE_API_TASKS_RUDE)

/* What an implementation needs from the kernel or from the application,
 * as bits of rcutable_impl.requirements (.needs says the same in words). */
enum rcutable_requirement {
	RCUTABLE_NEEDS_MEMBARRIER	= 1u << 0, /* membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) */
	RCUTABLE_NEEDS_SIGNAL		= 1u << 1, /* a signal the application leaves alone */
	RCUTABLE_NEEDS_PROCFS		= 1u << 2, /* /proc/self/task */
	/* Not a need: uses membarrier() where the kernel offers it, and
	 * fences in its readers where not (so it is slower there). */
	RCUTABLE_PREFERS_MEMBARRIER	= 1u << 3,
};

struct rcutable_impl {
	const char *name;		/* "memb", "busted", "ext-liburcu-memb", ... */
	enum rcutable_flavor flavor;
	const char *summary;		/* one line: how grace periods are detected */
	bool readers_must_register;	/* false: first rcu_read_lock() registers */
	bool readers_report_qs;		/* threads must call rcu_quiescent_state() */
	bool readers_may_sleep;		/* sleeping inside a reader is allowed */
	bool is_control;		/* deliberately broken negative control */
	bool is_peer;			/* another project's, behind rcutable's API */
	/* A peer's library itself, as a program would use it without
	 * rcutable (package, pkg-config module, header, API); NULL for
	 * rcutable's own, whose rcutable-<name>.pc make install installs. */
	const char *library;
	const char *needs;		/* kernel feature or signal it needs, or "" */
	unsigned requirements;		/* the same, as enum rcutable_requirement bits */
	unsigned native;		/* enum rcutable_api bits provided natively */
	unsigned emulated;		/* bits provided by emulation in an adapter */
	/* Grace periods completed since start-up, for benchmarks (batching);
	 * NULL where the implementation cannot tell. */
	unsigned long (*gp_completed)(void);
};

/* The RCU-flavor implementation linked into this program. */
extern const struct rcutable_impl rcutable_impl_info;
/* The SRCU implementation linked into this program (rcutable/srcu.h). */
extern const struct rcutable_impl rcutable_srcu_impl_info;
/* The RCU Tasks implementation linked into this program (rcupdate_tasks.h). */
extern const struct rcutable_impl rcutable_tasks_impl_info;

/* The names of the enum rcutable_api bits set in bits ("read_side", ...),
 * space-separated, into buf of len bytes; returns buf.  The benchmarks
 * write them into their JSON, rcutable-choose prints them. */
char *rcutable_api_list(unsigned bits, char *buf, size_t len);

/* The signal that the linked RCU implementation reserves for its grace
 * periods, which the application must leave alone (RCUTABLE_NEEDS_SIGNAL:
 * rcutable-signal's, and urcu-signal's SIGUSR1), or 0 where it reserves
 * none. */
int rcutable_reserved_signal(void);

#ifdef __cplusplus
}
#endif

#endif /* RCUTABLE_IMPL_H */
