"""tests/ext_decoder.py, the second decoder written from docs/format.md, on
the frozen format fixtures (tests/data/format) and on files made to break
it.  (Every profile a test leaves in its tmp_path goes through it too:
tests/conftest.py.)"""

import gzip
import shutil
import struct
from pathlib import Path

import pytest

from ext_decoder import DecodeError, check_against, check_profiles_in, decode
from vmsample.cli import main
from vmsample.profile import ProfileWriter, read_profile

DATA = Path(__file__).parent / "data"
FIXTURES = sorted(p for p in (DATA / "format").iterdir() if p.name.endswith((".prof", ".prof.gz")))
KILLED = DATA / "format" / "killed.prof"


@pytest.mark.parametrize("path", [p for p in FIXTURES if p != KILLED], ids=lambda p: p.name)
def test_every_format_fixture_decodes_as_read_profile_reads_it(path):
    d = decode(path.read_bytes())
    check_against(d, read_profile(path))
    assert d.alloc or d.time


def test_the_killed_runs_fixture_once_recovered(tmp_path):
    shutil.copyfile(KILLED, tmp_path / "k.prof")
    shutil.copyfile(KILLED.with_name(KILLED.name + ".spool"), tmp_path / "k.prof.spool")
    with pytest.raises(DecodeError):        # a main section without its trailer
        decode((tmp_path / "k.prof").read_bytes())
    assert main(["recover", str(tmp_path / "k.prof")]) == 0
    assert check_profiles_in(tmp_path) == [tmp_path / "k.prof"]


def test_the_fixtures_cover_every_record_kind_and_layout():
    decoded = [decode(p.read_bytes()) for p in FIXTURES if p != KILLED]
    assert {(d.interp, d.version) for d in decoded} == {("vmsample", 6), ("vmsample", 7), ("vmsample-pypy", 7)}
    assert all(d.types and d.stat_names and d.minors and d.majors and d.end for d in decoded)
    assert any(d.deaths for d in decoded)
    assert {d.interp for d in decoded if d.pauses} == {"vmsample", "vmsample-pypy"}     # PAUSE, both layouts
    alloc = [s for d in decoded for s in d.alloc]
    assert any(s["large"] for s in alloc) and any(s["continued"] for s in alloc)
    # Inline stacks: time samples while allocations are the primary stream.
    assert any(s["stack"] for d in decoded for s in d.time) and any(d.obj_info for d in decoded)


def test_other_profilers_files_are_not_vmsample_files():
    for path in (DATA / "real-profiles").glob("*.prof"):
        with pytest.raises(DecodeError):
            decode(path.read_bytes())


# ---------------------------------------------------------------- it can fail

def minimal(tmp_path):
    path = tmp_path / "m.prof"
    with ProfileWriter(path, alloc_period=512, sampling="fixed") as w:
        w.declare_code(2, "f", 1, "m.py")
        w.type_name(7, "list")
        w.alloc_sample(0, 32, 7, 1000, [(2, 3)], 0, False, 0)
        w.minor_collection(1, 2000, 10, 64, 1 << 20, 1 << 20, 4096, 0, 0, b"\x01")
    return path


def ext_records(data):
    """(offset, tag, payload length) of each extension record: docs/format.md's framing."""
    pos = data.index(b"VMSAMPX") + 8
    while pos < len(data):
        tag, size = struct.unpack_from("<BI", data, pos)
        yield pos, tag, size
        pos += 5 + size


def test_a_minimal_file_decodes(tmp_path):
    path = minimal(tmp_path)
    d = decode(path.read_bytes())
    assert [(s["seq"], s["size"], s["type_id"], s["stack"]) for s in d.alloc] == [(0, 32, 7, [(2, 3)])]
    assert d.types == {7: "list"} and [m["outcomes"] for m in d.minors] == [b"\x01"]
    check_against(d, read_profile(path))
    assert decode(gzip.compress(path.read_bytes())).alloc == d.alloc


def test_a_renumbered_tag_is_refused(tmp_path):
    data = bytearray(minimal(tmp_path).read_bytes())
    pos = next(pos for pos, tag, _ in ext_records(data) if tag == 0x25)
    data[pos] = 0x29
    with pytest.raises(DecodeError, match="tag 0x29"):
        decode(bytes(data))


def test_a_wrong_payload_length_is_refused(tmp_path):
    data = bytearray(minimal(tmp_path).read_bytes())
    pos, _, size = next(r for r in ext_records(data) if r[1] == 0x21)       # TYPE_NAME
    data[pos + 1:pos + 5] = struct.pack("<I", size - 1)
    with pytest.raises(DecodeError):
        decode(bytes(data))


def test_a_reordered_field_disagrees_with_the_reader(tmp_path):
    # The file as a writer with ALLOC_SAMPLE's time and thread id swapped
    # would write it: this decoder still reads the documented order.
    path = minimal(tmp_path)
    profile = read_profile(path)
    data = bytearray(path.read_bytes())
    pos = next(pos for pos, tag, _ in ext_records(data) if tag == 0x23) + 5
    data[pos + 8:pos + 24] = data[pos + 16:pos + 24] + data[pos + 8:pos + 16]
    with pytest.raises(AssertionError, match="time_ns"):
        check_against(decode(bytes(data)), profile)
