/* SPDX-License-Identifier: MIT */
/*
 * conformance/lists_concurrent.c: the RCU List APIs under concurrent
 * updates.  Reader threads traverse while an updater adds, deletes,
 * replaces and splices; a removed node is retired through call_rcu(),
 * which poisons it (or kfree_rcu(), which frees it: AddressSanitizer
 * builds report any use after that).  Every node a reader reaches must be
 * live, stay live while the reader lingers on it, and every traversal must
 * end.  A hash table of hlist_nulls chains whose objects move between
 * buckets must never miss a key that stays put; hlist_bl buckets take
 * updates from two threads under their bit locks.  Two hlists that trade
 * their nodes with hlists_swap_heads_rcu() are each walked whole, one list
 * or the other, never a mix.  On the busted control,
 * which runs callbacks at once, readers reach poisoned nodes.
 */
#include <sched.h>
#include <stdlib.h>
#include <rcutable/rculist.h>
#include <rcutable/rculist_nulls.h>
#include <rcutable/rculist_bl.h>

#include "helpers.h"

#define LIVE	0x11feUL
#define DEAD	0xdeadUL
#define POOL	32768
#define OPS	20000	/* updates per test, fewer once a reader has failed */
#define READERS	3

struct node {
	unsigned long magic;
	unsigned long key;
	bool heap;		/* malloc()ed, retired by kfree_rcu() */
	struct list_head l;
	struct hlist_node h;
	struct hlist_nulls_node nn;
	struct hlist_bl_node bn;
	struct rcu_head rcu;
};

struct run {
	struct node *pool;		/* never reused: a poisoned node stays poisoned */
	size_t used;
	int started, stop, dead_seen, endless, missed;
	unsigned long traversals;
	unsigned long progress;		/* traversals so far, for pace() */
	void (*traverse)(struct run *r);
};

static struct node *node_new(struct run *r, unsigned long key)
{
	struct node *n;

	cr_assert(r->used < POOL, "the node pool ran out");
	n = &r->pool[r->used++];
	n->key = key;
	n->magic = LIVE;
	return n;
}

/* A node of its own allocation: freed for real when retired, so that an
 * AddressSanitizer build reports a reader that reaches it afterwards. */
static struct node *node_new_heap(unsigned long key)
{
	struct node *n = calloc(1, sizeof(*n));

	cr_assert(n);
	n->key = key;
	n->magic = LIVE;
	n->heap = true;
	return n;
}

static void node_retire(struct node *n);

static void poison_cb(struct rcu_head *h)
{
	RCUTABLE_WRITE_ONCE(rcutable_container_of(h, struct node, rcu)->magic, DEAD);
}

static void node_retire(struct node *n)
{
	if (n->heap)
		kfree_rcu(n, rcu);
	else
		call_rcu(&n->rcu, poison_cb);
}

/* A reader on node n: live on arrival, and still live a moment later. */
static void reader_visit(struct run *r, const struct node *n)
{
	if (RCUTABLE_READ_ONCE(n->magic) != LIVE)
		flag_set(&r->dead_seen, 1);
	for (volatile int i = 0; i < 50; i++)
		;
	if (RCUTABLE_READ_ONCE(n->magic) != LIVE)
		flag_set(&r->dead_seen, 1);
}

static void *reader_thread(void *arg)
{
	struct run *r = arg;
	unsigned long n = 0;

	rcu_register_thread();
	__atomic_add_fetch(&r->started, 1, __ATOMIC_SEQ_CST);
	while (!flag_get(&r->stop)) {
		rcu_read_lock();
		r->traverse(r);
		rcu_read_unlock();
		rcu_quiescent_state();
		__atomic_add_fetch(&r->progress, 1, __ATOMIC_RELAXED);
		n++;
	}
	__atomic_fetch_add(&r->traversals, n, __ATOMIC_RELAXED);
	rcu_unregister_thread();
	return NULL;
}

/* Every 32 updates, let a reader finish a traversal: updates and readers
 * overlap however the threads are scheduled (two test processes share the
 * two CPUs). */
static void pace(struct run *r, int op)
{
	unsigned long seen;

	if (op % 32)
		return;
	seen = __atomic_load_n(&r->progress, __ATOMIC_RELAXED);
	while (__atomic_load_n(&r->progress, __ATOMIC_RELAXED) == seen &&
	       !flag_get(&r->stop))
		sched_yield();
	rcu_quiescent_state();
}

/* The readers, running before the first update. */
static void readers_start(struct run *r, pthread_t *t)
{
	for (int i = 0; i < READERS; i++)
		t[i] = spawn(reader_thread, r);
	for (int i = 0; i < 10000 && flag_get(&r->started) < READERS; i++)
		sleep_ms(1);
}

static void run_start(struct run *r, void (*traverse)(struct run *), pthread_t *t)
{
	r->pool = calloc(POOL, sizeof(*r->pool));
	cr_assert(r->pool);
	r->traverse = traverse;
	readers_start(r, t);
}

/* Stop the readers and check what they saw; then release(), if given,
 * frees what the test allocated beside the pool, and the pool goes. */
static void run_finish(struct run *r, pthread_t *t, void (*release)(void))
{
	rcu_barrier();
	flag_set(&r->stop, 1);
	for (int i = 0; i < READERS; i++)
		join(t[i]);
	cr_assert(!r->endless, "a traversal did not end: it went round more nodes "
		  "than ever existed");
	cr_assert(!r->dead_seen, "a reader reached a node retired before its "
		  "section ended");
	cr_assert(!r->missed, "a lookup missed a key that was present all along");
	cr_assert_gt(r->traversals, 0);
	if (release)
		release();
	free(r->pool);
}

/* ---- list --------------------------------------------------------------------- */

static LIST_HEAD(clist);

static void traverse_list(struct run *r)
{
	struct node *n;
	size_t steps = 0;

	list_for_each_entry_rcu(n, &clist, l) {
		reader_visit(r, n);
		if (++steps > POOL) {
			flag_set(&r->endless, 1);
			break;
		}
	}
}

static struct node *list_pick(unsigned k)
{
	struct node *n;

	list_for_each_entry(n, &clist, l)
		if (!k--)
			return n;
	return NULL;
}

Test(lists, waits_list_readers_for_deleted_replaced_and_spliced_nodes, .timeout = 120)
{
	static struct run r;
	pthread_t t[READERS];
	unsigned live = 0;

	run_start(&r, traverse_list, t);
	for (int i = 0; i < 16; i++, live++)
		list_add_tail_rcu(&node_new(&r, (unsigned long)i)->l, &clist);
	for (int op = 0; op < OPS && !flag_get(&r.dead_seen); pace(&r, ++op)) {
		struct node *n = list_pick((unsigned)rand() % live), *m;
		LIST_HEAD(side);

		switch (op % 6) {
		case 0:
			list_add_rcu(&node_new(&r, (unsigned long)op)->l, &clist);
			live++;
			break;
		case 1:
			list_add_tail_rcu(&node_new(&r, (unsigned long)op)->l, &n->l);
			live++;
			break;
		case 2:
		case 3:
			list_del_rcu(&n->l);
			call_rcu(&n->rcu, poison_cb);
			live--;
			break;
		case 4:
			m = node_new(&r, (unsigned long)op);
			list_replace_rcu(&n->l, &m->l);
			call_rcu(&n->rcu, poison_cb);
			break;
		case 5:
			if (op % 1000 != 5)	/* a splice waits a grace period */
				break;
			for (int k = 0; k < 3; k++, live++)
				list_add_tail_rcu(&node_new(&r, (unsigned long)op)->l, &side);
			if (op % 2000 == 5)
				list_splice_init_rcu(&side, &n->l, synchronize_rcu);
			else
				list_splice_tail_init_rcu(&side, &n->l, synchronize_rcu);
			break;
		}
		if (live < 8)
			for (; live < 16; live++)
				list_add_tail_rcu(&node_new(&r, 0)->l, &clist);
	}
	run_finish(&r, t, NULL);
}

/* ---- hlist -------------------------------------------------------------------- */

static HLIST_HEAD(chlist);

static void traverse_hlist(struct run *r)
{
	struct node *n;
	size_t steps = 0;

	hlist_for_each_entry_rcu(n, &chlist, h) {
		reader_visit(r, n);
		if (++steps > POOL) {
			flag_set(&r->endless, 1);
			break;
		}
	}
}

static struct node *hlist_pick(unsigned k)
{
	struct node *n;

	hlist_for_each_entry(n, &chlist, h)
		if (!k--)
			return n;
	return NULL;
}

/* Every other node added is malloc()ed and freed for real when retired. */
static struct node *hlist_node_new(struct run *r, int op)
{
	return op % 2 ? node_new_heap((unsigned long)op) : node_new(r, (unsigned long)op);
}

static void free_heap_nodes(void)
{
	struct hlist_node *tmp;
	struct node *n;

	hlist_for_each_entry_safe(n, tmp, &chlist, h)
		if (n->heap)
			free(n);
}

Test(lists, waits_hlist_readers_for_deleted_and_replaced_nodes, .timeout = 120)
{
	static struct run r;
	pthread_t t[READERS];
	struct node *n;
	unsigned live = 0;

	run_start(&r, traverse_hlist, t);
	for (int i = 0; i < 16; i++, live++)
		hlist_add_head_rcu(&hlist_node_new(&r, i)->h, &chlist);
	for (int op = 0; op < OPS && !flag_get(&r.dead_seen); pace(&r, ++op)) {
		struct node *m;

		n = hlist_pick((unsigned)rand() % live);
		switch (op % 6) {
		case 0:
			hlist_add_head_rcu(&hlist_node_new(&r, op)->h, &chlist);
			live++;
			break;
		case 1:
			hlist_add_behind_rcu(&hlist_node_new(&r, op)->h, &n->h);
			live++;
			break;
		case 2:
			hlist_add_before_rcu(&hlist_node_new(&r, op)->h, &n->h);
			live++;
			break;
		case 3:
		case 4:
			hlist_del_rcu(&n->h);
			node_retire(n);
			live--;
			break;
		case 5:
			m = hlist_node_new(&r, op + 1);
			hlist_replace_rcu(&n->h, &m->h);
			node_retire(n);
			break;
		}
		if (live < 8)
			for (; live < 16; live++)
				hlist_add_tail_rcu(&hlist_node_new(&r, 0)->h, &chlist);
	}
	run_finish(&r, t, free_heap_nodes);
}

/* ---- hlists_swap_heads_rcu(): two lists trade their nodes ---------------------- */

/* Each chain's nodes carry its tag (0 or 1) in key: a swap moves whole
 * chains, and an add takes the tag of the chain it joins. */
static struct hlist_head swap_heads[2];
static int swap_mixed;

static void traverse_swapped(struct run *r)
{
	struct node *n;
	size_t steps = 0;
	long tag = -1;

	hlist_for_each_entry_rcu(n, &swap_heads[0], h) {
		reader_visit(r, n);
		if (tag < 0)
			tag = (long)RCUTABLE_READ_ONCE(n->key);
		else if ((long)RCUTABLE_READ_ONCE(n->key) != tag)
			flag_set(&swap_mixed, 1);
		if (++steps > POOL) {
			flag_set(&r->endless, 1);
			break;
		}
	}
}

static unsigned long swap_tag(int list)
{
	return hlist_entry(swap_heads[list].first, struct node, h)->key;
}

Test(lists, waits_hlist_readers_across_hlists_swap_heads_rcu, .timeout = 120)
{
	static struct run r;
	pthread_t t[READERS];
	unsigned live[2] = { 0, 0 };

	run_start(&r, traverse_swapped, t);
	for (int list = 0; list < 2; list++)
		for (; live[list] < 8; live[list]++)
			hlist_add_head_rcu(&node_new(&r, (unsigned long)list)->h,
					   &swap_heads[list]);
	for (int op = 0; op < OPS && !flag_get(&r.dead_seen); pace(&r, ++op)) {
		int list = rand() % 2;
		unsigned tmp;
		struct node *n;

		switch (op % 4) {
		case 0:
		case 1:
			hlists_swap_heads_rcu(&swap_heads[0], &swap_heads[1]);
			tmp = live[0], live[0] = live[1], live[1] = tmp;
			break;
		case 2:		/* a node joins the list, with its tag */
			hlist_add_head_rcu(&node_new(&r, swap_tag(list))->h, &swap_heads[list]);
			live[list]++;
			break;
		case 3:		/* its first node leaves, never its last */
			if (live[list] < 2)
				break;
			n = hlist_entry(swap_heads[list].first, struct node, h);
			hlist_del_rcu(&n->h);
			node_retire(n);
			live[list]--;
			break;
		}
	}
	run_finish(&r, t, NULL);
	cr_assert(!swap_mixed, "a traversal walked nodes of both lists: a swap was "
		  "seen half done");
}

/* ---- hlist_nulls: a hash table whose objects move ------------------------------- */

#define BUCKETS	4
#define STABLE	8		/* keys 0..7 never move */

static struct hlist_nulls_head table[BUCKETS];

/* Look key up in its bucket; restart when the chain ends on another
 * bucket's marker (an object passed moved away).  Returns the node. */
static struct node *nulls_lookup(struct run *r, unsigned long key)
{
	unsigned long b = key % BUCKETS;
	struct hlist_nulls_node *pos;
	struct node *n;
	size_t steps = 0;

again:
	hlist_nulls_for_each_entry_rcu(n, pos, &table[b], nn) {
		reader_visit(r, n);
		if (RCUTABLE_READ_ONCE(n->key) == key)
			return n;
		if (++steps > 16 * POOL) {
			flag_set(&r->endless, 1);
			return NULL;
		}
	}
	if (get_nulls_value(pos) != b)
		goto again;
	return NULL;
}

static void traverse_nulls(struct run *r)
{
	for (unsigned long k = 0; k < STABLE; k++)
		if (!nulls_lookup(r, k))
			flag_set(&r->missed, 1);
}

Test(lists, waits_hlist_nulls_lookups_never_miss_a_key_that_stays, .timeout = 120)
{
	static struct run r;
	struct node *mobile[8];
	pthread_t t[READERS];

	for (int b = 0; b < BUCKETS; b++)
		INIT_HLIST_NULLS_HEAD(&table[b], b);
	r.pool = calloc(POOL, sizeof(*r.pool));
	cr_assert(r.pool);
	for (unsigned long k = 0; k < STABLE; k++)
		hlist_nulls_add_head_rcu(&node_new(&r, k)->nn, &table[k % BUCKETS]);
	for (int i = 0; i < 8; i++) {
		mobile[i] = node_new(&r, 1000 + (unsigned long)i);
		hlist_nulls_add_head_rcu(&mobile[i]->nn, &table[i % BUCKETS]);
	}
	r.traverse = traverse_nulls;
	readers_start(&r, t);
	for (int op = 0; op < OPS && !flag_get(&r.dead_seen); pace(&r, ++op)) {
		int i = op % 8;
		struct node *n = mobile[i];
		unsigned long to = (n->key + 1) % BUCKETS;

		if (op % 10 == 9) {
			/* Retire it for good; a fresh object takes its place. */
			hlist_nulls_del_rcu(&n->nn);
			call_rcu(&n->rcu, poison_cb);
			if (r.used >= POOL)
				break;
			mobile[i] = node_new(&r, n->key + 1);
			hlist_nulls_add_head_rcu(&mobile[i]->nn, &table[to]);
			continue;
		}
		/* Move it, without a grace period: a lookup standing on it may
		 * follow it into the other chain. */
		hlist_nulls_del_rcu(&n->nn);
		RCUTABLE_WRITE_ONCE(n->key, n->key + 1);
		hlist_nulls_add_head_rcu(&n->nn, &table[to]);
	}
	run_finish(&r, t, NULL);
}

/* ---- hlist_bl: two updaters under the bucket locks ------------------------------- */

static struct hlist_bl_head bl_table[BUCKETS];

static void traverse_bl(struct run *r)
{
	for (int b = 0; b < BUCKETS; b++) {
		struct hlist_bl_node *pos;
		struct node *n;
		size_t steps = 0;

		hlist_bl_for_each_entry_rcu(n, pos, &bl_table[b], bn) {
			reader_visit(r, n);
			if (++steps > POOL) {
				flag_set(&r->endless, 1);
				break;
			}
		}
	}
}

struct bl_updater {
	struct run *r;
	struct node *nodes;	/* its own nodes */
	int id;
};

enum { BL_NODES = 6000, BL_LIVE = 8 };

/* Each updater adds its nodes in turn and retires the one it added
 * BL_LIVE steps before: its last BL_LIVE nodes stay. */
static void *bl_updater_thread(void *arg)
{
	struct bl_updater *u = arg;

	rcu_register_thread();	/* QSBR: online, reporting quiescent states below */
	for (int i = 0; i < BL_NODES && !flag_get(&u->r->dead_seen); pace(u->r, ++i)) {
		struct node *n = &u->nodes[i];
		struct hlist_bl_head *b = &bl_table[i % BUCKETS];

		n->key = (unsigned long)(u->id * BL_NODES + i);
		n->magic = LIVE;
		hlist_bl_lock(b);
		hlist_bl_add_head_rcu(&n->bn, b);
		hlist_bl_unlock(b);
		if (i >= BL_LIVE) {
			struct node *old = &u->nodes[i - BL_LIVE];
			struct hlist_bl_head *ob = &bl_table[(i - BL_LIVE) % BUCKETS];

			hlist_bl_lock(ob);
			hlist_bl_del_rcu(&old->bn);
			hlist_bl_unlock(ob);
			call_rcu(&old->rcu, poison_cb);
		}
		rcu_quiescent_state();
	}
	rcu_unregister_thread();
	return NULL;
}

Test(lists, waits_hlist_bl_readers_while_two_threads_update_under_the_bit_locks,
     .timeout = 120)
{
	static struct run r;
	static struct bl_updater u[2];
	pthread_t t[READERS], ut[2];
	size_t count = 0, expected;

	for (int b = 0; b < BUCKETS; b++)
		INIT_HLIST_BL_HEAD(&bl_table[b]);
	run_start(&r, traverse_bl, t);
	for (int i = 0; i < 2; i++) {
		u[i] = (struct bl_updater){ .r = &r, .id = i,
					    .nodes = &r.pool[i * BL_NODES] };
		ut[i] = spawn(bl_updater_thread, &u[i]);
	}
	for (int i = 0; i < 2; i++)
		join(ut[i]);
	expected = 2 * BL_LIVE;
	for (int b = 0; b < BUCKETS; b++) {
		struct hlist_bl_node *pos;
		struct node *n;

		cr_assert(!hlist_bl_is_locked(&bl_table[b]), "a bucket lock was left held");
		hlist_bl_for_each_entry(n, pos, &bl_table[b], bn) {
			cr_assert_eq(n->magic, LIVE);
			count++;
		}
	}
	cr_assert_eq(count, expected, "the buckets hold %zu nodes, not %zu: an "
		     "update was lost under the bit locks", count, expected);
	run_finish(&r, t, NULL);
}
