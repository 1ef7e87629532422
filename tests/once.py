"""One-time machine setup that pytest-xdist's workers share.

The suite runs in parallel (``pytest -n auto``), and several fixtures set up
something for the whole machine the first time they run: ``apt-get install``
(which takes dpkg's lock and fails if another install holds it), an npm
install into a cache, the paper toolchain built into pytest's cache.  Each
takes ``machine_lock(name)`` around its check-then-build, so that the first
worker builds and the others wait and then find it built.
"""

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from filelock import FileLock


def machine_lock(name: str) -> FileLock:
    """A lock every process on this machine shares, by [name]."""
    return FileLock(Path(tempfile.gettempdir()) / f"vmsample-tests-{name}.lock")


def npm_package(spec: str, name: str) -> Path:
    """The directory of npm package [name] ([spec]: name@version), installed
    with npm into the user's cache on first use."""
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "vmsample-tests" / name.split("/")[-1]
    package = cache / "node_modules" / name
    with machine_lock(name.replace("/", "-")):
        if not (package / "package.json").exists():
            npm = shutil.which("npm")
            assert npm, f"this test needs Node.js and npm (Debian packages nodejs, npm) for {spec}"
            cache.mkdir(parents=True, exist_ok=True)
            subprocess.run([npm, "install", "--no-save", "--no-audit", "--no-fund", "--prefix", str(cache), spec],
                           check=True, capture_output=True, timeout=600)
    return package
