"""Collapsed stacks, the input of flamegraph.pl, inferno and speedscope:

    <module>;main;make_tree 1048576

one line per distinct stack, root first, ``;``-separated, then the weight:
estimated allocated bytes for allocation samples (``kind="alloc"``), or the
estimated number of objects allocated (``kind="objects"``, rounded to whole
objects per line, as flame graph tools want integers), the number of samples
for time samples (``kind="time"``).  Stacks with the same functions are
merged; lines are sorted.
"""

from __future__ import annotations

from collections import Counter

from vmsample.profile.model import Profile
from vmsample.report.analysis import NO_STACK
from vmsample.report.progress import QUIET

from .frames import code_path, default_kind, function_labels, stack_weights

SUFFIX = ".collapsed.txt"


def render(profile: Profile, progress=QUIET, kind: str | None = None) -> str:
    kind = kind or default_kind(profile)
    labels = function_labels(profile)
    weights = stack_weights(profile, kind)
    lines: Counter = Counter()
    with progress.task("collapsing stacks", len(weights)) as advance:
        for stack, weight in weights.items():
            path = ";".join(labels[c] for c in code_path(profile, stack)) or NO_STACK
            lines[path] += weight
            advance()
    return "".join(f"{path} {round(weight)}\n" for path, weight in sorted(lines.items()))
