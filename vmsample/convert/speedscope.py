"""speedscope files (https://www.speedscope.app/file-format-schema.json).

One ``sampled`` profile per sample kind and measure: "Allocations" (each
sample weighted by the bytes it stands for, unit ``bytes``, or by the
objects, unit ``none``; its leaf frame the allocated type, e.g.
``[list]``), "Live at the end" (the same for the samples whose object was
alive when profiling stopped, in files that record deaths) and "Time" (unit
``nanoseconds`` when the timer period is known, else ``none`` with weight
1).  Samples list frame indices root
first.  Frames are functions (name, file, first line) shared by both
profiles; speedscope refuses zero or negative weights, so none are written.
"""

from __future__ import annotations

import json

from vmsample import __version__
from vmsample.profile.model import Profile
from vmsample.report.analysis import has_lifetimes
from vmsample.report.progress import QUIET

from .frames import display_name, function_labels

SUFFIX = ".speedscope.json"
SCHEMA = "https://www.speedscope.app/file-format-schema.json"


def type_frame_name(type_name: str) -> str:
    return f"[{type_name}]"


class _Frames:
    def __init__(self, profile):
        self.profile = profile
        self.labels = function_labels(profile)
        self.frames: list[dict] = []
        self.index: dict = {}
        self.paths: dict[int, list[int]] = {}

    def _intern(self, key, frame):
        i = self.index.get(key)
        if i is None:
            i = self.index[key] = len(self.frames)
            self.frames.append(frame)
        return i

    def code(self, code):
        frame = {"name": self.labels.get(code.id, display_name(code))}
        if code.file:
            frame["file"] = code.file
        if code.first_line > 0:
            frame["line"] = code.first_line
        return self._intern(("code", code.id), frame)

    def type(self, name):
        return self._intern(("type", name), {"name": type_frame_name(name)})

    def path(self, stack):
        """Frame indices of [stack], root first (memoised per stack)."""
        p = self.paths.get(stack)
        if p is None:
            frames = self.profile.frames
            p = self.paths[stack] = [self.code(frames[f].code) for f in reversed(self.profile.stacks[stack])]
        return p


ALLOC_PROFILES = ("Allocations (estimated bytes)", "Allocations (estimated objects)",
                  "Live at the end (estimated bytes)", "Live at the end (estimated objects)")


def _profile(name, unit, samples, weights):
    return {"type": "sampled", "name": name, "unit": unit, "startValue": 0,
            "endValue": sum(weights), "samples": samples, "weights": weights}


def convert(profile: Profile, progress=QUIET) -> dict:
    frames = _Frames(profile)
    profiles = []
    if profile.alloc_samples:
        # (samples, weights) per profile, in the order they are shown
        kinds = {name: ([], []) for name in ALLOC_PROFILES}
        lifetimes = has_lifetimes(profile)
        for s in progress.iterate("allocation samples", profile.alloc_samples):
            path = frames.path(s.stack) + [frames.type(s.type_name)]
            live = lifetimes and s.alive_at_end
            for name, (samples, weights) in kinds.items():
                w = s.objects if name.endswith("objects)") else s.weight
                if w > 0 and (live or not name.startswith("Live")):
                    samples.append(path)
                    weights.append(w)
        for name, (samples, weights) in kinds.items():
            if samples:
                profiles.append(_profile(name, "bytes" if name.endswith("bytes)") else "none", samples, weights))
    if profile.time_samples:
        period = profile.meta.time_period_ns
        unit = "nanoseconds" if period else "none"
        samples, weights = [], []
        for s in progress.iterate("time samples", profile.time_samples):
            samples.append(frames.path(s.stack))
            weights.append(s.weight or period or 1)
        profiles.append(_profile("Time", unit, samples, weights))
    name = profile.meta.program or "vmsample profile"
    return {
        "$schema": SCHEMA,
        "name": name,
        "exporter": f"vmsample {__version__}",
        "activeProfileIndex": 0,
        "shared": {"frames": frames.frames},
        "profiles": profiles,
    }


def render(profile: Profile, progress=QUIET) -> str:
    return json.dumps(convert(profile, progress), separators=(",", ":"))
