/* SPDX-License-Identifier: MIT */
/*
 * conformance/lang/api_use.c: every public header, and each of its macros
 * and inline functions, used as kernel code uses them, in the subset of C
 * and C++ both compile.  scripts/test-languages builds it as C99, C11,
 * C++11 and C++20 under -Wall -Wextra -pedantic -Werror against an RCU, an
 * SRCU and the RCU Tasks implementation, and runs it: each check that
 * fails prints its line and the program exits 1.
 *
 * rculist.h alone brings in what the kernel's does: rcupdate.h (struct
 * rcu_head, call_rcu(), the readers) and container_of().
 */
#include <stdio.h>
#include <stdlib.h>
#include <rcutable/rculist.h>
#include <rcutable/rculist_bl.h>
#include <rcutable/rculist_nulls.h>
#include <rcutable/srcu.h>
#include <rcutable/rcupdate_trace.h>
#include <rcutable/rcupdate_tasks.h>
#include <rcutable/backlog.h>
#include <rcutable/rcu_sync.h>

static int failures;
#define CHECK(c)							\
	do {								\
		if (!(c)) {						\
			fprintf(stderr, "api_use.c:%d: %s\n", __LINE__, #c); \
			failures++;					\
		}							\
	} while (0)

struct item {
	int v;
	struct list_head l;
	struct hlist_node h;
	struct hlist_bl_node bl;
	struct hlist_nulls_node n;
	struct rcu_head rcu;
};

static struct item *item_new(int v)
{
	struct item *it = (struct item *)calloc(1, sizeof(*it));

	it->v = v;
	return it;
}

static int freed;
static void item_free(struct rcu_head *head)
{
	free(container_of(head, struct item, rcu));
	__atomic_fetch_add(&freed, 1, __ATOMIC_RELAXED);
}

static void item_free_head(struct rcu_head *head)
{
	(void)head;
}

static void plain_lists(void)
{
	LIST_HEAD(head);
	struct item *a = item_new(1), *b = item_new(2), *pos, *tmp;
	int sum = 0;

	CHECK(list_empty(&head));
	list_add(&a->l, &head);
	list_add_tail(&b->l, &head);
	CHECK(list_first_entry(&head, struct item, l) == a);
	CHECK(list_last_entry(&head, struct item, l) == b);
	CHECK(list_next_entry(a, l) == b && list_prev_entry(b, l) == a);
	list_for_each_entry(pos, &head, l)
		sum += pos->v;
	list_for_each_entry_reverse(pos, &head, l)
		sum += pos->v;
	CHECK(sum == 6);
	list_for_each_entry_safe(pos, tmp, &head, l) {
		list_del(&pos->l);
		free(pos);
	}
	CHECK(list_empty(&head));
}

static void rcu_lists(void)
{
	LIST_HEAD(head);
	struct hlist_head hh = HLIST_HEAD_INIT;
	struct item *a = item_new(1), *b = item_new(2), *c = item_new(3), *pos;
	int sum = 0;

	list_add_rcu(&a->l, &head);
	list_add_tail_rcu(&b->l, &head);
	hlist_add_head_rcu(&a->h, &hh);
	hlist_add_behind_rcu(&b->h, &a->h);
	rcu_read_lock();
	list_for_each_entry_rcu(pos, &head, l)
		sum += pos->v;
	list_for_each_entry_rcu(pos, &head, l, rcu_read_lock_held())	/* the lockdep form */
		sum += pos->v;
	hlist_for_each_entry_rcu(pos, &hh, h)
		sum += pos->v;
	list_for_each_entry_srcu(pos, &head, l, rcu_read_lock_held() || 1)
		sum -= pos->v;
	hlist_for_each_entry_srcu(pos, &hh, h, 1)
		sum -= pos->v;
	CHECK(rcu_dereference(list_tail_rcu(&head)) == &b->l);
	CHECK(list_first_or_null_rcu(&head, struct item, l) == a);
	CHECK(list_next_or_null_rcu(&head, &a->l, struct item, l) == b);
	CHECK(list_entry_rcu(head.next, struct item, l) == a);
	rcu_read_unlock();
	CHECK(sum == 3);

	list_replace_rcu(&b->l, &c->l);
	hlist_replace_rcu(&b->h, &c->h);
	call_rcu(&b->rcu, item_free);
	list_del_rcu(&a->l);
	hlist_del_rcu(&a->h);
	kfree_rcu(a, rcu);
	list_del_rcu(&c->l);
	hlist_del_init_rcu(&c->h);
	call_rcu(&c->rcu, item_free);
	rcu_barrier();
	CHECK(freed == 2);	/* and a, by kfree_rcu() */
}

static void bl_and_nulls_lists(void)
{
	struct hlist_bl_head bh;
	struct hlist_bl_node *bpos;
	struct hlist_nulls_head nh;
	struct hlist_nulls_node *npos;
	struct item *a = item_new(5), *pos;
	int sum = 0;

	INIT_HLIST_BL_HEAD(&bh);
	INIT_HLIST_NULLS_HEAD(&nh, 7);
	hlist_bl_lock(&bh);
	hlist_bl_add_head_rcu(&a->bl, &bh);
	hlist_bl_unlock(&bh);
	hlist_nulls_add_tail_rcu(&a->n, &nh);
	CHECK(rcu_dereference_raw(hlist_nulls_first_rcu(&nh)) == &a->n);
	CHECK(is_a_nulls(rcu_dereference_raw(hlist_nulls_next_rcu(&a->n))));
	rcu_read_lock();
	hlist_bl_for_each_entry_rcu(pos, bpos, &bh, bl)
		sum += pos->v;
	hlist_nulls_for_each_entry_rcu(pos, npos, &nh, n)
		sum += pos->v;
	CHECK(is_a_nulls(npos) && get_nulls_value(npos) == 7);
	rcu_read_unlock();
	CHECK(sum == 10);
	hlist_bl_lock(&bh);
	hlist_bl_del_rcu(&a->bl);
	hlist_bl_unlock(&bh);
	hlist_nulls_del_rcu(&a->n);
	hlist_nulls_add_fake(&a->n);
	CHECK(!hlist_nulls_unhashed(&a->n));
	{
		struct hlist_head l = HLIST_HEAD_INIT, r = HLIST_HEAD_INIT;

		hlist_add_head_rcu(&a->h, &l);
		hlists_swap_heads_rcu(&l, &r);
		CHECK(hlist_empty(&l) && r.first == &a->h);
		hlist_del_rcu(&a->h);
	}
	synchronize_rcu();
	free(a);
}

struct holder { struct item __rcu *p; };

static void pointers(void)
{
	static struct item a, b;
	struct holder hd;
	struct item *old;

	RCU_INIT_POINTER(hd.p, &a);
	rcu_read_lock();
	CHECK(rcu_dereference(hd.p) == &a);
	CHECK(rcu_dereference_check(hd.p, 1) == &a);
	rcu_read_unlock();
	rcu_read_lock_bh();
	CHECK(rcu_dereference_bh(hd.p) == &a);
	rcu_read_unlock_bh();
	rcu_read_lock_sched();
	CHECK(rcu_dereference_sched(hd.p) == &a);
	rcu_read_unlock_sched();
	CHECK(rcu_access_pointer(hd.p) == &a);
	old = rcu_replace_pointer(hd.p, &b, 1);
	CHECK(old == &a && rcu_dereference_protected(hd.p, 1) == &b);
	rcu_assign_pointer(hd.p, NULL);
	CHECK(rcu_dereference_raw(hd.p) == NULL);
	CHECK(rcu_pointer_handoff(&a) == &a);
	rcu_assign_pointer(hd.p, RCU_INITIALIZER(&a));
	old = unrcu_pointer(hd.p);
	CHECK(old == &a);
}

static void update_side(void)
{
	unsigned long cookie = get_state_synchronize_rcu();
	unsigned long flags;

	synchronize_rcu();
	CHECK(poll_state_synchronize_rcu(cookie));
	cond_synchronize_rcu(cookie);
	synchronize_rcu_expedited();
	synchronize_rcu_mult(call_rcu, call_rcu_tasks);
	preempt_disable();
	preempt_enable();
	local_irq_save(flags);
	local_irq_restore(flags);
	CHECK(!rcu_read_lock_held() || rcutable_impl_info.readers_report_qs);
}

/* The names since 2019 (../shared/rcu-api-since-2019.md). */
static int scoped_return(void)
{
	guard(rcu)();
	CHECK(rcu_read_lock_any_held() || rcutable_impl_info.readers_report_qs);
	return 1;
}

static void update_side_since_2019(void)
{
	struct rcu_gp_oldstate full, done;
	struct rcu_sync rs;
	unsigned long cookie;
	struct item *a = item_new(5), *b = item_new(6), *c = item_new(7);
	static struct rcu_head h;
	int in_scope = 0;

	CHECK(scoped_return() == 1);
	scoped_guard(rcu)
		in_scope = 1;
	CHECK(in_scope);
	cookie = start_poll_synchronize_rcu();
	CHECK(same_state_synchronize_rcu(cookie, cookie));
	cond_synchronize_rcu_expedited(cookie);
	CHECK(poll_state_synchronize_rcu(cookie));
	cookie = start_poll_synchronize_rcu_expedited();
	cond_synchronize_rcu(cookie);
	CHECK(poll_state_synchronize_rcu(get_completed_synchronize_rcu()));
	get_state_synchronize_rcu_full(&full);
	start_poll_synchronize_rcu_full(&full);
	start_poll_synchronize_rcu_expedited_full(&full);
	cond_synchronize_rcu_full(&full);
	cond_synchronize_rcu_expedited_full(&full);
	CHECK(poll_state_synchronize_rcu_full(&full));
	get_completed_synchronize_rcu_full(&done);
	CHECK(poll_state_synchronize_rcu_full(&done));
	CHECK(same_state_synchronize_rcu_full(&done, &done));
	rcu_expedite_gp();
	CHECK(rcu_gp_is_expedited());
	synchronize_rcu();
	rcu_unexpedite_gp();
	rcu_sync_init(&rs);
	rcu_sync_enter(&rs);
	rcu_read_lock();
	CHECK(!rcu_sync_is_idle(&rs));
	rcu_read_unlock();
	rcu_sync_exit(&rs);
	rcu_sync_dtor(&rs);	/* waits for the exit's callback */
	rcu_read_lock();
	CHECK(rcu_sync_is_idle(&rs));
	rcu_read_unlock();
	call_rcu_hurry(&h, item_free_head);
	kfree_rcu(a);
	kvfree_rcu(b, rcu);
	kfree_rcu_mightsleep(c);
	kvfree_rcu_mightsleep(NULL);
	rcu_barrier();
}

DEFINE_STATIC_SRCU(use_srcu);

static void srcu(void)
{
	struct srcu_struct heap;
	struct item *a = item_new(4);
	struct holder hd;
	int idx;

	RCU_INIT_POINTER(hd.p, a);
	CHECK(init_srcu_struct(&heap) == 0);
	idx = srcu_read_lock(&use_srcu);
	CHECK(srcu_dereference(hd.p, &use_srcu)->v == 4);
	srcu_read_unlock(&use_srcu, idx);
	scoped_guard(srcu, &use_srcu)
		CHECK(srcu_dereference(hd.p, &use_srcu)->v == 4);
	{
		guard(srcu)(&use_srcu);
		CHECK(srcu_dereference(hd.p, &use_srcu)->v == 4);
	}
	synchronize_srcu(&heap);
	synchronize_srcu_expedited(&use_srcu);
	call_srcu(&heap, &a->rcu, item_free);
	srcu_barrier(&heap);
	cleanup_srcu_struct(&heap);
}

/* The SRCU names since 2019. */
static void srcu_since_2019(void)
{
	struct srcu_ctr *scp;
	unsigned long cookie, fast_cookie;
	int idx;

	scp = srcu_read_lock_fast(&use_srcu);
	srcu_read_unlock_fast(&use_srcu, scp);
	idx = srcu_read_lock_nmisafe(&use_srcu);
	srcu_read_unlock_nmisafe(&use_srcu, idx);
	idx = srcu_down_read(&use_srcu);
	srcu_up_read(&use_srcu, idx);
	scp = srcu_down_read_fast(&use_srcu);
	srcu_up_read_fast(&use_srcu, scp);
	cookie = start_poll_synchronize_srcu(&use_srcu);
	fast_cookie = start_poll_synchronize_srcu_expedited(&use_srcu);
	synchronize_srcu(&use_srcu);
	CHECK(poll_state_synchronize_srcu(&use_srcu, cookie));
	CHECK(poll_state_synchronize_srcu(&use_srcu, fast_cookie));
}

/* RCU Tasks Trace. */
static void tasks_trace(void)
{
	struct item *a = item_new(5);
	struct holder hd;

	RCU_INIT_POINTER(hd.p, a);
	rcu_read_lock_trace();
	CHECK(rcu_read_lock_trace_held());
	CHECK(srcu_dereference(hd.p, &rcu_tasks_trace_srcu_struct)->v == 5);
	rcu_read_unlock_trace();
	scoped_guard(rcu_tasks_trace)
		CHECK(rcu_read_lock_trace_held());
	{
		guard(rcu_tasks_trace)();
		CHECK(rcu_read_lock_trace_held());
	}
	CHECK(!rcu_read_lock_trace_held());
	synchronize_rcu_tasks_trace();
	call_rcu_tasks_trace(&a->rcu, item_free);
	rcu_barrier_tasks_trace();
}

static void tasks(void)
{
	struct item *a = item_new(6);
	struct rcutable_tasks_stats s;

	synchronize_rcu_tasks();
	rcu_barrier_tasks();
	synchronize_rcu_tasks_rude();
	call_rcu_tasks_rude(&a->rcu, item_free);
	rcu_barrier_tasks_rude();
	rcutable_tasks_rude_get_stats(&s);
	CHECK(s.gp_ended >= 2 && rcutable_tasks_rude_signal() > 0);
}

int main(void)
{
	rcu_register_thread();
	plain_lists();
	rcu_lists();
	bl_and_nulls_lists();
	pointers();
	update_side();
	update_side_since_2019();
	srcu();
	srcu_since_2019();
	tasks_trace();
	tasks();
	rcu_unregister_thread();
	printf("api_use: %d checks failed\n", failures);
	return failures != 0;
}
