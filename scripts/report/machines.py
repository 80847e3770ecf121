"""scripts/report/machines.py: several machines' figures side by side: this
run's, and each folder under results/machines/ (the scaling kit's results,
kit/run, from any machine: `make scaling-kit`), with the table's per-CPU
rules beside them."""
import os

import results as R
from report.text import fmt, p50_p99

# The table's per-CPU rules (its "about 1 us per CPU" for expedited RCU,
# "200 ns per CPU" for expedited SRCU), in us per CPU.
EXPEDITED_US_PER_CPU = 1.0
SRCU_EXPEDITED_US_PER_CPU = 0.2


def machine_dirs(d, sub):
    """The folders of d/sub/ whose figures are normalized (figures.tsv), in
    name order."""
    root = os.path.join(d, sub)
    if not os.path.isdir(root):
        return []
    return [p for p in (os.path.join(root, n) for n in sorted(os.listdir(root)))
            if os.path.exists(os.path.join(p, "figures.tsv"))]


def load_machines(d):
    """[(label, machine, {impl: Run} of RCU, {impl: Run} of SRCU)]: this
    run's first, then its CPU sweep (results/sweep/: the kit on K of this
    machine's CPUs) and the folders of results/machines/, each by CPU
    count; the manifests of d are read again last (results.MANIFEST is
    global)."""
    machine, runs, _, _ = R.load(d)
    first = [("this run", machine, runs, R.load_srcu(d))]
    rest = []
    for sub in ("sweep", "machines"):
        for path in machine_dirs(d, sub):
            m, runs, _, _ = R.load(path)
            label = (f"this machine on {m.get('cpus')} of its {m.get('machine_cpus')} CPUs"
                     if sub == "sweep" else os.path.basename(path))
            rest.append((label, m, runs, R.load_srcu(path)))
    R.load_manifest(d)
    return first + sorted(rest, key=lambda m: (m[1].get("cpus", 0), m[0]))


def impl_names(machines):
    """The RCU and the SRCU implementations any of machines measured, each
    list in the order the machines first name them."""
    rcu, srcu = [], []
    for _, _, runs, srcu_runs in machines:
        rcu += [n for n in R.ordered(runs) if n not in rcu]
        srcu += [n for n in srcu_runs if n not in srcu]
    return rcu, srcu


def thread_counts(runs, row):
    """The thread counts that any of runs measured row/N at."""
    counts = set()
    for r in runs.values():
        for (name, _field) in r.figures:
            head, _, n = name.rpartition("/")
            if head == row and n.isdigit():
                counts.add(int(n))
    return sorted(counts)


def at_cpus(r, kind, cpus):
    """A run's grace period of kind beside as many readers as the machine
    has CPUs, or None."""
    return r.gp(kind, cpus) if r else None


def cell(l, rule=None):
    """A latency's p50 with its runs' interval, and its share of a rule."""
    if not l:
        return "n/a"
    lo, hi = l.get("p50_lo"), l.get("p50_hi")
    iv = f" [{fmt(lo)}, {fmt(hi)}]" if lo is not None and hi is not None else ""
    return f"{fmt(l['p50'])}{iv}" + (f" ({l['p50'] / rule:.2f} of the rule)" if rule else "")


def machines_section(w, d):
    machines = load_machines(d)
    w("## Machines side by side\n")
    if not machine_dirs(d, "machines"):
        w("No other machine's figures yet: results/machines/ holds none.  "
          "`make scaling-kit` builds a kit that runs on any x86-64 Linux machine, as any "
          "user, with nothing installed (kit/README.md); its results folder, copied into "
          "results/machines/, joins this section at the next `make results`.\n")
    w("Each machine's own figures: this run's (`make results`), the scaling kit's on 1, "
      "2, 4 ... and all of this machine's CPUs (the CPU sweep, results/sweep/), and the "
      "kit's from each folder of results/machines/.  Grace periods beside as many reader "
      "threads as the machine has CPUs, p50 in us with the span of its runs' 95% "
      "intervals; the table's rules are about 1 us per CPU for expedited RCU and 200 ns "
      "per CPU for expedited SRCU.  plots/machines.png draws them against CPUs.\n")
    w("| machine | CPU | CPUs | kernel | run |")
    w("|---|---|---|---|---|")
    for label, m, _, _ in machines:
        run = m.get("kit") and f"scaling kit ({m['kit']}, {m.get('seconds', '?')} s)" or \
            "make results"
        w(f"| {label} | {m.get('cpu', 'n/a')} | {m.get('cpus', 'n/a')} | "
          f"{m.get('kernel', 'n/a')} | {run} |")
    w("")
    names, srcu_names = impl_names(machines)
    w("| implementation | " + " | ".join(
        f"{label} ({m.get('cpus')} CPUs): normal / expedited" for label, m, _, _ in machines) + " |")
    w("|---|" + "---|" * len(machines))
    for n in names:
        cells = []
        for _, m, runs, _ in machines:
            r, cpus = runs.get(n), m.get("cpus", 1)
            exp = at_cpus(r, "expedited", cpus)
            emulated = r is not None and "expedited" in r.emulated_groups
            cells.append(f"{cell(at_cpus(r, 'normal', cpus))} / " +
                         ("(emulated: the normal one)" if emulated else
                          cell(exp, EXPEDITED_US_PER_CPU * cpus)))
        w(f"| {n} | " + " | ".join(cells) + " |")
    for n in srcu_names:
        w(f"| {n} (synchronize_srcu_expedited()) | " + " | ".join(
            cell(at_cpus(srcu.get(n), "expedited", m.get("cpus", 1)),
                 SRCU_EXPEDITED_US_PER_CPU * m.get("cpus", 1))
            for _, m, _, srcu in machines) + " |")
    w("")
    w("The read-side pair with every CPU's thread reading at once (read_pair_threads, ns, "
      "median of the repetitions [lowest, highest]), against its time on one thread: the "
      "table's read side does not grow with CPUs.\n")
    w("| implementation | " + " | ".join(
        f"{label}: 1 thread / {m.get('cpus')} threads" for label, m, _, _ in machines) + " |")
    w("|---|" + "---|" * len(machines))
    for n in names + srcu_names:
        cells = []
        for _, m, runs, srcu in machines:
            r = runs.get(n) or srcu.get(n)
            cells.append(" / ".join(pair_cell(r, k) for k in (1, m.get("cpus", 1))))
        w(f"| {n} | " + " | ".join(cells) + " |")
    w("")
    for label, m, runs, srcu in machines[1:]:
        machine_tables(w, label, m, runs, srcu)


def machine_tables(w, label, m, runs, srcu):
    """One machine's own section: its grace periods against the reader
    counts it measured, and its read pair against threads."""
    w(f"### {label}\n")
    w(f"{m.get('cpu', 'n/a')}, {m.get('cpus')} CPUs, {m.get('kernel', 'n/a')}, "
      f"{m.get('date', 'undated')}, rcutable {m.get('commit', '?')}.  p50 / p99 in us, each ± "
      "half the span of its runs' 95% intervals.\n")
    both = {n: runs[n] for n in R.ordered(runs)}
    both.update(srcu)
    counts = sorted(set(thread_counts(both, "gp_latency/normal")) |
                    set(thread_counts(both, "gp_latency/expedited")))
    w("| implementation | kind | " + " | ".join(f"{k} readers" for k in counts) + " |")
    w("|---|---|" + "---|" * len(counts))
    for n, r in both.items():
        for kind in ("normal", "expedited"):
            cells = [r.latency(f"gp_latency/{kind}/{k}") for k in counts]
            if any(cells):
                w(f"| {n} | {kind} | " + " | ".join(p50_p99(c) for c in cells) + " |")
    floor = next((r for r in runs.values() if r.floor(counts[0])), None) if counts else None
    if floor:
        w("| membarrier(PRIVATE_EXPEDITED) alone | floor | " + " | ".join(
            p50_p99(floor.floor(k)) for k in counts) + " |")
    w("")
    pairs = thread_counts(both, "read_pair_threads")
    if pairs:
        w("| implementation | " + " | ".join(f"read pair, {k} threads (ns)" for k in pairs) + " |")
        w("|---|" + "---|" * len(pairs))
        for n, r in both.items():
            w(f"| {n} | " + " | ".join(pair_cell(r, k) for k in pairs) + " |")
        w("")


def pair_figure(r, threads):
    """The read pair with threads reading at once, ns: the median of the
    repetitions, the lowest and the highest; or None."""
    name = f"read_pair_threads/{threads}"
    v = r.get(name, "ns_per_op") if r else None
    return None if v is None else (v, *r.spread(name, "ns_per_op"))


def pair_cell(r, threads):
    f = pair_figure(r, threads)
    return "n/a" if f is None else "{:.2f} [{:.2f}, {:.2f}]".format(*f)
