"""What weak references, finalizers and death notices cost collections, per registration.

``python -m vmsample.bench finalization [--n N] [--repeat R] [--json]``

Every heap holds the same objects: an array of N weakref objects (a
reference, a weak field and a word), the i-th pointing at the i-th of N
nodes, all young.  What differs is what is registered
(vmsample/core/finalizers.pxi):

* ``none``       -- nothing (the weak fields hold nothing);
* ``weak``       -- every weakref object's weak field, pointing at its node;
* ``finalizer``  -- every node, for a finalizer;
* ``notice``     -- every node, for a death notice;
* ``resurrect``  -- every node, for a finalizer, and the nodes unreachable:
  the minor collection keeps them for their finalizers (``none`` copies as
  many nodes, reachable).

The heaps are built and collected in turn, R times; each run times the minor
collection that promotes them (it judges the N registrations made since the
last one) and then a full collection (minor and major: the major one judges
them in the old space).  Printed: the medians, per object of the heap (2N+1)
for ``none``, and for the others the extra time per registration against
``none`` (a difference of medians).  ``--json`` prints the rows.
"""

import argparse
import json
import statistics
import time

from vmsample._nursery import Nursery

KINDS = ("none", "weak", "finalizer", "notice", "resurrect")


def run(kind, n):
    """Build one heap and collect it; returns (minor ns, full ns, queued, registrations left)."""
    gc = Nursery(nursery_size=128 * n + (1 << 16), large_object_threshold=16 * n + 64,
                 keep_sample_log=False, keep_gc_log=False, debug=False, stress=0)
    node = gc.register_type("Node", fixed_size=24, ref_offsets=(0, 8))
    weakref = gc.register_type("Weakref", fixed_size=24, ref_offsets=(0,), weak_offset=8)
    array = gc.register_type("Array", item_size=8, items_are_refs=True)
    refs = gc.alloc(array, n)
    for i in range(n):
        w = gc.alloc(weakref)
        target = gc.alloc(node)
        refs.set_item(i, w)
        if kind != "resurrect":
            w.set_ref(0, target)
        if kind == "weak":
            w.set_weak(target)
        elif kind in ("finalizer", "resurrect"):
            target.register_finalizer()
        elif kind == "notice":
            target.register_death_notice(i)
    del w, target
    t0 = time.perf_counter_ns()
    gc.collect_minor()
    t1 = time.perf_counter_ns()
    gc.collect_major()
    t2 = time.perf_counter_ns()
    st = gc.stats
    queued = st["queued_finalizable"] + st["queued_cleared_weakrefs"] + st["queued_death_notices"]
    left = st["weak_references"] + st["finalizers"] + st["death_notices"]
    assert st["minor_collections"] == 2 and st["major_collections"] == 1
    return t1 - t0, t2 - t1, queued, left


def measure(n, repeat):
    runs = {kind: [] for kind in KINDS}
    for _ in range(repeat):
        for kind in KINDS:                  # alternated: a loaded machine disturbs all alike
            runs[kind].append(run(kind, n))
    rows = []
    for kind in KINDS:
        minor = statistics.median(r[0] for r in runs[kind])
        full = statistics.median(r[1] for r in runs[kind])
        rows.append({"kind": kind, "minor_ns": minor, "full_ns": full,
                     "queued": runs[kind][-1][2], "registrations_left": runs[kind][-1][3]})
    base = rows[0]
    for row in rows[1:]:
        row["extra_minor_ns_per_registration"] = (row["minor_ns"] - base["minor_ns"]) / n
        row["extra_full_ns_per_registration"] = (row["full_ns"] - base["full_ns"]) / n
    return rows


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m vmsample.bench finalization",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100_000, help="weakref objects and nodes (default 100000)")
    parser.add_argument("--repeat", type=int, default=5, help="runs per kind (default 5)")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args(argv)
    if args.n < 1 or args.repeat < 1:
        parser.error("--n and --repeat must be at least 1")
    rows = measure(args.n, args.repeat)
    if args.json:
        print(json.dumps({"n": args.n, "repeat": args.repeat, "rows": rows}))
        return 0
    objects = 2 * args.n + 1
    print(f"{args.n} weakref objects and {args.n} nodes, medians of {args.repeat} runs")
    print(f"{'kind':10} {'minor ms':>9} {'full ms':>9} {'queued':>8}   "
          f"{'per object (none) / extra per registration':>44}")
    for row in rows:
        if row["kind"] == "none":
            extra = (f"minor {row['minor_ns'] / objects:6.1f} ns/object, "
                     f"full {row['full_ns'] / objects:6.1f} ns/object")
        else:
            extra = (f"minor {row['extra_minor_ns_per_registration']:+6.1f} ns, "
                     f"full {row['extra_full_ns_per_registration']:+6.1f} ns")
        print(f"{row['kind']:10} {row['minor_ns'] / 1e6:9.2f} {row['full_ns'] / 1e6:9.2f} "
              f"{row['queued']:8}   {extra:>44}")
    return 0
