/*
 * RCU Tasks alone: a dispatch table that worker threads call through with
 * no read-side marker at all, replaced while they run.  The old table is
 * freed by call_rcu_tasks() once every thread has blocked since: a thread
 * that loaded the old pointer and is still calling through it has not.
 */
#define _DEFAULT_SOURCE	/* usleep(), also under -std=c99 */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>
#include <rcutable/rcupdate_tasks.h>

struct dispatch {
	struct rcu_head rh;
	long (*op)(long);
};

static long twice(long x) { return 2 * x; }
static long thrice(long x) { return 3 * x; }

static struct dispatch *table;
static int stop;

static void *worker(void *arg)
{
	long sum = 0;

	(void)arg;
	while (!__atomic_load_n(&stop, __ATOMIC_ACQUIRE)) {
		/* The region: from the load to the last use, nothing blocks. */
		struct dispatch *d = __atomic_load_n(&table, __ATOMIC_ACQUIRE);

		for (int i = 0; i < 1000; i++)
			sum += d->op(i);
		usleep(100);	/* blocks: outside any region */
	}
	return sum ? arg : NULL;	/* the ops ran */
}

static void free_dispatch(struct rcu_head *rh)
{
	free((struct dispatch *)rh);	/* rh is the first member */
}

int main(void)
{
	pthread_t t[4];
	void *ok;
	int bad = 0;

	table = calloc(1, sizeof(*table));
	table->op = twice;
	for (int i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, worker, &stop);
	for (int round = 0; round < 20; round++) {
		struct dispatch *next = calloc(1, sizeof(*next)), *old;

		next->op = round % 2 ? twice : thrice;
		old = __atomic_exchange_n(&table, next, __ATOMIC_ACQ_REL);
		if (round % 4 == 3)
			synchronize_rcu_tasks();	/* and free it now */
		call_rcu_tasks(&old->rh, free_dispatch);
		usleep(1000);
	}
	__atomic_store_n(&stop, 1, __ATOMIC_RELEASE);
	for (int i = 0; i < 4; i++) {
		pthread_join(t[i], &ok);
		bad += !ok;
	}
	rcu_barrier_tasks();	/* every old table is freed */
	free(table);
	return bad;
}
