"""The command-line framework shared by every subcommand (vmsample/cli/__init__.py)."""

import json
import subprocess
import sys

import pytest


def vmsample(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "vmsample", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=120)


def test_every_subcommand_is_listed_with_its_help():
    proc = vmsample("--help")
    assert proc.returncode == 0
    for name in ("run", "report", "convert", "diff", "dump", "validate", "recover"):
        assert f"    {name}" in proc.stdout


@pytest.mark.parametrize("args", [["frobnicate"], [], ["report"], ["run", "--alloc-period", "12Q", "x.py"]])
def test_usage_errors_are_one_line_and_exit_2(args):
    proc = vmsample(*args)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert len(proc.stderr.splitlines()) == 1 and "error:" in proc.stderr


@pytest.mark.parametrize("command", ["run", "report", "validate", "dump"])
def test_a_failing_command_names_itself(command, tmp_path):
    # `run -c` stores its code under its own name; the command's name must
    # still be the subcommand's (it once printed "vmsample None: error").
    proc = vmsample(command, str(tmp_path / "missing.file"))
    assert proc.returncode in (1, 2)
    assert proc.stderr.startswith(f"vmsample {command}: error: ")
    assert len(proc.stderr.splitlines()) == 1


@pytest.fixture(scope="module")
def small_profile(tmp_path_factory):
    path = tmp_path_factory.mktemp("prof") / "small.prof"
    proc = vmsample("run", "-o", str(path), "-c", "print(sum([i * i for i in range(1000)]))")
    assert proc.returncode == 0, proc.stderr
    return path


def _link(kind, target, link):
    if kind == "symlink":
        link.symlink_to(target)
    elif kind == "hardlink":
        link.hardlink_to(target)
    return link if kind != "same path" else target


@pytest.mark.parametrize("kind", ["same path", "symlink", "hardlink"])
@pytest.mark.parametrize("force", [[], ["-f"]])
def test_convert_refuses_to_overwrite_its_input(small_profile, tmp_path, kind, force):
    before = small_profile.read_bytes()
    out = _link(kind, small_profile, tmp_path / "alias.prof")
    proc = vmsample("convert", "--to", "html", "-o", str(out), *force, str(small_profile))
    assert proc.returncode == 2
    assert len(proc.stderr.splitlines()) == 1 and "is the input" in proc.stderr
    assert small_profile.read_bytes() == before


@pytest.mark.parametrize("kind", ["same path", "symlink", "hardlink"])
def test_run_refuses_to_write_the_profile_over_the_program(tmp_path, kind):
    prog = tmp_path / "prog.py"
    prog.write_text("print('hi')\n")
    out = _link(kind, prog, tmp_path / "alias.py")
    proc = vmsample("run", "-f", "-o", str(out), str(prog))
    assert proc.returncode == 2 and proc.stdout == ""
    assert len(proc.stderr.splitlines()) == 1 and "is the input" in proc.stderr
    assert prog.read_text() == "print('hi')\n"


def test_recover_refuses_to_write_over_the_spool(tmp_path):
    prof, spool = tmp_path / "x.prof", tmp_path / "x.prof.spool"
    prof.write_bytes(b"main")
    spool.write_bytes(b"spool")
    proc = vmsample("recover", "-f", "-o", str(spool), str(prof))
    assert proc.returncode == 2
    assert len(proc.stderr.splitlines()) == 1 and "is the input" in proc.stderr
    assert (prof.read_bytes(), spool.read_bytes()) == (b"main", b"spool")


def test_run_to_stdout_is_refused_without_creating_a_file(tmp_path):
    # The program's own output goes to stdout: a profile there would mix with it.
    proc = vmsample("run", "-o", "-", "-c", "print(1)", cwd=tmp_path)
    assert proc.returncode == 2 and proc.stdout == ""
    assert len(proc.stderr.splitlines()) == 1 and "stdout" in proc.stderr
    assert list(tmp_path.iterdir()) == []


def test_run_decodes_the_program_as_cpython_does(tmp_path):
    # PEP 263: the declaration decides; a BOM means UTF-8 (the corpus has
    # more; this is `vmsample run`'s own reading of the file).
    prog = tmp_path / "latin.py"
    prog.write_bytes("# -*- coding: latin-1 -*-\nprint('café', len('café'))\n".encode("latin-1"))
    expected = subprocess.run([sys.executable, str(prog)], capture_output=True, text=True).stdout
    proc = vmsample("run", "-o", str(tmp_path / "out.prof"), str(prog))
    assert (proc.returncode, proc.stdout) == (0, expected) and expected == "café 4\n"


def test_run_samples_at_random_by_default_and_says_when_samples_are_few(tmp_path):
    from vmsample.profile import read_profile
    from vmsample.report.analysis import FEW_SAMPLES, analyze

    prog = tmp_path / "p.py"
    prog.write_text("keep = []\nfor i in range(20000):\n    keep.append((i, [i]))\n")
    out = tmp_path / "p.prof"
    r = vmsample("run", "-o", str(out), "--alloc-period", "64K", str(prog))
    assert r.returncode == 0
    p = read_profile(out)
    assert p.meta.alloc_sampling == "random" and 0 < len(p.alloc_samples) < FEW_SAMPLES
    # The suggestion gives about USEFUL_SAMPLES samples: following it is no longer "few".
    (line,) = [x for x in r.stderr.splitlines() if "allocation samples: per-site estimates are rough" in x]
    period = line.split("--alloc-period ")[1].split()[0]
    again = vmsample("run", "-f", "-o", str(out), "--alloc-period", period, str(prog))
    assert "rough" not in again.stderr and len(read_profile(out).alloc_samples) >= FEW_SAMPLES
    summary = analyze(read_profile(out)).summary
    assert summary.warnings == [] and summary.alloc_sampling == "random"


@pytest.mark.parametrize("period, warned", [("4K", True), ("4000", False)])
def test_report_warns_about_power_of_two_fixed_periods(tmp_path, period, warned):
    prog = tmp_path / "p.py"
    prog.write_text("keep = [[i] for i in range(30000)]\n")
    out = tmp_path / "p.prof"
    assert vmsample("run", "-o", str(out), "--sampling", "fixed", "--alloc-period", period,
                    str(prog)).returncode == 0
    text = vmsample("report", str(out)).stdout
    assert ("power-of-two period" in text) == warned
    data = json.loads(vmsample("report", "--json", str(out)).stdout)
    assert data["summary"]["alloc_sampling"] == "fixed"
    assert any("power-of-two" in w for w in data["summary"]["warnings"]) == warned


def test_a_profiled_run_imports_only_what_it_uses(tmp_path):
    # Every module a profiled run's start imports is paid by every profiled
    # run (issue 28: profiling costs at most 5%).  These it does not use:
    # shutil (with zlib, bz2 and lzma) only sizes help to the terminal
    # (HelpFormatter), json and typing were the writer's argv and Output.
    unused = ("shutil", "bz2", "lzma", "json", "typing", "vmsample.report.analysis")
    # (The second run: the first may fill the compile cache, whose writes
    # go through tempfile, which imports shutil.)
    code = ("import sys; from vmsample.cli import main; status = main(sys.argv[1:]); "
            f"print([m for m in {unused!r} if m in sys.modules]); sys.exit(status)")
    for _ in range(2):
        proc = subprocess.run([sys.executable, "-c", code, "run", "-f", "-o", str(tmp_path / "p.prof"), "-c", "pass"],
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "[]\n"


def test_help_is_laid_out_to_the_terminal_width(tmp_path):
    # HelpFormatter sizes itself when it lays help out, as argparse's does when made.
    import os

    narrow, wide = ({**os.environ, "COLUMNS": str(n)} for n in (40, 200))
    runs = [subprocess.run([sys.executable, "-m", "vmsample", "run", "--help"], capture_output=True, text=True,
                           env=env, timeout=120) for env in (narrow, wide)]
    narrow_lines, wide_lines = (run.stdout.splitlines() for run in runs)
    assert len(narrow_lines) > len(wide_lines)
    assert max(map(len, narrow_lines)) < 60 < max(map(len, wide_lines))
