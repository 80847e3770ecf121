/* SPDX-License-Identifier: MIT */
/*
 * impls/tasks/tasks_proc.c: see tasks_proc.h.
 *
 * Which files: stat for the state, the task flags (the kernel's own
 * workers) and the page faults; syscall, for a blocked thread, for whether
 * it is inside a system call; status for the voluntary switches (the
 * thread blocked), counted apart from the involuntary ones (it was
 * preempted), which schedstat does not separate; schedstat for the CPU
 * time.
 *
 * Why one getdents64() call: the kernel lists /proc/self/task by walking
 * the thread list from the group leader, one thread after the other.  A
 * later call resumes from the thread the previous one stopped at, or, if
 * that thread has exited, by counting threads from the leader, which skips
 * one for each thread that exited before it.  One call avoids that; yet
 * even one call's walk ends early when it steps onto a thread that has
 * just exited, and the thread it ends on need not be the last one listed
 * (an exited thread is not listed).  Completeness is the caller's to
 * check, against the thread count.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <rcutable/compiler.h>
#include "engine/diag.h"
#include "engine/membarrier.h"
#include "tasks_proc.h"

#define TASKS_PROC_DIR	"/proc/self/task"
/* The largest entry a thread id makes in a getdents64() buffer. */
#define PROC_DIRENT_MAX	64

int rcutable_tasks_proc_open(const char *who)
{
	int fd = open(TASKS_PROC_DIR, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		rcutable_die("%s: RCU Tasks reads each thread's state from "
			     TASKS_PROC_DIR "/<tid>/, and " TASKS_PROC_DIR
			     " cannot be opened (%s): procfs must be mounted at "
			     "/proc (mount -t proc proc /proc)", who, strerror(errno));
	return fd;
}

/* The directory in one call into *buf (grown until the call leaves room
 * for another entry, so that its walk ended by itself); returns the bytes
 * read. */
static size_t proc_read_dir(int dirfd, char **buf, size_t *len)
{
	for (;;) {
		ssize_t n;

		if (lseek(dirfd, 0, SEEK_SET) < 0)
			rcutable_die("RCU Tasks: lseek(" TASKS_PROC_DIR "): %s",
				     strerror(errno));
		n = getdents64(dirfd, *buf, *len);
		if (n < 0)
			rcutable_die("RCU Tasks: reading " TASKS_PROC_DIR ": %s",
				     strerror(errno));
		if ((size_t)n + PROC_DIRENT_MAX <= *len)
			return (size_t)n;
		/* Perhaps full: a larger buffer, from the start. */
		*len *= 2;
		*buf = realloc(*buf, *len);
		if (!*buf)
			rcutable_die("RCU Tasks: no memory to list the threads");
	}
}

size_t rcutable_tasks_proc_list(int dirfd, pid_t **tids, size_t *cap)
{
	static __thread char *buf;	/* each grace period's thread its own */
	static __thread size_t len;
	size_t n = 0, bytes, off;

	if (!buf) {
		len = 32768;	/* about a thousand threads */
		buf = malloc(len);
		if (!buf)
			rcutable_die("RCU Tasks: no memory to list the threads");
	}
	bytes = proc_read_dir(dirfd, &buf, &len);
	for (off = 0; off < bytes;) {
		struct dirent64 *d = (struct dirent64 *)(buf + off);
		char *end;
		long tid = strtol(d->d_name, &end, 10);

		off += d->d_reclen;
		if (end == d->d_name || *end || tid <= 0)
			continue;	/* "." and ".." */
		if (n == *cap) {
			*cap = *cap ? *cap * 2 : 64;
			*tids = realloc(*tids, *cap * sizeof(**tids));
			if (!*tids)
				rcutable_die("RCU Tasks: no memory to list the threads");
		}
		(*tids)[n++] = (pid_t)tid;
	}
	return n;
}

static int cmp_tid(const void *a, const void *b)
{
	pid_t x = *(const pid_t *)a, y = *(const pid_t *)b;

	return (x > y) - (x < y);
}

/* A list of the threads, sorted, into *l; also added to *seen. */
static void list_sorted(int dirfd, struct rcutable_tid_list *l, struct rcutable_tid_list *seen)
{
	l->n = rcutable_tasks_proc_list(dirfd, &l->tid, &l->cap);
	qsort(l->tid, l->n, sizeof(*l->tid), cmp_tid);
	if (seen->n + l->n > seen->cap) {
		seen->cap = 2 * (seen->n + l->n);
		seen->tid = realloc(seen->tid, seen->cap * sizeof(*seen->tid));
		if (!seen->tid)
			rcutable_die("RCU Tasks: no memory to list the threads");
	}
	memcpy(seen->tid + seen->n, l->tid, l->n * sizeof(*l->tid));
	seen->n += l->n;
}

/* How many tids two sorted lists share. */
static size_t tids_in_both(const struct rcutable_tid_list *a, const struct rcutable_tid_list *b)
{
	size_t i = 0, j = 0, both = 0;

	while (i < a->n && j < b->n) {
		if (a->tid[i] < b->tid[j])
			i++;
		else if (a->tid[i] > b->tid[j])
			j++;
		else
			both++, i++, j++;
	}
	return both;
}

/*
 * A list may miss a thread that existed all along (tasks_proc.h), so lists
 * are taken until one is shown complete: list, read the thread count N,
 * list again.  A thread in both lists existed before N was read and after,
 * so at that instant; if N threads are in both, they are all the threads
 * of that instant, and every thread that existed before the first list and
 * had not exited by then was listed.  (A tid in both could name two
 * threads, one that exited and one created after it, only if the kernel's
 * thread ids wrapped around in those microseconds.)  Otherwise a thread
 * was created or exited in between, and the second list serves as the
 * first of another try.  Every thread in any list is returned: one created
 * meanwhile is only waited for too.
 */
size_t rcutable_tasks_proc_list_all(int dirfd, struct rcutable_tid_set *set)
{
	struct rcutable_tid_list *before = &set->lists[0], *after = &set->lists[1], *swap;
	struct rcutable_tid_list *seen = &set->all;
	size_t count, i, n;

	seen->n = 0;
	list_sorted(dirfd, before, seen);
	for (;;) {
		count = rcutable_tasks_proc_thread_count(dirfd);
		list_sorted(dirfd, after, seen);
		if (tids_in_both(before, after) >= count)
			break;
		swap = before, before = after, after = swap;
	}
	qsort(seen->tid, seen->n, sizeof(*seen->tid), cmp_tid);
	for (i = n = 0; i < seen->n; i++)
		if (i == 0 || seen->tid[i] != seen->tid[i - 1])
			seen->tid[n++] = seen->tid[i];
	return seen->n = n;
}

/* The value after "key:" at the start of a line of text, or NULL. */
static const char *proc_field(const char *text, const char *key)
{
	size_t klen = strlen(key);
	const char *p = text;

	for (;;) {
		if (strncmp(p, key, klen) == 0 && p[klen] == ':')
			return p + klen + 1 + strspn(p + klen + 1, " \t");
		p = strchr(p, '\n');
		if (!p)
			return NULL;
		p++;
	}
}

static void proc_bad_status(pid_t tid, const char *what)
{
	rcutable_die("RCU Tasks: " TASKS_PROC_DIR "/%d/status has no %s line "
		     "(Linux 2.6.23 and later have it)", (int)tid, what);
}

/* The whole of a small procfs file into text (NUL-terminated); false if
 * the file is gone (its thread has exited). */
static bool proc_read_file(int dirfd, const char *path, char *text, size_t len)
{
	size_t got = 0;
	ssize_t n = 0;
	int fd = openat(dirfd, path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		if (errno == ENOENT || errno == ESRCH)
			return false;	/* exited */
		rcutable_die("RCU Tasks: cannot open " TASKS_PROC_DIR "/%s: %s",
			     path, strerror(errno));
	}
	while (got < len - 1 && (n = read(fd, text + got, len - 1 - got)) > 0)
		got += (size_t)n;
	if (got == 0 && n < 0 && errno != ESRCH)
		rcutable_die("RCU Tasks: reading " TASKS_PROC_DIR "/%s: %s",
			     path, strerror(errno));
	close(fd);
	text[got] = '\0';
	return got > 0;		/* empty: exited after the open (ESRCH) */
}


/* Read tid's file `what` into text; false if the thread has exited. */
static bool proc_read_task_file(int dirfd, pid_t tid, const char *what,
				char *text, size_t len)
{
	char path[48];

	snprintf(path, sizeof(path), "%d/%s", (int)tid, what);
	return proc_read_file(dirfd, path, text, len);
}

bool rcutable_tasks_proc_stat(int dirfd, pid_t tid, struct rcutable_task_status *st)
{
	char text[1024], state;
	unsigned long flags, minflt, majflt;
	const char *p;

	if (!proc_read_task_file(dirfd, tid, "stat", text, sizeof(text)))
		return false;
	/* "tid (comm) state ppid pgrp session tty tpgid flags minflt cminflt
	 * majflt ...": comm may hold spaces and parentheses, so from the last
	 * ')'. */
	p = strrchr(text, ')');
	if (!p || sscanf(p + 1, " %c %*d %*d %*d %*d %*d %lu %lu %*u %lu",
			 &state, &flags, &minflt, &majflt) != 4)
		rcutable_die("RCU Tasks: cannot parse " TASKS_PROC_DIR "/%d/stat: %.80s",
			     (int)tid, text);
	st->state = state;
	st->flags = flags;
	st->faults = minflt + majflt;
	return true;
}

bool rcutable_tasks_proc_status(int dirfd, pid_t tid, struct rcutable_task_status *st)
{
	char text[16384];
	const char *v;

	if (!proc_read_task_file(dirfd, tid, "status", text, sizeof(text)))
		return false;
	if (!(v = proc_field(text, "Name")))
		proc_bad_status(tid, "Name:");
	snprintf(st->name, sizeof(st->name), "%.*s", (int)strcspn(v, "\n"), v);
	if (!(v = proc_field(text, "voluntary_ctxt_switches")))
		proc_bad_status(tid, "voluntary_ctxt_switches:");
	st->nvcsw = strtoul(v, NULL, 10);
	return true;
}

bool rcutable_tasks_proc_signal(int dirfd, pid_t tid, int sig, bool *pending, bool *blocked)
{
	char text[16384];
	const char *pnd, *blk;
	unsigned long long bit = 1ull << (sig - 1);

	if (!proc_read_task_file(dirfd, tid, "status", text, sizeof(text)))
		return false;
	if (!(pnd = proc_field(text, "SigPnd")))
		proc_bad_status(tid, "SigPnd:");
	if (!(blk = proc_field(text, "SigBlk")))
		proc_bad_status(tid, "SigBlk:");
	*pending = strtoull(pnd, NULL, 16) & bit;
	*blocked = strtoull(blk, NULL, 16) & bit;
	return true;
}

bool rcutable_tasks_proc_schedstat(int dirfd, pid_t tid, struct rcutable_task_status *st)
{
	char text[256];

	if (!proc_read_task_file(dirfd, tid, "schedstat", text, sizeof(text)))
		return false;
	st->run_ns = strtoull(text, NULL, 10);
	return true;
}

/*
 * The file holds "running" unless the thread is blocked; then the number of
 * the system call it is in, or -1 if it entered the kernel otherwise (a
 * fault, an interrupt), then the call's arguments, stack and program
 * counter.  Reading it needs what ptrace needs, which a thread of the same
 * process has.
 */
enum rcutable_task_blocked_in rcutable_tasks_proc_blocked_in(int dirfd, pid_t tid)
{
	char text[256];
	char *end;
	long nr;

	if (!proc_read_task_file(dirfd, tid, "syscall", text, sizeof(text)))
		return RCUTABLE_TASK_NOT_BLOCKED;	/* exited: checked again */
	if (strncmp(text, "running", 7) == 0)
		return RCUTABLE_TASK_NOT_BLOCKED;
	nr = strtol(text, &end, 10);
	if (end == text)
		rcutable_die("RCU Tasks: cannot parse " TASKS_PROC_DIR "/%d/syscall: "
			     "%.80s", (int)tid, text);
	return nr >= 0 ? RCUTABLE_TASK_IN_SYSCALL : RCUTABLE_TASK_IN_FAULT_OR_TRAP;
}

size_t rcutable_tasks_proc_thread_count(int dirfd)
{
	char text[16384];
	const char *v;

	if (!proc_read_file(dirfd, "../status", text, sizeof(text)) ||
	    !(v = proc_field(text, "Threads")))
		rcutable_die("RCU Tasks: /proc/self/status has no Threads: line");
	return strtoul(v, NULL, 10);
}

void rcutable_tasks_fence_every_thread(void)
{
	if (rcutable_membarrier_try_all())
		return;
#if defined(__x86_64__) || defined(__i386__)
	rcutable_smp_mb();
#else
	rcutable_die("RCU Tasks needs membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) "
		     "(Linux 4.14 or later) on this architecture, to order the "
		     "accesses of the threads it saw blocked");
#endif
}

void rcutable_tasks_stats_read(const struct rcutable_tasks_stats *from,
			       struct rcutable_tasks_stats *to)
{
	/* Acquire: pairs with rcutable_tasks_stat_inc_release(). */
	to->gp_ended = __atomic_load_n(&from->gp_ended, __ATOMIC_ACQUIRE);
	to->rechecks = __atomic_load_n(&from->rechecks, __ATOMIC_ACQUIRE);
	to->gp_begun = __atomic_load_n(&from->gp_begun, __ATOMIC_ACQUIRE);
	to->holdouts = __atomic_load_n(&from->holdouts, __ATOMIC_RELAXED);
	to->stall_warnings = __atomic_load_n(&from->stall_warnings, __ATOMIC_RELAXED);
	to->gp_cpu_ns = __atomic_load_n(&from->gp_cpu_ns, __ATOMIC_RELAXED);
}

#define HOLDOUT_RECHECK_MAX_NS	16000000u	/* 16 ms */

void rcutable_tasks_wait_holdouts(int dirfd, const size_t *nh, uint64_t first_ns,
				 uint64_t stall_ns, struct rcutable_tasks_stats *stats,
				 void (*recheck)(int dirfd),
				 void (*warn)(int dirfd, uint64_t waited_ns))
{
	uint64_t wait = first_ns, start, warned, now;

	rcutable_tasks_stat_set(&stats->holdouts, *nh);
	rcutable_tasks_stat_inc_release(&stats->gp_begun);
	start = warned = rcutable_now_ns();
	while (*nh) {
		rcutable_sleep_ns(wait);
		wait = wait * 2 < HOLDOUT_RECHECK_MAX_NS ? wait * 2 : HOLDOUT_RECHECK_MAX_NS;
		recheck(dirfd);
		rcutable_tasks_stat_set(&stats->holdouts, *nh);
		rcutable_tasks_stat_inc_release(&stats->rechecks);
		now = rcutable_now_ns();
		if (*nh && stall_ns && now - warned >= stall_ns) {
			warn(dirfd, now - start);
			rcutable_tasks_stat_set(&stats->stall_warnings, stats->stall_warnings + 1);
			warned = now;
		}
	}
}
