/* One program, two flavors: an RCU implementation and SRCU linked together. */
#include <rcutable/rcupdate.h>
#include <rcutable/srcu.h>

static int __rcu *fast;		/* short readers: RCU */
static int __rcu *slow;		/* readers that may sleep: SRCU */
DEFINE_STATIC_SRCU(slow_srcu);

int main(void)
{
	static int a = 1, b = 2;
	int idx, v;

	rcu_register_thread();	/* needed with qsbr, harmless elsewhere */
	rcu_assign_pointer(fast, &a);
	rcu_assign_pointer(slow, &b);
	rcu_read_lock();
	v = *rcu_dereference(fast);
	rcu_read_unlock();
	idx = srcu_read_lock(&slow_srcu);
	v += *srcu_dereference(slow, &slow_srcu);
	srcu_read_unlock(&slow_srcu, idx);
	synchronize_rcu();
	synchronize_srcu(&slow_srcu);
	rcu_unregister_thread();
	return v == 3 ? 0 : 1;
}
