/* SPDX-License-Identifier: MIT */
/*
 * rcutable/types.h: the callback head shared by every flavor.
 */
#ifndef RCUTABLE_TYPES_H
#define RCUTABLE_TYPES_H

struct rcu_head;

/* A callback invoked after a grace period; it receives the head it was queued with. */
typedef void (*rcu_callback_t)(struct rcu_head *head);

/*
 * Embedded in the object to be reclaimed and handed to call_rcu() and
 * friends.  Owned by rcutable from the call until the callback is invoked.
 */
struct rcu_head {
	struct rcu_head *next;
	rcu_callback_t func;
};

#define callback_head rcu_head

/*
 * kfree_rcu() queues a head whose func is the head's offset in the object
 * (always below this bound), as the kernel does.
 */
#define RCUTABLE_KFREE_OFFSET_MAX 4096

#endif /* RCUTABLE_TYPES_H */
