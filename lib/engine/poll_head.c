/* SPDX-License-Identifier: MIT */
/*
 * lib/engine/poll_head.c: see poll_head.h.
 *
 * The protocol, between starters and the head's callback:
 *   starter:  want = max(want, cookie); full fence;
 *             if (!xchg(queued, 1)) queue(head)
 *   callback: queued = 0; full fence; if want is not complete and
 *             !xchg(queued, 1), queue(head) again
 * A starter that finds the head queued has published its cookie first
 * (its fence); the callback that will
 * clear queued reads want after its clear (the fence), so it sees that
 * cookie, or a newer one, and queues again if it is not complete.  A
 * starter that queues the head itself queues it after taking its cookie,
 * so the grace period the head waits for begins after that cookie and
 * completes it.
 */
#include "engine/poll_head.h"

#include "engine/cbq.h"

#include <rcutable/compiler.h>

/* Queue the head; an expedited start skips the gathering. */
static void poll_head_queue(struct rcutable_poll_head *ph, const struct rcutable_poll_ops *ops,
			    void *domain, rcu_callback_t func, bool hurry)
{
	struct rcutable_cbq *q = ops->engine(domain);

	rcutable_cbq_enqueue(q, &ph->head, func);
	if (hurry)
		rcutable_cbq_hurry(q);
}

/* Is cookie a newer than b (cookies count up, and may wrap)? */
static bool cookie_after(unsigned long a, unsigned long b)
{
	return (long)(a - b) > 0;
}

static void poll_head_cb(struct rcu_head *head)
{
	struct rcutable_poll_head *ph = (struct rcutable_poll_head *)head;
	const struct rcutable_poll_ops *ops = __atomic_load_n(&ph->ops, __ATOMIC_RELAXED);
	void *domain = __atomic_load_n(&ph->domain, __ATOMIC_RELAXED);
	bool hurry = __atomic_exchange_n(&ph->hurry, 0, __ATOMIC_RELAXED);

	/* Release: pairs with the acquire in rcutable_poll_head_busy(). */
	__atomic_store_n(&ph->queued, 0, __ATOMIC_RELEASE);
	/* The clear before the load of want: pairs with the fence in
	 * rcutable_poll_head_start() (either it queues the head itself, or
	 * we see its cookie). */
	rcutable_smp_mb();
	if (!ops->done(domain, __atomic_load_n(&ph->want, __ATOMIC_RELAXED)) &&
	    !__atomic_exchange_n(&ph->queued, 1, __ATOMIC_RELAXED)) {
		/* The expedited start taken above goes on with the head. */
		if (hurry)
			__atomic_store_n(&ph->hurry, 1, __ATOMIC_RELAXED);
		poll_head_queue(ph, ops, domain, poll_head_cb, hurry);
	}
}

void rcutable_poll_head_start(struct rcutable_poll_head *ph,
			      const struct rcutable_poll_ops *ops, void *domain,
			      unsigned long cookie, bool hurry)
{
	unsigned long want = __atomic_load_n(&ph->want, __ATOMIC_RELAXED);

	while (cookie_after(cookie, want) &&
	       !__atomic_compare_exchange_n(&ph->want, &want, cookie, false,
					    __ATOMIC_RELAXED, __ATOMIC_RELAXED))
		;
	/* The same values from every start; the callback reads them after
	 * the queue() that follows them. */
	__atomic_store_n(&ph->ops, ops, __ATOMIC_RELAXED);
	__atomic_store_n(&ph->domain, domain, __ATOMIC_RELAXED);
	if (hurry)
		__atomic_store_n(&ph->hurry, 1, __ATOMIC_RELAXED);
	/* want before queued: pairs with the fence in poll_head_cb(). */
	rcutable_smp_mb();
	if (!__atomic_exchange_n(&ph->queued, 1, __ATOMIC_RELAXED))
		poll_head_queue(ph, ops, domain, poll_head_cb, hurry);
}

bool rcutable_poll_head_hurried(const struct rcutable_poll_head *ph)
{
	return __atomic_load_n(&ph->hurry, __ATOMIC_RELAXED);
}

bool rcutable_poll_head_busy(const struct rcutable_poll_head *ph)
{
	/* Acquire: pairs with the release in poll_head_cb(). */
	return __atomic_load_n(&ph->queued, __ATOMIC_ACQUIRE);
}
