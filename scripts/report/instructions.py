"""scripts/report/instructions.py: instructions per operation."""
from report.text import fmt


def instructions(w, icount, names):
    if not icount:
        return
    w("## Instruction counts\n")
    src = next(iter(icount.values())).get("source", "callgrind")
    w(f"Per operation ({src}; scripts/perf-stat, which uses callgrind's exact counts "
      "where the machine has no hardware counters), loop overhead subtracted:\n")
    w("| implementation | rcu_read_lock()+rcu_read_unlock() | the pair in expedited "
      "mode | the pair once the mode lapsed | call_rcu() | "
      "rcu_quiescent_state(), nothing to report |")
    w("|---|---|---|---|---|---|")
    for n in names:
        if n in icount:
            r = icount[n]
            w(f"| {n} | {fmt(r.get('read_pair_instructions'), 0)} | "
              f"{fmt(r.get('read_pair_expedited_mode_instructions'), 0)} | "
              f"{fmt(r.get('read_pair_after_expedited_instructions'), 0)} | "
              f"{fmt(r.get('call_rcu_instructions'), 0)} | "
              f"{fmt(r.get('quiescent_state_instructions'), 0)} |")
    w("")
    w("Expedited mode (memb and signal): after an expedited grace period, for a second "
      "after the last one, each reader fences after its counter store, so that the "
      "next expedited grace periods need no membarrier() or signal; the pair then costs "
      "more, and once the mode has lapsed exactly what it did before.  Elsewhere the "
      "three counts are the same.\n")
