"""scripts/report/features.py: the feature matrix, the table's cells native,
emulated or absent in each implementation and peer."""
import results as R
from report.definitions import FEATURE_ROWS


def api_state(run, api):
    return run.api(api) or "not recorded"


def rcutable_feature(runs, api):
    """native if every rcutable implementation has it native, else the exceptions."""
    states = {n: api_state(r, api) for n, r in runs.items() if not R.is_peer(n)}
    kinds = set(states.values())
    if len(kinds) <= 1:
        return kinds.pop() if kinds else "not measured"
    others = ", ".join(f"{n}: {s}" for n, s in states.items() if s != "native")
    return f"native, except {others}" if "native" in kinds else others


def peer_feature(by_flavor, peer, flavor, api):
    """A peer's side of another flavor is its run <peer>-<flavor>; none: absent."""
    run = by_flavor[flavor].get(peer if flavor == "rcu" else f"{peer}-{flavor}")
    return api_state(run, api) if run else "absent"


def feature_matrix(w, by_flavor):
    """The table's cells, native / emulated / absent in each implementation."""
    peers = [n for n in R.ordered(by_flavor["rcu"]) if R.is_peer(n)]
    w("## Feature matrix\n")
    if not any(r.apis_recorded for runs in by_flavor.values() for r in runs.values()):
        w("The runs in this directory do not record their descriptors' API sets "
          "(context rcutable_native, rcutable_emulated): no feature matrix.\n")
        return
    w("The cells of the table, from each implementation's descriptor as its benchmark "
      "recorded it: *native*, the implementation's own; *emulated*, built by the peer's "
      "adapter on the peer's other primitives; *absent*.  rcutable: every rcutable "
      "implementation of the column's flavor in this run, the exceptions named.  A peer's "
      "SRCU and RCU Tasks columns are its runs named <peer>-srcu and <peer>-tasks; a peer "
      "without one has none.\n")
    w("| column | cell | rcutable | " + " | ".join(peers) + " |")
    w("|---|---|---|" + "---|" * len(peers))
    for column, cell, flavor, api in FEATURE_ROWS:
        w(f"| {column} | {cell} | {rcutable_feature(by_flavor[flavor], api)} | " +
          " | ".join(peer_feature(by_flavor, p, flavor, api) for p in peers) + " |")
    w("")
    w("Data access (rcu_dereference() and its _bh, _sched, _check and srcu_ forms), the "
      "Generic column's pointer primitives (rcu_assign_pointer(), rcu_access_pointer(), "
      "RCU_INIT_POINTER(), rcu_dereference_protected(), ...) and the RCU List APIs are "
      "rcutable's headers, the same over every implementation and peer; so are, since "
      "2019, the scoped readers (guard(rcu)(), scoped_guard(rcu), guard(srcu)(ssp)), "
      "rcu_read_lock_any_held(), RCU_INITIALIZER(), unrcu_pointer() and "
      "rcu_replace_pointer().\n")
