/* An RCU implementation and RCU Tasks in one program: synchronize_rcu_mult()
 * waits for a grace period of each, concurrently. */
#include <rcutable/rcupdate.h>

static int __rcu *shared;

int main(void)
{
	static int a = 1, b = 2;
	int v;

	rcu_register_thread();	/* needed with qsbr, harmless elsewhere */
	rcu_assign_pointer(shared, &a);
	rcu_read_lock();
	v = *rcu_dereference(shared);
	rcu_read_unlock();
	rcu_assign_pointer(shared, &b);
	synchronize_rcu_mult(call_rcu, call_rcu_tasks);	/* no reader sees &a now */
	synchronize_rcu_tasks();
	rcu_unregister_thread();
	return v == 1 ? 0 : 1;
}
