"""Fixtures for the embedding example: build examples/embed in a temporary
directory against the installed vmsample, as a third party would, and run it."""

import shutil
import subprocess
import sys

import pytest

from differential import clean_env
from minilisp_build import BUILD_OUTPUTS, EXAMPLE


@pytest.fixture(scope="session")
def minilisp_dir(tmp_path_factory):
    """The example, copied out of the repository and built in place with
    ``setup.py build_ext --inplace`` (only the installed vmsample's .pxd
    files on the include path)."""
    root = tmp_path_factory.mktemp("embed") / "minilisp-src"
    shutil.copytree(EXAMPLE, root, ignore=shutil.ignore_patterns(*BUILD_OUTPUTS))
    proc = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=root,
                          env=clean_env(), capture_output=True, text=True)
    assert proc.returncode == 0, f"building the example failed:\n{proc.stdout}\n{proc.stderr}"
    # Authors copy this code: it must build clean (Cython's and the C compiler's warnings).
    warnings = [line for line in (proc.stdout + proc.stderr).splitlines() if "warning" in line.lower()]
    assert not warnings, "building the example warns:\n" + "\n".join(warnings)
    assert list((root / "minilisp").glob("_vm*.so")), "no extension module was built"
    return root


@pytest.fixture(scope="session")
def minilisp(minilisp_dir):
    """The built package, imported in this process."""
    sys.path.insert(0, str(minilisp_dir))
    try:
        import minilisp
        yield minilisp
    finally:
        sys.path.remove(str(minilisp_dir))


@pytest.fixture(scope="session")
def run_minilisp(minilisp_dir):
    """run_minilisp(*args, env={...}) -> CompletedProcess of ``python -m minilisp args``."""

    def run(*args, env=None, cwd=None):
        return subprocess.run([sys.executable, "-m", "minilisp", *map(str, args)],
                              cwd=cwd or minilisp_dir, capture_output=True, text=True,
                              env=clean_env(PYTHONPATH=str(minilisp_dir), **(env or {})),
                              timeout=300)

    return run
