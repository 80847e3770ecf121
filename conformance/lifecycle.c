/* SPDX-License-Identifier: MIT */
/*
 * conformance/lifecycle.c: thread registration, thread exit, process exit.
 * Registering twice is harmless; a thread that reads without registering
 * is registered (where the implementation says readers need not register);
 * a thread that exits without unregistering never stalls a grace period;
 * callbacks pending at exit are invoked, and a reader that never ends makes
 * exit warn after a bounded wait instead of hanging.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "helpers.h"

Test(lifecycle, register_twice_is_harmless, .timeout = 20)
{
	rcu_register_thread();
	rcu_register_thread();
	rcu_read_lock();
	rcu_read_unlock();
	synchronize_rcu();
	rcu_unregister_thread();
	rcu_unregister_thread();
	synchronize_rcu();
}

Test(lifecycle, waits_for_unregistered_reader, .timeout = 20)
{
	struct hold h = { .action = action_synchronize_rcu, .no_register = true };

	if (rcutable_impl_info.readers_must_register)
		cr_skip_test("%s: readers must register", rcutable_impl_info.name);
	cr_assert(hold_run(&h), "synchronize_rcu() did not wait for a reader "
		  "on a thread that never called rcu_register_thread()");
}

static void *read_and_exit(void *arg)
{
	(void)arg;
	rcu_register_thread();
	rcu_read_lock();
	rcu_read_unlock();
	return NULL;	/* no rcu_unregister_thread() */
}

Test(lifecycle, exit_without_unregister, .timeout = 20)
{
	pthread_t t = spawn(read_and_exit, NULL);

	pthread_join(t, NULL);
	synchronize_rcu();
	synchronize_rcu_expedited();
}

static int churn_stop;

static void *churn_updater(void *arg)
{
	int *n = arg;

	while (!flag_get(&churn_stop)) {
		synchronize_rcu();
		(*n)++;
	}
	return NULL;
}

Test(lifecycle, short_lived_threads_during_grace_periods, .timeout = 60)
{
	int gps = 0;
	pthread_t u = spawn(churn_updater, &gps);

	for (int i = 0; i < 256; i++) {
		pthread_t t = spawn(read_and_exit, NULL);

		pthread_join(t, NULL);
	}
	flag_set(&churn_stop, 1);
	pthread_join(u, NULL);
	synchronize_rcu();
	cr_log_info("%d grace periods during 256 thread lifetimes", gps);
}

/* ---- Process exit ------------------------------------------------------------ */

static int exit_pipe[2];

static void write_cb(struct rcu_head *h)
{
	(void)h;
	if (write(exit_pipe[1], "x", 1) != 1)
		abort();
}

static void queue_then_exit(void *arg)
{
	static struct rcu_head heads[5];

	(void)arg;
	for (int i = 0; i < 5; i++)
		call_rcu(&heads[i], write_cb);
	exit(0);
}

Test(lifecycle, exit_runs_pending_callbacks, .timeout = 30)
{
	char err[1024], got[16];
	ssize_t n;
	int status;

	cr_assert_eq(pipe(exit_pipe), 0);
	status = run_child(queue_then_exit, NULL, err, sizeof(err));
	close(exit_pipe[1]);
	n = read(exit_pipe[0], got, sizeof(got));
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "status 0x%x: %s", status, err);
	cr_assert_eq(n, 5, "%zd of 5 callbacks pending at exit were invoked", n);
}

static int forever_inside;

static void *reader_forever(void *arg)
{
	(void)arg;
	rcu_register_thread();
	rcu_read_lock();
	flag_set(&forever_inside, 1);
	for (;;)
		sleep_ms(1000);
	return NULL;
}

static void queue_with_stuck_reader(void *arg)
{
	static struct rcu_head heads[3];

	(void)arg;
	setenv("RCUTABLE_EXIT_TIMEOUT_MS", "300", 1);
	spawn(reader_forever, NULL);
	flag_wait(&forever_inside, 1, 10000);
	for (int i = 0; i < 3; i++)
		call_rcu(&heads[i], write_cb);
	exit(0);
}

Test(lifecycle, waits_exit_with_stuck_reader_warns, .timeout = 30)
{
	char err[2048];
	int status;

	cr_assert_eq(pipe(exit_pipe), 0);
	status = run_child(queue_with_stuck_reader, NULL, err, sizeof(err));
	cr_assert(WIFEXITED(status), "exit hung or crashed (0x%x): %s", status, err);
	cr_assert(strstr(err, "3 callbacks queued with call_rcu() were not invoked"),
		  "exit with a stuck reader did not warn about its 3 callbacks: \"%s\"", err);
}
