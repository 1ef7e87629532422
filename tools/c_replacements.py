#!/usr/bin/env python3
"""CPython's own regression tests, run on CPython with our replacement in
place of each C module (vmsample/lang/lib/c_modules.toml).

    python tools/c_replacements.py                   # every row with tests
    python tools/c_replacements.py itertools _io     # some modules
    python tools/c_replacements.py --kind pure-fallback
    python tools/c_replacements.py --markdown        # the table for bench/RESULTS.md

For a row of kind "python" the replacement (lib/<file>) is imported in place
of the C module; for "pure-fallback" the C module is blocked, so the
standard library takes its Python path.  Each test module of the row
(Lib/test of the host, never copied) runs twice in a fresh `python -I -S`:
once as it is (the baseline) and once with the substitution.  The share is
the tests passing with the substitution out of those passing on plain
CPython.  A test that passes on CPython and fails with ours is either listed
with its reason in tests/lang/c_replacements/known_failures.toml or reported
as NEW; a listed test that passes is reported as STALE.  Exit status 1 if
anything is NEW or STALE.

The substitution is made in each test process before anything else is
imported (tools/_c_replacement_child.py).
"""

import argparse
import fnmatch
import json
import os
import subprocess
import sys
import tempfile
import time
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIB = os.path.join(ROOT, "vmsample", "lang", "lib")
TABLE = os.path.join(LIB, "c_modules.toml")
HERE = os.path.join(ROOT, "tests", "lang", "c_replacements")   # _vmhost, known failures
KNOWN = os.path.join(HERE, "known_failures.toml")
CHILD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_c_replacement_child.py")
PER_TEST = 120          # seconds one test may take
MAX_STARTS = 20         # test processes per test module and mode
SHOWN = 40              # NEW failures listed per test module


# ---------------------------------------------------------------- the parent

def run(name, path, test_module):
    """{test id: (outcome, detail)} of one test module in one mode.

    A test that runs longer than PER_TEST seconds is recorded as 'timeout'
    and the test process is killed and started again, skipping the tests
    it has recorded; a test during which the process dies is 'crash'.
    """
    with tempfile.NamedTemporaryFile("r", suffix=".jsonl") as out, \
            tempfile.TemporaryFile("w+") as err:
        cmd = [sys.executable, "-I", "-S", CHILD, name, path, test_module, out.name]
        for _ in range(MAX_STARTS):
            child = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=err, cwd=tempfile.gettempdir())
            hung = watch(child, out.name)
            if hung is None:
                break
            with open(out.name, "a") as log:
                log.write(json.dumps({"id": hung, "outcome": "timeout",
                                      "detail": f"over {PER_TEST} s"}) + "\n")
        results = {}
        for line in out:
            r = json.loads(line)
            results[r["id"]] = (r["outcome"], r["detail"])
        if not results:                 # it died before its first test
            err.seek(0)
            lines = err.read().strip().splitlines() or ["(nothing on stderr)"]
            results[f"test.{test_module}"] = ("fail", f"the test process failed: {lines[-1]}")
    for test_id, (outcome, _) in results.items():
        if outcome == "started":        # the process ended in it
            results[test_id] = ("crash", "the process ended during this test")
    return results


def watch(child, out):
    """Wait for the test process; None when it ends, or the id of the test
    it was stuck in when it ran too long (the process is then killed)."""
    current, since = None, time.monotonic()
    while child.poll() is None:
        time.sleep(0.5)
        last = None
        with open(out) as f:
            for line in f:
                last = json.loads(line)
        started = last["id"] if last and last["outcome"] == "started" else None
        if started != current:
            current, since = started, time.monotonic()
        elif current is not None and time.monotonic() - since > PER_TEST:
            child.kill()
            child.wait()
            return current
    return None


def rows(names, kind):
    with open(TABLE, "rb") as f:
        table = tomllib.load(f)["module"]
    chosen = [r for r in table if r.get("tests") and (not names or r["name"] in names)
              and (kind is None or r["kind"] == kind)]
    unknown = set(names) - {r["name"] for r in chosen}
    if unknown:
        raise SystemExit(f"c_replacements: no row with tests for {', '.join(sorted(unknown))}")
    return chosen


def known_failures():
    with open(KNOWN, "rb") as f:
        return tomllib.load(f)


def reason(known, module, test_id):
    """The recorded reason for [test_id] failing with [module]'s
    replacement, or None; keys are test ids without 'test.', or patterns."""
    short = test_id.removeprefix("test.")
    for pattern, why in known.get(module, {}).items():
        if fnmatch.fnmatchcase(short, pattern):
            return why
    return None


_WHOLE_MODULE = ("unittest.loader._FailedTest", "setUpModule", "setUpClass")


def compare(row, test_module, known):
    """One line of the table and the problems found."""
    name = row["name"]
    path = os.path.join(LIB, row["file"]) if row["kind"] == "python" else "blocked"
    base = run(name, "-", test_module)
    ours = run(name, path, test_module)
    passing = {t for t, (o, _) in base.items() if o == "pass"}
    kept = {t for t in passing if ours.get(t, ("missing",))[0] == "pass"}
    # Not run: skipped by the test, or -- with the C module blocked -- not
    # even defined (the tests of the C half).
    not_run = ("skip", "missing") if row["kind"] == "pure-fallback" else ("skip",)
    skipped = {t for t in passing if ours.get(t, ("missing",))[0] in not_run}
    lost = sorted(passing - kept - skipped)
    # A test module or class that failed as a whole (its import,
    # load_tests, setUpModule, setUpClass) stands for its tests, not run.
    broken = sorted(t for t, (o, _) in ours.items() if o == "fail" and t not in base
                    and (t == f"test.{test_module}" or t.startswith(_WHOLE_MODULE)))
    if broken:
        lost = [t for t in lost if t in ours] + broken
    new, explained = [], []
    for t in lost:
        why = reason(known, name, t)
        outcome, detail = ours.get(t, ("missing", "not run"))
        (explained if why else new).append((t, why or f"{outcome}: {detail}"))
    # A test listed by its own id (not by a pattern) that passes.
    stale = sorted(t for t in kept if t.removeprefix("test.") in known.get(name, {}))
    return {"module": name, "kind": row["kind"], "tests": test_module,
            "cpython": len(passing), "ours": len(kept), "skipped": len(skipped),
            "new": new, "explained": explained, "stale": stale}


def show(line, markdown):
    # The share is of the tests that passed on CPython and ran with ours
    # (with a C module blocked, its own tests do not run).
    ran = line["cpython"] - line["skipped"]
    share = line["ours"] / ran if ran else 0.0
    if markdown:
        print(f"| `{line['module']}` | {line['kind']} | {line['tests']} | {line['cpython']} | "
              f"{line['skipped']} | {line['ours']} | {share:.1%} | {len(line['explained'])} | "
              f"{len(line['new'])} |", flush=True)
        return
    print(f"{line['module']:14} {line['tests']:28} {line['cpython']:5} {line['skipped']:5} "
          f"{line['ours']:5} {share:7.1%} {len(line['explained']):5}", flush=True)
    for t, why in line["new"][:SHOWN]:
        print(f"    NEW    {t}: {why}")
    if len(line["new"]) > SHOWN:
        print(f"    ... and {len(line['new']) - SHOWN} more NEW")
    for t in line["stale"]:
        print(f"    STALE  {t} passes now")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", help="C module names (default: every row with tests)")
    parser.add_argument("--kind", choices=("python", "pure-fallback"))
    parser.add_argument("--markdown", action="store_true", help="print the table for bench/RESULTS.md")
    parser.add_argument("--explained", action="store_true", help="also list the known failures")
    args = parser.parse_args(argv)
    known = known_failures()
    if args.markdown:
        print("| C module | kind | CPython's tests | pass on CPython | not run with ours | "
              "pass with ours | share of those run | known failures | unexplained |")
        print("|---|---|---|--:|--:|--:|--:|--:|--:|")
    else:
        print(f"{'module':14} {'tests':28} {'CPy':>5} {'norun':>5} {'ours':>5} {'share':>7} {'known':>5}")
    bad = False
    started = time.perf_counter()
    for row in rows(args.modules, args.kind):
        for test_module in row["tests"]:
            line = compare(row, test_module, known)
            show(line, args.markdown)
            if args.explained:
                for t, why in line["explained"]:
                    print(f"    known  {t}: {why}")
            bad |= bool(line["new"] or line["stale"])
    print(f"({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
