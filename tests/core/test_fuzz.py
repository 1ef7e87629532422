"""A GC fuzzer in the style of PyPy's random_action_sequences: Hypothesis
drives random actions (allocate, write references, drop roots, push/pop the
shadow stack, collect, step an incremental major collection, toggle sampling)
against a tiny real heap with heap verification after every collection and
every marking step (the verifier checks the incremental-update invariant while
marking), and after every step the heap reachable
from the roots must equal a pure-Python model of it -- same objects, same
types, same references, same payload -- and after a major collection the old
space must hold exactly the reachable bytes, and the sampled objects it
follows (lifetimes) must be exactly the sampled survivors still reachable,
every other sampled survivor reported dead by a major collection."""

from hypothesis import settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from vmsample import Nursery, Ref
from vmsample._nursery import STATE_FINALIZING, STATE_MARKING, STATE_SCANNING, STATE_SWEEPING
from model import examples

MAX_ROOTS = 12


class ModelObject:
    __slots__ = ("kind", "slots", "length")

    def __init__(self, kind, n_slots, length):
        self.kind, self.slots, self.length = kind, [None] * n_slots, length


class HeapMachine(RuleBasedStateMachine):
    """Every object stores its model id in payload word 0 (Node: word 16).
    Rules draw indices, never Refs: Hypothesis keeps drawn values alive, and a
    live Ref is a root."""

    @initialize(nursery=st.sampled_from([32, 64, 256, 1024]), threshold=st.integers(16, 512),
                stress=st.sampled_from([0, 0, 1, 3]), incremental=st.booleans())
    def setup(self, nursery, threshold, stress, incremental):
        self.gc = Nursery(nursery_size=nursery, large_object_threshold=threshold, debug=True,
                          stress=stress, incremental=incremental)
        gc = self.gc
        # Node: two references and its id; Array: its id, then reference items;
        # Blob: its id, then bytes.
        self.types = {"node": gc.register_type("Node", fixed_size=24, ref_offsets=(0, 8)),
                      "array": gc.register_type("Array", fixed_size=8, item_size=8, items_are_refs=True),
                      "blob": gc.register_type("Blob", fixed_size=8, item_size=1)}
        self.model = {}             # id -> ModelObject
        self.roots = []             # [(Ref, id)]
        self.stack = []             # ids on the shadow stack (bottom first)
        self.next_id = 1
        self.sample_owner = {}      # sample seq -> the model id of its object

    # -- helpers ---------------------------------------------------------------

    def id_word(self, kind):
        return 16 if kind == "node" else 0

    def new(self, kind, length=None):
        seq0 = self.gc.samples_taken
        ref = self.gc.alloc(self.types[kind], length)
        oid, self.next_id = self.next_id, self.next_id + 1
        self.sample_owner.update(dict.fromkeys(range(seq0, self.gc.samples_taken), oid))
        ref.write_word(self.id_word(kind), oid)
        n_slots = 2 if kind == "node" else (length if kind == "array" else 0)
        self.model[oid] = ModelObject(kind, n_slots, length)
        if kind == "blob" and length:
            ref.set_item(length - 1, oid & 0xFF)
        self.roots.append((ref, oid))
        if len(self.roots) > MAX_ROOTS:
            del self.roots[0]

    def real_id(self, ref):
        kind = {v: k for k, v in self.types.items()}[ref.type_id]
        return ref.read_word(self.id_word(kind))

    def set_slot(self, ref, kind, i, value):
        if kind == "node":
            ref.set_ref(i, value)
        else:
            ref.set_item(i, value)

    def get_slot(self, ref, kind, i):
        return ref.get_ref(i) if kind == "node" else ref.get_item(i)

    # -- actions ---------------------------------------------------------------

    @rule()
    def alloc_node(self):
        self.new("node")

    @rule(length=st.integers(0, 70))
    def alloc_array(self, length):
        self.new("array", length)

    @rule(length=st.integers(0, 70))
    def alloc_tracked_array(self, length):
        # gc_track_stores: a large one (above the threshold) remembers the
        # slots given young values, and its promotion visits those only
        self.new("array", length)
        self.roots[-1][0].track_stores()

    @precondition(lambda self: self.roots)
    @rule(data=st.data())
    def copy_items(self, data):
        # gc_copy_refs, between two arrays or within one (a memmove)
        arrays = [(ref, oid) for ref, oid in self.roots if self.model[oid].kind == "array"]
        if not arrays:
            return
        dst, did = arrays[data.draw(st.integers(0, len(arrays) - 1))]
        src, sid = arrays[data.draw(st.integers(0, len(arrays) - 1))]
        d, s = self.model[did], self.model[sid]
        n = data.draw(st.integers(0, min(d.length, s.length)))
        i = data.draw(st.integers(0, d.length - n))
        j = data.draw(st.integers(0, s.length - n))
        dst.copy_items(i, src, j, n)
        d.slots[i:i + n] = s.slots[j:j + n]

    @rule(length=st.integers(0, 600))
    def alloc_blob(self, length):
        self.new("blob", length)

    @precondition(lambda self: self.roots)
    @rule(data=st.data())
    def write(self, data):
        src, sid = self.roots[data.draw(st.integers(0, len(self.roots) - 1))]
        obj = self.model[sid]
        if not obj.slots:
            return
        i = data.draw(st.integers(0, len(obj.slots) - 1))
        choice = data.draw(st.sampled_from(["ref", "ref", "none", "immediate"]))
        if choice == "ref":
            dst, did = self.roots[data.draw(st.integers(0, len(self.roots) - 1))]
            self.set_slot(src, obj.kind, i, dst)
            obj.slots[i] = did
        elif choice == "none":
            self.set_slot(src, obj.kind, i, None)
            obj.slots[i] = None
        else:
            imm = data.draw(st.integers(0, 2**40)) * 8 + data.draw(st.integers(1, 7))
            self.set_slot(src, obj.kind, i, imm)
            obj.slots[i] = ("imm", imm)

    @precondition(lambda self: self.roots)
    @rule(data=st.data())
    def follow(self, data):
        # make an object reachable only through the heap a root again
        src, sid = self.roots[data.draw(st.integers(0, len(self.roots) - 1))]
        obj = self.model[sid]
        targets = [(i, t) for i, t in enumerate(obj.slots) if isinstance(t, int)]
        if targets:
            i, tid = targets[data.draw(st.integers(0, len(targets) - 1))]
            ref = self.get_slot(src, obj.kind, i)
            self.roots.append((ref, tid))

    @precondition(lambda self: self.roots)
    @rule(data=st.data())
    def drop(self, data):
        del self.roots[data.draw(st.integers(0, len(self.roots) - 1))]

    @precondition(lambda self: self.roots)
    @rule(data=st.data())
    def push(self, data):
        i = data.draw(st.integers(0, len(self.roots) - 1))
        ref, oid = self.roots.pop(i)
        self.gc.push_root(ref)
        self.stack.append(oid)

    @precondition(lambda self: self.stack)
    @rule()
    def pop(self):
        self.roots.append((self.gc.pop_root(), self.stack.pop()))

    @rule()
    def collect_minor(self):
        self.gc.collect_minor()

    @rule(budget=st.one_of(st.none(), st.integers(0, 600)))
    def collect_step(self, budget):
        # a minor collection and a step: marking about [budget] bytes,
        # sweeping about [budget] bytes of pages (0: the least) or finalizing,
        # interleaved with the other rules' allocations and writes
        state = self.gc.collect_step(budget)
        assert state in (STATE_SCANNING, STATE_MARKING, STATE_SWEEPING, STATE_FINALIZING)
        assert self.gc.stats["gc_state"] == state

    @rule()
    def collect_major(self):
        self.gc.collect_major()
        live = self.reachable()
        expected = sum(self.gc.size_of(self.types[self.model[o].kind], self.model[o].length)
                       for o in live)
        assert self.gc.stats["total_memory_used"] == expected
        # The lifetime oracle: after a full collection every sample has its
        # outcome; the survivors still reachable are followed, the others
        # were found dead by a major collection.
        records = self.gc.sample_records()
        assert all(r.survived is not None for r in records)
        alive = sorted(r.seq for r in records if r.survived and self.sample_owner[r.seq] in live)
        assert self.gc.followed_samples() == alive
        for r in records:
            dead_old = r.survived and self.sample_owner[r.seq] not in live
            assert (r.died_major is not None) == dead_old
            assert r.died_major is None or r.died_major <= self.gc.stats["major_collections"]

    @rule(period=st.integers(1, 2000), mode=st.sampled_from(["fixed", "random"]))
    def enable_sampling(self, period, mode):
        self.gc.enable_sampling(period, mode=mode, seed=period)

    @rule()
    def disable_sampling(self):
        self.gc.disable_sampling()

    # -- the check -------------------------------------------------------------

    def reachable(self):
        seen, todo = set(), [oid for _, oid in self.roots] + list(self.stack)
        while todo:
            oid = todo.pop()
            if oid in seen:
                continue
            seen.add(oid)
            todo.extend(t for t in self.model[oid].slots if isinstance(t, int))
        return seen

    @invariant()
    def heap_matches_model(self):
        if not hasattr(self, "gc"):
            return
        popped = [self.gc.pop_root() for _ in self.stack]
        for ref in reversed(popped):
            self.gc.push_root(ref)
        seen = set()
        todo = list(zip([r for r, _ in self.roots] + popped[::-1], [o for _, o in self.roots] + self.stack))
        while todo:
            ref, oid = todo.pop()
            assert isinstance(ref, Ref) and self.real_id(ref) == oid
            if oid in seen:
                continue
            seen.add(oid)
            obj = self.model[oid]
            assert ref.type_id == self.types[obj.kind] and ref.length == obj.length
            if obj.kind == "blob" and obj.length:
                assert ref.get_item(obj.length - 1) == oid & 0xFF
            for i, expected in enumerate(obj.slots):
                actual = self.get_slot(ref, obj.kind, i)
                if expected is None:
                    assert actual is None
                elif isinstance(expected, tuple):
                    assert actual == expected[1]
                else:
                    todo.append((actual, expected))
        live = self.reachable()
        assert seen == live
        assert self.gc.samples_taken == len(self.gc.sample_records())
        # Death records come from sweeps only, and a sweep never frees a live
        # object, so no reachable sample is ever reported dead.
        for r in self.gc.sample_records():
            assert r.died_major is None or self.sample_owner[r.seq] not in live


TestHeapFuzz = HeapMachine.TestCase
TestHeapFuzz.settings = settings(max_examples=examples(60), stateful_step_count=60, deadline=None)
