"""scripts/report/machine.py: the machine the figures were measured on."""



def machine_section(w, machine, runs):
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
