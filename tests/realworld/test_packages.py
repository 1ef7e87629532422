"""The package corpus (vmsample/bench/packages.toml, issue #27) and its
benchmark (vmsample/bench/packages.py): the manifest holds what the issue
asks for, and the table says what each package does on the VM -- checked
on two packages, one with its own tests.  The drivers themselves run with
the rest of the real-world corpus (test_realworld.py)."""

import json
import os
import re
import subprocess
import sys

import pytest

from vmsample.bench import corpus, packages

SOURCES, PROGRAMS, SUITES = packages.manifest()


def test_the_manifest_pins_at_least_25_packages_each_with_a_driver_written_here():
    assert len(SOURCES) >= 25
    for name, source in SOURCES.items():
        assert re.fullmatch(r"[\w.-]+==[\w.]+", source["requirement"]) and re.fullmatch(r"[0-9a-f]{64}", source["sha256"])
        drivers = [p for p in PROGRAMS if p.source == name]
        assert [p.path for p in drivers] == source["drivers"], name
        assert (corpus.DRIVERS / source["drivers"][0]).is_file()
        for required in source["required"]:
            assert required["provides"], f"{name} requires {required['name']}, which provides nothing"
    for name, suite in SUITES.items():
        assert name in SOURCES and suite["modules"]


def test_a_path_in_an_error_line_is_cut_to_its_file_name():
    line = "ModuleNotFoundError: /root/.cache/x/abc/pkg/core.py:2:1: import of module 'errno' is not supported"
    assert packages.shorten(line) == "ModuleNotFoundError: core.py:2:1: import of module 'errno' is not supported"
    assert packages.shorten("ImportError: cannot import name 'X' from 'typing' (/a/b/typing.py)") == \
        "ImportError: cannot import name 'X' from 'typing' (typing.py)"


def test_an_unknown_package_is_one_line_and_exit_2():
    r = subprocess.run([sys.executable, "-m", "vmsample.bench", "packages", "--packages", "six,nope"],
                       capture_output=True, text=True)
    assert r.returncode == 2 and r.stderr.strip().splitlines()[-1].endswith("nope")


def test_the_table_says_what_each_package_does_on_the_vm():
    r = subprocess.run([sys.executable, "-m", "vmsample.bench", "packages", "--packages", "six,cachetools", "--json"],
                       capture_output=True, text=True)
    if r.returncode == 1:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the package corpus is needed in CI: {r.stdout}")
        pytest.skip(f"the package corpus could not be fetched: {r.stdout}")
    result = json.loads(r.stdout)
    rows = {row["package"]: row for row in result["packages"]}
    assert list(rows) == ["six", "cachetools"]
    for name, row in rows.items():
        program = next(p for p in PROGRAMS if p.source == name)
        vm = corpus.run("vm", corpus.program_file(program, SOURCES), program.args)
        if row["driver"] == "match":
            assert program.blocked is None or not row["as_expected"]
        else:
            assert vm["exit status"] != 0 and row["driver"] == packages.shorten(vm["stderr"].strip().splitlines()[-1])
    assert rows["six"]["tests"] is None
    tests = rows["cachetools"]["tests"]
    assert tests["cpython_passed"] >= 200, "cachetools' own tests no longer run under plain unittest"
    assert tests["vm_passed"] + len(tests["failures"]) == tests["cpython_passed"]
    assert result["summary"]["match"] == sum(row["driver"] == "match" for row in rows.values())
