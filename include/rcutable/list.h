/* SPDX-License-Identifier: MIT */
/*
 * rcutable/list.h: the plain (non-RCU) doubly linked lists the RCU list
 * APIs build on, with the kernel's names and layouts:
 *
 *   struct list_head    a circular list; the head is a node of its own
 *   struct hlist_head   a linear list (hash-bucket heads, one pointer each)
 *   struct hlist_node   its nodes: next, and pprev, the address of the
 *                       pointer that points at this node
 *
 * Nothing here is safe against concurrent readers or writers: the caller
 * holds whatever lock serializes its updates.  Stores that an RCU reader
 * may observe (a head's next, a node's next) are single-copy atomic
 * (WRITE_ONCE), so that rculist.h can build on these helpers; the
 * publication of a new node is rculist.h's, with rcu_assign_pointer().
 *
 * A deleted node's pointers are poisoned with addresses no mapping covers
 * (below mmap_min_addr), so a use after list_del() faults at once.
 */
#ifndef RCUTABLE_LIST_H
#define RCUTABLE_LIST_H

#include <stdbool.h>
#include <stddef.h>
#include <rcutable/compiler.h>
#include <rcutable/container_of.h>

struct list_head {
	struct list_head *next, *prev;
};

struct hlist_node {
	struct hlist_node *next, **pprev;
};

struct hlist_head {
	struct hlist_node *first;
};

#define LIST_POISON1	((void *)0x100)
#define LIST_POISON2	((void *)0x122)

/* ---- list: initialization and tests --------------------------------------- */

#define LIST_HEAD_INIT(name)	{ &(name), &(name) }
#define LIST_HEAD(name)		struct list_head name = LIST_HEAD_INIT(name)

static inline void INIT_LIST_HEAD(struct list_head *list)
{
	RCUTABLE_WRITE_ONCE(list->next, list);
	list->prev = list;
}

static inline bool list_empty(const struct list_head *head)
{
	return RCUTABLE_READ_ONCE(head->next) == head;
}

static inline bool list_is_head(const struct list_head *list, const struct list_head *head)
{
	return list == head;
}

static inline bool list_is_first(const struct list_head *list, const struct list_head *head)
{
	return list->prev == head;
}

static inline bool list_is_last(const struct list_head *list, const struct list_head *head)
{
	return list->next == head;
}

static inline bool list_is_singular(const struct list_head *head)
{
	return !list_empty(head) && head->next == head->prev;
}

/* ---- list: adding, deleting, replacing, moving --------------------------- */

/* Link node between prev and next, which are adjacent. */
static inline void __list_add(struct list_head *node, struct list_head *prev,
			      struct list_head *next)
{
	next->prev = node;
	node->next = next;
	node->prev = prev;
	RCUTABLE_WRITE_ONCE(prev->next, node);
}

/* Add node right after head (a stack). */
static inline void list_add(struct list_head *node, struct list_head *head)
{
	__list_add(node, head, head->next);
}

/* Add node right before head: at the tail (a queue). */
static inline void list_add_tail(struct list_head *node, struct list_head *head)
{
	__list_add(node, head->prev, head);
}

/* Join prev and next, unlinking whatever was between them. */
static inline void __list_del(struct list_head *prev, struct list_head *next)
{
	next->prev = prev;
	RCUTABLE_WRITE_ONCE(prev->next, next);
}

static inline void __list_del_entry(struct list_head *entry)
{
	__list_del(entry->prev, entry->next);
}

/* Unlink entry and poison it. */
static inline void list_del(struct list_head *entry)
{
	__list_del_entry(entry);
	entry->next = (struct list_head *)LIST_POISON1;
	entry->prev = (struct list_head *)LIST_POISON2;
}

/* Unlink entry and make it an empty list of its own. */
static inline void list_del_init(struct list_head *entry)
{
	__list_del_entry(entry);
	INIT_LIST_HEAD(entry);
}

/* Put node where old is; old's pointers are left as they were. */
static inline void list_replace(struct list_head *old, struct list_head *node)
{
	node->next = old->next;
	node->next->prev = node;
	node->prev = old->prev;
	RCUTABLE_WRITE_ONCE(node->prev->next, node);
}

static inline void list_replace_init(struct list_head *old, struct list_head *node)
{
	list_replace(old, node);
	INIT_LIST_HEAD(old);
}

static inline void list_move(struct list_head *entry, struct list_head *head)
{
	__list_del_entry(entry);
	list_add(entry, head);
}

static inline void list_move_tail(struct list_head *entry, struct list_head *head)
{
	__list_del_entry(entry);
	list_add_tail(entry, head);
}

/* ---- list: splicing --------------------------------------------------------- */

/* Put the nodes of the non-empty list between prev and next. */
static inline void __list_splice(const struct list_head *list, struct list_head *prev,
				 struct list_head *next)
{
	struct list_head *first = list->next, *last = list->prev;

	first->prev = prev;
	last->next = next;
	next->prev = last;
	RCUTABLE_WRITE_ONCE(prev->next, first);
}

/* list's nodes go after head; list itself is left as it was. */
static inline void list_splice(const struct list_head *list, struct list_head *head)
{
	if (!list_empty(list))
		__list_splice(list, head, head->next);
}

/* list's nodes go before head, at the tail. */
static inline void list_splice_tail(const struct list_head *list, struct list_head *head)
{
	if (!list_empty(list))
		__list_splice(list, head->prev, head);
}

/* As list_splice(), and list is left empty. */
static inline void list_splice_init(struct list_head *list, struct list_head *head)
{
	if (!list_empty(list)) {
		__list_splice(list, head, head->next);
		INIT_LIST_HEAD(list);
	}
}

/* As list_splice_tail(), and list is left empty. */
static inline void list_splice_tail_init(struct list_head *list, struct list_head *head)
{
	if (!list_empty(list)) {
		__list_splice(list, head->prev, head);
		INIT_LIST_HEAD(list);
	}
}

/* ---- list: entries and traversal ------------------------------------------------ */

#define list_entry(ptr, type, member)		rcutable_container_of(ptr, type, member)
#define list_first_entry(ptr, type, member)	list_entry((ptr)->next, type, member)
#define list_last_entry(ptr, type, member)	list_entry((ptr)->prev, type, member)
#define list_first_entry_or_null(ptr, type, member)			\
	(list_empty(ptr) ? NULL : list_first_entry(ptr, type, member))
#define list_next_entry(pos, member)					\
	list_entry((pos)->member.next, __typeof__(*(pos)), member)
#define list_prev_entry(pos, member)					\
	list_entry((pos)->member.prev, __typeof__(*(pos)), member)
#define list_entry_is_head(pos, head, member)	(&(pos)->member == (head))

#define list_for_each(pos, head)					\
	for ((pos) = (head)->next; !list_is_head(pos, head); (pos) = (pos)->next)
#define list_for_each_safe(pos, n, head)				\
	for ((pos) = (head)->next, (n) = (pos)->next; !list_is_head(pos, head); \
	     (pos) = (n), (n) = (pos)->next)
#define list_for_each_entry(pos, head, member)				\
	for ((pos) = list_first_entry(head, __typeof__(*(pos)), member);	\
	     !list_entry_is_head(pos, head, member);			\
	     (pos) = list_next_entry(pos, member))
#define list_for_each_entry_reverse(pos, head, member)			\
	for ((pos) = list_last_entry(head, __typeof__(*(pos)), member);	\
	     !list_entry_is_head(pos, head, member);			\
	     (pos) = list_prev_entry(pos, member))
/* From the entry after pos. */
#define list_for_each_entry_continue(pos, head, member)			\
	for ((pos) = list_next_entry(pos, member);			\
	     !list_entry_is_head(pos, head, member);			\
	     (pos) = list_next_entry(pos, member))
/* From pos itself. */
#define list_for_each_entry_from(pos, head, member)			\
	for (; !list_entry_is_head(pos, head, member); (pos) = list_next_entry(pos, member))
/* pos may be deleted (and freed) in the body. */
#define list_for_each_entry_safe(pos, n, head, member)			\
	for ((pos) = list_first_entry(head, __typeof__(*(pos)), member),	\
	     (n) = list_next_entry(pos, member);				\
	     !list_entry_is_head(pos, head, member);			\
	     (pos) = (n), (n) = list_next_entry(n, member))

/* ---- hlist ------------------------------------------------------------------------ */

#define HLIST_HEAD_INIT		{ NULL }
#define HLIST_HEAD(name)	struct hlist_head name = HLIST_HEAD_INIT
#define INIT_HLIST_HEAD(ptr)	((ptr)->first = NULL)

static inline void INIT_HLIST_NODE(struct hlist_node *h)
{
	h->next = NULL;
	h->pprev = NULL;
}

/* Not on any list: never added, or removed with an _init deletion. */
static inline bool hlist_unhashed(const struct hlist_node *h)
{
	return !h->pprev;
}

/* The same test, for a caller that does not hold the update-side lock. */
static inline bool hlist_unhashed_lockless(const struct hlist_node *h)
{
	return !RCUTABLE_READ_ONCE(h->pprev);
}

static inline bool hlist_empty(const struct hlist_head *h)
{
	return !RCUTABLE_READ_ONCE(h->first);
}

/* Unlink n: the pointer that pointed at n points at n's successor. */
static inline void __hlist_del(struct hlist_node *n)
{
	struct hlist_node *next = n->next, **pprev = n->pprev;

	RCUTABLE_WRITE_ONCE(*pprev, next);
	if (next)
		RCUTABLE_WRITE_ONCE(next->pprev, pprev);
}

/* Unlink n and poison it. */
static inline void hlist_del(struct hlist_node *n)
{
	__hlist_del(n);
	n->next = (struct hlist_node *)LIST_POISON1;
	n->pprev = (struct hlist_node **)LIST_POISON2;
}

/* Unlink n if it is on a list, and mark it unhashed. */
static inline void hlist_del_init(struct hlist_node *n)
{
	if (!hlist_unhashed(n)) {
		__hlist_del(n);
		INIT_HLIST_NODE(n);
	}
}

static inline void hlist_add_head(struct hlist_node *n, struct hlist_head *h)
{
	struct hlist_node *first = h->first;

	RCUTABLE_WRITE_ONCE(n->next, first);
	if (first)
		RCUTABLE_WRITE_ONCE(first->pprev, &n->next);
	RCUTABLE_WRITE_ONCE(h->first, n);
	RCUTABLE_WRITE_ONCE(n->pprev, &h->first);
}

/* Add n right before next, which is on a list. */
static inline void hlist_add_before(struct hlist_node *n, struct hlist_node *next)
{
	RCUTABLE_WRITE_ONCE(n->pprev, next->pprev);
	RCUTABLE_WRITE_ONCE(n->next, next);
	RCUTABLE_WRITE_ONCE(next->pprev, &n->next);
	RCUTABLE_WRITE_ONCE(*(n->pprev), n);
}

/* Add n right after prev, which is on a list. */
static inline void hlist_add_behind(struct hlist_node *n, struct hlist_node *prev)
{
	RCUTABLE_WRITE_ONCE(n->next, prev->next);
	RCUTABLE_WRITE_ONCE(prev->next, n);
	RCUTABLE_WRITE_ONCE(n->pprev, &prev->next);
	if (n->next)
		RCUTABLE_WRITE_ONCE(n->next->pprev, &n->next);
}

#define hlist_entry(ptr, type, member)	rcutable_container_of(ptr, type, member)
#define hlist_entry_safe(ptr, type, member)				\
	__extension__ ({ __typeof__(ptr) __rcutable_hp = (ptr);		\
	   __rcutable_hp ? hlist_entry(__rcutable_hp, type, member) : NULL; })

#define hlist_for_each(pos, head)					\
	for ((pos) = (head)->first; (pos); (pos) = (pos)->next)
#define hlist_for_each_safe(pos, n, head)				\
	for ((pos) = (head)->first; (pos) && ((n) = (pos)->next, 1); (pos) = (n))
#define hlist_for_each_entry(pos, head, member)				\
	for ((pos) = hlist_entry_safe((head)->first, __typeof__(*(pos)), member); \
	     (pos);							\
	     (pos) = hlist_entry_safe((pos)->member.next, __typeof__(*(pos)), member))
#define hlist_for_each_entry_continue(pos, member)			\
	for ((pos) = hlist_entry_safe((pos)->member.next, __typeof__(*(pos)), member); \
	     (pos);							\
	     (pos) = hlist_entry_safe((pos)->member.next, __typeof__(*(pos)), member))
#define hlist_for_each_entry_from(pos, member)				\
	for (; (pos);							\
	     (pos) = hlist_entry_safe((pos)->member.next, __typeof__(*(pos)), member))
/* pos may be deleted (and freed) in the body; n is a struct hlist_node *. */
#define hlist_for_each_entry_safe(pos, n, head, member)			\
	for ((pos) = hlist_entry_safe((head)->first, __typeof__(*(pos)), member); \
	     (pos) && ((n) = (pos)->member.next, 1);			\
	     (pos) = hlist_entry_safe(n, __typeof__(*(pos)), member))

#endif /* RCUTABLE_LIST_H */
