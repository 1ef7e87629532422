"""The fast reader's compiled loops (vmsample/profile/_scan.pyx) against
what they stand in for: the stack table against a dict, and every profile
read with the loops against the same profile read by the Python loop alone
(which the schema tests check in turn)."""

import errno
import gzip
import json
import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vmsample.profile import ProfileWriter, read_profile, reader, records, schema_reader, source
from vmsample.profile import format as F
from vmsample.profile._assemble import _PureStackTable
from vmsample.profile._scan import StackTable
from vmsample.profile.reader import load_bytes

REAL = sorted(p for p in (Path(__file__).parents[1] / "data" / "real-profiles").iterdir() if p.name != "SOURCES.md")

# Raw stack entries: little-endian i64 words, few distinct values so that
# repeats and shared prefixes are common.
ENTRIES = st.lists(st.integers(-3, 3), max_size=6).map(lambda ws: struct.pack(f"<{len(ws)}q", *ws))


@given(st.lists(ENTRIES, max_size=400))
def test_stack_table_interns_like_a_dict(keys):
    table, pure = StackTable(), _PureStackTable()
    ids = [table.intern(k) for k in keys]
    assert ids == [pure.intern(k) for k in keys]
    assert table.keys() == pure.keys() and table.lengths_of() == pure.lengths_of() and len(table) == len(pure)


def test_stack_table_grows_and_keeps_every_stack():
    table = StackTable()
    keys = [struct.pack("<3q", i, i * 7919, -i) for i in range(50_000)]
    assert [table.intern(k) for k in keys] == list(range(len(keys)))
    assert [table.intern(bytes(k)) for k in reversed(keys)] == list(reversed(range(len(keys))))
    assert table.keys() == keys


def read_without_scanning(source, monkeypatch):
    with monkeypatch.context() as m:
        m.setattr(reader, "SCAN", False)
        return read_profile(source)


@pytest.mark.parametrize("path", REAL, ids=lambda p: p.name)
def test_real_profiles_read_the_same_with_and_without_the_compiled_loops(path, monkeypatch):
    assert read_profile(path) == read_without_scanning(path, monkeypatch)


def many_stacks(path, n=5000):
    """A profile whose every sample has a stack of its own, with time samples
    interleaved: the table grows, and the loops stop at every other kind."""
    with ProfileWriter(path, alloc_period=4096, time_period_ns=1_000_000, program="prog.py") as w:
        w.declare_code(2, "<module>", 1, "prog.py")
        w.declare_code(4, "work", 10, "prog.py")
        w.type_name(3, "Node")
        for i in range(n):
            w.alloc_sample(seq=i, size=32 + 16 * (i % 5), type_id=3, time_ns=1000 + i,
                           stack=[(4, 11 + i), (2, 5)], thread_id=7)
            if i % 100 == 99:
                w.time_sample(time_ns=1000 + i, stack=[(4, 11 + i % 3), (2, 5)], thread_id=7)
                w.minor_collection(index=i // 100 + 1, time_ns=1000 + i, first_seq=i - 99,
                                   outcomes=bytes(j % 2 for j in range(100)))
    return path


def test_a_profile_of_many_stacks_reads_the_same_every_way(tmp_path, monkeypatch):
    path = many_stacks(tmp_path / "many.prof")
    fast = read_profile(path)
    assert len(fast.alloc_samples) == 5000 and len(fast.stacks) >= 5000 and len(fast.time_samples) == 50
    assert [fast.stack_frames(s.stack)[0].line for s in fast.alloc_samples] == [11 + i for i in range(5000)]
    assert fast == read_without_scanning(path, monkeypatch)
    data, gz = load_bytes(path)
    assert schema_reader.to_profile(records.parse(data), gzip=gz) == fast
    # The columns take less memory than the file.
    assert fast.alloc_samples.nbytes + fast.time_samples.nbytes <= path.stat().st_size


@pytest.fixture(scope="module")
def small_profile(tmp_path_factory):
    return many_stacks(tmp_path_factory.mktemp("scan") / "many.prof", n=300).read_bytes()


@given(at=st.integers(0, 2000), junk=st.binary(max_size=8))
def test_a_corrupted_profile_fails_the_same_with_and_without_the_compiled_loops(small_profile, at, junk):
    data = bytearray(small_profile)
    at = at * len(data) // 2001
    data[at:at + len(junk)] = junk
    outcomes = []
    for scan in (True, False):
        saved, reader.SCAN = reader.SCAN, scan
        try:
            outcomes.append(read_profile(bytes(data)))
        except Exception as e:          # noqa: BLE001 -- the same error either way, whatever it is
            outcomes.append((type(e), str(e)))
        finally:
            reader.SCAN = saved
    assert outcomes[0] == outcomes[1]


@pytest.mark.parametrize("gz", [False, True], ids=["plain", "gzip"])
def test_a_mapped_file_read_while_letting_its_pages_go_reads_as_its_bytes(tmp_path, monkeypatch, gz):
    path = many_stacks(tmp_path / "many.prof")
    if gz:      # read through its decompressed temporary copy, mapped
        path.with_suffix(".prof.gz").write_bytes(gzip.compress(path.read_bytes(), 1))
        path = path.with_suffix(".prof.gz")
    monkeypatch.setattr(source, "RELEASE_EVERY", 1)         # let go of every page as soon as it is read
    monkeypatch.setattr(source, "GZIP_CHUNK", 4096)         # and decompress in many pieces
    released = []
    real_release = reader.release
    monkeypatch.setattr(reader, "release", lambda data, done, upto: released.append(upto) or
                        real_release(data, done, upto))
    mapped = read_profile(path)
    size = len(load_bytes(path)[0])
    assert len(released) > 10 and max(released) > size // 2
    assert mapped == read_profile(path.read_bytes())

def test_no_room_to_decompress_a_gzip_file_says_where(tmp_path, monkeypatch):
    path = many_stacks(tmp_path / "many.prof")
    gz = path.with_suffix(".prof.gz")
    gz.write_bytes(gzip.compress(path.read_bytes(), 1))

    class Full:
        def __init__(self, *args, **kwargs):
            pass

        def write(self, data):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        def close(self):
            pass

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            pass

    monkeypatch.setattr(source.tempfile, "TemporaryFile", Full)
    with pytest.raises(OSError, match="temporary file in .*TMPDIR.*No space left") as e:
        read_profile(gz)
    assert e.value.errno == errno.ENOSPC


@pytest.mark.parametrize("gz", [False, True], ids=["plain", "gzip"])
def test_a_profile_piped_to_dev_stdin_reads_like_the_file(tmp_path, gz):
    path = many_stacks(tmp_path / "many.prof")
    data = gzip.compress(path.read_bytes(), 1) if gz else path.read_bytes()
    piped = subprocess.run([sys.executable, "-m", "vmsample", "report", "--json", "/dev/stdin"], input=data,
                           capture_output=True, check=True).stdout
    read = subprocess.run([sys.executable, "-m", "vmsample", "report", "--json", str(path)],
                          capture_output=True, check=True).stdout
    assert json.loads(piped)["summary"] == json.loads(read)["summary"]


@pytest.mark.parametrize("change", [
    ("EXT_ALLOC_SAMPLE", 0x2B),
    ("ALLOC_INFO", F.Layout("alloc_sample", ("seq", "Q"), ("thread_id", "Q"), ("time_ns", "q"), ("size", "Q"),
                            ("type_id", "I"), ("flags", "B"))),
    ("TIME_INFO", F.Layout("time_sample", ("time_ns", "q"), ("thread_id", "Q"), ("cpu", "B"))),
    ("STACK_HEAD", F.Layout("stack head", ("count", "i"), ("depth", "q"))),
    ("MAX_STACK_ENTRIES", 1 << 17),
], ids=lambda c: c[0])
def test_the_loops_refuse_format_numbers_other_than_theirs(monkeypatch, change):
    # The loops' copies of format.py's numbers and field order, checked at
    # import: a format.py the module was not built for is an ImportError
    # naming what differs, not a file misread.
    from vmsample.profile import _scan

    _scan._check_format()           # as built: agrees
    name, value = change
    monkeypatch.setattr(F, name, value)
    with pytest.raises(ImportError, match=f"disagrees with format.py about .*{name}"):
        _scan._check_format()


def test_the_info_loop_takes_the_builders_columns_and_refuses_others():
    # scan_infos writes each field at its column's width: the columns the
    # builder makes (_assemble.ALLOC_COLUMNS / TIME_COLUMNS) are what it
    # writes; a column of another typecode is refused, not overrun.
    from array import array

    from vmsample.profile import _assemble
    from vmsample.profile._scan import scan_infos

    record = bytes([F.EXT_ALLOC_SAMPLE]) + F.EXT_RECORD_HEAD.struct.pack(F.EXT_ALLOC_SAMPLE, F.ALLOC_INFO.size)[1:] \
        + F.ALLOC_INFO.struct.pack(7, 8, 9, 10, 11, 1)
    alloc, time = _assemble.ProfileBuilder().info_columns()
    assert scan_infos(record, 0, len(record), alloc, time) == len(record)
    assert [c[0] for c in alloc] == [7, 8, 9, 10, 11, 1, -1] and not any(time)
    for i, (_, code) in enumerate(_assemble.ALLOC_COLUMNS):
        wrong = list(alloc)
        wrong[i] = array("b" if code != "b" else "q")
        with pytest.raises(TypeError, match="typecodes"):
            scan_infos(record, 0, len(record), wrong, time)
