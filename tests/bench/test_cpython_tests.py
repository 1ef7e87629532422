"""The regression-test harness (vmsample/bench/cpython_tests.py and
unittest_runs.py): its driver, its records and comparisons on small test
modules written here, what it does when a process crashes or hangs, and the
CI-sized part of the real thing: a few of CPython's own test modules on the
VM, whose share may not fall below the floor recorded in cpython_tests.toml.
"""

import subprocess
import sys
import textwrap

import pytest

from vmsample.bench import cpython_tests, unittest_runs

OUTCOMES = '''
import sys
import unittest

class Outcomes(unittest.TestCase):
    def test_pass(self):
        pass

    def test_fail(self):
        self.assertEqual(1, 2)

    def test_error(self):
        raise KeyError("k")

    @unittest.skip("not today")
    def test_skip(self):
        pass

    @unittest.expectedFailure
    def test_xfail(self):
        1 / 0

    @unittest.expectedFailure
    def test_xpass(self):
        pass

    def test_subtests(self):
        for i in range(3):
            with self.subTest(i=i):
                self.assertLess(i, 1)

    def test_prints_without_newline(self):
        sys.stdout.write("no newline")

    def test_swaps_stdout(self):
        sys.stdout = None


class BrokenFixture(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        raise RuntimeError("no fixture\\nsecond line")

    def test_never_runs(self):
        pass
'''

ACCIDENTS = '''
import os
import signal
import time
import unittest

class Accidents(unittest.TestCase):
    def test_a(self):
        pass

    def test_b_crashes(self):
        os.kill(os.getpid(), signal.SIGSEGV)

    def test_c_hangs(self):
        time.sleep(60)

    def test_d(self):
        pass
'''


def module_dir(tmp_path, **modules):
    for name, source in modules.items():
        (tmp_path / f"{name}.py").write_text(textwrap.dedent(source))
    return ["--path", str(tmp_path)]


def test_every_outcome_is_recorded_with_its_first_failure(tmp_path):
    run = unittest_runs.run_module("cpython", "sample", driver_args=module_dir(tmp_path, sample=OUTCOMES))
    assert run.load_error is None and run.ended == "" and run.resumes == 0
    assert run.outcomes == {
        "sample.Outcomes.test_pass": ("pass", ""),
        "sample.Outcomes.test_fail": ("fail", "AssertionError: 1 != 2"),
        "sample.Outcomes.test_error": ("error", "KeyError: 'k'"),
        "sample.Outcomes.test_skip": ("skip", "not today"),
        "sample.Outcomes.test_xfail": ("xfail", "ZeroDivisionError: division by zero"),
        "sample.Outcomes.test_xpass": ("xpass", ""),
        "sample.Outcomes.test_subtests": ("fail", "AssertionError: 1 not less than 1"),
        "sample.Outcomes.test_prints_without_newline": ("pass", ""),
        "sample.Outcomes.test_swaps_stdout": ("pass", ""),
    }
    assert run.fixture_errors == {"setUpClass (sample.BrokenFixture)": "RuntimeError: no fixture"}


def test_a_module_that_does_not_load_says_why(tmp_path):
    args = module_dir(tmp_path, raises="import _no_such_module\n", exits="import os\nos._exit(7)\n")
    run = unittest_runs.run_module("cpython", "raises", driver_args=args)
    assert run.load_error == "ModuleNotFoundError: No module named '_no_such_module'" and not run.outcomes
    run = unittest_runs.run_module("cpython", "exits", driver_args=args)
    assert run.load_error.startswith("exited with status 7") and not run.outcomes


def test_a_crash_or_a_hang_ends_one_test_and_the_module_goes_on(tmp_path):
    run = unittest_runs.run_module("cpython", "accidents", driver_args=module_dir(tmp_path, accidents=ACCIDENTS),
                                   silence=3)
    assert run.outcomes == {
        "accidents.Accidents.test_a": ("pass", ""),
        "accidents.Accidents.test_b_crashes": ("crash", "crashed (SIGSEGV): (nothing on stderr)"),
        "accidents.Accidents.test_c_hangs": ("timeout", "printed nothing for 3 s"),
        "accidents.Accidents.test_d": ("pass", ""),
    }
    assert run.resumes == 2 and run.ended == ""


def test_a_module_out_of_time_keeps_what_it_printed(tmp_path):
    run = unittest_runs.run_module("cpython", "accidents", driver_args=module_dir(tmp_path, accidents=ACCIDENTS),
                                   budget=4, silence=100)
    assert run.outcomes["accidents.Accidents.test_a"] == ("pass", "")
    assert run.outcomes["accidents.Accidents.test_c_hangs"] == ("timeout", "timed out after 4 s")
    assert "accidents.Accidents.test_d" not in run.outcomes and run.ended == "timed out after 4 s"


def test_the_comparison_counts_cpython_passes_and_names_each_failure():
    cpython = unittest_runs.ModuleRun("test.t", outcomes={
        "t.A.test_1": ("pass", ""), "t.A.test_2": ("pass", ""), "t.A.test_3": ("pass", ""),
        "t.B.test_4": ("pass", ""), "t.B.test_5": ("skip", "no"), "t.B.test_6": ("pass", "")})
    vm = unittest_runs.ModuleRun("test.t", outcomes={
        "t.A.test_1": ("pass", ""), "t.A.test_2": ("error", "TypeError: x"), "t.A.test_3": ("skip", "why"),
        "t.B.test_5": ("pass", ""), "t.B.test_6": ("crash", "crashed (SIGSEGV): boom")},
        fixture_errors={"setUpClass (t.B)": "NameError: y"})
    c = unittest_runs.compare(cpython, vm)
    assert (c.cpython_passed, c.vm_passed, c.share) == (5, 1, 0.2)
    assert c.failures == {"t.A.test_2": "TypeError: x", "t.A.test_3": "skipped: why",
                          "t.B.test_4": "not run: setUpClass failed: NameError: y",
                          "t.B.test_6": "crash: crashed (SIGSEGV): boom"}
    known = [{"test": "t.A.test_2", "reason": "listed"},
             {"test": "t.A.*", "message": "skipped: *", "reason": "a category"},
             {"test": "t.A.test_1", "reason": "fixed since"}]
    row = cpython_tests.report_module(cpython, vm, known)
    assert row["known"] == {"t.A.test_2": "listed", "t.A.test_3": "a category"}
    assert set(row["unknown"]) == {"t.B.test_4", "t.B.test_6"}
    assert cpython_tests.stale_entries(known, [row], cpython.passed() & vm.passed()) == [known[2]]


def test_a_module_that_is_not_in_lib_test_is_one_line_and_exit_2():
    r = subprocess.run([sys.executable, "-m", "vmsample.bench", "cpython-tests", "--modules", "test_bool,test_nope"],
                       capture_output=True, text=True)
    assert r.returncode == 2 and r.stderr.strip().splitlines()[-1].endswith("test_nope")


def test_the_vm_runs_the_driver_to_its_end(tmp_path):
    # Whatever the VM can load today, the driver itself must run on it and
    # say so: a record for the module, and its end.
    run = unittest_runs.run_module("vm", "sample", driver_args=module_dir(tmp_path, sample=OUTCOMES))
    assert run.ended == "" and (run.load_error or run.outcomes), run


@pytest.fixture(scope="module")
def ci_rows():
    if not cpython_tests.regrtest_dir().is_dir():
        pytest.skip(f"{cpython_tests.regrtest_dir()} is missing: this Python was installed without its tests")
    data = cpython_tests.manifest()
    return [cpython_tests.report_module(*cpython_tests.run_module(m), data.get("known", []))
            for m in data["ci"]["modules"]]


def test_the_ci_modules_pass_on_cpython(ci_rows):
    for row in ci_rows:
        assert row["cpython_load_error"] is None and row["cpython_passed"] >= 10, row


def test_the_vm_passes_at_least_the_recorded_floor(ci_rows):
    floor = cpython_tests.manifest()["ci"]["floor"]
    passed = sum(r["vm_passed"] for r in ci_rows)
    share = passed / sum(r["cpython_passed"] for r in ci_rows)
    print(f"\nthe VM passes {share:.1%} of the CI modules' tests (floor {floor:.1%}):",
          *(f"{r['module']}: {r['vm_passed']}/{r['cpython_passed']}  {cpython_tests.why(r)}" for r in ci_rows),
          sep="\n  ")
    assert share >= floor
    for row in ci_rows:
        assert row["vm_load_error"] is None, f"{row['module']} does not load on the VM: {row['vm_load_error']}"
        assert row["vm_ended"] == "", f"the VM's run of {row['module']} ended badly: {row['vm_ended']}"
