#!/usr/bin/env python3
"""How much slower than CPython's C modules our Python replacements run, on
CPython (the VM's own speed is another matter: this is the cost of the
replacement being Python rather than C, which the VM pays on top of its
own speed for the same code).

    python tools/bench_c_replacements.py [--repeat 5]

Each line times one operation with the C module and with the replacement,
side by side in the same process, and prints the median over the repeats
of each and their ratio.  A replacement that delegates to the host (_random,
_struct) shows the floor of a delegated call, before the VM's conversions.
"""

import argparse
import importlib.util
import io
import os
import statistics
import sys
import timeit

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIB = os.path.join(ROOT, "vmsample", "lang", "lib")
sys.path.insert(0, os.path.join(ROOT, "tests", "lang", "c_replacements"))     # _vmhost
sys.path.append(LIB)                    # _capi; last, so that the host's modules come first


def ours(name, path):
    spec = importlib.util.spec_from_file_location(f"ours_{name}", os.path.join(LIB, path))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cases():
    """(what, the C module's callable, ours) for each operation timed."""
    import _collections
    import _csv
    import _random
    import _string
    import _struct
    import itertools
    p_random, p_itertools = ours("_random", "_random.py"), ours("itertools", "_next/itertools.py")
    p_collections, p_csv = ours("_collections", "_collections.py"), ours("_csv", "_csv.py")
    p_string, p_struct = ours("_string", "_string.py"), ours("_struct", "_next/_struct.py")
    c_gen, p_gen = _random.Random(1), p_random.Random(1)
    rows = ["a,b,c", '"quoted, field",2,3', "x,y,z"] * 100

    def deque_queue(module):
        def run():
            d = module.deque()
            for i in range(1000):
                d.append(i)
            for _ in range(1000):
                d.popleft()
        return run

    def counting(module):
        def run():
            d = module.defaultdict(int)
            for i in range(1000):
                d[i % 37] += 1
        return run

    return [
        ("_random: random() x1000", lambda: [c_gen.random() for _ in range(1000)],
         lambda: [p_gen.random() for _ in range(1000)]),
        ("itertools: sum(islice(count(), 10000))",
         lambda: sum(itertools.islice(itertools.count(), 10000)),
         lambda: sum(p_itertools.islice(p_itertools.count(), 10000))),
        ("itertools: list(product(range(30), repeat=2))",
         lambda: list(itertools.product(range(30), repeat=2)),
         lambda: list(p_itertools.product(range(30), repeat=2))),
        ("itertools: groupby over 3000 items",
         lambda: [list(g) for _, g in itertools.groupby(range(3000), lambda x: x // 10)],
         lambda: [list(g) for _, g in p_itertools.groupby(range(3000), lambda x: x // 10)]),
        ("_collections: deque append x1000 + popleft x1000", deque_queue(_collections),
         deque_queue(p_collections)),
        ("_collections: defaultdict(int) counting x1000", counting(_collections),
         counting(p_collections)),
        ("_csv: reader over 300 lines", lambda: list(_csv.reader(rows)),
         lambda: list(p_csv.reader(rows))),
        ("_csv: writer of 300 rows", lambda: _csv.writer(io.StringIO()).writerows(r.split(",") for r in rows),
         lambda: p_csv.writer(io.StringIO()).writerows(r.split(",") for r in rows)),
        ("_string: formatter_parser of a 10-field format",
         lambda: list(_string.formatter_parser("{a} and {b!r:>10} " * 5)),
         lambda: list(p_string.formatter_parser("{a} and {b!r:>10} " * 5))),
        ("_struct: Struct('<iHd').pack x1000", lambda: [_struct.Struct("<iHd").pack(1, 2, 3.0) for _ in range(1000)],
         lambda: [p_struct.Struct("<iHd").pack(1, 2, 3.0) for _ in range(1000)]),
    ]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    print(f"{'operation':52} {'C (ms)':>8} {'ours (ms)':>10} {'ratio':>7}")
    for what, c_call, our_call in cases():
        times = {"c": [], "ours": []}
        # Enough calls that one timing of the C module takes 20 ms.
        number = max(1, int(0.02 / max(timeit.timeit(c_call, number=5) / 5, 1e-9)))
        for _ in range(args.repeat):          # alternated, side by side
            for key, call in (("c", c_call), ("ours", our_call)):
                times[key].append(timeit.timeit(call, number=number) / number * 1000)
        c, mine = statistics.median(times["c"]), statistics.median(times["ours"])
        print(f"{what:52} {c:8.3f} {mine:10.3f} {mine / c:6.1f}x", flush=True)


if __name__ == "__main__":
    sys.exit(main())
