"""One test per documented option of every subcommand (issue 29).

The options are enumerated from the parser itself: a new option without a
test here fails `test_every_option_has_a_test`.  Each test checks what the
option does, against the same command without it where that says more.
"""

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from vmsample.cli import build_parser, main
from vmsample.profile import read_profile

COVERED = set()


def covers(command, option):
    """Marks a test as the one for [command]'s [option] (its longest spelling)."""
    def mark(test):
        COVERED.add((command, option))
        return test
    return mark


def parser_options():
    """(command, longest option string) of every option of every subcommand."""
    parser = build_parser()
    options = {(None, a.option_strings[-1]) for a in parser._actions if a.option_strings and a.dest != "help"}
    (sub,) = [a for a in parser._actions if a.choices and isinstance(a.choices, dict)]
    for name, cmd in sub.choices.items():
        options |= {(name, max(a.option_strings, key=len)) for a in cmd._actions
                    if a.option_strings and a.dest != "help"}
    return options


def test_every_option_has_a_test():
    assert parser_options() - COVERED == set(), "options without a test"
    assert COVERED - parser_options() == set(), "tests of options that no longer exist"


def vmsample(*args, **kw):
    return subprocess.run([sys.executable, "-m", "vmsample", *args], capture_output=True, text=True,
                          timeout=120, **kw)


def cli(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


ALLOCATE = "keep = []\nfor i in range(40000):\n    keep.append(str(i))\n    if len(keep) > 2000:\n        keep = []\n"


def run_profile(tmp_path, *options, program=ALLOCATE, name="p.prof"):
    out = tmp_path / name
    proc = vmsample("run", "-f", "-o", str(out), *options, "-c", program)
    assert proc.returncode == 0, proc.stderr
    return out


@pytest.fixture(scope="module")
def prof(tmp_path_factory):
    return run_profile(tmp_path_factory.mktemp("options"), "--alloc-period", "4K", "--time-period", "200us")


@pytest.fixture(scope="module")
def other(tmp_path_factory):
    program = "keep = [[i] for i in range(30000)]\n"
    return run_profile(tmp_path_factory.mktemp("other"), "--alloc-period", "4K", program=program)


@covers(None, "--version")
def test_version(capsys):
    from vmsample import __version__

    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0 and capsys.readouterr().out == f"vmsample {__version__}\n"

# ---------------------------------------------------------------- run


@covers("run", "--output")
def test_run_output(tmp_path):
    proc = vmsample("run", "--output", "named.prof", "-c", "print(1)", cwd=tmp_path)
    assert proc.returncode == 0 and os.listdir(tmp_path) == ["named.prof"]
    assert read_profile(tmp_path / "named.prof").meta.program == "-c"


@covers("run", "--force")
def test_run_force(tmp_path):
    (tmp_path / "x.prof").write_bytes(b"old")
    proc = vmsample("run", "-o", "x.prof", "-c", "print(1)", cwd=tmp_path)
    assert proc.returncode == 1 and "exists (use -f to overwrite)" in proc.stderr
    assert (tmp_path / "x.prof").read_bytes() == b"old"
    assert vmsample("run", "--force", "-o", "x.prof", "-c", "print(1)", cwd=tmp_path).returncode == 0
    assert read_profile(tmp_path / "x.prof").meta.program == "-c"


@covers("run", "--alloc-period")
def test_run_alloc_period(tmp_path):
    small = read_profile(run_profile(tmp_path, "--alloc-period", "1K", name="small.prof"))
    large = read_profile(run_profile(tmp_path, "--alloc-period", "64K", name="large.prof"))
    off = read_profile(run_profile(tmp_path, "--alloc-period", "off", name="off.prof"))
    assert (small.meta.alloc_period, large.meta.alloc_period) == (1024, 65536)
    assert len(small.alloc_samples) > 20 * len(large.alloc_samples) > 0
    assert off.meta.sample_kind == "time" and len(off.alloc_samples) == 0


@covers("run", "--sampling")
def test_run_sampling(tmp_path):
    fixed = read_profile(run_profile(tmp_path, "--sampling", "fixed", "--alloc-period", "4K"))
    assert fixed.meta.alloc_sampling == "fixed"
    assert read_profile(run_profile(tmp_path, "--sampling", "random", name="r.prof")).meta.alloc_sampling == "random"


@covers("run", "--seed")
def test_run_seed(tmp_path):
    def points(seed, name):
        a = read_profile(run_profile(tmp_path, "--alloc-period", "2K", "--seed", seed, name=name)).alloc_samples
        return list(zip(a.seq.tolist(), a.size.tolist()))

    assert points("7", "a.prof") == points("7", "b.prof") != points("8", "c.prof")


@covers("run", "--time-period")
def test_run_time_period(tmp_path):
    spin = "n = 0\nfor i in range(3000000):\n    n += i\n"
    p = read_profile(run_profile(tmp_path, "--time-period", "500us", program=spin))
    assert p.meta.time_period_ns == 500_000 and len(p.time_samples) > 10
    p = read_profile(run_profile(tmp_path, "--time-period", "off", program=spin, name="off.prof"))
    assert p.meta.time_period_ns is None and len(p.time_samples) == 0


@covers("run", "--real-time")
def test_run_real_time(tmp_path):
    sleep = "import time\ntime.sleep(0.3)\nn = 0\nfor i in range(1000):\n    n += i\n"
    wall = read_profile(run_profile(tmp_path, "--real-time", "--time-period", "1ms", program=sleep))
    cpu = read_profile(run_profile(tmp_path, "--time-period", "1ms", program=sleep, name="cpu.prof"))
    assert wall.meta.real_time and not cpu.meta.real_time
    assert len(wall.time_samples) > 100 > len(cpu.time_samples)       # sleeping takes no CPU time


@covers("run", "--layout")
def test_run_layout(tmp_path):
    p = run_profile(tmp_path, "--layout", "pypy")
    assert read_profile(p).meta.layout == "pypy"
    assert p.read_bytes()[40:41] == b"\x05" and b"vmsample-pypy" in p.read_bytes()[:80]


@covers("run", "--flush-interval")
def test_run_flush_interval(tmp_path):
    # Samples, a pause in which a time sample brings the codes' names to disk
    # (the writer drains both buffers before a spool stack whose names wait
    # in the main buffer), the same samples again (no new name), then a loop
    # that allocates nothing: only the timed drains get the second ones to
    # disk before a SIGKILL.
    program = ("def alloc():\n    return [str(i) for i in range(2000)]\n"
               "keep = alloc()\nn = 0\nwhile n < 300000:\n    n += 1\n"
               "keep = alloc()\nn = 0\nwhile True:\n    n += 1\n"
               "    if n == 1000:\n        print('ready', flush=True)\n")

    def killed(interval):
        out = tmp_path / f"k{interval}.prof"
        proc = subprocess.Popen([sys.executable, "-m", "vmsample", "run", "-o", str(out), "--alloc-period", "1K",
                                 "--flush-interval", interval, "-c", program],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            assert proc.stdout.readline() == "ready\n"
            time.sleep(0.5)
        finally:
            proc.send_signal(signal.SIGKILL)
            proc.wait()
        recovered = vmsample("recover", str(out))
        return len(read_profile(out).alloc_samples) if recovered.returncode == 0 else 0

    assert killed("10ms") > killed("1000s") > 0


@covers("run", "--nursery")
def test_run_nursery(tmp_path):
    small = read_profile(run_profile(tmp_path, "--nursery", "64K", name="s.prof"))
    large = read_profile(run_profile(tmp_path, "--nursery", "8M", name="l.prof"))
    assert len(small.minor_collections) > 10 * max(len(large.minor_collections), 1)


@covers("run", "--heap-limit")
def test_run_heap_limit(tmp_path):
    grow = "keep = []\nwhile True:\n    keep.append([0] * 1000)\n"
    proc = vmsample("run", "-o", "h.prof", "--heap-limit", "4M", "-c", grow, cwd=tmp_path)
    assert proc.returncode == 1 and "MemoryError" in proc.stderr, proc.stderr
    assert vmsample("validate", "h.prof", cwd=tmp_path).returncode == 0


@covers("run", "--check")
def test_run_check(tmp_path):
    prog = tmp_path / "p.py"
    prog.write_text("print('runs')\nclass C:\n    def f(self):\n        def g():\n"
                    "            nonlocal __class__\n            del __class__\n")
    proc = vmsample("run", "--check", str(prog), cwd=tmp_path)
    assert proc.returncode == 1 and proc.stdout.startswith(f"{prog}:6:") and "runs" not in proc.stdout
    assert os.listdir(tmp_path) == ["p.py"]                 # ran nothing, wrote nothing


@covers("run", "-c")
def test_run_code(tmp_path):
    proc = vmsample("run", "-o", "c.prof", "-c", "import sys\nprint(sys.argv)", "a", "b", cwd=tmp_path)
    assert proc.returncode == 0 and proc.stdout == "['-c', 'a', 'b']\n"
    assert read_profile(tmp_path / "c.prof").meta.argv == ("-c", "a", "b")


@covers("run", "-m")
def test_run_module(tmp_path):
    # -m ends vmsample's options as python's does: the module's own options follow.
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "__main__.py").write_text("import sys\nprint(__name__, __spec__.name, sys.argv[1:])\n")
    proc = vmsample("run", "-o", "m.prof", "-m", "pkg", "a", "-o", cwd=tmp_path)
    assert proc.returncode == 0 and proc.stdout == "__main__ pkg.__main__ ['a', '-o']\n"
    assert "profile of -m pkg" in proc.stderr
    meta = read_profile(tmp_path / "m.prof").meta
    assert meta.program == "-m pkg" and meta.argv == ("-m", "a", "-o")
    proc = vmsample("run", "-o", "n.prof", "-m", cwd=tmp_path)
    assert (proc.returncode, proc.stdout, proc.stderr) == (2, "", "vmsample run: error: argument -m: expected MODULE\n")

# ---------------------------------------------------------------- report and diff


@covers("report", "--json")
def test_report_json(prof, capsys):
    code, out, _ = cli(capsys, "report", "--json", prof)
    assert code == 0 and json.loads(out)["summary"]["alloc_samples"] == len(read_profile(prof).alloc_samples)


@covers("report", "--limit")
def test_report_limit(prof, capsys):
    lengths = [len(json.loads(cli(capsys, "report", "--json", "--by", "type", "--limit", n, prof)[1])["types"])
               for n in (1, 2)]
    assert lengths == [1, 2]


@covers("report", "--by")
def test_report_by(prof, capsys):
    by = {b: json.loads(cli(capsys, "report", "--json", "--by", b, prof)[1]) for b in ("site", "function", "type")}
    assert by["site"]["by"] == "site" and by["function"]["by"] == "function"
    assert "str" in {t["type"] for t in by["type"]["types"]}
    assert "Types by allocated bytes" in cli(capsys, "report", "--by", "type", prof)[1]


@covers("report", "--live")
def test_report_live(prof, capsys):
    code, out, _ = cli(capsys, "report", "--live", prof)
    assert code == 0 and "Live at the end" in out and "Leak suspects" in out
    assert "Live at the end" not in cli(capsys, "report", prof)[1]


@covers("diff", "--by")
def test_diff_by(prof, other, capsys):
    data = json.loads(cli(capsys, "diff", "--json", "--by", "type", prof, other)[1])
    assert {"str", "list"} <= {c["name"] for c in data["changes"]}


@covers("diff", "--limit")
def test_diff_limit(prof, other, capsys):
    assert len(json.loads(cli(capsys, "diff", "--json", "--by", "type", "--limit", 1, prof, other)[1])["changes"]) == 1


@covers("diff", "--json")
def test_diff_json(prof, other, capsys):
    code, out, _ = cli(capsys, "diff", "--json", prof, other)
    assert code == 0 and json.loads(out)["after_profile"] == str(other)

# ---------------------------------------------------------------- dump, validate


@covers("dump", "--json")
def test_dump_json(prof, capsys):
    plain = cli(capsys, "dump", prof)[1].splitlines()
    records = [json.loads(line) for line in cli(capsys, "dump", "--json", prof)[1].splitlines()]
    assert len(records) == len(plain) > 10


@covers("validate", "--quiet")
def test_validate_quiet(prof, capsys):
    assert cli(capsys, "validate", "--quiet", prof) == (0, "", "")
    assert "valid" in cli(capsys, "validate", prof)[1]


@covers("validate", "--fast")
def test_validate_fast(prof, tmp_path, capsys):
    code, out, _ = cli(capsys, "validate", "--fast", prof)
    assert code == 0 and "valid" in out
    broken = tmp_path / "broken.prof"
    broken.write_bytes(prof.read_bytes()[:-3])
    assert cli(capsys, "validate", "--fast", broken)[0] == 1

# ---------------------------------------------------------------- convert


@covers("convert", "--to")
@pytest.mark.parametrize("fmt, start", [("firefox", b'{"meta"'), ("speedscope", b"{"), ("html", b"<!doctype html>"),
                                        ("collapsed", b"<module>"), ("pprof", b"\x1f\x8b")])
def test_convert_to(prof, tmp_path, capsys, fmt, start):
    out = tmp_path / "out"
    assert cli(capsys, "convert", "--to", fmt, "-o", out, prof)[0] == 0
    assert out.read_bytes().startswith(start)


@covers("convert", "--output")
def test_convert_output(prof, tmp_path, capsys):
    code, _, err = cli(capsys, "convert", "--to", "collapsed", "--output", tmp_path / "c.txt", prof)
    assert code == 0 and f"wrote {tmp_path / 'c.txt'}" in err
    assert (tmp_path / "c.txt").read_text() == cli(capsys, "convert", "--to", "collapsed", "--output", "-", prof)[1]


@covers("convert", "--force")
def test_convert_force(prof, tmp_path, capsys):
    out = tmp_path / "c.txt"
    out.write_text("old")
    assert cli(capsys, "convert", "--to", "collapsed", "-o", out, prof)[0] == 1 and out.read_text() == "old"
    assert cli(capsys, "convert", "--to", "collapsed", "--force", "-o", out, prof)[0] == 0
    assert out.read_text().startswith("<module>")


@covers("convert", "--kind")
def test_convert_kind(prof, capsys):
    from vmsample.report import analyze

    def weights(kind):
        code, out, err = cli(capsys, "convert", "--to", "collapsed", "--kind", kind, "-o", "-", prof)
        assert code == 0, err
        return sum(int(line.rsplit(" ", 1)[1]) for line in out.splitlines())

    p = read_profile(prof)
    total = analyze(read_profile(prof, aggregate=True)).summary.total
    assert weights("alloc") == pytest.approx(total.bytes, abs=len(p.stacks))
    assert weights("objects") == pytest.approx(total.objects, abs=len(p.stacks))
    assert weights("time") == len(p.time_samples) > 0

# ---------------------------------------------------------------- recover


def killed(tmp_path, name="k.prof"):
    out = tmp_path / name
    proc = subprocess.Popen([sys.executable, "-m", "vmsample", "run", "-o", str(out), "--flush-interval", "10ms",
                             "-c", "keep = []\nwhile True:\n    keep.append(str(len(keep)))\n    keep = keep[-500:]\n"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    spool = tmp_path / (name + ".spool")
    try:
        while not (spool.exists() and spool.stat().st_size > 8192):
            assert proc.poll() is None
            time.sleep(0.01)
    finally:
        proc.kill()
        proc.wait()
    return out, spool


@covers("recover", "--output")
def test_recover_output(tmp_path):
    out, spool = killed(tmp_path)
    before = out.read_bytes()
    proc = vmsample("recover", "--output", str(tmp_path / "r.prof"), str(out))
    assert proc.returncode == 0, proc.stderr
    assert out.read_bytes() == before and not spool.exists()
    assert read_profile(tmp_path / "r.prof").meta.recovered


@covers("recover", "--spool")
def test_recover_spool(tmp_path):
    out, spool = killed(tmp_path)
    moved = tmp_path / "elsewhere.spool"
    spool.rename(moved)
    assert vmsample("recover", str(out)).returncode == 1
    assert vmsample("recover", "--spool", str(moved), str(out)).returncode == 0
    assert read_profile(out).meta.recovered


@covers("recover", "--force")
def test_recover_force(tmp_path):
    out, _ = killed(tmp_path)
    (tmp_path / "r.prof").write_bytes(b"old")
    proc = vmsample("recover", "-o", str(tmp_path / "r.prof"), str(out))
    assert proc.returncode == 1 and "exists" in proc.stderr
    assert vmsample("recover", "--force", "-o", str(tmp_path / "r.prof"), str(out)).returncode == 0
    assert read_profile(tmp_path / "r.prof").meta.recovered
