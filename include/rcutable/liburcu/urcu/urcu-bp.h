/* SPDX-License-Identifier: MIT */
/*
 * urcu/urcu-bp.h (rcutable/liburcu/): liburcu's urcu-bp flavor, its
 * urcu_bp_* names and the plain ones, over the rcutable implementation
 * the program is built for (urcu/rcutable-flavor.h).
 */
#ifndef RCUTABLE_LIBURCU_URCU_BP_H
#define RCUTABLE_LIBURCU_URCU_BP_H

#define RCUTABLE_LIBURCU_FLAVOR bp
#include <urcu/rcutable-flavor.h>
#undef RCUTABLE_LIBURCU_FLAVOR

#endif /* RCUTABLE_LIBURCU_URCU_BP_H */
