"""scripts/report/conformance.py: the conformance matrix and the peers'
failures."""
import results as R


def peer_conf_cell(cell, group, run):
    """A peer's matrix cell: a pass says whether the group's features are
    native or emulated, a group the suite skipped as absent says so."""
    if cell.startswith("pass") and run:
        return ("emulated: " if group in run.emulated_groups else "native: ") + cell
    prefix = "n/a: absent in "
    if cell.startswith(prefix):
        return "absent: " + cell[len(prefix):].split(": ", 1)[-1]
    return cell


def peer_failures(w, failures, peers_failing):
    """Each failed peer test, with its message and the reason its
    known-failures list gives; a peer the matrix shows failing with no test
    named says so."""
    w("### Peer failures\n")
    rows = [f for f in failures or [] if R.is_peer(f[0])]
    known = {impl: R.known_failures(impl) for impl in {r[0] for r in rows}}
    source = "conformance-failures.txt" if failures is not None else \
        "this run's results, which have no conformance-failures.txt"
    lines = []
    for impl, test, msg in rows:
        reason = known[impl].get(test)
        why = (f"known failure (conformance/known-failures/{impl}.txt): {reason}" if reason
               else "**not a known failure**")
        lines.append(f"- {impl}, {test}: {msg}; {why}")
    lines += [f"- {p}: FAIL in the matrix, but no failed test of it is named in {source}; "
              f"see build/{p}/conformance.tap" for p in peers_failing
              if p not in known]
    w("\n".join(lines or ["No peer failed a test."]) + "\n")


def conformance(w, conf, runs, failures):
    if not conf.strip():
        return
    w("## Conformance\n")
    controls = [n for n, m in R.MANIFEST.items() if m["kind"] == "control"]
    w("Implementation x test group (scripts/conformance-matrix; the negative controls, "
      "which must fail: " + ", ".join(controls) + ").  A peer's cell says whether "
      "the group's features are the peer's own (*native*) or its adapter's (*emulated*), "
      "and *absent* where the suite skipped the group because the peer lacks it.\n")
    lines = conf.rstrip("\n").split("\n")
    header = [c.strip() for c in lines[0].split("|")]
    w("| " + " | ".join(header) + " |")
    w("|" + "---|" * len(header))
    failing = []
    for line in lines[1:]:
        cells = [c.strip() for c in line.split("|")]
        for i, impl in enumerate(header[1:], 1):
            if R.is_peer(impl):
                cells[i] = peer_conf_cell(cells[i], cells[0], runs.get(impl))
                if cells[i].startswith("FAIL"):
                    failing.append(impl)
        w("| " + " | ".join(cells) + " |")
    w("")
    peer_failures(w, failures, sorted(set(failing), key=header.index))
