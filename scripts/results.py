"""scripts/results.py: the figures of a `make results` run.

The raw files scripts/run-all leaves in a results directory (the
benchmarks' Google Benchmark JSON, the flood's JSON, the instruction
counts, machine.json, load.tsv) are read once, by write_figures(), into one
normalized file, figures.tsv, which RESULTS.md (scripts/gen-results), the
plots (scripts/gen-plots) and the chooser (chooser/choose_figures.c) read.
Its lines, tab-separated ('#' lines are comments):

  machine  KEY  VALUE                       VALUE in JSON
  context  SOURCE  IMPL  KEY  VALUE         a run's context, VALUE in JSON
                                            (SOURCE load: IMPL a step of the run)
  figure   SOURCE  IMPL  NAME  FIELD  V...  one value per run, in run order

SOURCE is the raw file's kind: bench, srcu-bench, tasks-bench, hash-bench
(a benchmark program, NAME its benchmark without Google Benchmark's
decorations), "pair A B" (a target's two programs run alternately, one
value a pair: load_pairs()), flood (NAME "flood"), instructions (NAME
"read_pair"), hash-probe (IMPL "machine", NAME a hash-table cell, the
machine probe's figures at its start) or hash-sweeps (IMPL "machine", NAME
a hash-table cell: per sweep, the tries it took and whether the machine
still moved during the one kept).
Each consumer takes the median and the spread of a figure's values.

`results.py figures DIR` writes DIR/figures.tsv (and, for a run of several
rounds, DIR/roundR/figures.tsv: each round's own); `results.py merge-flood
DIR` merges the flood's rounds and `results.py merge-parts DIR hash-bench`
the hash table's parts first (scripts/run-all runs them all)."""
import glob
import json
import math
import os
import statistics
import sys

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
              "call": "callbacks", "barrier": "barrier", "backlog": "callbacks",
              "polled_full": "polled", "free_mightsleep": "free_memory"}
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


# ---- The raw files, read once ------------------------------------------------

# The kinds of raw file, by name pattern: SOURCE -> glob.
BENCH_SOURCES = (("bench", "bench-*.json"), ("srcu-bench", "srcu-bench-*.json"),
                 ("tasks-bench", "tasks-bench-*.json"), ("hash-bench", "hash-bench-*.json"))
# Google Benchmark's bookkeeping, not figures.
_NOT_FIGURES = {"family_index", "per_family_instance_index", "repetitions",
                "repetition_index", "threads"}


def _numbers(entry):
    return {k: v for k, v in entry.items()
            if isinstance(v, (int, float)) and not isinstance(v, bool) and k not in _NOT_FIGURES}


def _bench_lines(source, path):
    """The context and figure lines of one Google Benchmark JSON file."""
    data = json.load(open(path))
    context = data["context"]
    impl = context["rcutable_impl"]
    lines = [("context", source, impl, k, json.dumps(v)) for k, v in sorted(context.items())
             if isinstance(v, (str, int, float))]
    runs, medians = {}, {}
    for b in data["benchmarks"]:
        if b.get("error_occurred"):
            continue
        key = _base(b["run_name"])
        if b.get("threads", 1) > 1:
            key += "/threads:%d" % b["threads"]
        if b["run_type"] != "aggregate":
            runs.setdefault(key, []).append(_numbers(b))
        elif b["aggregate_name"] == "median":
            medians[key] = _numbers(b)
    for key in list(runs) + [k for k in medians if k not in runs]:
        entries = runs.get(key) or [medians[key]]   # aggregates alone: their median
        for field in entries[0]:
            vals = [e[field] for e in entries if field in e]
            lines.append(("figure", source, impl, key, field) + tuple(repr(v) for v in vals))
    return lines


def _figure_lines(d):
    """Every line of d's figures, from its raw files."""
    lines = []
    machine = os.path.join(d, "machine.json")
    if os.path.exists(machine):
        lines += [("machine", k, json.dumps(v)) for k, v in json.load(open(machine)).items()]
    for source, pattern in BENCH_SOURCES:
        for path in sorted(glob.glob(os.path.join(d, pattern))):
            if source == "bench" and os.path.basename(path).startswith(
                    tuple(s + "-" for s, _ in BENCH_SOURCES if s != "bench")):
                continue
            lines += _bench_lines(source, path)
    lines += _pair_lines(d)
    for cell, *probe in _tab_lines(os.path.join(d, "hash-probe.tsv"), 4):
        lines += [("figure", "hash-probe", "machine", cell, name, v)
                  for name, v in zip(("round_trip_ns", "alu_ns", "load_ns"), probe)]
    sweeps = {}
    for cell, _, tries, _, _, kept in _tab_lines(os.path.join(d, "hash-sweeps.tsv"), 6):
        if kept != "no":
            sweeps.setdefault(cell, []).append((tries, str(int(kept == "moved"))))
    for cell, kept in sweeps.items():
        lines += [("figure", "hash-sweeps", "machine", cell, "tries") + tuple(t for t, _ in kept),
                  ("figure", "hash-sweeps", "machine", cell, "moved") + tuple(m for _, m in kept)]
    for path in sorted(glob.glob(os.path.join(d, "flood-*.json"))):
        if ".run" in os.path.basename(path):
            continue
        f = json.load(open(path))
        runs = f.get("runs") or [f]
        for field in runs[0]:
            vals = [r.get(field) for r in runs]
            if all(isinstance(v, (int, float)) for v in vals):
                lines.append(("figure", "flood", f["impl"], "flood", field) +
                             tuple(repr(int(v) if isinstance(v, bool) else v) for v in vals))
    lines += _load_lines(d)
    ipath = os.path.join(d, "instructions.jsonl")
    if os.path.exists(ipath):
        for line in open(ipath):
            if line.strip():
                r = json.loads(line)
                lines += [("figure", "instructions", r["impl"], "read_pair", k, repr(v))
                          for k, v in r.items() if k != "impl"]
    return lines


def _pair_lines(d):
    """The context and figure lines of the targets' pairs (scripts/run-all:
    d/pairs/A~B/IMPL.P.json, IMPL's run in pair P of A measured against B
    alternately): SOURCE "pair A B", one value per pair in pair order (the
    median of that run's repetitions; nan where the run lacks the figure)."""
    lines = []
    for job in sorted(glob.glob(os.path.join(d, "pairs", "*~*"))):
        source = "pair " + os.path.basename(job).replace("~", " ")
        paths = {}
        for path in glob.glob(os.path.join(job, "*.json")):
            impl, n = os.path.basename(path)[:-len(".json")].rsplit(".", 1)
            paths.setdefault(impl, []).append((int(n), path))
        for impl in sorted(paths):
            per_run = [_bench_lines(source, path) for _, path in sorted(paths[impl])]
            lines += [l for l in per_run[0] if l[0] == "context"]
            medians = [{l[3:5]: _median([float(v) for v in l[5:]]) for l in rl if l[0] == "figure"}
                       for rl in per_run]
            for key in dict.fromkeys(k for m in medians for k in m):
                lines.append(("figure", source, impl) + key +
                             tuple(repr(m.get(key, math.nan)) for m in medians))
    return lines


def _load_lines(d):
    """The context lines of d/load.tsv (scripts/run-all's marks at each
    step's start and at the end): per step, in order, its kind, wall
    seconds, the 1-minute load average at its start and end, and the CPU
    seconds of this run, of every other process, and stolen by the
    hypervisor; and, where the marks have them, the machine probe's
    cache-line round trip, integer step and load in ns at its start and
    end (None where not measured)."""
    path = os.path.join(d, "load.tsv")
    if not os.path.exists(path):
        return []
    marks = [l.rstrip("\n").split("\t") for l in open(path)
             if l.strip() and not l.startswith("#")]
    tick = os.sysconf("SC_CLK_TCK")
    lines = []
    for n, (a, b) in enumerate(zip(marks, marks[1:]), 1):
        busy, steal, own = ((int(b[i]) - int(a[i])) / tick for i in (4, 5, 6))
        step = {"n": n, "kind": a[1], "seconds": round(float(b[2]) - float(a[2]), 2),
                "load_start": float(a[3]), "load_end": float(b[3]),
                "cpu_s_own": round(own, 2), "cpu_s_others": round(max(0.0, busy - own), 2),
                "steal_s": round(steal, 2)}
        for i, name in ((7, "round_trip_ns"), (8, "alu_ns"), (9, "load_ns")):
            for when, m in (("start", a), ("end", b)):
                v = float(m[i]) if len(m) > i else math.nan
                step[f"{name}_{when}"] = None if math.isnan(v) else v
        lines += [("context", "load", a[0], k, json.dumps(v)) for k, v in step.items()]
    return lines


def _round_number(path):
    name = os.path.basename(path)
    return int(name[5:]) if name.startswith("round") and name[5:].isdigit() else 0


def _rounds(d):
    """d's round directories (d/roundR), in round order."""
    return sorted((p for p in glob.glob(os.path.join(d, "round*"))
                   if os.path.isdir(p) and _round_number(p)), key=_round_number)


def _later_rounds(d):
    """The raw files of rounds 2 onwards of a run with REPEAT > 1; round 1's
    are d's own."""
    return [p for p in _rounds(d) if _round_number(p) >= 2]


def round_dirs(d):
    """Each round's own figures of a run with REPEAT > 1 (d/round1/figures.tsv
    and on, written by write_figures()), in order; [] for a run of one."""
    return [p for p in _rounds(d) if os.path.exists(os.path.join(p, "figures.tsv"))]


def _merge_rounds(per_round):
    """One set of lines from every round's: each figure's values are every
    round's, in round order; the rest is round 1's."""
    merged, where = [], {}
    for lines in per_round:
        for line in lines:
            if line[0] != "figure":
                if lines is per_round[0]:
                    merged.append(line)
                continue
            if line[:5] in where:
                i = where[line[:5]]
                merged[i] = merged[i] + line[5:]
            else:
                where[line[:5]] = len(merged)
                merged.append(line)
    return merged


def _write_lines(d, lines):
    with open(os.path.join(d, "figures.tsv"), "w") as out:
        out.write("# rcutable figures (scripts/results.py): machine KEY VALUE | context "
                  "SOURCE IMPL KEY VALUE | figure SOURCE IMPL NAME FIELD VALUE...\n")
        for line in lines:
            out.write("\t".join(line) + "\n")


def write_figures(d):
    """Read d's raw files once and write d/figures.tsv; with rounds (REPEAT >
    1), every round's values merged, and each round's own figures in
    d/roundR/figures.tsv.  A scaling kit's rehearsal (kit/run --rehearse)
    times a run and measures nothing: it gets none, and a warning."""
    machine, tsv = os.path.join(d, "machine.json"), os.path.join(d, "figures.tsv")
    if os.path.exists(machine) and json.load(open(machine)).get("rehearsal"):
        if os.path.exists(tsv):
            os.remove(tsv)
        print(f"results: {d} is a scaling kit's rehearsal (kit/run --rehearse), whose "
              "figures mean nothing: left out of RESULTS.md; remove it", file=sys.stderr)
        return
    lines = _figure_lines(d)
    later = _later_rounds(d)
    if later:
        per_round = [lines] + [_figure_lines(r) for r in later]
        common = [l for l in lines if l[0] != "figure" or l[1] in ("flood", "instructions")]
        for n, rl in enumerate(per_round, 1):
            rd = os.path.join(d, f"round{n}")
            os.makedirs(rd, exist_ok=True)
            _write_lines(rd, common + [l for l in rl if l[0] == "figure" and
                                       l[1] not in ("flood", "instructions")])
        lines = _merge_rounds(per_round)
    _write_lines(d, lines)


_FIGURES = {}


def _number(text):
    return int(text) if text.lstrip("-").isdigit() else float(text)


def figures(d):
    """d's figures: {"machine": {key: value}, "runs": {(source, impl):
    {"context": {key: value}, "figures": {(name, field): [values]}}}}, from
    d/figures.tsv."""
    if d in _FIGURES:
        return _FIGURES[d]
    path = os.path.join(d, "figures.tsv")
    if not os.path.exists(path):
        raise SystemExit(f"{path} is missing: `make results` writes it, and "
                         f"`python3 scripts/results.py figures {d}` from a run's raw files")
    lines = [l.rstrip("\n").split("\t") for l in open(path) if not l.startswith("#")]
    out = {"machine": {}, "runs": {}}
    for f in lines:
        if f[0] == "machine":
            out["machine"][f[1]] = json.loads(f[2])
            continue
        run = out["runs"].setdefault((f[1], f[2]), {"context": {}, "figures": {}})
        if f[0] == "context":
            run["context"][f[3]] = json.loads(f[4])
        elif f[0] == "figure":
            run["figures"][(f[3], f[4])] = [_number(v) for v in f[5:]]
    _FIGURES[d] = out
    return out


# A step whose figures are timed is disturbed when other processes and the
# hypervisor took more than this share of one CPU, on average, while it ran.
DISTURBED_SHARE = 0.10


# A step whose figures are timed ran on a changed machine when the machine
# probe's cache-line round trip or load at its start or end is this far
# (as a share) from the run's median.
MACHINE_CHANGE = 0.15
PROBES = ("round_trip_ns", "load_ns")


def probe_values(steps, probe):
    """The machine probe's figure probe ("round_trip_ns", ...) at every
    step's start and end where measured."""
    return [s[f"{probe}_{w}"] for s in steps for w in ("start", "end")
            if s.get(f"{probe}_{w}") is not None]


def probe_median(steps, probe):
    """The median of probe_values(); None where none was measured."""
    v = probe_values(steps, probe)
    return statistics.median(v) if v else None


def load_steps(d):
    """The run's steps in order, each {"step": its label, "kind": "measure"
    (its figures are timed) or "setup", "seconds", "load_start", "load_end",
    "cpu_s_own", "cpu_s_others", "steal_s", the probe's figures
    (_load_lines()), "disturbed", "machine_changed"}; [] where the run
    recorded none."""
    steps = [dict(r["context"], step=impl) for (source, impl), r in figures(d)["runs"].items()
             if source == "load"]
    median = {p: probe_median(steps, p) for p in PROBES}
    for s in steps:
        timed = s["kind"] == "measure"
        s["disturbed"] = (timed and s["seconds"] > 0 and
                          (s["cpu_s_others"] + s["steal_s"]) / s["seconds"] > DISTURBED_SHARE)
        s["machine_changed"] = timed and any(
            median[p] and s.get(f"{p}_{w}") is not None and
            abs(s[f"{p}_{w}"] / median[p] - 1) > MACHINE_CHANGE
            for p in PROBES for w in ("start", "end"))
    return sorted(steps, key=lambda s: s["n"])


def median_interval(values):
    """The median's distribution-free confidence interval of at least 95%
    from its order statistics (the k-th lowest and highest values, k the
    largest with P(Binomial(n, 1/2) < k) <= 2.5%), or the lowest and highest
    where there are too few values for 95% (below 6)."""
    v, n = sorted(values), len(values)
    k, tail = 0, 0.0
    while True:
        tail += math.comb(n, k) / 2 ** n
        if tail > 0.025:
            break
        k += 1
    k = max(k, 1)
    return v[k - 1], v[n - k]


def _median(values):
    v = sorted(values)
    n = len(v)
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2


class Run:
    """One implementation's figures from one benchmark program."""

    def __init__(self, impl, run):
        self.impl = impl
        self.context = run["context"]
        self.figures = run["figures"]
        self.apis_recorded = "rcutable_native" in self.context
        self.native = set(self.context.get("rcutable_native", "").split())
        self.emulated = set(self.context.get("rcutable_emulated", "").split())
        groups = {API_GROUPS[a] for a in self.emulated if a in API_GROUPS}
        # Runs without the API sets name the emulated groups themselves.
        self.emulated_groups = groups or set(
            self.context.get("rcutable_emulated_groups", "").split())

    def api(self, name):
        """native, emulated or absent, as the descriptor says; None if not recorded."""
        if not self.apis_recorded:
            return None
        return "native" if name in self.native else \
            "emulated" if name in self.emulated else "absent"

    def values(self, name, field):
        """A figure's values, one per repetition, or None."""
        return self.figures.get((name, field))

    def get(self, name, field):
        """A figure: the median of its repetitions."""
        v = self.values(name, field)
        return _median(v) if v else None

    def spread(self, name, field):
        """A figure's (lowest, highest), or None."""
        v = self.values(name, field)
        return (min(v), max(v)) if v else None

    def stddev(self, name, field):
        v = self.values(name, field)
        return statistics.stdev(v) if v and len(v) > 1 else 0.0

    def latency(self, name, prefix="latency_us"):
        """p50, p99 (and n) of a benchmark's samples (the medians of its
        runs'), the highest of its runs' max, and the span of its runs' 95%
        confidence intervals of each percentile (p50_lo, p50_hi, p99_lo,
        p99_hi: None where the run did not record them), or None."""
        p50 = self.get(name, prefix + "_p50")
        if p50 is None:
            return None
        out = {k: self.get(name, f"{prefix}_{k}") for k in ("p99", "n")}
        out["p50"] = p50
        out["max"] = max(self.values(name, f"{prefix}_max") or [None])
        # An interval spans every run's (repetition's, round's): from the
        # lowest of their lower ends to the highest of their upper ends.
        for k in ("p50", "p99"):
            lo = self.values(name, f"{prefix}_{k}_lo")
            hi = self.values(name, f"{prefix}_{k}_hi")
            out[k + "_lo"], out[k + "_hi"] = (min(lo), max(hi)) if lo and hi else (None, None)
        return out

    def gp_name(self, kind, readers, prefix="latency_us"):
        """The benchmark of the grace periods of kind with readers: an
        emulated expedited grace period is the normal one, measured once."""
        name = "gp_latency/%s/%d" % (kind, readers)
        if self.latency(name, prefix) is None and kind == "expedited" and \
                "expedited" in self.emulated_groups:
            return "gp_latency/normal/%d" % readers
        return name

    def gp(self, kind, readers, prefix="latency_us"):
        return self.latency(self.gp_name(kind, readers, prefix), prefix)

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


def _runs(d, source):
    """{impl: Run} of one source, in the order of the figures."""
    return {impl: Run(impl, r) for (s, impl), r in figures(d)["runs"].items() if s == source}


def load(d):
    """machine, {impl: Run}, conformance text, {impl: instruction counts};
    first the manifests (load_manifest())."""
    load_manifest(d)
    machine = figures(d)["machine"]
    if not machine:
        raise SystemExit(f"{d} has no machine figures (machine.json): `make results` "
                         "(scripts/run-all) writes them")
    runs = {n: r for n, r in _runs(d, "bench").items()
            if r.context.get("rcutable_flavor", "rcu") == "rcu"}
    conf_path = os.path.join(d, "conformance.txt")
    conf = open(conf_path).read() if os.path.exists(conf_path) else ""
    icount = {n: dict({"impl": n}, **{f: _median(v) for (_, f), v in r.figures.items()})
              for n, r in _runs(d, "instructions").items()}
    return machine, runs, conf, icount


def load_pairs(d):
    """The targets' pairs (_pair_lines()): {(A, B): [{impl: Run} of each
    pair, in order]}, a Run holding only the figures its run measured."""
    out = {}
    for (source, impl), r in figures(d)["runs"].items():
        if not source.startswith("pair "):
            continue
        pairs = out.setdefault(tuple(source.split()[1:]), [])
        n = max(map(len, r["figures"].values()), default=0)
        pairs += [{} for _ in range(n - len(pairs))]
        for i in range(n):
            pairs[i][impl] = Run(impl, {"context": r["context"], "figures": {
                k: [v[i]] for k, v in r["figures"].items() if i < len(v) and not math.isnan(v[i])}})
    return out


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
    """{impl: Run} of FLAVOR-bench: the default (named after the flavor)
    first, then rcutable's others, then the peers."""
    runs = _runs(d, f"{flavor}-bench")
    return {n: runs[n] for n in sorted(runs, key=lambda n: (n != flavor, is_peer(n), n))}


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
    """{impl: Run} of the hash-table benchmark (hash-bench):
    rcutable's RCU implementations each followed by its peer, then the
    SRCU ones (peers last), then the rwlock baseline."""
    runs = dict(sorted(_runs(d, "hash-bench").items()))
    rcu = ordered({n: r for n, r in runs.items() if n != HASH_BASELINE and not is_srcu(n)})
    rest = ordered({n: r for n, r in runs.items() if is_srcu(n)}) + \
        [n for n in runs if n == HASH_BASELINE]
    return {n: runs[n] for n in rcu + rest}


def _hash_name(table, pct, threads):
    return f"hash/{table}/updates_{pct}pct/{threads}"


def hash_probe(d, pct, threads, probe="round_trip_ns"):
    """The machine probe's figure at the start of a hash-table cell (its
    values, one per round), or None."""
    r = figures(d)["runs"].get(("hash-probe", "machine"))
    return r and r["figures"].get((f"updates_{pct}pct/{threads}", probe))


def hash_sweeps(d):
    """The hash table's sweeps over every round (scripts/run-all): how many,
    how many were run again because the machine moved during a try, and
    how many were kept after their last try though it moved."""
    r = figures(d)["runs"].get(("hash-sweeps", "machine"))
    fig = r["figures"] if r else {}
    tries = [int(v) for (_, f), vals in fig.items() if f == "tries" for v in vals]
    moved = [int(v) for (_, f), vals in fig.items() if f == "moved" for v in vals]
    return len(tries), sum(t > 1 for t in tries), sum(moved)


def hash_value(values, threads, field="lookups_per_s"):
    """A hash cell's figure from its repetitions' values: their median, but
    the highest lookups of a cell of one thread.  One thread contends with
    none of its own, so whatever else runs (on the machine, or on the host
    beside a virtual CPU) can only take from it: with a loop of PAUSE on the
    second CPU, the 1-thread cells of memb's nulls and qsbr's bl tables run
    a quarter slower, and on an idle machine the same cell ran from 54 to
    83 M lookups/s.  From two threads on, the threads' own placement and
    contention move a cell both ways, and the median stands."""
    if not values:
        return None
    return max(values) if threads == 1 and field == "lookups_per_s" else _median(values)


def hash_figure(run, table, pct, threads, field="lookups_per_s"):
    return hash_value(run.values(_hash_name(table, pct, threads), field), threads, field)


def hash_spread(run, table, pct, threads, field="lookups_per_s"):
    """A hash cell's (lowest, highest) over its repetitions, or None."""
    return run.spread(_hash_name(table, pct, threads), field)


def load_flood(d):
    """{impl: figures} of the call_rcu() flood (conformance/stress/flood.c):
    each figure the median of the runs, which are under "runs" (dicts in
    run order), "success" a count of the runs that succeeded."""
    out = {}
    for impl, r in _runs(d, "flood").items():
        fields = {f: v for (_, f), v in r.figures.items()}
        n = max(len(v) for v in fields.values())
        f = {k: _median(v) for k, v in fields.items()}
        f["impl"] = impl
        f["runs"] = [{k: v[i] for k, v in fields.items() if i < len(v)} for i in range(n)]
        out[impl] = f
    return out


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


def merge_parts(d, prefix):
    """Merge d/PREFIX-IMPL.partN.json (Google Benchmark's output of one
    program run in parts, scripts/run-all) into d/PREFIX-IMPL.json: the
    first part's context, every part's benchmarks in order."""
    parts = {}
    for path in glob.glob(os.path.join(d, f"{prefix}-*.part*.json")):
        impl, n = os.path.basename(path)[len(prefix) + 1:-len(".json")].rsplit(".part", 1)
        parts.setdefault(impl, []).append((int(n), path))
    for impl, paths in parts.items():
        merged = None
        for _, path in sorted(paths):
            data = json.load(open(path))
            if merged is None:
                merged = data
            else:
                merged["benchmarks"] += data["benchmarks"]
            os.remove(path)
        with open(os.path.join(d, f"{prefix}-{impl}.json"), "w") as out:
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
    if len(sys.argv) == 3 and sys.argv[1] == "merge-flood":
        merge_flood(sys.argv[2])
    elif len(sys.argv) == 3 and sys.argv[1] == "figures":
        write_figures(sys.argv[2])
    elif len(sys.argv) == 4 and sys.argv[1] == "merge-parts":
        merge_parts(sys.argv[2], sys.argv[3])
    else:
        sys.exit("usage: results.py merge-flood|figures RESULTS_DIR, "
                 "or results.py merge-parts RESULTS_DIR PREFIX")
