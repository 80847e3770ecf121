"""scripts/report/text.py: how RESULTS.md writes figures, verdicts and ratios."""


def verdict(value, low, high):
    """within claim if low <= value < high; better below, worse above, each
    with how far: the figure as a fraction of the range's low end, or a
    multiple of its high end."""
    if value is None:
        return "not measured"
    if value < low:
        return (f"better: 1/{low / value:.3g} of the range's low end" if low > 0 and value > 0
                else "better")
    if value < high:
        return "within claim"
    return f"worse: {value / high:.3g}x the range's high end" if high > 0 else "worse"


def fmt(v, digits=1):
    return "n/a" if v is None else f"{v:.{digits}f}"


def fmtu(v, unit, digits=2):
    return "n/a" if v is None else f"{v:.{digits}f} {unit}"


def pct(l, unit="us"):
    if not l:
        return "not measured"
    return f"p50 {fmt(l['p50'])} {unit}, p99 {fmt(l['p99'])} {unit}, max {fmt(l['max'])} {unit}"


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
