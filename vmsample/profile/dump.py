"""Record-by-record listing of a profile, decoded by the `construct` schema
(its records compiled by construct, one main-section record per geometry).

`iter_records` yields every record with its byte offset as it goes, so a
malformed file is listed up to the bad record before the ProfileFormatError;
`format_record` makes one line of it.  Used by `vmsample dump` and
``tools/read_profile.py --dump``; pure Python.
"""

from __future__ import annotations

import io
import mmap
import struct
from dataclasses import dataclass

from construct import ConstructError, StreamError

from . import format as F
from . import schema
from .errors import ProfileFormatError
from .source import release

_MAIN_KINDS = {
    F.MARKER_STACKTRACE: "stacktrace", F.MARKER_GC_STACKTRACE: "gc_stacktrace",
    F.MARKER_VIRTUAL_IP: "virtual_ip", F.MARKER_NATIVE_SYMBOLS: "native_symbol",
    F.MARKER_META: "meta", F.MARKER_TIME_N_ZONE: "start_time", F.MARKER_TRAILER: "trailer",
    F.MARKER_OBJ_INFO_STACK: "obj_info",
}


@dataclass
class Record:
    offset: int
    kind: str               # "static_header", "header", "stacktrace", ..., "ext:alloc_sample", ...
    given: dict | None      # the fields, when they are not the parsed container's
    container: object = None    # what the schema parsed (schema.read_records feeds it to a builder)
    body: object = None         # the part of [container] whose fields are the record's

    @property
    def fields(self) -> dict:
        """The record's fields by name (made when asked: validating never does)."""
        return self.given if self.given is not None else _fields(self.body)


def _fields(container) -> dict:
    if container is None:
        return {}
    if not hasattr(container, "items"):
        return {"data": container}
    return {k: v for k, v in container.items() if not k.startswith("_")}


class _OwnPosition(io.RawIOBase):
    """[data] read from a position of its own: an mmap's position is shared
    by everything that reads it, and schema.read_profile reads the main
    section twice at once (schema.MainSectionRecords).  Reads copy slices,
    so that no exported buffer keeps the mmap from closing."""

    def __init__(self, data):
        self.data, self.pos = data, 0

    def readable(self):
        return True

    def seekable(self):
        return True

    def readinto(self, buffer):
        chunk = self.data[self.pos:self.pos + len(buffer)]
        buffer[:len(chunk)] = chunk
        self.pos += len(chunk)
        return len(chunk)

    def seek(self, pos, whence=io.SEEK_SET):
        self.pos = pos + (0 if whence == io.SEEK_SET else self.pos if whence == io.SEEK_CUR else len(self.data))
        return self.pos

    def tell(self):
        return self.pos


def iter_records(data: bytes, own_position: bool = False):
    """Yield a Record per record of [data] (bytes, or the mmap that
    source.mapped gives, whose pages are let go of behind the parser);
    ProfileFormatError at the first bad one.  [own_position]: [data] may be
    read by another iter_records at the same time."""
    stream = _OwnPosition(data) if own_position else data if isinstance(data, mmap.mmap) else io.BytesIO(data)
    stream.seek(0)
    released = 0
    offset, kind = 0, "static_header"

    def parse(sub, **ctx):
        try:
            return sub.parse_stream(stream, **ctx)
        # (compiled records raise struct.error where a short read would be a StreamError)
        except (ConstructError, StreamError, UnicodeDecodeError, ValueError, OverflowError, struct.error) as e:
            # (a compiled Check fails with no message: its class names it)
            raise ProfileFormatError(f"schema: {(str(e).splitlines() or [type(e).__name__])[0]}", offset,
                                     kind) from None

    static = parse(schema.static_header)
    yield Record(0, kind, None, static, static)
    offset, kind = stream.tell(), "header"
    header = parse(schema.header)
    yield Record(offset, kind, None, header, header)
    meta_keys, sampled, vmsample = set(), False, False
    geometry = None             # (META keys it was made with, the compiled main-section record)
    while True:
        offset = stream.tell()
        kind = _MAIN_KINDS.get(data[offset], "main section") if offset < len(data) else "trailer"
        if geometry is None or (not sampled and len(meta_keys) != geometry[0]):
            geometry = (len(meta_keys), schema.compiled_record(schema.geometry(static, header, meta_keys)))
        rec = parse(geometry[1])
        yield Record(offset, kind, None, rec, rec.body)
        released = release(data, released, offset)
        if rec.marker in schema.SAMPLE_MARKERS:
            sampled = True
        elif rec.marker == F.MARKER_META:
            vmsample = vmsample or rec.body.key == F.META_VERSION
            if not sampled:                 # what version 7 means depends on these
                meta_keys.add(rec.body.key)
        if rec.marker == F.MARKER_TRAILER:
            break
    offset, kind = stream.tell(), "extension"
    if offset == len(data):
        return
    legacy = header.version < F.VERSION_DURATION
    if legacy and data[offset:offset + len(F.EXT_MAGIC) - 1] != F.EXT_MAGIC[:-1] and not vmsample:
        yield Record(offset, "symbol_map", {"bytes": len(data) - offset})
        return
    yield Record(offset, kind, {"magic": parse(schema.ext_magic)})
    while True:
        offset = stream.tell()
        tag = data[offset] if offset < len(data) else F.EXT_END
        kind = "ext:" + F.EXT_TAG_NAMES.get(tag, f"0x{tag:02x}")
        rec = parse(schema.compiled_ext_record())
        yield Record(offset, kind, None, rec, rec.payload)
        released = release(data, released, offset)
        if rec.tag == F.EXT_END:
            break
    offset, kind = stream.tell(), "end of file"
    if offset != len(data):
        raise ProfileFormatError("bytes after the END record", offset, kind)


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
