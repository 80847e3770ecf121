/* SPDX-License-Identifier: MIT */
/*
 * lib/engine/diag.c: see diag.h.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <execinfo.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

#include <rcutable/lockdep.h>
#include "engine/diag.h"

static void vsay(const char *fmt, va_list ap)
{
	char buf[512];

	vsnprintf(buf, sizeof(buf), fmt, ap);
	/* One write, so that concurrent messages do not interleave. */
	fprintf(stderr, "rcutable: %s\n", buf);
	fflush(stderr);
}

/*
 * Abort with the message, and the call chain that led here, so that the
 * call site can be found: each frame as its binary, offset and address
 * (addr2line -f -e BINARY OFFSET names the function and line).
 */
void rcutable_die(const char *fmt, ...)
{
	void *frames[32];
	va_list ap;
	int n;

	va_start(ap, fmt);
	vsay(fmt, ap);
	va_end(ap);
	n = backtrace(frames, 32);
	if (n > 1) {
		fputs("rcutable: called from (addr2line -f -e BINARY OFFSET for the line):\n",
		      stderr);
		backtrace_symbols_fd(frames + 1, n - 1, 2);
	}
	abort();
}

void rcutable_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay(fmt, ap);
	va_end(ap);
}

void rcutable_die_waits_for_itself(const char *who)
{
	rcutable_die("%s() inside an RCU read-side critical section: it would "
		     "wait for itself", who);
}

void rcutable_lockdep_warn(const char *file, int line, const char *what)
{
	rcutable_warn("%s:%d: %s", file, line, what);
}

unsigned long rcutable_env_ulong(const char *name, unsigned long def)
{
	const char *s = getenv(name);
	char *end;
	unsigned long v;

	if (!s || !*s)
		return def;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || *end || *s == '-')
		rcutable_die("%s=\"%s\": expected a whole number", name, s);
	return v;
}

uint64_t rcutable_clock_ns(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t rcutable_now_ns(void)
{
	return rcutable_clock_ns(CLOCK_MONOTONIC);
}

void rcutable_sleep_ns(uint64_t ns)
{
	struct timespec ts = { .tv_sec = (time_t)(ns / 1000000000u),
			       .tv_nsec = (long)(ns % 1000000000u) };

	while (nanosleep(&ts, &ts))
		;
}

pid_t rcutable_gettid(void)
{
	return (pid_t)syscall(SYS_gettid);
}

void rcutable_thread_name(pid_t tid, char *buf, size_t len)
{
	char path[64];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/task/%d/comm", (int)tid);
	f = fopen(path, "r");
	if (!f || !fgets(buf, (int)len, f))
		snprintf(buf, len, "?");
	else
		buf[strcspn(buf, "\n")] = '\0';
	if (f)
		fclose(f);
}
