/* SPDX-License-Identifier: MIT */
/*
 * rcutable/rculist.h: the list and hlist columns of the table's RCU List
 * APIs.
 *
 * Readers traverse inside a read-side critical section of whichever
 * flavor protects the list (RCU, SRCU, or none for the _lockless forms,
 * whose caller guarantees the nodes' lifetime otherwise) and follow only
 * forward pointers: ->next, and an hlist head's ->first.  Updaters hold the
 * lock that serializes updates of the list; they publish a node with
 * rcu_assign_pointer() (a release: the node's contents are set before a
 * reader can reach it, pairing with the dependency-ordered load of the
 * reader's traversal), and a deleted node keeps its ->next so that a reader
 * standing on it walks on; only its back pointer is poisoned.  A deleted
 * node may be freed, or reused, after a grace period of the protecting
 * flavor (call_rcu(), kfree_rcu(), call_srcu(), ...).
 *
 * As the kernel's rculist.h, it includes rcupdate.h (struct rcu_head,
 * call_rcu(), rcu_read_lock(), ...) when an RCU implementation is chosen
 * (RCUTABLE_RCU_IMPL); the lists themselves need only struct rcu_head and
 * rcutable/rcu_pointer.h, so they work with SRCU alone too.  The optional
 * lockdep condition of the kernel's traversal macros (a trailing argument)
 * is accepted and not evaluated.
 */
#ifndef RCUTABLE_RCULIST_H
#define RCUTABLE_RCULIST_H

#include <rcutable/list.h>
#include <rcutable/rcu_pointer.h>
#include <rcutable/types.h>
#ifdef RCUTABLE_RCU_IMPL
#include <rcutable/rcupdate.h>
#endif

/* ---- list: initialization and forward pointers ------------------------------ */

/* Initialize a list head that readers may already see (a reused head). */
static inline void INIT_LIST_HEAD_RCU(struct list_head *list)
{
	RCUTABLE_WRITE_ONCE(list->next, list);
	RCUTABLE_WRITE_ONCE(list->prev, list);
}

/* The ->next pointer as RCU sees it: published and read through rcu_*. */
#define list_next_rcu(list)	(*((struct list_head __rcu **)(&(list)->next)))

/*
 * A head's ->prev, its last node, as an __rcu pointer (since 2019): for
 * rcu_dereference() on a list head that only list_add_rcu() and
 * list_add_tail_rcu() change (a deleted last node would leave ->prev at
 * a node that may be freed), as in the kernel.  The adds store ->prev
 * with release, after the node's fields, for such readers.
 */
#define list_tail_rcu(head)	(*((struct list_head __rcu **)(&(head)->prev)))

/* ---- list: updates (caller holds the update-side lock) -------------------- */

/* Link node between the adjacent prev and next, publishing it last. */
static inline void __list_add_rcu(struct list_head *node, struct list_head *prev,
				  struct list_head *next)
{
	node->next = next;
	node->prev = prev;
	/* Release: node's fields, and the entry around it, before a reader
	 * can reach node; pairs with list_entry_rcu()'s dependent load. */
	rcu_assign_pointer(list_next_rcu(prev), node);
	/* Release again, for list_tail_rcu()'s readers (the same pairing). */
	rcu_assign_pointer(list_tail_rcu(next), node);
}

/* Add node right after head; readers may be traversing the list. */
static inline void list_add_rcu(struct list_head *node, struct list_head *head)
{
	__list_add_rcu(node, head, head->next);
}

/* Add node at the tail, right before head; readers may be traversing. */
static inline void list_add_tail_rcu(struct list_head *node, struct list_head *head)
{
	__list_add_rcu(node, head->prev, head);
}

/*
 * Unlink entry.  Its ->next is left intact, so a reader standing on it
 * goes on to what followed it; its ->prev, which readers never follow, is
 * poisoned.  Free it only after a grace period.
 */
static inline void list_del_rcu(struct list_head *entry)
{
	__list_del_entry(entry);
	entry->prev = (struct list_head *)LIST_POISON2;
}

/*
 * Put node where old is.  A reader sees either old or node there, never
 * neither; old keeps its ->next (readers on it walk on) and loses ->prev.
 */
static inline void list_replace_rcu(struct list_head *old, struct list_head *node)
{
	node->next = old->next;
	node->prev = old->prev;
	/* Release: node's fields before readers reach it (as in __list_add_rcu()). */
	rcu_assign_pointer(list_next_rcu(node->prev), node);
	node->next->prev = node;
	old->prev = (struct list_head *)LIST_POISON2;
}

/*
 * Move the nodes of list, which readers may be traversing, between prev
 * and next of another list.  list is emptied first; synchronize (the
 * protecting flavor's synchronize_rcu(), say) then waits until no reader
 * can still be inside list, whose last node leads back to list's own head;
 * only then does that node's ->next change to next, and the nodes are
 * published in their new place.
 */
static inline void __list_splice_init_rcu(struct list_head *list, struct list_head *prev,
					  struct list_head *next, void (*synchronize)(void))
{
	struct list_head *first = list->next, *last = list->prev;

	INIT_LIST_HEAD_RCU(list);
	synchronize();
	last->next = next;
	/* Release: the spliced nodes' links before readers of the target
	 * list reach them. */
	rcu_assign_pointer(list_next_rcu(prev), first);
	first->prev = prev;
	next->prev = last;
}

/* Splice list's nodes right after head and leave list empty.  Blocks in
 * synchronize(); the caller holds the update-side lock of both lists. */
static inline void list_splice_init_rcu(struct list_head *list, struct list_head *head,
					void (*synchronize)(void))
{
	if (!list_empty(list))
		__list_splice_init_rcu(list, head, head->next, synchronize);
}

/* The same at head's tail. */
static inline void list_splice_tail_init_rcu(struct list_head *list, struct list_head *head,
					     void (*synchronize)(void))
{
	if (!list_empty(list))
		__list_splice_init_rcu(list, head->prev, head, synchronize);
}

/* ---- list: readers --------------------------------------------------------------- */

/* The entry at ptr, loaded with dependency ordering: pairs with the
 * rcu_assign_pointer() that published it. */
#define list_entry_rcu(ptr, type, member)				\
	rcutable_container_of(rcu_dereference_raw(ptr), type, member)

/* The same for lists whose nodes' lifetime is guaranteed otherwise. */
#define list_entry_lockless(ptr, type, member)				\
	rcutable_container_of(rcu_dereference_raw(ptr), type, member)

/* The first entry, or NULL if the list is empty. */
#define list_first_or_null_rcu(ptr, type, member)			\
	__extension__ ({						\
		struct list_head *__rcutable_lh = (ptr);		\
		struct list_head *__rcutable_ln =			\
			rcu_dereference_raw(list_next_rcu(__rcutable_lh)); \
		__rcutable_ln != __rcutable_lh ?			\
			rcutable_container_of(__rcutable_ln, type, member) : NULL; \
	})

/* The entry after ptr, or NULL at the end of the list at head. */
#define list_next_or_null_rcu(head, ptr, type, member)			\
	__extension__ ({						\
		struct list_head *__rcutable_lh = (head);		\
		struct list_head *__rcutable_ln =			\
			rcu_dereference_raw(list_next_rcu(ptr));	\
		__rcutable_ln != __rcutable_lh ?			\
			rcutable_container_of(__rcutable_ln, type, member) : NULL; \
	})

/* The kernel's optional lockdep condition follows member and is not
 * evaluated: member is the first variadic argument, so that a call without
 * a condition is ISO C99 and C++11 as well. */
#define list_for_each_entry_rcu(pos, head, ...)				\
	__rcutable_list_for_each_entry_rcu(pos, head, __VA_ARGS__, 0)
#define __rcutable_list_for_each_entry_rcu(pos, head, member, ...)	\
	for ((pos) = list_entry_rcu((head)->next, __typeof__(*(pos)), member); \
	     &(pos)->member != (head);					\
	     (pos) = list_entry_rcu((pos)->member.next, __typeof__(*(pos)), member))

/*
 * The _srcu traversals (since 2019) take the reason the caller may
 * traverse as cond, which they require: srcu_read_lock_held(ssp), or the
 * update-side lock held.  A checking build warns once where it is false,
 * as the kernel's lockdep does.
 */
#define __rcutable_list_check(cond)					\
	((void)__extension__ ({						\
		RCU_LOCKDEP_WARN(!(cond), "RCU-list traversed without holding "	\
				 "the required lock");			\
		0;							\
	}))
#define list_for_each_entry_srcu(pos, head, member, cond)		\
	for (__rcutable_list_check(cond),				\
	     (pos) = list_entry_rcu((head)->next, __typeof__(*(pos)), member); \
	     &(pos)->member != (head);					\
	     (pos) = list_entry_rcu((pos)->member.next, __typeof__(*(pos)), member))

#define list_for_each_entry_lockless(pos, head, member)			\
	for ((pos) = list_entry_lockless((head)->next, __typeof__(*(pos)), member); \
	     &(pos)->member != (head);					\
	     (pos) = list_entry_lockless((pos)->member.next, __typeof__(*(pos)), member))

/* From the entry after pos, which the caller reached in this reader. */
#define list_for_each_entry_continue_rcu(pos, head, member)		\
	for ((pos) = list_entry_rcu((pos)->member.next, __typeof__(*(pos)), member); \
	     &(pos)->member != (head);					\
	     (pos) = list_entry_rcu((pos)->member.next, __typeof__(*(pos)), member))

/* From pos itself, which the caller reached in this reader. */
#define list_for_each_entry_from_rcu(pos, head, member)			\
	for (; &(pos)->member != (head);				\
	     (pos) = list_entry_rcu((pos)->member.next, __typeof__(*(pos)), member))

/* ---- hlist: forward pointers ------------------------------------------------------ */

#define hlist_first_rcu(head)	(*((struct hlist_node __rcu **)(&(head)->first)))
#define hlist_next_rcu(node)	(*((struct hlist_node __rcu **)(&(node)->next)))
/* The pointer that points at node (the head's first or the previous ->next). */
#define hlist_pprev_rcu(node)	(*((struct hlist_node __rcu **)((node)->pprev)))

/* ---- hlist: updates (caller holds the update-side lock) ------------------- */

/* Unlink n, leaving ->next for readers on it and poisoning ->pprev. */
static inline void hlist_del_rcu(struct hlist_node *n)
{
	__hlist_del(n);
	RCUTABLE_WRITE_ONCE(n->pprev, (struct hlist_node **)LIST_POISON2);
}

/* Unlink n if it is on a list and mark it unhashed; ->next stays for
 * readers, so n may be re-added only after a grace period. */
static inline void hlist_del_init_rcu(struct hlist_node *n)
{
	if (!hlist_unhashed(n)) {
		__hlist_del(n);
		RCUTABLE_WRITE_ONCE(n->pprev, NULL);
	}
}

/* Put node where old is; readers see one of them there. */
static inline void hlist_replace_rcu(struct hlist_node *old, struct hlist_node *node)
{
	struct hlist_node *next = old->next;

	node->next = next;
	RCUTABLE_WRITE_ONCE(node->pprev, old->pprev);
	/* Release: node's fields before a reader reaches it; pairs with the
	 * traversal's dependent load. */
	rcu_assign_pointer(*(struct hlist_node __rcu **)node->pprev, node);
	if (next)
		RCUTABLE_WRITE_ONCE(next->pprev, &node->next);
	RCUTABLE_WRITE_ONCE(old->pprev, (struct hlist_node **)LIST_POISON2);
}

static inline void hlist_add_head_rcu(struct hlist_node *n, struct hlist_head *h)
{
	struct hlist_node *first = h->first;

	n->next = first;
	RCUTABLE_WRITE_ONCE(n->pprev, &h->first);
	/* Release: n's fields before a reader reaches n (as above). */
	rcu_assign_pointer(hlist_first_rcu(h), n);
	if (first)
		RCUTABLE_WRITE_ONCE(first->pprev, &n->next);
}

/* Add n after the last node (a walk of the whole chain, under the lock). */
static inline void hlist_add_tail_rcu(struct hlist_node *n, struct hlist_head *h)
{
	struct hlist_node *i, *last = NULL;

	for (i = h->first; i; i = i->next)
		last = i;
	if (!last) {
		hlist_add_head_rcu(n, h);
		return;
	}
	n->next = NULL;
	RCUTABLE_WRITE_ONCE(n->pprev, &last->next);
	/* Release: n's fields before a reader reaches n (as above). */
	rcu_assign_pointer(hlist_next_rcu(last), n);
}

/* Add n right before next, which is on a list. */
static inline void hlist_add_before_rcu(struct hlist_node *n, struct hlist_node *next)
{
	RCUTABLE_WRITE_ONCE(n->pprev, next->pprev);
	n->next = next;
	/* Release: n's fields before a reader reaches n (as above). */
	rcu_assign_pointer(hlist_pprev_rcu(n), n);
	RCUTABLE_WRITE_ONCE(next->pprev, &n->next);
}

/* Add n right after prev, which is on a list. */
static inline void hlist_add_behind_rcu(struct hlist_node *n, struct hlist_node *prev)
{
	n->next = prev->next;
	RCUTABLE_WRITE_ONCE(n->pprev, &prev->next);
	/* Release: n's fields before a reader reaches n (as above). */
	rcu_assign_pointer(hlist_next_rcu(prev), n);
	if (n->next)
		RCUTABLE_WRITE_ONCE(n->next->pprev, &n->next);
}

/* The 2019 table's older name of hlist_add_behind_rcu(), with the old
 * argument order: prev first. */
static inline void hlist_add_after_rcu(struct hlist_node *prev, struct hlist_node *n)
{
	hlist_add_behind_rcu(n, prev);
}

/* ---- hlist: readers ----------------------------------------------------------------- */

#define __rcutable_hlist_entry_rcu(ptr, type, member)			\
	__extension__ ({ struct hlist_node *__rcutable_hn = rcu_dereference_raw(ptr); \
	   __rcutable_hn ? rcutable_container_of(__rcutable_hn, type, member) : NULL; })

/* The optional condition as list_for_each_entry_rcu()'s. */
#define hlist_for_each_entry_rcu(pos, head, ...)			\
	__rcutable_hlist_for_each_entry_rcu(pos, head, __VA_ARGS__, 0)
#define __rcutable_hlist_for_each_entry_rcu(pos, head, member, ...)	\
	for ((pos) = __rcutable_hlist_entry_rcu(hlist_first_rcu(head),	\
						__typeof__(*(pos)), member); \
	     (pos);							\
	     (pos) = __rcutable_hlist_entry_rcu(hlist_next_rcu(&(pos)->member), \
						__typeof__(*(pos)), member))

/* The _srcu form (since 2019): cond as list_for_each_entry_srcu()'s. */
#define hlist_for_each_entry_srcu(pos, head, member, cond)		\
	for (__rcutable_list_check(cond),				\
	     (pos) = __rcutable_hlist_entry_rcu(hlist_first_rcu(head),	\
						__typeof__(*(pos)), member); \
	     (pos);							\
	     (pos) = __rcutable_hlist_entry_rcu(hlist_next_rcu(&(pos)->member), \
						__typeof__(*(pos)), member))

/* The RCU BH and notrace forms: the same readers of the one RCU. */
#define hlist_for_each_entry_rcu_bh(pos, head, member)			\
	hlist_for_each_entry_rcu(pos, head, member)
#define hlist_for_each_entry_rcu_notrace(pos, head, member)		\
	hlist_for_each_entry_rcu(pos, head, member)

/* From the node after pos, which the caller reached in this reader. */
#define hlist_for_each_entry_continue_rcu(pos, member)			\
	for ((pos) = __rcutable_hlist_entry_rcu(hlist_next_rcu(&(pos)->member), \
						__typeof__(*(pos)), member); \
	     (pos);							\
	     (pos) = __rcutable_hlist_entry_rcu(hlist_next_rcu(&(pos)->member), \
						__typeof__(*(pos)), member))
#define hlist_for_each_entry_continue_rcu_bh(pos, member)		\
	hlist_for_each_entry_continue_rcu(pos, member)

/* From pos itself. */
#define hlist_for_each_entry_from_rcu(pos, member)			\
	for (; (pos);							\
	     (pos) = __rcutable_hlist_entry_rcu(hlist_next_rcu(&(pos)->member), \
						__typeof__(*(pos)), member))

/*
 * Swap two hlists' nodes between their heads, for readers traversing
 * either (since 2019): each head publishes the other's first node, then
 * the first nodes' back pointers follow.  A reader that loaded a head
 * before the swap walks the list it found; one that loads it after walks
 * the other.  Caller holds both lists' update-side locks.
 */
static inline void hlists_swap_heads_rcu(struct hlist_head *left, struct hlist_head *right)
{
	struct hlist_node *l = left->first, *r = right->first;

	rcu_assign_pointer(hlist_first_rcu(left), r);
	rcu_assign_pointer(hlist_first_rcu(right), l);
	if (r)
		RCUTABLE_WRITE_ONCE(r->pprev, &left->first);
	if (l)
		RCUTABLE_WRITE_ONCE(l->pprev, &right->first);
}

#endif /* RCUTABLE_RCULIST_H */
