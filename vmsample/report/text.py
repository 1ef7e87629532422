"""The terminal report: rich tables on a TTY, plain aligned text otherwise.

The report is first laid out as a list of blocks ([Fields] and [Table]) of
already formatted strings; [render_rich] and [render_plain] only draw them,
so both outputs always carry the same numbers.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from vmsample.profile.model import profile_origin_ns

from .analysis import Analysis, SiteRow
from .live import MIN_MAJORS_FOR_LEAKS
from .units import fmt_bytes, fmt_count, fmt_duration, fmt_merged, fmt_share


@dataclass
class Fields:
    """A titled list of "name  value" lines."""

    title: str
    items: list[tuple[str, str]]


@dataclass
class Table:
    title: str
    columns: list[str]
    rows: list[list[str]]
    right: set[int] = field(default_factory=set)     # right-aligned (numeric) columns
    note: str = ""


BY_CHOICES = ("site", "function", "type")


def short_path(path: str) -> str:
    """[path] relative to the current directory when it lies below it."""
    if os.path.isabs(path):
        cwd = os.getcwd()
        if path.startswith(cwd.rstrip(os.sep) + os.sep):
            return os.path.relpath(path, cwd)
    return path


def location(site) -> str:
    return f"{short_path(site.file)}:{site.line}" if site.file else ""


def _site_table(title, rows: list[SiteRow], total, limit, what) -> Table:
    table = Table(title, ["#", "allocated", "share", "died young", "samples", what, "location"], [],
                  right={0, 1, 2, 3, 4})
    for i, r in enumerate(rows[:limit], 1):
        t = r.tally
        table.rows.append([str(i), fmt_bytes(t.bytes), fmt_share(t.bytes / total if total else 0),
                           fmt_share(t.died_young), fmt_count(t.samples), r.site.function, location(r.site)])
    if len(rows) > limit:
        table.note = f"{len(rows) - limit} more (--limit)"
    return table


def _summary(a: Analysis, path: str | None) -> Fields:
    s = a.summary
    items = []
    if path:
        items.append(("profile", path + (" (recovered after a crash)" if s.recovered else "")))
    if s.program:
        argv = " ".join(s.argv[1:]) if s.argv and len(s.argv) > 1 else ""
        items.append(("program", s.program + (f" {argv}" if argv else "")))
    if s.start_time:
        items.append(("started", s.start_time))
    items.append(("duration", fmt_duration(s.duration_ns)))
    if s.alloc_period:
        items.append(("allocation sampling", f"{s.alloc_sampling or 'fixed'}, one sample per "
                      f"{fmt_bytes(s.alloc_period)}: {fmt_count(s.alloc_samples)} samples"))
    else:
        items.append(("allocation sampling", "off"))
    if s.time_samples or s.time_period_ns:
        period = f"every {fmt_duration(s.time_period_ns)}: " if s.time_period_ns else ""
        items.append(("time sampling", f"{period}{fmt_count(s.time_samples)} samples"))
    if s.alloc_samples:
        rate = f" ({fmt_bytes(s.allocation_rate)}/s)" if s.allocation_rate else ""
        items.append(("allocated (estimate)", f"{fmt_bytes(s.total.bytes)}{rate}, "
                      f"{fmt_count(s.total.objects)} objects"))
        if s.total.survived:
            items.append(("live at the end", f"{fmt_bytes(s.total.live_bytes)}, "
                          f"{fmt_count(s.total.live_objects)} objects (estimate)"))
        died = s.total.died_young
        unknown = s.total.unknown
        line = f"{fmt_share(died)} of the bytes with a known outcome" if died is not None else "no outcome known"
        if unknown:
            line += f"; {fmt_bytes(unknown)} allocated after the last minor collection"
        items.append(("died young", line))
    items.append(("collections", f"{s.minor_collections:,} minor, {s.major_collections:,} major"))
    # Not the live objects' peak of `report --live` (estimated from the samples):
    # everything the old space held, dead objects not yet swept included.
    items.append(("old space, peak", f"{fmt_bytes(s.peak_heap)} in use (the collector's total_memory_used)"
                  if s.peak_heap is not None else "-"))
    items.append(("bytes copied", fmt_bytes(s.bytes_copied)))
    for warning in s.warnings:
        items.append(("warning", warning))
    if s.truncated_stacks:
        n = s.truncated_stacks
        items.append(("truncated stacks", f"{n:,} sample{'s' if n != 1 else ''} had a deeper stack than "
                      f"the format holds; the outermost frames are missing"))
    return Fields("Summary", items)


def _types(a: Analysis, limit, with_sites) -> Table:
    total = a.summary.total.bytes
    cols = ["#", "allocated", "share", "objects", "avg size", "survived", "type"]
    if with_sites:
        cols.append("top site")
    table = Table("Types by allocated bytes", cols, [], right={0, 1, 2, 3, 4, 5})
    for i, r in enumerate(a.types[:limit], 1):
        t = r.tally
        row = [str(i), fmt_bytes(t.bytes), fmt_share(t.bytes / total if total else 0), fmt_count(t.objects),
               fmt_bytes(r.average_size), fmt_share(t.survival), r.name]
        if with_sites:
            top = r.top_sites[0] if r.top_sites else None
            row.append(f"{top.site.function} {location(top.site)} ({fmt_share(top.tally.bytes / t.bytes)})"
                       if top and t.bytes else "")
        table.rows.append(row)
    if len(a.types) > limit:
        table.note = f"{len(a.types) - limit} more (--limit)"
    return table


def _gc(a: Analysis) -> Fields:
    g = a.gc
    items = []
    rate = f", {g.minor_per_second:,.1f}/s" if g.minor_per_second is not None else ""
    items.append(("minor collections", f"{g.minor_collections:,}{rate}"))
    if g.minor_collections:
        items.append(("minor collection time", f"{fmt_duration(g.minor_time_ns)} in all, mean "
                      f"{fmt_duration(g.minor_pause_mean_ns)}, max {fmt_duration(g.minor_pause_max_ns)}"))
        items.append(("bytes copied", f"{fmt_bytes(g.bytes_copied)}, "
                      f"{fmt_bytes(g.bytes_copied / g.minor_collections)} per collection"))
    for name, r in (("total_memory_used", g.total_memory_used), ("total_size_of_arenas", g.total_size_of_arenas),
                    ("VmRSS", g.vmrss)):
        if r is not None:
            items.append((name, f"{fmt_bytes(r.min)} .. {fmt_bytes(r.max)}"))
    major = f"{g.major_collections:,}"
    if g.major_collections:
        # start to end: an incremental collection runs in steps at minor
        # collections, with the program running in between -- not a pause
        major += (f", spanning {fmt_duration(g.major_time_ns)} in all, the longest "
                  f"{fmt_duration(g.major_max_ns)} (start to end, in steps at minor collections)")
        if g.major_unfinished:
            major += f" ({g.major_unfinished} unfinished at the end)"
    items.append(("major collections", major))
    p = g.pauses
    if p is not None:
        share = f" ({fmt_share(p.share)} of the run)" if p.share is not None else ""
        items.append(("pauses", f"{p.count:,}, {fmt_duration(p.total_ns)} in all{share}; median "
                      f"{fmt_duration(p.median_ns)}, p99 {fmt_duration(p.p99_ns)}, longest "
                      f"{fmt_duration(p.max_ns)} at {fmt_duration(p.max_at_ns)} (major work "
                      f"{fmt_duration(p.max_major_ns)} of it)"))
    elif g.minor_collections:
        items.append(("pauses", "not recorded (a profile written before vmsample recorded them)"))
    if g.major_phase_ns:
        items.append(("major phases", ", ".join(f"{state.lower()} {fmt_duration(ns)}"
                                                for state, ns in g.major_phase_ns.items())))
    return Fields("GC timeline", items)


def _time(a: Analysis, limit) -> Table | None:
    t = a.time
    if t is None:
        return None
    cumulative = {r.site: r for r in t.cumulative_functions}
    est = f", about {fmt_duration(t.estimated_ns)}" if t.estimated_ns else ""
    table = Table(f"Time samples: top functions ({fmt_count(t.samples)} samples{est})",
                  ["#", "self", "cumulative", "samples", "function", "location"], [], right={0, 1, 2, 3})
    for i, r in enumerate(t.self_functions[:limit], 1):
        c = cumulative.get(r.site)
        table.rows.append([str(i), fmt_share(r.share), fmt_share(c.share if c else None), fmt_count(r.samples),
                           r.site.function, location(r.site)])
    if len(t.self_functions) > limit:
        table.note = f"{len(t.self_functions) - limit} more (--limit)"
    return table


def layout(a: Analysis, by: str = "site", limit: int = 10, path: str | None = None) -> list:
    """The report's blocks, in order."""
    blocks: list = [_summary(a, path)]
    total = a.summary.total.bytes
    if a.summary.alloc_samples:
        if by == "type":
            blocks.append(_types(a, limit, with_sites=True))
        else:
            own, cumulative = a.allocation_rows(by)
            what = "function" if by == "function" else "site"
            blocks.append(_site_table(f"Top allocation {what}s, self (where the object was allocated)",
                                      own, total, limit, "function"))
            blocks.append(_site_table(f"Top allocation {what}s, cumulative (allocated in or below)",
                                      cumulative, total, limit, "function"))
            blocks.append(_types(a, limit, with_sites=False))
    blocks.append(_gc(a))
    time = _time(a, limit)
    if time is not None:
        blocks.append(time)
    return blocks


# ---------------------------------------------------------------- drawing

def render_plain(blocks, write) -> None:
    """Aligned columns, no colour and no box drawing: stable for pipes and diffs."""
    first = True
    for b in blocks:
        if not first:
            write("\n")
        first = False
        write(f"{b.title}\n")
        if isinstance(b, Fields):
            width = max((len(k) for k, _ in b.items), default=0)
            for k, v in b.items:
                write(f"  {k.ljust(width)}  {v}\n")
            continue
        if not b.rows:
            write("  (none)\n")
            continue
        widths = [max(len(c), *(len(r[i]) for r in b.rows)) for i, c in enumerate(b.columns)]

        def line(cells):
            out = [c.rjust(w) if i in b.right else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths))]
            return "  " + "  ".join(out).rstrip() + "\n"

        write(line(b.columns))
        for r in b.rows:
            write(line(r))
        if b.note:
            write(f"  ... {b.note}\n")


def render_rich(blocks, console) -> None:
    from rich import box
    from rich.table import Table as RichTable
    from rich.text import Text

    for b in blocks:
        if isinstance(b, Fields):
            t = RichTable(title=b.title, title_justify="left", title_style="bold", show_header=False,
                          box=None, padding=(0, 2, 0, 2))
            t.add_column(style="cyan", no_wrap=True)
            t.add_column()
            for k, v in b.items:
                t.add_row(k, v)
        else:
            t = RichTable(title=b.title, title_justify="left", title_style="bold", box=box.SIMPLE_HEAD,
                          caption=b.note or None, caption_justify="left", header_style="bold")
            for i, c in enumerate(b.columns):
                if i in b.right:
                    t.add_column(c, justify="right", no_wrap=True)
                elif c in ("function", "type"):
                    t.add_column(c, style="bold", overflow="fold")
                else:
                    t.add_column(c, style="dim", overflow="fold")
            died = b.columns.index("died young") if "died young" in b.columns else None
            for r in b.rows:
                cells = [Text(c) for c in r]
                if died is not None and r[died] != "-":
                    share = float(r[died].rstrip("%")) / 100
                    cells[died].stylize("green" if share >= 0.9 else "yellow" if share >= 0.5 else "red")
                t.add_row(*cells)
            if not b.rows:
                t.add_row(*(["(none)"] + [""] * (len(b.columns) - 1)))
        console.print(t)
        console.print()


# ---------------------------------------------------------------- --live

def _live_table(title, rows, total, limit, what) -> Table:
    table = Table(title, ["#", "live", "share", "objects", what, "location"], [], right={0, 1, 2, 3})
    for i, r in enumerate(rows[:limit], 1):
        table.rows.append([str(i), fmt_bytes(r.bytes), fmt_share(r.bytes / total if total else 0),
                           fmt_count(r.objects), r.name, location(r.site) if r.site else ""])
    if len(rows) > limit:
        table.note = f"{len(rows) - limit} more (--limit)"
    return table


def live_layout(a: Analysis, live, limit: int = 10) -> list:
    """The blocks of `vmsample report --live` after the summary."""
    if live is None:
        return [Fields("Live heap", [("", "this profile does not record the deaths of sampled objects "
                                          "(written by an older vmsample or another profiler)")])]
    start = profile_origin_ns(a.profile)
    end, peak = live.end, live.peak

    def when(t):
        return f"at {fmt_duration(t - start)}" if t is not None else ""

    merged = live.slice_ns

    blocks = [
        _live_table(f"Live at the end: {fmt_bytes(end.bytes)}, {fmt_count(end.objects)} objects, by site",
                    end.sites, end.bytes, limit, "function"),
        _live_table("Live at the end, by type", end.types, end.bytes, limit, "type"),
        _live_table(f"Live objects at their peak ({when(peak.time_ns)}{f'; {fmt_merged(merged)}' if merged else ''}): "
                    f"{fmt_bytes(peak.bytes)} estimated from the samples, "
                    f"{fmt_count(peak.objects)} objects, by site", peak.sites, peak.bytes, limit, "function"),
        _live_table("Live objects at their peak, by type", peak.types, peak.bytes, limit, "type"),
    ]
    leaks = Table("Leak suspects: live bytes never went down across the major collections",
                  ["#", "growth", "after 1st major", "at the end", "function", "location"], [],
                  right={0, 1, 2, 3})
    for i, r in enumerate(live.leak_suspects[:limit], 1):
        leaks.rows.append([str(i), fmt_bytes(r.growth), fmt_bytes(r.after_majors[0]), fmt_bytes(r.end_bytes),
                           r.site.function, location(r.site)])
    if not live.leak_suspects:
        leaks.note = f"none (a suspect needs {MIN_MAJORS_FOR_LEAKS} major collections or more to grow across)"
    blocks.append(leaks)
    lives = Table("How long objects live, by site (shares of the bytes with a known fate)",
                  ["#", "bytes", "died young", "died old", "majors survived", "alive at end", "function",
                   "location"], [], right={0, 1, 2, 3, 4, 5})
    for i, r in enumerate(live.lifetimes[:limit], 1):
        n = r.total
        lives.rows.append([str(i), fmt_bytes(n), fmt_share(r.died_young / n if n else None),
                           fmt_share(r.died_old / n if n else None),
                           f"{r.majors_survived:.1f}" if r.majors_survived is not None else "",
                           fmt_share(r.alive / n if n else None), r.site.function, location(r.site)])
    blocks.append(lives)
    return blocks
