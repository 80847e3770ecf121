/* SPDX-License-Identifier: MIT */
/*
 * lib/peer/peer_side.h: what a peer library provides to peer_adapter.c,
 * under neutral names and types.  One side per peer: liburcu_side.c
 * (compiled once per liburcu flavor) and ck_epoch_side.c.  A side file
 * is the only one that sees its library's update-side headers, so their
 * names (liburcu's struct rcu_head, say) never meet rcutable's.
 */
#ifndef RCUTABLE_PEER_PEER_SIDE_H
#define RCUTABLE_PEER_PEER_SIDE_H

/* One full grace period of the peer, from any thread outside a reader. */
void rcutable_peer_synchronize(void);
/* Register the calling thread as a reader; harmless when repeated. */
void rcutable_peer_register(void);
/* Unregister the calling thread, which is outside any reader. */
void rcutable_peer_unregister(void);
/* Queue func(head) after a grace period; head is rcutable's rcu_head. */
void rcutable_peer_call(void *head, void (*func)(void *));
/* Wait until every callback queued before has been invoked. */
void rcutable_peer_barrier(void);
/* True on the thread that invokes callbacks. */
int rcutable_peer_on_callback_thread(void);
/* The calling thread's section nesting, and one level of unlock. */
int rcutable_peer_read_ongoing(void);
void rcutable_peer_read_unlock(void);
/* pthread_atfork() hooks, installed once by the adapter. */
void rcutable_peer_before_fork(void);
void rcutable_peer_after_fork_parent(void);
void rcutable_peer_after_fork_child(void);

#endif /* RCUTABLE_PEER_PEER_SIDE_H */
