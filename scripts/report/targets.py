"""scripts/report/targets.py: the targets rcutable set itself (targets.tsv)
against the run's figures."""
import os

import results as R
from report.figures import figure
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


def targets(w, runs, icount):
    rows = []

    def row(what, value, limit, unit, strict):
        ok = value < limit if strict else value <= limit
        rows.append(f"| {what} | {fmt(value, 2)} {unit} | {fmt(limit, 2)} {unit} | "
                    f"{ratio(value, limit)} | {'met' if ok else '**missed**'} |")

    for what, impl, fig, ref, ref_fig, factor, unit, strict in load_targets():
        if impl not in runs or (ref is not None and ref not in runs):
            continue
        value = figure(fig, runs[impl], icount)
        reference = ref_fig if ref is None else figure(ref_fig, runs[ref], icount)
        if value is not None and reference is not None:
            row(what, value, factor * reference, unit, strict)
    for n, r in runs.items():
        for fig, call in (("call_rcu p50", "call_rcu()"), ("call_srcu p50", "call_srcu()")):
            c = figure(fig, r, icount)
            if c is not None and not R.is_peer(n):
                row(f"{n} {call} enqueue p50, under 100 ns", c, 100, "ns", True)
    if rows:
        w("## Targets\n")
        w("| target | measured | limit | ratio | |")
        w("|---|---|---|---|---|")
        for r in rows:
            w(r)
        w("")
