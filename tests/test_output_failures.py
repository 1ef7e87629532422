"""Every failure of the output ends (issue 29): each command that writes a
file -- `run`'s profile, an export, a recovered profile -- meeting a full
disk, a file-size limit (`ulimit -f`), a read-only directory, a directory
that is not there, or a device that is always full, ends: in one line and a
non-zero status (or, for a run whose profile still fits, a readable
profile), within a timeout (nothing spins), with no temporary file left
behind and what was there before kept -- the old output and, for recover,
the killed run's file and spool.

The full disk is a small tmpfs and the read-only directory a tmpfs
remounted read-only, both mounted in the test's temporary directory (root);
the device is a node made there (tests/conftest.py).  Nothing is written
outside tmp_path."""

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

from vmsample.profile import read_profile
from vmsample.profile.format import spool_path

PROGRAM = ("keep = []\nfor i in range(150000):\n    keep.append([i, str(i)])\n"
           "    if len(keep) > 5000:\n        keep = []\nprint('done')\n")
OLD = b"what was there before\n"


def vmsample(*args, limit=None, timeout=120):
    def preexec():
        if limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))
    return subprocess.run([sys.executable, "-m", "vmsample", *map(str, args)], capture_output=True, text=True,
                          timeout=timeout, preexec_fn=preexec)


@pytest.fixture(scope="module")
def prof(tmp_path_factory):
    path = tmp_path_factory.mktemp("prof") / "small.prof"
    proc = vmsample("run", "-o", path, "--alloc-period", "256", "-c", PROGRAM)
    assert proc.returncode == 0, proc.stderr
    return path


@pytest.fixture(scope="module")
def killed(tmp_path_factory):
    """A run killed mid-way: its main file and spool, big enough to fill the small disk."""
    out = tmp_path_factory.mktemp("killed") / "killed.prof"
    proc = subprocess.Popen([sys.executable, "-m", "vmsample", "run", "-o", str(out), "--flush-interval", "0.01",
                             "--alloc-period", "256", "-c",
                             "keep = []\nwhile True:\n    keep.append(str(len(keep)))\n    keep = keep[-1000:]\n"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    spool = Path(spool_path(out))
    try:
        while not (spool.exists() and out.stat().st_size > 64 << 10 and spool.stat().st_size > 64 << 10):
            assert proc.poll() is None
            time.sleep(0.01)
    finally:
        proc.kill()
        proc.wait()
    return out


def mount_tmpfs(directory, options):
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    proc = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(directory)],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {proc.stderr.strip()}")


@pytest.fixture
def place(tmp_path, char_device):
    """place(failure) -> (the output path, its directory, whether the old
    file is there, RLIMIT_FSIZE or None); unmounts at the end."""
    mounted = []

    def make(failure):
        d = tmp_path / "out"
        d.mkdir()
        limit = None
        if failure == "device":
            return char_device("full"), tmp_path, False, None
        if failure == "vanished":
            return tmp_path / "gone" / "out.file", tmp_path, False, None
        if failure in ("full disk", "read-only"):
            mount_tmpfs(d, "size=64k")
            mounted.append(d)
        if failure == "file size":
            limit = 16 << 10
        out = d / "out.file"
        out.write_bytes(OLD)
        if failure == "full disk":
            (d / "filler").write_bytes(b"\0" * (48 << 10))        # 16 KiB left
        if failure == "read-only":
            subprocess.run(["mount", "-o", "remount,ro", str(d)], check=True)
        return out, d, True, limit

    yield make
    for d in mounted:
        subprocess.run(["umount", str(d)], check=True)


WRITERS = {
    "run": lambda out, prof, killed: ["run", "-f", "-o", out, "--alloc-period", "256", "-c", PROGRAM],
    "export": lambda out, prof, killed: ["convert", "--to", "html", "-f", "-o", out, prof],
    "recover": lambda out, prof, killed: ["recover", "-f", "-o", out, killed],
}
FAILURES = ["full disk", "file size", "read-only", "vanished", "device"]


@pytest.mark.parametrize("failure", FAILURES)
@pytest.mark.parametrize("writer", WRITERS)
def test_every_failure_of_the_output_ends_in_one_line(writer, failure, place, prof, killed):
    out, directory, had_old, limit = place(failure)
    before = {p: p.read_bytes() for p in (killed, Path(spool_path(killed)))}
    proc = vmsample(*WRITERS[writer](out, prof, killed), limit=limit)   # a spin is a timeout here
    assert "Traceback" not in proc.stderr
    errors = [line for line in proc.stderr.splitlines() if "error:" in line]
    if proc.returncode == 0:
        # Only a run goes on when its profile stops growing: what it kept is a profile.
        assert (writer, failure) == ("run", "full disk") and errors == []
        assert "no space left for the profile: profiling stopped" in proc.stderr
        assert read_profile(out).alloc_samples
    else:
        assert len(errors) == 1 and proc.stderr.splitlines()[-1] in errors, proc.stderr
        assert proc.returncode == (2 if (writer, failure) == ("run", "device") else 1)
        if not (writer == "run" and failure in ("full disk", "file size")):    # names `recover`, below
            assert str(out) in errors[0] and ".tmp" not in errors[0], errors[0]
    leftovers = sorted(p.name for p in directory.iterdir() if p.name not in ("filler", "out", "full"))
    if writer == "run" and failure in ("full disk", "file size") and proc.returncode:
        # What was written is kept: for `vmsample recover`, which the message
        # names, or, when not even the main file's header reached the disk
        # (the spool, written first, took the space), as it is.
        assert f"vmsample recover {out}" in errors[0] or "holds no profile that can be recovered" in errors[0]
        assert Path(spool_path(out)).stat().st_size > 0
    elif writer == "run" and failure in ("full disk", "file size"):
        assert leftovers == ["out.file"]
    else:
        assert not any(name.endswith(".tmp") or name.endswith(".spool") for name in leftovers), leftovers
        if had_old:
            assert out.read_bytes() == OLD          # the failed write left the old file as it was
    # recover's input is never consumed by a recovery that failed
    assert {p: p.read_bytes() for p in before} == before
