"""scripts/report/repeatability.py: whether every round of a run with
REPEAT > 1 (`make results REPEAT=N`) gave the same target verdicts and the
same advice, each round judged on its own figures (roundR/figures.tsv)."""
import re

import results as R
from report.choosing import guide
from report.targets import target_rows

# A row of the chooser's decision table: its program and its answer.
GUIDE_ROW = re.compile(r"^\| ([^|]+) \| `[^`]*` \| \*\*([a-z0-9-]+)\*\* \|")


def round_runs(rd):
    """A round's {impl: Run} of every flavor, from its own figures."""
    rcu = {n: r for n, r in R._runs(rd, "bench").items()
           if r.context.get("rcutable_flavor", "rcu") == "rcu"}
    return {**rcu, **R._flavor_runs(rd, "srcu"), **R._flavor_runs(rd, "tasks")}


def _answers(rd):
    """The chooser's answer for each program of its guide, on rd's figures."""
    return {m[1]: m[2] for m in map(GUIDE_ROW.match, guide(rd).splitlines()) if m}


# A verdict's outcome, whatever it was judged by (time, or instructions).
VERDICT = re.compile(r"^\**(met|missed|within noise)")


def _outcome(verdict):
    m = VERDICT.match(verdict)
    return m[1] if m else verdict


def _table(w, title, keys, per_round, outcome=lambda v: v):
    """One row per key, one column per round, and whether all agreed (on
    outcome(value)); returns how many agreed."""
    agreed = 0
    w(f"| {title} | " + " | ".join(f"round {i}" for i in range(1, len(per_round) + 1)) +
      " | agreed |")
    w("|---|" + "---|" * (len(per_round) + 1))
    for k in keys:
        got = [r.get(k, "n/a") for r in per_round]
        same = len({outcome(g) for g in got}) == 1
        agreed += same
        w(f"| {k} | " + " | ".join(got) + f" | {'yes' if same else '**no**'} |")
    w("")
    return agreed


def repeatability(w, d, icount):
    rounds = R.round_dirs(d)
    if not rounds:
        return
    verdicts = [{row[0]: row[6] for row in target_rows(round_runs(rd), icount, R.load_pairs(rd))}
                for rd in rounds]
    answers = [_answers(rd) for rd in rounds]
    targets = list(dict.fromkeys(k for v in verdicts for k in v))
    programs = list(dict.fromkeys(k for a in answers for k in a))
    w("## Repeatability\n")
    w(f"The benchmarks ran {len(rounds)} times (`make results REPEAT={len(rounds)}`), every "
      "implementation and peer in turn within each round; the figures above merge every "
      "round's.  Here each round is judged on its own figures: the targets' verdicts and "
      "the chooser's answers, and whether every round agreed (a verdict on its outcome, "
      "met, missed or within noise, whether time or instructions decided it).\n")
    t = _table(w, "target", targets, verdicts, _outcome)
    a = _table(w, "program (rcutable-choose)", programs, answers)
    w(f"{t} of {len(targets)} target verdicts and {a} of {len(programs)} chooser answers "
      "were the same in every round.\n")
