/* SPDX-License-Identifier: MIT */
/*
 * bench/srcu_bench.c: the SRCU column's property rows, compiled once per
 * SRCU implementation (build/<impl>/bench): the read-side pair alone and
 * beside an updater, call_srcu() enqueue cost, and synchronize_srcu() and
 * synchronize_srcu_expedited() latency against reader threads; for RCU
 * Tasks Trace (the library's domain), its read pair and
 * synchronize_rcu_tasks_trace() against its readers.  The flags
 * are bench.c's (harness.h); slot 0 measures, slots 1.. run beside it.
 * SRCU alone is linked: no RCU implementation.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>

#include <rcutable/rcupdate_trace.h>

#include "gbench.h"
#include "harness.h"

DEFINE_STATIC_SRCU(bench_srcu);

struct shared_obj { long a, b; };
static struct shared_obj shared_obj_storage = { 1, 2 };
static struct shared_obj *shared_ptr = &shared_obj_storage;

/* ---- Threads beside the measuring one ------------------------------------ */

/* bench.c's reader section, in an SRCU reader: a dereference and two loads,
 * then about 50 times as much work outside the section. */
static void reader_section(void)
{
	struct shared_obj *p;
	int idx = srcu_read_lock(&bench_srcu);

	p = srcu_dereference(shared_ptr, &bench_srcu);
	gbench_do_not_optimize(p->a + p->b);
	srcu_read_unlock(&bench_srcu, idx);
	for (volatile int i = 0; i < 64; i++)
		;
}

/* The same section in a Tasks Trace reader. */
static void trace_reader_section(void)
{
	struct shared_obj *p;

	rcu_read_lock_trace();
	p = srcu_dereference(shared_ptr, &rcu_tasks_trace_srcu_struct);
	gbench_do_not_optimize(p->a + p->b);
	rcu_read_unlock_trace();
	for (volatile int i = 0; i < 64; i++)
		;
}

static void updater_gp(void)
{
	synchronize_srcu(&bench_srcu);
}

static const struct crew_job srcu_reader = { .work = reader_section };
static const struct crew_job trace_reader = { .work = trace_reader_section };
static const struct crew_job srcu_updater = { .work = updater_gp };

/* ---- Read-side overhead ---------------------------------------------------- */

static void bm_read_pair(gbench_state *st)
{
	bind_slot(0);
	gbench_label(st, "alone");
	TIMED_OPS(st, {
		int idx = srcu_read_lock(&bench_srcu);

		gbench_clobber_memory();	/* the section: kept */
		srcu_read_unlock(&bench_srcu, idx);
	});
}

/* One read pair of read_pair_threads, its section kept. */
static inline void read_pair(void)
{
	int idx = srcu_read_lock(&bench_srcu);

	gbench_clobber_memory();
	srcu_read_unlock(&bench_srcu, idx);
}

/* A thread beside the measuring one in read_pair_threads. */
static void pair_loop(void)
{
	for (int i = 0; i < OPS_PER_ITER; i++)
		read_pair();
}

static const struct crew_job srcu_pair_reader = { .work = pair_loop };

/* The read pair on each of N threads at once (slot 0 timed): per-CPU
 * counters should keep it flat. */
static void bm_read_pair_threads(gbench_state *st)
{
	int threads = (int)gbench_range(st, 0);

	bind_slot(0);
	crew_start(&srcu_pair_reader, threads - 1, 1);
	gbench_label(st, "every thread in a read-pair loop, one per PU");
	TIMED_OPS(st, read_pair());
	crew_stop();
}

static void bm_read_pair_under_updater(gbench_state *st)
{
	bind_slot(0);
	crew_start(&srcu_updater, 1, 1);
	gbench_label(st, "one thread runs synchronize_srcu() in a loop");
	TIMED_OPS(st, {
		int idx = srcu_read_lock(&bench_srcu);

		gbench_clobber_memory();
		srcu_read_unlock(&bench_srcu, idx);
	});
	gbench_counter(st, "updater_gps", (double)crew_stop(), GBENCH_COUNTER_DEFAULT);
}

static void bm_trace_read_pair(gbench_state *st)
{
	bind_slot(0);
	gbench_label(st, "alone: rcu_read_lock_trace()+rcu_read_unlock_trace()");
	TIMED_OPS(st, {
		rcu_read_lock_trace();
		gbench_clobber_memory();
		rcu_read_unlock_trace();
	});
}

/* The read pair after an expedited grace period: srcu's readers then fence
 * (expedited mode) until a normal grace period finds the mode lapsed.
 * Registered last, so that no other row runs in that mode. */
static void bm_read_pair_expedited_mode(gbench_state *st)
{
	bind_slot(0);
	synchronize_srcu_expedited(&bench_srcu);
	gbench_label(st, "alone, after synchronize_srcu_expedited()");
	TIMED_OPS(st, {
		int idx = srcu_read_lock(&bench_srcu);

		gbench_clobber_memory();
		srcu_read_unlock(&bench_srcu, idx);
	});
}

/* ---- Asynchronous update-side overhead ------------------------------------- */

static void call_bench_srcu(struct rcu_head *head, rcu_callback_t func)
{
	call_srcu(&bench_srcu, head, func);
}

static void barrier_bench_srcu(void)
{
	srcu_barrier(&bench_srcu);
}

/* call_srcu()'s cost per call (time_enqueue_batches()). */
static void bm_call_srcu_enqueue(gbench_state *st)
{
	gbench_label(st, "alone; the domain's callback thread runs beside it");
	time_enqueue_batches(st, call_bench_srcu, barrier_bench_srcu);
}

/* ---- Grace-period latency ------------------------------------------------ */

static void gp_normal(void)
{
	synchronize_srcu(&bench_srcu);
}

static void gp_expedited(void)
{
	synchronize_srcu_expedited(&bench_srcu);
}

static void gp_tasks_trace(void)
{
	synchronize_rcu_tasks_trace();
}

/* A grace period per iteration beside readers: Tasks Trace readers for
 * its grace period, readers of bench_srcu for the others. */
static void bm_gp_latency(gbench_state *st)
{
	void (*gp)(void) = (void (*)(void))gbench_user_arg(st);
	int readers = (int)gbench_range(st, 0);
	double t_start;

	bind_slot(0);
	start_readers(st, gp == gp_tasks_trace ? &trace_reader : &srcu_reader, readers);
	t_start = now_s(CLOCK_MONOTONIC);
	time_each_call(st, gp);
	stop_readers(st, now_s(CLOCK_MONOTONIC) - t_start);
	gbench_counter(st, "readers", readers, GBENCH_COUNTER_DEFAULT);
}

int main(int argc, char **argv)
{
	char cpus[16] __attribute__((unused));

	bench_setup(&argc, argv, rcutable_srcu_impl_info.name,
		    rcutable_srcu_impl_info.summary);
	bench_context_apis(&rcutable_srcu_impl_info);
	gbench_context("rcutable_flavor", "srcu");
#ifdef RCUTABLE_SRCU_STATE_H	/* rcutable's own SRCU: per-CPU counters */
	snprintf(cpus, sizeof(cpus), "%u", bench_srcu.ncpus);
	gbench_context("srcu_counter_cpus", cpus);
#endif
	gbench_repetitions(gbench_register("read_empty", bench_read_empty, NULL), 5);
	gbench_repetitions(gbench_register("read_pair", bm_read_pair, NULL), 5);
	register_read_pair_threads("read_pair_threads", bm_read_pair_threads);
	gbench_repetitions(gbench_register("read_pair_under_updater",
					   bm_read_pair_under_updater, NULL), 5);
	gbench_manual_time(gbench_register("call_srcu_enqueue", bm_call_srcu_enqueue, NULL));
	register_gp_latency("gp_latency/normal", bm_gp_latency, (void *)gp_normal, gp_calls);
	register_gp_latency("gp_latency/expedited", bm_gp_latency, (void *)gp_expedited,
			    gp_calls);
	gbench_repetitions(gbench_register("trace_read_pair", bm_trace_read_pair, NULL), 5);
	register_gp_latency("gp_latency/tasks_trace", bm_gp_latency, (void *)gp_tasks_trace,
			    gp_calls);
	gbench_repetitions(gbench_register("read_pair_expedited_mode",
					   bm_read_pair_expedited_mode, NULL), 5);
	return gbench_main(argc, argv);
}
