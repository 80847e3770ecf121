/* Publish a configuration, read it under RCU, replace it, free the old one. */
#include <stdio.h>
#include <stdlib.h>
#include <rcutable/rcupdate.h>

struct config {
	int max_conn;
	struct rcu_head rcu;
};

static struct config __rcu *current_config;

static int read_max_conn(void)
{
	rcu_read_lock();
	int v = rcu_dereference(current_config)->max_conn;
	rcu_read_unlock();
	return v;
}

static void set_max_conn(int v)	/* updaters serialize among themselves */
{
	struct config *new = malloc(sizeof(*new)), *old;

	new->max_conn = v;
	old = rcu_dereference_protected(current_config, 1);
	rcu_assign_pointer(current_config, new);
	kfree_rcu(old, rcu);	/* freed once every reader that may see it is done */
}

int main(void)
{
	set_max_conn(100);
	set_max_conn(200);
	printf("max_conn = %d\n", read_max_conn());
	return read_max_conn() == 200 ? 0 : 1;
}
