"""Record-by-record listing of a profile, as the `construct` schema decodes
it (records.iter_records): `format_record` makes one line of a record,
`record_json` one JSON object, `dump` lists a file.  A malformed file is
listed up to the bad record before the ProfileFormatError.  Used by
`vmsample dump` and ``tools/read_profile.py --dump``; pure Python.
"""

from __future__ import annotations

from . import format as F
from .records import Record, iter_records


def format_record(rec: Record, codes: dict[int, str] | None = None, lines: bool = False) -> str:
    """One line: offset, kind, fields.  Stack entries are shown as
    ``function:line`` (leaf first) when [codes] (id -> vmprof name) knows them."""
    f = dict(rec.fields)
    if "entries" in f or ("stack" in f and f["stack"] is not None):
        entries = list(f.pop("entries", None) or f.pop("stack").entries)
        f.pop("stack", None)
        f["stack"] = _stack_text(entries, codes, lines)
    elif "stack" in f:
        f.pop("stack")
    if rec.kind == "ext:minor_gc":
        f["outcomes"] = f["outcomes"].hex() or "-"
    if rec.kind == "virtual_ip" and codes is not None:
        codes[f["id"]] = f["name"]
    text = " ".join(f"{k}={v if k == 'stack' else _short(v)}" for k, v in f.items())
    return f"{rec.offset:>10}  {rec.kind:<16} {text}"


def _short(v):
    if isinstance(v, (bytes, bytearray)):
        return v.hex() if len(v) <= 16 else v[:16].hex() + "..."
    if isinstance(v, list):
        more = f",...({len(v)} items)" if len(v) > 12 else ""
        return "[" + ",".join(map(str, v[:12])) + more + "]"
    if isinstance(v, str) and (" " in v or not v):
        return repr(v)
    return str(v).replace(" ", "")


def _stack_text(entries, codes, lines):
    pairs = zip(entries[1::2], entries[0::2]) if lines else ((e, None) for e in entries)
    out = []
    for cid, line in pairs:
        name = (codes or {}).get(cid)
        func = name.split(":", 3)[1] if name and name.count(":") >= 3 else f"{cid:#x}"
        out.append(func if line is None else f"{func}:{line}")
    return "[" + " < ".join(out) + "]"


def record_json(rec: Record) -> str:
    """One JSON object: offset, kind and the decoded fields (bytes as hex)."""
    import json

    def plain(v):
        if isinstance(v, (bytes, bytearray)):
            return v.hex()
        if isinstance(v, list):
            return [plain(x) for x in v]
        if hasattr(v, "items"):
            return {k: plain(x) for k, x in v.items() if not k.startswith("_")}
        return v

    return json.dumps({"offset": rec.offset, "kind": rec.kind, **plain(rec.fields)})


def dump(data: bytes, write=print, as_json=False) -> int:
    """Print one line per record (text, or JSON lines); returns the number of
    records.  Raises ProfileFormatError after printing the records before the
    bad one."""
    codes: dict[int, str] = {}
    lines = False
    n = 0
    for rec in iter_records(data):
        if rec.kind == "header":
            lines = bool(rec.fields["mode"] & F.PROFILE_LINES)
        write(record_json(rec) if as_json else format_record(rec, codes, lines))
        n += 1
    return n
