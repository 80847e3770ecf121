/* SPDX-License-Identifier: MIT */
/*
 * lib/engine/diag.h: messages, misuse aborts, environment knobs and clocks
 * shared by every implementation.
 */
#ifndef RCUTABLE_ENGINE_DIAG_H
#define RCUTABLE_ENGINE_DIAG_H

#include <stdint.h>
#include <time.h>
#include <sys/types.h>

/* "rcutable: <message>" on stderr, then abort().  For misuse and for a
 * missing kernel feature: never returns. */
__attribute__((noreturn, format(printf, 1, 2)))
void rcutable_die(const char *fmt, ...);

/* Refuses who() inside a reader (declared for the read sides in rcupdate.h). */
__attribute__((noreturn)) void rcutable_die_waits_for_itself(const char *who);

/* "rcutable: <message>" on stderr; the program goes on. */
__attribute__((format(printf, 1, 2)))
void rcutable_warn(const char *fmt, ...);

/* The value of environment variable name as a whole number, or def when it
 * is unset.  A value that is not a whole number is refused with a message. */
unsigned long rcutable_env_ulong(const char *name, unsigned long def);

/* Clock clock in nanoseconds; CLOCK_MONOTONIC's. */
uint64_t rcutable_clock_ns(clockid_t clock);
uint64_t rcutable_now_ns(void);

/* Sleep for ns nanoseconds, all of them (a signal does not cut it short). */
void rcutable_sleep_ns(uint64_t ns);

/* The calling thread's kernel thread id. */
pid_t rcutable_gettid(void);

/* Writes the name of thread tid of this process (from /proc) into buf. */
void rcutable_thread_name(pid_t tid, char *buf, size_t len);

#endif /* RCUTABLE_ENGINE_DIAG_H */
