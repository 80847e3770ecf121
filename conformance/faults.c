/* SPDX-License-Identifier: MIT */
/*
 * conformance/faults.c: faults lose no callback.
 *
 * The callback worker cannot be created (pthread_create() fails, as under a
 * thread limit): callbacks stay queued and run in rcu_barrier() or at exit,
 * the program is told once, and a later call_rcu() starts the worker.
 * Memory runs out (malloc() fails): the engine allocates nothing per
 * callback, so call_rcu() and kfree_rcu() lose nothing.  A thread that
 * exits with callbacks queued loses none.
 *
 * This program interposes pthread_create() and malloc() (each forwards to
 * the C library's until a test, in a child process, makes it fail).  Not
 * under AddressSanitizer, whose run-time library owns both.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "helpers.h"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define FAULTS_INJECTABLE 0
#else
#define FAULTS_INJECTABLE 1
#endif

static int fail_thread_creation, fail_malloc;

#if FAULTS_INJECTABLE
typedef int (*pthread_create_fn)(pthread_t *, const pthread_attr_t *,
				 void *(*)(void *), void *);

int pthread_create(pthread_t *t, const pthread_attr_t *attr,
		   void *(*fn)(void *), void *arg)
{
	static pthread_create_fn real;

	if (__atomic_load_n(&fail_thread_creation, __ATOMIC_RELAXED))
		return EAGAIN;
	if (!real)
		real = (pthread_create_fn)dlsym(RTLD_NEXT, "pthread_create");
	return real(t, attr, fn, arg);
}

extern void *__libc_malloc(size_t n);

void *malloc(size_t n)
{
	if (__atomic_load_n(&fail_malloc, __ATOMIC_RELAXED)) {
		errno = ENOMEM;
		return NULL;
	}
	return __libc_malloc(n);
}
#endif

static void skip_unless_faults_apply(void)
{
	if (!FAULTS_INJECTABLE)
		cr_skip_test("faults are not injected under a sanitizer");
	/* The bound comes with rcutable's callback engine, whose faults
	 * these are; a peer's own call_rcu() has its own. */
	skip_unless_impl_has(RCUTABLE_API_BACKLOG, "rcutable's callback engine");
}

static int cbs_run;

static void count_cb(struct rcu_head *h)
{
	(void)h;
	__atomic_add_fetch(&cbs_run, 1, __ATOMIC_RELAXED);
}

struct kobj {
	long payload;
	struct rcu_head rh;
};

#define NO_WORKER_CBS	100
#define NO_WORKER_KFREE	10

static void queue_without_worker(void *arg)
{
	static struct rcu_head heads[NO_WORKER_CBS], later[10];

	(void)arg;
	rcu_register_thread();
	flag_set(&fail_thread_creation, 1);
	for (int i = 0; i < NO_WORKER_CBS; i++)
		call_rcu(&heads[i], count_cb);
	for (int i = 0; i < NO_WORKER_KFREE; i++) {
		struct kobj *o = calloc(1, sizeof(*o));

		kfree_rcu(o, rh);
	}
	sleep_ms(50);
	if (flag_get(&cbs_run) != 0)
		exit(3);	/* something ran without a worker and a barrier */
	rcu_barrier();
	if (flag_get(&cbs_run) != NO_WORKER_CBS)
		exit(4);
	/* Threads can be created again: a later call starts the worker
	 * (tried at most every 100 ms). */
	flag_set(&fail_thread_creation, 0);
	sleep_ms(150);
	for (int i = 0; i < 10; i++)
		call_rcu(&later[i], count_cb);
	rcu_barrier();
	exit(flag_get(&cbs_run) == NO_WORKER_CBS + 10 ? 0 : 5);
}

Test(faults, worker_cannot_start_callbacks_still_run, .timeout = 60)
{
	char err[4096];
	const char *first;
	int status;

	skip_unless_faults_apply();
	status = run_child(queue_without_worker, NULL, err, sizeof(err));
	cr_assert(!(WIFEXITED(status) && WEXITSTATUS(status) == 3),
		  "callbacks ran with no worker before any barrier: %s", err);
	cr_assert(!(WIFEXITED(status) && WEXITSTATUS(status) == 4),
		  "rcu_barrier() returned before the callbacks queued with no worker ran: %s",
		  err);
	cr_assert(!(WIFEXITED(status) && WEXITSTATUS(status) == 5),
		  "a call_rcu() after threads could be created again did not get its "
		  "callbacks invoked: %s", err);
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		  "status 0x%x: %s", status, err);
	first = strstr(err, "cannot start the callback thread");
	cr_assert(first, "the failure to start the callback thread was not told: \"%s\"", err);
	cr_assert(!strstr(first + 1, "cannot start the callback thread"),
		  "the failure was told more than once: \"%s\"", err);
}

static void no_threads(void)
{
	flag_set(&fail_thread_creation, 1);
}

Test(faults, worker_cannot_start_exit_runs_callbacks, .timeout = 60)
{
	char err[4096];
	int n;

	skip_unless_faults_apply();
	n = exit_with_callbacks_queued(no_threads, err, sizeof(err));
	cr_assert_eq(n, 5, "%d of 5 callbacks queued with no worker ran at exit: %s", n, err);
}

#define OOM_CBS		1000
#define OOM_KFREE	100

/* malloc() fails from the first callback on: the worker's start included. */
static void queue_out_of_memory(void *arg)
{
	static struct rcu_head heads[OOM_CBS];
	static struct kobj *objs[OOM_KFREE];

	(void)arg;
	rcu_register_thread();
	for (int i = 0; i < OOM_KFREE; i++)
		objs[i] = calloc(1, sizeof(*objs[i]));
	flag_set(&fail_malloc, 1);
	for (int i = 0; i < OOM_CBS; i++)
		call_rcu(&heads[i], count_cb);
	for (int i = 0; i < OOM_KFREE; i++)
		kfree_rcu(objs[i], rh);
	synchronize_rcu();
	rcu_barrier();
	flag_set(&fail_malloc, 0);
	exit(flag_get(&cbs_run) == OOM_CBS ? 0 : 3);
}

Test(faults, out_of_memory_loses_no_callback, .timeout = 60)
{
	char err[4096];
	int status;

	skip_unless_faults_apply();
	status = run_child(queue_out_of_memory, NULL, err, sizeof(err));
	cr_assert(!(WIFEXITED(status) && WEXITSTATUS(status) == 3),
		  "callbacks queued while malloc() failed were lost: %s", err);
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		  "with malloc() failing, call_rcu() and kfree_rcu() crashed or hung "
		  "(status 0x%x): %s", status, err);
}

/* A thread that queues callbacks and exits at once loses none. */
#define EXITING_CBS	10000

static void *queue_and_exit(void *arg)
{
	struct rcu_head *heads = arg;

	rcu_register_thread();
	for (int i = 0; i < EXITING_CBS; i++)
		call_rcu(&heads[i], count_cb);
	return NULL;	/* exits with them queued; no unregistration */
}

Test(faults, thread_exit_with_callbacks_queued_loses_none, .timeout = 60)
{
	static struct rcu_head heads[4][EXITING_CBS];
	pthread_t t[4];

	for (int i = 0; i < 4; i++)
		t[i] = spawn(queue_and_exit, heads[i]);
	for (int i = 0; i < 4; i++)
		join(t[i]);
	rcu_barrier();
	cr_assert_eq(flag_get(&cbs_run), 4 * EXITING_CBS,
		     "%d of %d callbacks queued by threads that exited ran",
		     flag_get(&cbs_run), 4 * EXITING_CBS);
}
