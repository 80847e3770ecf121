"""scripts/report/properties.py: the table's property rows (RCU column)
beside the measured figures."""
from report.definitions import ROWS
from report.text import fmt, pct, verdict


def _read(r):
    v = r.get("read_pair", "ns_per_op")
    lo, hi = r.spread("read_pair", "ns_per_op") or (v, v)
    spread = f" [{fmt(lo, 2)}, {fmt(hi, 2)}]" if hi != lo else ""
    return f"{fmt(v, 2)}{spread} ns per rcu_read_lock()+rcu_read_unlock()", v


def _async(r):
    c = r.latency("call_rcu_enqueue", "ns_per_call")
    return f"call_rcu() {pct(c, 'ns')}", c and c["p50"]


def _gp(r):
    g = r.gp("normal", 1)
    return f"synchronize_rcu() {pct(g)}", g and g["p50"]


def _exp(r):
    e = r.gp("expedited", 1)
    mark = " (emulated: a normal grace period)" if "expedited" in r.emulated_groups else ""
    return f"synchronize_rcu_expedited() {pct(e)}{mark}", e and e["p50"]


# Each property row: (ROWS key, property, what a run measured and its value).
PROPERTY_ROWS = (
    ("read", "read-side overhead", _read),
    ("async", "asynchronous update-side overhead", _async),
    ("gp", "grace-period latency", _gp),
    ("exp", "expedited grace-period latency", _exp),
)


def property_rows(w, runs, names):
    w("## The table's property rows beside the measured figures\n")
    w("Read side: one thread alone, 1000 operations per timed loop, median of the "
      "repetitions [their lowest and highest].  Percentiles with the span of their runs' "
      "95% confidence intervals from the samples, where the run has them.  Grace periods: one reader thread running short sections "
      "(slot 1), the updater in slot 0.  call_rcu(): batches of 100 calls.  The "
      "grace-period rows use synchronize_rcu() and synchronize_rcu_expedited() for "
      "every flavor: the table's RCU, RCU BH and RCU Sched columns are one RCU here.\n")
    w("| property | table's claim (RCU) | implementation | measured | verdict |")
    w("|---|---|---|---|---|")
    for key, title, measure in PROPERTY_ROWS:
        claim, _, (lo, hi) = ROWS[key]
        for n in names:
            text, value = measure(runs[n])
            w(f"| {title} | {claim} | {n} | {text} | {verdict(value, lo, hi)} |")
    kernel = next((r.latency("kernel_gp") for r in runs.values() if r.latency("kernel_gp")), None)
    claim, _, (lo, hi) = ROWS["gp"]
    w(f"| grace-period latency | {claim} | the host kernel (reference) | "
      f"membarrier(MEMBARRIER_CMD_GLOBAL) {pct(kernel)} | "
      f"{verdict(kernel and kernel['p50'], lo, hi)} |")
    w("")
    w("Verdicts: *better* is below the table's range (with the figure as a fraction "
      "of the range's low end), *within claim* inside it, *worse* above it (with the "
      "figure as a multiple of its high end).  Ranges: read side under 5 ns; call_rcu() under 1 us; "
      "grace periods 10 to 100 ms; expedited 10 to 100 us.\n")
