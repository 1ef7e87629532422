"""Every output path a user can type (issue 29): what vmsample writes goes
where `cp` and `tee` would put it, and never replaces anything but a regular
file (vmsample/output.py).  FIFOs, symlinks and device nodes are made in a
temporary directory; nothing here writes to /dev."""

import os
import resource
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from vmsample.output import OutputError, resolve
from vmsample.profile.format import spool_path


def vmsample(*args, **kw):
    if "stdout" not in kw:
        kw["capture_output"] = True
    return subprocess.run([sys.executable, "-m", "vmsample", *args], text=True, timeout=120, **kw)


def one_line_error(proc, code):
    assert proc.returncode == code, proc.stderr
    assert len(proc.stderr.splitlines()) == 1 and "error:" in proc.stderr and "Traceback" not in proc.stderr


@pytest.fixture(scope="module")
def prof(tmp_path_factory):
    path = tmp_path_factory.mktemp("prof") / "small.prof"
    proc = vmsample("run", "-o", str(path), "-c", "keep = [str(i) for i in range(30000)]")
    assert proc.returncode == 0, proc.stderr
    return path


@pytest.fixture(scope="module")
def collapsed(prof):
    proc = vmsample("convert", "--to", "collapsed", "-o", "-", str(prof))
    assert proc.returncode == 0 and proc.stdout
    return proc.stdout


def leftovers(directory, *keep):
    return sorted(p.name for p in directory.iterdir() if p.name not in keep)


# ---------------------------------------------------------------- what a path means

def test_resolve_names_what_each_path_is(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    (tmp_path / "real.txt").write_text("x")
    (tmp_path / "link.txt").symlink_to("real.txt")
    (tmp_path / "chain").symlink_to("link.txt")
    (tmp_path / "to-fifo").symlink_to(fifo)
    (tmp_path / "dangling").symlink_to("nowhere/new.txt")
    assert resolve("-").fd == 1
    assert resolve("/dev/stdout").fd == 1 and resolve("/dev/stderr").fd == 2   # read as links, not opened
    assert resolve(f"/proc/self/fd/{2}").fd == 2
    assert (resolve(fifo).target, resolve(fifo).what) == (None, "a FIFO")
    assert resolve(tmp_path / "to-fifo").what == "a FIFO"
    for name in ("real.txt", "link.txt", "chain"):
        out = resolve(tmp_path / name)
        assert (out.target, out.exists) == (str(tmp_path / "real.txt"), True)
    assert resolve(tmp_path / "dangling").target == str(tmp_path / "nowhere" / "new.txt")
    assert not resolve(tmp_path / "new.txt").exists
    with pytest.raises(OutputError, match="is a directory"):
        resolve(tmp_path)


# ---------------------------------------------------------------- exports

def test_an_export_through_a_symlink_writes_its_target(prof, collapsed, tmp_path):
    target = tmp_path / "elsewhere" / "flame.txt"
    target.parent.mkdir()
    target.write_text("old\n")
    os.chmod(target, 0o600)
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    proc = vmsample("convert", "--to", "collapsed", "-f", "-o", str(link), str(prof))
    assert proc.returncode == 0, proc.stderr
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert target.read_text() == collapsed
    assert stat.S_IMODE(target.stat().st_mode) == 0o600        # replaced, keeping its permissions
    assert leftovers(target.parent) == ["flame.txt"]


def test_an_export_to_a_fifo_is_streamed_without_force(prof, collapsed, tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE, text=True)
    try:
        proc = vmsample("convert", "--to", "collapsed", "-o", str(fifo), str(prof))
        got = reader.communicate(timeout=60)[0]
    finally:
        reader.kill()
    assert proc.returncode == 0, proc.stderr
    assert got == collapsed
    assert stat.S_ISFIFO(fifo.lstat().st_mode) and leftovers(tmp_path) == ["fifo"]


def test_an_export_to_dev_stdout_goes_down_the_descriptor(prof, collapsed, tmp_path):
    # Not reopened: an appending redirection keeps appending.
    out = tmp_path / "out.txt"
    for _ in range(2):
        with open(out, "a") as f:
            proc = vmsample("convert", "--to", "collapsed", "-o", "/dev/stdout", str(prof), stdout=f,
                            stderr=subprocess.PIPE)
        assert proc.returncode == 0 and proc.stderr == ""
    assert out.read_text() == collapsed * 2
    proc = vmsample("convert", "--to", "collapsed", "-o", "/dev/stdout", str(prof))
    assert proc.stdout == collapsed


@pytest.mark.parametrize("name, code, message", [("null", 0, None), ("full", 1, "No space left on device")])
def test_an_export_to_a_character_device_is_streamed(prof, tmp_path, char_device, name, code, message):
    node = char_device(name)
    proc = vmsample("convert", "--to", "html", "-o", str(node), str(prof))
    if message:
        one_line_error(proc, code)
        assert message in proc.stderr
    else:
        assert proc.returncode == 0, proc.stderr
    assert stat.S_ISCHR(node.lstat().st_mode) and leftovers(tmp_path) == [name]


def test_an_export_that_fails_leaves_the_old_file_and_no_temporary(prof, tmp_path):
    old = tmp_path / "old.html"
    old.write_text("old\n")

    def limit():
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, resource.RLIM_INFINITY))

    proc = vmsample("convert", "--to", "html", "-f", "-o", str(old), str(prof), preexec_fn=limit)
    one_line_error(proc, 1)
    assert "too large" in proc.stderr
    assert old.read_text() == "old\n" and leftovers(tmp_path) == ["old.html"]


def test_an_export_to_a_directory_or_a_missing_one_is_one_line(prof, tmp_path):
    one_line_error(vmsample("convert", "--to", "html", "-o", str(tmp_path), str(prof)), 2)
    one_line_error(vmsample("convert", "--to", "html", "-o", str(tmp_path / "gone" / "x.html"), str(prof)), 1)


# ---------------------------------------------------------------- run, recover, readers

def test_run_refuses_a_fifo_or_a_device_at_once(tmp_path, char_device):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    full = char_device("full")
    for out in (fifo, full):
        proc = vmsample("run", "-f", "-o", str(out), "-c", "print(1)")
        one_line_error(proc, 2)
        assert "not a regular file" in proc.stderr and proc.stdout == ""
    assert leftovers(tmp_path) == ["fifo", "full"]
    assert stat.S_ISFIFO(fifo.lstat().st_mode) and stat.S_ISCHR(full.lstat().st_mode)


def test_readers_refuse_a_device_instead_of_reading_it_forever(tmp_path, char_device):
    zero = char_device("zero")
    (tmp_path / "zero.spool").write_bytes(b"")
    for command in ("report", "validate", "dump", "recover"):
        proc = vmsample(command, str(zero))
        one_line_error(proc, 1)
        assert "is a character device, not a profile file" in proc.stderr


def test_a_profile_down_a_pipe_is_read(prof):
    with open(prof, "rb") as f:
        proc = vmsample("report", "/dev/stdin", stdin=f)
    assert proc.returncode == 0 and "Summary" in proc.stdout


def killed_run(out):
    """A run of [out] killed mid-way (its spool left beside it)."""
    proc = subprocess.Popen([sys.executable, "-m", "vmsample", "run", "-o", str(out), "--flush-interval", "0.01",
                             "-c", "keep = []\nwhile True:\n    keep.append(str(len(keep)))\n    keep = keep[-1000:]\n"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    spool = Path(spool_path(out))
    try:
        while not (spool.exists() and out.stat().st_size > 4096 and spool.stat().st_size > 4096):
            assert proc.poll() is None
    finally:
        proc.kill()
        proc.wait()
    return spool


def test_recover_through_a_symlink_replaces_its_target(tmp_path):
    real = tmp_path / "real.prof"
    link = tmp_path / "link.prof"
    link.symlink_to(real.name)
    killed_run(link)
    proc = vmsample("recover", str(link))
    assert proc.returncode == 0, proc.stderr
    assert link.is_symlink() and os.readlink(link) == real.name
    assert vmsample("validate", str(real)).returncode == 0
    assert leftovers(tmp_path) == ["link.prof", "real.prof"]


def test_recover_to_a_fifo_streams_the_profile(tmp_path):
    out = tmp_path / "killed.prof"
    killed_run(out)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    copy = tmp_path / "copy.prof"
    with open(copy, "wb") as f:
        reader = subprocess.Popen(["cat", str(fifo)], stdout=f)
        try:
            proc = vmsample("recover", "-o", str(fifo), str(out))
            reader.wait(timeout=60)
        finally:
            reader.kill()
    assert proc.returncode == 0, proc.stderr
    assert vmsample("validate", str(copy)).returncode == 0
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
