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
every other sampled survivor reported dead by a major collection.

Weak references, finalizers and death notices (vmsample/core/finalizers.pxi)
take part: weakref objects point weakly at random objects (short or long,
with or without notification), random objects get a finalizer or death
notices, the queues are taken at random moments and some finalized objects
resurrected, and weak references are followed (which makes a target that
was only weakly reachable strongly reachable again).  A collection may run
inside any allocation, so after each step the model learns what the queues
gained and which weak fields were cleared, and checks that each is allowed
by the reachability at the step's start (model.closure): nothing cleared,
queued or freed while reachable, a notification exactly when the weakref
object was reachable, and nothing freed ever reachable again.  After a full
collection it checks that everything collectable was: every weak reference
to an unreachable object cleared, every unreachable object with a finalizer
queued, every unreachable object's death notices given."""

from hypothesis import settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from vmsample import Nursery, Ref
from vmsample._nursery import STATE_FINALIZING, STATE_MARKING, STATE_SCANNING, STATE_SWEEPING
from model import closure, examples

MAX_ROOTS = 12


class ModelObject:
    __slots__ = ("kind", "slots", "length")

    def __init__(self, kind, n_slots, length):
        self.kind, self.slots, self.length = kind, [None] * n_slots, length


class ModelWeak:
    """A weakref object's registration: [target] None once cleared."""
    __slots__ = ("target", "notify", "long", "seen_unreachable")

    def __init__(self, target, notify, long):
        self.target, self.notify, self.long, self.seen_unreachable = target, notify, long, False


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
        # Node: two references and its id; Weak: a reference, the weak field
        # and its id; Array: its id, then reference items; Blob: its id, then bytes.
        self.types = {"node": gc.register_type("Node", fixed_size=24, ref_offsets=(0, 8)),
                      "weak": gc.register_type("Weak", fixed_size=24, ref_offsets=(0,), weak_offset=8),
                      "array": gc.register_type("Array", fixed_size=8, item_size=8, items_are_refs=True),
                      "blob": gc.register_type("Blob", fixed_size=8, item_size=1)}
        self.model = {}             # id -> ModelObject
        self.roots = []             # [(Ref, id)]
        self.stack = []             # ids on the shadow stack (bottom first)
        self.next_id = 1
        self.sample_owner = {}      # sample seq -> the model id of its object
        self.weak = {}              # weakref object id -> ModelWeak
        self.finalizers = set()     # ids registered for a finalizer, not queued yet
        self.finalized = set()      # ids ever registered for one (PEP 442: once)
        self.notices = {}           # word -> the id of the object it was registered on
        self.next_word = 1
        self.queued = ([], [], [])  # the queues as the model knows them: ids, ids, words
        self.freed = set()          # ids whose memory is known to be freed
        self.reach_before = set()   # what the roots reached when the step began
        self.floating = set()       # ... or at any step since the marking under way began

    # -- helpers ---------------------------------------------------------------

    def id_word(self, kind):
        return 16 if kind in ("node", "weak") else 0

    def new(self, kind, length=None):
        seq0 = self.gc.samples_taken
        ref = self.gc.alloc(self.types[kind], length)
        oid, self.next_id = self.next_id, self.next_id + 1
        self.sample_owner.update(dict.fromkeys(range(seq0, self.gc.samples_taken), oid))
        ref.write_word(self.id_word(kind), oid)
        n_slots = {"node": 2, "weak": 1, "array": length}.get(kind, 0)
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
        if kind in ("node", "weak"):
            ref.set_ref(i, value)
        else:
            ref.set_item(i, value)

    def get_slot(self, ref, kind, i):
        return ref.get_ref(i) if kind in ("node", "weak") else ref.get_item(i)

    # -- actions ---------------------------------------------------------------

    @rule()
    def alloc_node(self):
        self.new("node")

    @precondition(lambda self: self.roots)
    @rule(data=st.data(), notify=st.booleans(), long=st.booleans())
    def alloc_weak(self, data, notify, long):
        # a weakref object, pointing weakly at a root (its Ref stays alive
        # while alloc() may collect)
        target, tid = self.roots[data.draw(st.integers(0, len(self.roots) - 1))]
        self.new("weak")
        ref, wid = self.roots[-1]
        ref.set_weak(target, notify=notify, track_resurrection=long)
        self.weak[wid] = ModelWeak(tid, notify, long)

    @precondition(lambda self: self.roots)
    @rule(data=st.data())
    def follow_weak(self, data):
        # read a weak reference: its target, if not cleared, is reachable again
        src, sid = self.roots[data.draw(st.integers(0, len(self.roots) - 1))]
        if sid in self.weak:
            ref = src.get_weak()
            if ref is not None:
                assert self.real_id(ref) == self.weak[sid].target
                self.roots.append((ref, self.weak[sid].target))

    @precondition(lambda self: self.roots)
    @rule(data=st.data())
    def register_finalizer(self, data):
        ref, oid = self.roots[data.draw(st.integers(0, len(self.roots) - 1))]
        if oid not in self.finalized:
            ref.register_finalizer()
            self.finalizers.add(oid)
            self.finalized.add(oid)

    @precondition(lambda self: self.roots)
    @rule(data=st.data())
    def register_death_notice(self, data):
        ref, oid = self.roots[data.draw(st.integers(0, len(self.roots) - 1))]
        word = self.next_word                   # words name their registrations
        self.next_word += 1
        ref.register_death_notice(word)
        self.notices[word] = oid

    @rule(keep=st.sets(st.integers(0, 7)))
    def take_queues(self, keep):
        # the embedder at a safe point: finalizers run, some resurrect their
        # object (and some notified weakref objects are kept)
        self.observe()
        finalizable, cleared, words = self.gc.take_finalizable(), self.gc.take_cleared_weakrefs(), \
            self.gc.take_death_notices()
        assert [self.real_id(r) for r in finalizable] == self.queued[0]
        assert [self.real_id(r) for r in cleared] == self.queued[1]
        assert words == self.queued[2]
        self.queued = ([], [], [])
        for i, ref in enumerate(finalizable + cleared):
            if i in keep:
                self.roots.append((ref, self.real_id(ref)))

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
        self.observe()
        live = self.reachable()
        # Everything collectable was collected: no registration of an
        # unreachable object is left, no weak reference to one.
        assert self.finalizers <= live
        assert set(self.notices.values()) <= live
        refs = self.reachable_refs()
        for wid, w in self.weak.items():
            if wid in live and w.target is not None:
                assert w.target in live and refs[wid].get_weak() is not None
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
        """The ids the roots reach (the queued objects are roots)."""
        return self.reachable_from([oid for _, oid in self.roots] + self.stack + self.queued[0]
                                   + self.queued[1])

    def reachable_from(self, ids):
        return closure({oid: [t for t in obj.slots if isinstance(t, int)] for oid, obj in self.model.items()},
                       ids)

    def reachable_refs(self):
        """{id: Ref} of everything the roots reach (the stack's objects are
        reached from the heap or from other roots when they are not in
        self.roots; they are popped and pushed back to be read)."""
        popped = [self.gc.pop_root() for _ in self.stack]
        for ref in reversed(popped):
            self.gc.push_root(ref)
        queues = self.gc.finalization_queues()
        found, todo = {}, [r for r, _ in self.roots] + popped + queues.finalizable + queues.cleared_weakrefs
        while todo:
            ref = todo.pop()
            oid = self.real_id(ref)
            if oid not in found:
                found[oid] = ref
                kind = self.model[oid].kind
                todo.extend(r for r in (self.get_slot(ref, kind, i) for i in range(len(self.model[oid].slots)))
                            if isinstance(r, Ref))
        return found

    def observe(self):
        """Learn what the collections since the last step did to the queues
        and the weak fields, checking that each is allowed."""
        before = self.reach_before
        queues = self.gc.finalization_queues()
        got = ([self.real_id(r) for r in queues.finalizable],
               [self.real_id(r) for r in queues.cleared_weakrefs], queues.death_notices)
        new = []
        for known, now in zip(self.queued, got):
            assert now[:len(known)] == known          # queues only grow between takes
            new.append(now[len(known):])
        new_finalizable, new_cleared, new_words = new
        # Queued for finalization: registered, and unreachable when the step began.
        assert set(new_finalizable) <= self.finalizers and not set(new_finalizable) & before
        self.finalizers -= set(new_finalizable)
        self.queued = got
        resurrected = self.reachable_from(new_finalizable)
        freed = set()
        for word in new_words:                    # a death notice: freed, not resurrected
            oid = self.notices.pop(word)
            assert oid not in before and oid not in resurrected
            freed.add(oid)
        live = self.reachable()
        refs = self.reachable_refs()
        assert set(refs) == live
        expected, allowed = set(), set()           # notifications
        for wid, w in self.weak.items():
            if wid not in live or w.target is None:
                continue
            target = refs[wid].get_weak()
            if target is not None:
                assert self.real_id(target) == w.target
                assert not (w.long and w.target in freed)
                continue
            # Cleared by a collection of this step, if the weakref object
            # was reachable when the step began: then its target was not,
            # and it is notified.  Else it was garbage: cleared by this step
            # or an earlier one, without a word -- unless a marking under
            # way had marked it before it became garbage (it is alive for
            # that collection), or it is a long reference whose weakref
            # object a finalizer resurrected.
            if wid in before:
                assert w.target not in before
                assert not (w.long and w.target in resurrected)
                if w.notify:
                    expected.add(wid)
            else:
                assert w.seen_unreachable or w.target not in before
                if w.notify and (wid in self.floating or w.long and wid in resurrected):
                    allowed.add(wid)
            if w.long:
                freed.add(w.target)
            w.target = None
        assert expected <= set(new_cleared) <= expected | allowed
        assert len(new_cleared) == len(set(new_cleared))
        self.freed |= freed
        assert not self.freed & live              # nothing freed comes back
        for w in self.weak.values():
            if w.target is not None and w.target not in live:
                w.seen_unreachable = True
        self.reach_before = live
        self.floating = live | (self.floating if self.gc.stats["gc_state"] != STATE_SCANNING else set())

    @invariant()
    def heap_matches_model(self):
        if not hasattr(self, "gc"):
            return
        self.observe()
        popped = [self.gc.pop_root() for _ in self.stack]
        for ref in reversed(popped):
            self.gc.push_root(ref)
        queues = self.gc.finalization_queues()
        seen = set()
        todo = list(zip([r for r, _ in self.roots] + popped[::-1] + queues.finalizable + queues.cleared_weakrefs,
                        [o for _, o in self.roots] + self.stack + self.queued[0] + self.queued[1]))
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
