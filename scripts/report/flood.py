"""scripts/report/flood.py: forward progress, the callback flood and the
barrier storm."""
import results as R
from report.definitions import FLOOD_FIGURES
from report.figures import flood_figure
from report.text import beyond


def flood_section(w, flood):
    if not flood:
        return
    rounds = max(len(f["runs"]) for f in flood.values())
    w("## Forward progress: a callback flood and a barrier storm\n")
    w("conformance/stress/flood.c, on every RCU implementation and peer, in %d round%s, "
      "every implementation and peer in turn within each round.  The flood: two threads queue "
      "10 million callbacks that free a small object, as fast as call_rcu() takes them, while "
      "a reader runs short sections back to back, a thread loops on synchronize_rcu() and "
      "another on rcu_barrier(); then one rcu_barrier() drains the backlog.  The storm (1 s): "
      "two threads loop on rcu_barrier() and a third queues a callback before each of its own, "
      "beside the reader and the synchronize_rcu() loop.  A run passes when every callback ran, "
      "synchronize_rcu() completed at least 100 grace periods a second in the flood and in the "
      "storm, every barrier returned, and the backlog stayed bounded: at most 20 times the "
      "bound where the implementation bounds it (rcutable: `rcutable/backlog.h`, default %s "
      "callbacks a domain, shared between its lanes, one per CPU), elsewhere at most 90%% of the callbacks.  The SRCU rows run the "
      "same on one domain (call_srcu(), synchronize_srcu(), srcu_barrier(), an srcu_read_lock() "
      "reader); liburcu has no SRCU, so they are set beside the liburcu flavor with the same "
      "readers (srcu: urcu-memb, srcu-mb: urcu-mb).  Each cell is the median "
      "[lowest, highest] of the rounds; in parentheses, the ratio of the medians to the liburcu "
      "counterpart and whether the two spreads are apart (*lower*, *higher*) or overlap (*within "
      "the spread*); capitals mark the direction that is worse for rcutable.  Peak RSS is the "
      "whole process's.\n" % (rounds, "" if rounds == 1 else "s",
                              next((f"{int(f['backlog_bound']):,}" for f in flood.values()
                                    if f.get("backlog_bound")), "65,536")))
    w("| implementation | " + " | ".join(t for t, _, _, _ in FLOOD_FIGURES) + " | verdict |")
    w("|---|" + "---|" * len(FLOOD_FIGURES) + "---|")
    for n in R.ordered(flood):
        f, p = flood[n], flood.get(R.peer_of(n) or "")
        cells = []
        for _, spec, form, lower in FLOOD_FIGURES:
            mine = [flood_figure(spec, r) for r in f["runs"]]
            if any(v is None for v in mine):
                cells.append("")
                continue
            cell = f"{form.format(R._median(mine))} [{form.format(min(mine))}, {form.format(max(mine))}]"
            theirs = [flood_figure(spec, r) for r in p["runs"]] if p else None
            if theirs and not any(v is None for v in theirs) and R._median(theirs):
                cell += (f" ({R._median(mine) / R._median(theirs):.2f}x, "
                         f"{beyond((min(mine), max(mine)), (min(theirs), max(theirs)), lower)})")
            cells.append(cell)
        ok = sum(r["success"] for r in f["runs"])
        w(f"| {n} | " + " | ".join(cells) +
          f" | {'pass' if ok == len(f['runs']) else 'FAIL'} ({ok} of {len(f['runs'])}) |")
    w("")
