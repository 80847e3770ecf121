/*
 * A cache whose retired objects carry a polled grace-period cookie and are
 * freed once poll_state_synchronize_rcu_full() says so: no callback, and
 * the updater never waits.  start_poll_synchronize_rcu_full() makes sure a
 * grace period will complete each cookie with nobody waiting for it.
 */
#define _DEFAULT_SOURCE	/* usleep(), also under -std=c99 */
#include <stdlib.h>
#include <unistd.h>
#include <rcutable/rcupdate.h>

struct obj { int value; struct rcu_gp_oldstate gp; struct obj *next_retired; };
static struct obj __rcu *cur;	/* readers: RCU; updaters: one at a time */
static struct obj *retired;	/* the updater's, newest first */

static int read_value(void)
{
	guard(rcu)();
	struct obj *o = rcu_dereference(cur);

	return o ? o->value : -1;
}

/* Free every retired object whose grace period has ended; how many are left. */
static int reclaim(void)
{
	struct obj **pp = &retired;
	int left = 0;

	while (*pp) {
		struct obj *o = *pp;

		if (poll_state_synchronize_rcu_full(&o->gp)) {
			*pp = o->next_retired;
			free(o);
		} else {
			pp = &o->next_retired;
			left++;
		}
	}
	return left;
}

static void publish(int v)
{
	struct obj *o = malloc(sizeof(*o)), *old = rcu_dereference_protected(cur, 1);

	o->value = v;
	rcu_assign_pointer(cur, o);
	if (old) {		/* no reader that starts now can find old */
		start_poll_synchronize_rcu_full(&old->gp);
		old->next_retired = retired;
		retired = old;
	}
	reclaim();
}

int main(void)
{
	int ok = 1, left = 1;

	rcu_register_thread();
	for (int v = 0; v < 1000; v++) {
		publish(v);
		ok = ok && read_value() == v;
	}
	/* Nobody waits for a grace period: the poller runs them.  (A QSBR
	 * thread reports that it holds no reference.) */
	for (int ms = 0; ms < 10000 && (left = reclaim()); ms++) {
		rcu_quiescent_state();
		usleep(1000);
	}
	free(rcu_dereference_protected(cur, 1));
	rcu_unregister_thread();
	return ok && !left ? 0 : 1;
}
