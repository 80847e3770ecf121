/* SPDX-License-Identifier: MIT */
/*
 * conformance/liburcu/flavor.c: a program written for liburcu's RCU API,
 * built unchanged against liburcu and against rcutable's liburcu API
 * (pkg-config rcutable-<impl>-urcu), once per liburcu flavor:
 * -DFLAVOR_HEADER='<urcu-qsbr.h>' (default <urcu.h>, memb), with -DQSBR
 * for the flavor whose readers report quiescent states, -DBP for urcu-bp.
 * scripts/test-liburcu builds and runs it both ways.
 *
 * Readers walk an RCU list (liburcu's cds_list_*_rcu) and follow a
 * pointer that an updater replaces with rcu_xchg_pointer(),
 * rcu_cmpxchg_pointer() and rcu_set_pointer(); the old objects are freed
 * by call_rcu(), defer_rcu() and after synchronize_rcu() (or 0.14's
 * polled grace periods, where the flavor header has them), and poisoned
 * first, so that a grace period that ends too early shows as a reader that
 * sees poison.  Exits 1 with a message if one does, or if anything queued
 * was not freed.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#ifndef FLAVOR_HEADER
#define FLAVOR_HEADER <urcu.h>
#endif
#include FLAVOR_HEADER
#include <urcu/rculist.h>

#define LIVE	0x11111111
#define POISON	0xdeadbeef

struct obj {
	unsigned value;
	struct cds_list_head node;
	struct rcu_head rcu;
};

static struct obj *current;
static CDS_LIST_HEAD(list);
static int stop, bad;
static unsigned long freed, made;

static struct obj *obj_new(void)
{
	struct obj *o = malloc(sizeof(*o));

	o->value = LIVE;
	__atomic_fetch_add(&made, 1, __ATOMIC_RELAXED);
	return o;
}

static void obj_kill(struct obj *o)
{
	o->value = POISON;	/* a reader that still sees this saw a short grace period */
	free(o);
	__atomic_fetch_add(&freed, 1, __ATOMIC_RELAXED);
}

static void free_cb(struct rcu_head *head)
{
	obj_kill(caa_container_of(head, struct obj, rcu));
}

static void free_deferred(void *p)
{
	obj_kill(p);
}

/* A grace period, waited for; every other time through liburcu 0.14's
 * polled API where the flavor header brings it in. */
static unsigned long polled;

static void wait_for_readers(int i)
{
#ifdef _URCU_POLL_H
	if (i % 2) {
		struct urcu_gp_poll_state s = start_poll_synchronize_rcu();

		while (!poll_state_synchronize_rcu(s))
			usleep(100);
		polled++;
		return;
	}
#else
	(void)i;
#endif
	synchronize_rcu();
}

static void *reader(void *arg)
{
	(void)arg;
	rcu_register_thread();
	while (!__atomic_load_n(&stop, __ATOMIC_RELAXED)) {
		struct obj *o;

		rcu_read_lock();
		o = rcu_dereference(current);
		if (o && o->value != LIVE)
			__atomic_store_n(&bad, 1, __ATOMIC_RELAXED);
		cds_list_for_each_entry_rcu(o, &list, node)
			if (o->value != LIVE)
				__atomic_store_n(&bad, 1, __ATOMIC_RELAXED);
		rcu_read_unlock();
#ifdef QSBR
		rcu_quiescent_state();
#endif
	}
#ifdef QSBR
	rcu_thread_offline();
#endif
	rcu_unregister_thread();
	return NULL;
}

int main(void)
{
	pthread_t tids[2];
	struct obj *old;
	int i;

	rcu_register_thread();
#ifdef QSBR
	rcu_thread_offline();	/* the updater: no reader here */
#endif
	rcu_defer_register_thread();
	rcu_set_pointer(&current, obj_new());
	for (i = 0; i < 4; i++) {
		struct obj *o = obj_new();
		cds_list_add_tail_rcu(&o->node, &list);
	}
	for (i = 0; i < 2; i++)
		pthread_create(&tids[i], NULL, reader, NULL);
	for (i = 0; i < 3000; i++) {
		struct obj *o, *n;

		switch (i % 3) {
		case 0:		/* xchg, then call_rcu() */
			old = rcu_xchg_pointer(&current, obj_new());
			call_rcu(&old->rcu, free_cb);
			break;
		case 1:		/* cmpxchg, then defer_rcu() */
			old = rcu_dereference(current);
			n = obj_new();
			if (rcu_cmpxchg_pointer(&current, old, n) != old) {
				fprintf(stderr, "liburcu flavor: rcu_cmpxchg_pointer() failed alone\n");
				return 1;
			}
			defer_rcu(free_deferred, old);
			break;
		default:	/* a list node replaced, then a grace period */
			o = cds_list_entry(list.next, struct obj, node);
			n = obj_new();
			cds_list_replace_rcu(&o->node, &n->node);
			cds_list_del_rcu(&n->node);
			cds_list_add_tail_rcu(&n->node, &list);
			wait_for_readers(i);
			obj_kill(o);
			break;
		}
	}
	__atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
	for (i = 0; i < 2; i++)
		pthread_join(tids[i], NULL);
	old = rcu_xchg_pointer(&current, NULL);
	call_rcu(&old->rcu, free_cb);
	while (!cds_list_empty(&list)) {
		struct obj *o = cds_list_entry(list.next, struct obj, node);

		cds_list_del_rcu(&o->node);
		call_rcu(&o->rcu, free_cb);
	}
	rcu_defer_barrier();
	rcu_barrier();
	rcu_defer_unregister_thread();
#ifdef QSBR
	rcu_thread_online();
#endif
	rcu_unregister_thread();
	printf("liburcu flavor: %lu made, %lu freed, %lu grace periods polled, %s\n",
	       made, freed, polled, bad ? "a reader saw a freed object" : "no reader saw a freed object");
	return bad || freed != made;
}
