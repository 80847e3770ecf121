/* SPDX-License-Identifier: MIT */
/* urcu-defer.h (rcutable/liburcu/): liburcu's top-level name for <urcu/defer.h>. */
#include <urcu/defer.h>
