/* SPDX-License-Identifier: MIT */
/*
 * rcutable/list_nulls.h: hlist_nulls, linear doubly linked lists whose end
 * is not NULL but a "nulls" marker: an odd pointer value carrying up to
 * 31 bits (63 on 64-bit) of the user's choosing, typically the number of
 * the hash bucket.  A lookup that reaches the end of a chain can thus tell
 * whether it ended on the chain it started on: if an object it was
 * standing on moved to another bucket meanwhile (a cache whose objects are
 * reused without a grace period), the nulls value differs and the lookup
 * restarts.
 *
 * The caller serializes updates.  rculist_nulls.h has the RCU forms.
 */
#ifndef RCUTABLE_LIST_NULLS_H
#define RCUTABLE_LIST_NULLS_H

#include <stdbool.h>
#include <stdint.h>
#include <rcutable/list.h>

struct hlist_nulls_node {
	struct hlist_nulls_node *next, **pprev;
};

struct hlist_nulls_head {
	struct hlist_nulls_node *first;
};

/* The end marker that carries value. */
#define NULLS_MARKER(value)	(1UL | (((unsigned long)(value)) << 1))

#define INIT_HLIST_NULLS_HEAD(ptr, nulls)				\
	((ptr)->first = (struct hlist_nulls_node *)NULLS_MARKER(nulls))

/* Is ptr an end marker rather than a node? */
static inline bool is_a_nulls(const struct hlist_nulls_node *ptr)
{
	return (uintptr_t)ptr & 1;
}

/* The value an end marker carries. */
static inline unsigned long get_nulls_value(const struct hlist_nulls_node *ptr)
{
	return (unsigned long)((uintptr_t)ptr >> 1);
}

#define hlist_nulls_entry(ptr, type, member)	rcutable_container_of(ptr, type, member)
#define hlist_nulls_entry_safe(ptr, type, member)			\
	__extension__ ({ __typeof__(ptr) __rcutable_np = (ptr);		\
	   !is_a_nulls(__rcutable_np) ?					\
		hlist_nulls_entry(__rcutable_np, type, member) : NULL; })

static inline bool hlist_nulls_unhashed(const struct hlist_nulls_node *h)
{
	return !h->pprev;
}

static inline bool hlist_nulls_unhashed_lockless(const struct hlist_nulls_node *h)
{
	return !RCUTABLE_READ_ONCE(h->pprev);
}

static inline bool hlist_nulls_empty(const struct hlist_nulls_head *h)
{
	return is_a_nulls(RCUTABLE_READ_ONCE(h->first));
}

static inline void hlist_nulls_add_head(struct hlist_nulls_node *n,
					struct hlist_nulls_head *h)
{
	struct hlist_nulls_node *first = h->first;

	n->next = first;
	RCUTABLE_WRITE_ONCE(n->pprev, &h->first);
	RCUTABLE_WRITE_ONCE(h->first, n);
	if (!is_a_nulls(first))
		RCUTABLE_WRITE_ONCE(first->pprev, &n->next);
}

/*
 * Make n, on no chain, look hashed (since 2019): its own ->next as its
 * back pointer and an end marker as ->next, so that hlist_nulls_unhashed()
 * is false and a delete of it does no harm.
 */
static inline void hlist_nulls_add_fake(struct hlist_nulls_node *n)
{
	n->pprev = &n->next;
	n->next = (struct hlist_nulls_node *)NULLS_MARKER(NULL);
}

/* Unlink n; its successor (perhaps the end marker) takes its place. */
static inline void __hlist_nulls_del(struct hlist_nulls_node *n)
{
	struct hlist_nulls_node *next = n->next, **pprev = n->pprev;

	RCUTABLE_WRITE_ONCE(*pprev, next);
	if (!is_a_nulls(next))
		RCUTABLE_WRITE_ONCE(next->pprev, pprev);
}

/* Unlink n, keeping ->next (a lookup standing on n walks on to the end
 * marker of its chain) and poisoning ->pprev. */
static inline void hlist_nulls_del(struct hlist_nulls_node *n)
{
	__hlist_nulls_del(n);
	RCUTABLE_WRITE_ONCE(n->pprev, (struct hlist_nulls_node **)LIST_POISON2);
}

/* tpos: the entry; pos: a struct hlist_nulls_node * that ends on the marker. */
#define hlist_nulls_for_each_entry(tpos, pos, head, member)		\
	for ((pos) = (head)->first;					\
	     !is_a_nulls(pos) &&					\
	     ((tpos) = hlist_nulls_entry(pos, __typeof__(*(tpos)), member), 1); \
	     (pos) = (pos)->next)

#define hlist_nulls_for_each_entry_from(tpos, pos, member)		\
	for (; !is_a_nulls(pos) &&					\
	     ((tpos) = hlist_nulls_entry(pos, __typeof__(*(tpos)), member), 1); \
	     (pos) = (pos)->next)

#endif /* RCUTABLE_LIST_NULLS_H */
