"""scripts/report/hash.py: the RCU List APIs at work, a hash table."""
import results as R
from report.text import ratio_interval


def hash_cell(r, base, table, pct, threads):
    """Millions of lookups a second, with half its repetitions' range, and
    the ratio to the rwlock table."""
    v = R.hash_figure(r, table, pct, threads)
    b = base and R.hash_figure(base, R.HASH_BASELINE, pct, threads)
    if v is None:
        return "n/a"
    lo, hi = R.hash_spread(r, table, pct, threads)
    spread = f" ±{(hi - lo) / 2 / v:.0%}" if hi > lo else ""
    return f"{v / 1e6:.1f}{spread}" + (f" ({v / b:.2f}x)" if b and r is not base else "")


def sweep_ratios(mine, theirs, table, pct, threads):
    """mine's lookups over theirs' in each sweep of the cell (scripts/run-all
    runs a cell's implementations seconds apart within a sweep, and each
    repetition of a merged run is one sweep, round after round), or [] where
    the two have not the same sweeps."""
    name = R._hash_name(table, pct, threads)
    a, b = mine.values(name, "lookups_per_s"), theirs.values(name, "lookups_per_s")
    if not a or not b or len(a) != len(b) or not all(b):
        return []
    return [x / y for x, y in zip(a, b)]


def pair_cell(mine, theirs, table, pct, threads):
    """rcutable's lookups over the peer's: the median of the sweeps' own
    ratios with the median's 95% confidence interval (the lowest and
    highest below 6 sweeps), and "within noise" where it holds 1."""
    pairs = sweep_ratios(mine, theirs, table, pct, threads)
    if not pairs:
        return "n/a"
    iv = ratio_interval(*R.median_interval(pairs))
    return f"{R._median(pairs):.2f} {iv.replace(']', f'] over {len(pairs)} sweeps', 1)}"


# Peers compared with rcutable's own besides the like-for-like ones:
# ck_epoch, the guide's other choice where membarrier() is missing.
RIVALS = (("mb", "ext-ck-epoch"), ("srcu-mb", "ext-ck-epoch-srcu"))


# A cell repeats when every round's figure is within this share of the
# rounds' median.
CELL_SPREAD = 0.15


def _within(values, share):
    m = R._median(values)
    return all(abs(v / m - 1) <= share for v in values)


def _tables(impl):
    return (R.HASH_BASELINE,) if impl == R.HASH_BASELINE else R.HASH_TABLES


def cell_repeatability(w, rounds, round_dirs, threads):
    """Whether each cell gave the same figure in every round (within
    CELL_SPREAD of the rounds' median), by threads: of all cells, and of
    those whose machine probe at the cell's start stayed within
    results.MACHINE_CHANGE of its median in every round."""
    w("### The cells from round to round\n")
    w(f"Each cell (implementation, table, updates, threads) of the {len(rounds)} rounds, "
      f"against its median over the rounds: whether every round's figure was within "
      f"±{CELL_SPREAD:.0%} of it; and the same of the cells during which the machine stayed "
      "as it was (the machine probe's cache-line round trip between the two CPUs and its "
      "load from beyond a core's caches, taken at each cell's start, each within "
      f"{R.MACHINE_CHANGE:.0%} of its median in every round).  "
      "The largest spread is the highest round's figure over the lowest's.\n")
    w("| threads | cells | within the spread | on an unchanged machine | of those, within "
      "the spread | largest spread |")
    w("|---|---|---|---|---|---|")
    for k in threads:
        counts, worst = [0, 0, 0, 0], 1.0
        for u in R.HASH_UPDATE_PCTS:
            probes = [[R.hash_probe(d, u, k, p) for d in round_dirs] for p in R.PROBES]
            steady = all(all(v) and _within([x[0] for x in v], R.MACHINE_CHANGE) for v in probes)
            for impl in rounds[0]:
                for t in _tables(impl):
                    vals = [R.hash_figure(r[impl], t, u, k) if impl in r else None for r in rounds]
                    if None in vals or not min(vals):
                        continue
                    same = _within(vals, CELL_SPREAD)
                    worst = max(worst, max(vals) / min(vals))
                    for i, on in enumerate((True, same, steady, steady and same)):
                        counts[i] += on
        if counts[0]:
            w(f"| {k} | {counts[0]} | {counts[1]} | {counts[2]} | {counts[3]} | {worst:.2f}x |")
    w("")


def hash_section(w, runs, cpus, rounds=(), round_dirs=(), sweeps=(0, 0, 0)):
    """The RCU List APIs at work: lookups per second in a hash table;
    rounds: each round's {impl: Run} where the run has several, and
    round_dirs their directories; sweeps: results.hash_sweeps()."""
    if not runs:
        return
    base = runs.get(R.HASH_BASELINE)
    threads = [k for k in R.HASH_THREADS
               if any(R.hash_figure(r, t, 0, k) is not None for r in runs.values()
                      for t in R.HASH_TABLES + (R.HASH_BASELINE,))]
    at = max([k for k in threads if k <= cpus] or threads[:1] or [1])
    w("## RCU List APIs: a hash table\n")
    w("bench/hash_bench.c, on every RCU and SRCU implementation and peer, and on a "
      "pthread_rwlock_t for the baseline.  16384 objects in 16384 chains; each object "
      "has one of two keys at a time, so a lookup of a random key finds it half the "
      "time, and an update moves one object to its other key (out of one chain, into "
      "another).  Every thread runs the same mix: each operation is an update with the "
      "row's probability, else a lookup, from the same machine code at the same offsets "
      "in every build, the tables' arrays at the same offsets in their pages: only the "
      "inline read side and the quiescent state between batches differ (with the "
      "library before it in the link shifting the loop, a 1-thread cell moved by several "
      "per cent from build to build with the same instructions).  Tables: *bl*, hlist_bl "
      "chains locked by the bit "
      "in their heads, an update links a new object and frees the old one after a grace "
      "period (call_rcu() or call_srcu()); *nulls*, hlist_nulls chains with a bit lock "
      "beside each, type-stable objects moved at once with no grace period, a lookup "
      "that followed a moving object onto another chain restarts from its own; "
      "*rwlock*, plain hlist chains under one pthread_rwlock_t (glibc's default kind).  "
      f"This machine has {cpus} CPUs: past {cpus} threads they are oversubscribed.  "
      "Millions of lookups a second, all threads together (median of the repetitions, "
      "± half their range relative to it), and in parentheses the ratio to the rwlock "
      "table at the same threads and updates.  With one thread the figure is the highest "
      "repetition, not the median: a thread alone contends with none of its own, so "
      "anything else that runs, on this machine or on the host beside it, can only slow "
      "it (a loop of PAUSE on the second CPU slows some 1-thread cells by a quarter), and "
      "the slow minutes come and go from one sweep to the next.\n")
    n, again, moved = sweeps
    if n:
        w("The cells are measured in sweeps, each over every cell in turn and within a cell "
          "over every implementation in turn, one repetition each, the implementations' order "
          "reversed every other sweep, and the sweeps spread over each round between its "
          "benchmark programs (the first before them, the last after the targets): the "
          "figures a ratio compares are seconds apart, each implementation's repetitions are "
          "spread over the round as every other's are, and a cell's repetitions are minutes "
          "apart, so that minutes when the machine is slow move one of them, not the median.  "
          "A cell's sweep during "
          "which the machine probe's cache-line round trip (before and after it) moved by "
          "more than a quarter is run again, at most twice: "
          f"this run ran {again} of its {n} sweeps of a cell again"
          + (f", and kept {moved} after the third try though the machine still moved"
             if moved else "") + ".\n")
    w("What it measures: lookups a second of all threads together, per second of wall "
      "time, each thread on a CPU of its own while there are CPUs, at a fixed mix.  With "
      "no updates, the read side (rcu_read_lock(), rcu_dereference(), rcu_read_unlock()) "
      "and the walk of a short chain, which scale with the threads.  With updates on two "
      "threads or more, mostly cache lines moving between CPUs: each update takes two "
      "bit locks and rewrites an object and two chains that the other threads then read, "
      "and each of those reads waits for a cache line's round trip between CPUs (the "
      "machine probe's figure under *What ran beside the figures*).  Those cells follow "
      "the machine's round trip more than the RCU implementation: on a virtual machine "
      "they can move several times over between runs with nothing changed inside it, "
      "and compare only within one run.  What it does not measure: a grace period's "
      "cost in the nulls table (it has none) or how long reclaiming waits and how much "
      "memory it holds (the flood below does), tables larger than the caches, skewed "
      "keys, more than one NUMA node, or more than 10% updates.\n")
    hits = [x for r in runs.values() for t in R.HASH_TABLES + (R.HASH_BASELINE,)
            for u in R.HASH_UPDATE_PCTS for k in threads
            for x in [R.hash_figure(r, t, u, k, "hit_ratio")] if x is not None]
    if hits:
        w(f"Every row's lookups found their key {min(hits):.3f} to {max(hits):.3f} of the "
          "time (half the keys are present at any moment).\n")
    heads = " | ".join(f"{k} thread{'s' if k > 1 else ''}" for k in threads)
    for u in R.HASH_UPDATE_PCTS:
        w(f"### {u}% updates\n")
        w(f"| implementation | table | {heads} | at {at} threads |")
        w("|---|---|" + "---|" * len(threads) + "---|")
        for n, r in runs.items():
            for t in _tables(n):
                cells = " | ".join(hash_cell(r, base, t, u, k) for k in threads)
                gps = R.hash_figure(r, t, u, at, "grace_periods_per_s")
                rst = R.hash_figure(r, t, u, at, "restarts_per_lookup")
                upd = R.hash_figure(r, t, u, at, "updates_per_s")
                notes = []
                if upd:
                    notes.append(f"{upd / 1e6:.2f} M updates/s")
                if gps is not None and u and t == "bl":
                    notes.append(f"{gps:.0f} grace periods/s")
                if t == "nulls" and rst is not None:
                    notes.append(f"{rst * 1e6:.1f} restarts per million lookups")
                w(f"| {n} | {t} | {cells} | {'; '.join(notes) or '-'} |")
        w("")
    pairs = [(n, R.peer_of(n)) for n in runs if R.peer_of(n) in runs] + \
        [(n, p) for n, p in RIVALS if n in runs and p in runs]
    per_cpu = [k for k in threads if k <= cpus] or threads[:1]
    if pairs:
        w("Against the peers, with each thread on a CPU of its own: rcutable's lookups per "
          "second over the peer's, the median of the sweeps' own ratios (within a sweep the "
          "two ran seconds apart, in turn), with the median's 95% confidence interval (the "
          "lowest and highest below 6 sweeps) and \"within noise\" where it holds 1.  The "
          "like-for-like peers (for srcu and srcu-mb, which liburcu has no counterpart of, "
          "the liburcu flavor with the same fences: memb's and mb's), then ck_epoch beside "
          "mb and srcu-mb.\n")
        w("| rcutable / peer | table | threads | " +
          " | ".join(f"{u}% updates" for u in R.HASH_UPDATE_PCTS) + " |")
        w("|---|---|---|" + "---|" * len(R.HASH_UPDATE_PCTS))
        for n, p in pairs:
            for t in R.HASH_TABLES:
                for k in per_cpu:
                    w(f"| {n} / {p} | {t} | {k} | " + " | ".join(
                        pair_cell(runs[n], runs[p], t, u, k) for u in R.HASH_UPDATE_PCTS) + " |")
        w("")
    if len(rounds) > 1:
        cell_repeatability(w, rounds, round_dirs, threads)
