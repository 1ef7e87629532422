"""``-m MODULE``: the VM runs a module as ``python -m MODULE`` does (runpy's
semantics), compared with CPython's own ``python -m`` run for run.

Both entry points take it with one grammar: ``python -m vmsample.lang -m
MODULE ARGS`` here, ``vmsample run -m MODULE ARGS`` in
tests/test_cli_options.py.
"""

from __future__ import annotations

import runpy
import subprocess
import sys

import pytest

from differential import GC_DEBUG_KNOBS, clean_env

KNOBS = {"default": {}, "gc-debug": dict(GC_DEBUG_KNOBS, VMSAMPLE_GC_STRESS="101")}

# A package run with -m: its __main__ reports what runpy set up.
MAIN = """\
import sys
print(__name__, __spec__.name, __package__, __file__ == sys.argv[0])
print(sys.argv[0].endswith("__main__.py"), sys.argv[1:])
print(sys.path[0] == __import__("os").getcwd())
from . import helper
print(helper.twice(21))
"""

FAILS = """\
def f():
    raise ValueError("from the module")
f()
"""


def run(argv, cwd, env=None):
    proc = subprocess.run(argv, capture_output=True, text=True, cwd=cwd, timeout=120,
                          env=clean_env(PYTHONIOENCODING="utf-8", PYTHONHASHSEED="0", **(env or {})))
    return proc.returncode, proc.stdout, proc.stderr


def on_cpython(cwd, *args):
    return run([sys.executable, "-m", *args], cwd)


def on_vm(cwd, *args, mode="default"):
    return run([sys.executable, "-m", "vmsample.lang", "-m", *args], cwd, KNOBS[mode])


@pytest.fixture
def package(tmp_path):
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "__main__.py").write_text(MAIN)
    (pkg / "helper.py").write_text("def twice(x):\n    return 2 * x\n")
    (tmp_path / "fails.py").write_text(FAILS)
    (tmp_path / "data.json").write_text('{"b": [1, 2, {"c": null}], "a": "\\u00e9"}')
    return tmp_path


@pytest.mark.parametrize("mode", KNOBS)
def test_package_main(package, mode):
    expected = on_cpython(package, "pkg", "x", "-y")
    assert expected[0] == 0 and expected[2] == ""
    assert on_vm(package, "pkg", "x", "-y", mode=mode) == expected


def test_stdlib_module(package):
    assert on_vm(package, "this") == on_cpython(package, "this")


@pytest.mark.parametrize("option", ["--sort-keys", "--compact"])
def test_json_tool(package, option):
    # (To a file: json.tool's `with sys.stdout` needs a file object there.)
    expected = on_cpython(package, "json.tool", option, "data.json", "cpython.json")
    assert on_vm(package, "json.tool", option, "data.json", "vm.json") == expected == (0, "", "")
    assert (package / "vm.json").read_text() == (package / "cpython.json").read_text()


def test_no_such_module(package):
    # runpy's one line, naming the interpreter (sys.executable), exit 1.
    expected = on_cpython(package, "no_such_module")
    assert expected[0] == 1 and expected[2].endswith(": No module named no_such_module\n")
    assert on_vm(package, "no_such_module") == expected
    status, out, err = on_vm(package, "json.no_such")
    assert (status, out, err) == on_cpython(package, "json.no_such")


def test_package_without_main(package):
    expected = on_cpython(package, "json")
    assert expected[0] == 1 and "cannot be directly executed" in expected[2]
    assert on_vm(package, "json") == expected


def test_uncaught_exception(package):
    # The same frames as CPython's traceback (runpy's, then the module's),
    # but CPython's runpy is frozen: its frames are named <frozen runpy>;
    # and the VM's exec() is app-level Python, a frame of its own.
    status, out, err = on_vm(package, "fails")
    expected = on_cpython(package, "fails")
    frames = [line for line in err.splitlines()
              if line.startswith("  File ") and "vmsample/lang/app/builtins.py" not in line]
    assert status == expected[0] == 1
    assert [f.replace(f'"{runpy.__file__}"', '"<frozen runpy>"') for f in frames] == \
        [line for line in expected[2].splitlines() if line.startswith("  File ")]
    assert err.splitlines()[-1] == expected[2].splitlines()[-1] == "ValueError: from the module"


@pytest.mark.parametrize("argv", [["-m"], ["-c"]])
def test_missing_argument(package, argv):
    status, out, err = run([sys.executable, "-m", "vmsample.lang", *argv], package)
    assert status == 2 and out == "" and len(err.splitlines()) == 1 and f"argument {argv[0]}" in err
