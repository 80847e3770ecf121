/* SPDX-License-Identifier: MIT */
/*
 * urcu/urcu-qsbr.h (rcutable/liburcu/): liburcu's urcu-qsbr flavor, its
 * urcu_qsbr_* names and the plain ones, over the rcutable implementation
 * the program is built for (urcu/rcutable-flavor.h).
 */
#ifndef RCUTABLE_LIBURCU_URCU_QSBR_H
#define RCUTABLE_LIBURCU_URCU_QSBR_H

#define RCUTABLE_LIBURCU_FLAVOR qsbr
#include <urcu/rcutable-flavor.h>
#undef RCUTABLE_LIBURCU_FLAVOR

#endif /* RCUTABLE_LIBURCU_URCU_QSBR_H */
