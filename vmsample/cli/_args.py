"""What the subcommands share: argument types (sizes, durations, counts),
checking an output path, loading a profile."""

import argparse
import os
import re
import sys

from vmsample import sizes as _sizes
from vmsample.cli import CommandError

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


def positive_int(text):
    """An argparse type for a count of at least 1 (rows to show)."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"invalid count {text!r} (expected a positive integer)")
    return value


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


def load(path, progress=None, aggregate=False, merged=False):
    """Read the profile at [path] for a command; any failure is a one-line
    CommandError.  [aggregate]: the command reads `Profile.totals()` only, so
    the samples are summed while reading (memory that does not grow with them);
    [merged]: it reads samples merged within time slices (merge.py), which
    are merged while reading (memory bounded by the rows)."""
    from vmsample.profile.errors import ProfileFormatError
    from vmsample.profile.reader import read_profile
    from vmsample.report.progress import QUIET

    if not os.path.exists(path):
        raise CommandError(f"{path}: no such file")
    if os.path.isdir(path):
        raise CommandError(f"{path}: is a directory, not a profile")
    try:
        source = readable(path)
        with (progress or QUIET).status(f"reading {path}"):
            return read_profile(source, aggregate=aggregate, merged=merged)
    except OSError as e:
        raise CommandError(f"{path}: {e.strerror or e}") from None
    except ProfileFormatError as e:
        raise CommandError(f"{path}: not a valid profile: {e}") from None
    except MemoryError:
        raise CommandError(f"{path}: out of memory reading the profile") from None


def readable(path):
    """What a command reads of the profile [path]: the path, or, while a live
    run is writing the profile, what it holds so far (writing.py), which it
    says on stderr."""
    from vmsample.profile.errors import ProfileFormatError
    from vmsample.profile.recover import snapshot
    from vmsample.profile.writing import being_written

    busy = being_written(path)
    if busy is None:
        return path
    print(f"vmsample: {path} is {busy.strerror}: reading what it holds so far", file=sys.stderr)
    try:
        return snapshot(path)
    except FileNotFoundError:           # the run ended meanwhile: its spool is gone
        return path
    except ProfileFormatError:
        raise CommandError(f"{path}: {busy.strerror}, and nothing readable of it has reached the disk yet") \
            from None
