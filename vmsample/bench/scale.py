"""Big profiles: time and peak memory of every command that reads a profile.

``python -m vmsample.bench scale [--program alloc_churn|gcbench] [--iterations
300000,600000] [--commands ...] [--repeat N] [--json]``

For each size it writes a real VM profile -- ``examples/alloc_churn.py
ITERATIONS`` under ``vmsample run --alloc-period 256 --time-period 1ms``, ~1.75
allocation samples per iteration, or ``examples/gcbench.py DEPTH`` at
``--alloc-period 512`` (deep recursive stacks, the paper's benchmark) -- then
runs each command on it as a fresh
process and prints its wall time, its peak resident set (the child's
``ru_maxrss``), the size of what it wrote, and its time relative to stock
``vmprof.read_profile`` on the same file; for the ``read_profile`` commands
also the time of the read call itself, imports excluded, and its ratio.  The last column compares the
peak memory of the biggest size with the smallest: a command that streams
stays near 1x as the file grows.  The issue's targets: peak RSS <= 500 MB
whatever the size (``validate``: 200 MB), ``read_profile`` >= 20x faster than
stock vmprof, exports a browser opens (<= 100 MB).  ``vmsample.read_profile
(aggregate)`` is ``read_profile(path, aggregate=True)``, what the commands
that only sum (report, diff, validate, collapsed, pprof) read with.
"""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# --program: the example that writes the profiles, and its allocation period
# (alloc_churn's argument is its iterations; gcbench's its tree depth)
PROGRAMS = {"alloc_churn": 256, "gcbench": 512}
TOOL = ROOT / "tools" / "read_profile.py"



def _timed_read(module, args=""):
    """A command that reads the profile with [module].read_profile and
    also says how long the call took, imports excluded (`read SECONDS` on
    stderr): start-up is most of a fresh process's time at the sizes the
    benchmark writes, and numpy's import alone is ~0.1 s."""
    return ["-c", f"import sys, time, {module}; read = {module}.read_profile; t = time.perf_counter(); "
                  f"read(sys.argv[1]{args}); print('read', time.perf_counter() - t, file=sys.stderr)", "{f}"]


# name -> argv after the interpreter; {f}: the profile, {o}: an output path
COMMANDS = {
    "stock vmprof.read_profile": _timed_read("vmprof"),
    "vmsample.read_profile": _timed_read("vmsample"),
    "vmsample.read_profile (aggregate)": _timed_read("vmsample", ", aggregate=True"),
    "vmsample.read_profile (merged)": _timed_read("vmsample", ", merged=True"),
    "report": ["-m", "vmsample", "report", "{f}"],
    "report --live": ["-m", "vmsample", "report", "--live", "{f}"],
    "validate --fast": ["-m", "vmsample", "validate", "--fast", "{f}"],
    "validate": ["-m", "vmsample", "validate", "{f}"],
    "convert firefox": ["-m", "vmsample", "convert", "--to", "firefox", "-f", "-o", "{o}.json.gz", "{f}"],
    "convert speedscope": ["-m", "vmsample", "convert", "--to", "speedscope", "-f", "-o", "{o}.json", "{f}"],
    "convert html": ["-m", "vmsample", "convert", "--to", "html", "-f", "-o", "{o}.html", "{f}"],
    "convert pprof": ["-m", "vmsample", "convert", "--to", "pprof", "-f", "-o", "{o}.pb.gz", "{f}"],
    "convert collapsed": ["-m", "vmsample", "convert", "--to", "collapsed", "-f", "-o", "{o}.txt", "{f}"],
    "diff": ["-m", "vmsample", "diff", "{f}", "{f}"],
    "tools/read_profile.py": [str(TOOL), "{f}"],
    # the schema's records summed by the model (what tools/read_profile.py did with numpy)
    "schema_reader.read_profile (aggregate)": _timed_read("vmsample.profile.schema_reader", ", aggregate=True"),
}
STOCK = "stock vmprof.read_profile"
# The construct-based two decode one record at a time (bounded memory) but
# take minutes per million samples: asked for by name only.
CONSTRUCT_BASED = ("validate", "tools/read_profile.py", "schema_reader.read_profile (aggregate)")
DEFAULT_COMMANDS = [c for c in COMMANDS if c not in CONSTRUCT_BASED]


def write_profile(path, iterations, program="alloc_churn"):
    cmd = [sys.executable, "-m", "vmsample", "run", "-f", "--alloc-period", str(PROGRAMS[program]),
           "--time-period", "1ms", "-o", str(path), str(ROOT / "examples" / f"{program}.py"), str(iterations)]
    done = subprocess.run(cmd, capture_output=True, text=True)
    m = re.search(r"wrote .*: (\d+) allocation samples", done.stderr)
    if done.returncode != 0 or not m:
        raise SystemExit(f"vmsample.bench scale: writing the profile failed:\n{done.stderr}")
    return int(m[1])


# A child's ru_maxrss starts at its parent's resident set when it was
# forked (Linux keeps the high-water mark across exec), so each command is
# started by a small interpreter that reports the command's peak: what is
# measured is the command, not whoever runs the benchmark (a test process).
_SPAWN = ("import os, sys; pid = os.posix_spawn(sys.argv[1], sys.argv[1:], os.environ); "
          "_, status, usage = os.wait4(pid, 0); "
          "print('\\nmeasured', usage.ru_maxrss, os.waitstatus_to_exitcode(status), file=sys.stderr)")


def measure(name, profile, out):
    """(seconds, peak RSS bytes, output bytes, seconds of the read call or
    None) of one command, a fresh process."""
    argv = [a.format(f=profile, o=out) for a in COMMANDS[name]]
    t = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _SPAWN, sys.executable, *argv], stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - t
    err, _, last = done.stderr.decode(errors="replace").rstrip().rpartition("\n")
    _, maxrss_kb, returncode = last.split()
    if int(returncode) != 0:
        raise SystemExit(f"vmsample.bench scale: {name} failed ({returncode}):\n{err[-2000:]}")
    written = sum(os.path.getsize(p) for p in Path(out).parent.glob(Path(out).name + "*"))
    for p in Path(out).parent.glob(Path(out).name + "*"):
        p.unlink()
    read = re.search(r"^read (\S+)$", err, re.MULTILINE)
    return elapsed, int(maxrss_kb) * 1024, written, float(read[1]) if read else None


def run(iterations, commands, program="alloc_churn", repeat=1):
    sizes = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in iterations:
            path = Path(tmp) / f"{program}-{n}.prof"
            samples = write_profile(path, n, program)
            row = {"iterations": n, "samples": samples, "file_bytes": path.stat().st_size, "commands": {}}
            # Round-robin, so that a slower spell of a shared machine slows
            # every command alike rather than the ones it happens to meet.
            runs = {name: [] for name in commands}
            for _ in range(repeat):
                for name in commands:
                    runs[name].append(measure(name, path, Path(tmp) / "out"))
            for name in commands:
                s, rss, written = (statistics.median(r[i] for r in runs[name]) for i in range(3))
                reads = [r[3] for r in runs[name] if r[3] is not None]
                row["commands"][name] = {"seconds": s, "peak_rss": rss, "output_bytes": written,
                                         "read_seconds": statistics.median(reads) if reads else None}
            path.unlink()
            sizes.append(row)
    return sizes


def _mb(n):
    return f"{n / (1 << 20):8.1f} MB"


def print_table(sizes, commands):
    for row in sizes:
        print(f"\n{row['samples']:,} allocation samples (argument {row['iterations']:,}), "
              f"{_mb(row['file_bytes']).strip()} file")
        stock = row["commands"].get(STOCK)
        print(f"  {'command':34} {'time':>10}  {'peak RSS':>16}  {'output':>16}  speed vs stock vmprof"
              f"  {'the read call':>14}  {'speed vs stock':>14}")
        for name in commands:
            c = row["commands"][name]
            ratio = f"{stock['seconds'] / c['seconds']:6.2f}x" if stock and name != STOCK else ""
            out = _mb(c["output_bytes"]) if c["output_bytes"] else ""
            read = read_ratio = ""
            if c["read_seconds"] is not None:
                read = f"{c['read_seconds']:12.3f} s"
                if stock and stock["read_seconds"] and name != STOCK:
                    read_ratio = f"{stock['read_seconds'] / c['read_seconds']:13.2f}x"
            print(f"  {name:34} {c['seconds']:8.2f} s  {_mb(c['peak_rss']):>16}  {out:>16}  {ratio:>21}"
                  f"  {read:>14}  {read_ratio:>14}")
    if len(sizes) > 1:
        first, last = sizes[0], sizes[-1]
        grow = last["samples"] / first["samples"]
        print(f"\npeak RSS at {last['samples']:,} samples / at {first['samples']:,} ({grow:.1f}x the samples):")
        for name in commands:
            a, b = first["commands"][name]["peak_rss"], last["commands"][name]["peak_rss"]
            print(f"  {name:34} {b / a:6.2f}x")


def main(argv):
    ap = argparse.ArgumentParser(prog="python -m vmsample.bench scale", description=__doc__.splitlines()[0])
    ap.add_argument("--iterations", default="300000,600000",
                    help="comma-separated program arguments: alloc_churn iterations, ~1.75 samples each "
                         "(default 300000,600000), or gcbench tree depths (14: ~365K samples)")
    ap.add_argument("--program", choices=PROGRAMS, default="alloc_churn",
                    help="the example that writes the profiles: alloc_churn (at --alloc-period 256, default) "
                         "or gcbench (at 512, deep recursive stacks)")
    ap.add_argument("--commands", default=",".join(DEFAULT_COMMANDS),
                    help=f"comma-separated, from: {', '.join(COMMANDS)} (default: all but "
                         f"{' and '.join(CONSTRUCT_BASED)}, whose construct decoding takes minutes per million "
                         "samples)")
    ap.add_argument("--repeat", type=int, default=1, metavar="N",
                    help="run each command N times and report the medians (default 1)")
    ap.add_argument("--json", action="store_true")
    opts = ap.parse_args(argv)
    if opts.repeat < 1:
        ap.error("--repeat: at least 1")
    try:
        iterations = [int(x) for x in opts.iterations.split(",") if x]
    except ValueError:
        ap.error("--iterations: comma-separated integers")
    if not iterations or min(iterations) < 1:
        ap.error("--iterations: at least one size, each >= 1")
    commands = [c for c in opts.commands.split(",") if c]
    unknown = [c for c in commands if c not in COMMANDS]
    if unknown:
        ap.error(f"--commands: unknown {', '.join(unknown)} (choose from {', '.join(COMMANDS)})")
    sizes = run(iterations, commands, opts.program, opts.repeat)
    if opts.json:
        json.dump({"sizes": sizes}, sys.stdout, indent=1)
        print()
    else:
        print_table(sizes, commands)
    return 0
