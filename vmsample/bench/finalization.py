"""What weak references, finalizers and death notices cost collections, per registration.

``python -m vmsample.bench finalization [--n N] [--repeat R] [--json] [--callgrind]``

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

``--callgrind`` counts instructions instead, which a loaded machine does not
disturb: each heap is built once under ``valgrind --tool=callgrind``,
counting only inside ``Nursery.collect_minor`` (in a second run,
``Nursery.collect_major``), and the table gives instructions per object of
``none`` and the extra instructions per registration of the others.
"""

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from vmsample._nursery import Nursery

KINDS = ("none", "weak", "finalizer", "notice", "resurrect")
# The Python-level methods, whose C wrappers callgrind counts inside.
COLLECTIONS = {"minor": "__pyx_pw_*Nursery_*collect_minor", "full": "__pyx_pw_*Nursery_*collect_major"}


def run(kind, n):
    """Build one heap and collect it: {"minor", "full"} ns, and what was
    queued and is still registered afterwards."""
    gc = Nursery(nursery_size=128 * n + (1 << 16), large_object_threshold=16 * n + 64,
                 keep_sample_log=False, keep_gc_log=False, debug=False, stress=0)
    node = gc.register_type("Node", fixed_size=24, ref_offsets=(0, 8))
    weakref = gc.register_type("Weakref", fixed_size=24, ref_offsets=(0,), weak_offset=8)
    array = gc.alloc(gc.register_type("Array", item_size=8, items_are_refs=True), n)
    for i in range(n):
        w = gc.alloc(weakref)
        target = gc.alloc(node)
        array.set_item(i, w)
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
    return {"minor": t1 - t0, "full": t2 - t1,
            "queued": st["queued_finalizable"] + st["queued_cleared_weakrefs"] + st["queued_death_notices"],
            "registrations_left": st["weak_references"] + st["finalizers"] + st["death_notices"]}


def rows_from(costs, n):
    """Per kind: the costs, and the extra cost per registration against ``none``."""
    rows = [dict(kind=kind, **costs[kind]) for kind in KINDS]
    for row in rows[1:]:
        for c in COLLECTIONS:
            row[f"extra_{c}_per_registration"] = (row[c] - rows[0][c]) / n
    return rows


def measure(n, repeat):
    runs = {kind: [] for kind in KINDS}
    for r in range(repeat):
        # alternated, and each in turn first: a loaded machine (or a cold
        # cache) disturbs all alike
        for kind in KINDS[r % len(KINDS):] + KINDS[:r % len(KINDS)]:
            runs[kind].append(run(kind, n))
    return rows_from({kind: dict(runs[kind][-1], **{c: statistics.median(r[c] for r in runs[kind])
                                                    for c in COLLECTIONS})
                      for kind in KINDS}, n)


def callgrind_count(kind, n, symbol):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                        f"--toggle-collect={symbol}", sys.executable, "-m", "vmsample.bench",
                        "finalization", "--child", kind, "--n", str(n)],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(out) as f:
            match = re.search(r"^(?:summary|totals):\s+(\d+)", f.read(), re.M)
    if not match:
        raise RuntimeError("no instruction count in the callgrind output")
    return int(match.group(1))


def print_table(rows, n, unit, scale):
    objects = 2 * n + 1
    print(f"{'kind':10} {'minor':>12} {'full':>12} {'queued':>8}   none: per object / others: extra per registration")
    for row in rows:
        if row["kind"] == "none":
            extra = f"minor {row['minor'] / objects:8.1f} {unit}, full {row['full'] / objects:8.1f} {unit}"
        else:
            extra = (f"minor {row['extra_minor_per_registration']:+8.1f} {unit}, "
                     f"full {row['extra_full_per_registration']:+8.1f} {unit}")
        print(f"{row['kind']:10} {row['minor'] / scale:12.2f} {row['full'] / scale:12.2f} "
              f"{row['queued']:8}   {extra}")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m vmsample.bench finalization",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100_000, help="weakref objects and nodes (default 100000)")
    parser.add_argument("--repeat", type=int, default=5, help="runs per kind (default 5)")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    parser.add_argument("--callgrind", action="store_true", help="count instructions instead of timing")
    parser.add_argument("--child", choices=KINDS, help=argparse.SUPPRESS)     # one run, for valgrind
    args = parser.parse_args(argv)
    if args.n < 1 or args.repeat < 1:
        parser.error("--n and --repeat must be at least 1")
    if args.child:
        run(args.child, args.n)
        return 0
    if args.callgrind:
        if shutil.which("valgrind") is None:
            print("finalization: error: valgrind is not installed", file=sys.stderr)
            return 2
        costs = {kind: {c: callgrind_count(kind, args.n, symbol) for c, symbol in COLLECTIONS.items()}
                 for kind in KINDS}
        for kind in KINDS:
            costs[kind].update(queued="-", registrations_left=None)
        rows, unit, scale, what = rows_from(costs, args.n), "instr", 1e3, "thousands of instructions"
    else:
        rows, unit, scale = measure(args.n, args.repeat), "ns", 1e6
        what = f"ms, medians of {args.repeat} runs"
    if args.json:
        print(json.dumps({"n": args.n, "unit": unit, "rows": rows}))
        return 0
    print(f"{args.n} weakref objects and {args.n} nodes; minor and full collections in {what}")
    print_table(rows, args.n, unit, scale)
    return 0
