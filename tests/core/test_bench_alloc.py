"""The allocation benchmark's kernels allocate through the real fast path from
another Cython module (`cimport vmsample._nursery`), and its JSON has the
documented shape.  Nothing here is timed."""

import json

from vmsample import Nursery
from vmsample.bench import alloc, alloc_kernels


def test_folded_kernel_allocates_through_the_heap_with_exact_sampling():
    gc = Nursery(nursery_size=4096, stress=0)
    tid = gc.register_type("Obj", item_size=8)
    gc.enable_sampling(1000, first_offset=1000)
    alloc_kernels.folded_loop(gc, tid, 24, 10_000)
    assert gc.stats["allocated_bytes"] == 240_000
    assert gc.samples_taken == (240_000 - 1) // 1000
    assert gc.stats["minor_collections"] >= 240_000 // gc.nursery_size - 1
    gc.check_heap()


def test_naive_kernel_counts_like_listing_3():
    gc = Nursery(nursery_size=4096, stress=0)
    tid = gc.register_type("Obj", item_size=8)
    _, samples = alloc_kernels.naive_loop(gc, tid, 32, 10_000, 1000)
    assert samples == 320_000 // 1000
    assert gc.samples_taken == 0


def test_json_output_shape(capsys):
    assert alloc.main(["--json", "--n", "2000", "--repeat", "1", "--sizes", "16,64"]) == 0
    rows = json.loads(capsys.readouterr().out)["results"]
    assert {(r["name"], r["object_size"]) for r in rows} == {
        (name, size) for name in alloc.CONFIGS for size in (16, 64)}
    for r in rows:
        assert r["ns_per_alloc"] > 0 and abs(r["gb_per_s"] - r["object_size"] / r["ns_per_alloc"]) < 1e-9
