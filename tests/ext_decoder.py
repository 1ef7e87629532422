"""A second decoder of the profiles vmsample writes, made from
docs/format.md alone: plain `struct`, no import from vmsample.  Every
number below is the document's, written out again on purpose: if the
writer renumbers a tag or reorders a field (in vmsample/profile/format.py,
which the writer, the reader and the schema all share), this decoder still
reads the documented layout, and [check_against] finds that the two
disagree.

(A plain module, imported as ``from ext_decoder import ...``.)

decode(bytes) -> Decoded reads a finished vmsample file (either layout, gzip
or not) strictly: an unknown tag, a payload of the wrong length, a count
END does not confirm is a DecodeError.  A new record kind is a compatible
change of the format, but not for this decoder: it must be taught the
record from the document, which is the point.
"""

from __future__ import annotations

import gzip
import struct
from dataclasses import dataclass, field

# ---------------------------------------------------------------- docs/format.md, section 1
MAIN_MARKERS = {"stack": 0x01, "code": 0x02, "trailer": 0x03, "header": 0x05, "start": 0x06, "meta": 0x07,
                "gc_stack": 0x09, "obj_info": 0x0A}
PROFILE_LINES = 0x02
INTERP_VMPROF, INTERP_PYPY = "vmsample", "vmsample-pypy"

# ---------------------------------------------------------------- docs/format.md, section 2
MAGIC = b"VMSAMPX"
EXT_VERSION = 1
TAGS = {0x21: "type_name", 0x22: "stat_names", 0x23: "alloc_sample", 0x24: "time_sample",
        0x25: "minor_gc", 0x26: "major_gc", 0x27: "deaths", 0x28: "pause", 0x2F: "end"}
ALLOC = struct.Struct("<QqQQIB")           # seq, time ns, thread id, size, type id, flags [, stack]
TIME = struct.Struct("<qQ")                # time ns, thread id [, stack]
MINOR = struct.Struct("<QqqH")             # index, time ns, duration ns, n statistics
MINOR_SAMPLES = struct.Struct("<QI")       # first seq, count (then count outcome bytes)
MAJOR = struct.Struct("<QBqQQ")            # index, state, time ns, total_memory_used, total_size_of_arenas
DEATHS = struct.Struct("<QqI")             # major index, time ns, count (then count x u64 seq)
PAUSE = struct.Struct("<Qqqq")             # minor index, time ns, duration ns, major ns
END = struct.Struct("<QQQQqQ")             # alloc, time, minor, major counts, end ns, truncated stacks
FLAG_LARGE, FLAG_CONTINUED = 0x01, 0x02
OUTCOME_SURVIVED, OUTCOME_LARGE = 0x01, 0x02
GC_STATES = ("SCANNING", "MARKING", "SWEEPING", "FINALIZING")


class DecodeError(Exception):
    pass


@dataclass
class Decoded:
    version: int                      # the 0x05 header's
    mode: int
    interp: str
    period_word: int
    ext_version: int
    meta: dict = field(default_factory=dict)
    codes: dict = field(default_factory=dict)            # code id -> name
    alloc: list = field(default_factory=list)            # dicts, in file order
    time: list = field(default_factory=list)
    minors: list = field(default_factory=list)
    majors: list = field(default_factory=list)
    deaths: dict = field(default_factory=dict)           # seq -> major index (the last DEATHS naming it)
    pauses: list = field(default_factory=list)
    types: dict = field(default_factory=dict)
    stat_names: tuple = ()
    end: tuple = ()
    obj_info: list = field(default_factory=list)         # pypy layout: 0x0A words, in sample order

    @property
    def pypy(self):
        return self.interp == INTERP_PYPY


class _Bytes:
    def __init__(self, data, pos=0):
        self.data, self.pos = data, pos

    def unpack(self, s: struct.Struct) -> tuple:
        if self.pos + s.size > len(self.data):
            raise DecodeError(f"record cut short at byte {self.pos}")
        values = s.unpack_from(self.data, self.pos)
        self.pos += s.size
        return values

    def one(self, code):
        return self.unpack(struct.Struct("<" + code))[0]

    def array(self, code, n) -> list:
        if n < 0:
            raise DecodeError(f"negative count at byte {self.pos}")
        return list(self.unpack(struct.Struct(f"<{n}{code}")))

    def raw(self, n):
        if n < 0 or self.pos + n > len(self.data):
            raise DecodeError(f"record cut short at byte {self.pos}")
        self.pos += n
        return self.data[self.pos - n:self.pos]


def frames_of(entries, lines):
    """A stack's entries (leaf first) as [(code id, line or None)]."""
    if not lines:
        return [(code, None) for code in entries]
    if len(entries) % 2:
        raise DecodeError("a stack with lines has an odd number of entries")
    return [(entries[i + 1], entries[i]) for i in range(0, len(entries), 2)]


def decode(data: bytes) -> Decoded:
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    r = _Bytes(data)
    static = r.array("q", 5)
    if static[:3] != [0, 3, 0] or static[4] != 0:
        raise DecodeError(f"static header {static}")
    if r.one("B") != MAIN_MARKERS["header"]:
        raise DecodeError("no 0x05 header")
    version = struct.unpack(">H", r.raw(2))[0]
    mode, n = r.one("B"), r.one("B")
    d = Decoded(version, mode, r.raw(n).decode(), static[3], 0)
    if d.interp not in (INTERP_VMPROF, INTERP_PYPY):
        raise DecodeError(f"interpreter {d.interp!r} is not vmsample's")
    lines = bool(mode & PROFILE_LINES)
    stacks = {"alloc": [], "time": []}          # main-section stack records, per stream
    while True:
        marker = r.one("B")
        if marker in (MAIN_MARKERS["start"], MAIN_MARKERS["trailer"]):
            r.raw(24)
            if marker == MAIN_MARKERS["trailer"]:
                break
        elif marker == MAIN_MARKERS["meta"]:
            key = r.raw(r.one("q")).decode()
            if key in d.meta:
                raise DecodeError(f"META {key!r} twice")
            d.meta[key] = r.raw(r.one("q")).decode()
        elif marker == MAIN_MARKERS["code"]:
            code = r.one("q")
            d.codes[code] = r.raw(r.one("q")).decode()
        elif marker in (MAIN_MARKERS["stack"], MAIN_MARKERS["gc_stack"]):
            if d.pypy:
                r.one("d")                     # the fork's f64 time replaces the count word
            elif r.one("q") != 1:
                raise DecodeError("a stack record's count is not 1")
            depth = r.one("q")
            entries = r.array("q", depth)
            r.one("q")                         # thread id (the extension has it too)
            if version == 7 and not d.pypy:
                r.one("q")                     # vmprof 0.6.0's timestamp
            if d.pypy:
                stream = "alloc" if marker == MAIN_MARKERS["gc_stack"] else "time"
            elif marker == MAIN_MARKERS["gc_stack"]:
                raise DecodeError("0x09 in the vmprof layout")
            else:
                stream = d.meta.get("sample_kind")
                if stream not in ("alloc", "time"):
                    raise DecodeError("a stack record before META sample_kind")
            stacks[stream].append(frames_of(entries, lines))
        elif marker == MAIN_MARKERS["obj_info"] and d.pypy:
            r.one("d")
            n = r.one("q") - 3
            words = r.array("q", n)
            d.obj_info += reversed(words)       # newest sample first in the record
            r.array("q", 3)                      # total_memory_used, total_size_of_arenas, gc_state
        else:
            raise DecodeError(f"main-section marker {marker:#x} at byte {r.pos - 1}")
    _extension(d, r, lines)
    _pair(d, stacks)
    return d


def _stack(p, lines):
    n = p.one("I")
    entries = p.array("q", n)
    return frames_of(entries, lines)


def _extension(d, r, lines):
    magic = r.raw(8)
    if magic[:7] != MAGIC:
        raise DecodeError(f"no extension magic after the trailer: {magic!r}")
    d.ext_version = magic[7]
    if d.ext_version != EXT_VERSION:
        raise DecodeError(f"extension version {d.ext_version}")
    counts = {name: 0 for name in TAGS.values()}
    first = True
    while True:
        tag, size = r.one("B"), r.one("I")
        if tag not in TAGS:
            raise DecodeError(f"tag {tag:#x} at byte {r.pos - 5} is not in docs/format.md's table "
                              "(a new record kind: teach tests/ext_decoder.py)")
        name = TAGS[tag]
        if first and name != "stat_names":
            raise DecodeError(f"the first extension record is {name}, not stat_names")
        first = False
        counts[name] += 1
        p = _Bytes(r.raw(size))
        if name == "type_name":
            tid = p.one("I")
            d.types[tid] = p.raw(size - 4).decode()
        elif name == "stat_names":
            d.stat_names = tuple(p.raw(p.one("H")).decode() for _ in range(p.one("H")))
        elif name == "alloc_sample":
            seq, t, thread, nbytes, tid, flags = p.unpack(ALLOC)
            if flags & ~(FLAG_LARGE | FLAG_CONTINUED):
                raise DecodeError(f"unknown ALLOC_SAMPLE flags {flags:#x}")
            d.alloc.append(dict(seq=seq, time_ns=t, thread_id=thread, size=nbytes, type_id=tid,
                                large=bool(flags & FLAG_LARGE), continued=bool(flags & FLAG_CONTINUED),
                                stack=_stack(p, lines) if p.pos < size else None))
        elif name == "time_sample":
            t, thread = p.unpack(TIME)
            d.time.append(dict(time_ns=t, thread_id=thread, stack=_stack(p, lines) if p.pos < size else None))
        elif name == "minor_gc":
            index, t, duration, n = p.unpack(MINOR)
            stats = p.array("q", n)
            first_seq, count = p.unpack(MINOR_SAMPLES)
            d.minors.append(dict(index=index, time_ns=t, duration_ns=duration, stats=tuple(stats),
                                 first_seq=first_seq, outcomes=p.raw(count)))
        elif name == "major_gc":
            index, state, t, used, arenas = p.unpack(MAJOR)
            d.majors.append(dict(index=index, state=GC_STATES[state], time_ns=t, total_memory_used=used,
                                 total_size_of_arenas=arenas))
        elif name == "deaths":
            major, _t, count = p.unpack(DEATHS)
            for seq in p.array("Q", count):
                d.deaths[seq] = major       # vmsample names a seq once; a file naming it twice: the last
        elif name == "pause":
            minor, t, duration, major_ns = p.unpack(PAUSE)
            if not 0 <= major_ns <= duration:
                raise DecodeError(f"a pause of {duration} ns with a major part of {major_ns} ns")
            d.pauses.append(dict(minor_index=minor, time_ns=t, duration_ns=duration, major_ns=major_ns))
        elif name == "end":
            d.end = p.unpack(END)
        if p.pos != size:
            raise DecodeError(f"{name} payload of {size} bytes, {p.pos} decoded")
        if name == "end":
            break
    if r.pos != len(r.data):
        raise DecodeError(f"{len(r.data) - r.pos} bytes after END")
    found = (counts["alloc_sample"], counts["time_sample"], counts["minor_gc"], counts["major_gc"])
    if d.end[:4] != found:
        raise DecodeError(f"END counts {d.end[:4]}, records {found}")


def _pair(d, stacks):
    """docs/format.md "Pairing": the k-th sample info without a stack has the
    k-th main-section stack record of its stream."""
    for stream, samples in (("alloc", d.alloc), ("time", d.time)):
        bare = [s for s in samples if s["stack"] is None]
        if len(bare) != len(stacks[stream]):
            raise DecodeError(f"{len(bare)} {stream} infos without a stack, {len(stacks[stream])} stack records")
        for s, frames in zip(bare, stacks[stream]):
            s["stack"] = frames


# ---------------------------------------------------------------- the differential check

def check_against(d: Decoded, profile):
    """Assert that [profile] (vmsample.read_profile of the same file, read
    whole) holds what [d] decoded, field by field."""
    def frames(stack):
        return [(f.code.id, f.line if d.mode & PROFILE_LINES else None) for f in profile.stack_frames(stack)]

    assert profile.meta.raw == d.meta
    assert {c: code.name for c, code in profile.codes.items()} == d.codes
    assert profile.types == d.types and tuple(profile.stat_names) == d.stat_names
    assert (profile.meta.format_version, profile.meta.mode) == (d.version, d.mode)
    n_alloc, n_time, _, _, end_ns, truncated = d.end
    assert (profile.meta.end_ns, profile.meta.truncated_stacks) == (end_ns, truncated)

    a = profile.alloc_samples
    assert len(a) == n_alloc
    for name in ("seq", "time_ns", "thread_id", "size", "type_id", "large"):
        assert getattr(a, name).tolist() == [s[name] for s in d.alloc], f"alloc_samples.{name}"
    assert [frames(s) for s in a.stack.tolist()] == [s["stack"] for s in d.alloc]
    outcome = {}
    for m in d.minors:
        for i, bits in enumerate(m["outcomes"]):
            outcome[m["first_seq"] + i] = bits
    survived, died, unknown = 1, 2, 0            # model.Outcome's values
    assert a.outcome.tolist() == [unknown if s["seq"] not in outcome else
                                  survived if outcome[s["seq"]] & OUTCOME_SURVIVED else died for s in d.alloc]
    assert a.died_major.tolist() == [d.deaths.get(s["seq"], -1) for s in d.alloc]

    t = profile.time_samples
    assert len(t) == n_time
    assert t.thread_id.tolist() == [s["thread_id"] for s in d.time]
    assert t.time_ns.tolist() == [s["time_ns"] for s in d.time]
    assert [frames(s) for s in t.stack.tolist()] == [s["stack"] for s in d.time]

    stat_names = d.stat_names
    assert [(m.index, m.time_ns, m.duration_ns, m.first_seq, bytes(m.outcomes), tuple(m.stats[k] for k in stat_names))
            for m in profile.minor_collections] == \
        [(m["index"], m["time_ns"], m["duration_ns"], m["first_seq"], m["outcomes"], m["stats"]) for m in d.minors]
    assert [(e.index, e.state, e.time_ns, e.total_memory_used, e.total_size_of_arenas)
            for e in profile.major_events] == \
        [(e["index"], e["state"], e["time_ns"], e["total_memory_used"], e["total_size_of_arenas"]) for e in d.majors]
    assert [(p.minor_index, p.time_ns, p.duration_ns, p.major_ns) for p in profile.pauses] == \
        [(p["minor_index"], p["time_ns"], p["duration_ns"], p["major_ns"]) for p in d.pauses]

    if d.pypy:
        # docs/format.md section 3: one object-info word per 0x09 sample, in sample order.
        by_seq = {s["seq"]: s for s in d.alloc}
        words = [(s["type_id"] << 2) | (s["large"] << 1) | (outcome[s["seq"]] & OUTCOME_SURVIVED)
                 for s in by_seq.values() if s["seq"] in outcome]
        assert d.obj_info == words[:len(d.obj_info)] and len(d.obj_info) == len(words)


# ---------------------------------------------------------------- every profile the suite writes

# Bigger files are the scale and memory tests' own (up to 100 MB): the same
# record kinds as the small ones, and decoding them in Python would cost the
# suite minutes (measured on the whole suite: 200 s for all of them, 15 s for
# the ~1000 files up to this size).
CHECK_AT_MOST = 2 << 20


def check_profiles_in(directory):
    """Decode every vmsample profile of at most CHECK_AT_MOST bytes under
    [directory] (what a test left in its tmp_path) and check it against
    vmsample.read_profile.  A file the reader refuses (cut, corrupted, a
    killed run's main file: the tests that make them check the refusal) or
    that another profiler wrote is passed over.  Returns the paths checked."""
    from pathlib import Path

    from vmsample.profile import read_profile

    checked = []
    for path in sorted(Path(directory).rglob("*.prof*")):
        if not path.name.endswith((".prof", ".prof.gz")) or not path.is_file() \
                or path.stat().st_size > CHECK_AT_MOST:
            continue
        try:
            profile = read_profile(path)
        except Exception:
            continue
        if profile.meta.layout not in ("vmprof", "pypy"):
            continue
        try:
            decoded = decode(path.read_bytes())
        except DecodeError as e:
            raise AssertionError(f"{path}: read_profile reads it, docs/format.md's decoder does not: {e}") from None
        check_against(decoded, profile)
        checked.append(path)
    return checked
