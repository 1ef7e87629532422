"""One-time machine setup that pytest-xdist's workers share.

The suite runs in parallel (``pytest -n auto``), and several fixtures set up
something for the whole machine the first time they run: ``apt-get install``
(which takes dpkg's lock and fails if another install holds it), an npm
install into a cache, the paper toolchain built into pytest's cache.  Each
takes ``machine_lock(name)`` around its check-then-build, so that the first
worker builds and the others wait and then find it built.
"""

import tempfile
from pathlib import Path

from filelock import FileLock


def machine_lock(name: str) -> FileLock:
    """A lock every process on this machine shares, by [name]."""
    return FileLock(Path(tempfile.gettempdir()) / f"vmsample-tests-{name}.lock")
