/* SPDX-License-Identifier: MIT */
/*
 * impls/mb/rcu_impl.h: mb's inline read side.
 *
 * Readers order their counter accesses with full fences of their own, so
 * the updater needs nothing from the kernel: the baseline that works
 * everywhere, at the price of two fences per outermost section.
 */
#ifndef RCUTABLE_MB_RCU_IMPL_H
#define RCUTABLE_MB_RCU_IMPL_H

#include <rcutable/compiler.h>

/*
 * A full fence.  On x86-64 a locked add to the stack is one, and cheaper
 * than mfence on current processors (bench/bench.c measures both); the
 * slot below the stack pointer is in the red zone, so nothing live is
 * touched.  Pairs with the updater's full fences in mb.c and counter_gp.c.
 */
#if defined(__x86_64__)
#define RCUTABLE_READER_FENCE()	\
	__asm__ __volatile__("lock; addl $0,-4(%%rsp)" ::: "memory", "cc")
#else
#define RCUTABLE_READER_FENCE()	rcutable_smp_mb()
#endif

#include "counter_reader.h"

#endif /* RCUTABLE_MB_RCU_IMPL_H */
