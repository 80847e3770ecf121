/* SPDX-License-Identifier: MIT */
/*
 * conformance/harness.c: see harness.h.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"

void sleep_ms_in_reader(unsigned ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts))
		;
}

bool flag_wait_in_reader(const int *f, int v, unsigned timeout_ms)
{
	unsigned waited = 0;

	while (flag_get(f) != v) {
		if (waited++ >= timeout_ms)
			return false;
		sleep_ms_in_reader(1);
	}
	return true;
}

pthread_t spawn(void *(*fn)(void *), void *arg)
{
	pthread_t t;

	cr_assert_eq(pthread_create(&t, NULL, fn, arg), 0, "pthread_create");
	return t;
}

void hold_reader_in(struct hold_sync *s)
{
	__atomic_add_fetch(&s->reader_inside, 1, __ATOMIC_SEQ_CST);
}

void hold_reader_out(struct hold_sync *s)
{
	__atomic_add_fetch(&s->reader_done, 1, __ATOMIC_SEQ_CST);
}

void hold_wait_inside(struct hold_sync *s, int n)
{
	for (int i = 0; i < 10000 && flag_get(&s->reader_inside) < n; i++)
		sleep_ms_in_reader(1);
	cr_assert_eq(flag_get(&s->reader_inside), n, "%d of the hold's %d readers "
		     "started", flag_get(&s->reader_inside), n);
}

void hold_reader_stay(struct hold_sync *s, unsigned hold_ms,
		      void (*started)(void *arg), void *arg)
{
	unsigned waited;

	hold_reader_in(s);
	flag_wait_in_reader(&s->action_started, 1, 10000);
	if (started)
		started(arg);
	for (waited = 0; waited < hold_ms && !flag_get(&s->action_done) &&
			 !flag_get(&s->release); waited++)
		sleep_ms_in_reader(1);
	hold_reader_out(s);
}

void hold_reader_spin(struct hold_sync *s)
{
	/* Loads only, no system call, so no voluntary switch. */
	while (!flag_get(&s->release))
		__asm__ __volatile__("" ::: "memory");
	hold_reader_out(s);
}

bool hold_drive(struct hold_sync *s, void *(*reader)(void *), bool (*action)(void *),
		void *arg, const struct hold_waits *w)
{
	pthread_t t = spawn(reader, arg);
	bool was = w && w->begin(), left;

	hold_wait_inside(s, 1);
	if (w)
		w->end(was);
	flag_set(&s->action_started, 1);
	left = action(arg);
	flag_set(&s->action_done, 1);
	was = w && w->begin();
	pthread_join(t, NULL);
	if (w)
		w->end(was);
	return left;
}

void hold_cb_func(struct rcu_head *head)
{
	struct hold_cb *c = (struct hold_cb *)head;

	flag_set(&c->s->cb_seen, flag_get(&c->s->reader_done));
	flag_set(&c->s->cb_ran, 1);
}

int run_child(void (*fn)(void *), void *arg, char *out, size_t outlen)
{
	int fds[2], status = 0;
	size_t got = 0;
	ssize_t n;
	pid_t pid;

	cr_assert_eq(pipe(fds), 0);
	fflush(NULL);
	pid = fork();
	cr_assert(pid >= 0, "fork");
	if (pid == 0) {
		alarm(20);	/* a hung child must not outlive the test */
		dup2(fds[1], 2);
		close(fds[0]);
		close(fds[1]);
		fn(arg);
		exit(0);
	}
	close(fds[1]);
	while (got + 1 < outlen && (n = read(fds[0], out + got, outlen - 1 - got)) > 0)
		got += (size_t)n;
	out[got] = '\0';
	close(fds[0]);
	cr_assert_eq(waitpid(pid, &status, 0), pid);
	return status;
}

void expect_abort(void (*fn)(void *), void *arg, const char *needle)
{
	char err[4096];
	int status = run_child(fn, arg, err, sizeof(err));

	cr_assert(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT,
		  "misuse was not refused with abort() (status 0x%x); stderr: %s",
		  status, err);
	cr_assert(strstr(err, needle), "abort message does not name \"%s\": %s",
		  needle, err);
}

void capture_stderr(void (*fn)(void *), void *arg, char *out, size_t outlen)
{
	FILE *tmp = tmpfile();
	int saved = dup(2);
	size_t n;

	cr_assert(tmp && saved >= 0);
	fflush(stderr);
	dup2(fileno(tmp), 2);
	fn(arg);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(tmp);
	n = fread(out, 1, outlen - 1, tmp);
	out[n] = '\0';
	fclose(tmp);
}

void deny_syscall(long nr)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)nr, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { .len = sizeof(f) / sizeof(f[0]), .filter = f };

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog))
		abort();
}

/* ---- A barrier and the callbacks of every thread ------------------------- */

#define BARRIER_THREADS	9
#define PER_THREAD	100

struct ordered {
	struct rcu_head head;
	int thread, seq;
	pthread_t by;		/* the thread that queued it */
};

static struct {
	void (*queue)(struct rcu_head *head, rcu_callback_t func);
	int gates[BARRIER_THREADS], ran, order_broken, last_seq[BARRIER_THREADS];
	struct ordered cbs[BARRIER_THREADS][PER_THREAD];
} bct;

static void ordered_cb(struct rcu_head *h)
{
	struct ordered *o = (struct ordered *)h;

	/* Not where call_*() runs its callback in the caller (a control):
	 * the gate would then hold the queuer back instead. */
	if (o->seq == 0 && !pthread_equal(pthread_self(), o->by))
		flag_wait_in_reader(&bct.gates[o->thread], 1, 10000);
	if (o->seq != bct.last_seq[o->thread] + 1)
		flag_set(&bct.order_broken, 1);
	bct.last_seq[o->thread] = o->seq;
	__atomic_add_fetch(&bct.ran, 1, __ATOMIC_SEQ_CST);
}

static void *ordered_queuer(void *arg)
{
	int t = (int)(intptr_t)arg;

	for (int i = 0; i < PER_THREAD; i++) {
		bct.cbs[t][i] = (struct ordered){ .thread = t, .seq = i,
						  .by = pthread_self() };
		bct.queue(&bct.cbs[t][i].head, ordered_cb);
	}
	return NULL;
}

static void *open_gates(void *arg)
{
	(void)arg;
	for (int i = 0; i < BARRIER_THREADS; i++) {
		sleep_ms_in_reader(20);
		flag_set(&bct.gates[i], 1);
	}
	return NULL;
}

void barrier_covers_threads(void (*queue)(struct rcu_head *head, rcu_callback_t func),
			    void (*barrier)(void), const char *barrier_name)
{
	pthread_t releaser;
	int ran;

	bct.queue = queue;
	for (int i = 0; i < BARRIER_THREADS; i++) {
		bct.last_seq[i] = -1;
		pthread_join(spawn(ordered_queuer, (void *)(intptr_t)i), NULL);
	}
	releaser = spawn(open_gates, NULL);
	barrier();
	ran = flag_get(&bct.ran);
	cr_assert_eq(ran, BARRIER_THREADS * PER_THREAD, "%s() returned with %d of "
		     "the %d callbacks queued before it by %d threads invoked",
		     barrier_name, ran, BARRIER_THREADS * PER_THREAD, BARRIER_THREADS);
	cr_assert_not(flag_get(&bct.order_broken), "a thread's callbacks ran out "
		      "of the order it queued them in");
	pthread_join(releaser, NULL);
}
