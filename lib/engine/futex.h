/* SPDX-License-Identifier: MIT */
/*
 * lib/engine/futex.h: process-private futex wait and wake.
 */
#ifndef RCUTABLE_ENGINE_FUTEX_H
#define RCUTABLE_ENGINE_FUTEX_H

#include <errno.h>
#include <linux/futex.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/*
 * Sleep while *word == val, for at most timeout_ns (0: no limit).  Returns
 * at once if *word != val; may return early (signals, spurious wake-ups):
 * callers recheck their condition.  The kernel's check of *word against val
 * is atomic with the sleep, so a waker that changes *word before calling
 * rcutable_futex_wake() is never missed.
 */
static inline void rcutable_futex_wait(int *word, int val, uint64_t timeout_ns)
{
	struct timespec ts, *tsp = NULL;

	if (timeout_ns) {
		ts.tv_sec = (time_t)(timeout_ns / 1000000000u);
		ts.tv_nsec = (long)(timeout_ns % 1000000000u);
		tsp = &ts;
	}
	syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, val, tsp, NULL, 0);
}

/* Wake up to n threads sleeping on word. */
static inline void rcutable_futex_wake(int *word, int n)
{
	syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, n, NULL, NULL, 0);
}

#endif /* RCUTABLE_ENGINE_FUTEX_H */
