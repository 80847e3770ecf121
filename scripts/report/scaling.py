"""scripts/report/scaling.py: grace periods against reader threads, concurrent
updaters and the other rows."""
import results as R
from report.text import fmt, fmtu, p50_p99


def scaling_tables(w, runs, names):
    w("## Grace-period latency against reader threads\n")
    w("Readers run short sections (a dereference and two loads) with about 50 times as "
      "much work outside them; past the machine's CPUs they are oversubscribed, and a "
      "reader preempted inside a section holds the grace period until it runs again.  p50 / p99 in us, each ± half the span of its runs' 95% confidence intervals where the run has them; updater CPU is the caller's own CPU time per grace "
      "period (p50).\n")
    w("| implementation | kind | " + " | ".join(f"{k} readers" for k in R.READER_COUNTS) + " |")
    w("|---|---|" + "---|" * len(R.READER_COUNTS))
    for n in names:
        for kind in ("normal", "expedited"):
            cells = []
            for k in R.READER_COUNTS:
                g = runs[n].gp(kind, k)
                cells.append(p50_p99(g))
            label = kind
            if kind == "expedited" and "expedited" in runs[n].emulated_groups:
                label = "expedited (emulated: the normal one)"
            w(f"| {n} | {label} | " + " | ".join(cells) + " |")
            cpu = [runs[n].gp(kind, k, "updater_cpu_us") for k in R.READER_COUNTS]
            w(f"| {n} | {kind}, updater CPU | " +
              " | ".join(fmt(c and c["p50"]) for c in cpu) + " |")
    floors = [next((runs[n].floor(k) for n in names if runs[n].floor(k)), None)
              for k in R.READER_COUNTS]
    w("| membarrier(PRIVATE_EXPEDITED) alone | floor | " +
      " | ".join(p50_p99(f) for f in floors) + " |")
    w("")
    w("## Concurrent updaters\n")
    w("Threads calling synchronize_rcu() in a loop beside one reader thread: calls per "
      "second, and grace periods per call (below 1: callers share grace periods).\n")
    w("| implementation | " + " | ".join(f"{t} thread{'s' if t > 1 else ''}"
                                         for t in R.UPDATER_COUNTS) + " |")
    w("|---|" + "---|" * len(R.UPDATER_COUNTS))
    for n in names:
        cells = []
        for t in R.UPDATER_COUNTS:
            u = runs[n].updaters(t)
            if not u:
                cells.append("n/a")
                continue
            g = fmt(u["gps_per_call"], 2) if u["gps_per_call"] is not None else "not observable"
            cells.append(f"{u['calls_per_s'] / 1e3:.1f} k/s, {g} GP/call")
        w(f"| {n} | " + " | ".join(cells) + " |")
    w("")
    w("## Other rows\n")
    fences = [(n, runs[n].get("fence/mfence", "ns_per_op"), runs[n].get("fence/lock_add", "ns_per_op"))
              for n in names]
    fences = [f for f in fences if f[1] is not None]
    if fences:
        w("Full fences on this processor, alone (what mb's and srcu-mb's readers pay once "
          f"per section): mfence {fmt(fences[0][1], 2)} ns, locked add to the stack "
          f"{fmt(fences[0][2], 2)} ns.\n")
    w("| implementation | nested 3 deep | pair beside an updater | rcu_dereference() | "
      "get_state_synchronize_rcu() | cond_synchronize_rcu(), elapsed | callbacks per second |")
    w("|---|---|---|---|---|---|---|")
    for n in names:
        r = runs[n]
        tp = r.get("callback_throughput", "callbacks_per_s")
        polled = " (emulated)" if "polled" in r.emulated_groups else ""
        w(f"| {n} | {fmtu(r.get('read_nested3', 'ns_per_op'), 'ns')} | "
          f"{fmtu(r.get('read_pair_under_updater', 'ns_per_op'), 'ns')} | "
          f"{fmtu(r.get('rcu_dereference', 'ns_per_op'), 'ns')} | "
          f"{fmtu(r.get('polled/get_state', 'ns_per_op'), 'ns')}{polled} | "
          f"{fmtu(r.get('polled/cond_synchronize_elapsed', 'ns_per_op'), 'ns')}{polled} | "
          f"{fmtu(tp and tp / 1e6, 'M/s')} |")
    w("")
