/* SPDX-License-Identifier: MIT */
/*
 * lib/srcu/srcu_lifecycle.c: see srcu_lifecycle.h.
 */
#include "engine/diag.h"
#include <rcutable/read/srcu_lifecycle.h>

void rcutable_srcu_check_state(const void *ssp, int state, const char *name,
			       const char *who)
{
	if (!ssp)
		rcutable_die("%s(NULL)", who);
	switch (state) {
	case RCUTABLE_SRCU_READY:
		return;
	case RCUTABLE_SRCU_CLEANED_UP:
		rcutable_die("%s() on SRCU domain %s after cleanup_srcu_struct()", who, name);
	default:
		rcutable_die("%s() on an srcu_struct at %p that was never initialized "
			     "(DEFINE_SRCU(), DEFINE_STATIC_SRCU() or init_srcu_struct() "
			     "first)", who, ssp);
	}
}
