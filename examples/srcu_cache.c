#define _DEFAULT_SOURCE	/* usleep(), also under -std=c99 */
#include <stdlib.h>
#include <unistd.h>
#include <rcutable/srcu.h>

struct entry { int value; struct rcu_head rcu; };
static struct entry __rcu *slot;
DEFINE_SRCU(cache_srcu);	/* readers may sleep inside: SRCU */

static int read_slow(void)
{
	int idx = srcu_read_lock(&cache_srcu);
	struct entry *e = srcu_dereference(slot, &cache_srcu);

	usleep(1000);		/* blocking inside the section is allowed */
	int v = e ? e->value : -1;
	srcu_read_unlock(&cache_srcu, idx);
	return v;
}

static void free_entry(struct rcu_head *head)
{
	free((char *)head - offsetof(struct entry, rcu));
}

static void replace(int v)
{
	struct entry *new = malloc(sizeof(*new)), *old = rcu_dereference_protected(slot, 1);

	new->value = v;
	rcu_assign_pointer(slot, new);
	if (old)
		call_srcu(&cache_srcu, &old->rcu, free_entry);	/* after the readers of old */
}

int main(void)
{
	replace(1);
	replace(2);
	int ok = read_slow() == 2;
	srcu_barrier(&cache_srcu);	/* every free_entry() has run */
	return ok ? 0 : 1;
}
