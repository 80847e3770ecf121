"""scripts/report/figures.py: the figures of definitions.py, evaluated on
a run (results.Run) or a flood round."""
from report.definitions import FIGURES


def figure(name, run, icount):
    """FIGURES[name] of run; icount: the instruction counts by implementation."""
    kind, *a = FIGURES[name]
    divisor = None
    if kind == "get":
        v = run.get(a[0], a[1])
        divisor = a[2] if len(a) > 2 else None
    elif kind == "latency":
        v = (run.latency(a[0], a[1]) or {}).get(a[2])
        divisor = a[3] if len(a) > 3 else None
    elif kind == "gp":
        v = (run.gp(a[0], a[1], a[2]) or {}).get(a[3])
    elif kind == "instructions":
        v = icount.get(run.impl, {}).get(a[0])
    else:
        raise ValueError(f"figure {name!r}: unknown kind {kind!r}")
    return v / divisor if v and divisor else v


def interval(name, run, icount):
    """How far FIGURES[name] of run can be trusted: (lowest, highest) of
    its repetitions, or of a percentile's 95% confidence intervals from its
    samples (every round's, and the percentiles themselves); an instruction
    count is exact.  None where the figure is."""
    v = figure(name, run, icount)
    if v is None:
        return None
    kind, *a = FIGURES[name]
    if kind == "get":
        lo, hi = run.spread(a[0], a[1])
        return (lo / a[2], hi / a[2]) if len(a) > 2 else (lo, hi)
    if kind == "instructions":
        return (v, v)
    if kind == "latency":
        name, prefix, field, divisor = a[0], a[1], a[2], a[3] if len(a) > 3 else 1
    else:
        name, prefix, field, divisor = run.gp_name(a[0], a[1], a[2]), a[2], a[3], 1
    # Every round's percentile and the ends of its confidence interval.
    values = [x for k in ("", "_lo", "_hi")
              for x in run.values(name, f"{prefix}_{field}{k}") or []]
    return (min(values) / divisor, max(values) / divisor) if values else (v, v)


def benchmark_of(name):
    """The benchmark whose run gives FIGURES[name] (its name without Google
    Benchmark's decorations), or None for an instruction count."""
    kind, *a = FIGURES[name]
    if kind == "gp":
        return f"gp_latency/{a[0]}/{a[1]}"
    return None if kind == "instructions" else a[0]


def flood_figure(spec, rnd):
    """A FLOOD_FIGURES value of one flood round (a dict), or None."""
    field, per, divisor = spec
    v = rnd.get(field)
    if v is None or (per and not rnd.get(per)):
        return None
    return (v / rnd[per] if per else v) / divisor
