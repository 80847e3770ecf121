"""scripts/report/targets.py: the targets rcutable set itself (targets.tsv)
against the run's figures."""
import os
import sys

import results as R
from report.figures import benchmark_of, figure, interval
from report.text import fmt, ratio


TARGETS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "targets.tsv")


def _rows():
    for line in open(TARGETS_FILE):
        if line.strip() and not line.startswith("#"):
            yield line.rstrip("\n").split("\t")


def load_targets():
    """targets.tsv's rows: (target, implementation, figure, reference
    implementation or None, reference figure or constant, factor, unit,
    strict)."""
    out = []
    for what, impl, fig, ref, ref_fig, factor, unit, strict, *_ in _rows():
        ref = None if ref == "-" else ref
        out.append((what, impl, fig, ref, float(ref_fig) if ref is None else ref_fig,
                    float(factor), unit, strict == "yes"))
    return out


def load_floors():
    """{target: (implementation, floor figure)} for the targets whose row
    names a floor: a figure of the same implementation, measured in the
    same run, that the measured operation includes."""
    return {f[0]: (f[1], f[8]) for f in _rows() if len(f) > 8}


def floor_notes(rows, runs, icount):
    """A sentence for each target not met whose limit is below its floor's
    median in this run: the machine, more than the implementation, sets
    such a verdict."""
    floors, notes = load_floors(), []
    for what, _, _, limit, _, unit, verdict, _ in rows:
        if verdict == "met" or what not in floors:
            continue
        impl, fig = floors[what]
        v = figure(fig, runs[impl], icount) if impl in runs else None
        if v is not None and v > limit:
            notes.append(f"*{what}*: the limit, {fmt(limit, 2)} {unit}, is below the {fig} "
                         f"of {impl}'s run, {with_interval(v, interval(fig, runs[impl], icount), unit)}, "
                         f"a step that every such operation includes.")
    return notes


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


def _by_instructions(fig, run, ref_run, factor, strict, icount):
    """The verdict of a sub-nanosecond target from instruction counts, or
    None where they are missing."""
    by = SUB_NS_BY.get(fig)
    if by is None:
        return None
    mine, theirs = figure(by, run, icount), figure(by, ref_run, icount)
    if mine is None or theirs is None:
        return None
    limit = factor * theirs
    ok = mine < limit if strict else mine <= limit
    return (f"{'met' if ok else '**missed**'} by instructions ({fmt(mine, 0)} against "
            f"{fmt(limit, 0)}; the limit is below a nanosecond)")


def paired(ref, unit):
    """Whether a target is measured alternately with its reference: a time
    against another figure (an instruction count is exact)."""
    return ref is not None and unit != "instr."


def pair_jobs():
    """What scripts/run-all measures alternately for the targets: for each
    implementation and reference of a timed target, the benchmarks (as a
    --benchmark_filter) of each side, one job (A, B, A's filter, B's
    filter) for every target of the same two; where A is B, one program
    measures both figures in each of its runs."""
    jobs = {}
    for _, impl, fig, ref, ref_fig, _, unit, _ in load_targets():
        if not paired(ref, unit):
            continue
        job = jobs.setdefault((impl, ref), (set(), set()))
        job[0].add(benchmark_of(fig))
        job[1].add(benchmark_of(ref_fig))
    for (a, b), names in jobs.items():
        if a == b:      # one program, its two figures from each of its runs
            names[0].update(names[1])
            names[1].update(names[0])
    return [(a, b, *(f"^({'|'.join(sorted(n))})/" for n in names))
            for (a, b), names in jobs.items()]


def pair_values(pairs, impl, fig, ref, ref_fig, icount):
    """The figure and the reference's, pair by pair, where both sides of a
    pair measured theirs: ([figure...], [reference...])."""
    out = []
    for p in pairs:
        if impl in p and ref in p:
            a, b = figure(fig, p[impl], icount), figure(ref_fig, p[ref], icount)
            if a is not None and b:
                out.append((a, b))
    return [a for a, _ in out], [b for _, b in out]


def _median_with_interval(values, factor=1):
    """factor x the median of values, and of its 95% interval
    (results.median_interval())."""
    lo, hi = R.median_interval(values)
    return factor * R._median(values), (factor * lo, factor * hi)


def target_rows(runs, icount, pairs=None):
    """Each target the run can judge: (target, figure, its interval, limit,
    the limit's interval, unit, verdict, the ratio's text).  pairs
    (results.load_pairs()): a target measured alternately with its
    reference (paired()) takes its figures from the pairs, each with the
    median's interval, and is judged on the pairs' ratios: the median
    ratio's interval against 1."""
    rows = []
    pairs = pairs or {}

    def row(what, value, value_iv, limit, limit_iv, unit, strict):
        rows.append((what, value, value_iv, limit, limit_iv, unit,
                     judge(value_iv, limit_iv, strict), ratio(value, limit)))

    def run_of(n):
        """n's benchmark run, or an empty one for a program measured only
        in pairs or counted (IMPL.so: IMPL over its shared library)."""
        return runs.get(n) or R.Run(n, {"context": {}, "figures": {}})

    for what, impl, fig, ref, ref_fig, factor, unit, strict in load_targets():
        mine, theirs = pair_values(pairs.get((impl, ref), ()), impl, fig, ref, ref_fig, icount)
        if not (paired(ref, unit) and len(mine) > 1) and any(
                n is not None and n not in runs and n not in icount for n in (impl, ref)):
            continue
        if paired(ref, unit) and len(mine) > 1:
            ratios = [a / (factor * b) for a, b in zip(mine, theirs)]
            value, value_iv = _median_with_interval(mine)
            limit, limit_iv = _median_with_interval(theirs, factor)
            r, r_iv = _median_with_interval(ratios)
            rows.append((what, value, value_iv, limit, limit_iv, unit, judge(r_iv, (1, 1), strict),
                         f"{fmt(r, 2)} [{fmt(r_iv[0], 2)}, {fmt(r_iv[1], 2)}] "
                         f"over {len(ratios)} pairs"))
        else:
            value = figure(fig, run_of(impl), icount)
            if ref is None:
                reference, ref_iv = ref_fig, (ref_fig, ref_fig)
            else:
                reference = figure(ref_fig, run_of(ref), icount)
                ref_iv = interval(ref_fig, run_of(ref), icount)
            if value is None or reference is None:
                continue
            row(what, value, interval(fig, run_of(impl), icount), factor * reference,
                (factor * ref_iv[0], factor * ref_iv[1]), unit, strict)
        if unit == "ns" and ref is not None and rows[-1][3] < 1:
            by = _by_instructions(fig, run_of(impl), run_of(ref), factor, strict, icount)
            if by:
                rows[-1] = rows[-1][:6] + (by,) + rows[-1][7:]
    # call_rcu()'s under 10 ns (a push: one read-modify-write, the tail's;
    # the backlog's count is added a chunk at a time), call_srcu()'s, which
    # first finds its domain's engine, under 100 ns.
    for n, r in runs.items():
        for fig, call, limit in (("call_rcu p50", "call_rcu()", 10),
                                 ("call_srcu p50", "call_srcu()", 100)):
            c = figure(fig, r, icount)
            if c is not None and not R.is_peer(n):
                row(f"{n} {call} enqueue p50, under {limit} ns", c, interval(fig, r, icount),
                    limit, (limit, limit), "ns", True)
    return rows


def targets(w, runs, icount, pairs=None):
    rows = target_rows(runs, icount, pairs)
    if not rows:
        return
    w("## Targets\n")
    w("Each figure with how far it can be trusted: in brackets, the lowest and highest "
      "of its repetitions, or the span of a percentile's 95% confidence intervals from "
      "the samples of each of its runs (a grace-period row is three runs, each with its "
      "readers started anew, since where the scheduler puts them moves a percentile more "
      "than sampling does); an instruction count is exact.  A target is *met* when the figure's whole "
      "interval is within the limit's, *missed* when it is wholly beyond it, and "
      "*within noise* when the two overlap.  A target against another implementation's "
      "figure is measured apart from the benchmarks too, the two programs alternately (A B, "
      "then B A, pair after pair, seconds apart): its ratio to the limit is then the "
      "pairs' median with the median's 95% confidence interval (the lowest and highest "
      "below 6 pairs), and judged on that interval against 1.  A time target whose limit "
      "is below a nanosecond is judged by the instruction counts of the same operation, "
      "the times beside them.\n")
    w("| target | measured | limit | ratio to the limit | |")
    w("|---|---|---|---|---|")
    for what, value, value_iv, limit, limit_iv, unit, verdict, r in rows:
        w(f"| {what} | {with_interval(value, value_iv, unit)} | "
          f"{with_interval(limit, limit_iv, unit)} | {r} | {verdict} |")
    w("")
    for note in floor_notes(rows, runs, icount):
        w(note + "\n")


if __name__ == "__main__":
    if sys.argv[1:] != ["jobs"]:
        sys.exit("usage: PYTHONPATH=scripts python3 scripts/report/targets.py jobs")
    for job in pair_jobs():
        print(*job)
