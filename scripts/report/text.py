"""scripts/report/text.py: how RESULTS.md writes figures, verdicts and ratios."""


def verdict(value, low, high):
    """within claim if low <= value < high; better below, worse above, each
    with how far: the figure as a fraction of the range's low end, or a
    multiple of its high end."""
    if value is None:
        return "not measured"
    if value < low:
        return (f"better: 1/{_times(low / value)} of the range's low end"
                if low > 0 and value > 0 else "better")
    if value < high:
        return "within claim"
    return f"worse: {_times(value / high)}x the range's high end" if high > 0 else "worse"


def _times(x):
    """A ratio: three digits, or whole above 100 ("33,333")."""
    return f"{x:,.0f}" if x >= 100 else f"{x:.3g}"


def fmt(v, digits=1):
    return "n/a" if v is None else f"{v:.{digits}f}"


def fmtu(v, unit, digits=2):
    return "n/a" if v is None else f"{v:.{digits}f} {unit}"


def pct(l, unit="us"):
    """p50, p99 (each with the span of its runs' 95% confidence intervals
    where the run has them) and max of a latency (results.Run.latency())."""
    if not l:
        return "not measured"

    def one(k):
        lo, hi = l.get(k + "_lo"), l.get(k + "_hi")
        ci = f" [{fmt(lo)}, {fmt(hi)}]" if lo is not None and hi is not None else ""
        return f"{k} {fmt(l[k])}{ci} {unit}"
    return f"{one('p50')}, {one('p99')}, max {fmt(l['max'])} {unit}"


def ratio(a, b):
    return f"{a / b:.2f}" if a is not None and b else "n/a"


def bold(text, on):
    return f"**{text}**" if on else text


def beyond(mine, theirs, lower_is_better):
    """Compare two (min, max) spreads: a verdict only beyond both."""
    if mine[1] < theirs[0]:
        return "lower" if lower_is_better else "LOWER"
    if mine[0] > theirs[1]:
        return "HIGHER" if lower_is_better else "higher"
    return "within the spread"


def p50_p99(l):
    """A dense table's cell: "p50 / p99", each ± half the span of its runs'
    95% confidence intervals where the run has them; "n/a" if not measured."""
    if not l:
        return "n/a"

    def one(k):
        lo, hi = l.get(k + "_lo"), l.get(k + "_hi")
        return fmt(l[k]) + (f"±{fmt((hi - lo) / 2)}" if lo is not None and hi is not None else "")
    return f"{one('p50')} / {one('p99')}"


def ratio_interval(lo, hi):
    """A ratio's interval, and "within noise" where it holds 1."""
    return f"[{lo:.2f}, {hi:.2f}]" + (", within noise" if lo <= 1 <= hi else "")


def round_ratios(rounds, mine, theirs, value):
    """mine's figure over theirs' in each round (each round's {impl: run})
    where both have one; value(run) gives a run's figure or None."""
    out = []
    for runs in rounds:
        a, b = runs.get(mine), runs.get(theirs)
        x = value(a) if a is not None else None
        y = value(b) if b is not None else None
        if x is not None and y:
            out.append(x / y)
    return out


def ratio_with_interval(r, pairs, a_iv, b_iv):
    """A ratio's text r with its interval and "within noise" where that
    interval holds 1: the lowest and highest of the rounds' own ratios
    (pairs) where the run has several rounds, each pair measured
    alternately within its round; else from the two figures' (lowest,
    highest), a_iv and b_iv; r alone where neither is known."""
    if len(pairs) > 1:
        iv = ratio_interval(min(pairs), max(pairs))
        return f"{r} {iv.replace(']', f'] over {len(pairs)} rounds', 1)}"
    iv = ratio_of_ranges(a_iv, b_iv)
    return f"{r} {ratio_interval(*iv)}" if iv else r


def ratio_of_ranges(a_iv, b_iv):
    """The interval of a / b from a's and b's (lowest, highest), or None
    where either is unknown or both are single values."""
    if a_iv is None or b_iv is None or not b_iv[0] or \
            (a_iv[0] == a_iv[1] and b_iv[0] == b_iv[1]):
        return None
    return a_iv[0] / b_iv[1], a_iv[1] / b_iv[0]
