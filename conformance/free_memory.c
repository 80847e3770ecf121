/* SPDX-License-Identifier: MIT */
/*
 * conformance/free_memory.c: the table's "free memory" row.  kfree_rcu()
 * frees only after every reader that could still see the object is done.
 *
 * The object's guard words sit at its start, where glibc's allocator writes
 * its free-list links, so an early free shows in the release build too;
 * the AddressSanitizer build (make SAN=1) reports it as a use after free.
 */
#include "helpers.h"

#define GUARD 0x5ca1ab1e0ddba11UL

struct victim {
	unsigned long guard[2];
	char pad[40];
	struct rcu_head rcu;
};

static struct victim *shared_victim;
static int guard_broken;

static bool action_kfree_then_barrier(struct hold *h)
{
	kfree_rcu(shared_victim, rcu);
	rcu_barrier();
	return flag_get(&h->sync.reader_done);
}

/* A reader that checks the guard while it holds its section. */
static void *guard_reader(void *arg)
{
	struct hold *h = arg;
	struct victim *v;

	rcu_register_thread();
	rcu_read_lock();
	v = rcu_dereference(shared_victim);
	hold_reader_stay(&h->sync, h->hold_ms, NULL, NULL);
	/* Still inside: an object freed during the hold has lost its guard
	 * to the allocator. */
	if (RCUTABLE_READ_ONCE(v->guard[0]) != GUARD || RCUTABLE_READ_ONCE(v->guard[1]) != GUARD)
		flag_set(&guard_broken, 1);
	rcu_read_unlock();
	rcu_unregister_thread();
	return NULL;
}

Test(free_memory, waits_kfree_rcu, .timeout = 20)
{
	struct hold h = { .action = action_kfree_then_barrier, .reader = guard_reader };
	bool finished;

	shared_victim = malloc(sizeof(*shared_victim));
	shared_victim->guard[0] = shared_victim->guard[1] = GUARD;
	finished = hold_run(&h);
	cr_assert(!flag_get(&guard_broken), "kfree_rcu() freed an object a reader still used");
	cr_assert(finished, "kfree_rcu() + rcu_barrier() returned while a reader was inside");
}

Test(free_memory, kfree_rcu_null_is_ignored)
{
	struct victim *none = NULL;

	kfree_rcu(none, rcu);
	rcu_barrier();
}

/* The head deep inside the object: the object's own address is freed
 * (a wrong pointer makes free() abort, and ASan report). */
struct deep {
	char before[1000];
	struct rcu_head rcu;
	char after[24];
};

Test(free_memory, kfree_rcu_frees_the_object, .timeout = 30)
{
	for (int i = 0; i < 10000; i++) {
		struct deep *d = malloc(sizeof(*d));

		d->before[0] = (char)i;
		kfree_rcu(d, rcu);
	}
	rcu_barrier();
}
