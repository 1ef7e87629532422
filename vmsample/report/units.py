"""Human formatting of sizes, shares and durations, shared by every report."""

from __future__ import annotations


def fmt_bytes(n: float | None, signed: bool = False) -> str:
    """1536 -> '1.5 KiB' (binary units, like the CLI's K/M/G suffixes)."""
    if n is None:
        return "-"
    sign = "+" if signed and n > 0 else "-" if n < 0 else ""
    n = abs(n)
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if n < 1024 or unit == "TiB":
            break
        n /= 1024
    if unit == "B":
        return f"{sign}{int(n)} B"
    return f"{sign}{n:.1f} {unit}"


def fmt_share(x: float | None, signed: bool = False) -> str:
    """0.1234 -> '12.3%'."""
    if x is None:
        return "-"
    return f"{x * 100:+.1f}%" if signed else f"{x * 100:.1f}%"


def fmt_count(n: float | None) -> str:
    """12345678 -> '12.3M'; small counts stay exact."""
    if n is None:
        return "-"
    if n < 10_000:
        return f"{n:,.0f}"
    for unit, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if n >= scale:
            return f"{n / scale:.1f}{unit}"
    return f"{n:,.0f}"


def fmt_duration(ns: float | None) -> str:
    """Nanoseconds -> '2.31 s', '12.0 ms', '850 us'."""
    if ns is None:
        return "-"
    if ns >= 1e9:
        return f"{ns / 1e9:.2f} s"
    if ns >= 1e6:
        return f"{ns / 1e6:.1f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.0f} us"
    return f"{ns:.0f} ns"


def fmt_merged(slice_ns: int) -> str:
    """What merging samples within time slices (vmsample/profile/merge.py)
    did, said where the merged samples are shown."""
    return f"samples with the same stack merged within time slices of {fmt_duration(slice_ns)}"


def clipped(name: str, limit: int = 200) -> str:
    """[name], cut to [limit] characters where it is repeated per sample (a
    program may name a class by megabytes; the whole name is where it is
    stored once)."""
    return name if len(name) <= limit else name[:limit - 1] + "\u2026"
