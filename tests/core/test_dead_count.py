"""collect_major()'s count of dead objects (what the VM's gc.collect() returns)
against a model.  Blobs hold no references, so an object is reachable exactly
while the test holds its Ref.  The model: a plain minor collection frees the
unreachable young objects without counting them (a copying collector never
sees its dead); a full collection counts every unreachable object, young
(nursery or large) and old."""

import random

import pytest

from vmsample import Nursery


class Model:
    """The unreachable objects a full collection would count now."""

    def __init__(self, gc):
        self.gc = gc
        self.roots = []         # [(Ref, is_old)]
        self.young_garbage = self.old_garbage = 0

    def collected(self, minor=True, major=False):
        self.young_garbage = 0
        if major:
            self.old_garbage = 0
        self.roots[:] = [(ref, True) for ref, _ in self.roots]     # in place: alloc() runs inside roots.append(...)

    def alloc(self, tid, size):
        # A small heap collects on its own when an allocation needs room.
        before = self.gc.stats
        ref = self.gc.alloc(tid, size)
        after = self.gc.stats
        if after["minor_collections"] != before["minor_collections"]:
            self.collected(major=after["major_collections"] != before["major_collections"])
        return ref


@pytest.mark.parametrize("seed", range(8))
def test_collect_major_counts_the_dead(seed):
    rng = random.Random(seed)
    gc = Nursery(nursery_size=64 * 1024, large_object_threshold=512, stress=0)
    blob = gc.register_type("Blob", fixed_size=8, item_size=1)
    model = Model(gc)
    for _step in range(300):
        op = rng.choice(["alloc", "alloc", "garbage", "drop", "drop", "minor", "major"])
        if op == "alloc":
            model.roots.append((model.alloc(blob, rng.choice([0, 40, 600, 2000])), False))
        elif op == "garbage":
            for _i in range(rng.randrange(1, 20)):
                model.alloc(blob, rng.choice([0, 24, 700]))
                model.young_garbage += 1
        elif op == "drop" and model.roots:
            is_old = model.roots.pop(rng.randrange(len(model.roots)))[1]    # the Ref dies here
            if is_old:
                model.old_garbage += 1
            else:
                model.young_garbage += 1
        elif op == "minor":
            gc.collect_minor()
            model.collected()
        elif op == "major":
            assert gc.collect_major() == model.young_garbage + model.old_garbage
            model.collected(major=True)
    assert gc.collect_major() == model.young_garbage + model.old_garbage
    assert gc.collect_major() == 0
