/* SPDX-License-Identifier: MIT */
/*
 * bench/bench.c: one benchmark per property row of the 2019 RCU table,
 * compiled once per RCU implementation (build/<impl>/bench).  Google
 * Benchmark's flags pass through; rcutable's own come first (see
 * bench_setup() in harness.h).  Slot 0 measures; slots 1.. run beside it
 * (readers, an updater).  Every benchmark's label says what runs
 * concurrently.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/membarrier.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <rcutable/rcupdate.h>

#include "gbench.h"
#include "harness.h"

/* ---- Threads beside the measuring one ------------------------------------ */

struct shared_obj { long a, b; };
static struct shared_obj shared_obj_storage = { 1, 2 };
static struct shared_obj *shared_ptr = &shared_obj_storage;

/* A short read-side section: a dereference and two loads, then some
 * work outside any section (about 50 times as long), as readers that do
 * something with what they read.  QSBR readers report a quiescent state
 * after each section (elsewhere rcu_quiescent_state() does nothing). */
static void reader_section(void)
{
	struct shared_obj *p;

	rcu_read_lock();
	p = rcu_dereference(shared_ptr);
	gbench_do_not_optimize(p->a + p->b);
	rcu_read_unlock();
	rcu_quiescent_state();
	for (volatile int i = 0; i < 64; i++)
		;
}

/* A reader the implementation cannot see measures nothing. */
static void reader_begin(void)
{
	rcu_register_thread();
	rcu_read_lock();
	if (!rcu_read_lock_held())
		crew_fail("a reader thread's section is not seen (rcu_read_lock_held)");
	rcu_read_unlock();
}

static void updater_gp(void)
{
	synchronize_rcu();
}

/*
 * A grace period every UPDATER_PACE_NS at most (the rate of the slowest
 * implementation measured here, with margin): readers beside it pay for
 * the same number of grace periods whatever each one costs, so that their
 * figures compare their read side, not how fast their updater runs.
 */
#define UPDATER_PACE_NS	10000

static void updater_gp_paced(void)
{
	static __thread double next;
	double now;

	while ((now = now_s(CLOCK_MONOTONIC)) < next)
		rcutable_cpu_relax();
	next = now + UPDATER_PACE_NS * 1e-9;
	synchronize_rcu();
}

static const struct crew_job rcu_reader = {
	.begin = reader_begin, .work = reader_section, .end = rcu_unregister_thread,
};
static const struct crew_job rcu_updater = {
	.begin = rcu_register_thread, .work = updater_gp, .end = rcu_unregister_thread,
};
static const struct crew_job rcu_paced_updater = {
	.begin = rcu_register_thread, .work = updater_gp_paced, .end = rcu_unregister_thread,
};

/* Stop the crew; a QSBR caller goes offline while it waits (an updater in
 * the crew may need it to). */
static unsigned long rcu_crew_stop(void)
{
	bool online = rcutable_impl_info.readers_report_qs && rcu_is_watching();
	unsigned long work;

	if (online)
		rcu_thread_offline();
	work = crew_stop();
	if (online)
		rcu_thread_online();
	return work;
}

/* ---- Read-side overhead ---------------------------------------------------- */

static void bm_read_pair(gbench_state *st)
{
	bind_slot(0);
	rcu_register_thread();
	gbench_label(st, "alone");
	TIMED_OPS(st, {
		rcu_read_lock();
		gbench_clobber_memory();	/* the section: kept */
		rcu_read_unlock();
	});
	rcu_unregister_thread();
}

/*
 * The pair in expedited mode (memb, signal: counter_gp.c), which the two
 * expedited grace periods before the loop turn on (elsewhere the pair as
 * alone).  Registered just before gp_latency/expedited, which keeps the mode
 * on, so that no other row runs in it.
 */
static void bm_read_pair_expedited_mode(gbench_state *st)
{
	bind_slot(0);
	rcu_register_thread();
	gbench_label(st, "in expedited mode (memb, signal; elsewhere as alone)");
	synchronize_rcu_expedited();
	synchronize_rcu_expedited();
	rcu_read_lock();	/* the re-arm, outside the loop */
	rcu_read_unlock();
	TIMED_OPS(st, {
		rcu_read_lock();
		gbench_clobber_memory();
		rcu_read_unlock();
	});
	rcu_unregister_thread();
}

/* One read pair of read_pair_threads, its section kept. */
static inline void read_pair(void)
{
	rcu_read_lock();
	gbench_clobber_memory();
	rcu_read_unlock();
}

/* A thread beside the measuring one in read_pair_threads: read pairs back
 * to back, a quiescent state after every 1000 (QSBR). */
static void pair_loop(void)
{
	for (int i = 0; i < OPS_PER_ITER; i++)
		read_pair();
	rcu_quiescent_state();
}

static const struct crew_job rcu_pair_reader = {
	.begin = rcu_register_thread, .work = pair_loop, .end = rcu_unregister_thread,
};

/* The read pair on each of N threads at once (slot 0 timed, N - 1 beside
 * it): the table's read side should not grow with the readers. */
static void bm_read_pair_threads(gbench_state *st)
{
	int threads = (int)gbench_range(st, 0);

	bind_slot(0);
	rcu_register_thread();
	crew_start(&rcu_pair_reader, threads - 1, 1);
	gbench_label(st, "every thread in a read-pair loop, one per PU");
	TIMED_OPS_THEN(st, read_pair(), rcu_quiescent_state());
	rcu_crew_stop();
	rcu_unregister_thread();
}

static void bm_read_nested3(gbench_state *st)
{
	bind_slot(0);
	rcu_register_thread();
	gbench_label(st, "alone; per outermost section");
	TIMED_OPS(st, {
		rcu_read_lock();
		rcu_read_lock();
		rcu_read_lock();
		gbench_clobber_memory();
		rcu_read_unlock();
		rcu_read_unlock();
		rcu_read_unlock();
	});
	rcu_unregister_thread();
}

static void bm_read_pair_under_updater(gbench_state *st)
{
	bind_slot(0);
	rcu_register_thread();
	crew_start(&rcu_updater, 1, 1);
	gbench_label(st, rcutable_impl_info.readers_report_qs ?
		     "one thread runs synchronize_rcu() in a loop; a quiescent "
		     "state reported every 1000 sections" :
		     "one thread runs synchronize_rcu() in a loop");
	TIMED_OPS_THEN(st, {
		rcu_read_lock();
		gbench_clobber_memory();
		rcu_read_unlock();
	}, rcu_quiescent_state());
	gbench_counter(st, "updater_gps", (double)rcu_crew_stop(), GBENCH_COUNTER_DEFAULT);
	rcu_unregister_thread();
}

/* QSBR: the cost of reporting a quiescent state, with nothing to report
 * (alone: no grace period waits) or beside a paced updater (each grace
 * period makes the next report store and fence). */
static void bm_quiescent_state(gbench_state *st)
{
	bool updater = gbench_user_arg(st) != NULL;

	bind_slot(0);
	rcu_register_thread();
	if (updater)
		crew_start(&rcu_paced_updater, 1, 1);
	gbench_label(st, updater ? "one thread runs synchronize_rcu() every 10 us" : "alone");
	TIMED_OPS(st, {
		rcu_quiescent_state();
		gbench_clobber_memory();
	});
	if (updater)
		gbench_counter(st, "updater_gps", (double)rcu_crew_stop(), GBENCH_COUNTER_DEFAULT);
	rcu_unregister_thread();
}

static void bm_rcu_dereference(gbench_state *st)
{
	bind_slot(0);
	rcu_register_thread();
	gbench_label(st, "alone, inside one read-side section");
	rcu_read_lock();
	TIMED_OPS(st, {
		struct shared_obj *p = rcu_dereference(shared_ptr);

		gbench_do_not_optimize(p);
	});
	rcu_read_unlock();
	rcu_unregister_thread();
}

#if defined(__x86_64__)
/* The two full fences of x86-64, alone: rcutable_smp_mb() (a locked add)
 * and mfence. */
static void bm_fence_mfence(gbench_state *st)
{
	bind_slot(0);
	gbench_label(st, "alone");
	TIMED_OPS(st, __asm__ __volatile__("mfence" ::: "memory"));
}

static void bm_fence_lock_add(gbench_state *st)
{
	bind_slot(0);
	gbench_label(st, "alone");
	TIMED_OPS(st, rcutable_smp_mb());
}
#endif

/* ---- Asynchronous update-side overhead ------------------------------------- */

/* call_rcu()'s cost per call (time_enqueue_batches()). */
static void bm_call_rcu_enqueue(gbench_state *st)
{
	gbench_label(st, "alone; the implementation's callback thread runs beside it");
	rcu_register_thread();
	time_enqueue_batches(st, call_rcu, rcu_barrier);
	rcu_unregister_thread();
}

/* Callbacks invoked per second with at most THROUGHPUT_WINDOW queued. */
#define THROUGHPUT_WINDOW	16384
#define THROUGHPUT_BATCH	1024

struct tp_node {
	struct rcu_head head;
	int busy;
};

static unsigned long tp_invoked;

static void tp_cb(struct rcu_head *h)
{
	struct tp_node *n = (struct tp_node *)h;

	__atomic_add_fetch(&tp_invoked, 1, __ATOMIC_RELAXED);
	/* Release: the callback is done with the node before it is reused;
	 * pairs with the acquire in bm_callback_throughput(). */
	__atomic_store_n(&n->busy, 0, __ATOMIC_RELEASE);
}

static void bm_callback_throughput(gbench_state *st)
{
	struct tp_node *ring = calloc(THROUGHPUT_WINDOW, sizeof(*ring));
	unsigned long next = 0, before;
	double t0;

	bind_slot(0);
	rcu_register_thread();
	gbench_label(st, "one thread queues, at most 16384 callbacks outstanding");
	before = __atomic_load_n(&tp_invoked, __ATOMIC_RELAXED);
	t0 = now_s(CLOCK_MONOTONIC);
	while (gbench_keep_running(st)) {
		for (int i = 0; i < THROUGHPUT_BATCH; i++, next++) {
			struct tp_node *n = &ring[next % THROUGHPUT_WINDOW];

			while (__atomic_load_n(&n->busy, __ATOMIC_ACQUIRE)) {
				rcu_quiescent_state();	/* QSBR */
				sched_yield();
			}
			n->busy = 1;
			call_rcu(&n->head, tp_cb);
		}
		rcu_quiescent_state();
	}
	rcu_barrier();
	double t = now_s(CLOCK_MONOTONIC) - t0;
	unsigned long done = __atomic_load_n(&tp_invoked, __ATOMIC_RELAXED) - before;
	gbench_counter(st, "callbacks_per_s", (double)done / t, GBENCH_COUNTER_DEFAULT);
	gbench_counter(st, "queued_bytes_max",
		       (double)(THROUGHPUT_WINDOW * sizeof(struct tp_node)),
		       GBENCH_COUNTER_DEFAULT);
	rcu_unregister_thread();
	free(ring);
}

/* ---- Grace-period latency ------------------------------------------------ */

/* A grace period (or its membarrier floor) per iteration, beside readers. */
static void bm_gp_latency(gbench_state *st)
{
	void (*gp)(void) = (void (*)(void))gbench_user_arg(st);
	int readers = (int)gbench_range(st, 0);
	double t_start;

	bind_slot(0);
	rcu_register_thread();
	start_readers(st, &rcu_reader, readers);
	t_start = now_s(CLOCK_MONOTONIC);
	time_each_call(st, gp);
	stop_readers(st, now_s(CLOCK_MONOTONIC) - t_start);
	gbench_counter(st, "readers", readers, GBENCH_COUNTER_DEFAULT);
	rcu_unregister_thread();
}

/* The floor of a membarrier grace period: one PRIVATE_EXPEDITED call. */
static void membarrier_private_expedited(void)
{
	syscall(__NR_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0);
}

/* The host kernel's own grace period: MEMBARRIER_CMD_GLOBAL waits for one. */
static void membarrier_global(void)
{
	syscall(__NR_membarrier, MEMBARRIER_CMD_GLOBAL, 0, 0);
}

static void bm_kernel_gp(gbench_state *st)
{
	long cmds = syscall(__NR_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);

	bind_slot(0);
	gbench_label(st, "alone; membarrier(MEMBARRIER_CMD_GLOBAL) is the kernel's synchronize_rcu()");
	if (cmds < 0 || !(cmds & MEMBARRIER_CMD_GLOBAL)) {
		gbench_skip_with_error(st, "this kernel has no MEMBARRIER_CMD_GLOBAL");
		return;
	}
	time_each_call(st, membarrier_global);
}

/* ---- Concurrent updaters: batching ---------------------------------------- */

static unsigned long updaters_gp_start;

static void bm_concurrent_updaters(gbench_state *st)
{
	unsigned long (*gps)(void) = rcutable_impl_info.gp_completed;
	double calls = 0;
	bool first = true;

	bind_slot(gbench_thread_index(st));
	rcu_register_thread();
	/* QSBR: updaters do not read; online, a thread waiting for the others
	 * at the benchmark's end barrier would hold their grace periods. */
	rcu_thread_offline();
	/* One reader in the slot after the updaters', so that grace periods
	 * last long enough for callers to share them. */
	if (gbench_thread_index(st) == 0)
		crew_start(&rcu_reader, 1, gbench_thread_count(st));
	gbench_label(st, "each thread calls synchronize_rcu() in a loop; "
		     "1 reader thread running short sections");
	while (gbench_keep_running(st)) {
		/* Inside the loop: all threads have passed the start barrier. */
		if (first && gbench_thread_index(st) == 0 && gps)
			updaters_gp_start = gps();
		first = false;
		synchronize_rcu();
		calls++;
	}
	gbench_counter(st, "calls", calls, GBENCH_COUNTER_DEFAULT);
	gbench_counter(st, "calls_per_s", calls, GBENCH_COUNTER_RATE);
	/* Thread 0 alone reports the grace periods; counters sum over threads. */
	if (gbench_thread_index(st) == 0) {
		if (gps)
			gbench_counter(st, "grace_periods",
				       (double)(gps() - updaters_gp_start),
				       GBENCH_COUNTER_DEFAULT);
		rcu_crew_stop();
	}
	rcu_unregister_thread();
}

/* ---- Polled grace periods ---------------------------------------------------- */

static void bm_get_state(gbench_state *st)
{
	bind_slot(0);
	rcu_register_thread();
	gbench_label(st, "alone");
	TIMED_OPS(st, {
		unsigned long c = get_state_synchronize_rcu();

		gbench_do_not_optimize(c);
	});
	rcu_unregister_thread();
}

static void bm_cond_synchronize_elapsed(gbench_state *st)
{
	unsigned long cookie;

	bind_slot(0);
	rcu_register_thread();
	gbench_label(st, "alone; the cookie's grace period has already elapsed");
	cookie = get_state_synchronize_rcu();
	synchronize_rcu();
	TIMED_OPS(st, {
		cond_synchronize_rcu(cookie);
		gbench_clobber_memory();
	});
	rcu_unregister_thread();
}

/* ---- Set-up ----------------------------------------------------------------- */

static void register_all(void)
{
	gbench_repetitions(gbench_register("read_empty", bench_read_empty, NULL), 5);
	gbench_repetitions(gbench_register("read_pair", bm_read_pair, NULL), 5);
	gbench_repetitions(gbench_register("read_nested3", bm_read_nested3, NULL), 5);
	register_read_pair_threads("read_pair_threads", bm_read_pair_threads);
	gbench_repetitions(gbench_register("read_pair_under_updater",
					   bm_read_pair_under_updater, NULL), 5);
	gbench_repetitions(gbench_register("rcu_dereference", bm_rcu_dereference, NULL), 5);
	if (rcutable_impl_info.readers_report_qs) {
		gbench_repetitions(gbench_register("quiescent_state",
						   bm_quiescent_state, NULL), 5);
		gbench_repetitions(gbench_register("quiescent_state_under_updater",
						   bm_quiescent_state, (void *)1), 5);
	}
#if defined(__x86_64__)
	gbench_repetitions(gbench_register("fence/mfence", bm_fence_mfence, NULL), 5);
	gbench_repetitions(gbench_register("fence/lock_add", bm_fence_lock_add, NULL), 5);
#endif
	gbench_manual_time(gbench_register("call_rcu_enqueue", bm_call_rcu_enqueue, NULL));
	gbench_repetitions(gbench_register("callback_throughput", bm_callback_throughput, NULL), 5);
	register_gp_latency("gp_latency/normal", bm_gp_latency, (void *)synchronize_rcu, gp_calls);
	/* An emulated expedited grace period is the normal one: not measured
	 * twice (RESULTS.md says so). */
	if (!(rcutable_impl_info.emulated & RCUTABLE_API_EXPEDITED)) {
		gbench_repetitions(gbench_register("read_pair_expedited_mode",
						   bm_read_pair_expedited_mode, NULL), 5);
		register_gp_latency("gp_latency/expedited", bm_gp_latency,
				    (void *)synchronize_rcu_expedited, gp_calls);
	}
	/* Registered now, while this process has one thread (fast). */
	if (syscall(__NR_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0)
		register_gp_latency("membarrier_floor", bm_gp_latency,
				    (void *)membarrier_private_expedited, gp_calls);
	else
		fprintf(stderr, "bench: no membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) here: "
			"no membarrier_floor rows\n");
	gbench_bm *cu = gbench_register("concurrent_updaters", bm_concurrent_updaters, NULL);
	for (int t = 1; t <= 8; t *= 2)
		gbench_threads(cu, t);
	gbench_register("polled/get_state", bm_get_state, NULL);
	gbench_register("polled/cond_synchronize_elapsed", bm_cond_synchronize_elapsed, NULL);
	if (kernel_gp_calls)
		gbench_unit(gbench_manual_time(gbench_iterations(
			gbench_register("kernel_gp", bm_kernel_gp, NULL), kernel_gp_calls)),
			GBENCH_US);
}

int main(int argc, char **argv)
{
	bench_setup(&argc, argv, rcutable_impl_info.name, rcutable_impl_info.summary);
	bench_context_apis(&rcutable_impl_info);
	register_all();
	return gbench_main(argc, argv);
}
