/* SPDX-License-Identifier: MIT */
/*
 * conformance/lifecycle.c: thread registration, thread exit, process exit.
 * Registering twice is harmless; a thread that reads without registering
 * is registered (where the implementation says readers need not register);
 * a thread that exits without unregistering never stalls a grace period;
 * callbacks pending at exit are invoked, and a reader that never ends makes
 * exit warn after a bounded wait instead of hanging.
 */
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
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

	join(t);
	synchronize_rcu();
	synchronize_rcu_expedited();
}

/* A thread that exits inside a section (a bug, warned about) ends it:
 * a grace period already waiting for it completes. */
static int exiting_inside;

static void *exit_inside_reader(void *arg)
{
	(void)arg;
	rcu_register_thread();
	rcu_read_lock();
	flag_set(&exiting_inside, 1);
	sleep_ms_in_reader(100);	/* the updater starts waiting for us */
	return NULL;		/* exits inside the section */
}

static void exit_inside_then_sync(void *arg)
{
	pthread_t t;

	(void)arg;
	t = spawn(exit_inside_reader, NULL);
	flag_wait(&exiting_inside, 1, 10000);
	synchronize_rcu();
	join(t);
	synchronize_rcu();
}

Test(lifecycle, thread_exit_inside_reader_ends_it, .timeout = 30)
{
	char err[2048];
	int status = run_child(exit_inside_then_sync, NULL, err, sizeof(err));

	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "status 0x%x: %s", status, err);
	/* Only an implementation that can tell a reader can warn about it. */
	if (impl_has(RCUTABLE_API_VALIDATION))
		cr_assert(strstr(err, "exited inside an RCU read-side critical section"),
			  "no warning for a thread that exited inside a reader: \"%s\"", err);
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

		join(t);
	}
	flag_set(&churn_stop, 1);
	join(u);
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
	void (*before)(void) = (void (*)(void))arg;

	if (before)
		before();
	for (int i = 0; i < 5; i++)
		call_rcu(&heads[i], write_cb);
	exit(0);
}

int exit_with_callbacks_queued(void (*before)(void), char *err, size_t len)
{
	char got[16];
	ssize_t n;
	int status;

	cr_assert_eq(pipe(exit_pipe), 0);
	status = run_child(queue_then_exit, (void *)before, err, len);
	close(exit_pipe[1]);
	n = read(exit_pipe[0], got, sizeof(got));
	close(exit_pipe[0]);
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "status 0x%x: %s", status, err);
	return (int)n;
}

Test(lifecycle, exit_runs_pending_callbacks, .timeout = 30)
{
	char err[1024];
	int n;

	skip_unless_impl_has(RCUTABLE_API_EXIT_DRAIN, "callbacks drained at exit");
	n = exit_with_callbacks_queued(NULL, err, sizeof(err));
	cr_assert_eq(n, 5, "%d of 5 callbacks pending at exit were invoked", n);
}

static int forever_inside;

static void *reader_forever(void *arg)
{
	(void)arg;
	rcu_register_thread();
	rcu_read_lock();
	flag_set(&forever_inside, 1);
	for (;;)
		sleep_ms_in_reader(1000);
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
	skip_unless_impl_has(RCUTABLE_API_EXIT_DRAIN, "callbacks drained at exit");
	cr_assert(strstr(err, "callbacks queued with call_rcu() were not invoked"),
		  "exit with a stuck reader did not warn: \"%s\"", err);
	if (rcutable_impl_info.native & RCUTABLE_API_EXIT_DRAIN)
		cr_assert(strstr(err, "3 callbacks queued with call_rcu() were not invoked"),
		  "exit with a stuck reader did not warn about its 3 callbacks: \"%s\"", err);
}

/*
 * fork(): the child can use RCU, call_rcu() and rcu_barrier() included,
 * and runs the callbacks its parent had queued but not yet invoked (they
 * reclaim the child's copy of the memory).  The parent holds a reader open
 * across the fork, so its queued callback is still pending then.
 */
static int fork_pipe[2];
static int fork_reader_inside, fork_reader_release;
static int fork_watching, fork_returned, fork_blocked;

/* fork() must not wait for the reader.  If it has not returned within 5 s,
 * record that it blocked and end the reader's section, so that an
 * implementation whose fork() waits for readers fails by assertion, with
 * its child reaped, rather than by the test's timeout. */
static void *fork_watchdog(void *arg)
{
	(void)arg;
	flag_set(&fork_watching, 1);
	if (!flag_wait_in_reader(&fork_returned, 1, 5000)) {	/* no RCU here */
		flag_set(&fork_blocked, 1);
		flag_set(&fork_reader_release, 1);
	}
	return NULL;
}

static void fork_cb(struct rcu_head *h)
{
	(void)h;
	if (write(fork_pipe[1], "c", 1) != 1)
		abort();
}

static void *fork_reader(void *arg)
{
	(void)arg;
	rcu_register_thread();
	rcu_read_lock();
	flag_set(&fork_reader_inside, 1);
	flag_wait_in_reader(&fork_reader_release, 1, 10000);
	rcu_read_unlock();
	rcu_unregister_thread();
	return NULL;
}

Test(lifecycle, fork_child_uses_rcu, .timeout = 15)
{
	static struct rcu_head before, in_child;
	pthread_t r, w;
	pid_t pid;
	int status;
	char buf[8];

	skip_unless_impl_has(RCUTABLE_API_FORK, "fork() support");
	cr_assert_eq(pipe(fork_pipe), 0);
	call_rcu(&in_child, fork_cb);	/* the worker is running */
	rcu_barrier();
	r = spawn(fork_reader, NULL);
	flag_wait(&fork_reader_inside, 1, 10000);
	call_rcu(&before, fork_cb);	/* pending: the reader holds it back */
	sleep_ms(50);			/* the worker now waits for the reader,
					 * holding the grace-period locks */
	w = spawn(fork_watchdog, NULL);
	/* Started, so that no thread is half created at the fork (a sanitizer's
	 * thread registry would be inherited locked). */
	flag_wait(&fork_watching, 1, 10000);
	pid = fork();
	cr_assert(pid >= 0);
	if (pid == 0) {
		alarm(10);
		rcu_barrier();		/* runs the inherited callback */
		call_rcu(&in_child, fork_cb);
		rcu_barrier();
		synchronize_rcu();
		synchronize_rcu_expedited();
		_exit(0);
	}
	flag_set(&fork_returned, 1);
	join(w);
	if (flag_get(&fork_blocked)) {
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
		join(r);
		cr_assert_fail("fork() blocked while another thread was inside a "
			       "read-side critical section, and returned only "
			       "once the reader left it: fork() must not wait "
			       "for readers");
	}
	cr_assert_eq(waitpid(pid, &status, 0), pid);
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		  "the child of fork() could not use RCU (status 0x%x)", status);
	/* 1 before the fork, then 2 in the child: its inherited one and its own. */
	cr_assert_eq(read(fork_pipe[0], buf, sizeof(buf)), 3,
		     "the child did not run its inherited and its own callbacks");
	flag_set(&fork_reader_release, 1);
	join(r);
	rcu_barrier();
	cr_assert_eq(read(fork_pipe[0], buf, sizeof(buf)), 1,
		     "the parent did not run its pending callback after the fork");
}

/*
 * Signal handlers may read (local_irq_save() makes signals user space's
 * interrupts).  A handler that reads while its thread registers or
 * unregisters must not corrupt the registry: short-lived reader threads,
 * each bombarded with a signal whose handler reads, while grace periods run.
 */
static pthread_t sig_target;
static int sig_target_live, sig_in_kill, sig_stop;

static void reading_handler(int sig)
{
	(void)sig;
	/* QSBR: a handler may read where its thread may, online. */
	if (rcu_is_watching()) {
		rcu_read_lock();
		rcu_read_unlock();
	}
}

static void *sig_killer(void *arg)
{
	/* Paced: signals without a pause keep a target that is short of CPU
	 * inside its handler, and it never gets to register or exit. */
	const struct timespec pause = { 0, 50000 };

	(void)arg;
	while (!flag_get(&sig_stop)) {
		/* Dekker handshake with the joiner: never signal a joined thread. */
		flag_set(&sig_in_kill, 1);
		if (flag_get(&sig_target_live))
			pthread_kill(sig_target, SIGUSR2);
		flag_set(&sig_in_kill, 0);
		nanosleep(&pause, NULL);
	}
	return NULL;
}

Test(lifecycle, signal_handler_readers_during_registration, .timeout = 60)
{
	struct sigaction sa = { .sa_handler = reading_handler, .sa_flags = SA_RESTART };
	pthread_t k;

	sigaction(SIGUSR2, &sa, NULL);
	k = spawn(sig_killer, NULL);
	for (int i = 0; i < 3000; i++) {
		flag_set(&sig_target_live, 0);
		sig_target = spawn(read_and_exit, NULL);
		flag_set(&sig_target_live, 1);
		sleep_ms(i % 3);
		flag_set(&sig_target_live, 0);
		while (flag_get(&sig_in_kill))
			;
		join(sig_target);
		if (i % 100 == 0)
			synchronize_rcu();
	}
	flag_set(&sig_stop, 1);
	join(k);
	synchronize_rcu();
}

/*
 * fork() while the callback thread is inside a callback that waits for a
 * mutex the forking thread holds: fork() must not wait for that callback
 * for ever (it says so and forks), and both processes go on.
 */
static pthread_mutex_t fork_cb_mutex = PTHREAD_MUTEX_INITIALIZER;
static int fork_cb_entered;

static void cb_takes_fork_mutex(struct rcu_head *h)
{
	(void)h;
	flag_set(&fork_cb_entered, 1);
	pthread_mutex_lock(&fork_cb_mutex);
	pthread_mutex_unlock(&fork_cb_mutex);
}

static void fork_while_callback_blocked(void *arg)
{
	static struct rcu_head head;
	pid_t pid;
	int status;

	(void)arg;
	rcu_register_thread();
	pthread_mutex_lock(&fork_cb_mutex);
	call_rcu(&head, cb_takes_fork_mutex);
	if (!flag_wait(&fork_cb_entered, 1, 10000))
		exit(3);
	pid = fork();
	if (pid == 0)
		_exit(0);
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		exit(4);
	pthread_mutex_unlock(&fork_cb_mutex);
	rcu_barrier();
	exit(0);
}

Test(lifecycle, fork_while_a_callback_waits_for_the_forking_thread, .timeout = 30)
{
	char err[2048];
	int status;

	skip_unless_impl_has(RCUTABLE_API_FORK, "fork() support");
	skip_unless_impl_has(RCUTABLE_API_BACKLOG, "rcutable's callback engine");
	status = run_child(fork_while_callback_blocked, NULL, err, sizeof(err));
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		  "fork() while a callback waited for the forking thread's mutex: "
		  "status 0x%x (a hang ends by SIGALRM): %s", status, err);
	cr_assert(strstr(err, "fork(): the call_rcu() callback thread has been inside one callback"),
		  "fork() gave no word about the callback it could not wait for: \"%s\"", err);
}

/*
 * Starting a callback thread opens no file: it names itself (a prctl()).
 * Named from its starter, each would open /proc/self/task/<tid>/comm,
 * and every such /proc entry ever made is for the kernel to sweep when a
 * child process is reaped: a program that churns SRCU domains (a thread
 * each) and forks saw wait() take seconds
 * (conformance/stress/srcu_fork_churn.c).  In a child (a fresh engine
 * starts its thread at the first call_rcu()), after a filter that kills
 * the process on any open.
 */
static void deny_open(void)
{
	struct sock_filter filter[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_openat, 3, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_open, 2, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_openat2, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
	};
	struct sock_fprog prog = { sizeof(filter) / sizeof(filter[0]), filter };

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog)) {
		perror("seccomp");
		exit(5);
	}
}

static void nop_cb(struct rcu_head *h)
{
	(void)h;
}

static void start_worker_without_open(void *arg)
{
	static struct rcu_head head;

	(void)arg;
	deny_open();
	call_rcu(&head, nop_cb);
	rcu_barrier();
	exit(0);
}

Test(lifecycle, callback_thread_starts_without_opening_files, .timeout = 20)
{
	static struct rcu_head head;
	char err[2048];
	int status;

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
	cr_skip_test("a sanitizer's thread start reads /proc");
#endif
	skip_unless_impl_has(RCUTABLE_API_FORK, "fork() support");
	skip_unless_impl_has(RCUTABLE_API_BACKLOG, "rcutable's callback engine");
	call_rcu(&head, nop_cb);	/* one-time set-up, in the parent */
	rcu_barrier();
	status = run_child(start_worker_without_open, NULL, err, sizeof(err));
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		  "starting the callback thread opened a file (status 0x%x; "
		  "SIGSYS is %d): %s", status, SIGSYS, err);
}
