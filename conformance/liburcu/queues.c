/* SPDX-License-Identifier: MIT */
/*
 * conformance/liburcu/queues.c: a program written for liburcu that passes
 * items through liburcu-cds's lock-free stack (lfstack, popped inside RCU
 * read-side critical sections), its RCU lock-free queue (rculfqueue, which
 * frees through the call_rcu() it is given) and its wait-free concurrent
 * queue (wfcqueue), built unchanged against liburcu and against rcutable's
 * liburcu API (scripts/test-liburcu).
 *
 * Two threads each push and pop, enqueue and dequeue; a popped stack node
 * or a dequeued queue node is read inside the section and then poisoned
 * and freed after a grace period, so a reader that finds poison caught one
 * that ended too early (or a node handed out twice).  Exits 1 with a
 * message if one does, or if the items taken out differ from those put in.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <urcu.h>
#include <urcu/lfstack.h>
#include <urcu/rculfqueue.h>
#include <urcu/wfcqueue.h>

#define PER_THREAD	20000
#define LIVE		0x33333333
#define POISON		0xdeadbeef

struct item {
	unsigned value;
	unsigned long id;
	struct cds_lfs_node snode;
	struct cds_lfq_node_rcu qnode;
	struct cds_wfcq_node wnode;
	struct rcu_head rcu;
};

static struct cds_lfs_stack stack;
static struct cds_lfq_queue_rcu lfq;
static struct cds_wfcq_head wfq_head;
static struct cds_wfcq_tail wfq_tail;
static unsigned long taken_sum, taken;	/* ids out of the stack and the queues */
static int bad;

static struct item *item_new(unsigned long id)
{
	struct item *it = calloc(1, sizeof(*it));

	if (!it)
		abort();
	it->value = LIVE;
	it->id = id;
	cds_lfs_node_init(&it->snode);
	cds_lfq_node_init_rcu(&it->qnode);
	cds_wfcq_node_init(&it->wnode);
	return it;
}

static void item_free(struct rcu_head *head)
{
	struct item *it = caa_container_of(head, struct item, rcu);

	it->value = POISON;	/* a reader that still sees this saw a short grace period */
	free(it);
}

/* Inside a read-side section: the item must be live; count it. */
static void take(struct item *it)
{
	if (it->value != LIVE)
		__atomic_store_n(&bad, 1, __ATOMIC_RELAXED);
	__atomic_fetch_add(&taken_sum, it->id, __ATOMIC_RELAXED);
	__atomic_fetch_add(&taken, 1, __ATOMIC_RELAXED);
}

static void *worker(void *arg)
{
	unsigned long base = (unsigned long)arg * 3 * PER_THREAD;

	rcu_register_thread();
	for (unsigned long i = 0; i < PER_THREAD; i++) {
		struct cds_lfs_node *sn;
		struct cds_lfq_node_rcu *qn;
		struct cds_wfcq_node *wn;

		cds_lfs_push(&stack, &item_new(base + 3 * i + 1)->snode);
		rcu_read_lock();
		cds_lfq_enqueue_rcu(&lfq, &item_new(base + 3 * i + 2)->qnode);
		rcu_read_unlock();
		cds_wfcq_enqueue(&wfq_head, &wfq_tail, &item_new(base + 3 * i + 3)->wnode);

		rcu_read_lock();
		sn = __cds_lfs_pop(&stack);
		if (sn)
			take(caa_container_of(sn, struct item, snode));
		qn = cds_lfq_dequeue_rcu(&lfq);
		if (qn)
			take(caa_container_of(qn, struct item, qnode));
		rcu_read_unlock();
		if (sn)
			call_rcu(&caa_container_of(sn, struct item, snode)->rcu, item_free);
		if (qn)
			call_rcu(&caa_container_of(qn, struct item, qnode)->rcu, item_free);
		wn = cds_wfcq_dequeue_blocking(&wfq_head, &wfq_tail);
		if (wn) {	/* no grace period needed: one owner at a time */
			struct item *it = caa_container_of(wn, struct item, wnode);

			rcu_read_lock();
			take(it);
			rcu_read_unlock();
			free(it);
		}
	}
	rcu_unregister_thread();
	return NULL;
}

int main(void)
{
	unsigned long n = 3UL * 2 * PER_THREAD, want = n * (n + 1) / 2;
	struct cds_lfs_node *sn;
	struct cds_lfq_node_rcu *qn;
	struct cds_wfcq_node *wn;
	pthread_t t[2];

	cds_lfs_init(&stack);
	cds_lfq_init_rcu(&lfq, call_rcu);
	cds_wfcq_init(&wfq_head, &wfq_tail);
	rcu_register_thread();
	for (long i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, worker, (void *)i);
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	/* What is left, alone now. */
	rcu_read_lock();
	while ((sn = __cds_lfs_pop(&stack))) {
		take(caa_container_of(sn, struct item, snode));
		call_rcu(&caa_container_of(sn, struct item, snode)->rcu, item_free);
	}
	while ((qn = cds_lfq_dequeue_rcu(&lfq))) {
		take(caa_container_of(qn, struct item, qnode));
		call_rcu(&caa_container_of(qn, struct item, qnode)->rcu, item_free);
	}
	while ((wn = cds_wfcq_dequeue_blocking(&wfq_head, &wfq_tail))) {
		take(caa_container_of(wn, struct item, wnode));
		free(caa_container_of(wn, struct item, wnode));
	}
	rcu_read_unlock();
	rcu_barrier();
	if (cds_lfq_destroy_rcu(&lfq))
		bad = 1;
	cds_lfs_destroy(&stack);
	cds_wfcq_destroy(&wfq_head, &wfq_tail);
	rcu_unregister_thread();
	printf("liburcu queues: %lu items through lfstack, rculfqueue and wfcqueue, "
	       "%s, %s\n", taken, taken_sum == want && taken == n ? "each once" :
	       "NOT each once", bad ? "a freed item was seen" : "none seen freed");
	return bad || taken_sum != want || taken != n;
}
