/* SPDX-License-Identifier: MIT */
/*
 * conformance/stress/srcu_fork_churn.c: fork() while other threads create
 * SRCU domains, queue their first callbacks and clean them up, and while a
 * callback waits (srcu_barrier()) for another domain's callbacks.  Neither
 * side may deadlock, and each child must be able to use SRCU at once.  A
 * plain program (run by `make check` with a time limit), not a Criterion
 * test: it forks many times, which the test runner's own process handling
 * does not take well.  Exit status 0 on success.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <rcutable/srcu.h>

#define FORKS 200

struct churn {
	int stop;
	struct srcu_struct outer, inner;
	struct rcu_head outer_head, inner_head;
	int outer_done;
	unsigned long domains, callbacks;
};

static int get(const int *f) { return __atomic_load_n(f, __ATOMIC_SEQ_CST); }
static void set(int *f, int v) { __atomic_store_n(f, v, __ATOMIC_SEQ_CST); }

static void nop_cb(struct rcu_head *head)
{
	(void)head;
}

/* From outer's callback thread: a barrier on another domain's engine. */
static void outer_cb(struct rcu_head *head)
{
	struct churn *c = (struct churn *)((char *)head - offsetof(struct churn, outer_head));

	call_srcu(&c->inner, &c->inner_head, nop_cb);
	srcu_barrier(&c->inner);
	set(&c->outer_done, 1);
}

static void *churn_domains(void *arg)
{
	struct churn *c = arg;
	static struct rcu_head h;

	while (!get(&c->stop)) {
		struct srcu_struct s;

		if (init_srcu_struct(&s))
			abort();
		call_srcu(&s, &h, nop_cb);
		srcu_barrier(&s);
		cleanup_srcu_struct(&s);
		c->domains++;
	}
	return NULL;
}

static void *churn_callbacks(void *arg)
{
	struct churn *c = arg;

	while (!get(&c->stop)) {
		set(&c->outer_done, 0);
		call_srcu(&c->outer, &c->outer_head, outer_cb);
		srcu_barrier(&c->outer);
		if (!get(&c->outer_done)) {
			fputs("srcu_fork_churn: srcu_barrier() returned before its callback\n",
			      stderr);
			abort();
		}
		c->callbacks++;
	}
	return NULL;
}

static void child(void)
{
	static struct rcu_head h;
	struct srcu_struct s;

	alarm(10);
	if (init_srcu_struct(&s))
		_exit(2);
	call_srcu(&s, &h, nop_cb);
	srcu_barrier(&s);
	synchronize_srcu(&s);
	synchronize_srcu_expedited(&s);
	cleanup_srcu_struct(&s);
	_exit(0);
}

int main(void)
{
	static struct churn c;
	pthread_t a, b;
	int i, status;

	alarm(50);
	if (init_srcu_struct(&c.outer) || init_srcu_struct(&c.inner) ||
	    pthread_create(&a, NULL, churn_domains, &c) ||
	    pthread_create(&b, NULL, churn_callbacks, &c))
		abort();
	for (i = 0; i < FORKS; i++) {
		pid_t pid = fork();

		if (pid == 0)
			child();
		if (pid < 0 || waitpid(pid, &status, 0) != pid)
			abort();
		if (!WIFEXITED(status) || WEXITSTATUS(status)) {
			fprintf(stderr, "srcu_fork_churn: fork child %d failed (status 0x%x)\n",
				i, status);
			return 1;
		}
	}
	set(&c.stop, 1);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	printf("srcu_fork_churn: %d forks beside %lu domains and %lu callback "
	       "rounds, each child used SRCU\n", FORKS, c.domains, c.callbacks);
	return 0;
}
