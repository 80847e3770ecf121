/* SPDX-License-Identifier: MIT */
/*
 * lib/engine/wait_gp.c: synchronize_rcu_mult(), waiting for a grace period
 * of several flavors at once.
 */
#include <stdbool.h>
#include <stdlib.h>

#include <rcutable/rcupdate_wait.h>
#include "engine/completion.h"
#include "engine/diag.h"

struct gp_waiter {
	struct rcu_head head;		/* first: the callback gets it back */
	struct rcutable_completion done;
};

static void gp_waiter_wake(struct rcu_head *head)
{
	rcutable_complete(&((struct gp_waiter *)head)->done);
}

static bool named_before(const call_rcu_func_t *funcs, size_t i)
{
	size_t j;

	for (j = 0; j < i; j++)
		if (funcs[j] == funcs[i])
			return true;
	return false;
}

/* See rcupdate_wait.h.  synchronize_rcu_mult() (rcupdate.h) has refused a
 * caller inside a reader. */
void rcutable_wait_rcu_gp(const call_rcu_func_t *funcs, size_t n)
{
	struct gp_waiter *w;
	size_t i;

	w = calloc(n ? n : 1, sizeof(*w));
	if (!w)
		rcutable_die("synchronize_rcu_mult(): out of memory");
	for (i = 0; i < n; i++)
		if (!named_before(funcs, i))
			funcs[i](&w[i].head, gp_waiter_wake);
	for (i = 0; i < n; i++)
		if (!named_before(funcs, i))
			rcutable_completion_wait(&w[i].done);
	free(w);
}
