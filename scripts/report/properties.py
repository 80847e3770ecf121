"""scripts/report/properties.py: the table's property rows (RCU column)
beside the measured figures."""
from report.definitions import ROWS
from report.text import fmt, pct, verdict


def property_rows(w, runs, names):
    w("## The table's property rows beside the measured figures\n")
    w("Read side: one thread alone, 1000 operations per timed loop, median of the "
      "repetitions.  Grace periods: one reader thread running short sections "
      "(slot 1), the updater in slot 0.  call_rcu(): batches of 100 calls.  The "
      "grace-period rows use synchronize_rcu() and synchronize_rcu_expedited() for "
      "every flavor: the table's RCU, RCU BH and RCU Sched columns are one RCU here.\n")
    w("| property | table's claim (RCU) | implementation | measured | verdict |")
    w("|---|---|---|---|---|")
    for n in names:
        r = runs[n]
        claim, _, (lo, hi) = ROWS["read"]
        v = r.get("read_pair", "ns_per_op")
        w(f"| read-side overhead | {claim} | {n} | {fmt(v, 2)} ns per "
          f"rcu_read_lock()+rcu_read_unlock() | {verdict(v, lo, hi)} |")
    for n in names:
        r = runs[n]
        claim, _, (lo, hi) = ROWS["async"]
        c = r.latency("call_rcu_enqueue", "ns_per_call")
        w(f"| asynchronous update-side overhead | {claim} | {n} | call_rcu() "
          f"{pct(c, 'ns')} | {verdict(c and c['p50'], lo, hi)} |")
    for n in names:
        r = runs[n]
        claim, _, (lo, hi) = ROWS["gp"]
        g = r.gp("normal", 1)
        w(f"| grace-period latency | {claim} | {n} | synchronize_rcu() {pct(g)} | "
          f"{verdict(g and g['p50'], lo, hi)} |")
    for n in names:
        r = runs[n]
        claim, _, (lo, hi) = ROWS["exp"]
        e = r.gp("expedited", 1)
        mark = " (emulated: a normal grace period)" if "expedited" in r.emulated_groups else ""
        w(f"| expedited grace-period latency | {claim} | {n} | "
          f"synchronize_rcu_expedited() {pct(e)}{mark} | {verdict(e and e['p50'], lo, hi)} |")
    kernel = next((r.latency("kernel_gp") for r in runs.values() if r.latency("kernel_gp")), None)
    claim, _, (lo, hi) = ROWS["gp"]
    w(f"| grace-period latency | {claim} | the host kernel (reference) | "
      f"membarrier(MEMBARRIER_CMD_GLOBAL) {pct(kernel)} | "
      f"{verdict(kernel and kernel['p50'], lo, hi)} |")
    w("")
    w("Verdicts: *better* is below the table's range, *within claim* inside it, "
      "*worse* above it.  Ranges: read side under 5 ns; call_rcu() under 1 us; "
      "grace periods 10 to 100 ms; expedited 10 to 100 us.\n")
