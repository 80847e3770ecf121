/* SPDX-License-Identifier: MIT */
/*
 * lib/control/busted_reader.h: the read side of the negative controls
 * busted and busted-defer.
 *
 * It tracks nesting (so the validation primitives answer truthfully)
 * but its grace periods wait for nothing: the conformance suite must fail
 * on it.  Never use it for anything else.
 */
#ifndef RCUTABLE_CONTROL_BUSTED_READER_H
#define RCUTABLE_CONTROL_BUSTED_READER_H

#include <stdbool.h>
#include <rcutable/compiler.h>

extern __thread unsigned long rcutable_busted_nesting;

static inline void rcu_read_lock(void)
{
	rcutable_busted_nesting++;
	rcutable_barrier();
}

static inline void rcu_read_unlock(void)
{
	rcutable_barrier();
	rcutable_busted_nesting--;
}

static inline bool rcu_read_lock_held(void) { return rcutable_busted_nesting != 0; }
#include <rcutable/read/no_qs_reader.h>

#define RCUTABLE_READERS_REPORT_QS	0
/* The control refuses nothing. */
static inline bool rcutable_reader_in_section(void) { return false; }

#endif /* RCUTABLE_CONTROL_BUSTED_READER_H */
