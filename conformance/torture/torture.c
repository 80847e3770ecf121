/* SPDX-License-Identifier: MIT */
/*
 * conformance/torture/torture.c: torture test of one flavor's grace periods,
 * in the manner of the kernel's rcutorture (the flavor: torture.h).
 *
 *   torture [--duration=S] [--readers=N] [--fake-writers=N]
 *           [--flood-every=S [--flood-callbacks=N]]
 *
 * One writer publishes elements and retires each one it replaces by a
 * method chosen at random: a synchronous grace period (each kind the flavor
 * has), a polled cookie checked later, or a chain of callbacks, one grace
 * period per link; now and then a barrier.  Each grace period that ends
 * after an element's last step moves it one stage down the pipeline
 * (torture.h); at the end it is freed (marked dead and pooled, never
 * unmapped, so that a reader holding it can tell).  Readers hold sections,
 * nested where the flavor nests, with random delays, spins, yields (and
 * sleeps where the flavor allows), and record in the "Reader Pipe"
 * histogram the stage of the element they hold at the end of the section.
 * Fake writers add grace-period and barrier load.  With --flood-every, a
 * flooder queues a burst of callbacks (default a million, each freeing a
 * small object) every S seconds, as fast as the flavor takes them.
 *
 * Success: no reader ended a section on an element at stage 2 or more (it
 * would have outlived a whole grace period begun after the element was
 * replaced), none saw a freed element, and every element comes back to the
 * pool once the test drains (no callback lost), and every flood callback
 * ran.  Prints one summary line
 * and exits 0 on SUCCESS, 1 on FAILURE.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "testing.h"
#include "torture.h"

#define POOL_SIZE	1024
#define MAX_READERS	64
#define MAX_FAKE	8
/* Stages the histogram counts; the last bucket holds TORTURE_PIPE_LEN and more. */
#define HIST_LEN	(TORTURE_PIPE_LEN + 1)

static const struct torture_ops *ops = &torture_ops;
static int stop;
static unsigned long hist[HIST_LEN], freed_seen;	/* summed from the readers */
static unsigned long waits_done[3], polled_done, callbacks_done, barriers_done;
static unsigned long fake_gps;
static unsigned long floods, flood_queued, flood_run;
static int pool_stalled;

/* ---- Random numbers and delays ------------------------------------------- */

static unsigned rnd(unsigned long *s)
{
	/* xorshift64 */
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return (unsigned)(*s >> 11);
}

static void spin(unsigned iterations)
{
	for (unsigned i = 0; i < iterations; i++)
		__asm__ __volatile__("" ::: "memory");
}

static void sleep_us(unsigned us)
{
	struct timespec ts = { .tv_sec = 0, .tv_nsec = (long)us * 1000 };

	ops->offline();
	nanosleep(&ts, NULL);
	ops->online();
}

static bool stopping(void)
{
	return __atomic_load_n(&stop, __ATOMIC_ACQUIRE);
}

/* ---- The pool ---------------------------------------------------------------- */

static struct torture_elem pool[POOL_SIZE];
static struct torture_elem *free_list;
static int free_count;
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;

/* Freed: dead, and back in the pool for reuse. */
static void elem_free(struct torture_elem *e)
{
	e->payload = 0;
	__atomic_store_n(&e->stage, TORTURE_PIPE_LEN, __ATOMIC_RELAXED);
	__atomic_store_n(&e->live, 0, __ATOMIC_RELEASE);
	pthread_mutex_lock(&pool_lock);
	e->next = free_list;
	free_list = e;
	free_count++;
	pthread_mutex_unlock(&pool_lock);
}

static struct torture_elem *elem_alloc(void)
{
	struct torture_elem *e;

	pthread_mutex_lock(&pool_lock);
	e = free_list;
	if (e) {
		free_list = e->next;
		free_count--;
	}
	pthread_mutex_unlock(&pool_lock);
	return e;
}

/* One more grace period for e: true when that freed it. */
static bool elem_advance(struct torture_elem *e)
{
	int stage = e->stage + 1;

	if (stage >= TORTURE_PIPE_LEN) {
		elem_free(e);
		return true;
	}
	__atomic_store_n(&e->stage, stage, __ATOMIC_RELAXED);
	return false;
}

/* A link of a callback chain: one stage per grace period, then freed. */
static void chain_cb(struct rcu_head *head)
{
	struct torture_elem *e = (struct torture_elem *)((char *)head -
				  offsetof(struct torture_elem, rh));

	__atomic_add_fetch(&callbacks_done, 1, __ATOMIC_RELAXED);
	if (!elem_advance(e))
		ops->call(e->domain, &e->rh, chain_cb);
}

/* ---- The writer ------------------------------------------------------------- */

/* Retire lists of the writer's own: synchronous and polled. */
static struct torture_elem *sync_list[TORTURE_MAX_DOMAINS], *polled_list[TORTURE_MAX_DOMAINS];

/* After a grace period of domain d that began after every step on the list. */
static void advance_all(struct torture_elem **list)
{
	struct torture_elem *e, **pp = list;

	while ((e = *pp)) {
		struct torture_elem *next = e->next;

		if (elem_advance(e))
			*pp = next;
		else
			pp = &e->next;
	}
}

static void run_wait(int d, unsigned which)
{
	ops->waits[which].wait(d);
	__atomic_add_fetch(&waits_done[which], 1, __ATOMIC_RELAXED);
}

/* Elements whose cookie says a grace period has passed move a stage and
 * take a new cookie. */
static void advance_polled(int d)
{
	struct torture_elem *e, **pp = &polled_list[d];

	while ((e = *pp)) {
		struct torture_elem *next = e->next;

		if (!ops->poll_state(d, e->cookie)) {
			pp = &e->next;
			continue;
		}
		polled_done++;
		if (elem_advance(e)) {
			*pp = next;
		} else {
			e->cookie = ops->get_state(d);
			pp = &e->next;
		}
	}
}

static void retire(int d, struct torture_elem *old, unsigned long *seed)
{
	unsigned r = rnd(seed) % 100;

	__atomic_store_n(&old->stage, 1, __ATOMIC_RELAXED);
	if (r < 35) {
		old->next = sync_list[d];
		sync_list[d] = old;
		run_wait(d, rnd(seed) % (unsigned)ops->nwaits);
		advance_all(&sync_list[d]);
	} else if (r < 55 && ops->get_state) {
		old->cookie = ops->get_state(d);
		old->next = polled_list[d];
		polled_list[d] = old;
	} else {
		ops->call(d, &old->rh, chain_cb);
	}
}

/* A free element, waiting for the pipeline to free one; NULL once stopping
 * or after 30 s without one (the callbacks stopped: a failure). */
static struct torture_elem *writer_alloc(unsigned long *seed)
{
	struct torture_elem *e;
	int d, tries = 0;

	while (!(e = elem_alloc())) {
		if (stopping())
			return NULL;
		d = (int)(rnd(seed) % (unsigned)ops->domains);
		if (polled_list[d] || sync_list[d]) {
			run_wait(d, 0);
			advance_all(&sync_list[d]);
			if (ops->get_state)
				advance_polled(d);
		} else if (++tries > 30 * 1000) {
			__atomic_store_n(&pool_stalled, 1, __ATOMIC_RELAXED);
			return NULL;
		} else {
			sleep_us(1000);
		}
		ops->quiescent();
	}
	return e;
}

static void *writer(void *arg)
{
	unsigned long seed = 0x9e3779b97f4a7c15ul;
	static struct torture_elem *current[TORTURE_MAX_DOMAINS];

	(void)arg;
	ops->thread_start();
	while (!stopping()) {
		int d = (int)(rnd(&seed) % (unsigned)ops->domains);
		struct torture_elem *e = writer_alloc(&seed), *old;

		if (!e)
			break;
		e->stage = 0;
		e->domain = d;
		e->payload = 0x5eed0000ul + (unsigned long)d;
		__atomic_store_n(&e->live, 1, __ATOMIC_RELAXED);
		old = current[d];
		ops->publish(d, e);		/* rcu_assign_pointer(): a release */
		current[d] = e;
		if (old)
			retire(d, old, &seed);
		if (ops->get_state)
			advance_polled(d);
		if (rnd(&seed) % 64 == 0) {
			ops->wait_callbacks(d);
			__atomic_add_fetch(&barriers_done, 1, __ATOMIC_RELAXED);
		}
		ops->quiescent();
		if (rnd(&seed) % 4 == 0)
			sleep_us(rnd(&seed) % 200);
	}
	ops->thread_stop();
	return NULL;
}

/* ---- Fake writers ------------------------------------------------------------- */

static void *fake_writer(void *arg)
{
	unsigned long seed = 0x1234567ul + (unsigned long)(uintptr_t)arg * 7919;

	ops->thread_start();
	while (!stopping()) {
		int d = (int)(rnd(&seed) % (unsigned)ops->domains);
		unsigned r = rnd(&seed) % 10;

		if (r == 0) {
			ops->wait_callbacks(d);
		} else if (r < 3 && ops->get_state) {
			unsigned long cookie = ops->get_state(d);

			while (!ops->poll_state(d, cookie) && !stopping())
				sleep_us(100);
		} else {
			ops->waits[rnd(&seed) % (unsigned)ops->nwaits].wait(d);
		}
		__atomic_add_fetch(&fake_gps, 1, __ATOMIC_RELAXED);
		ops->quiescent();
		sleep_us(rnd(&seed) % 2000);
	}
	ops->thread_stop();
	return NULL;
}

/* ---- The flooder ------------------------------------------------------------- */

struct flood_args { unsigned long every_s, callbacks; };

static void flood_free(struct rcu_head *head)
{
	free(head);
	__atomic_add_fetch(&flood_run, 1, __ATOMIC_RELAXED);
}

static void *flooder(void *arg)
{
	const struct flood_args *a = arg;

	ops->thread_start();
	for (;;) {
		double until = now_s(CLOCK_MONOTONIC) + (double)a->every_s;

		ops->offline();
		while (now_s(CLOCK_MONOTONIC) < until && !stopping())
			sleep_us(10000);
		ops->online();
		if (stopping())
			break;
		for (unsigned long i = 0; i < a->callbacks && !stopping(); i++) {
			struct rcu_head *h = malloc(sizeof(*h));

			if (!h)
				abort();
			ops->call(0, h, flood_free);
			__atomic_add_fetch(&flood_queued, 1, __ATOMIC_RELAXED);
			if (i % 4096 == 0)
				ops->quiescent();
		}
		__atomic_add_fetch(&floods, 1, __ATOMIC_RELAXED);
	}
	ops->thread_stop();
	return NULL;
}

/* ---- Readers ------------------------------------------------------------------- */

/* Inside a section: mostly nothing, often a short spin, sometimes a long
 * one with yields (preemption), rarely a sleep where the flavor allows. */
static void section_delay(unsigned long *seed)
{
	unsigned r = rnd(seed) % 1000;

	if (r < 600)
		return;
	if (r < 950) {
		spin(100 + rnd(seed) % 2000);
	} else if (r < 995) {
		for (int i = 0; i < 4; i++) {
			spin(5000 + rnd(seed) % 20000);
			if (!ops->no_syscalls)
				sched_yield();
		}
	} else if (ops->may_sleep) {
		usleep(200 + rnd(seed) % 2000);
	} else {
		spin(200000 + rnd(seed) % 200000);
	}
}

static void *reader(void *arg)
{
	unsigned long seed = 0xabcdefull + (unsigned long)(uintptr_t)arg * 104729;
	unsigned long my_hist[HIST_LEN] = { 0 }, my_freed = 0, payloads = 0;
	int tokens[3];

	ops->thread_start();
	while (!stopping()) {
		int d = (int)(rnd(&seed) % (unsigned)ops->domains);
		int depth = ops->nests ? 1 + (int)(rnd(&seed) % 3) : 1, i, stage;
		struct torture_elem *p;

		for (i = 0; i < depth; i++)
			tokens[i] = ops->read_lock(d);
		p = ops->deref(d);
		if (p) {
			payloads += p->payload;
			section_delay(&seed);
			/* Acquire: a free's dead mark before its stage store;
			 * pairs with the release in elem_free(). */
			if (!__atomic_load_n(&p->live, __ATOMIC_ACQUIRE))
				my_freed++;
			stage = __atomic_load_n(&p->stage, __ATOMIC_RELAXED);
			my_hist[stage < HIST_LEN ? stage : HIST_LEN - 1]++;
		}
		for (i = depth - 1; i >= 0; i--)
			ops->read_unlock(d, tokens[i]);
		ops->quiescent();
		/* Between sections: a blocking call now and then, which is
		 * what lets an RCU Tasks grace period end. */
		if (rnd(&seed) % (ops->no_syscalls ? 4 : 32) == 0)
			sleep_us(20 + rnd(&seed) % 100);
	}
	for (int s = 0; s < HIST_LEN; s++)
		__atomic_add_fetch(&hist[s], my_hist[s], __ATOMIC_RELAXED);
	__atomic_add_fetch(&freed_seen, my_freed, __ATOMIC_RELAXED);
	ops->thread_stop();
	return (void *)(uintptr_t)payloads;
}

/* ---- Drain, summary ------------------------------------------------------------- */

/* Every retired element through the rest of its pipeline: true if all but
 * the published ones came back to the pool. */
static bool drain(void)
{
	int d, rounds, want = POOL_SIZE - ops->domains;

	for (rounds = 0; rounds < 200; rounds++) {
		for (d = 0; d < ops->domains; d++) {
			if (sync_list[d] || polled_list[d]) {
				ops->waits[0].wait(d);
				advance_all(&sync_list[d]);
				if (ops->get_state)
					advance_polled(d);
			}
			ops->wait_callbacks(d);
		}
		pthread_mutex_lock(&pool_lock);
		bool done = free_count >= want;
		pthread_mutex_unlock(&pool_lock);
		if (done)
			return true;
	}
	return false;
}

static unsigned long arg_ulong(int argc, char **argv, const char *name, unsigned long dflt)
{
	size_t n = strlen(name);

	for (int i = 1; i < argc; i++)
		if (!strncmp(argv[i], name, n) && argv[i][n] == '=')
			return strtoul(argv[i] + n + 1, NULL, 10);
	return dflt;
}

int main(int argc, char **argv)
{
	unsigned long duration = arg_ulong(argc, argv, "--duration", 20);
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned long nreaders = arg_ulong(argc, argv, "--readers", cpus > 0 ? 2 * (unsigned long)cpus : 4);
	unsigned long nfake = arg_ulong(argc, argv, "--fake-writers", 2);
	struct flood_args flood = {
		arg_ulong(argc, argv, "--flood-every", 0),
		arg_ulong(argc, argv, "--flood-callbacks", 1000000),
	};
	pthread_t w, r[MAX_READERS], f[MAX_FAKE], fl;
	unsigned long i, bad, total = 0;
	double start = now_s(CLOCK_MONOTONIC);
	bool drained, ok;
	char line[768];
	int n = 0;

	if (nreaders < 1 || nreaders > MAX_READERS || nfake > MAX_FAKE) {
		fprintf(stderr, "torture: --readers=1..%d, --fake-writers=0..%d\n",
			MAX_READERS, MAX_FAKE);
		return 2;
	}
	for (i = 0; i < POOL_SIZE; i++)
		elem_free(&pool[i]);
	ops->thread_start();
	for (i = 0; i < nreaders; i++)
		pthread_create(&r[i], NULL, reader, (void *)(uintptr_t)i);
	for (i = 0; i < nfake; i++)
		pthread_create(&f[i], NULL, fake_writer, (void *)(uintptr_t)i);
	pthread_create(&w, NULL, writer, NULL);
	if (flood.every_s)
		pthread_create(&fl, NULL, flooder, &flood);
	/* By the clock: a signal (the signal flavor's) cuts a sleep short. */
	while (now_s(CLOCK_MONOTONIC) < start + (double)duration &&
	       !__atomic_load_n(&pool_stalled, __ATOMIC_RELAXED))
		sleep_us(100000);
	__atomic_store_n(&stop, 1, __ATOMIC_RELEASE);
	ops->offline();		/* QSBR: joining blocks */
	pthread_join(w, NULL);
	for (i = 0; i < nfake; i++)
		pthread_join(f[i], NULL);
	for (i = 0; i < nreaders; i++)
		pthread_join(r[i], NULL);
	if (flood.every_s)
		pthread_join(fl, NULL);
	ops->online();
	drained = drain();
	ops->wait_callbacks(0);
	drained = drained && flood_run == flood_queued;

	for (i = 0, bad = 0; i < HIST_LEN; i++) {
		total += hist[i];
		if (i >= 2)
			bad += hist[i];
	}
	ok = !bad && !freed_seen && drained && !pool_stalled && total > 0;
	n += snprintf(line + n, sizeof(line) - (size_t)n, "%s-torture %s: Reader Pipe:",
		      ops->flavor, ops->info->name);
	for (i = 0; i < HIST_LEN; i++)
		n += snprintf(line + n, sizeof(line) - (size_t)n, " %lu", hist[i]);
	n += snprintf(line + n, sizeof(line) - (size_t)n, "; freed seen %lu; grace periods:", freed_seen);
	for (i = 0; i < (unsigned long)ops->nwaits; i++)
		n += snprintf(line + n, sizeof(line) - (size_t)n, " %s %lu", ops->waits[i].name,
			      waits_done[i]);
	if (floods)
		n += snprintf(line + n, sizeof(line) - (size_t)n, ", floods %lu (%lu callbacks)",
			      floods, flood_queued);
	snprintf(line + n, sizeof(line) - (size_t)n,
		 ", polled %lu, callbacks %lu, barriers %lu, fake %lu; %lu readers, %lu s%s%s: %s",
		 polled_done, callbacks_done, barriers_done, fake_gps, nreaders, duration,
		 drained ? "" : "; elements lost (callbacks not invoked)",
		 pool_stalled ? "; the pipeline stalled" : "", ok ? "SUCCESS" : "FAILURE");
	puts(line);
	ops->thread_stop();
	return ok ? 0 : 1;
}
