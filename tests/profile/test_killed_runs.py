"""A `vmsample run` killed by a signal leaves a profile `vmsample recover`
restores (issue 11): real kills of a long-running program, then the
recovered file is validated and checked for the samples taken before the
kill.

A catchable signal (SIGSEGV, SIGABRT, SIGTERM...) drains the writer's
buffers in the signal handler, so with drains on time switched off
(``--flush-interval 1000s``) the recovered samples reach past the moment
the test last saw the program running.  SIGKILL cannot be caught: the drains
every ``--flush-interval`` are what it keeps."""

import os
import signal
import subprocess
import sys
import time

import pytest

from vmsample.profile import read_profile

PROGRAM = """\
# Allocates for ever, printing a heartbeat every few thousand rounds.
rounds = 0
keep = []
while True:
    keep.append([str(i) for i in range(50)])
    if len(keep) > 200:
        keep = []
    rounds += 1
    if rounds % 2000 == 0:
        print("alive", rounds, flush=True)
"""


# A Python SIGTERM handler (it takes the signal from the profiler's) that dies
# as the signal would have killed it: the default action back, then the
# signal again, which drains the profile as when nobody handles it.
HANDLES_TERM_THEN_DIES = """\
import os
import signal


def on_term(signum, frame):
    print("on_term", signum, flush=True)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGTERM)


signal.signal(signal.SIGTERM, on_term)
""" + PROGRAM


def run_and_kill(tmp_path, sig, flush_interval, wait_after_seen, program=PROGRAM):
    prog = tmp_path / "forever.py"
    prog.write_text(program)
    out = tmp_path / "forever.prof"
    proc = subprocess.Popen(
        [sys.executable, "-m", "vmsample", "run", "-o", str(out), "--alloc-period", "64K",
         "--flush-interval", flush_interval, str(prog)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={k: v for k, v in os.environ.items() if not k.startswith("VMSAMPLE_")})
    try:
        for _ in range(3):                          # past start-up, into the steady state
            assert proc.stdout.readline().startswith("alive"), proc.stderr.read()
        seen_ns = time.monotonic_ns()               # the clock of the profile's timestamps
        time.sleep(wait_after_seen)
        proc.send_signal(sig)
        proc.wait(timeout=60)
        rest = proc.stdout.read()
    finally:
        proc.kill()
        proc.wait()
    assert proc.returncode == -sig, proc.stderr.read()
    return out, seen_ns, rest


def recover(out):
    proc = subprocess.run([sys.executable, "-m", "vmsample", "recover", str(out)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    check = subprocess.run([sys.executable, "-m", "vmsample", "validate", str(out)],
                           capture_output=True, text=True, timeout=120)
    assert check.returncode == 0, check.stdout + check.stderr
    return read_profile(out)


@pytest.mark.parametrize("sig", [signal.SIGSEGV, signal.SIGABRT, signal.SIGBUS, signal.SIGTERM],
                         ids=lambda s: signal.Signals(s).name)
def test_a_fatal_signal_drains_everything_sampled(tmp_path, sig):
    out, seen_ns, _ = run_and_kill(tmp_path, sig, "1000s", 0.5)
    profile = recover(out)
    assert profile.alloc_samples and profile.minor_collections
    # Without the handler's drain the disk would hold nothing of this run
    # (no drains on time, and it fills no 128K buffer).
    assert max(s.time_ns for s in profile.alloc_samples) > seen_ns


def test_a_python_sigterm_handler_runs_and_the_signal_still_drains(tmp_path):
    # The program's handler runs (it replaced the profiler's in the host);
    # when it sets the default action back and dies by SIGTERM, the
    # profiler's drain is there again (vm/signals.pxi, fatal_flush_retake).
    out, seen_ns, rest = run_and_kill(tmp_path, signal.SIGTERM, "1000s", 0.5, HANDLES_TERM_THEN_DIES)
    assert "on_term 15" in rest.splitlines()
    profile = recover(out)
    assert profile.alloc_samples and profile.minor_collections
    assert max(s.time_ns for s in profile.alloc_samples) > seen_ns


def test_a_python_sigterm_handler_that_exits_closes_the_profile(tmp_path):
    # A handler that ends the program (SystemExit): the profile is closed
    # the ordinary way, a valid file with no recovery.
    prog = tmp_path / "handles.py"
    prog.write_text("import signal, sys\n"
                    "signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(f'terminated by {signum}'))\n"
                    + PROGRAM)
    out = tmp_path / "handles.prof"
    proc = subprocess.Popen([sys.executable, "-m", "vmsample", "run", "-o", str(out), "--alloc-period", "64K",
                             "--flush-interval", "1000s", str(prog)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={k: v for k, v in os.environ.items() if not k.startswith("VMSAMPLE_")})
    try:
        assert proc.stdout.readline().startswith("alive"), proc.stderr.read()
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
        proc.wait()
    assert proc.returncode == 1 and "terminated by 15" in err, err
    check = subprocess.run([sys.executable, "-m", "vmsample", "validate", str(out)],
                           capture_output=True, text=True, timeout=120)
    assert check.returncode == 0, check.stdout + check.stderr
    assert read_profile(out).alloc_samples


def test_sigkill_keeps_what_the_timed_drains_wrote(tmp_path):
    out, seen_ns, _ = run_and_kill(tmp_path, signal.SIGKILL, "100ms", 1.0)
    profile = recover(out)
    assert profile.alloc_samples and profile.minor_collections
    assert max(s.time_ns for s in profile.alloc_samples) > seen_ns


def test_a_real_segfault_drains_the_writer(tmp_path):
    # A synchronous SIGSEGV (a NULL read), not one sent by kill: the handler
    # runs on the faulting thread, drains, and the process dies by SIGSEGV.
    out = tmp_path / "crash.prof"
    code = f"""if True:
        import ctypes
        from vmsample.profile import ProfileWriter
        w = ProfileWriter({str(out)!r}, time_period_ns=1_000_000, flush_interval=1000)
        w.declare_code(2, "main", 1, "prog.py")
        for i in range(100):
            w.time_sample(ProfileWriter.monotonic_ns(), [(2, i + 1)])
        ctypes.string_at(0)
    """
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == -signal.SIGSEGV, proc.stderr
    assert len(recover(out).time_samples) == 100
