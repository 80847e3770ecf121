/* SPDX-License-Identifier: MIT */
/*
 * conformance/tasks/grace_period.c: the RCU Tasks column's grace-period
 * rows.  synchronize_rcu_tasks() waits for every thread that was running
 * code without blocking when it began (a trampoline), however often the
 * thread is preempted, until it blocks or exits; it does not wait for
 * threads that are blocked, beyond one recheck for those that block while
 * it runs, nor for threads created while it runs, nor for a group leader
 * that has exited; threads exiting while it lists the threads do not hide
 * a spinner from it.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "tasks_hold.h"

/* One more spinner than CPUs: the spinners are preempted, involuntarily. */
static int spinners_to_preempt(void)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);

	return cpus >= 1 && cpus < 16 ? (int)cpus + 1 : 16;
}

static unsigned long nivcsw_sum(const struct trampolines *t)
{
	unsigned long sum = 0;

	for (int i = 0; i < t->n; i++)
		sum += thread_sched_of(t->tid[i]).nivcsw;
	return sum;
}

Test(tasks, waits_for_spinning_threads_until_they_block, .timeout = 60)
{
	static struct trampolines t;
	static struct tasks_updater u;
	struct rcutable_tasks_stats s;
	unsigned long preempted;
	int n = spinners_to_preempt();

	trampolines_start(&t, n);
	s = tasks_stats();
	tasks_updater_start(&u, &t);
	cr_assert(tasks_wait_gp_begun(&s), "no grace period began");
	preempted = nivcsw_sum(&t);
	/* Preemption is no voluntary switch: the grace period stays open while
	 * the spinners are preempted again and again. */
	for (int i = 0; i < 10000 && nivcsw_sum(&t) < preempted + 2 * (unsigned)n; i++)
		sleep_ms_in_reader(1);
	tasks_assert_held(&s, 5, &u.returned, "threads spun without blocking");
	cr_assert_geq(tasks_stats().holdouts, (unsigned long)n,
		      "the grace period does not wait for every spinner");
	trampolines_release(&t);
	tasks_updater_join(&u);
	cr_assert_eq(u.left_at_return, n, "synchronize_rcu_tasks() returned before "
		     "every spinner had left its region");
	trampolines_finish(&t);
}

/* ---- Threads that are blocked, or block ----------------------------------- */

struct blocker {
	int fds[2];
	int spin, blocking;
	pid_t tid;
};

/* Spins while spin is set, then blocks reading a pipe until it closes. */
static void *blocker_thread(void *arg)
{
	struct blocker *b = arg;
	char c;

	__atomic_store_n(&b->tid, tasks_gettid(), __ATOMIC_SEQ_CST);
	while (flag_get(&b->spin))
		__asm__ __volatile__("" ::: "memory");
	flag_set(&b->blocking, 1);
	while (read(b->fds[0], &c, 1) < 0)
		;
	return NULL;
}

static pthread_t blocker_start(struct blocker *b, bool spin)
{
	pthread_t th;

	cr_assert_eq(pipe(b->fds), 0);
	b->spin = spin;
	th = spawn(blocker_thread, b);
	for (int i = 0; i < 10000 && !__atomic_load_n(&b->tid, __ATOMIC_SEQ_CST); i++)
		sleep_ms_in_reader(1);
	return th;
}

static void blocker_end(struct blocker *b, pthread_t th)
{
	flag_set(&b->spin, 0);
	close(b->fds[1]);
	pthread_join(th, NULL);
	close(b->fds[0]);
}

Test(tasks, blocked_threads_delay_a_grace_period_by_one_recheck_at_most, .timeout = 60)
{
	static struct trampolines t;
	static struct tasks_updater u;
	static struct blocker idle, late;
	struct rcutable_tasks_stats s;
	pthread_t idle_th, late_th;

	idle_th = blocker_start(&idle, false);	/* blocked before the grace period */
	cr_assert(wait_thread_blocked(idle.tid));
	late_th = blocker_start(&late, true);	/* blocks during it */
	trampolines_start(&t, 1);
	s = tasks_stats();
	tasks_updater_start(&u, &t);
	cr_assert(tasks_wait_gp_begun(&s), "no grace period began");
	flag_set(&late.spin, 0);
	cr_assert(wait_thread_blocked(late.tid));
	/* The recheck that began before the thread blocked may have missed
	 * it; the one after must not.  This thread sleeps while it waits, so
	 * it is no holdout either, unless a busy machine leaves it runnable
	 * (a thread waiting for a CPU is a holdout, rightly) when a recheck
	 * looks: so a few more rechecks, each with this thread asleep. */
	s = tasks_stats();
	tasks_assert_held(&s, 3, &u.returned, "a thread spun without blocking");
	for (int i = 0; i < 20 && tasks_stats().holdouts > 1; i++) {
		s = tasks_stats();
		tasks_assert_held(&s, 1, &u.returned, "a thread spun without blocking");
	}
	cr_assert_eq(tasks_stats().holdouts, 1, "after 23 rechecks, the grace period "
		     "still waits for %lu threads: blocked threads delay it (only the "
		     "spinner should be left)", tasks_stats().holdouts);
	trampolines_release(&t);
	tasks_updater_join(&u);
	cr_assert_eq(u.left_at_return, 1);
	trampolines_finish(&t);
	blocker_end(&late, late_th);
	blocker_end(&idle, idle_th);
}

Test(tasks, threads_created_during_a_grace_period_are_not_waited_for, .timeout = 60)
{
	static struct trampolines old, young;
	static struct tasks_updater u;
	struct rcutable_tasks_stats s;

	trampolines_start(&old, 1);
	s = tasks_stats();
	tasks_updater_start(&u, &old);
	cr_assert(tasks_wait_gp_begun(&s), "no grace period began");
	trampolines_start(&young, 2);	/* after the grace period took its list */
	tasks_assert_held(&s, 3, &u.returned, "a thread that existed before it spun");
	trampolines_release(&old);
	tasks_updater_join(&u);
	cr_assert_eq(flag_get(&young.sync.reader_done), 0, "the test's new spinners stopped early");
	cr_assert_eq(u.left_at_return, 1);
	trampolines_finish(&young);
	trampolines_finish(&old);
}

Test(tasks, waits_for_a_spinning_thread_until_it_exits, .timeout = 60)
{
	static struct trampolines t = { .exit_on_release = true };
	static struct tasks_updater u;
	struct rcutable_tasks_stats s;

	trampolines_start(&t, 2);
	s = tasks_stats();
	tasks_updater_start(&u, &t);
	cr_assert(tasks_wait_gp_begun(&s), "no grace period began");
	tasks_assert_held(&s, 3, &u.returned, "two threads spun");
	trampolines_release(&t);	/* they return from their start routines */
	tasks_updater_join(&u);
	cr_assert_eq(u.left_at_return, 2);
	trampolines_finish(&t);
}

/* ---- Threads that exit while a grace period lists the threads ---------------- */

enum { DOOMED = 60 };

struct doomed {
	int gate;
	pthread_t thread[DOOMED];
};

static void *doomed_thread(void *arg)
{
	struct doomed *d = arg;

	while (!flag_get(&d->gate))
		syscall(SYS_futex, &d->gate, FUTEX_WAIT_PRIVATE, 0, NULL, NULL, 0);
	return NULL;
}

/* All at once, just before synchronize_rcu_tasks(): they exit while its
 * grace period lists the threads. */
static void doomed_release(void *arg)
{
	struct doomed *d = arg;

	flag_set(&d->gate, 1);
	syscall(SYS_futex, &d->gate, FUTEX_WAKE_PRIVATE, DOOMED, NULL, NULL, 0);
}

/*
 * The kernel's listing of /proc/self/task ends early when its walk steps
 * onto a thread that has just exited.  Each round puts a spinner behind 60
 * threads that exit as the grace period lists the threads (a grace period
 * that trusted one list missed the spinner within 15 rounds, run after
 * run, here); the grace period must still wait for it.
 */
Test(tasks, waits_for_a_spinner_listed_behind_threads_that_exit, .timeout = 120)
{
	static struct doomed d;
	static struct trampolines t;
	static struct tasks_updater u;
	struct rcutable_tasks_stats s;

	for (int round = 0; round < 200; round++) {
		memset(&d, 0, sizeof(d));
		memset(&t, 0, sizeof(t));
		memset(&u, 0, sizeof(u));
		for (int i = 0; i < DOOMED; i++)
			d.thread[i] = spawn(doomed_thread, &d);
		trampolines_start(&t, 1);
		s = tasks_stats();
		u.first = doomed_release;
		u.first_arg = &d;
		tasks_updater_start(&u, &t);
		cr_assert(tasks_wait_gp_begun(&s), "round %d: no grace period began", round);
		tasks_assert_held(&s, 2, &u.returned, "a thread spun behind threads "
				  "that exited: the list of threads missed it");
		trampolines_release(&t);
		tasks_updater_join(&u);
		trampolines_finish(&t);
		for (int i = 0; i < DOOMED; i++)
			pthread_join(d.thread[i], NULL);
	}
}

/* ---- The group leader that has exited --------------------------------------- */

static void *after_leader_exits(void *arg)
{
	pid_t leader = getpid();

	(void)arg;
	while (thread_sched_of(leader).state != 'Z')
		sleep_ms_in_reader(1);
	for (int i = 0; i < 3; i++)
		synchronize_rcu_tasks();
	fprintf(stderr, "three grace periods after the leader exited\n");
	exit(0);
}

static void leader_exits(void *arg)
{
	pthread_t th;

	(void)arg;
	pthread_create(&th, NULL, after_leader_exits, NULL);
	pthread_exit(NULL);
}

/* The main thread that returned through pthread_exit() is a zombie for as
 * long as the process lives, and runs no code. */
Test(tasks, a_group_leader_that_exited_is_not_waited_for, .timeout = 60)
{
	char err[1024];
	int status = run_child(leader_exits, NULL, err, sizeof(err));

	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		  "grace periods did not end after the main thread exited "
		  "(status 0x%x): %s", status, err);
	cr_assert(strstr(err, "three grace periods"), "%s", err);
}

/* ---- fork() ------------------------------------------------------------------ */

static void grace_periods_in_a_child(void *arg)
{
	(void)arg;
	synchronize_rcu_tasks();
	fprintf(stderr, "the child's grace period ended\n");
}

/* A child forked while its parent's grace period waits for a spinner has
 * no spinner: its own grace periods end. */
Test(tasks, a_child_of_fork_during_a_grace_period_has_its_own, .timeout = 60)
{
	static struct trampolines t;
	static struct tasks_updater u;
	struct rcutable_tasks_stats s;
	char err[1024];
	int status;

	trampolines_start(&t, 1);
	s = tasks_stats();
	tasks_updater_start(&u, &t);
	cr_assert(tasks_wait_gp_begun(&s), "no grace period began");
	struct thread_sched b4 = thread_sched_of(t.tid[0]);
	status = run_child(grace_periods_in_a_child, NULL, err, sizeof(err));
	struct thread_sched af = thread_sched_of(t.tid[0]);
	fprintf(stderr, "DBG spinner before %c %lu/%lu after %c %lu/%lu returned %d\n", b4.state, b4.nvcsw, b4.nivcsw, af.state, af.nvcsw, af.nivcsw, flag_get(&u.returned));
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		  "status 0x%x: %s", status, err);
	cr_assert(strstr(err, "grace period ended"), "%s", err);
	cr_assert_not(flag_get(&u.returned), "synchronize_rcu_tasks() returned "
		      "in the parent while a thread spun");
	trampolines_release(&t);
	tasks_updater_join(&u);
	trampolines_finish(&t);
}
