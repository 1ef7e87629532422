"""`layout="pypy"`: the paper's own toolchain layout (Cskorpion's vmprof fork
and Firefox converter), checked against its documented structure with an
independent decoder written from the description (reference/vmprof-format.md
section 3), and read back completely by our own reader."""

import struct

from profile_runs import Run, check_profile, write_run
from vmsample.profile import ProfileWriter, read_profile, records, schema_reader

RUN = Run({2: ("<module>", 1, "p.py"), 4: ("f", 3, "p.py")}, {7: "list", 9: "Node"},
          [("alloc", 32, 7, [(4, 5), (2, 9)], 0, False), ("alloc", 1 << 20, 9, [(2, 9)], 0, True),
           ("time", [(4, 6), (2, 9)], 0), ("minor", b"\x01" * 8, 2),
           ("alloc", 48, 9, [(4, 5), (2, 9)], 0, False), ("minor", b"\x02" * 8, 1, 30_000),
           ("minor", b"\x03" * 8, 0)],
          alloc_period=4096, time_period_ns=1_000_000)


def fork_decode(data):
    """Decode like the fork's reader: f64 time instead of the count word (v7)."""
    W = struct.Struct("<q")
    assert struct.unpack_from("<3q", data) == (0, 3, 0)
    pos = 40
    assert data[pos] == 0x05
    version = struct.unpack_from(">h", data, pos + 1)[0]
    mode, n = data[pos + 3], data[pos + 4]
    pos += 5 + n
    meta, codes, gc, objinfo, timesamples = {}, {}, [], [], []

    def string(p):
        (k,) = W.unpack_from(data, p)
        return data[p + 8:p + 8 + k].decode(), p + 8 + k

    while True:
        m = data[pos]
        if m in (0x01, 0x09):
            t, depth = struct.unpack_from("<dq", data, pos + 1)
            trace = list(struct.unpack_from(f"<{depth}q", data, pos + 17))
            (thread,) = W.unpack_from(data, pos + 17 + 8 * depth)
            (gc if m == 0x09 else timesamples).append((trace[::-1], t, thread))
            pos += 25 + 8 * depth
        elif m == 0x0A:
            t, depth = struct.unpack_from("<dq", data, pos + 1)
            objinfo.append((list(struct.unpack_from(f"<{depth}q", data, pos + 17))[::-1], t))
            pos += 17 + 8 * depth
        elif m == 0x02:
            (uid,) = W.unpack_from(data, pos + 1)
            codes[uid], pos = string(pos + 9)
        elif m == 0x07:
            k, p = string(pos + 1)
            meta[k], pos = string(p)
        elif m == 0x06:
            pos += 25
        elif m == 0x03:
            return version, mode, meta, codes, gc, objinfo, timesamples
        else:
            raise AssertionError(hex(m))


def test_pypy_layout_has_the_forks_structure(tmp_path):
    path = tmp_path / "pypy.prof"
    with ProfileWriter(path, alloc_period=4096, time_period_ns=1_000_000, layout="pypy") as w:
        write_run(w, RUN)
    version, mode, meta, codes, gc, objinfo, timesamples = fork_decode(path.read_bytes())
    assert version == 7 and mode == 0
    assert struct.unpack_from("<2q", path.read_bytes(), 24) == (1000, 0)      # period in us
    assert [meta[f"gc_stats__{i}"] for i in range(3)] == ["total_memory_used", "total_size_of_arenas",
                                                          "gc_state"]
    assert meta["__rtype_7"] == "list" and meta["__rtype_9"] == "Node"
    assert meta["sample_allocated_bytes"] == "4096" and float(meta["start_time_offset"]) > 0
    assert codes == {2: "py:<module>:1:p.py", 4: "py:f:3:p.py"}
    assert [g[0] for g in gc] == [[2, 4], [2], [2, 4]] and len(timesamples) == 1
    # one 0x0A per minor collection that resolved samples: [gc_state, arenas, mem, oldest .. newest]
    assert len(objinfo) == 2
    # the converter's pairing: the i-th sample is the i-th object, in order
    objects = [(obj, t) for words, t in objinfo for obj in words[3:]]
    assert len(objects) == len(gc)
    for (trace, sample_t, _), (obj, obj_t) in zip(gc, objects):
        assert sample_t <= obj_t
    assert [(o >> 2, bool(o & 2)) for o, _ in objects] == [(7, False), (9, True), (9, False)]
    gc_state, arenas, mem = objinfo[0][0][:3]
    assert (gc_state, arenas) == (2, 1 << 20) and mem > 0
    p = read_profile(path)
    assert [s.outcome.name for s in p.alloc_samples] == [
        "SURVIVED" if o & 1 else "DIED" for o, _ in objects]


def test_pypy_layout_reads_back_completely(tmp_path):
    path = tmp_path / "pypy.prof.gz"
    with ProfileWriter(path, alloc_period=4096, time_period_ns=1_000_000, layout="pypy") as w:
        write_run(w, RUN)
    p = read_profile(path)
    assert p.meta.layout == "pypy" and p.meta.format_version == 7 and not p.meta.lines
    check_profile(p, RUN, lines=False)
    import gzip
    data = gzip.decompress(path.read_bytes())
    assert schema_reader.to_profile(records.parse(data), gzip=True) == p


def test_a_collection_resolving_many_samples_is_split_oldest_first(tmp_path):
    path = tmp_path / "many.prof"
    n = 20000
    with ProfileWriter(path, alloc_period=64, layout="pypy") as w:
        w.declare_code(2, "<module>", 1, "p.py")
        for i in range(n):
            w.alloc_sample(i, 16, 1 + i % 3, 1000 + i, [(2, 1)])
        w.minor_collection(1, 10**9, first_seq=0, outcomes=bytes(i % 2 for i in range(n)))
    _, _, _, _, gc, objinfo, _ = fork_decode(path.read_bytes())
    assert [len(words) - 3 for words, _ in objinfo] == [8192, 8192, 20000 - 2 * 8192]
    objects = [obj for words, _ in objinfo for obj in words[3:]]
    assert [(o >> 2, o & 1) for o in objects] == [(1 + i % 3, i % 2) for i in range(n)]
    assert len(read_profile(path).alloc_samples) == n
