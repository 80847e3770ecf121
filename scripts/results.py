"""scripts/results.py: the figures of a `make results` run, read from the
files scripts/run-all leaves in a results directory; shared by
scripts/gen-results (RESULTS.md) and scripts/gen-plots (plots/)."""
import glob
import json
import os

READER_COUNTS = (0, 1, 2, 4, 8, 16)
TASKS_IDLE_COUNTS = (0, 1, 4, 16)           # gp_latency/idle/N (tasks_bench.c)
TASKS_SPIN_SLEEP_COUNTS = (1, 4)            # gp_latency/spin_sleep/N
UPDATER_COUNTS = (1, 2, 4, 8)
HASH_TABLES = ("bl", "nulls")               # hash/TABLE/updates_Ppct/THREADS (hash_bench.c)
HASH_BASELINE = "rwlock"                    # its run and its table share the name
HASH_UPDATE_PCTS = (0, 1, 10)
HASH_THREADS = (1, 2, 4, 8, 16, 32)      # to 8, or to twice the CPUs
# The conformance group that tests each API with a group of its own.  APIs
# are enum rcutable_api's bits (include/rcutable/impl.h) by the names the
# benchmarks write in context rcutable_native and rcutable_emulated
# (bench_context_apis() in bench/harness.c).
API_GROUPS = {"expedited": "expedited", "polled": "polled", "kfree": "free_memory",
              "consolidated": "consolidation", "exit_drain": "lifecycle", "fork": "lifecycle",
              "call": "callbacks", "barrier": "barrier", "backlog": "callbacks"}
KNOWN_FAILURES_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                  "..", "conformance", "known-failures")


# The implementations' manifests, as scripts/run-all recorded them in the
# results directory (manifest.txt, `make print-manifest`): name ->
# {"kind": own|peer|control, "column": rcu|srcu|tasks, "counterpart": name or None}.
MANIFEST = {}


def load_manifest(d):
    """Read d/manifest.txt into MANIFEST; load() does it first."""
    path = os.path.join(d, "manifest.txt")
    if not os.path.exists(path):
        raise SystemExit(f"{path} is missing: `make results` (scripts/run-all) writes it "
                         "with the implementations' manifests")
    MANIFEST.clear()
    for line in open(path):
        f = line.split()
        if len(f) == 5:
            MANIFEST[f[0]] = {"kind": f[1], "column": f[2],
                              "counterpart": None if f[4] == "-" else f[4]}


def is_peer(impl):
    """A peer: another project's implementation behind rcutable's API."""
    return MANIFEST.get(impl, {}).get("kind") == "peer"


def peer_of(impl):
    """The like-for-like peer measured beside an rcutable implementation
    (its manifest's counterpart), or None."""
    return MANIFEST.get(impl, {}).get("counterpart")


def _base(run_name):
    """'gp_latency/normal/1/iterations:1000/manual_time' -> 'gp_latency/normal/1'."""
    decorations = ("iterations", "repeats", "manual_time", "threads", "real_time")
    return "/".join(p for p in run_name.split("/") if p.split(":")[0] not in decorations)


class Run:
    """One implementation's Google Benchmark JSON output."""

    def __init__(self, path):
        data = json.load(open(path))
        self.context = data["context"]
        self.impl = self.context["rcutable_impl"]
        self.apis_recorded = "rcutable_native" in self.context
        self.native = set(self.context.get("rcutable_native", "").split())
        self.emulated = set(self.context.get("rcutable_emulated", "").split())
        groups = {API_GROUPS[a] for a in self.emulated if a in API_GROUPS}
        # JSON without the API sets names the emulated groups itself.
        self.emulated_groups = groups or set(
            self.context.get("rcutable_emulated_groups", "").split())
        self.runs = {}          # base name -> list of per-repetition entries
        self.aggregates = {}    # (base name, aggregate) -> entry
        for b in data["benchmarks"]:
            key = _base(b["run_name"])
            if b.get("threads", 1) > 1:
                key += "/threads:%d" % b["threads"]
            if b.get("error_occurred"):
                continue
            if b["run_type"] == "aggregate":
                self.aggregates[(key, b["aggregate_name"])] = b
            else:
                self.runs.setdefault(key, []).append(b)

    def api(self, name):
        """native, emulated or absent, as the descriptor says; None if not recorded."""
        if not self.apis_recorded:
            return None
        return "native" if name in self.native else \
            "emulated" if name in self.emulated else "absent"

    def get(self, name, field):
        """A field of a benchmark: the median over repetitions, else its one run."""
        agg = self.aggregates.get((name, "median"))
        if agg and field in agg:
            return agg[field]
        runs = self.runs.get(name)
        if not runs or field not in runs[0]:
            return None
        vals = sorted(r[field] for r in runs)
        return vals[len(vals) // 2]

    def stddev(self, name, field):
        agg = self.aggregates.get((name, "stddev"))
        return agg.get(field, 0.0) if agg else 0.0

    def latency(self, name, prefix="latency_us"):
        """p50, p99, max (and n) of a benchmark's samples, or None."""
        p50 = self.get(name, prefix + "_p50")
        if p50 is None:
            return None
        return {"p50": p50, "p99": self.get(name, prefix + "_p99"),
                "max": self.get(name, prefix + "_max"), "n": self.get(name, prefix + "_n")}

    def gp(self, kind, readers, prefix="latency_us"):
        l = self.latency("gp_latency/%s/%d" % (kind, readers), prefix)
        if l is None and kind == "expedited" and "expedited" in self.emulated_groups:
            # The emulation is the normal grace period, measured once.
            return self.latency("gp_latency/normal/%d" % readers, prefix)
        return l

    def floor(self, readers):
        return self.latency("membarrier_floor/%d" % readers)

    def updaters(self, threads):
        name = "concurrent_updaters" + ("/threads:%d" % threads if threads > 1 else "")
        calls = self.get(name, "calls")
        if calls is None:
            return None
        gps = self.get(name, "grace_periods")
        return {"calls_per_s": self.get(name, "calls_per_s"),
                "gps_per_call": gps / calls if gps is not None and calls else None}


def load(d):
    """machine, {impl: Run}, conformance text, {impl: instruction counts};
    first the manifests (load_manifest())."""
    load_manifest(d)
    machine = json.load(open(os.path.join(d, "machine.json")))
    runs = {}
    for p in sorted(glob.glob(os.path.join(d, "bench-*.json"))):
        r = Run(p)
        if r.context.get("rcutable_flavor", "rcu") == "rcu":
            runs[r.impl] = r
    conf_path = os.path.join(d, "conformance.txt")
    conf = open(conf_path).read() if os.path.exists(conf_path) else ""
    icount = {}
    ipath = os.path.join(d, "instructions.jsonl")
    if os.path.exists(ipath):
        for line in open(ipath):
            if line.strip():
                r = json.loads(line)
                icount[r["impl"]] = r
    return machine, runs, conf, icount


def _tab_lines(path, fields):
    """The lines of a tab-separated file split into fields (comments and
    blank lines skipped, missing fields empty); none if there is no file."""
    if not os.path.exists(path):
        return []
    rows = [line.rstrip("\n").split("\t", fields - 1) for line in open(path)]
    return [r + [""] * (fields - len(r)) for r in rows if r[0].strip() and not r[0].startswith("#")]


def load_failures(d):
    """[(impl, group::test, message)] of results/conformance-failures.txt
    (scripts/run-all), or None if the run did not write it."""
    path = os.path.join(d, "conformance-failures.txt")
    return [tuple(r) for r in _tab_lines(path, 3)] if os.path.exists(path) else None


def known_failures(impl):
    """{group::test: reason} of conformance/known-failures/<impl>.txt."""
    return dict(_tab_lines(os.path.join(KNOWN_FAILURES_DIR, impl + ".txt"), 2))


def _flavor_runs(d, flavor):
    """{impl: Run} of FLAVOR-bench-*.json: the default (named after the
    flavor) first, then rcutable's others, then the peers."""
    runs = [Run(p) for p in glob.glob(os.path.join(d, f"{flavor}-bench-*.json"))]
    return {r.impl: r for r in sorted(
        runs, key=lambda r: (r.impl != flavor, is_peer(r.impl), r.impl))}


def is_srcu(impl):
    """An implementation of the SRCU column."""
    return MANIFEST.get(impl, {}).get("column") == "srcu"


def load_srcu(d):
    """{impl: Run} of the SRCU implementations (srcu-bench-*.json), the
    default (srcu) first, the peers last."""
    return _flavor_runs(d, "srcu")


def load_tasks(d):
    """{impl: Run} of the RCU Tasks implementations (tasks-bench-*.json),
    the default (tasks) first, the peers last."""
    return _flavor_runs(d, "tasks")


def load_hash(d):
    """{impl: Run} of the hash-table benchmark (hash-bench-*.json):
    rcutable's RCU implementations each followed by its peer, then the
    SRCU ones (peers last), then the rwlock baseline."""
    paths = sorted(glob.glob(os.path.join(d, "hash-bench-*.json")))
    runs = {r.impl: r for r in (Run(p) for p in paths)}
    rcu = ordered({n: r for n, r in runs.items() if n != HASH_BASELINE and not is_srcu(n)})
    rest = ordered({n: r for n, r in sorted(runs.items()) if is_srcu(n)}) + \
        [n for n in runs if n == HASH_BASELINE]
    return {n: runs[n] for n in rcu + rest}


def hash_figure(run, table, pct, threads, field="lookups_per_s"):
    return run.get(f"hash/{table}/updates_{pct}pct/{threads}", field)


def load_flood(d):
    """{impl: figures} of the call_rcu() flood (flood-*.json, conformance/stress/flood.c):
    each figure the median of the runs, which are under "runs" (one run: itself)."""
    out = {}
    for path in sorted(glob.glob(os.path.join(d, "flood-*.json"))):
        if ".run" in os.path.basename(path):
            continue
        f = json.load(open(path))
        f.setdefault("runs", [dict(f)])
        out[f["impl"]] = f
    return out


def _median(values):
    v = sorted(values)
    n = len(v)
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2


def merge_flood(d):
    """Merge flood-IMPL.runN.json (scripts/run-all's rounds) into flood-IMPL.json:
    each numeric figure the median of the runs, success only if every run
    succeeded, and the runs themselves under "runs"."""
    by_impl = {}
    for path in sorted(glob.glob(os.path.join(d, "flood-*.run*.json"))):
        f = json.load(open(path))
        by_impl.setdefault(f["impl"], []).append(f)
        os.remove(path)
    for impl, runs in by_impl.items():
        merged = {"impl": impl}
        for k, v in runs[0].items():
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                continue
            merged[k] = _median([r[k] for r in runs])
        merged["success"] = all(r["success"] for r in runs)
        merged["runs"] = runs
        with open(os.path.join(d, f"flood-{impl}.json"), "w") as out:
            json.dump(merged, out, indent=1)
            out.write("\n")


def ordered(runs):
    """rcutable's implementations first, each followed by its peer."""
    names = [n for n in runs if not is_peer(n)]
    out = []
    for n in names:
        out.append(n)
        if peer_of(n) in runs and peer_of(n) not in out:
            out.append(peer_of(n))
    out += [n for n in runs if n not in out]
    return out


if __name__ == "__main__":
    import sys
    if len(sys.argv) == 3 and sys.argv[1] == "merge-flood":
        merge_flood(sys.argv[2])
    else:
        sys.exit("usage: results.py merge-flood RESULTS_DIR")
