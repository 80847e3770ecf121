/* SPDX-License-Identifier: MIT */
/*
 * rcutable/rculist_nulls.h: the hlist_nulls column of the table's RCU List
 * APIs (see list_nulls.h for the nulls marker).
 *
 * A lookup runs inside a reader of the protecting flavor, follows forward
 * pointers only, and checks, when it reaches an end marker, that the
 * marker's value is its own chain's: if not, an object it passed moved to
 * another chain and the lookup restarts from its head (the traversal
 * macros reload the head each time they begin).  Updaters serialize among
 * themselves and publish with rcu_assign_pointer().
 */
#ifndef RCUTABLE_RCULIST_NULLS_H
#define RCUTABLE_RCULIST_NULLS_H

#include <rcutable/list_nulls.h>
#include <rcutable/rcu_pointer.h>
/* rcupdate.h as the kernel's includes it, when an RCU implementation is
 * chosen (rculist.h). */
#ifdef RCUTABLE_RCU_IMPL
#include <rcutable/rcupdate.h>
#endif

#define hlist_nulls_first_rcu(head)					\
	(*((struct hlist_nulls_node __rcu **)&(head)->first))
#define hlist_nulls_next_rcu(node)					\
	(*((struct hlist_nulls_node __rcu **)&(node)->next))

/* Unlink n, keeping ->next for lookups standing on it; poisons ->pprev. */
static inline void hlist_nulls_del_rcu(struct hlist_nulls_node *n)
{
	__hlist_nulls_del(n);
	RCUTABLE_WRITE_ONCE(n->pprev, (struct hlist_nulls_node **)LIST_POISON2);
}

/* Unlink n if it is on a chain and mark it unhashed; ->next stays. */
static inline void hlist_nulls_del_init_rcu(struct hlist_nulls_node *n)
{
	if (!hlist_nulls_unhashed(n)) {
		__hlist_nulls_del(n);
		RCUTABLE_WRITE_ONCE(n->pprev, NULL);
	}
}

/*
 * Add n at the head of h.  n may be an object that just left another chain
 * (without a grace period): a lookup standing on it then follows it into
 * this chain, ends on this chain's marker, and restarts.
 */
static inline void hlist_nulls_add_head_rcu(struct hlist_nulls_node *n,
					    struct hlist_nulls_head *h)
{
	struct hlist_nulls_node *first = h->first;

	/* Relaxed, not plain: a lookup standing on n, which has just left
	 * another chain, may be loading n->next now. */
	RCUTABLE_WRITE_ONCE(n->next, first);
	RCUTABLE_WRITE_ONCE(n->pprev, &h->first);
	/* Release: n's fields (its key, its next) before a lookup can reach
	 * n; pairs with the traversal's dependent loads. */
	rcu_assign_pointer(hlist_nulls_first_rcu(h), n);
	if (!is_a_nulls(first))
		RCUTABLE_WRITE_ONCE(first->pprev, &n->next);
}

/*
 * Add n at the end of h's chain (since 2019), where lookups may be
 * running: n's fields are set, then the last node (or the head) publishes
 * it.  Walks the chain: the caller holds the update-side lock.
 */
static inline void hlist_nulls_add_tail_rcu(struct hlist_nulls_node *n,
					    struct hlist_nulls_head *h)
{
	struct hlist_nulls_node *last = NULL, *i;

	for (i = h->first; !is_a_nulls(i); i = i->next)
		last = i;
	if (!last) {
		hlist_nulls_add_head_rcu(n, h);
		return;
	}
	n->next = last->next;		/* the chain's end marker */
	RCUTABLE_WRITE_ONCE(n->pprev, &last->next);
	/* Release: pairs with the traversals' dependent loads. */
	rcu_assign_pointer(hlist_nulls_next_rcu(last), n);
}

/* The traversals' loads: a compiler barrier first, so that a restarted
 * lookup reloads the head. */
#define hlist_nulls_for_each_entry_rcu(tpos, pos, head, member)		\
	for (__extension__ ({ rcutable_barrier(); }),			\
	     (pos) = rcu_dereference_raw(hlist_nulls_first_rcu(head));	\
	     !is_a_nulls(pos) &&					\
	     ((tpos) = hlist_nulls_entry(pos, __typeof__(*(tpos)), member), 1); \
	     (pos) = rcu_dereference_raw(hlist_nulls_next_rcu(pos)))

/* The same, with pos advanced before the body runs: the body may unlink
 * tpos (under the update-side lock). */
#define hlist_nulls_for_each_entry_safe(tpos, pos, head, member)	\
	for (__extension__ ({ rcutable_barrier(); }),			\
	     (pos) = rcu_dereference_raw(hlist_nulls_first_rcu(head));	\
	     !is_a_nulls(pos) &&					\
	     ((tpos) = hlist_nulls_entry(pos, __typeof__(*(tpos)), member),	\
	      (pos) = rcu_dereference_raw(hlist_nulls_next_rcu(pos)), 1);	\
	     )

#endif /* RCUTABLE_RCULIST_NULLS_H */
