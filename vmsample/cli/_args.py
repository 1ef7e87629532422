"""Argument types shared by the subcommands (sizes, durations, output paths)."""

import argparse
import os
import re

_SIZE_UNITS = {"": 1, "B": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
_TIME_UNITS = {"s": 1.0, "ms": 1e-3, "us": 1e-6, "ns": 1e-9}


def parse_size(text):
    """'512K' -> 524288.  Accepts B/K/M/G suffixes (binary), case-insensitive."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([bkmgBKMG]?)(?:i?[bB])?\s*", text)
    if not m:
        raise argparse.ArgumentTypeError(f"invalid size {text!r} (expected e.g. 4096, 512K, 4M, 1G)")
    value = float(m.group(1)) * _SIZE_UNITS[m.group(2).upper()]
    if value != int(value) or value < 1:
        raise argparse.ArgumentTypeError(f"invalid size {text!r} (must be a whole number of bytes >= 1)")
    return int(value)


def parse_size_or_off(text):
    """A size, or 'off' -> None."""
    return None if text.strip().lower() == "off" else parse_size(text)


def parse_duration(text):
    """'1ms' -> 0.001 seconds.  Units s/ms/us/ns; a bare number is seconds."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(s|ms|us|ns)?\s*", text)
    if not m or float(m.group(1)) <= 0:
        raise argparse.ArgumentTypeError(f"invalid duration {text!r} (expected e.g. 1ms, 500us, 0.01s)")
    return float(m.group(1)) * _TIME_UNITS[m.group(2) or "s"]


def parse_duration_or_off(text):
    """A duration, or 'off' -> None."""
    return None if text.strip().lower() == "off" else parse_duration(text)


def check_output(out, inputs, force):
    """Refuse to write [out] when it exists (unless [force]) or when it is one
    of [inputs] -- the same file by any name (a symlink, a hard link):
    writing would destroy what the command reads."""
    from vmsample.cli import CommandError

    for path in inputs:
        try:
            same = os.path.samefile(out, path)
        except OSError:             # either does not exist (yet): not the same file
            same = False
        if same:
            raise CommandError(f"{out} is the input {path}; choose another output file", exit_code=2)
    if os.path.exists(out) and not force:
        raise CommandError(f"{out} exists (use -f to overwrite)")
