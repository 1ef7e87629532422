"""A profile's records, decoded by the `construct` schema one at a time.

`iter_records(data)` yields a [Record] per record, with its byte offset, as
it goes: a malformed file yields the records before the bad one, then raises
ProfileFormatError there.  It is what `vmsample dump` lists, `vmsample
validate` checks and the schema's reader (schema_reader.py) builds a Profile
from.  `parse(data)` decodes a whole file into one container tree at once
(the round-trip tests build it back).

Like schema.py it needs nothing but `construct`: ``tools/read_profile.py``
lists and checks files without numpy or the compiled extension.
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


@dataclass
class Record:
    offset: int
    kind: str               # "static_header", "header", "stacktrace", ..., "ext:alloc_sample", ...
    given: dict | None      # the fields, when they are not the parsed container's
    container: object = None    # what the schema parsed (the schema's reader feeds it to a builder)
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
    by everything that reads it, and the schema's reader reads the main
    section twice at once (schema_reader.SchemaCursor).  Reads copy slices,
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
        kind = F.record_name(data[offset]) if offset < len(data) else "trailer"
        if geometry is None or (not sampled and len(meta_keys) != geometry[0]):
            geometry = (len(meta_keys), schema.compiled_record(schema.geometry(static, header, meta_keys)))
        rec = parse(geometry[1])
        yield Record(offset, kind, None, rec, rec.body)
        released = release(data, released, offset)
        if rec.marker in F.SAMPLE_MARKERS:
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
    if not F.extension_follows(header.version, vmsample, data[offset:offset + len(F.EXT_MAGIC) - 1]):
        yield Record(offset, "symbol_map", {"bytes": len(data) - offset})
        return
    yield Record(offset, kind, {"magic": parse(schema.ext_magic)})
    while True:
        offset = stream.tell()
        kind = F.ext_record_name(data[offset] if offset < len(data) else F.EXT_END)
        rec = parse(schema.compiled_ext_record())
        yield Record(offset, kind, None, rec, rec.payload)
        released = release(data, released, offset)
        if rec.tag == F.EXT_END:
            break
    offset, kind = stream.tell(), "end of file"
    if offset != len(data):
        raise ProfileFormatError("bytes after the END record", offset, kind)


def _record_kind(path: str) -> str:
    # The part of the file a construct error's path is in.
    for part, kind in (("static_header", "static header"), ("header", "header"),
                       ("extension", "extension"), ("main", "main section")):
        if f"-> {part}" in path:
            return kind
    return "file"


def parse(data: bytes):
    """Parse a whole (decompressed) file into one container
    (schema.profile_file: static_header, header, main, extension);
    ProfileFormatError on anything malformed."""
    stream = io.BytesIO(data)
    try:
        return schema.profile_file.parse_stream(stream)
    except (ConstructError, StreamError, UnicodeDecodeError, OverflowError, ValueError) as e:
        path = getattr(e, "path", None) or ""
        msg = str(e).split("\n")[0]
        raise ProfileFormatError(f"schema: {msg}", min(stream.tell(), len(data)),
                                 _record_kind(path)) from None
