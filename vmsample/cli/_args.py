"""Argument types shared by the subcommands (sizes, durations, output paths)."""

import argparse
import os
import re

from vmsample import sizes as _sizes

_TIME_UNITS = {"s": 1.0, "ms": 1e-3, "us": 1e-6, "ns": 1e-9}


def size_type(*, maximum=None, off=False):
    """An argparse type for a size in vmsample's one grammar (vmsample.sizes),
    at least 1 byte and at most [maximum]; with [off], 'off' gives None."""
    def parse(text):
        if off and text.strip().lower() == "off":
            return None
        try:
            return _sizes.parse_size(text, minimum=1, maximum=maximum)
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
    return parse


parse_size = size_type()
parse_size_or_off = size_type(off=True)


def parse_duration(text):
    """'1ms' -> 0.001 seconds.  Units s/ms/us/ns; a bare number is seconds."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(s|ms|us|ns)?\s*", text)
    if not m or float(m.group(1)) <= 0:
        raise argparse.ArgumentTypeError(f"invalid duration {text!r} (expected e.g. 1ms, 500us, 0.01s)")
    return float(m.group(1)) * _TIME_UNITS[m.group(2) or "s"]


def parse_duration_or_off(text):
    """A duration, or 'off' -> None."""
    return None if text.strip().lower() == "off" else parse_duration(text)


def parse_time_period_or_off(text):
    """A sampling timer's period in ns (within the timer's bounds), or 'off' -> None."""
    from vmsample.profile._glue import check_timer_period

    seconds = parse_duration_or_off(text)
    if seconds is None:
        return None
    try:
        check_timer_period(round(seconds * 1e9))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"time period {text!r} is out of range: between 50us and 1000s "
            f"(at most 20,000 time samples per second)") from None
    return round(seconds * 1e9)


def check_output(out, inputs, force):
    """The `vmsample.output.Output` that [out] names, after refusing it when
    vmsample must not write there (a directory, a device it cannot write
    to), when it is one of [inputs] -- the same file by any name (a symlink,
    a hard link): writing would destroy what the command reads -- or when it
    is a file that exists, unless [force].  A FIFO or a character device is
    written as a stream, which overwrites nothing."""
    from vmsample.cli import CommandError
    from vmsample.output import OutputError, resolve
    from vmsample.profile.format import spool_path
    from vmsample.profile.writing import being_written

    try:
        output = resolve(out)
    except OutputError as e:
        raise CommandError(str(e), exit_code=2) from None
    for path in inputs:
        try:
            same = os.path.samefile(out, path)
        except OSError:             # either does not exist (yet): not the same file
            same = False
        if same:
            raise CommandError(f"{out} is the input {path}; choose another output file", exit_code=2)
    busy = being_written(out)
    if busy is not None:
        raise CommandError(busy_output(out, busy))
    if output.exists and not force:
        if os.path.exists(spool_path(out)):
            raise CommandError(f"{out} exists: a killed run's (`vmsample recover {out}` rebuilds it; "
                               f"-f overwrites it)")
        raise CommandError(f"{out} exists (use -f to overwrite)")
    return output


def busy_output(out, busy):
    """The message for an output [out] that a live run writes ([busy]: its ProfileBusy)."""
    return f"{out} is {busy.strerror} (a vmsample run); wait for it to end or choose another output file"
