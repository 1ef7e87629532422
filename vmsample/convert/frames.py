"""What every converter needs from a profile: frame labels and sample streams.

Converters show *functions* (a flame graph merges by function, like
flamegraph.pl, speedscope and the Firefox Profiler), so a frame's label is
its function's name, made unique with ``(file:line)`` only when two
different functions share a name.  The vmprof writer turned ``:`` in names
into ``;``; labels turn it back, which also keeps ``;`` free as the
collapsed format's separator.
"""

from __future__ import annotations

from collections import Counter

from vmsample.profile.model import Code, Profile
from vmsample.profile.totals import SUMS

KINDS = ("alloc", "objects", "time")     # allocated bytes, allocated objects, CPU time


def display_name(code: Code) -> str:
    return code.function.replace(";", ":") or "<anonymous>"


def function_labels(profile: Profile) -> dict[int, str]:
    """code id -> a label unique among the profile's functions."""
    by_name: dict[str, set] = {}
    for code in profile.codes.values():
        by_name.setdefault(display_name(code), set()).add((code.file, code.first_line))
    labels = {}
    for cid, code in profile.codes.items():
        name = display_name(code)
        if len(by_name[name]) > 1 and code.file:
            name = f"{name} ({code.file}:{code.first_line})"
        labels[cid] = name
    return labels


def default_kind(profile: Profile) -> str:
    """The sample stream a single-stream output shows: allocations when there are any."""
    return "alloc" if profile.alloc_samples or not profile.time_samples else "time"


def check_kind(profile: Profile, kind: str) -> None:
    if kind not in KINDS:
        raise ValueError(f"unknown sample kind {kind!r} (expected one of {', '.join(KINDS)})")


def stack_weights(profile: Profile, kind: str) -> Counter:
    """stack index -> total weight: estimated bytes ("alloc") or objects
    ("objects") for allocation samples, sample counts for time samples (what
    flame graph tools expect)."""
    check_kind(profile, kind)
    totals = profile.totals()
    if kind == "time":
        return Counter(totals.time_stacks)
    value = SUMS.index("bytes" if kind == "alloc" else "objects")
    weights: Counter = Counter()
    for (stack, _type), v in totals.bins.items():
        weights[stack] += v[value]
    return weights


def code_path(profile: Profile, stack: int) -> list[int]:
    """The code ids of stack [stack], root first."""
    return [profile.frames[f].code.id for f in reversed(profile.stacks[stack])]
