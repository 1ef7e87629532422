"""Constants of the vmsample profile format (docs/format.md has every byte).

A ``.prof`` file is a VMProf file (little-endian, 8-byte words), read by stock
`vmprof` up to its trailer, followed by vmsample's extension section:

    static header | 0x05 header | 0x06 start | 0x07 META ...
    | 0x02 code names and 0x01 stack records, interleaved | 0x03 trailer
    | EXT_MAGIC | tagged records (u8 tag, u32 length, payload) ... | EXT_END

This module is pure Python and imports nothing else from vmsample but its
error class (errors.py, pure Python too), so the
schema, the readers and ``tools/read_profile.py`` can use it without the
compiled extension.  It is the one home of every number and record layout:
the writer (`_writer.pyx`, which reads them at import), the fast reader, the
`construct` schema and `recover` all take them from here.
"""

import os
import struct

from .errors import ProfileFormatError

# ---------------------------------------------------------------- vmprof main section
# Marker bytes (vmprof src/vmprof.h).
MARKER_STACKTRACE = 0x01
MARKER_VIRTUAL_IP = 0x02
MARKER_TRAILER = 0x03
MARKER_HEADER = 0x05
MARKER_TIME_N_ZONE = 0x06
MARKER_META = 0x07
MARKER_NATIVE_SYMBOLS = 0x08
# The paper's toolchain (Cskorpion's vmprof fork), written only by layout "pypy".
MARKER_GC_STACKTRACE = 0x09
MARKER_OBJ_INFO_STACK = 0x0A

MARKER_INTERP_NAME = 0x04      # the legacy header (version 0): u8 length | name

# Header versions, as vmprof numbers them.  Each adds to the stack record:
VERSION_THREAD_ID = 1       # a thread id (addr) after the entries
VERSION_TAG = 2             # RPython entries are (kind, pc) pairs
VERSION_MEMORY = 3          # (before mode bits) a memory word after the thread id
VERSION_MODE_AWARE = 4      # the 0x05 header has a mode byte
VERSION_DURATION = 5        # the trailer has an end time
VERSION_TIMESTAMP = 6
# 7 means "int64 ns timestamp after each stack record" to PyPI vmprof 0.6.0
# and "f64 seconds instead of the count word" to the paper's fork; see
# fork_semantics() for how a reader tells them apart.
VERSION_SAMPLE_TIME = 7
SUPPORTED_VERSIONS = tuple(range(0, 8))
WRITTEN_VERSIONS = (6, 7)
DEFAULT_VERSION = 6

# RPython stack entries are (kind, pc) pairs (vmprof's VMPROF_*_TAG).
KIND_CODE = 1               # pc: a code id named by a 0x02 record
KIND_BLACKHOLE = 2
KIND_JITTED = 3             # pc: machine code of a JIT trace
KIND_JITTING = 4
KIND_GC = 5
KIND_ASSEMBLER = 6          # pc: machine code of the JIT's assembler helpers
KIND_NATIVE = 7             # pc: native code, named by a 0x08 record if the file has one
RPYTHON_KINDS = {KIND_CODE: "code", KIND_BLACKHOLE: "blackhole", KIND_JITTED: "jit",
                 KIND_JITTING: "jitting", KIND_GC: "gc", KIND_ASSEMBLER: "assembler",
                 KIND_NATIVE: "native"}

# 0x05 header mode bits.
PROFILE_MEMORY = 0x01
PROFILE_LINES = 0x02
PROFILE_NATIVE = 0x04
PROFILE_RPYTHON = 0x08
PROFILE_REAL_TIME = 0x10

# Each record's name, as errors, `vmsample dump` and the readers call it.
RECORD_NAMES = {
    MARKER_STACKTRACE: "stacktrace",
    MARKER_GC_STACKTRACE: "gc_stacktrace",
    MARKER_VIRTUAL_IP: "virtual_ip",
    MARKER_NATIVE_SYMBOLS: "native_symbol",
    MARKER_META: "meta",
    MARKER_TIME_N_ZONE: "start_time",
    MARKER_TRAILER: "trailer",
    MARKER_OBJ_INFO_STACK: "obj_info",
}
# The records that are samples: what version 7 means is decided at the first
# (fork_semantics), by the META keys before it.
SAMPLE_MARKERS = (MARKER_STACKTRACE, MARKER_GC_STACKTRACE, MARKER_OBJ_INFO_STACK)


def record_name(marker) -> str:
    """The name of the main-section record that starts with [marker]."""
    return RECORD_NAMES.get(marker, "main section")


MAX_STACK_ENTRIES = 1 << 16     # vmprof readers assert depth <= 2**16
MAX_FRAMES = MAX_STACK_ENTRIES // 2   # frames per stack; deeper stacks keep the leaf end
INTERP_NAME = "vmsample"
# The pypy layout's interpreter name (never "pypy": that means RPython stacks).
INTERP_NAME_PYPY = "vmsample-pypy"


def fork_semantics(version, meta_keys):
    """True when version 7 means the fork's VERSION_SAMPLE_TIMEOFFSET (an f64
    time replaces the count word) rather than vmprof 0.6.0's VERSION_SAMPLE_TIME
    (an int64 ns timestamp follows the thread id).

    [meta_keys]: the META keys written before the file's first sample record.
    The fork writes META ``start_time_offset`` right after the start time,
    before any sample (and writes version 7 only where it does: Unix); so does
    vmsample's pypy layout; vmprof 0.6.0 never writes that key.  A file
    misjudged anyway fails loudly: 0.6.0's count word must be the integer 1
    (as an f64 that is 5e-324 s) and the fork's must be a finite time."""
    return version == VERSION_SAMPLE_TIME and META_START_OFFSET in meta_keys


class Geometry:
    """How a file's main-section records are laid out: decided by its static
    header (word and address sizes), its header (version, mode, interpreter)
    and, for version 7, by fork_semantics() at the first sample record."""

    def __init__(self, word, addr, version, mode, interp):
        self.word = word                # 8, or 4 (32-bit and Windows files)
        self.addr = addr                # 8, or 4 (32-bit files)
        self.version = version
        self.mode = mode
        self.interp = interp
        self.lines = bool(mode & PROFILE_LINES)
        self.memory = bool(mode & PROFILE_MEMORY) if version >= VERSION_MODE_AWARE \
            else version == VERSION_MEMORY
        self.rpython = bool(mode & PROFILE_RPYTHON) or interp == "pypy"
        self.tagged = self.rpython and version >= VERSION_TAG    # (kind, pc) pairs
        self.thread_id = version >= VERSION_THREAD_ID
        self.trailer_time = version >= VERSION_DURATION
        self.fork = None                # version 7 only: decided at the first sample

    @property
    def stamped(self):
        """Whether stack records end with an i64 ns timestamp (vmprof 0.6.0's version 7)."""
        return self.version >= VERSION_SAMPLE_TIME and not self.fork

    def stack_tail(self):
        """struct codes after a stack record's entries (thread id, memory, ns timestamp)."""
        a = "q" if self.addr == 8 else "i"
        return (a if self.thread_id else "") + (a if self.memory else "") + ("q" if self.stamped else "")

# ---------------------------------------------------------------- record layouts

class Layout:
    """The fixed-size part of a record: named fields with `struct` codes,
    little-endian, no padding.  [struct] packs and unpacks it, [size] is its
    length, [offset(field)] where a field starts; schema.py turns the same
    fields into `construct` fields."""

    def __init__(self, name, *fields):
        self.name = name
        self.fields = fields                # ((field name, struct code), ...)
        self.struct = struct.Struct("<" + "".join(code for _, code in fields))
        self.size = self.struct.size

    def offset(self, field):
        names = [n for n, _ in self.fields]
        return struct.calcsize("<" + "".join(c for _, c in self.fields[:names.index(field)]))

    def __repr__(self):
        return f"Layout({self.name!r}, {self.size} bytes)"


# Main section.  Every record starts with its marker byte (not part of these).
TIMEVAL = Layout("timeval", ("sec", "q"), ("usec", "q"), ("zone", "8s"))       # 0x06, 0x03
# 0x01 (the fork's version 7: an f64 time instead of the count; also 0x09, 0x0A)
STACK_HEAD = Layout("stack head", ("count", "q"), ("depth", "q"))
CODE_HEAD = Layout("code head", ("id", "q"), ("length", "q"))                  # 0x02, then the name

# Extension section.
EXT_RECORD_HEAD = Layout("record head", ("tag", "B"), ("length", "I"))
ALLOC_INFO = Layout("alloc_sample", ("seq", "Q"), ("time_ns", "q"), ("thread_id", "Q"),
                    ("size", "Q"), ("type_id", "I"), ("flags", "B"))        # [+ stack]
TIME_INFO = Layout("time_sample", ("time_ns", "q"), ("thread_id", "Q"))    # [+ stack]
MINOR_HEAD = Layout("minor_gc", ("index", "Q"), ("time_ns", "q"), ("duration_ns", "q"),
                    ("nstats", "H"))                        # + nstats x i64, MINOR_SAMPLES, outcomes
MINOR_SAMPLES = Layout("minor_gc samples", ("first_seq", "Q"), ("count", "I"))
MAJOR_GC = Layout("major_gc", ("index", "Q"), ("state", "B"), ("time_ns", "q"),
                  ("total_memory_used", "Q"), ("total_size_of_arenas", "Q"))
PAUSE = Layout("pause", ("minor_index", "Q"), ("time_ns", "q"), ("duration_ns", "q"), ("major_ns", "q"))
DEATHS_HEAD = Layout("deaths", ("major", "Q"), ("time_ns", "q"), ("count", "I"))   # + count x u64 seq
END = Layout("end", ("n_alloc", "Q"), ("n_time", "Q"), ("n_minor", "Q"), ("n_major", "Q"),
             ("end_ns", "q"), ("n_truncated", "Q"))
EXT_STACK_HEAD = Layout("stack", ("count", "I"))          # + count x i64 entries
WRITER = Layout("writer", ("pid", "Q"))


def unpack_deaths(payload, offset):
    """A DEATHS payload as (major index, time ns, seqs); [offset] locates the
    record in errors."""
    if len(payload) < DEATHS_HEAD.size:
        raise ProfileFormatError("bad payload length", offset, "ext:deaths")
    major, time_ns, count = DEATHS_HEAD.struct.unpack_from(payload)
    if len(payload) != DEATHS_HEAD.size + 8 * count:
        raise ProfileFormatError("bad payload length", offset, "ext:deaths")
    return major, time_ns, struct.unpack_from(f"<{count}Q", payload, DEATHS_HEAD.size)

# ---------------------------------------------------------------- extension section
EXT_MAGIC = b"VMSAMPX\x01"      # last byte: extension format version
EXT_VERSION = 1
EXT_MAX_PAYLOAD = 1 << 26       # sanity bound checked before anything is allocated

EXT_TYPE_NAME = 0x21        # u32 type id | name (utf-8, rest of payload)
EXT_STAT_NAMES = 0x22       # u16 n | n x (u16 len | name)
EXT_ALLOC_SAMPLE = 0x23     # sample info (+ stack when allocations are not the primary stream)
EXT_TIME_SAMPLE = 0x24      # sample info (+ stack when time samples are not the primary stream)
EXT_MINOR_GC = 0x25         # one per minor collection: stats + outcomes of the samples it resolved
EXT_MAJOR_GC = 0x26         # one per major-collection state transition
EXT_DEATHS = 0x27           # the sampled objects a major collection found dead
EXT_PAUSE = 0x28            # one per pause: a collection that allocation triggered (minor + major work)
EXT_END = 0x2F              # u64 alloc samples | u64 time samples | u64 minor | u64 major | i64 end ns
# The spool's first record, never copied into the profile: u64 pid of the
# process writing it (vmsample/profile/writing.py).
EXT_WRITER = 0x2E

EXT_TAG_NAMES = {
    EXT_TYPE_NAME: "type_name",
    EXT_STAT_NAMES: "stat_names",
    EXT_ALLOC_SAMPLE: "alloc_sample",
    EXT_TIME_SAMPLE: "time_sample",
    EXT_MINOR_GC: "minor_gc",
    EXT_MAJOR_GC: "major_gc",
    EXT_DEATHS: "deaths",
    EXT_PAUSE: "pause",
    EXT_END: "end",
    EXT_WRITER: "writer",
}



def ext_record_name(tag) -> str:
    """The name of the extension record of [tag] ("ext:0x2b" for a tag this
    reader does not know, a newer writer's, which it skips by its length)."""
    return "ext:" + EXT_TAG_NAMES.get(tag, f"0x{tag:02x}")


def extension_follows(version, vmsample_file, head) -> bool:
    """Whether the bytes after the trailer are vmsample's extension section
    (else vmprof's appended memory map, text): they are in a file whose META
    names a vmsample version ([vmsample_file]), in one whose next bytes
    ([head]) are EXT_MAGIC less its version byte, and in any file of version
    5 on; before version 5, vmprof appended the process's memory map
    (/proc/self/maps) after the trailer."""
    return vmsample_file or head == EXT_MAGIC[:-1] or version >= VERSION_DURATION

# ALLOC_SAMPLE flags byte.
ALLOC_FLAG_LARGE = 0x01
ALLOC_FLAG_CONTINUED = 0x02     # another sample point of the allocation sampled just before
# The most seqs one DEATHS record holds (a collection finding more writes
# several): 512 KiB of them, so that a record fits the writer's buffer.
DEATHS_PER_RECORD = 1 << 16

# MINOR_GC outcome bits (same values as the core's GC_OUTCOME_*).
OUTCOME_SURVIVED = 0x01
OUTCOME_LARGE = 0x02

# The statistics of each MINOR_GC record, in order (also META gc_stats__<i>).
STAT_NAMES = ("bytes_copied", "total_size_of_arenas", "total_memory_used", "VmRSS", "gc_state")
# The fork's three 0x0A statistics, in the order it writes them (layout "pypy").
PYPY_STAT_NAMES = ("total_memory_used", "total_size_of_arenas", "gc_state")

GC_STATES = ("SCANNING", "MARKING", "SWEEPING", "FINALIZING")

# Kinds of the primary sample stream (META "sample_kind").
KIND_ALLOC = "alloc"
KIND_TIME = "time"

# Layouts of the main section.
LAYOUT_VMPROF = "vmprof"
LAYOUT_PYPY = "pypy"

# META keys written by vmsample (values are strings, like every vmprof META).
META_VERSION = "vmsample_version"
META_LAYOUT = "vmsample_layout"
META_SAMPLE_KIND = "sample_kind"
META_SAMPLING = "alloc_sampling"            # "fixed" / "random" / "off"
# "allocation": ALLOC_SAMPLE flags mark the continued samples, so random-mode
# weights are per sampled allocation (vmsample/profile/weights.py); absent in
# older files, whose samples each stand for the period.
META_ALLOC_WEIGHTS = "alloc_weights"
META_ALLOC_PERIOD = "sample_allocated_bytes"  # the fork's key
META_TIME_PERIOD = "time_period_ns"
META_START_NS = "start_monotonic_ns"
META_START_OFFSET = "start_time_offset"     # the fork's key (monotonic seconds, "%f")
META_PERIOD = "period"                      # the fork's key: time period in seconds, str(float)
META_PROGRAM = "program"
META_ARGV = "argv"                          # JSON list
META_RECOVERED = "vmsample_recovered"
META_RTYPE_PREFIX = "__rtype_"
META_STAT_PREFIX = "gc_stats__"

GZIP_MAGIC = b"\x1f\x8b"

# The spool (docs/format.md §5): a profile's extension records while it is
# being written, beside the profile file itself (symlinks followed), headed
# by the magic and the WRITER record, which the writer skips when it copies
# the spool behind the trailer.
SPOOL_SUFFIX = ".spool"
SPOOL_HEAD = len(EXT_MAGIC) + EXT_RECORD_HEAD.size + WRITER.size


def spool_path(path) -> str:
    """Where the spool of the profile [path] is."""
    return os.path.realpath(path) + SPOOL_SUFFIX
