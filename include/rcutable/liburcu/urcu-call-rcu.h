/* SPDX-License-Identifier: MIT */
/* urcu-call-rcu.h (rcutable/liburcu/): liburcu's top-level name for <urcu/call-rcu.h>. */
#include <urcu/call-rcu.h>
