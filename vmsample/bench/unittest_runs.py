"""Test modules run by unittest under CPython or the VM, test by test.

The driver (``_corpus_drivers/unittest_driver.py``, a plain program that a
young VM can run) prints a record per test; this module runs it, watched
(``watched.py``: a wall-time budget per module, a silence limit per test, a
memory cap), reads the records back, and compares two runs.

A run that ends early -- the process crashed, hung in a test, or ran out of
its budget -- keeps what it printed: the test that had started and never
ended gets the outcome ``crash`` or ``timeout``, and the module is run again
without the tests already done and that one, until it ends or its budget is
spent (at most MAX_RESUMES times).
"""

import dataclasses
import shutil
import sys
import tempfile
import time
from pathlib import Path

from vmsample.bench import watched
from vmsample.bench.corpus import DRIVERS, clean_env

DRIVER = DRIVERS / "unittest_driver.py"
RECORDS = DRIVERS / "vmsample_records.py"       # the drivers' reporting, next to each
OUTCOMES = ("pass", "fail", "error", "skip", "xfail", "xpass")
MAX_RESUMES = 5
# An outcome of several records for one id (CPython's test_json loads its
# doctests twice) is the worst of them, in this order.
SEVERITY = {o: i for i, o in enumerate(("pass", "xfail", "skip", "xpass", "fail", "error", "timeout", "crash"))}


@dataclasses.dataclass
class ModuleRun:
    module: str
    load_error: str | None = None       # the module did not load: why
    outcomes: dict = dataclasses.field(default_factory=dict)      # test id -> (outcome, message)
    fixture_errors: dict = dataclasses.field(default_factory=dict)  # "setUpClass (x.Y)" -> message
    ended: str = ""                     # how the (last) process ended, if not by finishing
    resumes: int = 0
    seconds: float = 0.0

    def passed(self):
        return {t for t, (o, _) in self.outcomes.items() if o == "pass"}


def parse(records, run):
    """Fold the driver's [records] into [run]; returns (finished, the test
    that started and has no outcome yet or None)."""
    running, finished = None, False
    for fields in records:
        kind = fields[0] if fields else ""
        if kind == "load" and len(fields) >= 3:
            if fields[2] != "ok":
                run.load_error = fields[3] if len(fields) > 3 else "?"
        elif kind == "start" and len(fields) >= 2:
            running = fields[1]
        elif kind in OUTCOMES and len(fields) >= 2:
            test, message = fields[1], (fields[2] if len(fields) > 2 else "")
            if test == running:
                running = None
                add(run, test, kind, message)
            elif " (" in test:          # a fixture: "setUpClass (test.test_x.Case)"
                run.fixture_errors.setdefault(test, message)
            else:
                add(run, test, kind, message)
        elif kind == "abort" and len(fields) >= 3:
            run.fixture_errors.setdefault(f"run of {fields[1]}", fields[2])
        elif kind == "end":
            finished = True
    return finished, running


def add(run, test, outcome, message):
    old = run.outcomes.get(test)
    if old is None or SEVERITY[outcome] > SEVERITY[old[0]]:
        run.outcomes[test] = (outcome, message)


def command(kind, args):
    if kind == "cpython":
        return [sys.executable, DRIVER.name, *args]
    return [sys.executable, "-m", "vmsample.lang", DRIVER.name, *args]


def run_module(kind, module, *, driver_args=(), knobs=None, budget=300.0, silence=60.0, memory=4 << 30):
    """The outcome of every test of [module] run by the driver on [kind]
    ("cpython" or "vm"), with [knobs] in the VM's environment.  The driver
    runs from a fresh directory of its own, where the tests' scratch files
    land too."""
    run = ModuleRun(module)
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="vmsample-tests-") as tmp:
        for f in (DRIVER, RECORDS):
            shutil.copyfile(f, Path(tmp) / f.name)
        exclude = Path(tmp) / "exclude.txt"
        env = clean_env(TMPDIR=tmp, **(knobs or {}))
        while True:
            exclude.write_text("".join(t + "\n" for t in run.outcomes))
            left = budget - (time.monotonic() - start)
            argv = command(kind, [*driver_args, "--exclude", str(exclude), module])
            w = watched.run(argv, cwd=tmp, env=env, budget=max(left, 1.0), silence=silence, memory=memory)
            finished, running = parse(w.records, run)
            if finished or run.load_error:
                run.ended = ""
                break
            run.ended = w.how_it_ended()
            if running is None:
                if not w.records:           # died before loading the module
                    run.load_error = run.ended
                break
            add(run, running, "timeout" if w.ended else "crash", run.ended)
            if run.resumes == MAX_RESUMES or time.monotonic() - start >= budget:
                break
            run.resumes += 1
    run.seconds = time.monotonic() - start
    return run


@dataclasses.dataclass
class Comparison:
    """The tests that pass on CPython, and how each that does not pass on the
    VM ends there."""
    module: str
    cpython_passed: int
    vm_passed: int
    failures: dict          # test id -> one line: the VM's outcome and message

    @property
    def share(self):
        """None if no test passes on CPython (the module did not load there)."""
        return self.vm_passed / self.cpython_passed if self.cpython_passed else None


def compare(cpython, vm):
    expected = cpython.passed()
    failures = {}
    for test in sorted(expected):
        outcome, message = vm.outcomes.get(test, (None, ""))
        if outcome == "pass":
            continue
        if outcome is None:
            message = f"not run: {not_run_reason(test, vm)}"
        elif outcome in ("crash", "timeout"):
            message = f"{outcome}: {message}"
        elif outcome == "skip":
            message = f"skipped: {message}"
        failures[test] = message or outcome
    return Comparison(cpython.module, len(expected), len(expected) - len(failures), failures)


def not_run_reason(test, vm):
    if vm.load_error:
        return f"did not load: {vm.load_error}"
    case = test.rpartition(".")[0]
    for fixture, message in vm.fixture_errors.items():
        if fixture.endswith(f"({case})") or fixture.endswith(f"({case.rpartition('.')[0]})"):
            return f"{fixture.split(' ')[0]} failed: {message}"
    return vm.ended or "the VM never reported it"
