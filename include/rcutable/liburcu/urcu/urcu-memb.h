/* SPDX-License-Identifier: MIT */
/*
 * urcu/urcu-memb.h (rcutable/liburcu/): liburcu's urcu-memb flavor, its
 * urcu_memb_* names and the plain ones, over the rcutable implementation
 * the program is built for (urcu/rcutable-flavor.h).
 */
#ifndef RCUTABLE_LIBURCU_URCU_MEMB_H
#define RCUTABLE_LIBURCU_URCU_MEMB_H

#define RCUTABLE_LIBURCU_FLAVOR memb
#include <urcu/rcutable-flavor.h>
#undef RCUTABLE_LIBURCU_FLAVOR

#endif /* RCUTABLE_LIBURCU_URCU_MEMB_H */
