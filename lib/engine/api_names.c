/* SPDX-License-Identifier: MIT */
/*
 * lib/engine/api_names.c: rcutable_api_list() (rcutable/impl.h).
 */
#include <stdio.h>

#include <rcutable/impl.h>

/* Indexed by bit number. */
static const char *const api_names[] = {
	"read_side", "synchronize", "expedited", "call", "barrier", "polled", "kfree",
	"validation", "consolidated", "lifecycle", "stall", "reader_checks",
	"exit_drain", "fork", "backlog", "polled_full", "call_hurry",
	"expedite_control", "free_mightsleep", "rcu_sync", "srcu_fast",
	"srcu_nmisafe", "srcu_handoff", "tasks_trace", "tasks_rude",
};
#define API_NAMES	(sizeof(api_names) / sizeof(api_names[0]))
_Static_assert(RCUTABLE_API_ALL == (1u << API_NAMES) - 1,
	       "one name for each bit of enum rcutable_api");

char *rcutable_api_list(unsigned bits, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned i = 0; i < API_NAMES && used < len; i++)
		if (bits & (1u << i))
			used += (size_t)snprintf(buf + used, len - used, "%s%s",
						 used ? " " : "", api_names[i]);
	return buf;
}
