/* SPDX-License-Identifier: MIT */
/*
 * conformance/liburcu/call_rcu_data.c: a program written for liburcu that
 * gives every CPU its own call_rcu() worker, gives two threads handles of
 * their own (made and freed while the other waits in rcu_barrier()), and
 * forks with liburcu's fork hooks around fork(), built unchanged against
 * liburcu and against rcutable's liburcu API (scripts/test-liburcu).
 *
 * Each callback marks its object done; the program checks that
 * rcu_barrier() leaves none undone, that each handle's worker is a thread
 * of its own, that the child can queue and wait for callbacks at once,
 * and that freeing the handles loses nothing.  Exits 1 with a message.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
#include <urcu.h>

#define PER_THREAD 2000
#define ROUNDS 10	/* handles each queuer makes and frees, one a round */

struct item {
	int done;
	struct rcu_head rcu;
};

static unsigned long invoked;

static void done_cb(struct rcu_head *head)
{
	struct item *it = caa_container_of(head, struct item, rcu);

	__atomic_store_n(&it->done, 1, __ATOMIC_RELAXED);
	__atomic_fetch_add(&invoked, 1, __ATOMIC_RELAXED);
}

static int fail(const char *what)
{
	fprintf(stderr, "liburcu call_rcu_data: %s\n", what);
	return 1;
}

/* Queues through a handle of its own, a new one each round, whose
 * rcu_barrier() and call_rcu_data_free() overlap the other queuer's;
 * returns NULL if a handle could not be made. */
static void *queuer(void *arg)
{
	struct item *items = arg;
	void *made = items;

	rcu_register_thread();
	for (int r = 0; r < ROUNDS; r++) {
		struct call_rcu_data *own = create_call_rcu_data(0, -1);

		if (!own)
			made = NULL;
		set_thread_call_rcu_data(own);
		for (int i = r; i < PER_THREAD; i += ROUNDS)
			call_rcu(&items[i].rcu, done_cb);
		rcu_barrier();
		set_thread_call_rcu_data(NULL);
		call_rcu_data_free(own);
	}
	rcu_unregister_thread();
	return made;
}

/* The child (of the registered main thread, so registered too): queues,
 * waits, and says whether its callbacks ran. */
static int child(void)
{
	static struct item it;

	call_rcu(&it.rcu, done_cb);
	rcu_barrier();
	return __atomic_load_n(&it.done, __ATOMIC_RELAXED) ? 0 : 3;
}

int main(void)
{
	struct item *items = calloc(3 * PER_THREAD, sizeof(*items));
	pthread_t t[2];
	void *own[2];
	int status, i;
	pid_t pid;

	rcu_register_thread();
	if (!items || create_all_cpu_call_rcu_data(0))
		return fail("create_all_cpu_call_rcu_data() failed");
	if (!get_cpu_call_rcu_data(0) || !get_default_call_rcu_data())
		return fail("no handle for CPU 0, or no default handle");
	if (pthread_equal(get_call_rcu_thread(get_cpu_call_rcu_data(0)),
			  get_call_rcu_thread(get_default_call_rcu_data())))
		return fail("CPU 0's handle and the default share a worker");
	for (i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, queuer, items + i * PER_THREAD);
	for (i = 0; i < PER_THREAD; i++)	/* through the CPUs' handles */
		call_rcu(&items[2 * PER_THREAD + i].rcu, done_cb);
	for (i = 0; i < 2; i++) {
		pthread_join(t[i], &own[i]);
		if (!own[i])
			return fail("create_call_rcu_data() failed");
	}

	/* With no other thread inside call_rcu(): liburcu's child would
	 * wait for ever for a reader that was inside at the fork. */
	call_rcu_before_fork();
	pid = fork();
	if (pid == 0) {
		call_rcu_after_fork_child();
		_exit(child());
	}
	call_rcu_after_fork_parent();
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		return fail("the child's callbacks did not run");
	rcu_barrier();
	for (i = 0; i < 3 * PER_THREAD; i++)
		if (!items[i].done)
			return fail("rcu_barrier() returned with a callback not invoked");
	free_all_cpu_call_rcu_data();
	rcu_unregister_thread();
	printf("liburcu call_rcu_data: %lu callbacks through per-CPU and per-thread "
	       "handles, and a fork, none lost\n", invoked);
	free(items);
	return invoked != 3 * PER_THREAD;
}
