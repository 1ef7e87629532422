"""`vmsample run` within the machine's limits (issue 11, item 5): a timer
period the timer cannot honour is refused, SIGINT still stops a sampled run,
and a full disk stops profiling but leaves a readable profile."""

import os
import resource
import signal
import subprocess
import sys
import time

import pytest

from vmsample.profile import read_profile

FOREVER = "n = 0\nwhile True:\n    n += 1\n    if n % 100000 == 0:\n        print(n, flush=True)\n"


def vmsample(*args, **kw):
    return subprocess.run([sys.executable, "-m", "vmsample", *args], capture_output=True, text=True,
                          timeout=120, **kw)


@pytest.mark.parametrize("period", ["1ns", "49us", "2000s"])
def test_a_period_the_timer_cannot_honour_is_refused(tmp_path, period):
    proc = vmsample("run", "--time-period", period, "-c", "print(1)", cwd=tmp_path)
    assert proc.returncode == 2 and proc.stdout == ""
    assert len(proc.stderr.splitlines()) == 1 and "50us" in proc.stderr
    assert list(tmp_path.iterdir()) == []               # refused before creating the output


def test_sigint_stops_a_run_at_the_fastest_sampling_rate(tmp_path):
    out = tmp_path / "int.prof"
    proc = subprocess.Popen([sys.executable, "-m", "vmsample", "run", "-o", str(out),
                             "--time-period", "50us", "-c", FOREVER],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        assert proc.stdout.readline().strip() == "100000"
        time.sleep(0.5)
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=30)
    finally:
        proc.kill()
        proc.wait()
    assert proc.returncode in (1, 130)                  # KeyboardInterrupt, as CPython
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    profile = read_profile(out)
    assert profile.time_samples
    # At most one sample per 50 us of the run's CPU time: the rate is bounded.
    assert len(profile.time_samples) <= (usage.ru_utime + usage.ru_stime) / 50e-6


@pytest.fixture
def tiny_disk(tmp_path):
    """A 1 MiB tmpfs (needs root; skipped otherwise)."""
    mnt = tmp_path / "disk"
    mnt.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    mount = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mnt)],
                           capture_output=True, text=True)
    if mount.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mount.stderr.strip()}")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", str(mnt)], check=True)


def test_a_full_disk_stops_profiling_and_keeps_a_readable_profile(tiny_disk):
    out = tiny_disk / "full.prof"
    program = ("keep = []\nfor i in range(300000):\n    keep.append(str(i))\n"
               "    if len(keep) > 1000:\n        keep = []\nprint('done', i)\n")
    proc = vmsample("run", "-o", str(out), "--alloc-period", "256", "-c", program)
    assert (proc.returncode, proc.stdout) == (0, "done 299999\n"), proc.stderr
    assert proc.stderr.count("no space left for the profile: profiling stopped") == 1
    assert "Traceback" not in proc.stderr
    assert not os.path.exists(str(out) + ".spool")
    check = vmsample("validate", str(out))
    assert check.returncode == 0, check.stdout + check.stderr
    profile = read_profile(out)
    assert profile.alloc_samples


def test_a_profile_that_cannot_be_finished_in_place_loses_nothing(tmp_path):
    """A limit on file size (RLIMIT_FSIZE, as `ulimit -f`) stops the writer
    like a full disk; finishing the profile in place needs a bigger file
    still, so it fails too -- and then the main file and the spool must be
    as they were (recovering once truncated the spool first and lost both),
    so that the command the message names rebuilds the profile later."""
    out = tmp_path / "limited.prof"
    program = "keep = []\nfor i in range(200000):\n    keep.append([i])\nprint('done')\n"

    def limit():
        resource.setrlimit(resource.RLIMIT_FSIZE, (1 << 20, resource.RLIM_INFINITY))

    proc = subprocess.run([sys.executable, "-m", "vmsample", "run", "-o", str(out), "--alloc-period", "16",
                           "-c", program], capture_output=True, text=True, timeout=120, preexec_fn=limit)
    assert proc.stdout == "done\n" and proc.returncode == 1, proc.stderr
    message = proc.stderr.splitlines()[-1]
    assert "could not be finished" in message and f"vmsample recover {out}" in message, proc.stderr
    spool = str(out) + ".spool"
    assert os.path.getsize(spool) > 0
    recovered = vmsample("recover", str(out))
    assert recovered.returncode == 0, recovered.stderr
    assert not os.path.exists(spool)
    assert vmsample("validate", str(out)).returncode == 0
    assert len(read_profile(out).alloc_samples) > 10_000


def run_in_process(capfd, *args):
    """`vmsample run ARGS` in this process: (exit status, stdout, stderr lines
    other than vmsample's own status lines)."""
    from vmsample.cli import main

    capfd.readouterr()
    status = main(["run", "-f", "--time-period", "off", *args])
    out, err = capfd.readouterr()
    return status, out, [line for line in err.splitlines() if not line.startswith("vmsample: ")]


GROW = "x = []\nwhile True:\n    x.append([0] * 100)\n"


def test_every_heap_limit_ends_in_success_or_one_line(tmp_path, capfd):
    """--heap-limit from 4K up, 4K at a time, until print(1) runs, and a
    few beyond: a limit too small for the VM to set itself up is one line
    (it was a 15-frame traceback from inside the VM's start-up); one the
    program runs into is the program's own MemoryError, with the program's
    frames only; every run leaves a readable profile."""
    out = tmp_path / "limit.prof"
    successes, kib = 0, 4
    while successes < 3:
        status, stdout, err = run_in_process(capfd, "-o", str(out), "--heap-limit", f"{kib}K", "-c", "print(1)")
        read_profile(out)
        if status == 0:
            assert (stdout, err) == ("1\n", [])
            successes += 1
        else:
            assert successes == 0, f"print(1) ran at a smaller limit, not at {kib}K"
            assert status == 1 and stdout == "" and len(err) == 1, (kib, err)
            assert err[0].startswith("vmsample run: error: out of memory before the program could run: ")
            assert err[0].endswith(f"(--heap-limit {kib}.0 KiB is too small)")
        status, stdout, err = run_in_process(capfd, "-o", str(out), "--heap-limit", f"{kib}K", "-c", GROW)
        read_profile(out)
        assert status == 1 and stdout == ""
        if len(err) != 1:           # the program's own MemoryError, as CPython shows it
            assert err[0] == "Traceback (most recent call last):" and err[-1] == "MemoryError", err
            assert all(line.startswith(("  File \"<string>\"", "    ")) for line in err[1:-1]), err
        kib += 4
    assert kib > 8, "the VM starts in 4K: the sweep proves nothing"



SWEEP_IN_A_CHILD = """
import sys
from vmsample.cli import main
successes, kib = 0, 4
while successes < 3:
    status = main(["run", "-f", "--time-period", "off", "-o", sys.argv[1], "--heap-limit", f"{kib}K", "-c", "print(1)"])
    assert status in (0, 1), (kib, status)
    successes += status == 0
    kib += 4
"""


def test_every_heap_limit_under_the_gc_debug_knob(tmp_path):
    """The start-up part of the sweep above with VMSAMPLE_GC_DEBUG=1, which
    verifies the whole heap after every collection of so small a heap (the
    knobs are read at import: a child process).  A start-up step that made a string, then
    allocated, then stored the string's old address (module_object) crashed
    the release build's sweep by chance, at one limit only, in 2 runs of 3:
    near the limit the nursery is a few bytes, so a collection comes at almost
    every allocation.  The verifier finds such a stale address at the next
    collection, every time."""
    proc = subprocess.run([sys.executable, "-c", SWEEP_IN_A_CHILD, str(tmp_path / "limit.prof")],
                          capture_output=True, text=True, timeout=600,
                          env={**os.environ, "VMSAMPLE_GC_DEBUG": "1"})
    assert proc.returncode == 0, proc.stderr[-3000:]
