/* SPDX-License-Identifier: MIT */
/*
 * bench/tasks_bench.c: the RCU Tasks column's property rows, compiled once
 * per Tasks implementation (build/<impl>/bench): call_rcu_tasks() enqueue
 * cost, and synchronize_rcu_tasks() latency beside idle threads and beside
 * threads that alternate spinning and sleeping; for RCU Tasks Rude (since
 * 2019), its read pair (the block and unblock of its signal) and
 * synchronize_rcu_tasks_rude() beside idle threads and beside threads
 * that run Rude regions back to back.  The table's read side is "Free"
 * (no markers) and is not measured.  The flags are bench.c's
 * (harness.h); slot 0 measures, slots 1.. run beside it.  RCU Tasks alone
 * is linked: no RCU implementation.
 *
 * The updater's CPU time per grace period is measured two ways:
 *   updater_cpu_us    the process's CPU time over the row, less what the
 *                     threads beside the measuring one used themselves
 *                     (each reads its own CPU clock as it ends), per
 *                     grace period: the caller, the implementation's
 *                     grace-period thread and whatever else it runs,
 *                     whatever the implementation reports;
 *   gp_thread_cpu_us  the implementation's own count
 *                     (rcutable_tasks_get_stats(), gp_cpu_ns), per grace
 *                     period.
 * Grace periods are counted from the implementation's gp_ended.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include <rcutable/rcupdate_tasks.h>

#include "gbench.h"
#include "harness.h"

/* ---- Threads beside the measuring one ------------------------------------ */

/* The crew's own CPU time, each member's added as it ends. */
static uint64_t crew_cpu_ns;

static void member_end(void)
{
	__atomic_add_fetch(&crew_cpu_ns, now_ns(CLOCK_THREAD_CPUTIME_ID), __ATOMIC_RELAXED);
}

/* Idle: blocked on a condition variable (a futex wait) until the row ends. */
static pthread_mutex_t idle_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t idle_cond = PTHREAD_COND_INITIALIZER;
static bool idle_released;

static void idle_wait(void)
{
	pthread_mutex_lock(&idle_lock);
	while (!idle_released)
		pthread_cond_wait(&idle_cond, &idle_lock);
	pthread_mutex_unlock(&idle_lock);
}

static void idle_wake(void)
{
	pthread_mutex_lock(&idle_lock);
	idle_released = true;
	pthread_cond_broadcast(&idle_cond);
	pthread_mutex_unlock(&idle_lock);
}

#define SPIN_S		1e-3
#define SLEEP_NS	1000000L

/* Spin for about a millisecond with no system call (clock_gettime() is
 * the vDSO's), then sleep for about a millisecond: a voluntary switch. */
static void spin_then_sleep(void)
{
	struct timespec ts = { .tv_sec = 0, .tv_nsec = SLEEP_NS };
	double t0 = now_s(CLOCK_MONOTONIC);

	while (now_s(CLOCK_MONOTONIC) - t0 < SPIN_S)
		gbench_clobber_memory();
	nanosleep(&ts, NULL);
}

/* RCU Tasks Rude's read side: the block and unblock of its signal. */
static sigset_t rude_set;

static void rude_region(void)
{
	pthread_sigmask(SIG_BLOCK, &rude_set, NULL);
	for (volatile int i = 0; i < 64; i++)
		;
	pthread_sigmask(SIG_UNBLOCK, &rude_set, NULL);
}

/* Rude regions back to back, each a few hundred ns of work. */
static void rude_regions(void)
{
	for (int i = 0; i < 100; i++)
		rude_region();
}

static const struct crew_job idle_job = {
	.work = idle_wait, .end = member_end, .wake = idle_wake,
};
static const struct crew_job spin_sleep_job = {
	.work = spin_then_sleep, .end = member_end,
};
static const struct crew_job rude_job = {
	.work = rude_regions, .end = member_end,
};

static void bm_rude_read_pair(gbench_state *st)
{
	bind_slot(0);
	gbench_label(st, "alone: pthread_sigmask() block and unblock of the Rude signal");
	TIMED_OPS(st, {
		pthread_sigmask(SIG_BLOCK, &rude_set, NULL);
		gbench_clobber_memory();
		pthread_sigmask(SIG_UNBLOCK, &rude_set, NULL);
	});
}

/* ---- Asynchronous update-side overhead ------------------------------------- */

/* call_rcu_tasks()'s cost per call (time_enqueue_batches()), and the
 * grace periods its callbacks took. */
static void bm_call_rcu_tasks_enqueue(gbench_state *st)
{
	struct rcutable_tasks_stats s0, s1;

	gbench_label(st, "alone; the grace-period thread runs beside it");
	rcutable_tasks_get_stats(&s0);
	if (!time_enqueue_batches(st, call_rcu_tasks, rcu_barrier_tasks))
		return;
	rcutable_tasks_get_stats(&s1);
	gbench_counter(st, "grace_periods", (double)(s1.gp_ended - s0.gp_ended),
		       GBENCH_COUNTER_DEFAULT);
}

/* ---- Grace-period latency ------------------------------------------------ */

enum beside { BESIDE_IDLE, BESIDE_SPIN_SLEEP, BESIDE_RUDE };

/* A row's flavor: RCU Tasks, or RCU Tasks Rude. */
struct gp_row {
	enum beside kind;
	void (*synchronize)(void);
	void (*get_stats)(struct rcutable_tasks_stats *s);
};

static char row_label[128];

/*
 * synchronize_rcu_tasks() once per iteration, beside n threads of the
 * given kind.  The process's CPU clock is read before the crew starts and
 * after it has been joined, so that every member's CPU time falls inside
 * the window it is subtracted from; an untimed grace period first lets
 * every member reach its first wait (it is counted in grace_periods and
 * in the CPU time per grace period, not in the latency samples).
 */
static void bm_gp_latency(gbench_state *st)
{
	const struct gp_row *row = gbench_user_arg(st);
	enum beside kind = row->kind;
	int n = (int)gbench_range(st, 0);
	struct rcutable_tasks_stats s0, s1;
	double cpu0, cpu1;
	unsigned long gps;

	bind_slot(0);
	if (kind == BESIDE_IDLE)
		snprintf(row_label, sizeof(row_label), n ? "%d idle thread%s (blocked on a "
			 "condition variable)" : "alone", n, n == 1 ? "" : "s");
	else if (kind == BESIDE_SPIN_SLEEP)
		snprintf(row_label, sizeof(row_label), "%d thread%s alternating 1 ms spins "
			 "and 1 ms sleeps%s", n, n == 1 ? "" : "s",
			 n + 1 > bench_cpus() ? ", oversubscribed past the PUs" : "");
	else
		snprintf(row_label, sizeof(row_label), "%d thread%s running Rude regions "
			 "back to back%s", n, n == 1 ? "" : "s",
			 n + 1 > bench_cpus() ? ", oversubscribed past the PUs" : "");
	gbench_label(st, row_label);
	crew_cpu_ns = 0;
	idle_released = false;
	row->get_stats(&s0);
	cpu0 = now_s(CLOCK_PROCESS_CPUTIME_ID);
	crew_start(kind == BESIDE_IDLE ? &idle_job :
		   kind == BESIDE_SPIN_SLEEP ? &spin_sleep_job : &rude_job, n, 1);
	row->synchronize();
	time_each_call_cpu(st, row->synchronize, "caller_cpu_us");
	crew_stop();
	cpu1 = now_s(CLOCK_PROCESS_CPUTIME_ID);
	row->get_stats(&s1);
	gps = s1.gp_ended - s0.gp_ended;
	if (!gps) {
		gbench_skip_with_error(st, "no grace period ended (gp_ended did not move)");
		return;
	}
	gbench_counter(st, "beside_threads", n, GBENCH_COUNTER_DEFAULT);
	gbench_counter(st, "grace_periods", (double)gps, GBENCH_COUNTER_DEFAULT);
	gbench_counter(st, "updater_cpu_us",
		       ((cpu1 - cpu0) - (double)crew_cpu_ns * 1e-9) * 1e6 / (double)gps,
		       GBENCH_COUNTER_DEFAULT);
	gbench_counter(st, "gp_thread_cpu_us",
		       (double)(s1.gp_cpu_ns - s0.gp_cpu_ns) * 1e-3 / (double)gps,
		       GBENCH_COUNTER_DEFAULT);
	gbench_counter(st, "rechecks_per_gp", (double)(s1.rechecks - s0.rechecks) / (double)gps,
		       GBENCH_COUNTER_DEFAULT);
	gbench_counter(st, "stall_warnings", (double)(s1.stall_warnings - s0.stall_warnings),
		       GBENCH_COUNTER_DEFAULT);
}

/* One row per thread count, calls grace periods each; the samples each
 * row kept are in its latency_us_n. */
static void register_rows(const char *name, const struct gp_row *row, const int *counts,
			  size_t n, long calls)
{
	/* Raw samples (--samples-dir) for the latency CDFs. */
	gbench_bm *bm = gbench_keep_samples(gbench_register(name, bm_gp_latency, (void *)row));

	gbench_unit(gbench_manual_time(gbench_iterations(bm, calls)), GBENCH_US);
	for (size_t i = 0; i < n; i++)
		gbench_arg(bm, counts[i]);
}

int main(int argc, char **argv)
{
	static const int idle[] = { 0, 1, 4, 16 };
	static const int spin_sleep[] = { 1, 4 };
	static const int rude_readers[] = { 1, 4 };
	static const struct gp_row tasks_idle = {
		BESIDE_IDLE, synchronize_rcu_tasks, rcutable_tasks_get_stats };
	static const struct gp_row tasks_spin_sleep = {
		BESIDE_SPIN_SLEEP, synchronize_rcu_tasks, rcutable_tasks_get_stats };
	static const struct gp_row rude_idle = {
		BESIDE_IDLE, synchronize_rcu_tasks_rude, rcutable_tasks_rude_get_stats };
	static const struct gp_row rude_busy = {
		BESIDE_RUDE, synchronize_rcu_tasks_rude, rcutable_tasks_rude_get_stats };
	/* A grace period beside spinning threads waits milliseconds: a tenth
	 * as many, and at least 100 for the percentiles. */
	long spin_calls;

	bench_setup(&argc, argv, rcutable_tasks_impl_info.name,
		    rcutable_tasks_impl_info.summary);
	bench_context_apis(&rcutable_tasks_impl_info);
	spin_calls = gp_calls / 10 > 100 ? gp_calls / 10 : 100;
	gbench_context("rcutable_flavor", "tasks");
	gbench_manual_time(gbench_register("call_rcu_tasks_enqueue",
					   bm_call_rcu_tasks_enqueue, NULL));
	register_rows("gp_latency/idle", &tasks_idle, idle, sizeof(idle) / sizeof(idle[0]),
		      gp_calls);
	register_rows("gp_latency/spin_sleep", &tasks_spin_sleep, spin_sleep,
		      sizeof(spin_sleep) / sizeof(spin_sleep[0]), spin_calls);
	sigemptyset(&rude_set);
	sigaddset(&rude_set, rcutable_tasks_rude_signal());
	gbench_repetitions(gbench_register("rude_read_pair", bm_rude_read_pair, NULL), 5);
	register_rows("gp_latency/rude_idle", &rude_idle, idle, sizeof(idle) / sizeof(idle[0]),
		      gp_calls);
	register_rows("gp_latency/rude_readers", &rude_busy, rude_readers,
		      sizeof(rude_readers) / sizeof(rude_readers[0]), gp_calls);
	return gbench_main(argc, argv);
}
