"""One self-contained HTML page: flame graphs, types and the GC timeline.

The page needs no network: the stylesheet, the script (``html/page.js``) and
the data are inlined.  The data is a call tree per sample kind, built here:

* a node is a function called from its parent node (flame graphs merge by
  function); node 0 is the root, named after the program;
* nodes are listed parents first; ``parent[i] < i``;
* a node's *self* entries say what was sampled with it as the leaf frame:
  for allocations ``[type, bytes, died, survived, samples]`` per type, for
  time samples ``[samples]``; the page sums them up the tree, so filtering
  by type or searching needs no other data;
* ``lines[i]`` lists the node's self bytes by source line, largest first.

Trees with more than [MAX_NODES] nodes lose their smallest nodes (a gap in
the parent, as flamegraph.pl's ``--minwidth`` does) and say so on the page.

The live heap (files that record deaths): ``live.samples`` lists the lives of
the sampled objects -- ``[node of the allocation tree, type, bytes, birth ms,
death ms or None, samples]``, lives with the same node, type and times (rounded to
1/[LIVE_BUCKETS] of the run) merged -- from which the page draws the live
bytes over time stacked by the top [LIVE_SITES] sites and the live flame
graph at the moment chosen on that chart (at the end, at first).  When the
profile's samples were merged within time slices (vmsample/profile/merge.py:
`vmsample convert` reads them so), ``live.merged`` says how, and the chart
shows it.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
from importlib import resources

import numpy as np

from vmsample import __version__
from vmsample.profile.columns import by_first_use, distinct, group, sum_by
from vmsample.profile.model import NONE, Outcome, Profile, profile_origin_ns
from vmsample.profile.totals import has_lifetimes
from vmsample.report.analysis import PauseSummary, analyze, duration_ns
from vmsample.report.progress import QUIET
from vmsample.report.units import fmt_merged

from .frames import display_name

SUFFIX = ".html"
MAX_NODES = 30_000
MAX_GC_POINTS = 4_000
MAX_LINES_PER_NODE = 5
LIVE_BUCKETS = 2000
LIVE_SITES = 8


def _root_name(profile: Profile) -> str:
    return os.path.basename(profile.meta.program) if profile.meta.program else "all"


class _Tree:
    def __init__(self, profile: Profile, root_name: str):
        self.profile = profile
        self.index: dict[tuple[int, int], int] = {}
        self.parent = [-1]
        self.code = [0]
        self.self: list[dict] = [{}]
        self.lines: list[dict] = [{}]
        self.codes: dict[int, int] = {}         # code id -> function table index
        self.functions: list[list] = []         # [name, file, first line]
        self.root_name = root_name
        self.memo: dict[int, int] = {}

    def _function(self, code) -> int:
        i = self.codes.get(code.id)
        if i is None:
            i = self.codes[code.id] = len(self.functions)
            self.functions.append([display_name(code), code.file, code.first_line])
        return i

    def node_of(self, stack: int) -> int:
        """The node of [stack] (created with its ancestors as needed)."""
        node = self.memo.get(stack)
        if node is not None:
            return node
        node = 0
        for f in reversed(self.profile.stacks[stack]):
            code = self.profile.frames[f].code
            key = (node, code.id)
            child = self.index.get(key)
            if child is None:
                child = self.index[key] = len(self.parent)
                self.parent.append(node)
                self.code.append(self._function(code))
                self.self.append({})
                self.lines.append({})
            node = child
        self.memo[stack] = node
        return node

    def leaf_line(self, stack: int) -> int | None:
        frames = self.profile.stacks[stack]
        return self.profile.frames[frames[0]].line if frames else None

    def totals(self, weight_of) -> list[float]:
        total = [weight_of(s) for s in self.self]
        for i in range(len(total) - 1, 0, -1):
            total[self.parent[i]] += total[i]
        return total

    def pruned(self, weight_of) -> tuple[list[int], int]:
        """Indices of the nodes to keep (parents first), and how many were dropped."""
        n = len(self.parent)
        if n <= MAX_NODES:
            return list(range(n)), 0
        total = self.totals(weight_of)
        threshold = sorted(total, reverse=True)[MAX_NODES - 1]
        keep = [0]
        kept = {0}
        for i in range(1, n):
            if total[i] >= threshold and self.parent[i] in kept and len(keep) < MAX_NODES:
                keep.append(i)
                kept.add(i)
        return keep, n - len(keep)

    def kept_node(self, keep: list[int]) -> list[int]:
        """For every node, its index after pruning: its own, or its nearest kept ancestor's."""
        new = {old: k for k, old in enumerate(keep)}
        out = [0] * len(self.parent)
        for i in range(1, len(self.parent)):        # parents first
            out[i] = new[i] if i in new else out[self.parent[i]]
        return out

    def to_json(self, keep: list[int], self_of) -> dict:
        new = {old: k for k, old in enumerate(keep)}
        return {
            "functions": self.functions,
            "root": self.root_name,
            "parent": [new[self.parent[i]] if i else -1 for i in keep],
            "func": [self.code[i] if i else -1 for i in keep],
            "self": [self_of(self.self[i]) for i in keep],
            "lines": [sorted(self.lines[i].items(), key=lambda kv: -kv[1])[:MAX_LINES_PER_NODE] for i in keep],
        }


def alloc_tree(profile: Profile, progress=QUIET) -> dict | None:
    if not profile.alloc_samples:
        return None
    tree = _Tree(profile, _root_name(profile))
    type_index: dict[int, int] = {}
    types: list[str] = []
    a = profile.alloc_samples
    w = a.weight
    (g_stack, g_type), which = group(a.stack, a.type_id)
    sums = sum_by(which, len(g_stack), w, np.where(a.outcome == Outcome.DIED, w, 0),
                  np.where(a.outcome == Outcome.SURVIVED, w, 0), a.counts())
    # Nodes, types and lines are numbered in the order samples first use them.
    for g in progress.iterate("allocation sites", by_first_use(which).tolist()):
        stack, type_id = int(g_stack[g]), int(g_type[g])
        nbytes, died, survived, count = (int(c[g]) for c in sums)
        node = tree.node_of(stack)
        t = type_index.get(type_id)
        if t is None:
            t = type_index[type_id] = len(types)
            types.append(a.type_names[type_id])
        entry = tree.self[node].get(t)
        if entry is None:
            entry = tree.self[node][t] = [t, 0, 0, 0, 0]
        entry[1] += nbytes
        entry[2] += died
        entry[3] += survived
        entry[4] += count
        line = tree.leaf_line(stack)
        if line is not None:
            tree.lines[node][line] = tree.lines[node].get(line, 0) + nbytes
    keep, dropped = tree.pruned(lambda entries: sum(e[1] for e in entries.values()))
    out = tree.to_json(keep, lambda entries: sorted(entries.values(), key=lambda e: -e[1]))
    out.update(unit="bytes", types=types, dropped=dropped)
    kept = tree.kept_node(keep)
    out["node_of_stack"] = {stack: kept[node] for stack, node in tree.memo.items()}
    out["type_index"] = type_index
    return out


def live_series(profile: Profile, tree: dict, start_ns: int, progress=QUIET) -> dict | None:
    """The lives of the sampled objects for the page (see the module docstring)."""
    if not has_lifetimes(profile.meta) or tree is None:
        return None
    duration = max(1, duration_ns(profile) or 1)
    bucket = duration / LIVE_BUCKETS

    def ms(t):
        return np.round(np.round((t - start_ns) / bucket) * bucket / 1e6, 4)

    node_of, type_index = tree["node_of_stack"], tree["type_index"]
    a = profile.alloc_samples
    known = np.flatnonzero((a.outcome == Outcome.DIED) | (a.outcome == Outcome.SURVIVED))
    stacks, stack_at = distinct(a.stack[known])
    types, type_at = distinct(a.type_id[known])
    node = np.array([node_of[k] for k in stacks.tolist()], np.int64)[stack_at]
    type_ = np.array([type_index[t] for t in types.tolist()], np.int64)[type_at]
    born = ms(a.time_ns[known])
    death_ns = a.death_ns[known]
    died = death_ns != NONE
    death = np.where(died, ms(np.where(died, death_ns, start_ns)), -np.inf)       # -inf: alive at the end
    # One point per (node, type, birth, death) bucket, in the order samples first fill it.
    (g_node, g_type, g_born, g_death), which = group(node, type_, born, death)
    weight, count = sum_by(which, len(g_node), a.weight[known], a.counts()[known])
    order = by_first_use(which)
    merged = {(n, t, b, None if d == -np.inf else d): (w, c) for n, t, b, d, w, c in zip(
        *(col[order].tolist() for col in (g_node, g_type, g_born, g_death, weight, count)))}
    site_bytes: dict[int, int] = {}
    for (n, _, _, _), (w, _) in merged.items():
        site_bytes[n] = site_bytes.get(n, 0) + w
    top = sorted(site_bytes, key=lambda n: -site_bytes[n])[:LIVE_SITES]
    return {"samples": [[n, t, w, b, d, c] for (n, t, b, d), (w, c) in merged.items()], "top_nodes": top,
            "end_ms": round(duration / 1e6, 4), "merged": a.slice_ns and fmt_merged(a.slice_ns)}


def time_tree(profile: Profile, progress=QUIET) -> dict | None:
    if not profile.time_samples:
        return None
    tree = _Tree(profile, _root_name(profile))
    stacks, which = distinct(profile.time_samples.stack)
    counts = sum_by(which, len(stacks), profile.time_samples.counts())[0]
    for i in progress.iterate("time stacks", by_first_use(which).tolist()):
        stack, count = int(stacks[i]), int(counts[i])
        node = tree.node_of(stack)
        tree.self[node][0] = tree.self[node].get(0, 0) + count
        line = tree.leaf_line(stack)
        if line is not None:
            tree.lines[node][line] = tree.lines[node].get(line, 0) + count
    keep, dropped = tree.pruned(lambda entries: entries.get(0, 0))
    out = tree.to_json(keep, lambda entries: [[entries.get(0, 0)]] if entries else [])
    out.update(unit="samples", period_ns=profile.meta.time_period_ns, dropped=dropped)
    return out


def gc_series(profile: Profile, start_ns: int) -> dict:
    """Minor collections (downsampled to [MAX_GC_POINTS] by keeping the
    largest memory value of each bucket), major collections with phases,
    and the pauses (downsampled by keeping the longest of each bucket, so
    that the longest pause is always drawn)."""
    minors = profile.minor_collections
    step = max(1, -(-len(minors) // MAX_GC_POINTS))
    points = []
    for i in range(0, len(minors), step):
        bucket = minors[i:i + step]
        m = max(bucket, key=lambda m: m.total_memory_used)
        points.append([round((m.time_ns - start_ns) / 1e6, 4), sum(b.duration_ns for b in bucket),
                       m.total_memory_used, m.total_size_of_arenas, m.vmrss,
                       sum(b.bytes_copied for b in bucket), sum(b.n_survived for b in bucket),
                       sum(b.n_died for b in bucket), len(bucket)])
    majors = []
    for c in profile.major_collections:
        majors.append({"index": c.index, "start": round((c.start_ns - start_ns) / 1e6, 4),
                       "end": None if c.end_ns is None else round((c.end_ns - start_ns) / 1e6, 4),
                       "phases": [[p.state.lower(), round((p.start_ns - start_ns) / 1e6, 4)] for p in c.phases]})
    pauses = profile.pauses
    step = max(1, -(-len(pauses) // MAX_GC_POINTS))
    longest = [max(pauses[i:i + step], key=lambda p: p.duration_ns) for i in range(0, len(pauses), step)]
    return {"minor": points, "minor_count": len(minors), "major": majors,
            "pause": [[round((p.time_ns - start_ns) / 1e6, 4), p.duration_ns / 1e6, p.major_ns / 1e6, p.minor_index]
                      for p in longest],
            "pause_count": len(pauses),
            "pause_summary": dataclasses.asdict(summary) if (summary := PauseSummary.of(
                pauses, start_ns, duration_ns(profile))) else None,
            "columns": ["time_ms", "duration_ns", "total_memory_used", "total_size_of_arenas", "VmRSS",
                        "bytes_copied", "survived", "died", "collections"]}


def page_data(profile: Profile, progress=QUIET) -> dict:
    analysis = analyze(profile)
    report = analysis.to_json(by="site", limit=50)
    meta = profile.meta
    start_ns = profile_origin_ns(profile)
    alloc = alloc_tree(profile, progress)
    live = live_series(profile, alloc, start_ns, progress)
    if alloc is not None:
        del alloc["node_of_stack"], alloc["type_index"]      # only for live_series
    return {
        "generator": f"vmsample {__version__}",
        "program": meta.program,
        "argv": list(meta.argv) if meta.argv else None,
        "duration_ms": (duration_ns(profile) or 0) / 1e6,
        "summary": report["summary"],
        "sites": report["self"],
        "types": report["types"],
        "trees": {"alloc": alloc, "time": time_tree(profile, progress)},
        "live": live,
        "gc": gc_series(profile, start_ns),
    }


def _asset(name: str) -> str:
    return resources.files("vmsample.convert").joinpath("html_assets", name).read_text("utf-8")


def _script_safe(text: str) -> str:
    # Inside <script>, only "</" (and "<!--") can end or confuse the element.
    return text.replace("</", "<\\/").replace("<!--", "<\\!--")


def render(profile: Profile, progress=QUIET) -> str:
    from html import escape

    data = page_data(profile, progress)
    parts = {
        "title": escape(f"vmsample: {profile.meta.program or 'profile'}"),
        "style": _asset("page.css"),
        "data": _script_safe(json.dumps(data, separators=(",", ":"))),
        "script": _script_safe(_asset("page.js")),
    }
    # One pass, so that nothing inserted is itself taken for a placeholder.
    return re.sub(r"\{\{(\w+)\}\}", lambda m: parts[m.group(1)], _asset("page.html"))
