/* SPDX-License-Identifier: MIT */
/*
 * impls/tasks/tasks_proc.c: see tasks_proc.h.
 *
 * Why status and not schedstat: /proc/self/task/<tid>/schedstat counts
 * every time the thread was put on a CPU, preemptions included; status
 * counts voluntary switches (the thread blocked) apart from involuntary
 * ones (it was preempted), and only the first end a region.
 *
 * Why one getdents64() call: the kernel lists /proc/self/task by walking
 * the thread list from the group leader, one thread after the other,
 * holding a reference to the thread just listed.  A later call resumes
 * from the thread the previous one stopped at, or, if that thread has
 * exited, by counting threads from the leader, which skips one for each
 * thread that exited before it.  Within one call, the step from a thread
 * to the next is taken only if that thread is still attached to its pid;
 * otherwise the walk ends there, early.  So a list read in one call is
 * complete unless its last thread exited while it was listed, which the
 * caller sees when that thread's status cannot be read.  A thread added
 * while the walk runs may be missed: it was created after the walk began.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "tasks_proc.h"

#define TASKS_PROC_DIR	"/proc/self/task"

int rcutable_tasks_proc_open(const char *who)
{
	int fd = open(TASKS_PROC_DIR, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		rcutable_die("%s(): RCU Tasks reads each thread's state from "
			     TASKS_PROC_DIR "/<tid>/status, and " TASKS_PROC_DIR
			     " cannot be opened (%s): procfs must be mounted at "
			     "/proc (mount -t proc proc /proc)", who, strerror(errno));
	return fd;
}

/* The whole directory in one call into *buf (grown as needed); returns
 * the bytes read. */
static size_t proc_read_dir(int dirfd, char **buf, size_t *len)
{
	for (;;) {
		ssize_t n, more;

		if (lseek(dirfd, 0, SEEK_SET) < 0)
			rcutable_die("RCU Tasks: lseek(" TASKS_PROC_DIR "): %s",
				     strerror(errno));
		n = getdents64(dirfd, *buf, *len);
		if (n >= 0)
			more = getdents64(dirfd, *buf + n, *len - (size_t)n);
		if (n < 0 || more < 0)
			rcutable_die("RCU Tasks: reading " TASKS_PROC_DIR ": %s",
				     strerror(errno));
		if (more == 0)
			return (size_t)n;
		/* The first call filled the buffer: a larger one, from the start. */
		*len *= 2;
		*buf = realloc(*buf, *len);
		if (!*buf)
			rcutable_die("RCU Tasks: no memory to list the threads");
	}
}

size_t rcutable_tasks_proc_list(int dirfd, pid_t **tids, size_t *cap)
{
	static __thread char *buf;
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

bool rcutable_tasks_proc_status(int dirfd, pid_t tid, struct rcutable_task_status *st)
{
	char path[32], text[16384];
	const char *v;
	size_t got = 0;
	ssize_t n = 0;
	int fd;

	snprintf(path, sizeof(path), "%d/status", (int)tid);
	fd = openat(dirfd, path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		if (errno == ENOENT || errno == ESRCH)
			return false;	/* exited */
		rcutable_die("RCU Tasks: cannot open " TASKS_PROC_DIR "/%s: %s",
			     path, strerror(errno));
	}
	while (got < sizeof(text) - 1 &&
	       (n = read(fd, text + got, sizeof(text) - 1 - got)) > 0)
		got += (size_t)n;
	if (got == 0 && n < 0 && errno != ESRCH)
		rcutable_die("RCU Tasks: reading " TASKS_PROC_DIR "/%s: %s",
			     path, strerror(errno));
	close(fd);
	if (got == 0)
		return false;	/* exited after the open: ESRCH */
	text[got] = '\0';

	if (!(v = proc_field(text, "Name")))
		proc_bad_status(tid, "Name:");
	snprintf(st->name, sizeof(st->name), "%.*s", (int)strcspn(v, "\n"), v);
	if (!(v = proc_field(text, "State")))
		proc_bad_status(tid, "State:");
	st->state = *v;
	if (!(v = proc_field(text, "voluntary_ctxt_switches")))
		proc_bad_status(tid, "voluntary_ctxt_switches:");
	st->nvcsw = strtoul(v, NULL, 10);
	if (!(v = proc_field(text, "nonvoluntary_ctxt_switches")))
		proc_bad_status(tid, "nonvoluntary_ctxt_switches:");
	st->nivcsw = strtoul(v, NULL, 10);
	return true;
}
