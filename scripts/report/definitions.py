"""scripts/report/definitions.py: what RESULTS.md measures against what, as
data: the table's claims, the feature and head-to-head rows, the figures
they compare (scripts/report/figures.py evaluates them), the flood's
figures and the plots.  The targets are in targets.tsv."""


# The table's claims (RCU column), and the range each claim spans, as
# (low, high) in the row's unit: below low is better, at or above high worse.
ROWS = {
    "read": ("Simple instructions (free on !PREEMPT)", "ns", (0, 5)),
    "async": ("sub-microsecond", "ns", (0, 1000)),
    "gp": ("10s of milliseconds", "us", (10000, 100000)),
    "exp": ("10s of microseconds (about 1 us per CPU)", "us", (10, 100)),
}


SRCU_ROWS = {
    "read": ("Simple instructions, preempt disable/enable", (0, 5)),
    "async": ("sub-microsecond", (0, 1000)),
    "gp": ("10s of milliseconds", (10000, 100000)),
    "exp": ("10s of microseconds, but increases with number of CPUs "
            "(rough rule of thumb: 200 nanoseconds per CPU)", (10, 100)),
}


TASKS_ROWS = {
    "constraints": "No voluntary context switch",
    "read": "Free",
    "async": "Global irq-disabled spinlock acquisition",
    # 100 ms up to 10 minutes, in us.
    "gp": ("From hundreds of milliseconds to minutes (if you have to ask, you cannot "
           "afford it)", (100e3, 600e6)),
}


ASYNC_HIGH_NS = 1000    # a contended global spinlock: up to a microsecond


# The table's cells a descriptor's API sets describe: (column, cell, flavor
# whose runs give it, API name as bench_context_apis() writes it).
FEATURE_ROWS = (
    ("RCU", "read-side markers: rcu_read_lock(), rcu_read_unlock() and the column's "
     "_bh, _sched, preempt and irq forms", "rcu", "read_side"),
    ("RCU", "synchronous: synchronize_rcu(), synchronize_net()", "rcu", "synchronize"),
    ("RCU", "expedited: synchronize_rcu_expedited()", "rcu", "expedited"),
    ("RCU", "asynchronous: call_rcu()", "rcu", "call"),
    ("RCU", "wait for callbacks: rcu_barrier()", "rcu", "barrier"),
    ("RCU", "initiate / wait: get_state_synchronize_rcu(), cond_synchronize_rcu()",
     "rcu", "polled"),
    ("RCU", "free memory: kfree_rcu()", "rcu", "kfree"),
    ("RCU", "validation: rcu_read_lock_held(), rcu_read_lock_bh_held(), "
     "rcu_read_lock_sched_held()", "rcu", "validation"),
    ("RCU BH", "every cell (rcu_read_lock_bh(), synchronize_rcu_bh(), call_rcu_bh(), "
     "rcu_barrier_bh(), ...), consolidated into RCU", "rcu", "consolidated"),
    ("RCU Sched", "every cell (rcu_read_lock_sched(), preempt_disable(), synchronize_sched(), "
     "call_rcu_sched(), get_state_synchronize_sched(), ...), consolidated into RCU",
     "rcu", "consolidated"),
    ("Generic", "rcu_cpu_stall_reset() (stall warnings)", "rcu", "stall"),
    ("RCU since 2019", "polled: start_poll_synchronize_rcu(), the _full forms, "
     "same_state_synchronize_rcu(), get_completed_synchronize_rcu(), "
     "cond_synchronize_rcu_expedited()", "rcu", "polled_full"),
    ("RCU since 2019", "call_rcu_hurry()", "rcu", "call_hurry"),
    ("RCU since 2019", "control: rcu_expedite_gp(), rcu_unexpedite_gp(), "
     "rcu_gp_is_expedited()", "rcu", "expedite_control"),
    ("RCU since 2019", "freeing without an rcu_head: kfree_rcu_mightsleep(), kfree_rcu(ptr), "
     "kvfree_rcu()", "rcu", "free_mightsleep"),
    ("rcu_sync since 2019", "rcu_sync_enter(), rcu_sync_exit(), rcu_sync_is_idle(), ...",
     "rcu", "rcu_sync"),
    ("SRCU", "read-side markers: srcu_read_lock(), srcu_read_unlock()", "srcu", "read_side"),
    ("SRCU", "synchronous: synchronize_srcu()", "srcu", "synchronize"),
    ("SRCU", "expedited: synchronize_srcu_expedited()", "srcu", "expedited"),
    ("SRCU", "asynchronous: call_srcu()", "srcu", "call"),
    ("SRCU", "wait for callbacks: srcu_barrier()", "srcu", "barrier"),
    ("SRCU", "validation: srcu_read_lock_held()", "srcu", "validation"),
    ("SRCU since 2019", "start_poll_synchronize_srcu(), start_poll_synchronize_srcu_expedited()",
     "srcu", "polled_full"),
    ("SRCU since 2019", "srcu_read_lock_fast(), srcu_read_unlock_fast()", "srcu", "srcu_fast"),
    ("SRCU since 2019", "srcu_read_lock_nmisafe(), srcu_read_unlock_nmisafe() (safe in a "
     "signal handler)", "srcu", "srcu_nmisafe"),
    ("SRCU since 2019", "srcu_down_read(), srcu_up_read() and their _fast forms (a section "
     "that another thread ends)", "srcu", "srcu_handoff"),
    ("RCU Tasks Trace since 2019", "rcu_read_lock_trace(), rcu_read_unlock_trace(), "
     "synchronize_rcu_tasks_trace(), call_rcu_tasks_trace(), rcu_barrier_tasks_trace() "
     "(an SRCU domain of the SRCU library's)", "srcu", "tasks_trace"),
    ("RCU Tasks", "synchronous: synchronize_rcu_tasks()", "tasks", "synchronize"),
    ("RCU Tasks", "asynchronous: call_rcu_tasks()", "tasks", "call"),
    ("RCU Tasks Rude since 2019", "synchronize_rcu_tasks_rude(), call_rcu_tasks_rude(), "
     "rcu_barrier_tasks_rude() (readers: regions with its signal blocked)", "tasks",
     "tasks_rude"),
    ("(liburcu)", "thread registration: rcu_register_thread(), rcu_unregister_thread(), "
     "rcu_thread_offline(), rcu_thread_online(), rcu_quiescent_state()", "rcu", "lifecycle"),
)


# Head to head, one table per property row: (property, FIGURES name, unit,
# digits, the conformance group of the feature measured, higher is better).
H2H_RCU = (
    ("Read-side pair time", "read pair", "ns", 2, None, False),
    ("Read-side pair instructions", "instructions per pair", "instr.", 0, None, False),
    ("Read-side pair nested 3 deep", "nested 3 deep", "ns", 2, None, False),
    ("Read-side pair beside an updater", "pair beside an updater", "ns", 2, None, False),
    ("Read-side pair in expedited mode (memb, signal: readers fence while expedited "
     "grace periods come; elsewhere the pair alone)", "read pair, expedited mode", "ns", 2,
     "expedited", False),
    ("synchronize_rcu() p50, one reader", "synchronize p50", "us", 1, None, False),
    ("synchronize_rcu() p99, one reader", "synchronize p99", "us", 1, None, False),
    ("synchronize_rcu_expedited() p50, one reader", "expedited p50", "us", 1, "expedited", False),
    ("call_rcu() enqueue p50", "call_rcu p50", "ns", 1, "callbacks", False),
    ("Callbacks per second", "callbacks M/s", "M/s", 2, "callbacks", True),
    ("Updater CPU per grace period, synchronize_rcu() with one reader, p50",
     "updater CPU p50", "us", 1, None, False),
)


H2H_SRCU = (
    ("srcu_read_lock()+srcu_read_unlock() pair time", "read pair", "ns", 2, None, False),
    ("synchronize_srcu() p50, one reader", "synchronize p50", "us", 1, None, False),
    ("synchronize_srcu_expedited() p50, one reader", "expedited p50", "us", 1, "expedited",
     False),
    ("call_srcu() enqueue p50", "call_srcu p50", "ns", 1, "callbacks", False),
)


# What a peer's adapter measures in place of a group it emulates.
EMULATED_AS = {
    "expedited": "a normal grace period stands in for it",
    "callbacks": "rcutable's callback queue over the peer's grace periods",
}


# The figures the head-to-head tables and the targets compare, by name:
# ("get", benchmark, field[, divisor]): the benchmark's field;
# ("latency", benchmark, prefix, statistic[, divisor]): a statistic (p50,
#   p99, max) of the benchmark's samples of prefix (latency_us, ns_per_call);
# ("gp", kind, readers, prefix, statistic): the same of a grace-period row,
#   an emulated expedited grace period being the normal one;
# ("instructions", field): an instruction count (scripts/perf-stat).
FIGURES = {
    "read pair": ("get", "read_pair", "ns_per_op"),
    "empty loop": ("get", "read_empty", "ns_per_op"),
    "quiescent state": ("get", "quiescent_state", "ns_per_op"),
    "quiescent state under updater": ("get", "quiescent_state_under_updater", "ns_per_op"),
    "instructions per quiescent state": ("instructions", "quiescent_state_instructions"),
    "instructions per pair": ("instructions", "read_pair_instructions"),
    "synchronize p50": ("gp", "normal", 1, "latency_us", "p50"),
    "synchronize p99": ("gp", "normal", 1, "latency_us", "p99"),
    "expedited p50": ("gp", "expedited", 1, "latency_us", "p50"),
    "synchronize p50, 4 readers": ("gp", "normal", 4, "latency_us", "p50"),
    "expedited p50, 4 readers": ("gp", "expedited", 4, "latency_us", "p50"),
    "membarrier p50": ("latency", "membarrier_floor/1", "latency_us", "p50"),
    "membarrier p99": ("latency", "membarrier_floor/1", "latency_us", "p99"),
    "nested 3 deep": ("get", "read_nested3", "ns_per_op"),
    "read pair, expedited mode": ("get", "read_pair_expedited_mode", "ns_per_op"),
    "pair beside an updater": ("get", "read_pair_under_updater", "ns_per_op"),
    "updater CPU p50": ("gp", "normal", 1, "updater_cpu_us", "p50"),
    "callbacks M/s": ("get", "callback_throughput", "callbacks_per_s", 1e6),
    "call_rcu p50": ("latency", "call_rcu_enqueue", "ns_per_call", "p50"),
    "call_srcu p50": ("latency", "call_srcu_enqueue", "ns_per_call", "p50"),
    "tasks p50, 16 idle, ms": ("latency", "gp_latency/idle/16", "latency_us", "p50", 1000),
    "tasks updater CPU, 16 idle": ("get", "gp_latency/idle/16", "updater_cpu_us"),
}


# The flood's figures, from each round's record (conformance/stress/flood.c):
# (title, (field, per field or None, divisor), format, lower is better); a
# round whose per field is missing or 0 has no figure.
FLOOD_FIGURES = (
    ("queued per second", ("callbacks", "flood_s", 1e6), "{:.1f} M", False),
    ("peak outstanding", ("peak_outstanding", None, 1e3), "{:.0f} k", True),
    ("peak RSS", ("peak_rss_kib", None, 1024), "{:.0f} MiB", True),
    ("grace periods a second, flood", ("gps_during_flood", "flood_s", 1), "{:.0f}", False),
    ("longest barrier, flood", ("longest_barrier_flood_ms", None, 1), "{:.1f} ms", True),
    ("grace periods a second, storm", ("gps_during_storm", "storm_s", 1), "{:.0f}", False),
    ("longest barrier, storm", ("longest_barrier_storm_ms", None, 1), "{:.1f} ms", True),
)


PLOTS = (
    ("read_side.png", "Read-side cost per implementation, log scale (error bars: one standard deviation over repetitions)"),
    ("gp_cdf.png", "Grace-period latency CDF, one reader thread: normal (left) and expedited (right)"),
    ("gp_vs_readers.png", "Grace-period latency against reader threads, p50 with a bar up to p99, normal (left) and expedited (right), with the table's rules of thumb and the kernel's grace period"),
    ("call_rcu_throughput.png", "Callbacks invoked per second"),
    ("updater_cpu.png", "Updater CPU time per grace period, p50 with a bar up to p99, normal (left) and expedited (right)"),
    ("srcu_gp_vs_readers.png", "SRCU grace-period latency against reader threads, p50 with a bar up to p99, with the table's 10s of milliseconds and 200 ns per CPU rule"),
    ("tasks_gp_vs_threads.png", "RCU Tasks grace-period latency against idle and spinning threads, with the table's hundreds of milliseconds"),
    ("hash_lookups.png", "RCU List APIs: hash-table lookups per second against threads, at 0%, 1% and 10% updates, with the rwlock baseline (bars: the repetitions' lowest to highest)"),
)
