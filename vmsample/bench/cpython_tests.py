"""CPython's regression tests on the VM, test by test against CPython (issue #26).

``python -m vmsample.bench cpython-tests [--modules test_bool,test_int]
[--jobs N] [--timeout S] [--gc-debug] [--json]``

Each module of the host's own ``Lib/test`` (found through ``sysconfig``,
never copied into this repository; the list is ``cpython_tests.toml``) is
run by CPython's ``unittest`` under CPython and under the VM (``python -m
vmsample.lang``), each a fresh process running the driver
``_corpus_drivers/unittest_driver.py``, which prints one line per test.
The table gives, per module, the tests that pass on CPython, how many of
those pass on the VM, the share, how many of the others are known failures
(``cpython_tests.toml``: listed with their reason), and why the rest fail:
the VM's commonest first-failure messages.  A module that does not load,
crashes or hangs on the VM is reported with what it printed before
(``unittest_runs.py``: per-module budget, per-test silence limit).

``--gc-debug`` runs the VM under the GC debug knobs (a 4 KiB nursery, a
collection every 101st allocation, the heap verified after each:
docs/design.md §2.6), by default on the core-type modules only.
"""

import argparse
import collections
import concurrent.futures
import fnmatch
import json
import sys
import sysconfig
import tomllib
from pathlib import Path

from vmsample.bench import unittest_runs
from vmsample.bench.corpus import GC_DEBUG_KNOBS

MANIFEST = Path(__file__).resolve().with_suffix(".toml")
BUDGET = 300.0          # seconds per module and interpreter
GC_DEBUG_SLOWDOWN = 6   # the budget under --gc-debug is this many times longer
LOW_SHARE = 0.8         # issue #26: no module under 80%


def manifest():
    with open(MANIFEST, "rb") as f:
        return tomllib.load(f)


def regrtest_dir():
    return Path(sysconfig.get_paths()["stdlib"]) / "test"


def module_exists(name):
    return (regrtest_dir() / f"{name}.py").is_file() or (regrtest_dir() / name / "__init__.py").is_file()


def run_module(name, knobs=None, budget=BUDGET):
    """(CPython's run, the VM's run) of test.[name]."""
    return tuple(unittest_runs.run_module(kind, f"test.{name}", driver_args=["--regrtest"], budget=budget,
                                          silence=budget / 5, knobs=knobs if kind == "vm" else None)
                 for kind in ("cpython", "vm"))


def known_reason(known, test, message):
    for entry in known:
        if fnmatch.fnmatchcase(test, entry["test"]) and fnmatch.fnmatchcase(message, entry.get("message", "*")):
            return entry["reason"]
    return None


def report_module(cpython, vm, known):
    """One module's row: the comparison, split into known and unknown failures."""
    c = unittest_runs.compare(cpython, vm)
    known_failures = {t: r for t, m in c.failures.items() if (r := known_reason(known, t, m))}
    unknown = {t: m for t, m in c.failures.items() if t not in known_failures}
    return {"module": c.module.removeprefix("test."), "cpython_passed": c.cpython_passed,
            "vm_passed": c.vm_passed, "share": c.share, "known": known_failures, "unknown": unknown,
            "cpython_load_error": cpython.load_error, "vm_load_error": vm.load_error,
            "vm_ended": vm.ended, "vm_resumes": vm.resumes,
            "cpython_s": round(cpython.seconds, 2), "vm_s": round(vm.seconds, 2)}


def stale_entries(known, rows, passed_on_both):
    """Entries without a message pattern whose tests (among those run) all
    pass on the VM now."""
    failing = [t for r in rows for t in r["known"]]
    return [e for e in known if "message" not in e
            and any(fnmatch.fnmatchcase(t, e["test"]) for t in passed_on_both)
            and not any(fnmatch.fnmatchcase(t, e["test"]) for t in failing)]


def commonest(messages, n):
    return collections.Counter(m[:120] for m in messages).most_common(n)


def why(row):
    if row["cpython_load_error"]:
        return f"on CPython: did not load: {row['cpython_load_error']}"
    if row["vm_load_error"] and not row["vm_passed"]:
        return f"did not load: {row['vm_load_error']}"
    return "; ".join(f"{k}x {m}" for m, k in commonest(row["unknown"].values(), 2))


def percent(share):
    return "-" if share is None else f"{share:.1%}"


def main(argv):
    parser = argparse.ArgumentParser(prog="python -m vmsample.bench cpython-tests",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--modules", help="comma-separated modules of Lib/test (default: those of "
                                          "cpython_tests.toml; with --gc-debug, its core-type modules)")
    parser.add_argument("--jobs", type=int, default=1, help="modules run at once (default 1)")
    parser.add_argument("--timeout", type=float,
                        help=f"seconds allowed per module and interpreter (default {BUDGET:.0f}, "
                             f"x{GC_DEBUG_SLOWDOWN} with --gc-debug); a fifth of it per test")
    parser.add_argument("--gc-debug", action="store_true", help="run the VM under the GC debug knobs")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    data = manifest()
    if not regrtest_dir().is_dir():
        parser.error(f"{regrtest_dir()} is missing: this Python was installed without its tests")
    modules = args.modules.split(",") if args.modules else data["core" if args.gc_debug else "modules"]
    missing = [m for m in modules if not module_exists(m)]
    if missing:
        parser.error(f"not in {regrtest_dir()}: {', '.join(missing)}")
    if args.jobs < 1:
        parser.error("--jobs must be >= 1")
    knobs = GC_DEBUG_KNOBS if args.gc_debug else None
    budget = args.timeout or BUDGET * (GC_DEBUG_SLOWDOWN if args.gc_debug else 1)
    known = data.get("known", [])

    rows, passed_on_both = [], set()
    if not args.json:
        print(f"{'module':18} {'cpython':>7} {'vm':>6} {'share':>7} {'known':>6}  why (the VM's commonest failures)")
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for cpython, vm in pool.map(lambda m: run_module(m, knobs, budget), modules):
            row = report_module(cpython, vm, known)
            rows.append(row)
            passed_on_both |= cpython.passed() & vm.passed()
            if not args.json:
                print(f"{row['module']:18} {row['cpython_passed']:7} {row['vm_passed']:6} {percent(row['share']):>7} "
                      f"{len(row['known']):6}  {why(row)}"[:200], flush=True)
    cpython_passed = sum(r["cpython_passed"] for r in rows)
    vm_passed = sum(r["vm_passed"] for r in rows)
    summary = {
        "modules": len(rows), "cpython_passed": cpython_passed, "vm_passed": vm_passed,
        "share": vm_passed / cpython_passed if cpython_passed else None,
        "known": sum(len(r["known"]) for r in rows), "unknown": sum(len(r["unknown"]) for r in rows),
        "modules_under_80": [r["module"] for r in rows if r["share"] is not None and r["share"] < LOW_SHARE],
        "cpython_did_not_load": [r["module"] for r in rows if r["cpython_load_error"]],
        "vm_did_not_load": [r["module"] for r in rows if r["vm_load_error"] and not r["vm_passed"]],
        "gc_debug": args.gc_debug,
        "commonest_failures": commonest([m for r in rows for m in r["unknown"].values()], 10),
        "stale_known": stale_entries(known, rows, passed_on_both),
    }
    if args.json:
        print(json.dumps({"modules": rows, "summary": summary}, indent=2))
        return 0
    print(f"{'total':18} {cpython_passed:7} {vm_passed:6} {percent(summary['share']):>7} {summary['known']:6}")
    print(f"\nThe VM{' (under the GC debug knobs)' if args.gc_debug else ''} passes {vm_passed} of the "
          f"{cpython_passed} tests that pass on CPython ({percent(summary['share'])}) in {len(rows)} modules; "
          f"{summary['known']} of the others are known failures, {summary['unknown']} are not.  "
          f"{len(summary['modules_under_80'])} modules under {LOW_SHARE:.0%}; "
          f"{len(summary['vm_did_not_load'])} did not load on the VM.")
    if summary["cpython_did_not_load"]:
        print(f"\nDid not load on CPython (the host's Lib/test is broken?): {', '.join(summary['cpython_did_not_load'])}")
    if summary["commonest_failures"]:
        print("\nThe commonest failures (tests that pass on CPython):")
        for message, n in summary["commonest_failures"]:
            print(f"  {n:6}  {message}")
    for entry in summary["stale_known"]:
        print(f"\nknown failure now passing, remove it from {MANIFEST.name}: {entry['test']}")
    return 0
