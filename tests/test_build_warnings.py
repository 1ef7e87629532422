"""The Cython build emits no warning.

Cython's warnings are how unsafe code shows up first (a negative index under
``wraparound=False`` read out of bounds); a build log with dozens of them hides
the next one.  This cythonizes every extension with setup.py's directives of
each build kind into a temporary directory (C generation only, no C compiler:
a few seconds per kind) and asserts that Cython said nothing.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("Cython")

ROOT = Path(__file__).resolve().parent.parent

CYTHONIZE = """
import runpy, sys
from Cython.Build import cythonize
config = runpy.run_path("setup.py", run_name="vmsample_build_config")
cythonize(list(config["extensions"]()), compiler_directives=config["DIRECTIVES"],
          build_dir=sys.argv[1], force=True, quiet=True, nthreads=2)
"""


@pytest.mark.parametrize("test_build", ["0", "1"], ids=["release", "test-build"])
def test_cython_emits_no_warning(tmp_path, test_build):
    env = dict(os.environ, VMSAMPLE_TEST_BUILD=test_build)
    run = subprocess.run([sys.executable, "-c", CYTHONIZE, str(tmp_path)], cwd=ROOT,
                         env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert list(tmp_path.rglob("*.c")), "cythonize wrote no C"
    warnings = [line for line in (run.stdout + run.stderr).splitlines()
                if "warning" in line.lower()]
    assert warnings == []
