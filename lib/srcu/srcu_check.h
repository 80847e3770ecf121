/* SPDX-License-Identifier: MIT */
/*
 * lib/srcu/srcu_check.h: misuse checks of the SRCU update side that
 * need the checking build's record of open sections (srcu_check.c).
 */
#ifndef RCUTABLE_SRCU_SRCU_CHECK_H
#define RCUTABLE_SRCU_SRCU_CHECK_H

#include <rcutable/read/srcu_state.h>

/* Refuses who(ssp) (a grace-period wait) on a thread inside a reader of
 * ssp; does nothing in a release build. */
#ifdef RCUTABLE_DEBUG
void rcutable_srcu_refuse_wait_inside(const struct srcu_struct *ssp, const char *who);
#else
static inline void rcutable_srcu_refuse_wait_inside(const struct srcu_struct *ssp,
						    const char *who)
{
	(void)ssp; (void)who;
}
#endif

#endif /* RCUTABLE_SRCU_SRCU_CHECK_H */
