"""`vmsample report`, `convert` and `diff` from the command line: output on
pipes, JSON, options, and one-line errors with the right exit codes."""

import gzip
import json
import os
import subprocess
import sys

import pytest

from vmsample.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_report_plain_text(known, capsys):
    code, out, err = run(capsys, "report", str(known))
    assert code == 0 and err == ""
    assert "\x1b[" not in out                          # no colour on a pipe
    for heading in ("Summary", "Top allocation sites, self", "Top allocation sites, cumulative",
                    "Types by allocated bytes", "GC timeline", "Time samples: top functions"):
        assert heading in out
    lines = out.splitlines()
    first = lines[lines.index(next(x for x in lines if x.startswith("Top allocation sites, self"))) + 2]
    assert first.split()[:3] == ["1", "280.0", "KiB"] and "temp" in first and "prog.py:12" in first
    assert "70.0% of the bytes with a known outcome" in out


def test_report_json_limit_and_by(known, capsys):
    code, out, _ = run(capsys, "report", "--json", "--limit", "1", str(known))
    data = json.loads(out)
    assert code == 0 and data["by"] == "site" and len(data["self"]) == 1 and len(data["types"]) == 1
    assert data["self"][0]["function"] == "temp" and data["self"][0]["died_young"] == 1.0
    assert data["summary"]["died_young"] == pytest.approx(0.7)
    assert data["time"]["self"][0]["function"] == "temp"
    _, out, _ = run(capsys, "report", "--json", "--by", "function", str(known))
    assert json.loads(out)["self"][0]["line"] == 11
    _, out, _ = run(capsys, "report", "--by", "type", str(known))
    assert "top site" in out and "Top allocation sites" not in out
    assert "temp prog.py:12 (100.0%)" in out


def test_report_on_a_tty_uses_rich_tables(known):
    # A pseudo-terminal: rich draws the same numbers with colour.
    import pty

    pid, fd = pty.fork()
    if pid == 0:
        os.environ["COLUMNS"] = "160"
        os.execv(sys.executable, [sys.executable, "-m", "vmsample", "report", str(known)])
    chunks = []
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    _, status = os.waitpid(pid, 0)
    out = b"".join(chunks).decode()
    assert os.waitstatus_to_exitcode(status) == 0
    assert "\x1b[" in out and "temp" in out and "prog.py:12" in out and "280.0 KiB" in out


@pytest.mark.parametrize("make, message", [
    (lambda d: d / "missing.prof", "no such file"),
    (lambda d: d, "is a directory"),
    (lambda d: (d / "notes.txt").write_text("hello, this is not a profile\n" * 10) and d / "notes.txt",
     "not a valid profile"),
    (lambda d: (d / "empty.prof").write_bytes(b"") or d / "empty.prof", "not a valid profile"),
])
@pytest.mark.parametrize("command", [["report"], ["convert", "--to", "html", "-f"], ["diff", "KNOWN"]])
def test_bad_input_is_one_line(tmp_path, capsys, known, make, message, command):
    path = str(make(tmp_path))
    argv = [a if a != "KNOWN" else str(known) for a in command] + [path]
    if command[0] == "convert":
        argv += ["-o", str(tmp_path / "out.html")]
    code, out, err = run(capsys, *argv)
    assert code == 1 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err and "Traceback" not in err


def test_truncated_profile(tmp_path, capsys, known):
    data = known.read_bytes()
    cut = tmp_path / "cut.prof"
    cut.write_bytes(data[: len(data) // 2])
    code, _, err = run(capsys, "report", str(cut))
    assert code == 1 and "not a valid profile" in err and "at byte" in err and len(err.splitlines()) == 1


@pytest.mark.parametrize("argv", [
    ["report", "--limit", "0", "X"], ["report", "--limit", "many", "X"], ["report", "--by", "color", "X"],
    ["convert", "--to", "pdf", "X"], ["convert", "X"], ["diff", "X"],
])
def test_bad_arguments_exit_2(capsys, argv):
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and err.startswith("vmsample ")


def test_kind_is_for_collapsed_only(capsys, known):
    code, _, err = run(capsys, "convert", "--to", "html", "--kind", "time", str(known))
    assert code == 2 and "--kind applies to --to collapsed only" in err


def test_bad_arguments_from_the_shell(known):
    r = subprocess.run([sys.executable, "-m", "vmsample", "convert", "--to", "pdf", str(known)],
                       capture_output=True, text=True)
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1 and "invalid choice: 'pdf'" in r.stderr
    r = subprocess.run([sys.executable, "-m", "vmsample", "convert", "--to", "html", "--kind", "time", str(known)],
                       capture_output=True, text=True)
    assert r.returncode == 2 and "--kind applies to --to collapsed only" in r.stderr


def test_convert_default_output_and_overwrite(tmp_path, capsys, known):
    src = tmp_path / "run.prof"
    src.write_bytes(known.read_bytes())
    code, _, err = run(capsys, "convert", "--to", "speedscope", str(src))
    assert code == 0 and (tmp_path / "run.speedscope.json").exists() and "wrote" in err
    code, _, err = run(capsys, "convert", "--to", "speedscope", str(src))
    assert code == 1 and "exists (use -f to overwrite)" in err
    assert run(capsys, "convert", "--to", "speedscope", "-f", str(src))[0] == 0
    code, _, _ = run(capsys, "convert", "--to", "firefox", str(src))
    with gzip.open(tmp_path / "run.firefox.json.gz") as f:
        assert json.load(f)["meta"]["preprocessedProfileVersion"] > 0
    assert run(capsys, "convert", "--to", "collapsed", "-o", str(tmp_path / "x.txt.gz"), str(src))[0] == 0
    assert gzip.decompress((tmp_path / "x.txt.gz").read_bytes()).decode().startswith("<module>;")


def test_convert_to_stdout_and_kinds(capsys, known, time_only, empty):
    code, out, _ = run(capsys, "convert", "--to", "collapsed", "-o", "-", str(known))
    assert code == 0 and "<module>;main;temp 290816\n" in out
    code, out, _ = run(capsys, "convert", "--to", "collapsed", "--kind", "time", "-o", "-", str(known))
    assert "<module>;main;temp 20\n" in out and "<module>;main;make_tree 10\n" in out
    code, _, err = run(capsys, "convert", "--to", "collapsed", "--kind", "alloc", "-o", "-", str(time_only))
    assert code == 1 and "has no allocation samples" in err
    code, _, err = run(capsys, "convert", "--to", "speedscope", "-o", "-", str(empty))
    assert code == 1 and "has no samples" in err


def test_diff(tmp_path, capsys, known, alloc_only):
    code, out, _ = run(capsys, "diff", str(known), str(alloc_only))
    assert code == 0 and "Allocation sites that changed most" in out
    code, out, _ = run(capsys, "diff", "--json", "--by", "type", str(known), str(alloc_only))
    data = json.loads(out)
    changes = {c["name"]: c for c in data["changes"]}
    assert changes["str"]["after"]["bytes"] == 0 and changes["str"]["before"]["bytes"] == 4096
    assert changes["list"]["delta_bytes"] == (60 - 70) * 4096
    assert data["before"]["estimated_bytes"] == 101 * 4096
    # the live heaps at the end: the trees (Node) all survived and never died
    assert changes["Node"]["before"]["live_bytes"] == 30 * 4096 and changes["Node"]["after"]["live_bytes"] == 20 * 4096
    assert changes["Node"]["delta_live_bytes"] == (20 - 30) * 4096 and changes["list"]["delta_live_bytes"] == 0
    assert data["before"]["live_bytes"] == 30 * 4096
    code, out, _ = run(capsys, "diff", str(known), str(alloc_only))
    assert "Live sites at the end that changed most" in out and "make_tree" in out.split("Live sites")[1]
    code, out, _ = run(capsys, "diff", str(known), str(known))
    assert "(none)" in out                           # nothing changed


def test_the_two_peaks_are_named_for_what_they_measure(known, capsys):
    # The live objects' peak is estimated from the samples; the old space's
    # peak is the collector's accounting, dead objects not yet swept
    # included: numbers nobody should compare, under names that say so.
    code, out, _ = run(capsys, "report", "--live", str(known))
    assert code == 0 and "peak heap" not in out and "Live at the peak" not in out
    (heap,) = [line for line in out.splitlines() if line.strip().startswith("old space, peak")]
    assert "total_memory_used" in heap
    assert "Live objects at their peak" in out and "estimated from the samples" in out
    code, out, _ = run(capsys, "diff", str(known), str(known))
    assert "old space, peak" in out and "peak heap" not in out


@pytest.mark.parametrize("after, warned", [
    (("prog.py", ()), None),
    (("/elsewhere/prog.py", ()), None),                 # the same program from another checkout
    (("other.py", ()), "different programs (prog.py and other.py)"),
    (("prog.py", ("--fast", "3")), "different arguments (none and --fast 3)"),
])
def test_diff_warns_when_the_programs_or_their_arguments_differ(tmp_path, capsys, after, warned):
    from synth import Synth

    def profile(name, program, args):
        s = Synth(program=program, args=args)
        s.alloc(["<module>@prog.py:1", "make_tree@prog.py:5"], type_id=4, size=48, count=4)
        s.minor()
        return s.write(tmp_path / name)

    a, b = profile("a.prof", "prog.py", ()), profile("b.prof", *after)
    code, out, _ = run(capsys, "diff", str(a), str(b))
    warnings = [line for line in out.splitlines() if line.strip().startswith("warning")]
    assert code == 0 and len(warnings) == (1 if warned else 0)
    if warned:
        assert warned in warnings[0]
    code, out, _ = run(capsys, "diff", "--json", str(a), str(b))
    data = json.loads(out)["warnings"]
    assert len(data) == (1 if warned else 0) and (not warned or warned in data[0])


def _run_with_stderr(argv, tty):
    """Run vmsample with stderr on a pseudo-terminal (or a pipe); returns stderr."""
    import pty
    import threading

    if not tty:
        return subprocess.run([sys.executable, "-m", "vmsample", *argv], capture_output=True).stderr
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "vmsample", *argv], stdout=subprocess.DEVNULL, stderr=slave)
    os.close(slave)
    chunks = []

    def read():
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                return
            if not chunk:
                return
            chunks.append(chunk)

    reader = threading.Thread(target=read)
    reader.start()
    assert proc.wait(timeout=120) == 0
    reader.join(10)
    os.close(master)
    return b"".join(chunks)


def test_progress_only_on_a_terminal(tmp_path, known):
    argv = ["convert", "--to", "html", "-f", "-o", str(tmp_path / "k.html"), str(known)]
    on_tty = _run_with_stderr(argv, tty=True)
    assert b"allocation samples" in on_tty or b"reading" in on_tty
    assert b"\x1b[" in on_tty
    piped = _run_with_stderr(argv, tty=False)
    assert piped.decode().splitlines() == [piped.decode().strip()] and piped.startswith(b"vmsample convert: wrote")


def test_locations_below_the_current_directory_are_relative(tmp_path, monkeypatch):
    from vmsample.report.text import short_path

    monkeypatch.chdir(tmp_path)
    assert short_path(str(tmp_path / "pkg" / "mod.py")) == os.path.join("pkg", "mod.py")
    assert short_path("/elsewhere/mod.py") == "/elsewhere/mod.py"
    assert short_path(str(tmp_path) + "x/mod.py") == str(tmp_path) + "x/mod.py"
    assert short_path("rel/mod.py") == "rel/mod.py"


def test_unwritable_output_is_one_line(tmp_path, capsys, known):
    code, _, err = run(capsys, "convert", "--to", "html", "-o", str(tmp_path / "no" / "such" / "dir.html"), str(known))
    assert code == 1 and "No such file or directory" in err and len(err.splitlines()) == 1
    assert not list(tmp_path.iterdir())                 # no temporary file left behind


def test_corrupt_gzip_is_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.prof.gz"
    bad.write_bytes(b"\x1f\x8b\x08\x00" + b"\xff" * 40)
    code, _, err = run(capsys, "report", str(bad))
    assert code == 1 and "not a valid profile" in err and len(err.splitlines()) == 1


def test_truncated_stacks_are_reported(tmp_path, capsys):
    from synth import DIED, Synth

    s = Synth()
    s.alloc(["<module>@p.py:1"] + ["deep@p.py:5"] * 40_000, fate=DIED)
    s.minor()
    path = s.write(tmp_path / "deep.prof")
    code, out, _ = run(capsys, "report", str(path))
    assert code == 0 and "truncated stacks" in out and "1 sample had a deeper stack" in out
    assert json.loads(run(capsys, "report", "--json", str(path))[1])["summary"]["truncated_stacks"] == 1
