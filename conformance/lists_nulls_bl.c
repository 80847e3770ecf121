/* SPDX-License-Identifier: MIT */
/*
 * conformance/lists_nulls_bl.c: the hlist_nulls and hlist_bl columns of the
 * RCU List APIs, one thread: the nulls marker carries its value to the end
 * of every chain; deletions keep ->next and poison ->pprev; hlist_bl keeps
 * its lock bit through every update, and hlist_bl_set_first_rcu() refuses
 * a head whose lock is not held.
 */
#include <stdio.h>
#include <rcutable/rculist_nulls.h>
#include <rcutable/rculist_bl.h>

#include "helpers.h"

struct obj {
	int key;
	struct hlist_nulls_node nn;
	struct hlist_bl_node bn;
};

static struct obj objs[6];

static void objs_init(void)
{
	for (int i = 0; i < 6; i++)
		objs[i] = (struct obj){ .key = i };
}

/* The keys along a nulls chain and the value of its end marker. */
static const char *nulls_chain(struct hlist_nulls_head *head)
{
	static char buf[64];
	struct hlist_nulls_node *pos;
	struct obj *o;
	size_t n = 0;

	buf[0] = '\0';
	hlist_nulls_for_each_entry_rcu(o, pos, head, nn)
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%d ", o->key);
	snprintf(buf + n, sizeof(buf) - n, "/%lu", get_nulls_value(pos));
	return buf;
}

static const char *bl_chain(struct hlist_bl_head *head)
{
	static char buf[64];
	struct hlist_bl_node *pos;
	struct obj *o;
	size_t n = 0;

	buf[0] = '\0';
	hlist_bl_for_each_entry_rcu(o, pos, head, bn)
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%d", n ? " " : "", o->key);
	return buf;
}

/* ---- hlist_nulls --------------------------------------------------------------- */

Test(lists, nulls_markers_carry_their_value, .timeout = 20)
{
	struct hlist_nulls_head h;

	INIT_HLIST_NULLS_HEAD(&h, 12345);
	cr_assert(hlist_nulls_empty(&h));
	cr_assert(is_a_nulls(h.first));
	cr_assert_eq(get_nulls_value(h.first), 12345);
	cr_assert_null(hlist_nulls_entry_safe(h.first, struct obj, nn));
	cr_assert_str_eq(nulls_chain(&h), "/12345");
}

Test(lists, hlist_nulls_add_head_rcu_and_deletions, .timeout = 20)
{
	struct hlist_nulls_head h;
	struct hlist_nulls_node *pos, *end;
	struct obj *o;
	int n = 0;

	objs_init();
	INIT_HLIST_NULLS_HEAD(&h, 7);
	for (int i = 3; i >= 0; i--)
		hlist_nulls_add_head_rcu(&objs[i].nn, &h);
	cr_assert_str_eq(nulls_chain(&h), "0 1 2 3 /7");
	cr_assert_eq(hlist_nulls_first_rcu(&h), &objs[0].nn);
	cr_assert_eq(hlist_nulls_next_rcu(&objs[0].nn), &objs[1].nn);
	end = objs[3].nn.next;
	hlist_nulls_del_rcu(&objs[3].nn);
	cr_assert_eq(objs[3].nn.next, end, "a lookup on the deleted last node no "
		     "longer reaches its chain's marker");
	cr_assert_eq((void *)objs[3].nn.pprev, LIST_POISON2);
	hlist_nulls_del_init_rcu(&objs[1].nn);
	cr_assert(hlist_nulls_unhashed(&objs[1].nn) && hlist_nulls_unhashed_lockless(&objs[1].nn));
	cr_assert_eq(objs[1].nn.next, &objs[2].nn);
	cr_assert_str_eq(nulls_chain(&h), "0 2 /7");
	cr_assert_eq(objs[2].nn.pprev, &objs[0].nn.next);
	/* safe: the body may unlink the entry */
	hlist_nulls_for_each_entry_safe(o, pos, &h, nn) {
		n++;
		hlist_nulls_del_rcu(&o->nn);
	}
	cr_assert_eq(n, 2);
	cr_assert(hlist_nulls_empty(&h));
	cr_assert_eq(get_nulls_value(h.first), 7);
}

/* The plain forms, and a lookup that followed a moved object ending on the
 * other chain's marker. */
Test(lists, a_moved_object_leads_a_lookup_to_another_chains_marker, .timeout = 20)
{
	struct hlist_nulls_head a, b;
	struct hlist_nulls_node *pos;
	struct obj *o;

	objs_init();
	INIT_HLIST_NULLS_HEAD(&a, 0);
	INIT_HLIST_NULLS_HEAD(&b, 1);
	hlist_nulls_add_head(&objs[0].nn, &a);
	hlist_nulls_add_head(&objs[1].nn, &b);
	hlist_nulls_add_head(&objs[2].nn, &b);
	/* A lookup stands on objs[0] in chain a; objs[0] moves to chain b
	 * (no grace period: a type-stable cache). */
	pos = &objs[0].nn;
	hlist_nulls_del(&objs[0].nn);
	hlist_nulls_add_head_rcu(&objs[0].nn, &b);
	hlist_nulls_for_each_entry_from(o, pos, nn)
		;
	cr_assert_eq(get_nulls_value(pos), 1, "the lookup could not tell it ended "
		     "on another chain");
	cr_assert_str_eq(nulls_chain(&a), "/0");
	cr_assert_str_eq(nulls_chain(&b), "0 2 1 /1");
	pos = NULL;
	hlist_nulls_for_each_entry(o, pos, &b, nn)
		if (o->key == 2)
			break;
	cr_assert(!is_a_nulls(pos) && o == &objs[2]);
}

/* ---- hlist_bl ----------------------------------------------------------------- */

Test(lists, hlist_bl_updates_keep_the_lock_bit, .timeout = 20)
{
	struct hlist_bl_head h;
	struct hlist_bl_node *pos, *n;
	struct obj *o;

	objs_init();
	INIT_HLIST_BL_HEAD(&h);
	cr_assert(hlist_bl_empty(&h) && !hlist_bl_is_locked(&h));
	hlist_bl_lock(&h);
	cr_assert(hlist_bl_is_locked(&h) && hlist_bl_empty(&h));
	for (int i = 3; i >= 0; i--)
		hlist_bl_add_head_rcu(&objs[i].bn, &h);
	cr_assert(hlist_bl_is_locked(&h), "adding lost the lock bit");
	cr_assert_str_eq(bl_chain(&h), "0 1 2 3");
	cr_assert_eq(hlist_bl_first_rcu(&h), &objs[0].bn);
	hlist_bl_del_rcu(&objs[0].bn);		/* the first: the head's word */
	cr_assert(hlist_bl_is_locked(&h), "deleting the first node lost the lock bit");
	cr_assert_eq(objs[0].bn.next, &objs[1].bn);
	cr_assert_eq((void *)objs[0].bn.pprev, LIST_POISON2);
	hlist_bl_del_init_rcu(&objs[2].bn);
	cr_assert(hlist_bl_unhashed(&objs[2].bn));
	cr_assert_eq(objs[2].bn.next, &objs[3].bn);
	cr_assert_str_eq(bl_chain(&h), "1 3");
	hlist_bl_set_first_rcu(&h, &objs[3].bn);
	cr_assert(hlist_bl_is_locked(&h));
	cr_assert_str_eq(bl_chain(&h), "3");
	hlist_bl_add_head(&objs[4].bn, &h);
	hlist_bl_for_each_entry_safe(o, pos, n, &h, bn)
		hlist_bl_del(&o->bn);
	cr_assert(hlist_bl_empty(&h) && hlist_bl_is_locked(&h));
	hlist_bl_unlock(&h);
	cr_assert(!hlist_bl_is_locked(&h));
	hlist_bl_for_each_entry(o, pos, &h, bn)
		cr_assert_fail("an empty list has an entry");
}

static void set_first_unlocked(void *arg)
{
	struct hlist_bl_head h;

	(void)arg;
	objs_init();
	INIT_HLIST_BL_HEAD(&h);
	hlist_bl_set_first_rcu(&h, &objs[0].bn);
}

Test(lists, hlist_bl_set_first_rcu_without_the_lock_aborts, .timeout = 20)
{
	expect_abort(set_first_unlocked, NULL, "without the head's lock held");
}

static void unlock_unlocked(void *arg)
{
	struct hlist_bl_head h;

	(void)arg;
	INIT_HLIST_BL_HEAD(&h);
	hlist_bl_unlock(&h);
}

Test(lists, hlist_bl_unlock_of_an_unlocked_head_aborts, .timeout = 20)
{
	expect_abort(unlock_unlocked, NULL, "not locked");
}

/* ---- since 2019 -------------------------------------------------------------- */

Test(lists, hlist_nulls_add_tail_rcu_and_add_fake, .timeout = 20)
{
	struct hlist_nulls_head head;

	objs_init();
	INIT_HLIST_NULLS_HEAD(&head, 7);
	hlist_nulls_add_tail_rcu(&objs[1].nn, &head);	/* into an empty chain */
	hlist_nulls_add_tail_rcu(&objs[2].nn, &head);
	hlist_nulls_add_head_rcu(&objs[0].nn, &head);
	cr_assert_str_eq(nulls_chain(&head), "0 1 2 /7",
			 "the tail add did not keep the order or the chain's marker");
	cr_assert_eq(objs[2].nn.pprev, &objs[1].nn.next);
	cr_assert_eq(rcu_dereference_raw(hlist_nulls_next_rcu(&objs[1].nn)), &objs[2].nn);
	cr_assert(hlist_nulls_unhashed(&objs[3].nn));
	hlist_nulls_add_fake(&objs[3].nn);
	cr_assert(!hlist_nulls_unhashed(&objs[3].nn), "a fake-added node looks unhashed");
	hlist_nulls_del_rcu(&objs[3].nn);		/* harmless */
	cr_assert_str_eq(nulls_chain(&head), "0 1 2 /7");
}
