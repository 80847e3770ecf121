/* SPDX-License-Identifier: MIT */
/*
 * lib/peer/liburcu_side.c: the liburcu side (peer_side.h) of the
 * ext-liburcu-* adapters, compiled once per liburcu flavor
 * (RCUTABLE_URCU_FLAVOR and RCUTABLE_URCU_HEADER, set by the Makefile).
 * It is the only file that sees liburcu's update-side headers, whose
 * struct rcu_head and rcu_dereference() would clash with rcutable's.
 */
#define _LGPL_SOURCE
#include <stddef.h>
#include RCUTABLE_URCU_HEADER
#include "peer/peer_side.h"

#define URCU_NAME2(f, x)	urcu_##f##_##x
#define URCU_NAME1(f, x)	URCU_NAME2(f, x)
#define URCU(x)			URCU_NAME1(RCUTABLE_URCU_FLAVOR, x)

/* rcutable's struct rcu_head is { next; func; }, two pointers, and so is
 * liburcu's ({ struct cds_wfcq_node next; func; }): a head embedded in a
 * user's object can be handed to liburcu as it is, and liburcu's callback
 * receives the same address. */
_Static_assert(sizeof(struct rcu_head) == 2 * sizeof(void *), "liburcu rcu_head size");
_Static_assert(offsetof(struct rcu_head, func) == sizeof(void *), "liburcu rcu_head layout");

void rcutable_peer_synchronize(void) { URCU(synchronize_rcu)(); }
void rcutable_peer_unregister(void) { URCU(unregister_thread)(); }
void rcutable_peer_barrier(void) { URCU(barrier)(); }

#ifdef RCUTABLE_URCU_BP
/*
 * urcu-bp registers a thread at its first read_lock (its reader record is
 * a pointer, NULL until then) and unregisters it at thread exit.  Its own
 * registry has fork hooks of its own, taken after the callback thread's:
 * that thread may be inside a grace period, which needs the registry.
 */
void rcutable_peer_register(void)
{
	if (!URCU_TLS(URCU(reader)))
		URCU(register_thread)();
}
void rcutable_peer_before_fork(void)
{
	URCU(call_rcu_before_fork)();
	URCU(before_fork)();
}
void rcutable_peer_after_fork_parent(void)
{
	URCU(after_fork_parent)();
	URCU(call_rcu_after_fork_parent)();
}
void rcutable_peer_after_fork_child(void)
{
	URCU(after_fork_child)();
	URCU(call_rcu_after_fork_child)();
}
#else
/* liburcu's own callback thread is registered already. */
void rcutable_peer_register(void)
{
	if (!URCU_TLS(URCU(reader)).registered)
		URCU(register_thread)();
}
void rcutable_peer_before_fork(void) { URCU(call_rcu_before_fork)(); }
void rcutable_peer_after_fork_parent(void) { URCU(call_rcu_after_fork_parent)(); }
void rcutable_peer_after_fork_child(void) { URCU(call_rcu_after_fork_child)(); }
#endif
int rcutable_peer_read_ongoing(void) { return URCU(read_ongoing)(); }
void rcutable_peer_read_unlock(void) { URCU(read_unlock)(); }

void rcutable_peer_call(void *head, void (*func)(void *))
{
	URCU(call_rcu)((struct rcu_head *)head, (void (*)(struct rcu_head *))func);
}

int rcutable_peer_on_callback_thread(void)
{
	return pthread_equal(pthread_self(),
			     URCU(get_call_rcu_thread)(URCU(get_default_call_rcu_data)()));
}
