/* SPDX-License-Identifier: MIT */
/*
 * impls/tasks/tasks_proc.h: the threads of this process and their
 * scheduling states, as procfs tells them.  Called by the RCU Tasks
 * grace period (one thread at a time); nothing here keeps state.
 */
#ifndef RCUTABLE_TASKS_PROC_H
#define RCUTABLE_TASKS_PROC_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* One reading of /proc/self/task/<tid>/status. */
struct rcutable_task_status {
	char state;			/* the State: letter: R, S, D, T, t, Z, X, I, ... */
	unsigned long nvcsw;		/* voluntary_ctxt_switches */
	unsigned long nivcsw;		/* nonvoluntary_ctxt_switches */
	char name[16];			/* Name: (the thread's comm) */
};

/*
 * Open /proc/self/task, or abort with a message saying that procfs is
 * needed and how to mount it.  who names the caller in the message.  The
 * descriptor names this process's directory: a child of fork() opens its
 * own.
 */
int rcutable_tasks_proc_open(const char *who);

/*
 * The thread ids in dirfd (from rcutable_tasks_proc_open()), read by one
 * getdents64() call, into *tids (grown with realloc; *cap its size);
 * returns how many.  The kernel walks the thread list once for that call;
 * the walk ends early only after a thread that exited while it was being
 * listed, and that thread is then the last one listed: a list whose last
 * thread is found alive afterwards is complete.
 */
size_t rcutable_tasks_proc_list(int dirfd, pid_t **tids, size_t *cap);

/*
 * Read thread tid's status through dirfd.  False if the thread has exited
 * (its directory is gone, or it is no longer attached to its pid); aborts
 * with a message on a status file it cannot parse.
 */
bool rcutable_tasks_proc_status(int dirfd, pid_t tid, struct rcutable_task_status *st);

/* A thread in this state runs no code of its own now: blocked in the
 * kernel (S, D, I), or exiting (Z, X).  R and the stopped states (T, t)
 * are not. */
static inline bool rcutable_tasks_state_blocked(char state)
{
	return state == 'S' || state == 'D' || state == 'I' || state == 'Z' ||
	       state == 'X' || state == 'P';
}

/* Stopped by a signal or a tracer: anywhere in its code, to resume there. */
static inline bool rcutable_tasks_state_stopped(char state)
{
	return state == 'T' || state == 't';
}

#endif /* RCUTABLE_TASKS_PROC_H */
