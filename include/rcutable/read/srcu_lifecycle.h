/* SPDX-License-Identifier: MIT */
/*
 * rcutable/read/srcu_lifecycle.h: the life of an SRCU domain, as every SRCU
 * implementation (rcutable's and the ck_epoch peer's) records it in its
 * struct srcu_struct, and the one refusal of a domain not in use.
 * Installed.
 */
#ifndef RCUTABLE_READ_SRCU_LIFECYCLE_H
#define RCUTABLE_READ_SRCU_LIFECYCLE_H

#ifdef __cplusplus
extern "C" {
#endif

enum rcutable_srcu_state {
	RCUTABLE_SRCU_UNINITIALIZED = 0,	/* zeroed memory, never initialized */
	RCUTABLE_SRCU_READY = 0x53524355,
	RCUTABLE_SRCU_CLEANED_UP = 0x44454144,
};

/*
 * Aborts with a message naming who (the primitive called) unless ssp is a
 * domain in use: NULL, never initialized, or cleaned up.  state and name
 * are ssp's (ignored when ssp is NULL).  srcu_lifecycle.c.
 */
void rcutable_srcu_check_state(const void *ssp, int state, const char *name,
			       const char *who);

#ifdef __cplusplus
}
#endif

#endif /* RCUTABLE_READ_SRCU_LIFECYCLE_H */
