"""One writer per profile (issue 29; vmsample/profile/writing.py): a second
run on the same file fails at once naming the first, `recover` refuses a
file whose writer lives, and `report` / `validate` read what a live run's
file holds so far -- following our own advice once lost two thirds of a
profile."""

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from vmsample.profile import ProfileWriter, read_profile
from vmsample.profile.errors import ProfileBusy
from vmsample.profile.format import spool_path
from vmsample.profile.writing import being_written, exclusive, writer_pid


def vmsample(*args, **kw):
    return subprocess.run([sys.executable, "-m", "vmsample", *args], capture_output=True, text=True,
                          timeout=120, **kw)


def one_line_error(proc, code=1):
    assert proc.returncode == code, proc.stderr
    assert len(proc.stderr.splitlines()) == 1 and "error:" in proc.stderr and "Traceback" not in proc.stderr


# Allocates until the file STOP appears.
PROGRAM = """\
import os
keep = []
while not os.path.exists({stop!r}):
    for i in range(2000):
        keep.append(str(i))
    keep = keep[-3000:]
print("stopped")
"""


class LiveRun:
    """`vmsample run` of PROGRAM into [out], started, with its data on disk."""

    def __init__(self, tmp_path, out, *options):
        self.out, self.stop = out, tmp_path / "STOP"
        self.proc = subprocess.Popen([sys.executable, "-m", "vmsample", "run", "-o", str(out), "--alloc-period",
                                      "4K", "--flush-interval", "10ms", *options, "-c",
                                      PROGRAM.format(stop=str(self.stop))],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        spool = Path(spool_path(out))
        deadline = time.monotonic() + 60
        while not (spool.exists() and out.stat().st_size > 16384 and spool.stat().st_size > 16384):
            assert self.proc.poll() is None and time.monotonic() < deadline, self.proc.communicate()
            time.sleep(0.01)

    def finish(self):
        """Let the run end; (exit status, the samples it says it wrote, its stderr)."""
        self.stop.write_text("")
        out, err = self.proc.communicate(timeout=120)
        assert out == "stopped\n", err
        wrote = re.search(r"wrote .*: (\d+) allocation samples", err)
        return self.proc.returncode, int(wrote.group(1)) if wrote else None, err

    def kill(self):
        self.proc.kill()
        self.proc.wait()


@pytest.fixture
def live(tmp_path):
    runs = []

    def start(out, *options):
        runs.append(LiveRun(tmp_path, out, *options))
        return runs[-1]

    yield start
    for r in runs:
        r.kill()


def test_a_second_run_on_the_same_file_fails_at_once_naming_the_first(tmp_path, live):
    out = tmp_path / "same.prof"
    first = live(out)
    started = time.monotonic()
    second = vmsample("run", "-f", "-o", str(out), "-c", "print('second')")
    one_line_error(second)
    assert f"being written by pid {first.proc.pid}" in second.stderr and second.stdout == ""
    assert time.monotonic() - started < 30          # at once: it did not run the program
    status, wrote, _ = first.finish()
    assert status == 0
    assert vmsample("validate", str(out)).returncode == 0
    assert len(read_profile(out).alloc_samples) == wrote > 0
    assert not os.path.exists(spool_path(out))


@pytest.mark.parametrize("suffix", [".prof", ".prof.gz"])
def test_recover_refuses_a_live_run_and_report_reads_what_is_there(tmp_path, live, suffix):
    out = tmp_path / f"live{suffix}"
    run = live(out)
    pid = run.proc.pid
    report = vmsample("report", "--json", str(out))
    assert report.returncode == 0, report.stderr
    assert report.stderr == f"vmsample: {out} is being written by pid {pid}: reading what it holds so far\n"
    so_far = int(re.search(r'"alloc_samples": (\d+)', report.stdout).group(1))
    assert so_far > 0
    validate = vmsample("validate", str(out))
    assert validate.returncode == 0 and f"being written by pid {pid}" in validate.stderr
    recover = vmsample("recover", str(out))
    one_line_error(recover)
    assert f"being written by pid {pid}" in recover.stderr and "vmsample report" in recover.stderr
    assert os.path.exists(spool_path(out))          # recover changed nothing
    status, wrote, _ = run.finish()
    assert status == 0
    profile = read_profile(out)                     # the whole run, not the snapshot
    assert len(profile.alloc_samples) == wrote > so_far
    assert not profile.meta.recovered


def test_a_killed_writer_leaves_a_file_that_recover_rebuilds(tmp_path, live):
    out = tmp_path / "killed.prof"
    run = live(out)
    run.proc.send_signal(signal.SIGKILL)
    run.proc.wait()
    assert being_written(out) is None and writer_pid(out) == run.proc.pid    # the spool still names it
    report = vmsample("report", str(out))
    one_line_error(report)
    assert f"vmsample recover {out}" in report.stderr and "being written" not in report.stderr
    proc = vmsample("run", "-o", str(out), "-c", "print(1)")
    one_line_error(proc)
    assert f"`vmsample recover {out}` rebuilds it" in proc.stderr         # not a bare "exists"
    recovered = vmsample("recover", str(out))
    assert recovered.returncode == 0, recovered.stderr
    assert vmsample("validate", str(out)).returncode == 0 and read_profile(out).meta.recovered
    assert vmsample("run", "-f", "-o", str(out), "-c", "print(1)").returncode == 0


def test_a_second_writer_changes_nothing_of_the_first(tmp_path):
    path = tmp_path / "w.prof"
    with ProfileWriter(path, alloc_period=64, flush_interval=0) as w:
        w.declare_code(2, "f", 1, "x.py")
        w.alloc_sample(0, 16, 1, 1, [(2, 1)])
        w.flush()
        before = path.read_bytes(), Path(spool_path(path)).read_bytes()
        with pytest.raises(ProfileBusy) as e:
            ProfileWriter(path, alloc_period=64)
        assert e.value.filename == str(path)
        assert (path.read_bytes(), Path(spool_path(path)).read_bytes()) == before
        assert writer_pid(path) == os.getpid() and being_written(path).pid == os.getpid()
    assert being_written(path) is None and len(read_profile(path).alloc_samples) == 1


def test_no_run_starts_on_a_file_being_recovered(tmp_path):
    path = tmp_path / "r.prof"
    path.write_bytes(b"a killed run's")
    with exclusive(path):
        with pytest.raises(ProfileBusy):
            ProfileWriter(path, alloc_period=64)
    assert path.read_bytes() == b"a killed run's"
    ProfileWriter(path, alloc_period=64).close()


def test_a_run_whose_directory_vanishes_says_so(tmp_path, live):
    directory = tmp_path / "out"
    directory.mkdir()
    run = live(directory / "gone.prof")
    shutil.rmtree(directory)
    status, wrote, err = run.finish()
    assert status == 1 and wrote is None and "Traceback" not in err
    assert "removed or moved while it was written" in err.splitlines()[-1]
