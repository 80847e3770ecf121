"""scripts/report/tasks.py: the table's RCU Tasks column beside the Tasks
implementations' figures."""
import results as R
from report.definitions import ASYNC_HIGH_NS, TASKS_ROWS
from report.text import fmt, fmtu, p50_p99, pct, verdict


def tasks_conditions():
    """(row name, what runs beside the updater) of tasks_bench.c's rows."""
    out = [(f"gp_latency/idle/{k}",
            "alone" if k == 0 else f"{k} idle thread{'s' if k > 1 else ''}")
           for k in R.TASKS_IDLE_COUNTS]
    out += [(f"gp_latency/spin_sleep/{k}", f"{k} spin/sleep thread{'s' if k > 1 else ''}")
            for k in R.TASKS_SPIN_SLEEP_COUNTS]
    return out


def rude_conditions():
    """(row name, what runs beside the updater) of tasks_bench.c's Rude rows."""
    out = [(f"gp_latency/rude_idle/{k}",
            "alone" if k == 0 else f"{k} idle thread{'s' if k > 1 else ''}")
           for k in R.TASKS_IDLE_COUNTS]
    out += [(f"gp_latency/rude_readers/{k}",
             f"{k} thread{'s' if k > 1 else ''} running Rude regions back to back")
            for k in R.TASKS_SPIN_SLEEP_COUNTS]
    return out


def tasks_section(w, tasks, runs):
    """The table's RCU Tasks column beside the Tasks implementations' figures."""
    if not tasks:
        return
    lock_add = next((r.get("fence/lock_add", "ns_per_op") for r in runs.values()
                     if r.get("fence/lock_add", "ns_per_op") is not None), None)
    w("## RCU Tasks\n")
    w("The table's RCU Tasks column.  Readers have no markers: a reader is any region "
      "of code that makes no voluntary context switch.  A grace period waits until every "
      "other thread of the process has blocked in a system call or has exited, from "
      "the scheduler's states and counts in /proc/self/task; holdouts are rechecked "
      "after 100 us, then twice as long each time up to 16 ms.  Beside the updater (slot 0): *idle* threads are "
      "blocked on a condition variable for the whole row; *spin/sleep* threads alternate "
      "1 ms spins with no system call and 1 ms sleeps (nanosleep()).  Updater CPU is the "
      "process's CPU time over the row less what the threads beside the updater used "
      "themselves, per grace period (the caller, the grace-period thread and the rest of "
      "the implementation, whatever it reports); the implementation's own count "
      "(rcutable_tasks_get_stats(), gp_cpu_ns) is beside it.  RCU Tasks is linked alone: "
      "no RCU implementation.\n")
    w("| property | table's claim (RCU Tasks) | implementation | measured | verdict |")
    w("|---|---|---|---|---|")
    w(f"| read-side constraints | {TASKS_ROWS['constraints']} | all | no markers: a reader "
      "is a region without a blocking system call; preemption, sched_yield() and page "
      "faults do not end one (conformance group tasks) | as the table |")
    w(f"| read-side overhead | {TASKS_ROWS['read']} | all | no markers: 0 instructions | "
      "within claim |")
    lo = lock_add if lock_add is not None else 0
    for n, r in tasks.items():
        c = r.latency("call_rcu_tasks_enqueue", "ns_per_call")
        scale = f" (one locked add here: {fmt(lock_add, 2)} ns)" if lock_add is not None else ""
        w(f"| asynchronous update-side overhead | {TASKS_ROWS['async']} | {n} | "
          f"call_rcu_tasks() {pct(c, 'ns')}{scale} | "
          f"{verdict(c and c['p50'], lo, ASYNC_HIGH_NS)} |")
    claim, (glo, ghi) = TASKS_ROWS["gp"]
    for n, r in tasks.items():
        for name, beside in tasks_conditions():
            g = r.latency(name)
            w(f"| grace-period latency | {claim} | {n} | synchronize_rcu_tasks(), {beside}: "
              f"{pct(g)} | {verdict(g and g['p50'], glo, ghi)} |")
    for n, r in tasks.items():
        v = r.get("rude_read_pair", "ns_per_op")
        if v is None:
            continue
        w(f"| RCU Tasks Rude (since 2019): read-side overhead | none in the 2019 table | {n} | "
          f"{fmt(v, 0)} ns per block and unblock of its signal (two pthread_sigmask() "
          "system calls) | — |")
        for name, beside in rude_conditions():
            g = r.latency(name)
            w(f"| RCU Tasks Rude (since 2019): grace-period latency | none in the 2019 "
              f"table | {n} | synchronize_rcu_tasks_rude(), {beside}: {pct(g)} | — |")
    for n, r in tasks.items():
        name = "gp_latency/idle/16"
        w(f"| updater CPU per grace period | (no row in the table) | {n} | 16 idle threads: "
          f"{fmtu(r.get(name, 'updater_cpu_us'), 'us', 1)} (process less the threads "
          f"beside it), {fmtu(r.get(name, 'gp_thread_cpu_us'), 'us', 1)} (the "
          "implementation's count) | no claim |")
    w("")
    w("Verdicts: *better* is below the table's range, *within claim* inside it, *worse* "
      "above it.  Ranges: call_rcu_tasks() from one locked read-modify-write on this "
      "processor (fence/lock_add of the RCU runs: what an uncontended spinlock "
      "acquisition costs at least) to 1 us (contended); grace periods 100 ms to 10 "
      "minutes.\n")
    conds = tasks_conditions()
    w("Against the threads beside the updater: p50 / p99 latency in us, then per grace "
      "period the updater's CPU time two ways (us), the caller's own CPU time (p50, us), "
      "rechecks of holdouts, and the grace periods the row counted (gp_ended, with one "
      "untimed grace period first):\n")
    w("| implementation | figure | " + " | ".join(b for _, b in conds) + " |")
    w("|---|---|" + "---|" * len(conds))
    for n, r in tasks.items():
        lat = [r.latency(c) for c, _ in conds]
        w(f"| {n} | latency p50 / p99 | " +
          " | ".join(p50_p99(g) for g in lat) + " |")
        for label, field in (("updater CPU (process less the threads beside it)",
                              "updater_cpu_us"),
                             ("grace-period thread CPU (the implementation's count)",
                              "gp_thread_cpu_us")):
            w(f"| {n} | {label} | " + " | ".join(fmt(r.get(c, field)) for c, _ in conds) + " |")
        caller = [r.latency(c, "caller_cpu_us") for c, _ in conds]
        w(f"| {n} | caller CPU, p50 | " + " | ".join(fmt(x and x["p50"]) for x in caller) + " |")
        w(f"| {n} | rechecks per grace period | " +
          " | ".join(fmt(r.get(c, "rechecks_per_gp"), 2) for c, _ in conds) + " |")
        w(f"| {n} | grace periods | " +
          " | ".join(fmt(r.get(c, "grace_periods"), 0) for c, _ in conds) + " |")
    w("")
