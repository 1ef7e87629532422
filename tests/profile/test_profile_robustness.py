"""Malformed input: every truncation, thousands of mutations, garbage, wrong
magic, newer versions, huge declared lengths.  Each gives a clean
ProfileFormatError (with an offset inside the file) or a valid parse, from
both readers alike -- never another exception, a hang or a huge allocation."""

import random
import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from profile_runs import Run, write_run
from vmsample import ProfileFormatError
from vmsample.profile import ProfileWriter, read_profile, records, schema_reader

RUN = Run({2: ("<module>", 1, "p.py"), 4: ("f", 3, "p.py")}, {7: "list"},
          [("alloc", 32, 7, [(4, 5), (2, 9)], 0, False), ("time", [(4, 6), (2, 9)], 1),
           ("alloc", 4096, 7, [(2, 9)], 0, True), ("minor", b"abcdefgh", 1), ("major", 1), ("major", 0)],
          alloc_period=512, time_period_ns=1000)


@pytest.fixture(scope="module", params=["vmprof", "pypy"])
def small(tmp_path_factory, request):
    path = tmp_path_factory.mktemp("rob") / "small.prof"
    with ProfileWriter(path, alloc_period=512, time_period_ns=1000, layout=request.param) as w:
        write_run(w, RUN)
    return path.read_bytes()


def outcome(data):
    """('ok', profile) or ('error', exc) from each reader; they must agree."""
    results = []
    for read in (read_profile, lambda d: schema_reader.to_profile(records.parse(d))):
        try:
            results.append(("ok", read(data)))
        except ProfileFormatError as e:
            assert e.offset is None or 0 <= e.offset <= len(data), e
            assert str(e)
            results.append(("error", e))
    (fast, fast_value), (ref, ref_value) = results
    assert fast == ref, (fast_value, ref_value)
    if fast == "ok":
        assert fast_value == ref_value
    # Each reader summing while reading gives the same sums as read whole, or
    # the same error (the schema read one record at a time, as it sums).
    for whole, summing in ((read_profile, lambda d: read_profile(d, aggregate=True)),
                           (schema_reader.read_profile, lambda d: schema_reader.read_profile(d, aggregate=True))):
        got = []
        for read in (whole, summing):
            try:
                got.append(read(data).totals())
            except ProfileFormatError as e:
                got.append(str(e))
        assert got[0] == got[1] and isinstance(got[0], str) == (fast == "error"), got
    return fast


def test_every_truncation_is_a_clean_error(small):
    for cut in range(len(small)):
        assert outcome(small[:cut]) == "error", cut
    assert outcome(small) == "ok"


def test_truncation_error_names_the_offset_and_record(small):
    with pytest.raises(ProfileFormatError) as e:
        read_profile(small[:60])
    assert e.value.offset is not None and e.value.record
    assert "byte" in str(e.value)


@settings(max_examples=1000)
@given(data=st.data())
def test_mutations_give_clean_errors_or_valid_profiles(small, data):
    buf = bytearray(small)
    for _ in range(data.draw(st.integers(1, 4))):
        kind = data.draw(st.sampled_from(["flip", "byte", "word", "insert", "delete"]))
        pos = data.draw(st.integers(0, len(buf) - 1))
        if kind == "flip":
            buf[pos] ^= 1 << data.draw(st.integers(0, 7))
        elif kind == "byte":
            buf[pos] = data.draw(st.integers(0, 255))
        elif kind == "word":
            value = data.draw(st.sampled_from([-1, 0, 1, 2**16 + 1, 2**31, 2**62, -(2**63)]))
            buf[pos:pos + 8] = struct.pack("<q", value)
        elif kind == "insert":
            buf[pos:pos] = data.draw(st.binary(min_size=1, max_size=9))
        else:
            del buf[pos:pos + data.draw(st.integers(1, 9))]
    outcome(bytes(buf))


def test_thousands_of_seeded_byte_flips(small):
    rng = random.Random(1234)
    for _ in range(1500):
        buf = bytearray(small)
        buf[rng.randrange(len(buf))] ^= 1 << rng.randrange(8)
        outcome(bytes(buf))


@pytest.mark.parametrize("data", [b"", b"\x00", b"garbage" * 10, bytes(64), b"\x1f\x8b\x08garbage"])
def test_garbage(data):
    assert outcome(data) == "error"


def test_wrong_extension_magic(small):
    i = small.index(b"VMSAMPX\x01")
    with pytest.raises(ProfileFormatError, match="not a vmsample extension") as e:
        read_profile(small[:i] + b"XXXXXXX\x01" + small[i + 8:])
    assert e.value.offset == i and e.value.record == "extension"
    assert outcome(small[:i] + b"XXXXXXX\x01" + small[i + 8:]) == "error"


def test_newer_versions_are_refused_clearly(small):
    newer = small[:41] + (8).to_bytes(2, "big") + small[43:]
    with pytest.raises(ProfileFormatError, match="version 8 is newer") as e:
        read_profile(newer)
    assert (e.value.offset, e.value.record) == (40, "header")
    assert outcome(newer) == "error"
    i = small.index(b"VMSAMPX\x01")
    with pytest.raises(ProfileFormatError, match="extension version 2 is newer"):
        read_profile(small[:i + 7] + b"\x02" + small[i + 8:])


def test_huge_declared_lengths_allocate_nothing(small):
    # a META string claiming 2**62 bytes, an extension record claiming 4 GiB
    i = 45 + small[44] + 25                      # the first META, after the header and start time
    assert small[i] == 0x07
    huge_meta = small[:i + 1] + struct.pack("<q", 2**62) + small[i + 9:]
    assert outcome(huge_meta) == "error"
    j = small.index(b"VMSAMPX\x01") + 8
    huge_ext = small[:j + 1] + struct.pack("<I", 2**32 - 1) + small[j + 5:]
    with pytest.raises(ProfileFormatError, match="exceeds the limit"):
        read_profile(huge_ext)
    assert outcome(huge_ext) == "error"


def test_errors_are_never_bare_assertion_or_struct_errors(small):
    # Regression net for the exception types vmprof's own reader lets escape.
    for cut in (0, 8, 17, 40, 45, 100):
        with pytest.raises(ProfileFormatError):
            read_profile(small[:cut])


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), -1e300])
def test_impossible_sample_time_in_the_pypy_layout(tmp_path, bad):
    from vmsample.profile.records import iter_records
    path = tmp_path / "p.prof"
    with ProfileWriter(path, alloc_period=512, layout="pypy") as w:
        write_run(w, RUN)
    data = path.read_bytes()
    at = next(r.offset for r in iter_records(data) if r.kind == "gc_stacktrace")
    broken = data[:at + 1] + struct.pack("<d", bad) + data[at + 9:]
    with pytest.raises(ProfileFormatError, match="bad sample time"):
        read_profile(broken)
    assert outcome(broken) == "error"
