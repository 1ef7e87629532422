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

Adjacent samples with the same stack are one sample (speedscope draws them
as one anyway).  A profile of more samples than vmsample.profile.merge's
MAX_ROWS is merged within time slices first (merge.py), and each
profile's name says so: a browser opens the file whatever the profile's
size.
"""

from __future__ import annotations

import json

import numpy as np

from vmsample import __version__
from vmsample.profile.columns import group, sum_by
from vmsample.profile.merge import merged
from vmsample.profile.model import Profile
from vmsample.profile.totals import has_lifetimes
from vmsample.report.progress import QUIET
from vmsample.report.units import fmt_merged

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


def _merge_runs(keys, weights):
    # Adjacent samples with the same stack become one: lossless, since
    # speedscope draws adjacent identical samples as one block anyway.
    if not len(keys):
        return [], []
    keys, weights = np.asarray(keys), np.asarray(weights)
    first = np.r_[True, keys[1:] != keys[:-1]]
    run = np.cumsum(first) - 1
    return keys[first].tolist(), sum_by(run, int(run[-1]) + 1, weights)[0].tolist()


def _profile(name, unit, keys, weights, path_of, slice_ns):
    keys, weights = _merge_runs(keys, weights)
    if slice_ns is not None:
        name += f" [{fmt_merged(slice_ns)}]"
    return {"type": "sampled", "name": name, "unit": unit, "startValue": 0,
            "endValue": sum(weights), "samples": [path_of(k) for k in keys], "weights": weights}


def convert(profile: Profile, progress=QUIET) -> dict:
    profile = merged(profile)
    frames = _Frames(profile)
    profiles = []
    if profile.alloc_samples:
        a = profile.alloc_samples
        # Each sample's key: a number per distinct (stack, type name).
        (stacks, types), which = group(a.stack, a.type_id)
        key_of: dict = {}
        group_key = [key_of.setdefault(k, len(key_of))
                     for k in zip(stacks.tolist(), (a.type_names[t] for t in types.tolist()))]
        keys_list = list(key_of)
        key = np.array(group_key, np.int64)[which]
        live = a.alive_at_end() if has_lifetimes(profile.meta) else np.zeros(len(a), bool)
        kinds = {}
        for name in ALLOC_PROFILES:
            w = a.objects if name.endswith("objects)") else a.weight
            keep = (w > 0) & (live if name.startswith("Live") else True)
            kinds[name] = (key[keep], w[keep])
        paths: dict = {}

        def alloc_path(k):
            p = paths.get(k)
            if p is None:
                stack, type_name = keys_list[k]
                p = paths[k] = frames.path(stack) + [frames.type(type_name)]
            return p

        for name, (keys, weights) in kinds.items():
            if len(keys):
                profiles.append(_profile(name, "bytes" if name.endswith("bytes)") else "none", keys, weights,
                                         alloc_path, a.slice_ns))
    if profile.time_samples:
        period = profile.meta.time_period_ns
        unit = "nanoseconds" if period else "none"
        ts = profile.time_samples
        weights = np.where(ts.weight != 0, ts.weight, ts.counts() * (period or 1))
        profiles.append(_profile("Time", unit, ts.stack, weights, frames.path, ts.slice_ns))
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
