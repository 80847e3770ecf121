"""scripts/report/machine.py: the machine the figures were measured on, and
what ran beside them."""
import results as R


def machine_section(w, machine, runs, steps):
    topo = next((r.context.get("topology") for r in runs.values()), "n/a")
    placement = next((r.context.get("placement") for r in runs.values()), "n/a")
    build = next((r.context.get("library_build_type") for r in runs.values()), "n/a")
    w("## Machine\n")
    w("| | |\n|---|---|")
    for k in ("cpu", "cpus", "kernel", "arch", "compiler", "date", "commit"):
        w(f"| {k} | {machine.get(k, 'n/a')} |")
    w(f"| hwloc topology | {topo} |")
    w(f"| thread placement | {placement} (slot 0 measures; the PUs that slots 0, 1, ... take in "
      "turn, around again past them, are in results/bench-*.json, context.pu_of_slot) |")
    w(f"| Google Benchmark library build | {build} (Debian's package; the figures are "
      "timed by rcutable's own code or manual time, not by the library's loop) |")
    w("")
    load_table(w, steps)


def load_table(w, steps):
    """Each step of the run with what ran beside it, and a warning above
    the table when a step whose figures are timed was disturbed."""
    w("### What ran beside the figures\n")
    if not steps:
        w("Not recorded: this run has no load.tsv (scripts/run-all writes it).\n")
        return
    limit = f"{R.DISTURBED_SHARE:.0%}"
    bad = [s["step"] for s in steps if s["disturbed"]]
    if bad:
        w(f"**Disturbed run.** While these steps were timed, other processes or the "
          f"hypervisor took more than {limit} of a CPU: {'; '.join(bad)}.  Their figures "
          "may be far from what a quiet machine gives (a grace period can look faster: "
          "a reader that is off its CPU needs no interrupt); run `make results` again on "
          "a quiet machine before judging by them.\n")
    else:
        w(f"Quiet: no step whose figures are timed shared the machine with more than "
          f"{limit} of a CPU of other work.\n")
    w("Each step of scripts/run-all: its wall time, the 1-minute load average when it "
      "began and ended, the CPU time of this run's own processes, of every other process "
      "(all CPU time in /proc/stat less this run's), and the time the hypervisor stole "
      f"from this machine's CPUs.  A *measure* step (its figures are timed) is disturbed "
      f"when others and the hypervisor took more than {limit} of one CPU, on average, "
      "while it ran.\n")
    probe_paragraph(w, steps)
    w("| step | kind | seconds | load average | own CPU s | others' CPU s | stolen s "
      "| round trip ns | load ns | |")
    w("|---|---|---|---|---|---|---|---|---|---|")
    for s in steps:
        share = s["cpu_s_others"] / s["seconds"] if s["seconds"] else 0
        flag = ("**disturbed**" if s["disturbed"] else "quiet") if s["kind"] == "measure" else ""
        if s["machine_changed"]:
            flag += ", **machine changed**"
        w(f"| {s['step']} | {s['kind']} | {s['seconds']:.1f} | {s['load_start']:.2f} to "
          f"{s['load_end']:.2f} | {s['cpu_s_own']:.1f} | {s['cpu_s_others']:.1f} "
          f"({share:.0%} of a CPU) | {s['steal_s']:.1f} | {_ns(s, 'round_trip_ns', 0)} | "
          f"{_ns(s, 'load_ns', 1)} | {flag} |")
    w("")


def _ns(step, probe, digits):
    """A probe's figures at a step's start and end."""
    return " to ".join("n/a" if v is None else f"{v:.{digits}f}"
                       for v in (step.get(f"{probe}_start"), step.get(f"{probe}_end")))


def probe_paragraph(w, steps):
    """What the machine probe says of the run: its figures' ranges, and the
    steps it ran on a changed machine."""
    median = R.probe_median(steps, "round_trip_ns")
    if median is None:
        w("The machine probe (build/bench/machine-probe) was not run: this run's load.tsv "
          "predates it.\n")
        return

    def span(probe, digits):
        v = R.probe_values(steps, probe)
        return f"{min(v):.{digits}f} to {max(v):.{digits}f} ns" if v else "not measured"
    changed = [s["step"] for s in steps if s["machine_changed"]]
    text = ("How fast the machine was, at each step's start and end "
            "(build/bench/machine-probe): a cache line's round trip between the first two "
            f"CPUs took {span('round_trip_ns', 0)} (median {median:.0f}), a load from "
            f"beyond a core's own caches {span('load_ns', 1)}, one step of an integer "
            f"chain {span('alu_ns', 2)}.  Every figure that moves cache lines between CPUs "
            "follows the round trip: a lock, an update that a reader on the other CPU then "
            "reads, membarrier()'s interrupt, the hash table's cells with updates; every "
            "figure that walks more memory than a core's caches hold (the hash table, the "
            "flood) follows the load, which other machines on the same host share.  On a "
            "virtual machine both depend on where and beside what the host runs its "
            "virtual CPUs, and can change several times over between two runs (or within "
            "one) with nothing changed inside the machine: compare such figures only "
            "within one run, or between runs whose probes agree.")
    if changed:
        text += (f"  **The machine changed during these steps** (a round trip or a load "
                 f"more than {R.MACHINE_CHANGE:.0%} from the run's median): "
                 f"{'; '.join(changed)}; their figures are not comparable with the "
                 "others'.")
    w(text + "\n")
