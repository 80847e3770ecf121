/* SPDX-License-Identifier: MIT */
/*
 * conformance/harness.h: what every conformance suite shares, RCU or SRCU:
 * flags between threads, waits, threads, and children whose abort and
 * messages a test checks.  Nothing here uses an RCU flavor.
 */
#ifndef RCUTABLE_CONFORMANCE_HARNESS_H
#define RCUTABLE_CONFORMANCE_HARNESS_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <criterion/criterion.h>

/* Atomic flag helpers. */
static inline int flag_get(const int *f) { return __atomic_load_n(f, __ATOMIC_SEQ_CST); }
static inline void flag_set(int *f, int v) { __atomic_store_n(f, v, __ATOMIC_SEQ_CST); }

/* Wait up to timeout_ms for *f == v, sleeping; true if it came.  The
 * _in_reader names say that nothing is done about the caller's readers
 * (helpers.h has the forms that take a QSBR thread offline). */
bool flag_wait_in_reader(const int *f, int v, unsigned timeout_ms);
void sleep_ms_in_reader(unsigned ms);

pthread_t spawn(void *(*fn)(void *), void *arg);

/*
 * Run fn(arg) in a forked child with stderr captured; returns the child's
 * wait status and copies its stderr into out (NUL-terminated).  The child
 * may set environment variables first (it starts with no rcutable state).
 */
int run_child(void (*fn)(void *), void *arg, char *out, size_t outlen);

/* Assert that fn(arg) aborts (SIGABRT) with a message containing needle. */
void expect_abort(void (*fn)(void *), void *arg, const char *needle);

/* Make system call nr fail with ENOSYS in this process from now on (a
 * seccomp filter): a kernel without it. */
void deny_syscall(long nr);

/* Run fn(arg) in this process with stderr captured into out. */
void capture_stderr(void (*fn)(void *), void *arg, char *out, size_t outlen);

#endif /* RCUTABLE_CONFORMANCE_HARNESS_H */
