"""Firefox Profiler processed profiles (https://profiler.firefox.com).

The output is the profiler's *processed* format at [PROCESSED_PROFILE_VERSION],
the version of its ``src/types/profile.ts`` this module was checked against.
A profiler that is newer upgrades it on load, step by step
(``processed-profile-versioning.ts``); one that is older refuses it with a
clear message.  The layout follows the paper's Figure 1:

* an **Allocations** thread whose samples are the allocation samples,
  weighted in bytes (``weightType: "bytes"``), each stack ending in a frame
  named after the allocated type and coloured by its fate: *Died young*
  (green), *Survived* (red, tenured at its first minor collection) or
  *Outcome unknown*; the same samples also fill the ``jsAllocations`` table
  (class name = type), so the call tree's allocation views work;
* an **Allocated objects** thread: the same samples weighted by the objects
  each stands for (the profiler has no object unit: its call tree calls them
  samples); a profile of more samples than vmsample.profile.merge's
  MAX_ROWS is merged within time slices first (merge.py), and the threads'
  names say so;
* a **Time** thread with the time samples, when there are any;
* memory counters (total_memory_used, total_size_of_arenas, VmRSS), each
  starting from 0 at the profile's start so that the counter tooltip shows
  absolute values, and, in files that record deaths, one per top allocation
  site ([LIVE_TRACKS], by peak) with its estimated live bytes over time;
* markers: one per pause (the program stopped for a minor collection and
  the major work after it: PAUSE records), one per minor collection (its
  statistics and how many sampled objects survived) and, for each major
  collection, one spanning it and one per phase (marking, sweeping,
  finalizing).

Times are milliseconds since the profile's start ([meta.startTime] is its
wall-clock start).  All tables live in ``profile.shared`` (stacks as a
prefix tree in topological order, ``prefixOffset`` = index - parent index).
"""

from __future__ import annotations

import json
import platform

import numpy as np

from vmsample import __version__
from vmsample.profile.columns import by_first_use, distinct, group, sum_by
from vmsample.profile.merge import merged
from vmsample.profile.model import NONE, Outcome, Profile, profile_origin_ns
from vmsample.profile.totals import has_lifetimes
from vmsample.report.analysis import SiteKeys, duration_ns, summarize
from vmsample.report.progress import QUIET
from vmsample.report.units import clipped, fmt_merged

from .frames import display_name

SUFFIX = ".firefox.json.gz"
PROCESSED_PROFILE_VERSION = 70
GECKO_PROFILE_VERSION = 36

# meta.categories.  The first "grey" category is the profiler's default.
CATEGORIES = [
    {"name": "Other", "color": "grey", "subcategories": ["Other"]},
    {"name": "Python", "color": "yellow", "subcategories": ["Other"]},
    {"name": "Died young", "color": "green", "subcategories": ["Other"]},
    {"name": "Survived", "color": "red", "subcategories": ["Other"]},
    {"name": "Outcome unknown", "color": "darkgrey", "subcategories": ["Other"]},
    {"name": "GC", "color": "orange", "subcategories": ["Other"]},
]
CAT_PYTHON, CAT_DIED, CAT_SURVIVED, CAT_UNKNOWN, CAT_GC = 1, 2, 3, 4, 5
OUTCOME_CATEGORY = {Outcome.DIED: CAT_DIED, Outcome.SURVIVED: CAT_SURVIVED, Outcome.UNKNOWN: CAT_UNKNOWN}

_CHART = ["marker-chart", "marker-table", "timeline-memory"]

MARKER_SCHEMA = [
    {
        "name": "GCMinor",
        "tooltipLabel": "Minor GC",
        "tableLabel": "Minor GC #{marker.data.index}: {marker.data.survived} of {marker.data.sampled} "
                      "sampled objects survived",
        "chartLabel": "Minor GC",
        "display": _CHART,
        "description": "A minor collection: the nursery's live objects were copied to the old space.",
        "fields": [
            {"key": "index", "label": "Collection", "format": "integer"},
            {"key": "bytes_copied", "label": "Bytes copied", "format": "bytes"},
            {"key": "total_memory_used", "label": "Total memory used", "format": "bytes"},
            {"key": "total_size_of_arenas", "label": "Total size of arenas", "format": "bytes"},
            {"key": "VmRSS", "label": "VmRSS", "format": "bytes"},
            {"key": "gc_state", "label": "Major GC state", "format": "string"},
            {"key": "sampled", "label": "Sampled objects resolved", "format": "integer"},
            {"key": "survived", "label": "Survived", "format": "integer"},
            {"key": "died", "label": "Died young", "format": "integer"},
        ],
    },
    {
        "name": "GCPause",
        "tooltipLabel": "GC pause",
        "tableLabel": "GC pause after minor GC #{marker.data.minor_index}: {marker.data.duration}, "
                      "major work {marker.data.major}",
        "chartLabel": "Pause",
        "display": _CHART,
        "description": "The program stopped for a collection: a minor collection and the step of "
                       "the major collection after it.",
        "fields": [
            {"key": "minor_index", "label": "Minor collection", "format": "integer"},
            {"key": "duration", "label": "Pause", "format": "duration"},
            {"key": "major", "label": "Major work", "format": "duration"},
        ],
    },
    {
        "name": "GCMajor",
        "tooltipLabel": "Major GC",
        "tableLabel": "Major GC #{marker.data.index}",
        "chartLabel": "Major GC",
        "display": _CHART,
        "description": "A major collection (mark-sweep of the old space), from its start to its end.",
        "fields": [
            {"key": "index", "label": "Collection", "format": "integer"},
            {"key": "phases", "label": "Phases", "format": "string"},
            {"key": "total_memory_used", "label": "Total memory used at the end", "format": "bytes"},
        ],
    },
    {
        "name": "GCMajorPhase",
        "tooltipLabel": "Major GC: {marker.data.state}",
        "tableLabel": "Major GC #{marker.data.index}: {marker.data.state}",
        "chartLabel": "{marker.data.state}",
        "display": ["marker-chart", "marker-table"],
        "description": "One phase of a major collection.",
        "fields": [
            {"key": "index", "label": "Collection", "format": "integer"},
            {"key": "state", "label": "Phase", "format": "string"},
        ],
    },
]

LIVE_TRACKS = 5
LIVE_COLORS = ("green", "teal", "magenta", "red", "yellow")

COUNTERS = (
    # (stat, label, graph colour)
    ("total_memory_used", "GC: total memory used", "orange"),
    ("total_size_of_arenas", "GC: total size of arenas", "blue"),
    ("VmRSS", "VmRSS", "purple"),
)

PID = "1"


class _Shared:
    """profile.shared: strings, sources, funcs, frames and the stack tree."""

    def __init__(self):
        self.strings: list[str] = []
        self._string_index: dict[str, int] = {}
        self.sources = {"length": 0, "id": [], "filename": [], "startLine": [], "startColumn": [],
                        "sourceMapURL": [], "content": []}
        self._source_index: dict[str, int] = {}
        self.funcs = {"name": [], "isJS": [], "relevantForJS": [], "resource": [], "source": [],
                      "lineNumber": [], "columnNumber": [], "originalLocation": [], "length": 0}
        self._func_index: dict = {}
        self.frames = {"address": [], "lib": [], "inlineDepth": [], "category": [], "subcategory": [],
                       "func": [], "nativeSymbol": [], "innerWindowID": [], "line": [], "column": [],
                       "originalLocation": [], "length": 0}
        self._frame_index: dict = {}
        self.stacks = {"frame": [], "prefixOffset": [], "length": 0}
        self._stack_index: dict = {}

    def string(self, s: str) -> int:
        i = self._string_index.get(s)
        if i is None:
            i = self._string_index[s] = len(self.strings)
            self.strings.append(s)
        return i

    def source(self, file: str) -> int:
        i = self._source_index.get(file)
        if i is None:
            t = self.sources
            i = self._source_index[file] = t["length"]
            t["id"].append(None)
            t["filename"].append(self.string(file))
            t["startLine"].append(1)
            t["startColumn"].append(1)
            t["sourceMapURL"].append(None)
            t["content"].append(None)
            t["length"] += 1
        return i

    def func(self, key, name: str, file: str | None, line: int | None, is_js: bool) -> int:
        i = self._func_index.get(key)
        if i is None:
            t = self.funcs
            i = self._func_index[key] = t["length"]
            t["name"].append(self.string(name))
            t["isJS"].append(is_js)
            t["relevantForJS"].append(not is_js)
            t["resource"].append(-1)
            t["source"].append(self.source(file) if file else None)
            t["lineNumber"].append(line if line and line > 0 else None)
            t["columnNumber"].append(None)
            t["originalLocation"].append(None)
            t["length"] += 1
        return i

    def frame(self, func: int, line: int | None, category: int) -> int:
        key = (func, line, category)
        i = self._frame_index.get(key)
        if i is None:
            t = self.frames
            i = self._frame_index[key] = t["length"]
            t["address"].append(-1)
            t["lib"].append(-1)
            t["inlineDepth"].append(0)
            t["category"].append(category)
            t["subcategory"].append(0)
            t["func"].append(func)
            t["nativeSymbol"].append(None)
            t["innerWindowID"].append(0)
            t["line"].append(line if line and line > 0 else None)
            t["column"].append(None)
            t["originalLocation"].append(None)
            t["length"] += 1
        return i

    def stack(self, prefix: int | None, frame: int) -> int:
        key = (prefix, frame)
        i = self._stack_index.get(key)
        if i is None:
            t = self.stacks
            i = self._stack_index[key] = t["length"]
            t["frame"].append(frame)
            t["prefixOffset"].append(0 if prefix is None else i - prefix)
            t["length"] += 1
        return i

    def to_json(self) -> dict:
        return {
            "stackTable": self.stacks,
            "frameTable": self.frames,
            "funcTable": self.funcs,
            "resourceTable": {"length": 0, "name": [], "host": [], "type": []},
            "nativeSymbols": {"libIndex": [], "address": [], "name": [], "functionSize": [], "length": 0},
            "stringArray": self.strings,
            "sources": self.sources,
            "sourceLocationTable": {"source": [], "line": [], "column": [], "length": 0},
        }


class _Stacks:
    """vmsample stacks -> stack-table indices (root first, memoised)."""

    def __init__(self, profile: Profile, shared: _Shared):
        self.profile = profile
        self.shared = shared
        self.memo: dict[int, int | None] = {}
        self.type_memo: dict = {}

    def of(self, stack: int) -> int | None:
        if stack in self.memo:
            return self.memo[stack]
        sh = self.shared
        prefix = None
        for f in reversed(self.profile.stacks[stack]):
            frame = self.profile.frames[f]
            code = frame.code
            func = sh.func(("code", code.id), display_name(code), code.file, code.first_line, True)
            prefix = sh.stack(prefix, sh.frame(func, frame.line, CAT_PYTHON))
        self.memo[stack] = prefix
        return prefix

    def with_type(self, stack: int, type_name: str, outcome: Outcome) -> int:
        key = (stack, type_name, outcome)
        i = self.type_memo.get(key)
        if i is None:
            sh = self.shared
            func = sh.func(("type", type_name), type_name, None, None, False)
            i = self.type_memo[key] = sh.stack(self.of(stack), sh.frame(func, None, OUTCOME_CATEGORY[outcome]))
        return i


def _ms(ns: int, start_ns: int) -> float:
    return round((ns - start_ns) / 1e6, 6)


def _ms_list(ns: np.ndarray, start_ns: int) -> list[float]:
    """[_ms] of every element of [ns]."""
    return np.round((np.asarray(ns, np.int64) - start_ns) / 1e6, 6).tolist()


def _empty_markers() -> dict:
    return {"data": [], "name": [], "startTime": [], "endTime": [], "phase": [], "category": [], "length": 0}


def _thread(name: str, tid, main: bool, program: str, end_ms: float, samples: dict) -> dict:
    return {
        "processType": "default",
        "processStartupTime": 0,
        "processShutdownTime": end_ms,
        "registerTime": 0,
        "unregisterTime": None,
        "pausedRanges": [],
        "showMarkersInTimeline": True,
        "name": name,
        "isMainThread": main,
        "processName": program,
        "pid": PID,
        "tid": tid,
        "samples": samples,
        "markers": _empty_markers(),
    }


def _add_marker(markers, shared, name, start, end, data):
    markers["data"].append(data)
    markers["name"].append(shared.string(name))
    markers["startTime"].append(start)
    markers["endTime"].append(end)
    markers["phase"].append(1)
    markers["category"].append(CAT_GC)
    markers["length"] += 1


def _gc_markers(profile, markers, shared, start_ns):
    for p in profile.pauses:
        _add_marker(markers, shared, "GC pause", _ms(p.time_ns, start_ns), _ms(p.time_ns + p.duration_ns, start_ns),
                    {"type": "GCPause", "minor_index": p.minor_index, "duration": p.duration_ns / 1e6,
                     "major": p.major_ns / 1e6})
    for m in profile.minor_collections:
        data = {"type": "GCMinor", "index": m.index, "gc_state": m.gc_state, "sampled": m.n_sampled,
                "survived": m.n_survived, "died": m.n_died}
        for stat in ("bytes_copied", "total_memory_used", "total_size_of_arenas", "VmRSS"):
            if stat in m.stats:
                data[stat] = m.stats[stat]
        _add_marker(markers, shared, "Minor GC", _ms(m.time_ns, start_ns),
                    _ms(m.time_ns + m.duration_ns, start_ns), data)
    last_ns = max([m.time_ns + m.duration_ns for m in profile.minor_collections]
                  + [e.time_ns for e in profile.major_events] + [start_ns])
    for c in profile.major_collections:
        end = c.end_ns if c.end_ns is not None else last_ns
        used = [e.total_memory_used for e in profile.major_events if e.index == c.index]
        _add_marker(markers, shared, "Major GC", _ms(c.start_ns, start_ns), _ms(end, start_ns), {
            "type": "GCMajor", "index": c.index,
            "phases": " > ".join(p.state.lower() for p in c.phases) + ("" if c.end_ns is not None
                                                                       else " (unfinished)"),
            "total_memory_used": used[-1] if used else 0})
        for p in c.phases:
            p_end = p.end_ns if p.end_ns is not None else end
            _add_marker(markers, shared, f"Major GC: {p.state.lower()}", _ms(p.start_ns, start_ns),
                        _ms(p_end, start_ns), {"type": "GCMajorPhase", "index": c.index,
                                               "state": p.state.lower()})


def _live_tracks(profile):
    """(label, times ns, changes of live bytes) of the top sites by peak
    live bytes (vmsample/report/live.py's lives), in time order."""
    if not has_lifetimes(profile.meta):
        return []
    keys = SiteKeys(profile)
    a = profile.alloc_samples
    known = np.flatnonzero((a.outcome == Outcome.DIED) | (a.outcome == Outcome.SURVIVED))
    stacks, which = distinct(a.stack[known])
    site = np.array([keys.leaf(k, keys.site) for k in stacks.tolist()], np.int64)[which]
    dead = a.death_ns[known] != NONE
    # Every change of live bytes: +weight at birth, -weight at death; by
    # site, then time, then change (as sorting the (time, change) pairs would).
    site = np.concatenate([site, site[dead]])
    time = np.concatenate([a.time_ns[known], a.death_ns[known][dead]])
    delta = np.concatenate([a.weight[known], -a.weight[known][dead]])
    order = np.lexsort((delta, time, site))
    site, time, delta = site[order], time[order], delta[order]
    if not len(site):
        return []
    starts = np.flatnonzero(np.r_[True, site[1:] != site[:-1]])
    live = np.cumsum(delta)
    live -= np.repeat(live[starts] - delta[starts], np.diff(np.r_[starts, len(site)]))
    peaks = np.maximum(np.maximum.reduceat(live, starts), 0)
    ends = np.r_[starts[1:], len(site)]
    tracks = {int(site[i]): (int(peak), i, j) for i, j, peak in zip(starts.tolist(), ends.tolist(), peaks.tolist())}
    top = sorted((k for k in tracks if tracks[k][0] > 0), key=lambda k: (-tracks[k][0], str(keys.sites[k])))
    return [(f"live: {keys.sites[k]}", time[tracks[k][1]:tracks[k][2]], delta[tracks[k][1]:tracks[k][2]])
            for k in top[:LIVE_TRACKS]]


# Points per counter track past which its changes are summed within equal
# time slices (the track's description says so): the value at the end of
# each slice stays exact, the swings within one are not drawn.
MAX_COUNTER_POINTS = 20_000


def _sum_in_time_slices(times, deltas):
    """(times, deltas) in time order -> at most MAX_COUNTER_POINTS points:
    each slice's summed change at its last change's time."""
    t0, t1 = int(times[0]), int(times[-1])
    width = (t1 - t0) / MAX_COUNTER_POINTS or 1.0
    time_slice = np.minimum(((times - t0) / width).astype(np.int64), MAX_COUNTER_POINTS - 1)
    used, which = distinct(time_slice)
    last = np.r_[which[1:] != which[:-1], True]
    return times[last], sum_by(which, len(used), deltas)[0]


def _counters(profile, start_ns, end_ms) -> list[dict]:
    out = []
    series = []
    for stat, label, color in COUNTERS:
        points = [(m.time_ns + m.duration_ns, m.stats[stat]) for m in profile.minor_collections
                  if m.stats.get(stat)]
        deltas, previous = [], 0
        for t, value in points:
            deltas.append((t, value - previous))
            previous = value
        series.append((stat, label, color, f"{label} after each minor collection, in bytes",
                       np.array([t for t, _ in deltas], np.int64), np.array([d for _, d in deltas], np.int64)))
    for (label, times, deltas), color in zip(_live_tracks(profile), LIVE_COLORS):
        series.append((label, label, color, f"estimated bytes alive, allocated at {label[6:]}", times, deltas))
    for stat, label, color, description, times, deltas in series:
        if not len(deltas):
            continue
        if len(deltas) > MAX_COUNTER_POINTS:
            times, deltas = _sum_in_time_slices(times, deltas)
            description += f" (changes summed within {MAX_COUNTER_POINTS} time slices)"
        # A first sample of 0 at the start: the profiler shows accumulated
        # counts minus their minimum, which is then the absolute value.
        times = [0.0] + np.maximum(0.0, np.round((times - start_ns) / 1e6, 6)).tolist()
        counts = [0] + deltas.tolist()
        out.append({
            "name": stat,
            "category": "Memory",
            "description": description,
            "pid": PID,
            "mainThreadIndex": 0,
            "samples": {"time": times, "count": counts, "length": len(times)},
            "display": {
                "graphType": "line-accumulated",
                "unit": "bytes",
                "color": color,
                "markerSchemaLocation": "timeline-memory" if not out else None,
                "sortWeight": 20 + len(out),
                "label": label,
                "tooltipRows": [
                    {"type": "value", "source": "accumulated", "format": {"unit": "bytes"}, "label": label},
                    {"type": "value", "source": "count", "format": {"unit": "bytes"},
                     "label": "change since the previous collection"},
                    {"type": "value", "source": "count-range", "format": {"unit": "bytes"},
                     "label": "range in the graph"},
                ],
            },
        })
    return out


def _extra(profile: Profile) -> list[dict]:
    s = summarize(profile)
    entries = [{"label": "Allocation sampling", "format": "string",
                "value": f"{s.alloc_sampling}, one sample per {s.alloc_period} bytes" if s.alloc_period else "off"}]
    if s.alloc_samples:
        entries += [
            {"label": "Allocation samples", "format": "integer", "value": s.alloc_samples},
            {"label": "Estimated bytes allocated", "format": "bytes", "value": s.total.bytes},
        ]
        if s.total.died_young is not None:
            entries.append({"label": "Died young (of bytes with a known outcome)", "format": "percentage",
                            "value": s.total.died_young})
    if s.time_samples:
        entries.append({"label": "Time samples", "format": "integer", "value": s.time_samples})
    entries += [
        {"label": "Minor collections", "format": "integer", "value": s.minor_collections},
        {"label": "Major collections", "format": "integer", "value": s.major_collections},
    ]
    if s.peak_heap is not None:
        entries.append({"label": "Old space in use, peak (total_memory_used)", "format": "bytes", "value": s.peak_heap})
    return [{"label": "vmsample", "entries": entries}]


def convert(profile: Profile, progress=QUIET) -> dict:
    profile = merged(profile)
    meta = profile.meta
    start_ns = profile_origin_ns(profile)
    end_ms = (duration_ns(profile) or 0) / 1e6
    program = meta.program or "vmsample"
    shared = _Shared()
    stacks = _Stacks(profile, shared)
    threads = []

    a = profile.alloc_samples
    thread_ids, thread_of = distinct(a.thread_id)
    for t, tid in enumerate(thread_ids.tolist()):
        mine = np.flatnonzero(thread_of == t)
        order = mine[np.argsort(a.time_ns[mine], kind="stable")]
        # One call stack per (stack, type, outcome), made in order of first use.
        (g_stack, g_type, g_outcome), which = group(a.stack[order], a.type_id[order], a.outcome[order])
        made = np.zeros(len(g_stack), np.int64)
        for g in progress.iterate("allocation stacks", by_first_use(which).tolist()):
            made[g] = stacks.with_type(int(g_stack[g]), a.type_names[int(g_type[g])], Outcome(int(g_outcome[g])))
        name = "Allocations" if len(thread_ids) == 1 else f"Allocations (thread {tid})"
        objects_name = name.replace("Allocations", "Allocated objects")
        if a.slice_ns is not None:
            name, objects_name = (f"{n} [{fmt_merged(a.slice_ns)}]" for n in (name, objects_name))
        stack_col, time_col, weight_col, type_col, nursery_col = (
            made[which].tolist(), _ms_list(a.time_ns[order], start_ns), a.weight[order].tolist(),
            a.type_id[order].tolist(), (~a.large[order]).tolist())
        objects_col = np.round(a.objects[order], 6).tolist()
        # (per sample: a type's whole name is its call stacks' leaf frame, stored once)
        class_names = {t: clipped(a.type_names[t]) for t in set(type_col)}
        class_col = [class_names[t] for t in type_col]
        thread = _thread(name, tid, not threads, program, end_ms, {
            "stack": stack_col, "time": time_col, "weight": weight_col, "weightType": "bytes",
            "length": len(stack_col)})
        thread["jsAllocations"] = {
            "time": time_col,
            "className": class_col,
            "typeName": ["JSObject"] * len(stack_col),
            "coarseType": ["Object"] * len(stack_col),
            "weight": weight_col,
            "weightType": "bytes",
            "inNursery": nursery_col,
            "stack": stack_col,
            "length": len(stack_col),
        }
        threads.append(thread)
        # The profiler weighs samples in bytes, samples or milliseconds only:
        # estimated objects go in a thread of their own, as "samples".
        threads.append(_thread(objects_name, tid, False, program, end_ms, {
            "stack": stack_col, "time": time_col, "weight": objects_col,
            "weightType": "samples", "length": len(stack_col)}))

    ts = profile.time_samples
    thread_ids, thread_of = distinct(ts.thread_id)
    for t, tid in enumerate(thread_ids.tolist()):
        mine = np.flatnonzero(thread_of == t)
        # Stock vmprof files (version < 7) have no timestamps: spread the
        # samples evenly by the timer period.
        period_ms = (meta.time_period_ns or 1_000_000) / 1e6
        times = ts.time_ns[mine]
        time_col = _ms_list(times, start_ns) if not (times == NONE).any() else [
            _ms(t, start_ns) if t != NONE else round(i * period_ms, 6) for i, t in enumerate(times.tolist())]
        used, which = distinct(ts.stack[mine])
        made = [stacks.of(k) for k in progress.iterate("time stacks", used.tolist())]
        stack_col = [made[i] for i in which.tolist()]
        name = "Time" if len(thread_ids) == 1 else f"Time (thread {tid})"
        if ts.slice_ns is not None:
            name += f" [{fmt_merged(ts.slice_ns)}]"
        threads.append(_thread(name, tid, not threads, program, end_ms, {
            "stack": stack_col, "time": time_col, "weightType": "samples",
            "weight": None if ts.slice_ns is None else ts.counts()[mine].tolist(),
            "length": len(mine)}))

    if not threads:
        threads.append(_thread("GC", 0, True, program, end_ms, {
            "stack": [], "time": [], "weight": None, "weightType": "samples", "length": 0}))
    _gc_markers(profile, threads[0]["markers"], shared, start_ns)

    start_ms = meta.start_time.timestamp() * 1000 if meta.start_time else 0
    interval = (meta.time_period_ns or 1_000_000) / 1e6
    out_meta = {
        "interval": interval,
        "startTime": start_ms,
        "profilingStartTime": 0,
        "profilingEndTime": end_ms,
        "processType": 0,
        "product": f"vmsample: {program}",
        "stackwalk": 0,
        "debug": False,
        "version": GECKO_PROFILE_VERSION,
        "preprocessedProfileVersion": PROCESSED_PROFILE_VERSION,
        "categories": CATEGORIES,
        "markerSchema": MARKER_SCHEMA,
        "importedFrom": f"vmsample {__version__}",
        "symbolicated": True,
        "symbolicationNotSupported": True,
        "usesOnlyOneStackType": True,
        "sourceCodeIsNotOnSearchfox": True,
        "keepProfileThreadOrder": True,
        "initialVisibleThreads": list(range(len(threads))),
        "initialSelectedThreads": [0],
        "extra": _extra(profile),
    }
    if meta.end_time:
        out_meta["endTime"] = meta.end_time.timestamp() * 1000
    if meta.argv:
        out_meta["arguments"] = " ".join(meta.argv)
    if meta.os:
        out_meta["oscpu"] = f"{meta.os} {platform.machine()}".strip()
        out_meta["platform"] = {"linux": "X11", "win32": "Windows", "mac os x": "Macintosh"}.get(meta.os, meta.os)
    return {
        "meta": out_meta,
        "libs": [],
        "pages": [],
        "counters": _counters(profile, start_ns, end_ms),
        "shared": shared.to_json(),
        "threads": threads,
    }


def render(profile: Profile, progress=QUIET) -> str:
    return json.dumps(convert(profile, progress), separators=(",", ":"))
