/* SPDX-License-Identifier: MIT */
/* urcu-qsbr.h (rcutable/liburcu/): liburcu's top-level name for <urcu/urcu-qsbr.h>, with
 * the plain names that liburcu's data structures map (URCU_API_MAP). */
#ifndef URCU_API_MAP
#define URCU_API_MAP
#endif
#include <urcu/urcu-qsbr.h>
