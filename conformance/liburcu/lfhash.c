/* SPDX-License-Identifier: MIT */
/*
 * conformance/liburcu/lfhash.c: a program written for liburcu that uses
 * liburcu-cds's lock-free hash table (rculfhash), built unchanged against
 * liburcu and against rcutable's liburcu API, where Debian's liburcu-cds
 * runs over rcutable's flavor descriptor (scripts/test-liburcu).
 *
 * Two readers look keys up while the main thread replaces each key's node
 * many times (the table resizes as it grows and shrinks); a replaced node
 * is poisoned and freed by call_rcu(), so a lookup that finds poison
 * caught a grace period that ended too early.  Exits 1 with a message if
 * one does, if a lookup misses a key that is always present, or if a node
 * is not freed.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <urcu.h>
#include <urcu/rculfhash.h>

#define KEYS	512
#define LIVE	0x5a5a5a5a
#define POISON	0xdeadbeef

struct node {
	unsigned long key;
	unsigned value;
	struct cds_lfht_node lfht;
	struct rcu_head rcu;
};

static struct cds_lfht *ht;
static int stop, bad;
static unsigned long made, freed, misses;

static unsigned long hash(unsigned long key)
{
	return key * 0x9e3779b97f4a7c15UL;
}

static int match(struct cds_lfht_node *n, const void *key)
{
	return caa_container_of(n, struct node, lfht)->key == *(const unsigned long *)key;
}

static struct node *node_new(unsigned long key)
{
	struct node *n = malloc(sizeof(*n));

	n->key = key;
	n->value = LIVE;
	cds_lfht_node_init(&n->lfht);
	__atomic_fetch_add(&made, 1, __ATOMIC_RELAXED);
	return n;
}

static void node_free(struct rcu_head *head)
{
	struct node *n = caa_container_of(head, struct node, rcu);

	n->value = POISON;
	free(n);
	__atomic_fetch_add(&freed, 1, __ATOMIC_RELAXED);
}

static void *reader(void *arg)
{
	unsigned long key = (unsigned long)arg;

	rcu_register_thread();
	while (!__atomic_load_n(&stop, __ATOMIC_RELAXED)) {
		struct cds_lfht_iter iter;
		struct cds_lfht_node *found;

		key = (key + 1) % KEYS;
		rcu_read_lock();
		cds_lfht_lookup(ht, hash(key), match, &key, &iter);
		found = cds_lfht_iter_get_node(&iter);
		if (!found)
			__atomic_fetch_add(&misses, 1, __ATOMIC_RELAXED);
		else if (caa_container_of(found, struct node, lfht)->value != LIVE)
			__atomic_store_n(&bad, 1, __ATOMIC_RELAXED);
		rcu_read_unlock();
	}
	rcu_unregister_thread();
	return NULL;
}

int main(void)
{
	pthread_t tids[2];
	struct cds_lfht_iter iter;
	struct node *n;
	unsigned long key;
	int i, round;

	rcu_register_thread();
	ht = cds_lfht_new(1, 1, 0, CDS_LFHT_AUTO_RESIZE | CDS_LFHT_ACCOUNTING, NULL);
	if (!ht) {
		fprintf(stderr, "liburcu lfhash: cds_lfht_new() failed\n");
		return 1;
	}
	rcu_read_lock();
	for (key = 0; key < KEYS; key++)
		cds_lfht_add(ht, hash(key), &node_new(key)->lfht);
	rcu_read_unlock();
	for (i = 0; i < 2; i++)
		pthread_create(&tids[i], NULL, reader, (void *)(unsigned long)(i * KEYS / 2));
	for (round = 0; round < 40; round++)
		for (key = 0; key < KEYS; key++) {
			struct node *old;

			n = node_new(key);
			rcu_read_lock();
			cds_lfht_lookup(ht, hash(key), match, &key, &iter);
			old = caa_container_of(cds_lfht_iter_get_node(&iter), struct node, lfht);
			if (cds_lfht_replace(ht, &iter, hash(key), match, &key, &n->lfht)) {
				fprintf(stderr, "liburcu lfhash: cds_lfht_replace() failed\n");
				return 1;
			}
			rcu_read_unlock();
			call_rcu(&old->rcu, node_free);
		}
	__atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
	for (i = 0; i < 2; i++)
		pthread_join(tids[i], NULL);
	rcu_read_lock();
	cds_lfht_for_each_entry(ht, &iter, n, lfht)
		if (!cds_lfht_del(ht, cds_lfht_iter_get_node(&iter)))
			call_rcu(&n->rcu, node_free);
	rcu_read_unlock();
	rcu_barrier();
	if (cds_lfht_destroy(ht, NULL)) {
		fprintf(stderr, "liburcu lfhash: cds_lfht_destroy() failed\n");
		return 1;
	}
	rcu_unregister_thread();
	printf("liburcu lfhash: %lu nodes made, %lu freed, %lu lookups missed, %s\n", made, freed,
	       misses, bad ? "a lookup found a freed node" : "no lookup found a freed node");
	return bad || misses || freed != made;
}
