/* SPDX-License-Identifier: MIT */
/* urcu.h (rcutable/liburcu/): liburcu's top-level name for <urcu/urcu.h>, with
 * the plain names that liburcu's data structures map (URCU_API_MAP). */
#ifndef URCU_API_MAP
#define URCU_API_MAP
#endif
#include <urcu/urcu.h>
