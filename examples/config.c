#include <stdlib.h>
#include <rcutable/rcupdate.h>

struct config { int max_conn; struct rcu_head rcu; };
static struct config __rcu *cur;	/* readers: rcu_read_lock(); updaters: one at a time */

static int read_max_conn(void)
{
	rcu_read_lock();
	int v = rcu_dereference(cur)->max_conn;
	rcu_read_unlock();
	return v;
}

static void set_max_conn(int v)
{
	struct config *new = malloc(sizeof(*new)), *old = rcu_dereference_protected(cur, 1);

	new->max_conn = v;
	rcu_assign_pointer(cur, new);	/* readers now find new */
	kfree_rcu(old, rcu);		/* free(old) once no reader can hold it */
}

int main(void)
{
	set_max_conn(100);
	set_max_conn(200);
	return read_max_conn() == 200 ? 0 : 1;
}
