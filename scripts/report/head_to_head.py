"""scripts/report/head_to_head.py: every rcutable implementation against
every peer, one table per property row."""
import results as R
from report.definitions import EMULATED_AS, H2H_RCU, H2H_SRCU
from report.figures import figure, interval
from report.text import bold, fmtu, ratio, ratio_with_interval, round_ratios


def twin_cell(a, a_iv, b, b_iv, pairs):
    """The like-for-like ratio, in bold, with its interval
    (ratio_with_interval())."""
    r = bold(ratio(a, b), True)
    return ratio_with_interval(r, pairs, a_iv, b_iv) if a is not None and b else r


def h2h_table(w, spec, mine, peers, icount, rounds):
    """One property row: each rcutable implementation's figure, then its
    ratio to each peer's, the like-for-like one in bold with its interval."""
    title, fig, unit, digits, group, higher = spec
    runs = {**mine, **peers}
    value = {n: figure(fig, r, icount) for n, r in runs.items()}
    if all(v is None for v in value.values()):
        return
    iv = {n: interval(fig, r, icount) for n, r in runs.items()}

    def of(run):
        return figure(fig, run, icount)
    w(f"### {title}\n")
    w("| rcutable | measured | " +
      " | ".join(f"{p} ({fmtu(value[p], unit, digits)})" for p in peers) + " |")
    w("|---|---|" + "---|" * len(peers))
    for n in mine:
        w(f"| {n} | {fmtu(value[n], unit, digits)} | " +
          " | ".join(twin_cell(value[n], iv[n], value[p], iv[p],
                               round_ratios(rounds, n, p, of)) if p == R.peer_of(n)
                     else ratio(value[n], value[p]) for p in peers) + " |")
    w("")
    emulated = [p for p, r in peers.items() if group in r.emulated_groups]
    note = (f"Emulated in the peer's adapter: {', '.join(emulated)} ({EMULATED_AS[group]})."
            if emulated else "Every peer figure here is the peer's own primitive.")
    w(("Above 1: rcutable is faster.  " if higher else "") + note + "\n")


def split_peers(runs):
    """rcutable's implementations and the peers of one flavor, in order."""
    names = R.ordered(runs)
    return ({n: runs[n] for n in names if not R.is_peer(n)},
            {n: runs[n] for n in names if R.is_peer(n)})


def head_to_head(w, runs, srcu, icount, rounds=()):
    """rounds: each round's {impl: Run} where the run has several."""
    twins = [f"{n} and {R.peer_of(n)}" for n in R.ordered(runs) if R.peer_of(n) in runs]
    w("## Head to head with the peers\n")
    w("One table per property row: each rcutable implementation's figure, then "
      "rcutable / peer for every peer measured in the same run (below 1: rcutable is "
      "faster), the peer's own figure beside its name.  In bold, the like-for-like "
      f"counterpart, the same algorithm in liburcu ({', '.join(twins) or 'none here'}), "
      "with the ratio's interval and \"within noise\" where that interval holds 1: over "
      "several rounds (`make results REPEAT=N`), the lowest and highest of the rounds' own "
      "ratios, each pair measured alternately; in a single round, from the two figures' "
      "intervals (their repetitions' lowest and highest, or the percentiles' 95% "
      "confidence intervals).  The other columns compare different designs.\n")
    for flavor, specs in (("RCU", H2H_RCU), ("SRCU", H2H_SRCU)):
        mine, peers = split_peers(runs if flavor == "RCU" else srcu)
        if not mine or not peers:
            w(f"No {flavor} peer was measured in this run.\n")
            continue
        for spec in specs:
            h2h_table(w, spec, mine, peers, icount, rounds)
