/* SPDX-License-Identifier: MIT */
/*
 * conformance/lists.c: the list and hlist columns of the RCU List APIs,
 * one thread: each operation leaves the order, the emptiness and the
 * poisoning the kernel's contracts promise.  A deleted node keeps its
 * forward pointer (a reader standing on it walks on) and has its back
 * pointer poisoned; a splice empties its source before it waits for
 * readers.
 */
#include <stdio.h>
#include <string.h>
#include <rcutable/rculist.h>

#include "helpers.h"

struct item {
	int v;
	struct list_head l;
	struct hlist_node h;
};

static struct item items[8];

static void items_init(void)
{
	for (int i = 0; i < 8; i++) {
		items[i].v = i;
		INIT_HLIST_NODE(&items[i].h);
	}
}

/* The values along a list or hlist, as "0 1 2". */
static const char *list_values(struct list_head *head)
{
	static char buf[64];
	struct item *it;
	size_t n = 0;

	buf[0] = '\0';
	list_for_each_entry_rcu(it, head, l)
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%d", n ? " " : "", it->v);
	return buf;
}

static const char *hlist_values(struct hlist_head *head)
{
	static char buf[64];
	struct item *it;
	size_t n = 0;

	buf[0] = '\0';
	hlist_for_each_entry_rcu(it, head, h)
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%d", n ? " " : "", it->v);
	return buf;
}

#define expect_list(head, want)	cr_assert_str_eq(list_values(head), want)
#define expect_hlist(head, want)	cr_assert_str_eq(hlist_values(head), want)

/* ---- list ------------------------------------------------------------------- */

Test(lists, list_add_rcu_and_list_add_tail_rcu_keep_their_order, .timeout = 20)
{
	LIST_HEAD(head);

	items_init();
	INIT_LIST_HEAD_RCU(&head);
	cr_assert(list_empty(&head));
	list_add_rcu(&items[1].l, &head);
	list_add_rcu(&items[0].l, &head);		/* at the front */
	list_add_tail_rcu(&items[2].l, &head);		/* at the back */
	expect_list(&head, "0 1 2");
	cr_assert(list_is_first(&items[0].l, &head) && list_is_last(&items[2].l, &head));
	cr_assert_eq(items[2].l.next, &head, "the tail does not lead back to the head");
	cr_assert_eq(head.prev, &items[2].l);
}

Test(lists, list_del_rcu_keeps_next_and_poisons_prev, .timeout = 20)
{
	LIST_HEAD(head);

	items_init();
	for (int i = 0; i < 3; i++)
		list_add_tail_rcu(&items[i].l, &head);
	list_del_rcu(&items[1].l);
	expect_list(&head, "0 2");
	cr_assert_eq(items[1].l.next, &items[2].l, "a reader on the deleted node "
		     "cannot walk on: its next changed");
	cr_assert_eq(items[1].l.prev, LIST_POISON2, "the deleted node's prev is not poisoned");
	list_del_rcu(&items[0].l);
	list_del_rcu(&items[2].l);
	cr_assert(list_empty(&head));
}

Test(lists, list_replace_rcu_puts_the_new_node_in_place, .timeout = 20)
{
	LIST_HEAD(head);

	items_init();
	for (int i = 0; i < 3; i++)
		list_add_tail_rcu(&items[i].l, &head);
	list_replace_rcu(&items[1].l, &items[5].l);
	expect_list(&head, "0 5 2");
	cr_assert_eq(items[1].l.next, &items[2].l, "the replaced node lost its next");
	cr_assert_eq(items[1].l.prev, LIST_POISON2);
	cr_assert_eq(items[2].l.prev, &items[5].l);
	list_replace_rcu(&items[0].l, &items[6].l);	/* the first */
	list_replace_rcu(&items[2].l, &items[7].l);	/* the last */
	expect_list(&head, "6 5 7");
	cr_assert_eq(head.prev, &items[7].l);
}

/* The synchronize step of a splice: at that moment the source is empty
 * and the nodes are not yet in the target. */
static struct list_head *splice_source, *splice_target;
static int splice_syncs;
static char splice_target_at_sync[64];

static void splice_synchronize(void)
{
	splice_syncs++;
	cr_assert(list_empty(splice_source), "the source list was not emptied "
		  "before the splice waited for its readers");
	snprintf(splice_target_at_sync, sizeof(splice_target_at_sync), "%s",
		 list_values(splice_target));
}

Test(lists, list_splice_init_rcu_and_its_tail_form_empty_the_source_first, .timeout = 20)
{
	LIST_HEAD(src);
	LIST_HEAD(dst);

	items_init();
	splice_source = &src;
	splice_target = &dst;
	list_add_tail_rcu(&items[0].l, &dst);
	list_add_tail_rcu(&items[1].l, &dst);
	list_add_tail_rcu(&items[2].l, &src);
	list_add_tail_rcu(&items[3].l, &src);
	list_splice_init_rcu(&src, &dst, splice_synchronize);
	cr_assert_eq(splice_syncs, 1);
	cr_assert_str_eq(splice_target_at_sync, "0 1", "the nodes reached the target "
			 "before the splice waited for the source's readers");
	expect_list(&dst, "2 3 0 1");
	cr_assert(list_empty(&src));
	list_add_tail_rcu(&items[4].l, &src);
	list_add_tail_rcu(&items[5].l, &src);
	list_splice_tail_init_rcu(&src, &dst, splice_synchronize);
	cr_assert_eq(splice_syncs, 2);
	expect_list(&dst, "2 3 0 1 4 5");
	cr_assert_eq(dst.prev, &items[5].l);
	list_splice_init_rcu(&src, &dst, splice_synchronize);	/* empty: nothing */
	cr_assert_eq(splice_syncs, 2, "an empty splice waited for a grace period");
}

Test(lists, list_entry_rcu_first_or_null_and_next_or_null, .timeout = 20)
{
	LIST_HEAD(head);

	items_init();
	cr_assert_null(list_first_or_null_rcu(&head, struct item, l));
	list_add_tail_rcu(&items[3].l, &head);
	list_add_tail_rcu(&items[4].l, &head);
	cr_assert_eq(list_first_or_null_rcu(&head, struct item, l), &items[3]);
	cr_assert_eq(list_next_or_null_rcu(&head, &items[3].l, struct item, l), &items[4]);
	cr_assert_null(list_next_or_null_rcu(&head, &items[4].l, struct item, l));
	cr_assert_eq(list_entry_rcu(list_next_rcu(&head), struct item, l), &items[3]);
	cr_assert_eq(list_entry_lockless(head.next, struct item, l), &items[3]);
}

Test(lists, list_traversals_continue_and_from, .timeout = 20)
{
	LIST_HEAD(head);
	struct item *it;
	int sum = 0, n = 0;

	items_init();
	for (int i = 0; i < 5; i++)
		list_add_tail_rcu(&items[i].l, &head);
	list_for_each_entry_lockless(it, &head, l)
		sum += it->v;
	cr_assert_eq(sum, 0 + 1 + 2 + 3 + 4);
	it = &items[2];
	list_for_each_entry_continue_rcu(it, &head, l)
		n = n * 10 + it->v;
	cr_assert_eq(n, 34, "continue did not start after the given entry");
	it = &items[2];
	n = 0;
	list_for_each_entry_from_rcu(it, &head, l)
		n = n * 10 + it->v;
	cr_assert_eq(n, 234, "from did not start at the given entry");
	n = 0;
	list_for_each_entry_reverse(it, &head, l)
		n = n * 10 + it->v;
	cr_assert_eq(n, 43210);
}

Test(lists, plain_list_operations, .timeout = 20)
{
	LIST_HEAD(a);
	LIST_HEAD(b);
	struct item *it, *tmp;

	items_init();
	for (int i = 0; i < 4; i++)
		list_add_tail(&items[i].l, &a);
	list_move(&items[3].l, &a);
	list_move_tail(&items[0].l, &a);
	expect_list(&a, "3 1 2 0");
	list_del(&items[1].l);
	cr_assert(items[1].l.next == LIST_POISON1 && items[1].l.prev == LIST_POISON2);
	list_del_init(&items[2].l);
	cr_assert(list_empty(&items[2].l));
	expect_list(&a, "3 0");
	list_add(&items[5].l, &b);
	list_splice_init(&b, &a);
	cr_assert(list_empty(&b));
	expect_list(&a, "5 3 0");
	list_add(&items[6].l, &b);
	list_splice_tail_init(&b, &a);
	expect_list(&a, "5 3 0 6");
	cr_assert_eq(list_first_entry(&a, struct item, l), &items[5]);
	cr_assert_eq(list_last_entry(&a, struct item, l), &items[6]);
	list_for_each_entry_safe(it, tmp, &a, l)
		if (it->v % 2)
			list_del(&it->l);
	expect_list(&a, "0 6");
	cr_assert(!list_is_singular(&a));
	list_replace_init(&items[0].l, &items[7].l);
	expect_list(&a, "7 6");
}

/* ---- hlist ------------------------------------------------------------------- */

Test(lists, hlist_adds_put_nodes_where_they_say, .timeout = 20)
{
	HLIST_HEAD(head);

	items_init();
	cr_assert(hlist_empty(&head));
	hlist_add_head_rcu(&items[2].h, &head);
	hlist_add_head_rcu(&items[0].h, &head);
	hlist_add_tail_rcu(&items[4].h, &head);
	expect_hlist(&head, "0 2 4");
	hlist_add_before_rcu(&items[1].h, &items[2].h);
	hlist_add_behind_rcu(&items[3].h, &items[2].h);
	hlist_add_after_rcu(&items[4].h, &items[5].h);	/* old order: prev, then n */
	expect_hlist(&head, "0 1 2 3 4 5");
	cr_assert_eq(items[0].h.pprev, &head.first);
	for (int i = 1; i <= 5; i++)
		cr_assert_eq(items[i].h.pprev, &items[i - 1].h.next,
			     "node %d's pprev does not point at its predecessor's next", i);
	cr_assert_eq(hlist_first_rcu(&head), &items[0].h);
	cr_assert_eq(hlist_next_rcu(&items[0].h), &items[1].h);
	cr_assert_eq(hlist_pprev_rcu(&items[1].h), &items[1].h);
	{
		HLIST_HEAD(other);

		hlist_add_tail_rcu(&items[6].h, &other);	/* into an empty list */
		expect_hlist(&other, "6");
		cr_assert_eq(items[6].h.pprev, &other.first);
	}
}

Test(lists, hlist_del_rcu_keeps_next_and_poisons_pprev, .timeout = 20)
{
	HLIST_HEAD(head);

	items_init();
	for (int i = 3; i >= 0; i--)
		hlist_add_head_rcu(&items[i].h, &head);
	hlist_del_rcu(&items[1].h);
	expect_hlist(&head, "0 2 3");
	cr_assert_eq(items[1].h.next, &items[2].h, "a reader on the deleted node "
		     "cannot walk on: its next changed");
	cr_assert_eq((void *)items[1].h.pprev, LIST_POISON2);
	cr_assert_eq(items[2].h.pprev, &items[0].h.next);
	hlist_del_init_rcu(&items[2].h);
	expect_hlist(&head, "0 3");
	cr_assert(hlist_unhashed(&items[2].h) && hlist_unhashed_lockless(&items[2].h));
	cr_assert_eq(items[2].h.next, &items[3].h, "hlist_del_init_rcu() changed next");
	hlist_del_init_rcu(&items[2].h);		/* unhashed: nothing */
	expect_hlist(&head, "0 3");
	hlist_del_rcu(&items[0].h);
	hlist_del_rcu(&items[3].h);
	cr_assert(hlist_empty(&head));
}

Test(lists, hlist_replace_rcu_puts_the_new_node_in_place, .timeout = 20)
{
	HLIST_HEAD(head);

	items_init();
	for (int i = 2; i >= 0; i--)
		hlist_add_head_rcu(&items[i].h, &head);
	hlist_replace_rcu(&items[1].h, &items[6].h);
	expect_hlist(&head, "0 6 2");
	cr_assert_eq(items[2].h.pprev, &items[6].h.next);
	cr_assert_eq(items[1].h.next, &items[2].h);
	cr_assert_eq((void *)items[1].h.pprev, LIST_POISON2);
	hlist_replace_rcu(&items[0].h, &items[7].h);
	cr_assert_eq(items[7].h.pprev, &head.first);
	expect_hlist(&head, "7 6 2");
}

Test(lists, hlist_traversals_bh_notrace_continue_and_from, .timeout = 20)
{
	HLIST_HEAD(head);
	struct item *it;
	int n = 0;

	items_init();
	for (int i = 3; i >= 0; i--)
		hlist_add_head_rcu(&items[i].h, &head);
	hlist_for_each_entry_rcu_bh(it, &head, h)
		n = n * 10 + it->v;
	cr_assert_eq(n, 123);			/* 0 1 2 3 */
	n = 0;
	hlist_for_each_entry_rcu_notrace(it, &head, h)
		n++;
	cr_assert_eq(n, 4);
	it = &items[1];
	n = 0;
	hlist_for_each_entry_continue_rcu(it, h)
		n = n * 10 + it->v;
	cr_assert_eq(n, 23, "continue did not start after the given node");
	it = &items[1];
	n = 0;
	hlist_for_each_entry_continue_rcu_bh(it, h)
		n = n * 10 + it->v;
	cr_assert_eq(n, 23);
	it = &items[1];
	n = 0;
	hlist_for_each_entry_from_rcu(it, h)
		n = n * 10 + it->v;
	cr_assert_eq(n, 123, "from did not start at the given node");
}

/* ---- since 2019 -------------------------------------------------------------- */

Test(lists, list_tail_rcu_and_the_srcu_traversals, .timeout = 20)
{
	LIST_HEAD(head);
	HLIST_HEAD(hhead);
	struct item *it;
	char buf[64];
	size_t n = 0;

	items_init();
	list_add_tail_rcu(&items[0].l, &head);
	list_add_tail_rcu(&items[1].l, &head);
	rcu_read_lock();
	cr_assert_eq(rcu_dereference(list_tail_rcu(&head)), &items[1].l,
		     "list_tail_rcu() is not the last node added");
	rcu_read_unlock();
	list_add_rcu(&items[2].l, &head);	/* at the front: the tail stays */
	cr_assert_eq(rcu_dereference_raw(list_tail_rcu(&head)), &items[1].l);
	buf[0] = '\0';
	/* The condition states why this thread may traverse: it owns the list. */
	list_for_each_entry_srcu(it, &head, l, 1)
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%d", it->v);
	cr_assert_str_eq(buf, "201");
	hlist_add_head_rcu(&items[3].h, &hhead);
	hlist_add_tail_rcu(&items[4].h, &hhead);
	n = 0;
	hlist_for_each_entry_srcu(it, &hhead, h, 1)
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%d", it->v);
	cr_assert_str_eq(buf, "34");
}

Test(lists, hlists_swap_heads_rcu_swaps_every_node, .timeout = 20)
{
	HLIST_HEAD(a);
	HLIST_HEAD(b);
	HLIST_HEAD(empty);

	items_init();
	hlist_add_head_rcu(&items[1].h, &a);
	hlist_add_head_rcu(&items[0].h, &a);
	hlist_add_head_rcu(&items[2].h, &b);
	hlists_swap_heads_rcu(&a, &b);
	expect_hlist(&a, "2");
	expect_hlist(&b, "0 1");
	cr_assert_eq(items[2].h.pprev, &a.first);
	cr_assert_eq(items[0].h.pprev, &b.first);
	hlists_swap_heads_rcu(&b, &empty);	/* with an empty list */
	expect_hlist(&b, "");
	expect_hlist(&empty, "0 1");
	cr_assert_eq(items[0].h.pprev, &empty.first);
	hlist_del_rcu(&items[0].h);		/* the back pointers hold */
	expect_hlist(&empty, "1");
}
