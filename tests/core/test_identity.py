"""gc_id against a model: Hypothesis drives random allocation, id-taking,
root dropping and minor/major collections on a tiny debug heap (verified after
every collection, young-id table included).  The model is a dict root -> the
id first returned for it; at every step each live object's id must still be
that value (whatever moved it) and the ids of live objects must be distinct.
Sizes straddle the old space's biggest cell, so shadows come from both the
arenas and malloc."""

from hypothesis import settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from vmsample import Nursery
from model import examples

MAX_ROOTS = 16


class IdentityMachine(RuleBasedStateMachine):
    @initialize(nursery=st.sampled_from([512, 2048, 8192]), stress=st.sampled_from([0, 0, 1, 5]))
    def setup(self, nursery, stress):
        self.gc = Nursery(nursery_size=nursery, large_object_threshold=nursery, debug=True,
                          stress=stress)
        self.blob = self.gc.register_type("Blob", fixed_size=8, item_size=1)
        self.roots = []         # [Ref]
        self.known = []         # [(Ref, id)] for objects whose id was taken

    @precondition(lambda self: len(self.roots) < MAX_ROOTS)
    @rule(size=st.integers(0, 400))
    def alloc(self, size):
        self.roots.append(self.gc.alloc(self.blob, size))

    @rule(garbage=st.integers(1, 40))
    def alloc_garbage(self, garbage):
        for _ in range(garbage):
            self.gc.alloc(self.blob, 24)

    @precondition(lambda self: self.roots)
    @rule(i=st.integers(0, MAX_ROOTS - 1))
    def take_id(self, i):
        ref = self.roots[i % len(self.roots)]
        ident = ref.identity()
        for other, known in self.known:
            if other is ref:
                assert known == ident
                return
        self.known.append((ref, ident))

    @precondition(lambda self: self.roots)
    @rule(i=st.integers(0, MAX_ROOTS - 1))
    def drop(self, i):
        ref = self.roots.pop(i % len(self.roots))
        self.known = [(r, k) for r, k in self.known if r is not ref]

    @rule()
    def minor(self):
        self.gc.collect_minor()

    @rule()
    def major(self):
        self.gc.collect_major()

    @invariant()
    def ids_stable_and_unique(self):
        if not hasattr(self, "gc"):
            return
        for ref, known in self.known:
            assert ref.identity() == known
        live = [ref.identity() for ref in self.roots]
        assert len(set(live)) == len(live)
        # an old object's id is its address: the shadow became its home
        for ref, known in self.known:
            if not ref.is_young:
                assert ref.address == known


TestIdentity = IdentityMachine.TestCase
TestIdentity.settings = settings(max_examples=examples(60), stateful_step_count=50, deadline=None)
