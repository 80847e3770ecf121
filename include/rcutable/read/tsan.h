/* SPDX-License-Identifier: MIT */
/*
 * rcutable/read/tsan.h: what ThreadSanitizer cannot see for itself.  A grace
 * period orders every section it waited for before the updater's later
 * accesses through fences and membarrier() (or signals), which TSan does
 * not model; these annotations state that edge on one synchronization
 * address per flavor: each outermost rcu_read_unlock() (or quiescent
 * state) releases it, each grace period's end acquires it.  Compiled to
 * nothing without -fsanitize=thread.  Installed.
 */
#ifndef RCUTABLE_READ_TSAN_H
#define RCUTABLE_READ_TSAN_H

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__SANITIZE_THREAD__)
void __tsan_acquire(void *addr);
void __tsan_release(void *addr);
#define rcutable_tsan_release(addr)	__tsan_release((void *)(addr))
#define rcutable_tsan_acquire(addr)	__tsan_acquire((void *)(addr))
#else
#define rcutable_tsan_release(addr)	((void)(addr))
#define rcutable_tsan_acquire(addr)	((void)(addr))
#endif

#ifdef __cplusplus
}
#endif

#endif /* RCUTABLE_READ_TSAN_H */
