/* SPDX-License-Identifier: MIT */
/*
 * rcutable/list_bl.h: hlist_bl, linear doubly linked lists whose head
 * carries a bit lock in bit 0 of its first pointer: a hash table's bucket
 * lock costs no memory of its own.  Nodes are at least 2-byte aligned, so
 * bit 0 of a node's address is free.
 *
 * Updates are made with the head's lock held (hlist_bl_lock()); the lock
 * bit survives every update of the first pointer.  rculist_bl.h has the
 * RCU forms.
 */
#ifndef RCUTABLE_LIST_BL_H
#define RCUTABLE_LIST_BL_H

#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <rcutable/list.h>

struct hlist_bl_node {
	struct hlist_bl_node *next, **pprev;
};

struct hlist_bl_head {
	struct hlist_bl_node *first;
};

#define LIST_BL_LOCKMASK	1UL

/* Misuse of the lock bit: a message and abort(), in every build. */
static inline void __rcutable_list_bl_require(bool ok, const char *what)
{
	if (rcutable_unlikely(!ok)) {
		fprintf(stderr, "rcutable: %s\n", what);
		abort();
	}
}

#define INIT_HLIST_BL_HEAD(ptr)	((ptr)->first = NULL)

static inline void INIT_HLIST_BL_NODE(struct hlist_bl_node *h)
{
	h->next = NULL;
	h->pprev = NULL;
}

#define hlist_bl_entry(ptr, type, member)	rcutable_container_of(ptr, type, member)

static inline bool hlist_bl_unhashed(const struct hlist_bl_node *h)
{
	return !h->pprev;
}

/* The first node, without the lock bit. */
static inline struct hlist_bl_node *hlist_bl_first(struct hlist_bl_head *h)
{
	return (struct hlist_bl_node *)((uintptr_t)h->first & ~LIST_BL_LOCKMASK);
}

/* What a new first node n of h is to be stored as: n with the lock bit,
 * which the caller must hold; who names the caller in a refusal. */
#define __rcutable_hlist_bl_locked_first(h, n, who)			\
	__extension__ ({							 \
		__rcutable_list_bl_require(!((uintptr_t)(n) & LIST_BL_LOCKMASK), \
					   who "(): a node at an odd address"); \
		__rcutable_list_bl_require((uintptr_t)(h)->first & LIST_BL_LOCKMASK, \
					   who "() without the head's lock held"); \
		(struct hlist_bl_node *)((uintptr_t)(n) | LIST_BL_LOCKMASK); \
	})

/* Set the first node, keeping the lock bit, which the caller holds. */
static inline void hlist_bl_set_first(struct hlist_bl_head *h, struct hlist_bl_node *n)
{
	RCUTABLE_WRITE_ONCE(h->first,
		__rcutable_hlist_bl_locked_first(h, n, "hlist_bl_set_first"));
}

static inline bool hlist_bl_empty(const struct hlist_bl_head *h)
{
	return !((uintptr_t)RCUTABLE_READ_ONCE(h->first) & ~LIST_BL_LOCKMASK);
}

/* Link n in front of h's first node; the caller then makes n first. */
static inline void __hlist_bl_link_head(struct hlist_bl_node *n, struct hlist_bl_head *h)
{
	struct hlist_bl_node *first = hlist_bl_first(h);

	n->next = first;
	if (first)
		first->pprev = &n->next;
	n->pprev = &h->first;
}

static inline void hlist_bl_add_head(struct hlist_bl_node *n, struct hlist_bl_head *h)
{
	__hlist_bl_link_head(n, h);
	hlist_bl_set_first(h, n);
}

/* Unlink n.  When n is first, *pprev is the head's word: keep its lock bit. */
static inline void __hlist_bl_del(struct hlist_bl_node *n)
{
	struct hlist_bl_node *next = n->next, **pprev = n->pprev;

	__rcutable_list_bl_require(!((uintptr_t)n & LIST_BL_LOCKMASK),
				   "hlist_bl_del(): a node at an odd address");
	RCUTABLE_WRITE_ONCE(*pprev, (struct hlist_bl_node *)((uintptr_t)next |
		((uintptr_t)*pprev & LIST_BL_LOCKMASK)));
	if (next)
		next->pprev = pprev;
}

static inline void hlist_bl_del(struct hlist_bl_node *n)
{
	__hlist_bl_del(n);
	n->next = (struct hlist_bl_node *)LIST_POISON1;
	n->pprev = (struct hlist_bl_node **)LIST_POISON2;
}

static inline void hlist_bl_del_init(struct hlist_bl_node *n)
{
	if (!hlist_bl_unhashed(n)) {
		__hlist_bl_del(n);
		INIT_HLIST_BL_NODE(n);
	}
}

/* ---- The bit lock --------------------------------------------------------- */

/*
 * Take the head's lock: set bit 0 of its first pointer.  Acquire: the
 * previous holder's updates, released by hlist_bl_unlock(), are seen.
 * Spins, then yields the CPU, so a preempted holder gets to run.
 */
static inline void hlist_bl_lock(struct hlist_bl_head *b)
{
	uintptr_t *word = (uintptr_t *)&b->first;

	for (unsigned spins = 0;; spins++) {
		if (!(__atomic_fetch_or(word, LIST_BL_LOCKMASK, __ATOMIC_ACQUIRE) &
		      LIST_BL_LOCKMASK))
			return;
		while (__atomic_load_n(word, __ATOMIC_RELAXED) & LIST_BL_LOCKMASK) {
			if (++spins < 100)
				rcutable_cpu_relax();
			else
				sched_yield();
		}
	}
}

/* Release the lock: the holder's updates before the bit is clear; pairs
 * with the acquire in hlist_bl_lock(). */
static inline void hlist_bl_unlock(struct hlist_bl_head *b)
{
	uintptr_t *word = (uintptr_t *)&b->first;

	__rcutable_list_bl_require(__atomic_load_n(word, __ATOMIC_RELAXED) & LIST_BL_LOCKMASK,
				   "hlist_bl_unlock() of a head that is not locked");
	__atomic_fetch_and(word, ~LIST_BL_LOCKMASK, __ATOMIC_RELEASE);
}

static inline bool hlist_bl_is_locked(struct hlist_bl_head *b)
{
	return __atomic_load_n((uintptr_t *)&b->first, __ATOMIC_RELAXED) & LIST_BL_LOCKMASK;
}

/* tpos: the entry; pos: a struct hlist_bl_node *.  Under the lock. */
#define hlist_bl_for_each_entry(tpos, pos, head, member)		\
	for ((pos) = hlist_bl_first(head);				\
	     (pos) && ((tpos) = hlist_bl_entry(pos, __typeof__(*(tpos)), member), 1); \
	     (pos) = (pos)->next)

/* The same, where the body may unlink tpos; n is a struct hlist_bl_node *. */
#define hlist_bl_for_each_entry_safe(tpos, pos, n, head, member)	\
	for ((pos) = hlist_bl_first(head);				\
	     (pos) && ((n) = (pos)->next, 1) &&				\
	     ((tpos) = hlist_bl_entry(pos, __typeof__(*(tpos)), member), 1); \
	     (pos) = (n))

#endif /* RCUTABLE_LIST_BL_H */
