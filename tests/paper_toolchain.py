"""The paper's toolchain, built once for the tests that check our files in it
(tests/profile/test_paper_toolchain.py, tests/embed/test_c_example.py).

The toolchain is not an installable package: the environment variable
VMSAMPLE_PAPER_TOOLCHAIN names a directory holding its sources
(``vmprof-python/``, the paper's vmprof fork, and
``vmprof-firefox-converter/``); `.ci/run` sets it where the sources are
present.  The fork needs Python < 3.12 and links libunwind.  It is built
once into a virtual environment kept in pytest's cache directory (rebuilt
when the sources change), so only the first session pays for the build.
A test module uses the fixture by importing it: ``from paper_toolchain
import toolchain``.
"""

import ctypes.util
import glob
import hashlib
import os
import shutil
import subprocess
import sys

import pytest
from once import machine_lock

ENV = "VMSAMPLE_PAPER_TOOLCHAIN"


def _python_below_312():
    if sys.version_info < (3, 12):
        return sys.executable
    for name in ("python3.11", "python3.10", "python3.9"):
        if shutil.which(name):
            return shutil.which(name)
    return None


def _libunwind():
    hits = sorted(glob.glob("/usr/lib/*/libunwind.so.8") + glob.glob("/usr/lib/libunwind.so.8"))
    if hits:
        return hits[0]
    name = ctypes.util.find_library("unwind")
    return name if name and os.path.isabs(name) else None


def _source_digest(root):
    h = hashlib.sha256()
    for sub in ("vmprof-python", "vmprof-firefox-converter"):
        for dirpath, dirnames, filenames in sorted(os.walk(os.path.join(root, sub))):
            dirnames[:] = sorted(d for d in dirnames if d not in ("build", ".git", "__pycache__"))
            for f in sorted(filenames):
                p = os.path.join(dirpath, f)
                h.update(p[len(root):].encode())
                h.update(str(os.stat(p).st_size).encode())
    return h.hexdigest()[:16]


@pytest.fixture(scope="session")
def toolchain(request):
    """(python of the toolchain's venv, converter directory); built once."""
    root = os.environ.get(ENV)
    if not root:
        pytest.skip(f"{ENV} is not set: it names the paper toolchain's sources "
                    "(vmprof-python fork + vmprof-firefox-converter); .ci/run sets it")
    root = os.path.abspath(root)
    fork, converter = os.path.join(root, "vmprof-python"), os.path.join(root, "vmprof-firefox-converter")
    if not (os.path.isdir(fork) and os.path.isdir(converter)):
        pytest.fail(f"{ENV}={root} does not hold vmprof-python/ and vmprof-firefox-converter/")
    python = _python_below_312()
    if python is None:
        pytest.skip("the paper's vmprof fork needs Python < 3.12 and none is installed")
    libunwind = _libunwind()
    if libunwind is None:
        pytest.skip("the paper's vmprof fork links libunwind: apt-get install libunwind8")

    cache = request.config.cache.mkdir(f"paper-toolchain-{_source_digest(root)}")
    venv = os.path.join(cache, "venv")
    tool_python = os.path.join(venv, "bin", "python")
    done = os.path.join(cache, "built")
    with machine_lock("paper-toolchain"):
        if not os.path.exists(done):
            shutil.rmtree(venv, ignore_errors=True)
            libdir = os.path.join(cache, "libdir")
            os.makedirs(libdir, exist_ok=True)
            link = os.path.join(libdir, "libunwind.so")
            if os.path.lexists(link):
                os.unlink(link)
            os.symlink(libunwind, link)
            build = os.path.join(cache, "fork-src")     # pip builds in the source tree: use a copy
            shutil.rmtree(build, ignore_errors=True)
            shutil.copytree(fork, build, ignore=shutil.ignore_patterns("build", "*.egg-info"))
            env = dict(os.environ, LDFLAGS=f"-L{libdir}")
            for cmd in ([python, "-m", "venv", venv],
                        [tool_python, "-m", "pip", "install", "-q", build],
                        [tool_python, "-m", "pip", "install", "-q", "flask", "flask_cors"]):
                r = subprocess.run(cmd, env=env, capture_output=True, text=True)
                assert r.returncode == 0, f"building the paper toolchain failed: {cmd}\n{r.stdout}\n{r.stderr}"
            open(done, "w").close()
    return tool_python, converter
