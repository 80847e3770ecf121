/* SPDX-License-Identifier: MIT */
/*
 * lib/api/free_mightsleep.c: kfree_rcu_mightsleep(ptr) and the
 * one-argument kfree_rcu(ptr) (rcutable/rcupdate.h) for an object with no
 * rcu_head, over the RCU implementation's call_rcu() and
 * synchronize_rcu(); compiled once per implementation.
 *
 * Each call queues a record of its own, a head and the pointer, whose
 * callback frees both.  Where there is no memory for the record it does
 * what the kernel does: waits for a grace period and frees the object on
 * the spot.  Since it may wait, it is refused inside a reader always, not
 * only on the day memory runs out.
 */
#include <stdlib.h>

#include <rcutable/rcupdate.h>
#include "engine/diag.h"

struct free_record {
	struct rcu_head head;
	void *ptr;
};

static void free_record_cb(struct rcu_head *head)
{
	struct free_record *r = container_of(head, struct free_record, head);

	free(r->ptr);
	free(r);
}

void rcutable_kfree_rcu_mightsleep(void *ptr)
{
	struct free_record *r;

	if (!ptr)
		return;
	if (rcutable_reader_in_section())
		rcutable_die("kfree_rcu_mightsleep() (or kfree_rcu() with one argument) "
			     "inside a read-side critical section: it may wait for a "
			     "grace period, which would wait for itself; give the "
			     "object an rcu_head and call kfree_rcu(ptr, field)");
	r = malloc(sizeof(*r));
	if (!r) {
		synchronize_rcu();
		free(ptr);
		return;
	}
	r->ptr = ptr;
	call_rcu(&r->head, free_record_cb);
}
