"""scripts/report/targets.py: the targets rcutable set itself (targets.tsv)
against the run's figures."""
import os

import results as R
from report.figures import figure, interval
from report.text import fmt, ratio


TARGETS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "targets.tsv")


def load_targets():
    """targets.tsv's rows: (target, implementation, figure, reference
    implementation or None, reference figure or constant, factor, unit,
    strict)."""
    out = []
    for line in open(TARGETS_FILE):
        if not line.strip() or line.startswith("#"):
            continue
        what, impl, fig, ref, ref_fig, factor, unit, strict = line.rstrip("\n").split("\t")
        ref = None if ref == "-" else ref
        out.append((what, impl, fig, ref, float(ref_fig) if ref is None else ref_fig,
                    float(factor), unit, strict == "yes"))
    return out


def judge(value, limit, strict):
    """met when the figure's whole interval is within the limit's, missed
    when it is wholly beyond it, else within noise."""
    if value[1] < limit[0] or (not strict and value[1] == limit[0]):
        return "met"
    if value[0] > limit[1] or (strict and value[0] == limit[1]):
        return "**missed**"
    return "within noise"


def with_interval(v, iv, unit):
    if iv[0] == iv[1]:
        return f"{fmt(v, 2)} {unit}"
    return f"{fmt(v, 2)} [{fmt(iv[0], 2)}, {fmt(iv[1], 2)}] {unit}"


# A time below a nanosecond is a handful of instructions, and the machine's
# state moves it more than the differences between implementations: such a
# target is judged by the instruction counts (callgrind's, exact) of its
# figure's operation, the times beside them.  Not a figure taken beside an
# updater: what it measures is the cache lines the two share, not the
# instructions.
SUB_NS_BY = {"read pair": "instructions per pair",
             "quiescent state": "instructions per quiescent state"}


def _by_instructions(fig, impl, ref, factor, strict, runs, icount):
    """The verdict of a sub-nanosecond target from instruction counts, or
    None where they are missing."""
    by = SUB_NS_BY.get(fig)
    if by is None:
        return None
    mine, theirs = figure(by, runs[impl], icount), figure(by, runs[ref], icount)
    if mine is None or theirs is None:
        return None
    limit = factor * theirs
    ok = mine < limit if strict else mine <= limit
    return (f"{'met' if ok else '**missed**'} by instructions ({fmt(mine, 0)} against "
            f"{fmt(limit, 0)}; the limit is below a nanosecond)")


def target_rows(runs, icount):
    """Each target the run can judge: (target, figure, its interval, limit,
    the limit's interval, unit, verdict)."""
    rows = []

    def row(what, value, value_iv, limit, limit_iv, unit, strict):
        rows.append((what, value, value_iv, limit, limit_iv, unit,
                     judge(value_iv, limit_iv, strict)))

    for what, impl, fig, ref, ref_fig, factor, unit, strict in load_targets():
        if impl not in runs or (ref is not None and ref not in runs):
            continue
        value = figure(fig, runs[impl], icount)
        if ref is None:
            reference, ref_iv = ref_fig, (ref_fig, ref_fig)
        else:
            reference = figure(ref_fig, runs[ref], icount)
            ref_iv = interval(ref_fig, runs[ref], icount)
        if value is None or reference is None:
            continue
        row(what, value, interval(fig, runs[impl], icount), factor * reference,
            (factor * ref_iv[0], factor * ref_iv[1]), unit, strict)
        if unit == "ns" and ref is not None and factor * reference < 1:
            by = _by_instructions(fig, impl, ref, factor, strict, runs, icount)
            if by:
                rows[-1] = rows[-1][:6] + (by,)
    for n, r in runs.items():
        for fig, call in (("call_rcu p50", "call_rcu()"), ("call_srcu p50", "call_srcu()")):
            c = figure(fig, r, icount)
            if c is not None and not R.is_peer(n):
                row(f"{n} {call} enqueue p50, under 100 ns", c, interval(fig, r, icount),
                    100, (100, 100), "ns", True)
    return rows


def targets(w, runs, icount):
    rows = target_rows(runs, icount)
    if not rows:
        return
    w("## Targets\n")
    w("Each figure with how far it can be trusted: in brackets, the lowest and highest "
      "of its repetitions, or a percentile's 95% confidence interval from its samples "
      "(a sampling interval within this run: the machine's state from run to run adds "
      "to it); an instruction count is exact.  A target is *met* when the figure's whole "
      "interval is within the limit's, *missed* when it is wholly beyond it, and "
      "*within noise* when the two overlap.  A time target whose limit is below a "
      "nanosecond is judged by the instruction counts of the same operation, the times "
      "beside them.\n")
    w("| target | measured | limit | ratio | |")
    w("|---|---|---|---|---|")
    for what, value, value_iv, limit, limit_iv, unit, verdict in rows:
        w(f"| {what} | {with_interval(value, value_iv, unit)} | "
          f"{with_interval(limit, limit_iv, unit)} | {ratio(value, limit)} | {verdict} |")
    w("")
