/* SPDX-License-Identifier: MIT */
/*
 * urcu/urcu.h (rcutable/liburcu/): liburcu's default flavor header: memb,
 * or the one RCU_SIGNAL or RCU_MB names, as liburcu's.
 */
#ifndef RCUTABLE_LIBURCU_URCU_URCU_H
#define RCUTABLE_LIBURCU_URCU_URCU_H

#if defined(RCU_SIGNAL)
#include <urcu/urcu-signal.h>
#elif defined(RCU_MB)
#include <urcu/urcu-mb.h>
#else
#include <urcu/urcu-memb.h>
#endif

#endif /* RCUTABLE_LIBURCU_URCU_URCU_H */
