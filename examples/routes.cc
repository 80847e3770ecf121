// A routing table from C++: readers look routes up in RCU-protected hash
// buckets while a writer replaces and removes them; a per-route statistics
// block is read under SRCU.  Any RCU and any SRCU implementation:
//   c++ -std=c++11 routes.cc $(pkg-config --cflags --libs rcutable-memb rcutable-srcu)
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

#include <rcutable/rculist.h>
#include <rcutable/srcu.h>

struct stats { unsigned long hits; };

struct route {
	unsigned dst;
	unsigned gateway;
	struct hlist_node node;		// in its bucket, under RCU
	struct list_head all;		// in the writer's list of every route
	struct stats __rcu *stats;	// read under SRCU
	struct rcu_head rcu;
};

static const unsigned nbuckets = 64;
static struct hlist_head buckets[nbuckets];
static LIST_HEAD(all_routes);			// the writer's alone
DEFINE_STATIC_SRCU(stats_srcu);
static std::atomic<unsigned long> freed(0);

static unsigned lookup(unsigned dst)		// 0: no route
{
	struct route *r;
	unsigned gw = 0;

	rcu_read_lock();
	hlist_for_each_entry_rcu(r, &buckets[dst % nbuckets], node)
		if (r->dst == dst) {
			int idx = srcu_read_lock(&stats_srcu);
			struct stats *s = srcu_dereference(r->stats, &stats_srcu);

			gw = r->gateway + 0 * s->hits;	// s: valid until the unlock
			srcu_read_unlock(&stats_srcu, idx);
			break;
		}
	rcu_read_unlock();
	return gw;
}

static void free_route(struct rcu_head *head)
{
	struct route *r = container_of(head, struct route, rcu);

	std::free(rcu_dereference_protected(r->stats, 1));
	std::free(r);
	freed++;
}

static struct route *new_route(unsigned dst, unsigned gateway)
{
	struct route *r = static_cast<struct route *>(std::calloc(1, sizeof(*r)));
	struct stats *s = static_cast<struct stats *>(std::calloc(1, sizeof(*s)));

	r->dst = dst;
	r->gateway = gateway;
	RCU_INIT_POINTER(r->stats, s);
	return r;
}

static void add_route(unsigned dst, unsigned gateway)
{
	struct route *r = new_route(dst, gateway);

	list_add_tail(&r->all, &all_routes);
	hlist_add_head_rcu(&r->node, &buckets[dst % nbuckets]);
}

// The writer: each route's gateway changes by replacing the route, and its
// statistics block by replacing the block; the old ones are freed after a
// grace period.
static void churn(unsigned round)
{
	struct route *r, *tmp;

	list_for_each_entry_safe(r, tmp, &all_routes, all) {
		struct route *n = new_route(r->dst, round);

		list_replace(&r->all, &n->all);
		hlist_replace_rcu(&r->node, &n->node);
		call_rcu(&r->rcu, free_route);

		struct stats *s = static_cast<struct stats *>(std::calloc(1, sizeof(*s)));
		struct stats *old = rcu_dereference_protected(n->stats, 1);

		rcu_assign_pointer(n->stats, s);
		synchronize_srcu(&stats_srcu);	// no SRCU reader still reads old
		std::free(old);
	}
}

int main()
{
	const unsigned nroutes = 256, rounds = 50;
	std::atomic<bool> stop(false);
	std::atomic<unsigned long> misses(0), lookups(0);
	std::vector<std::thread> readers;

	for (unsigned b = 0; b < nbuckets; b++)
		INIT_HLIST_HEAD(&buckets[b]);
	for (unsigned d = 1; d <= nroutes; d++)
		add_route(d, 1);
	for (int t = 0; t < 2; t++)
		readers.emplace_back([&] {
			rcu_register_thread();
			for (unsigned d = 1; !stop.load(); d = d % nroutes + 1) {
				if (!lookup(d))
					misses++;
				lookups++;
				rcu_quiescent_state();	// QSBR; nothing elsewhere
			}
			rcu_unregister_thread();
		});
	for (unsigned round = 2; round < 2 + rounds; round++)
		churn(round);
	stop = true;
	for (auto &t : readers)
		t.join();

	// Remove every route; each is freed once no reader can hold it.
	struct route *r, *tmp;
	list_for_each_entry_safe(r, tmp, &all_routes, all) {
		list_del(&r->all);
		hlist_del_rcu(&r->node);
		call_rcu(&r->rcu, free_route);
	}
	rcu_barrier();
	std::printf("routes: %lu lookups, %lu missed, %lu routes freed\n",
		    lookups.load(), misses.load(), freed.load());
	// Every lookup found its route (a replacement is never absent), and
	// every route ever made was freed.
	return misses.load() == 0 && freed.load() == nroutes * (rounds + 1) ? 0 : 1;
}
