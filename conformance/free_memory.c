/* SPDX-License-Identifier: MIT */
/*
 * conformance/free_memory.c: the table's "free memory" row.  kfree_rcu()
 * frees only after every reader that could still see the object is done.
 *
 * kfree_rcu_mightsleep(), kfree_rcu() with one argument and kvfree_rcu()
 * (since 2019) likewise, for objects with no rcu_head.
 *
 * The object's guard words sit at its start, where glibc's allocator writes
 * its free-list links, so an early free shows in the release build too;
 * the AddressSanitizer build (make SAN=1) reports it as a use after free
 * (and a leak, an object never freed).
 */
#include <malloc.h>
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

static bool action_kfree_mightsleep_then_barrier(struct hold *h)
{
	kfree_rcu_mightsleep(shared_victim);
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

/* Frees the victim with action while a reader holds it; who names it. */
static void guarded_free(hold_action_fn action, const char *who)
{
	struct hold h = { .action = action, .reader = guard_reader };
	bool finished;

	shared_victim = malloc(sizeof(*shared_victim));
	shared_victim->guard[0] = shared_victim->guard[1] = GUARD;
	finished = hold_run(&h);
	cr_assert(!flag_get(&guard_broken), "%s freed an object a reader still used", who);
	cr_assert(finished, "%s + rcu_barrier() returned while a reader was inside", who);
}

Test(free_memory, waits_kfree_rcu, .timeout = 20)
{
	guarded_free(action_kfree_then_barrier, "kfree_rcu()");
}

Test(free_memory, waits_kfree_rcu_mightsleep, .timeout = 20)
{
	guarded_free(action_kfree_mightsleep_then_barrier, "kfree_rcu_mightsleep()");
}

/*
 * Every form frees its objects, and NULL is ignored.  The objects are large
 * enough for mmap(), the threshold fixed, so the mapped bytes come back to
 * where they were once every object is freed (the SAN=1 build, whose
 * allocator keeps no such count, reports a leak instead).
 */
Test(free_memory, every_form_without_rcu_head_frees, .timeout = 30)
{
	struct victim *none = NULL;
	size_t before;

	mallopt(M_MMAP_THRESHOLD, 64 * 1024);
	before = mallinfo2().hblkhd;
	for (int i = 0; i < 64; i++) {
		char *p = malloc(256 * 1024);

		p[0] = (char)i;
		switch (i % 4) {
		case 0: kfree_rcu(p); break;
		case 1: kfree_rcu_mightsleep(p); break;
		case 2: kvfree_rcu(p); break;
		default: kvfree_rcu_mightsleep(p); break;
		}
	}
	kfree_rcu(none);
	kvfree_rcu(none, rcu);
	kfree_rcu_mightsleep(none);
	rcu_barrier();
	cr_assert_eq(mallinfo2().hblkhd, before, "%zu bytes of objects not freed after "
		     "rcu_barrier()", mallinfo2().hblkhd - before);
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
