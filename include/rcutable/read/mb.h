/* SPDX-License-Identifier: MIT */
/*
 * rcutable/read/mb.h: mb's inline read side.
 *
 * Readers order their counter accesses with full fences of their own, so
 * the updater needs nothing from the kernel: the baseline that works
 * everywhere, at the price of two fences per outermost section.
 */
#ifndef RCUTABLE_READ_MB_H
#define RCUTABLE_READ_MB_H

#include <rcutable/compiler.h>

/* A full fence (on x86-64 a locked add, see rcutable/compiler.h).  Pairs
 * with the updater's full fences in mb.c and counter_gp.c. */
#define RCUTABLE_READER_FENCE()	rcutable_smp_mb()

#include <rcutable/read/counter_reader.h>

#endif /* RCUTABLE_READ_MB_H */
