"""The package corpus on the VM: each package's driver and its own tests against CPython (issue #27).

``python -m vmsample.bench packages [--packages a,b] [--no-tests]
[--gc-debug] [--jobs N] [--json]``

For each package of ``packages.toml`` (popular pure-Python packages,
fetched and cached as the real-world corpus is: ``corpus.py``): its driver
run by CPython and by the VM, compared byte for byte (stdout and exit
status) -- ``match``, or the VM's first error line (the last line of its
stderr) or the first line where its output differs; and, where the package
ships tests that run under plain unittest, how many of those that pass on
CPython pass on the VM (``unittest_runs.py``, as ``bench cpython-tests``).
A row whose result is not what the manifest expects (``blocked``, or
nothing: match) is marked ``*``: update packages.toml.

``--gc-debug`` runs the VM under the GC debug knobs (docs/design.md §2.6).
"""

import argparse
import concurrent.futures
import json
import re
import subprocess
import tomllib

from vmsample.bench import corpus, unittest_runs

MANIFEST = corpus.MANIFESTS[1]
BUDGET = 300.0          # seconds per test module and interpreter
GC_DEBUG_SLOWDOWN = 6


def manifest():
    """(sources by name, programs, test suites by source name) of the package corpus."""
    sources, programs = corpus.manifest([MANIFEST])
    with open(MANIFEST, "rb") as f:
        suites = {t["source"]: t for t in tomllib.load(f).get("tests", [])}
    return sources, programs, suites


def shorten(line):
    """[line] with each absolute path cut to its file name."""
    return re.sub(r"/(?:[^\s:'\"()/]+/)+([^\s:'\"()/]+)", r"\1", line).strip()[:200]


def compare_driver(program, sources, knobs):
    """"match", or what stops the VM or where its output departs from CPython's."""
    path = corpus.program_file(program, sources)
    want = corpus.run("cpython", path, program.args)
    if want["exit status"] != 0:
        return f"CPython fails: {shorten(want['stderr'].strip().splitlines()[-1])}"
    try:
        got = corpus.run("vm", path, program.args, knobs)
    except subprocess.TimeoutExpired:
        return f"timed out after {corpus.TIMEOUT} s"
    if (got["exit status"], got["stdout"]) == (want["exit status"], want["stdout"]):
        return "match"
    if got["exit status"] != 0:
        return shorten((got["stderr"].strip().splitlines() or [f"exit status {got['exit status']}"])[-1])
    a, b = want["stdout"].splitlines(), got["stdout"].splitlines()
    n = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"output differs at line {n + 1}: {b[n][:80] if n < len(b) else '(ends)'!r}"


def run_suite(suite, sources, knobs, budget):
    root = corpus.fetch(sources[suite["source"]])
    args = ["--path", str((root / suite["path"]).resolve()), "--path", str(root)]
    passed = on_cpython = 0
    failures = {}
    for module in suite["modules"]:
        cpython, vm = (unittest_runs.run_module(kind, module, driver_args=args, budget=budget, silence=budget / 5,
                                                knobs=knobs if kind == "vm" else None)
                       for kind in ("cpython", "vm"))
        c = unittest_runs.compare(cpython, vm)
        on_cpython += c.cpython_passed
        passed += c.vm_passed
        failures.update(c.failures)
    return {"cpython_passed": on_cpython, "vm_passed": passed, "failures": failures}


def expected(program, driver):
    if program.blocked is None:
        return driver == "match"
    return program.blocked in driver


def main(argv):
    parser = argparse.ArgumentParser(prog="python -m vmsample.bench packages", description=__doc__.split("\n\n")[0])
    parser.add_argument("--packages", help="comma-separated packages (default: all of packages.toml)")
    parser.add_argument("--no-tests", action="store_true", help="run the drivers only, not the packages' tests")
    parser.add_argument("--gc-debug", action="store_true", help="run the VM under the GC debug knobs")
    parser.add_argument("--jobs", type=int, default=1, help="packages run at once (default 1)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    sources, programs, suites = manifest()
    if args.packages:
        wanted = args.packages.split(",")
        unknown = [p for p in wanted if p not in sources]
        if unknown:
            parser.error(f"not in {MANIFEST.name}: {', '.join(unknown)}")
        programs = [p for p in programs if p.source in wanted]
    if args.jobs < 1:
        parser.error("--jobs must be >= 1")
    knobs = corpus.GC_DEBUG_KNOBS if args.gc_debug else None
    budget = BUDGET * (GC_DEBUG_SLOWDOWN if args.gc_debug else 1)
    if args.gc_debug:
        corpus.TIMEOUT *= GC_DEBUG_SLOWDOWN

    def measure(program):
        driver = compare_driver(program, sources, knobs)
        suite = suites.get(program.source)
        tests = None if args.no_tests or suite is None else run_suite(suite, sources, knobs, budget)
        return {"package": program.source, "driver": driver, "as_expected": expected(program, driver),
                "blocked": program.blocked, "tests": tests}

    try:
        for program in programs:
            corpus.program_file(program, sources)
    except corpus.CorpusUnavailable as e:
        print(f"vmsample.bench packages: {e}")
        return 1
    rows = []
    if not args.json:
        print(f"{'package':18} {'tests':>11}  driver (match, or the VM's first error)")
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for row in pool.map(measure, programs):
            rows.append(row)
            if not args.json:
                t = row["tests"]
                tests = f"{t['vm_passed']}/{t['cpython_passed']}" if t else "-"
                print(f"{row['package']:18} {tests:>11}{' ' if row['as_expected'] else '*'} {row['driver']}", flush=True)
    suites_run = [r["tests"] for r in rows if r["tests"]]
    summary = {"packages": len(rows), "match": sum(r["driver"] == "match" for r in rows),
               "tests_cpython_passed": sum(t["cpython_passed"] for t in suites_run),
               "tests_vm_passed": sum(t["vm_passed"] for t in suites_run),
               "not_as_expected": [r["package"] for r in rows if not r["as_expected"]], "gc_debug": args.gc_debug}
    if args.json:
        print(json.dumps({"packages": rows, "summary": summary}, indent=2))
        return 0
    share = summary["match"] / len(rows) if rows else 0
    print(f"\n{summary['match']} of {len(rows)} packages' drivers print what CPython prints ({share:.0%})"
          f"{' under the GC debug knobs' if args.gc_debug else ''}", end="")
    if suites_run:
        c, v = summary["tests_cpython_passed"], summary["tests_vm_passed"]
        print(f"; of their own tests that pass on CPython ({len(suites_run)} packages), the VM passes "
              f"{v} of {c} ({v / c if c else 0:.1%})", end="")
    print(".")
    if summary["not_as_expected"]:
        print(f"* not what {MANIFEST.name} expects (update its `blocked`): {', '.join(summary['not_as_expected'])}")
    return 0
