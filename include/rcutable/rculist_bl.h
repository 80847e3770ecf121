/* SPDX-License-Identifier: MIT */
/*
 * rcutable/rculist_bl.h: the hlist_bl column of the table's RCU List APIs
 * (see list_bl.h for the bit lock in the head).
 *
 * Updaters hold the head's bit lock and publish with rcu_assign_pointer();
 * readers, inside a reader of the protecting flavor, take no lock: they
 * mask the lock bit off the first pointer and follow forward pointers.
 */
#ifndef RCUTABLE_RCULIST_BL_H
#define RCUTABLE_RCULIST_BL_H

#include <rcutable/list_bl.h>
#include <rcutable/rcu_pointer.h>
/* rcupdate.h as the kernel's includes it, when an RCU implementation is
 * chosen (rculist.h). */
#ifdef RCUTABLE_RCU_IMPL
#include <rcutable/rcupdate.h>
#endif

/*
 * Publish n as the head's first node, keeping the lock bit, which the
 * caller must hold (refused with a message otherwise).  Release: n's
 * fields before a reader reaches n; pairs with hlist_bl_first_rcu()'s
 * dependent load.
 */
static inline void hlist_bl_set_first_rcu(struct hlist_bl_head *h, struct hlist_bl_node *n)
{
	rcu_assign_pointer(h->first,
		__rcutable_hlist_bl_locked_first(h, n, "hlist_bl_set_first_rcu"));
}

/* The first node as a reader sees it, without the lock bit. */
static inline struct hlist_bl_node *hlist_bl_first_rcu(struct hlist_bl_head *h)
{
	return (struct hlist_bl_node *)
		((uintptr_t)rcu_dereference_raw(h->first) & ~LIST_BL_LOCKMASK);
}

/* Unlink n (under the lock), keeping ->next for readers on it. */
static inline void hlist_bl_del_rcu(struct hlist_bl_node *n)
{
	__hlist_bl_del(n);
	RCUTABLE_WRITE_ONCE(n->pprev, (struct hlist_bl_node **)LIST_POISON2);
}

/* Unlink n if it is on a list and mark it unhashed; ->next stays. */
static inline void hlist_bl_del_init_rcu(struct hlist_bl_node *n)
{
	if (!hlist_bl_unhashed(n)) {
		__hlist_bl_del(n);
		RCUTABLE_WRITE_ONCE(n->pprev, NULL);
	}
}

/* Add n at the head of h, whose lock the caller holds. */
static inline void hlist_bl_add_head_rcu(struct hlist_bl_node *n, struct hlist_bl_head *h)
{
	__hlist_bl_link_head(n, h);
	hlist_bl_set_first_rcu(h, n);
}

/* tpos: the entry; pos: a struct hlist_bl_node *.  No lock. */
#define hlist_bl_for_each_entry_rcu(tpos, pos, head, member)		\
	for ((pos) = hlist_bl_first_rcu(head);				\
	     (pos) && ((tpos) = hlist_bl_entry(pos, __typeof__(*(tpos)), member), 1); \
	     (pos) = rcu_dereference_raw((pos)->next))

#endif /* RCUTABLE_RCULIST_BL_H */
