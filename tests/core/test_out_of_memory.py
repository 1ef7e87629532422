"""Out of memory is a MemoryError at an allocation, never an abort
(docs/design.md §2.7): a minor collection always has the memory to finish,
and the heap limit holds exactly."""

import gc as pygc
import os
import resource
import subprocess
import sys
import textwrap

import pytest
from hypothesis import given, settings, strategies as st

from vmsample import Nursery
from model import examples

# -- the address-space limit: ulimit -v ---------------------------------------

PROGRAMS = {
    # Nursery objects that survive as malloc'ed copies (the case).
    "100 KB strings": 'chunks.append("x" * 100_000)',
    # Small survivors: arena cells, and a major collection's worklist.
    "small lists": 'chunks.append([len(chunks), "ab"])',
    # Large objects (above the large-object threshold): calloc'ed alone.
    "2 MB strings": 'chunks.append("y" * 2_000_000)',
}


def run_limited(program, tmp_path, limit, env=()):
    path = tmp_path / "oom.py"
    path.write_text(textwrap.dedent(program))

    def limit_address_space():
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    # Without the suite's own GC knobs: a tiny nursery or heap verification
    # after every collection makes filling 300 MB take minutes.
    base = {k: v for k, v in os.environ.items() if not k.startswith("VMSAMPLE_")}
    return subprocess.run([sys.executable, "-m", "vmsample.lang", str(path)], capture_output=True,
                          text=True, timeout=300, preexec_fn=limit_address_space,
                          env=dict(base, **dict(env)))


@pytest.mark.parametrize("append", PROGRAMS.values(), ids=PROGRAMS.keys())
def test_running_out_of_address_space_is_a_memory_error_the_program_catches(tmp_path, append):
    proc = run_limited(f"""
        chunks = []
        try:
            while True:
                {append}
        except MemoryError:
            n = len(chunks)
            chunks = None
            print("caught", n > 10)
        print("and goes on", [i * 2 for i in range(5)])
        """, tmp_path, 300 << 20)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "caught True\nand goes on [0, 2, 4, 6, 8]\n"
    assert "fatal" not in proc.stderr


def test_out_of_memory_with_a_small_nursery(tmp_path):
    proc = run_limited("""
        chunks = []
        try:
            while True:
                chunks.append("x" * 10_000)
        except MemoryError:
            chunks = None
            print("caught")
        """, tmp_path, 300 << 20, env={"VMSAMPLE_NURSERY": "64K"})
    assert (proc.returncode, proc.stdout) == (0, "caught\n"), proc.stderr


def test_an_uncaught_memory_error_is_a_traceback_not_an_abort(tmp_path):
    proc = run_limited("""
        chunks = []
        while True:
            chunks.append("x" * 100_000)
        """, tmp_path, 300 << 20)
    assert proc.returncode == 1, proc.stderr
    assert proc.stderr.rstrip().splitlines()[-1].startswith("MemoryError")


# -- the heap limit ----------------------------------------------------------------

@settings(max_examples=examples(40), deadline=None)
@given(limit=st.integers(4 << 10, 64 << 10), nursery=st.sampled_from([256, 1024, 4096, 16384]),
       ops=st.lists(st.tuples(st.integers(0, 3000), st.booleans()), min_size=1, max_size=300),
       debug=st.booleans())
def test_the_heap_limit_holds_exactly(limit, nursery, ops, debug):
    # Objects with no references: the live bytes are the sizes of those kept.
    # An allocation fails exactly when the live bytes plus its size exceed the
    # limit, and the old space never exceeds the limit.
    gc = Nursery(nursery_size=nursery, large_object_threshold=nursery // 4, heap_limit=limit,
                 debug=debug, stress=0)
    blob = gc.register_type("Blob", item_size=1)
    kept = []
    for length, keep in ops:
        size = gc.size_of(blob, length)
        live = sum(r.size for r in kept)
        try:
            ref = gc.alloc(blob, length)
        except MemoryError:
            assert live + size > limit
        else:
            assert live + size <= limit
            if keep:
                kept.append(ref)
            del ref
        assert gc.stats["total_memory_used"] <= limit
        if len(kept) > 8 and not keep:
            del kept[::2]
    gc.check_heap()


def test_heap_limit_takes_sizes_and_stays_usable_after_memory_error():
    gc = Nursery(nursery_size="4K", heap_limit="16K")
    assert gc.heap_limit == 16 << 10
    blob = gc.register_type("Blob", item_size=1)
    keep = []
    with pytest.raises(MemoryError, match="heap limit"):
        while True:
            keep.append(gc.alloc(blob, 100))
    assert sum(r.size for r in keep) <= 16 << 10 < sum(r.size for r in keep) + gc.size_of(blob, 100)
    keep.clear()
    pygc.collect()
    assert gc.alloc(blob, 100).size == gc.size_of(blob, 100)


def test_run_heap_limit_gives_the_program_a_memory_error(tmp_path):
    prog = tmp_path / "grow.py"
    prog.write_text(textwrap.dedent("""
        chunks = []
        try:
            while True:
                chunks.append("x" * 1000)
        except MemoryError:
            print("caught", len(chunks) < 20_000)
        """))
    base = {k: v for k, v in os.environ.items() if not k.startswith("VMSAMPLE_")}
    proc = subprocess.run([sys.executable, "-m", "vmsample", "run", "-o", str(tmp_path / "g.prof"),
                           "--heap-limit", "16M", str(prog)], capture_output=True, text=True,
                          timeout=300, env=base)
    assert (proc.returncode, proc.stdout) == (0, "caught True\n"), proc.stderr


@pytest.mark.parametrize("debug", [False, True])
def test_the_heap_limit_counts_identity_shadows_and_the_young_id_table(debug):
    # Taking the id of a nursery object reserves its old-space cell (a shadow)
    # and an entry of the young-id table; both count against the limit, which
    # still holds, and running out is a MemoryError from alloc() or identity().
    limit = 64 << 10
    gc = Nursery(nursery_size=32 << 10, heap_limit=limit, debug=debug, stress=0)
    blob = gc.register_type("Blob", fixed_size=8)
    kept, ids, table_seen = [], set(), 0
    with pytest.raises(MemoryError):
        while True:
            ref = gc.alloc(blob)
            ids.add(ref.identity())
            kept.append(ref)
            del ref
            stats = gc.stats
            table_seen = max(table_seen, stats["young_id_table_bytes"])
            assert stats["total_memory_used"] <= limit
            assert stats["total_memory_used"] >= stats["young_id_table_bytes"]
    assert len(ids) == len(kept)
    assert table_seen > 0                        # counted in total_memory_used above
    kept.clear()
    gc.collect_major()
    assert gc.alloc(blob).identity()             # usable again
