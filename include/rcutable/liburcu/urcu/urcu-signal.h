/* SPDX-License-Identifier: MIT */
/*
 * urcu/urcu-signal.h (rcutable/liburcu/): liburcu's urcu-signal flavor, its
 * urcu_signal_* names and the plain ones, over the rcutable implementation
 * the program is built for (urcu/rcutable-flavor.h).
 */
#ifndef RCUTABLE_LIBURCU_URCU_SIGNAL_H
#define RCUTABLE_LIBURCU_URCU_SIGNAL_H

#define RCUTABLE_LIBURCU_FLAVOR signal
#include <urcu/rcutable-flavor.h>
#undef RCUTABLE_LIBURCU_FLAVOR

#endif /* RCUTABLE_LIBURCU_URCU_SIGNAL_H */
