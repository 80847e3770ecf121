"""scripts/report/srcu.py: the table's SRCU column beside the SRCU
implementations' figures."""
import results as R
from report.definitions import SRCU_ROWS
from report.text import fmt, fmtu, p50_p99, pct, ratio, verdict


def peers_measured(runs):
    """A sentence naming the peers among runs, with their summaries."""
    peers = [f"{n} ({r.context.get('rcutable_impl_summary', 'no summary')})"
             for n, r in runs.items() if R.is_peer(n)]
    return f"  Peers beside them: {'; '.join(peers)}." if peers else ""


def srcu_section(w, srcu, runs, cpus):
    """The table's SRCU column beside the SRCU implementations' figures."""
    if not srcu:
        return
    memb = runs.get("memb")
    memb_pair = memb and memb.get("read_pair", "ns_per_op")
    w("## SRCU\n")
    w("The table's SRCU column.  One domain (DEFINE_STATIC_SRCU()); readers are threads "
      "that never registered, running bench.c's short sections inside "
      "srcu_read_lock()/srcu_read_unlock().  srcu, the default, has compiler-barrier "
      "readers and one membarrier() per grace period, except in its expedited mode: "
      "after synchronize_srcu_expedited() its readers fence and grace periods need no "
      "membarrier(), until a second passes without one.  srcu-mb has the kernel's "
      "reader, a full fence after the lock count (and a release, no instruction on "
      "x86-64, before the unlock count).  memb's read pair, from the same run, for scale.  SRCU is "
      "linked alone: no RCU implementation." + peers_measured(srcu) + "\n")
    w("| property | table's claim (SRCU) | implementation | measured | verdict |")
    w("|---|---|---|---|---|")
    for n, r in srcu.items():
        claim, (lo, hi) = SRCU_ROWS["read"]
        v = r.get("read_pair", "ns_per_op")
        scale = f" ({ratio(v, memb_pair)}x memb's {fmt(memb_pair, 2)} ns)" if memb_pair else ""
        w(f"| read-side overhead | {claim} | {n} | {fmt(v, 2)} ns per "
          f"srcu_read_lock()+srcu_read_unlock(){scale} | {verdict(v, lo, hi)} |")
    for n, r in srcu.items():
        claim, (lo, hi) = SRCU_ROWS["async"]
        c = r.latency("call_srcu_enqueue", "ns_per_call")
        w(f"| asynchronous update-side overhead | {claim} | {n} | call_srcu() "
          f"{pct(c, 'ns')} | {verdict(c and c['p50'], lo, hi)} |")
    for n, r in srcu.items():
        claim, (lo, hi) = SRCU_ROWS["gp"]
        g = r.gp("normal", 1)
        w(f"| grace-period latency | {claim} | {n} | synchronize_srcu() {pct(g)} | "
          f"{verdict(g and g['p50'], lo, hi)} |")
    for n, r in srcu.items():
        claim, (lo, hi) = SRCU_ROWS["exp"]
        e = r.gp("expedited", 1)
        w(f"| expedited grace-period latency | {claim} (here {0.2 * cpus:.1f} us) | {n} | "
          f"synchronize_srcu_expedited() {pct(e)} | {verdict(e and e['p50'], lo, hi)} |")
    for n, r in srcu.items():
        v = r.get("trace_read_pair", "ns_per_op")
        g = r.gp("tasks_trace", 1)
        if v is None and g is None:
            continue
        w(f"| RCU Tasks Trace (since 2019): read-side overhead | none in the 2019 table | "
          f"{n} | {fmt(v, 2)} ns per rcu_read_lock_trace()+rcu_read_unlock_trace() | — |")
        w(f"| RCU Tasks Trace (since 2019): grace-period latency | none in the 2019 table | "
          f"{n} | synchronize_rcu_tasks_trace() {pct(g)} | — |")
    w("| read-side constraints | No wait for synchronize_srcu() | all | "
      "synchronize_srcu() or srcu_barrier() inside a reader of the same domain aborts "
      "with a message (checking build; conformance group srcu) | enforced |")
    w("")
    pairs = {n: r.get("read_pair", "ns_per_op") for n, r in srcu.items()
             if not R.is_peer(n)}
    pairs = {n: v for n, v in pairs.items() if v is not None}
    if len(pairs) > 1:
        fastest = min(pairs, key=pairs.get)
        others = ", ".join(f"{n} {fmt(v, 2)} ns" for n, v in pairs.items() if n != fastest)
        verdict_line = ("the default" if fastest == "srcu" else
                        "not the default: the default should be revisited")
        w(f"Read side, the two orderings measured in this run: {fastest} "
          f"{fmt(pairs[fastest], 2)} ns per pair, {others}; the faster is {fastest}, "
          f"{verdict_line}.  Beside an updater: " +
          ", ".join(f"{n} {fmtu(srcu[n].get('read_pair_under_updater', 'ns_per_op'), 'ns')}"
                    for n in pairs) +
          ".  After an expedited grace period (srcu's readers then fence until the "
          "domain's expedited mode lapses): " +
          ", ".join(f"{n} {fmtu(srcu[n].get('read_pair_expedited_mode', 'ns_per_op'), 'ns')}"
                    for n in pairs) + ".\n")
    w("Grace-period latency against reader threads (p50 / p99 in us, ± half the span of its runs' 95% confidence intervals; past the machine's "
      "CPUs the readers are oversubscribed; tasks_trace: synchronize_rcu_tasks_trace() "
      "against Tasks Trace readers, the library's own domain):\n")
    w("| implementation | kind | " + " | ".join(f"{k} readers" for k in R.READER_COUNTS) + " |")
    w("|---|---|" + "---|" * len(R.READER_COUNTS))
    for n, r in srcu.items():
        for kind in ("normal", "expedited", "tasks_trace"):
            if kind == "tasks_trace" and r.gp(kind, 1) is None:
                continue
            cells = []
            for k in R.READER_COUNTS:
                g = r.gp(kind, k)
                cells.append(p50_p99(g))
            w(f"| {n} | {kind} | " + " | ".join(cells) + " |")
    w("")
