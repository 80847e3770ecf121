/* SPDX-License-Identifier: MIT */
/*
 * urcu/urcu-poll.h (rcutable/liburcu/): the cookie of liburcu 0.14's
 * polled grace periods (start_poll_synchronize_rcu(),
 * poll_state_synchronize_rcu(): urcu/rcutable-urcu.h).  Found before
 * liburcu-dev's own, which 0.13 lacks; it keeps liburcu's guard, by which
 * a program tells that the polled API is there.
 */
#ifndef _URCU_POLL_H
#define _URCU_POLL_H

struct urcu_gp_poll_state {
	unsigned long grace_period_id;
};

#endif /* _URCU_POLL_H */
