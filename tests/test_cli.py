"""The command-line framework shared by every subcommand (vmsample/cli/__init__.py)."""

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
