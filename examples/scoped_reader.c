/* A lookup whose reader is a scope (guard(rcu)()): each return ends it. */
#include <stdlib.h>
#include <rcutable/rculist.h>

struct route { int dst, gw; struct list_head node; struct rcu_head rcu; };
static LIST_HEAD(routes);	/* readers: RCU; updaters: one at a time */

static int gateway_for(int dst)
{
	struct route *r;

	guard(rcu)();			/* rcu_read_lock() until the function returns */
	list_for_each_entry_rcu(r, &routes, node)
		if (r->dst == dst)
			return r->gw;	/* rcu_read_unlock() runs here */
	return -1;			/* and here */
}

static void add_route(int dst, int gw)
{
	struct route *r = malloc(sizeof(*r));

	r->dst = dst;
	r->gw = gw;
	list_add_rcu(&r->node, &routes);
}

static void del_route(int dst)
{
	struct route *r, *tmp;

	list_for_each_entry_safe(r, tmp, &routes, node)
		if (r->dst == dst) {
			list_del_rcu(&r->node);
			kfree_rcu(r, rcu);
		}
}

int main(void)
{
	rcu_register_thread();
	add_route(1, 10);
	add_route(2, 20);
	int ok = gateway_for(2) == 20 && gateway_for(3) == -1;
	del_route(2);
	ok = ok && gateway_for(2) == -1 && gateway_for(1) == 10;
	/* Had a return left the reader open, this would wait for itself:
	 * rcutable refuses it with a message (where it can tell a reader). */
	synchronize_rcu();
	del_route(1);
	rcu_barrier();
	rcu_unregister_thread();
	return ok ? 0 : 1;
}
