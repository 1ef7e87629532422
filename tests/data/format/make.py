"""How the format fixtures in this directory were made -- kept as their
provenance, never run by the tests.

    python tests/data/format/make.py NEWDIR [NAME ...]

writes each fixture of FIXTURES (or only the NAMEs: a format change's new
fixtures) into NEWDIR (which must not exist) by
running workload.py under `vmsample run` with that fixture's options, plus
the expected `vmsample report --json` of each (TZ=UTC: the report shows
the start time in local time).  The fixtures are frozen: a later vmsample
must read the committed files the same way, so this script is not a way to
update them.  A format change adds fixtures (with a new name) beside the old
ones; see README.md.
"""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

# name -> `vmsample run` options (the program is workload.py)
FIXTURES = {
    "vmprof-fixed.prof": ["--sampling", "fixed", "--seed", "1"],
    "vmprof-random.prof.gz": ["--sampling", "random", "--seed", "2"],
    "pypy-random.prof": ["--layout", "pypy", "--sampling", "random", "--seed", "3"],
    "pypy-fixed.prof.gz": ["--layout", "pypy", "--sampling", "fixed", "--seed", "4", "--time-period", "off"],
    "time-only.prof": ["--alloc-period", "off"],
    # Added with the PAUSE record (0x28); the files above have none.
    "vmprof-pauses.prof": ["--sampling", "random", "--seed", "7"],
    "pypy-pauses.prof.gz": ["--layout", "pypy", "--sampling", "fixed", "--seed", "8"],
}
COMMON = ["--alloc-period", "2K", "--time-period", "1ms", "--nursery", "64K"]   # later options win
V7 = "vmprof-v7.prof"           # version 7 (vmprof 0.6.0's timestamps) is not a `run` option
KILLED = "killed.prof"          # a run killed by SIGTERM: the main file and its spool, not recovered
REPORTS = {"report": ["--limit", "1000"], "live": ["--live", "--limit", "1000"]}


def vmsample(*args, cwd, **kw):
    env = {**{k: v for k, v in os.environ.items() if not k.startswith("VMSAMPLE_")}, "TZ": "UTC"}
    return subprocess.run([sys.executable, "-m", "vmsample", *args], cwd=cwd, env=env, check=True,
                          capture_output=True, text=True, **kw)


def write_v7(out, cwd):
    """`vmsample run` with ProfileWriter(version=7): vmsample/cli/run.py's steps."""
    code = f"""
import sys
from vmsample._nursery import Nursery
from vmsample.lang import run_program
from vmsample.profile._writer import ProfileWriter
source = open("workload.py").read()
w = ProfileWriter({str(out)!r}, alloc_period=2048, sampling="random", time_period_ns=1_000_000,
                  version=7, program="workload.py", argv=["workload.py"])
nursery = Nursery(nursery_size=65536, keep_sample_log=False, keep_gc_log=False)
try:
    status = run_program(source, "workload.py", ["workload.py"], nursery,
                         code_filename={str(cwd / "workload.py")!r}, writer=w, seed=5)
finally:
    w.close()
sys.exit(status)
"""
    subprocess.run([sys.executable, "-c", code], cwd=cwd, check=True, capture_output=True)


def write_killed(out, cwd):
    """workload.py, then a loop printing a heartbeat; SIGTERM drains the
    writer's buffers in its handler and leaves main file + spool."""
    prog = cwd / "killed_workload.py"
    prog.write_text((HERE / "workload.py").read_text()
                    + "print('ready', flush=True)\nwhile True:\n    spin(1000)\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("VMSAMPLE_")}
    proc = subprocess.Popen([sys.executable, "-m", "vmsample", "run", "-o", str(out), *COMMON,
                             "--sampling", "fixed", "--seed", "6", "--flush-interval", "1000s", prog.name],
                            cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    while proc.stdout.readline() != "ready\n":
        pass
    time.sleep(0.05)
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=60)
    assert proc.returncode == -signal.SIGTERM
    prog.unlink()


def main(dest, names=()):
    dest = Path(dest).resolve()
    dest.mkdir(parents=True)
    (dest / "workload.py").write_text((HERE / "workload.py").read_text())
    names = list(names) or [*FIXTURES, V7, KILLED]
    for name in names:
        if name == V7:
            write_v7(dest / V7, dest)
        elif name == KILLED:
            write_killed(dest / KILLED, dest)
        else:
            vmsample("run", "-o", name, *COMMON, *FIXTURES[name], "workload.py", cwd=dest)
    expected = {}
    for name in names:
        read = name
        if name == KILLED:
            read = "recovered.prof"
            (dest / read).write_bytes((dest / KILLED).read_bytes())
            (dest / (read + ".spool")).write_bytes((dest / (KILLED + ".spool")).read_bytes())
            vmsample("recover", read, cwd=dest)
        expected[name] = {view: json.loads(vmsample("report", "--json", *args, read, cwd=dest).stdout)
                          for view, args in REPORTS.items()}
        if name == KILLED:
            (dest / read).unlink()
    (dest / "expected.json").write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
