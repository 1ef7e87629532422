"""The embedding examples' READMEs, run as a new VM author runs them.

A fresh virtual environment, a copy of ``examples/embed`` laid out as in a
checkout, and the README's ``sh`` blocks executed verbatim (extracted from
the README, as .ci/run extracts the top-level README's test command), so the
README cannot drift from what works.  The one thing the test adds is where
pip finds vmsample: the wheel of this checkout, built once per session, on
pip's find-links -- the README's ``pip install 'vmsample[embed]'`` then
installs it with the extra's build tools from the package index.
"""

import os
import shutil
import subprocess
import sys
import venv

import pytest

from differential import clean_env
from minilisp_build import EXAMPLE, EXAMPLE_C, ignore_build_outputs, readme_script

REPO = EXAMPLE.parents[1]


@pytest.fixture(scope="session")
def vmsample_wheel_dir(tmp_path_factory):
    """This checkout as a wheel (``pip wheel`` reuses the in-place build's objects)."""
    out = tmp_path_factory.mktemp("wheel")
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps",
                           "-q", "-w", str(out), str(REPO)], capture_output=True, text=True)
    assert proc.returncode == 0, f"building the vmsample wheel failed:\n{proc.stdout}\n{proc.stderr}"
    assert list(out.glob("vmsample-*.whl"))
    return out


# The first of these builds the vmsample wheel from source (vmsample_wheel_dir):
# compiling the VM's C file takes minutes on two cores, several times that while
# the rest of the suite runs beside it -- more than the suite's 600 s default.
@pytest.mark.timeout(2400)
@pytest.mark.parametrize("example, package, heap_type", [(EXAMPLE, "minilisp", "cons"),
                                                       (EXAMPLE_C, "quip", "pair")],
                         ids=["minilisp", "quip"])
def test_readme_commands_build_run_and_profile_the_example(tmp_path, vmsample_wheel_dir, example,
                                                           package, heap_type):
    script = readme_script(example / "README.md")
    assert "pip install 'vmsample[embed]'" in script and "vmprofshow" in script
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    checkout = tmp_path / "checkout"
    shutil.copytree(example, checkout / "examples" / example.name, ignore=ignore_build_outputs)
    env = clean_env()
    for var in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV"):
        env.pop(var, None)
    env["VIRTUAL_ENV"] = str(env_dir)
    env["PATH"] = f"{env_dir / 'bin'}{os.pathsep}{env['PATH']}"
    env["PIP_FIND_LINKS"] = " ".join(filter(None, [str(vmsample_wheel_dir),
                                                   os.environ.get("PIP_FIND_LINKS")]))
    proc = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=checkout, env=env,
                          capture_output=True, text=True, timeout=900)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, f"the README's commands failed:\n{script}\n{out[-6000:]}"
    # The vmsample in the fresh venv is this checkout's, not one from the index.
    where = subprocess.run([str(env_dir / "bin" / "python"), "-c",
                            f"import vmsample, {package}; print(vmsample.__file__, {package}.__file__)"],
                           cwd=tmp_path, env=env, capture_output=True, text=True)
    assert where.returncode == 0, where.stderr
    assert str(env_dir) in where.stdout and str(REPO) not in where.stdout
    # What the README promises each command shows.
    assert "long-lived tree of depth 14, check:" in proc.stdout
    assert "Types by allocated bytes" in proc.stdout and heap_type in proc.stdout  # vmsample report
    assert "make-tree" in proc.stdout                                              # report and vmprofshow
    assert (checkout / "examples" / example.name / "trees.prof").stat().st_size > 0
