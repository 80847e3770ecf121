/* SPDX-License-Identifier: MIT */
/*
 * rcutable/container_of.h: container_of(), as the kernel's
 * <linux/container_of.h> has it; rcupdate.h and list.h include it, so
 * that a callback finds its object with either alone, as in the kernel.
 * A program's own container_of is kept.
 */
#ifndef RCUTABLE_CONTAINER_OF_H
#define RCUTABLE_CONTAINER_OF_H

#include <stddef.h>

/* The object of type `type` whose member `member` is at ptr. */
#define rcutable_container_of(ptr, type, member)			\
	((type *)(void *)((char *)(ptr) - offsetof(type, member)))
#ifndef container_of
#define container_of(ptr, type, member)	rcutable_container_of(ptr, type, member)
#endif

#endif /* RCUTABLE_CONTAINER_OF_H */
