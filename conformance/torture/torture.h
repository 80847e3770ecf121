/* SPDX-License-Identifier: MIT */
/*
 * conformance/torture/torture.h: the torture test's flavor operations.
 *
 * torture.c runs the test the same way for every flavor: a writer
 * publishes elements and ages each one it replaces through a pipeline of
 * grace periods; readers hold (nested, delayed, preempted) sections and
 * record how far down that pipeline the element they hold has gone by the
 * end of the section.  A flavor (torture_rcu.c, torture_srcu.c,
 * torture_tasks.c) supplies its markers and update-side primitives here.
 */
#ifndef RCUTABLE_CONFORMANCE_TORTURE_H
#define RCUTABLE_CONFORMANCE_TORTURE_H

#include <stdbool.h>
#include <rcutable/impl.h>
#include <rcutable/types.h>

/* The pipeline: stage 0 is the published element, 1 a replaced one whose
 * first grace period has not ended, 1 + k one that k grace periods (each
 * begun after the last) have passed.  At TORTURE_PIPE_LEN it is freed.  A
 * reader that ends its section holding an element at stage 2 or more held
 * it across a whole grace period: the flavor failed. */
#define TORTURE_PIPE_LEN	10
#define TORTURE_MAX_DOMAINS	4

struct torture_elem {
	int stage;
	int live;			/* 1 from publication until freed, then 0 */
	/* Written plainly by the writer before publication and by the free,
	 * read plainly by readers: what ThreadSanitizer checks (a reader's
	 * read and the free's write with no grace period between are a race). */
	unsigned long payload;
	int domain;
	unsigned long cookie;		/* on a polled retire list: its state */
	struct rcu_head rh;
	struct torture_elem *next;	/* on a retire list or the free pool */
};

/* A grace-period wait the writer and the fake writers choose among. */
struct torture_wait {
	const char *name;
	void (*wait)(int domain);
};

struct torture_ops {
	const char *flavor;		/* "rcu", "srcu", "tasks" */
	const struct rcutable_impl *info;	/* the implementation's descriptor */
	int domains;			/* independent domains (SRCU), else 1 */
	bool nests;			/* sections nest */
	bool may_sleep;			/* a section may sleep */
	bool no_syscalls;		/* a section may make no system call (Tasks) */

	void (*thread_start)(void);	/* every thread of the test, first */
	void (*thread_stop)(void);
	/* Open and close a section of domain; lock returns what unlock takes. */
	int (*read_lock)(int domain);
	void (*read_unlock)(int domain, int token);
	struct torture_elem *(*deref)(int domain);
	/* Between a reader's sections, and around its sleeps (QSBR). */
	void (*quiescent)(void);
	void (*offline)(void);
	void (*online)(void);

	struct torture_wait waits[3];	/* the synchronous grace periods */
	int nwaits;
	/* Polled grace periods, or NULL. */
	unsigned long (*get_state)(int domain);
	bool (*poll_state)(int domain, unsigned long cookie);
	void (*call)(int domain, struct rcu_head *head, rcu_callback_t func);
	void (*wait_callbacks)(int domain);	/* the barrier */
	void (*publish)(int domain, struct torture_elem *e);	/* rcu_assign_pointer */
};

extern const struct torture_ops torture_ops;

#endif /* RCUTABLE_CONFORMANCE_TORTURE_H */
