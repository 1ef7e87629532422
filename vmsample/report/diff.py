"""`vmsample diff A B`: what grew or shrank between two profiles.

Rows (sites, functions or types) are matched by name, so the same program
before and after an optimisation lines up even when line numbers did not
move; a row present on one side only counts as 0 on the other.  Bytes are
each profile's own estimates, so profiles taken with different sampling
periods compare fine.  Rows are sorted by the size of the change.  The live
heaps at the end (bytes alive when profiling stopped, in files that record
deaths) are compared the same way.  Profiles of different programs, or of
one program given different arguments, are compared too, with a warning.
"""

from __future__ import annotations

import os
import shlex
from dataclasses import dataclass

from .analysis import Analysis, Tally
from .text import Fields, Table, location
from .units import fmt_bytes, fmt_duration, fmt_share


@dataclass(slots=True)
class Change:
    key: object             # a Site, or a type name
    label: str
    where: str
    before: Tally
    after: Tally

    @property
    def delta(self) -> int:
        return self.after.bytes - self.before.bytes

    @property
    def delta_live(self) -> int:
        return self.after.live_bytes - self.before.live_bytes

    def to_json(self) -> dict:
        def side(t):
            return {"bytes": t.bytes, "samples": t.samples, "died_young": t.died_young,
                    "live_bytes": t.live_bytes, "live_objects": round(t.live_objects, 1)}

        return {"name": self.label, "location": self.where, "before": side(self.before),
                "after": side(self.after), "delta_bytes": self.delta, "delta_live_bytes": self.delta_live,
                "delta_died_young": (self.after.died_young - self.before.died_young
                                     if self.after.died_young is not None and self.before.died_young is not None
                                     else None)}


def _rows(a: Analysis, by: str) -> dict:
    if by == "type":
        return {r.name: (r.name, "", r.tally) for r in a.types}
    rows = a.self_functions if by == "function" else a.self_sites
    return {r.site: (r.site.function, location(r.site), r.tally) for r in rows}


def changes(a: Analysis, b: Analysis, by: str = "site") -> list[Change]:
    """Every row of either side, largest absolute change first."""
    ra, rb = _rows(a, by), _rows(b, by)
    out = []
    for key in dict.fromkeys([*ra, *rb]):
        label, where, before = ra.get(key, (None, None, Tally()))
        label2, where2, after = rb.get(key, (label, where, Tally()))
        out.append(Change(key, label or label2, where or where2, before, after))
    out.sort(key=lambda c: (-abs(c.delta), c.label))
    return out


def warnings(a: Analysis, b: Analysis) -> list[str]:
    """What makes the two profiles compare badly: different programs, or the
    same program with different arguments (an older or foreign profile that
    does not say what it ran is not judged)."""
    sa, sb = a.summary, b.summary
    if sa.program is None or sb.program is None:
        return []
    if os.path.basename(sa.program) != os.path.basename(sb.program):
        return [f"the profiles ran different programs ({sa.program} and {sb.program}): the same names may be "
                f"different code"]
    args_a, args_b = (list(s.argv[1:]) if s.argv else [] for s in (sa, sb))
    if args_a != args_b:
        return [f"the profiles ran {os.path.basename(sa.program)} with different arguments "
                f"({shlex.join(args_a) or 'none'} and {shlex.join(args_b) or 'none'})"]
    return []


def _summary_json(a: Analysis) -> dict:
    s = a.summary
    return {"estimated_bytes": s.total.bytes, "died_young": s.total.died_young,
            "live_bytes": s.total.live_bytes, "duration_ns": s.duration_ns,
            "minor_collections": s.minor_collections, "major_collections": s.major_collections,
            "peak_heap": s.peak_heap, "bytes_copied": s.bytes_copied, "alloc_samples": s.alloc_samples}


def to_json(a: Analysis, b: Analysis, by: str, limit: int | None) -> dict:
    return {"before": _summary_json(a), "after": _summary_json(b), "by": by, "warnings": warnings(a, b),
            "changes": [c.to_json() for c in changes(a, b, by)[:limit]]}


def _ratio(before, after) -> str:
    if not before or after is None:
        return ""
    return f" ({(after - before) / before * 100:+.1f}%)"


def layout(a: Analysis, b: Analysis, by: str, limit: int, paths: tuple[str, str]) -> list:
    sa, sb = a.summary, b.summary

    def line(name, before, after, fmt):
        delta = "" if before is None or after is None else f"   {fmt(after - before, signed=True)}"
        return (name, f"{fmt(before)} -> {fmt(after)}{delta}{_ratio(before, after)}")

    def count(n, signed=False):
        return "-" if n is None else (f"{n:+,}" if signed else f"{n:,}")

    def duration(ns, signed=False):
        if ns is None:
            return "-"
        return ("+" if signed and ns > 0 else "-" if ns < 0 else "") + fmt_duration(abs(ns))

    items = [("before", paths[0]), ("after", paths[1]), *(("warning", w) for w in warnings(a, b)),
             line("allocated (estimate)", sa.total.bytes, sb.total.bytes, fmt_bytes),
             ("died young", f"{fmt_share(sa.total.died_young)} -> {fmt_share(sb.total.died_young)}"),
             line("live at the end", sa.total.live_bytes, sb.total.live_bytes, fmt_bytes),
             line("duration", sa.duration_ns, sb.duration_ns, duration),
             line("minor collections", sa.minor_collections, sb.minor_collections, count),
             line("major collections", sa.major_collections, sb.major_collections, count),
             line("old space, peak", sa.peak_heap, sb.peak_heap, fmt_bytes),
             line("bytes copied", sa.bytes_copied, sb.bytes_copied, fmt_bytes)]
    what = {"site": "sites", "function": "functions", "type": "types"}[by]
    table = Table(f"Allocation {what} that changed most", [
        "#", "before", "after", "change", "died young before", "died young after", by, "location" if by != "type" else ""],
        [], right={0, 1, 2, 3, 4, 5})
    rows = [c for c in changes(a, b, by) if c.delta or c.before.died_young != c.after.died_young]
    for i, c in enumerate(rows[:limit], 1):
        table.rows.append([str(i), fmt_bytes(c.before.bytes), fmt_bytes(c.after.bytes), fmt_bytes(c.delta, signed=True),
                           fmt_share(c.before.died_young), fmt_share(c.after.died_young), c.label, c.where])
    if by == "type":
        table.columns.pop()
        for r in table.rows:
            r.pop()
    if len(rows) > limit:
        table.note = f"{len(rows) - limit} more (--limit)"
    blocks = [Fields("Summary", items), table]
    live = sorted((c for c in changes(a, b, by) if c.delta_live), key=lambda c: (-abs(c.delta_live), c.label))
    if live:
        lt = Table(f"Live {what} at the end that changed most", ["#", "before", "after", "change", by,
                                                                 "location" if by != "type" else ""],
                   [], right={0, 1, 2, 3})
        for i, c in enumerate(live[:limit], 1):
            lt.rows.append([str(i), fmt_bytes(c.before.live_bytes), fmt_bytes(c.after.live_bytes),
                            fmt_bytes(c.delta_live, signed=True), c.label, c.where])
        if len(live) > limit:
            lt.note = f"{len(live) - limit} more (--limit)"
        blocks.append(lt)
    return blocks
