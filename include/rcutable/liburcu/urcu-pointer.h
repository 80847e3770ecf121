/* SPDX-License-Identifier: MIT */
/* urcu-pointer.h (rcutable/liburcu/): liburcu's top-level name for <urcu/pointer.h>. */
#include <urcu/pointer.h>
