/* SPDX-License-Identifier: MIT */
/*
 * urcu/urcu-mb.h (rcutable/liburcu/): liburcu's urcu-mb flavor, its
 * urcu_mb_* names and the plain ones, over the rcutable implementation
 * the program is built for (urcu/rcutable-flavor.h).
 */
#ifndef RCUTABLE_LIBURCU_URCU_MB_H
#define RCUTABLE_LIBURCU_URCU_MB_H

#define RCUTABLE_LIBURCU_FLAVOR mb
#include <urcu/rcutable-flavor.h>
#undef RCUTABLE_LIBURCU_FLAVOR

#endif /* RCUTABLE_LIBURCU_URCU_MB_H */
