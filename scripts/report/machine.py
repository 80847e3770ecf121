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
    w(f"| thread placement | {placement} (slot 0 measures; the PU of each slot is in "
      "results/bench-*.json, context.pu_of_slot) |")
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
    w("| step | kind | seconds | load average | own CPU s | others' CPU s | stolen s | |")
    w("|---|---|---|---|---|---|---|---|")
    for s in steps:
        share = s["cpu_s_others"] / s["seconds"] if s["seconds"] else 0
        flag = ("**disturbed**" if s["disturbed"] else "quiet") if s["kind"] == "measure" else ""
        w(f"| {s['step']} | {s['kind']} | {s['seconds']:.1f} | {s['load_start']:.2f} to "
          f"{s['load_end']:.2f} | {s['cpu_s_own']:.1f} | {s['cpu_s_others']:.1f} "
          f"({share:.0%} of a CPU) | {s['steal_s']:.1f} | {flag} |")
    w("")
