# vmsample/core/api.pxi -- the Python API (included by _nursery.pyx).
#
# Owns: gc_raise_error (h.error -> a Python exception), the Nursery and Ref
# classes (declared in _nursery.pxd) and their module-level helpers, the
# record namedtuples (SampleRecord, MinorCollection, MajorEvent).

cdef int gc_raise_error(GCHeap* h) except -1:
    cdef int code = h.error
    msg = (<char*>P(h).errmsg).decode("utf-8", "replace") if P(h).errmsg[0] else None
    h.error = GC_OK
    P(h).errmsg[0] = 0
    if code == GC_ERR_NOMEM:
        raise MemoryError(msg or "out of memory")
    if code == GC_ERR_STACK:
        raise RecursionError(msg or "shadow stack overflow")
    if code == GC_ERR_ARG:
        raise ValueError(msg or "bad argument")
    if code == GC_ERR_RULE:
        raise RuntimeError(msg or "rule broken")
    if code != GC_OK:
        raise SystemError(f"vmsample: unknown heap error code {code}")
    return 0

# ____________________________________________________________________________
# Python API

SampleRecord = collections.namedtuple("SampleRecord", "seq size type_id large survived time_ns died_major")
SampleRecord.__doc__ = """One allocation sample: [survived] is None until the next minor
collection; [died_major] is the index of the major collection that found a
survivor dead, else None."""
MinorCollection = collections.namedtuple(
    "MinorCollection", "index time_ns duration_ns bytes_copied total_size_of_arenas "
    "total_memory_used vmrss gc_state first_seq outcomes")
MinorCollection.__doc__ = """One minor collection's report; [outcomes] holds GC_OUTCOME_* bits for samples first_seq, first_seq+1, ..."""
MajorEvent = collections.namedtuple(
    "MajorEvent", "index state time_ns total_memory_used total_size_of_arenas")
MajorEvent.__doc__ = """A major collection entering [state] (GC_STATE_SCANNING again = finished)."""
Pause = collections.namedtuple("Pause", "time_ns duration_ns major_ns")
Pause.__doc__ = """A collection that allocation triggered: it started at [time_ns] and
took [duration_ns], of which [major_ns] went to the major collection."""

CHECKED_BUILD = VMS_CHECKED            # the test build: the rules' checks abort (core/rules.pxi)
MAX_SAMPLE_PERIOD = MAX_DISTANCE      # the biggest sampling period and first offset, in bytes
DEFAULT_NURSERY_SIZE = DEFAULT_NURSERY  # a Nursery's size when none is given (and no VMSAMPLE_NURSERY)
STATE_SCANNING = GC_STATE_SCANNING
STATE_MARKING = GC_STATE_MARKING
STATE_SWEEPING = GC_STATE_SWEEPING
STATE_FINALIZING = GC_STATE_FINALIZING
OUTCOME_SURVIVED = GC_OUTCOME_SURVIVED
OUTCOME_LARGE = GC_OUTCOME_LARGE


cdef class Nursery:
    """A heap: nursery, old space, roots, sampler.

    ``Nursery(nursery_size=1M, large_object_threshold=nursery_size//8, *,
    heap_limit=None, shadowstack_size=2**20, keep_sample_log=True,
    keep_gc_log=True, debug=None, stress=None, incremental=None)``

    * ``heap_limit``: bytes (or a size such as ``"16M"``) of old space
      (arenas + large objects), which never exceeds it: an allocation raises
      MemoryError exactly when the live objects and the request would not fit.
    * ``keep_sample_log`` / ``keep_gc_log``: keep every sample record / every
      collection report for ``sample_records()`` / ``minor_collections()`` and
      ``major_events()``; switch them off for long runs (memory grows with them).
    * ``debug`` / ``stress``: as ``VMSAMPLE_GC_DEBUG`` / ``VMSAMPLE_GC_STRESS``
      (None = take the environment's).
    * ``incremental``: major collections mark in steps at minor collections
      (the default); False: stop-the-world, as ``VMSAMPLE_GC_INCREMENTAL=0``.
    """

    def __cinit__(self, nursery_size=None, large_object_threshold=None, *, heap_limit=None,
                  shadowstack_size=DEFAULT_SHADOWSTACK, keep_sample_log=True, keep_gc_log=True,
                  debug=None, stress=None, incremental=None):
        cdef GCHeap* h
        cdef GCPrivate* p
        cdef size_t nsize, threshold, nslots, i
        cdef uint64_t limit
        if _ENV_ERROR is not None:
            raise ValueError(_ENV_ERROR)
        self._type_names = [None]
        self._type_ids = {}
        nsize = _positive_size("nursery_size", DEFAULT_NURSERY if nursery_size is None else nursery_size)
        if ENV_NURSERY is not None:
            nsize = ENV_NURSERY
        nsize &= ~(<size_t>7)
        if nsize < GC_MIN_OBJECT_SIZE:
            raise ValueError(f"nursery_size must be at least {GC_MIN_OBJECT_SIZE} bytes")
        if large_object_threshold is None:
            threshold = nsize // 8
        else:
            if large_object_threshold < 0:
                raise ValueError("large_object_threshold must be >= 0")
            threshold = large_object_threshold
        threshold = min(threshold, nsize)
        limit = 0 if heap_limit is None else _positive_size("heap_limit", heap_limit)
        if shadowstack_size < 1:
            raise ValueError("shadowstack_size must be >= 1")
        nslots = shadowstack_size
        stress = ENV_STRESS if stress is None else stress
        if stress is not None and stress < 0:
            raise ValueError("stress must be >= 1 (collect at every N-th allocation), 0 or None")
        h = self.heap = <GCHeap*>calloc(1, sizeof(GCHeap))
        if h == NULL:
            raise MemoryError()
        h.private = p = <GCPrivate*>calloc(1, sizeof(GCPrivate))
        h.old = <GCOldSpace*>calloc(1, sizeof(GCOldSpace))
        h.sampler = <GCSampler*>calloc(1, sizeof(GCSampler))
        h.types = <GCType*>calloc(GC_MAX_TYPES, sizeof(GCType))
        h.shadowstack_base = <gcref_t*>calloc(nslots, sizeof(gcref_t))
        if p == NULL:
            raise MemoryError(f"cannot allocate a Nursery with a nursery of {nsize} bytes")
        p.debug = bool(ENV_DEBUG if debug is None else debug)
        p.buffers[0] = <char*>calloc(1, nsize)
        if p.debug:
            p.buffers[1] = <char*>malloc(nsize)
        if (p == NULL or h.old == NULL or h.sampler == NULL or h.types == NULL
                or h.shadowstack_base == NULL or p.buffers[0] == NULL
                or (p.debug and p.buffers[1] == NULL)):
            raise MemoryError(f"cannot allocate a Nursery with a nursery of {nsize} bytes")
        if p.debug:
            memset(p.buffers[1], POISON_BYTE, nsize)
        h.nursery_start = h.nursery_free = p.buffers[0]
        h.nursery_top = h.nursery_limit = h.nursery_start + nsize
        h.nursery_size = nsize
        h.large_object_threshold = threshold
        h.shadowstack_top = h.shadowstack_base
        h.shadowstack_end = h.shadowstack_base + nslots
        h.n_types = 1
        for i in range(<size_t>GC_MAX_TYPES):
            h.types[i].alloc_size = SIZE_MAX      # unregistered: gc_alloc_fixed fails cleanly
            h.types[i].weak_offset = GC_NO_WEAK_FIELD
        h.gc_state = GC_STATE_SCANNING
        p.stress = stress or 0
        p.heap_limit = limit
        p.next_major = MAJOR_MIN_NURSERIES * nsize
        p.incremental = bool(ENV_INCREMENTAL if incremental is None else incremental)
        p.young_large_lo = YOUNG_LARGE_NONE_LO     # (span 0): no young large object
        p.mark_step_min = max(nsize // 4, <size_t>1)
        p.remembered_slots_cap = max(nsize // 16, <size_t>16)     # as many as nursery objects can be
        p.keep_gc_log = bool(keep_gc_log)
        h.sampler.keep_log = bool(keep_sample_log)
        if not refill_reserve(h):       # sets the nursery's end and the limit
            raise MemoryError(f"cannot allocate a Nursery: no memory to reserve for "
                              f"evacuating a nursery of {nsize} bytes")

    def __dealloc__(self):
        cdef GCHeap* h = self.heap
        cdef GCPrivate* p
        cdef size_t i
        if h == NULL:
            return
        p = P(h)
        if h.old != NULL:
            for i in range(h.old.arenas.n):
                free((<Arena*>h.old.arenas.items[i]).base)
                free(h.old.arenas.items[i])
            for i in range(h.old.old_large.n):
                free(h.old.old_large.items[i])
            for i in range(h.old.young_large.n):
                free(h.old.young_large.items[i])
            for i in range(h.old.dead_large.n):
                free(h.old.dead_large.items[i])
            vec_free(&h.old.arenas)
            vec_free(&h.old.old_large)
            vec_free(&h.old.dead_large)
            vec_free(&h.old.young_large)
            free(h.old)
        if h.sampler != NULL:
            free(h.sampler.pending)
            free(h.sampler.log)
            free(h.sampler.tracked_seq)
            free(h.sampler.tracked_obj)
            free(h.sampler)
        if h.types != NULL:
            for i in range(h.n_types):
                free(h.types[i].name)
                free(h.types[i].ref_offsets)
            free(h.types)
        if p != NULL:
            forget_root_tables(h)
            release_reserve(h)
            free(p.buffers[0])
            free(p.buffers[1])
            free(p.handles)
            vec_free(&p.free_handles)
            vec_free(&p.remembered)
            vec_free(&p.remembered_slots)
            vec_free(&p.young_large_slots)
            vec_free(&p.scan)
            vec_free(&p.gray)
            free(p.young_ids.items)
            finalization_free(h)
            free(p.minor_log)
            free(p.outcome_log)
            free(p.major_log)
            free(p.pause_log)
            free(p.outcomes)
            free(p)
        free(h.shadowstack_base)
        free(h)
        self.heap = NULL

    # -- types ---------------------------------------------------------------

    def register_type(self, name, fixed_size=0, ref_offsets=(), item_size=0, items_are_refs=False,
                      weak_offset=None):
        """Register a type; returns its type id (1, 2, ...).

        [fixed_size]: payload bytes before the items; [ref_offsets]: payload
        offsets (multiples of 8) of the reference fields in the fixed part;
        [item_size] > 0 makes the type var-size (the item count is given to
        alloc() and kept in the header); [items_are_refs]: items are references
        (then item_size must be 8); [weak_offset]: the payload offset of the
        fixed part's weak reference field, if it has one (Ref.set_weak;
        vmsample/core/weakrefs.pxi).

        A name is a type's identity.  Registering a name again with the same
        layout returns the existing id (so two parts of a program, or two VM
        instances on one heap, may each declare the types they use); with a
        different layout it raises ValueError.  type_id(name) looks a name up.
        """
        cdef GCHeap* h = self.heap
        cdef GCType* t
        cdef uint32_t tid
        cdef size_t i
        if not isinstance(name, str) or not name:
            raise TypeError("type name must be a non-empty str")
        if h.n_types >= GC_MAX_TYPES and name not in self._type_ids:
            raise ValueError(f"too many types (at most {GC_MAX_TYPES - 1})")
        if not 0 <= fixed_size <= 1 << 30:
            raise ValueError("fixed_size must be in [0, 2**30]")
        if not 0 <= item_size <= 1 << 30:
            raise ValueError("item_size must be in [0, 2**30]")
        if items_are_refs and item_size != 8:
            raise ValueError("items_are_refs requires item_size=8")
        offsets = [int(o) for o in ref_offsets]
        for o in offsets:
            if o < 0 or o % 8 or o + 8 > fixed_size:
                raise ValueError(f"reference offset {o} must be a multiple of 8 inside the "
                                 f"fixed part (fixed_size={fixed_size})")
        if len(set(offsets)) != len(offsets):
            raise ValueError("duplicate reference offsets")
        if weak_offset is not None and (not isinstance(weak_offset, int) or weak_offset < 0
                                        or weak_offset % 8 or weak_offset + 8 > fixed_size
                                        or weak_offset in offsets):
            raise ValueError(f"weak offset {weak_offset} must be a multiple of 8 inside the fixed "
                             f"part (fixed_size={fixed_size}), and not a reference offset")
        if item_size and fixed_size % 8 and items_are_refs:
            raise ValueError("reference items need fixed_size to be a multiple of 8")
        if name in self._type_ids:
            tid = self._type_ids[name]
            t = &h.types[tid]
            known = layout_text(t.fixed_size, [t.ref_offsets[i] for i in range(t.n_refs)],
                                t.item_size, t.items_are_refs,
                                None if t.weak_offset == GC_NO_WEAK_FIELD else t.weak_offset)
            wanted = layout_text(fixed_size, sorted(offsets), item_size, items_are_refs, weak_offset)
            if wanted != known:
                raise ValueError(f"type {name!r} is already registered (type id {tid}) with "
                                 f"another layout: {known}, not {wanted}")
            return tid
        encoded = name.encode("utf-8")
        tid = h.n_types
        t = &h.types[tid]
        t.name = <char*>malloc(len(encoded) + 1)
        t.ref_offsets = <uint32_t*>malloc(max(1, len(offsets)) * sizeof(uint32_t))
        if t.name == NULL or t.ref_offsets == NULL:
            free(t.name)
            free(t.ref_offsets)
            memset(t, 0, sizeof(GCType))
            t.alloc_size = SIZE_MAX
            t.weak_offset = GC_NO_WEAK_FIELD
            raise MemoryError()
        memcpy(t.name, <char*>encoded, len(encoded) + 1)
        for i, o in enumerate(sorted(offsets)):
            t.ref_offsets[i] = o
        t.n_refs = len(offsets)
        t.fixed_size = fixed_size
        t.item_size = item_size
        t.items_are_refs = bool(items_are_refs)
        t.weak_offset = GC_NO_WEAK_FIELD if weak_offset is None else weak_offset
        t.alloc_size = gc_size_of(h, tid, 0)
        h.n_types += 1
        self._type_names.append(name)
        self._type_ids[name] = tid
        return tid

    @property
    def type_names(self):
        """{type id: name} of every registered type (the profile's type map)."""
        return {tid: name for tid, name in enumerate(self._type_names) if tid}

    def type_name(self, tid):
        """The name of type id [tid] (ValueError if it is not registered)."""
        return self._type_names[check_tid(self, tid)]

    def type_id(self, name):
        """The id of the type registered as [name]; KeyError if there is none."""
        try:
            return self._type_ids[name]
        except (KeyError, TypeError):
            raise KeyError(f"no type named {name!r} is registered") from None


    def size_of(self, tid, length=None):
        """Allocated bytes of an object of type [tid] (header and rounding included)."""
        return checked_size(self, tid, length)

    # -- allocation ----------------------------------------------------------

    def alloc(self, tid, length=None):
        """Allocate a zero-filled object; returns a Ref (a root that follows moves).
        Var-size types need [length]; fixed-size types take none."""
        cdef size_t size = checked_size(self, tid, length)
        cdef GCHeader* obj
        cdef uint32_t aux = 0 if length is None else length
        cdef uint16_t t = tid
        reserve_handle(self)
        # The GIL stays held: the heap is not thread-safe, and the GIL is its lock.
        if length is None:
            obj = gc_alloc_fixed(self.heap, t)
        else:
            obj = gc_alloc(self.heap, t, size, aux)
        if obj == NULL:
            gc_raise_error(self.heap)
        return new_ref(self, <gcref_t>obj)

    # -- shadow stack --------------------------------------------------------

    def push_root(self, value):
        """Push a Ref / None / tagged int onto the shadow stack (RecursionError when full)."""
        cdef gcref_t v = python_to_slot(self, value)
        if not gc_push_root(self.heap, v):
            gc_raise_error(self.heap)

    def pop_root(self):
        """Pop the top of the shadow stack (IndexError when empty)."""
        if self.heap.shadowstack_top == self.heap.shadowstack_base:
            raise IndexError("pop from an empty shadow stack")
        return slot_to_python(self, gc_pop_root(self.heap))

    @property
    def shadowstack_depth(self):
        return self.heap.shadowstack_top - self.heap.shadowstack_base

    # -- sampling ------------------------------------------------------------

    def enable_sampling(self, period, mode="fixed", first_offset=None, seed=None):
        """Start allocation sampling: one sample per [period] allocated bytes on average.

        mode "fixed": a sample point every [period] bytes, the first one at
        [first_offset] (default: uniform in [0, period)).  mode "random":
        geometric gaps with mean [period]; the first point at [first_offset]
        if given, else one gap.  [seed] makes the random draws repeatable.
        Enabling again restarts the byte stream at 0 with the new settings.
        """
        cdef GCHeap* h = self.heap
        cdef int m
        cdef uint64_t s0
        if not isinstance(period, int) or isinstance(period, bool):
            raise TypeError(f"period must be an int, not {type(period).__name__}")
        if not 1 <= period <= MAX_SAMPLE_PERIOD:
            raise ValueError(f"period must be in [1, {MAX_SAMPLE_PERIOD}] bytes, not {period}")
        if mode not in SAMPLING_MODES:
            raise ValueError(f"unknown sampling mode {mode!r} (choose 'fixed' or 'random')")
        if first_offset is not None and not 0 <= first_offset <= MAX_SAMPLE_PERIOD:
            raise ValueError(f"first_offset must be in [0, {MAX_SAMPLE_PERIOD}], not {first_offset}")
        if seed is None:
            seed = int.from_bytes(_os.urandom(8), "little")
        elif not isinstance(seed, int):
            raise TypeError("seed must be an int or None")
        m = SAMPLING_MODES[mode]
        vms_rng_seed(&h.sampler.rng, <uint64_t>(seed & 0xFFFFFFFFFFFFFFFF))
        h.sample_mode = m
        h.sample_period = period
        h.sampler.log_q = log1p(-1.0 / period) if period > 1 else 0.0
        if first_offset is not None:
            s0 = first_offset
        elif m == GC_SAMPLING_FIXED:
            s0 = vms_rng_below(&h.sampler.rng, period)
        else:
            s0 = next_gap(h)
        h.sample_point = <uintptr_t>h.nursery_free + s0
        set_limit(h)

    def disable_sampling(self):
        """Stop sampling (safe at any time, also when it was never enabled).
        Samples already taken still get their outcome at the next minor collection."""
        self.heap.sample_mode = GC_SAMPLING_OFF
        set_limit(self.heap)

    @property
    def sampling_mode(self):
        """"off", "fixed" or "random"."""
        return ("off", "fixed", "random")[self.heap.sample_mode]

    @property
    def sampling_period(self):
        """The period in bytes, or None while sampling is off."""
        return self.heap.sample_period if self.heap.sample_mode != GC_SAMPLING_OFF else None

    @property
    def samples_taken(self):
        """Samples taken since this Nursery was created."""
        return self.heap.samples_taken

    def followed_samples(self):
        """The seqs of the samples whose objects survived their first minor
        collection and are not known dead: the sampled part of the old space
        as of the last major collection (core/lifetimes.pxi), sorted."""
        cdef GCSampler* s = self.heap.sampler
        return sorted(s.tracked_seq[i] for i in range(s.n_tracked))

    def sample_records(self):
        """Every sample taken while keep_sample_log is on (since clear_logs()), as
        SampleRecord(seq, size, type_id, large, survived, time_ns)."""
        cdef GCSampler* s = self.heap.sampler
        cdef SampleEntry* r
        cdef size_t i
        out = []
        for i in range(s.n_log):
            r = &s.log[i]
            out.append(SampleRecord(r.seq, r.size, r.tid, bool(r.large),
                                    None if r.survived < 0 else bool(r.survived), r.time_ns,
                                    r.died_major or None))
        return out

    def minor_collections(self):
        """The report of every minor collection while keep_gc_log is on (since clear_logs())."""
        cdef GCPrivate* p = P(self.heap)
        cdef MinorLogEntry* e
        cdef size_t i
        out = []
        for i in range(p.n_minor_log):
            e = &p.minor_log[i]
            outcomes = tuple(p.outcome_log[e.outcome_offset + j] for j in range(e.report.n_outcomes))
            out.append(MinorCollection(e.report.index, e.report.time_ns, e.report.duration_ns,
                                       e.report.bytes_copied, e.report.total_size_of_arenas,
                                       e.report.total_memory_used, e.report.vmrss,
                                       e.report.gc_state, e.report.first_seq, outcomes))
        return out

    def major_events(self):
        """Every major-collection state transition while keep_gc_log is on (since clear_logs())."""
        cdef GCPrivate* p = P(self.heap)
        cdef GCMajorEvent* e
        cdef size_t i
        out = []
        for i in range(p.n_major_log):
            e = &p.major_log[i]
            out.append(MajorEvent(e.index, e.state, e.time_ns, e.total_memory_used,
                                  e.total_size_of_arenas))
        return out

    def pauses(self):
        """Every pause while keep_gc_log is on (since clear_logs()), as
        Pause(time_ns, duration_ns, major_ns): each collection that allocation
        triggered -- its minor collection and the major work after it (a
        mark, sweep or finalize step, or a whole collection), [major_ns] the
        latter alone.  Collections asked for (collect_minor(), collect_major())
        are not pauses."""
        cdef GCPrivate* p = P(self.heap)
        return [Pause(p.pause_log[i].time_ns, p.pause_log[i].duration_ns, p.pause_log[i].major_ns)
                for i in range(p.n_pause_log)]

    # -- weak references, finalizers, death notices (core/finalizers.pxi) ----

    def take_finalizable(self):
        """The objects whose finalizer is due, oldest first, as Refs, taken
        from the queue (gc_next_finalizable): run their finalizers now,
        nothing else will (Ref.register_finalizer)."""
        return take_queued(self, QUEUE_FINALIZABLE)

    def finalize_all(self):
        """At exit: queue every object whose finalizer is still registered,
        oldest registration first, as if unreachable (gc_finalize_all; it
        runs a minor collection first); take_finalizable() then has them.
        Returns how many it queued."""
        cdef int n = gc_finalize_all(self.heap)
        if n < 0:
            gc_raise_error(self.heap)
        return n

    def take_cleared_weakrefs(self):
        """The weakref objects, as Refs, whose weak reference a collection
        cleared and that were registered with notify=True, taken from the
        queue (gc_next_cleared_weakref)."""
        return take_queued(self, QUEUE_CLEARED)

    def take_death_notices(self):
        """The words of the death notices of the objects that died, taken
        from the queue (gc_next_death_notice; Ref.register_death_notice)."""
        return take_queued(self, QUEUE_DEAD_WORDS)

    def finalization_queues(self):
        """What the three queues hold, without taking it, as
        FinalizationQueues(finalizable, cleared_weakrefs, death_notices)."""
        return peek_queues(self)

    def clear_logs(self):
        """Forget the sample records and collection reports kept so far."""
        cdef GCSampler* s = self.heap.sampler
        cdef GCPrivate* p = P(self.heap)
        s.n_log = 0
        s.log_first_seq = s.next_seq
        p.n_minor_log = p.n_outcome_log = p.n_major_log = p.n_pause_log = 0

    # -- collections and statistics -----------------------------------------

    def collect_minor(self):
        """Run a minor collection now."""
        if gc_collect_minor(self.heap) < 0:
            gc_raise_error(self.heap)

    def collect_major(self):
        """Run a minor, then a major collection now; returns how many objects
        they found dead (what gc.collect() returns)."""
        cdef int64_t dead = gc_collect_major(self.heap)
        if dead < 0:
            gc_raise_error(self.heap)
        return dead

    def collect_step(self, budget=None):
        """Run a minor collection, then one step of the major collection:
        start one if none is under way; while marking, trace about [budget]
        bytes (at least one object), ending the marking when nothing is left
        to trace; while sweeping, sweep about [budget] bytes of pages (at
        least one page), entering FINALIZING when every page is swept;
        while finalizing, finalize.  None: the pacing's step.  Returns the state after the step (STATE_*)."""
        cdef GCHeap* h = self.heap
        if budget is not None and budget < 0:
            raise ValueError("budget must be >= 0")
        if gc_collect_minor(h) < 0:
            gc_raise_error(h)
        if h.gc_state == GC_STATE_SCANNING:
            major_start(h)
            return h.gc_state
        P(h).major_steps += 1
        if h.gc_state == GC_STATE_MARKING:
            mark_step(h, step_budget(h, 0) if budget is None else budget)
        elif h.gc_state == GC_STATE_SWEEPING:
            sweep_step(h, step_budget(h, 0) * SWEEP_SPEEDUP if budget is None else budget)
        else:
            finalize(h)
        return h.gc_state

    def check_heap(self):
        """Verify the whole heap now (what VMSAMPLE_GC_DEBUG does after
        collections); raises RuntimeError describing the first problem found,
        MemoryError if the verifier itself runs out of memory."""
        cdef int outcome = verify_heap(self.heap)
        if outcome < 0:
            msg = (<char*>P(self.heap).errmsg).decode("utf-8", "replace")
            P(self.heap).errmsg[0] = 0
            raise MemoryError(msg) if outcome == -2 else RuntimeError(msg)

    @property
    def stats(self):
        """Counters and the latest GC statistics, as a dict."""
        cdef GCHeap* h = self.heap
        cdef GCPrivate* p = P(h)
        cdef GCMinorReport last = p.last_minor
        return {
            "minor_collections": p.minor_count,
            "major_collections": p.major_count,
            "samples_taken": h.samples_taken,
            "allocated_bytes": bytes_allocated(h),
            "bytes_copied": p.bytes_copied_total,
            "total_memory_used": total_memory_used(h),
            "total_size_of_arenas": total_size_of_arenas(h),
            "large_object_bytes": h.old.large_used,
            "young_id_table_bytes": young_id_table_bytes(h),
            **finalization_stats(h),
            "gc_state": h.gc_state,
            "incremental": bool(p.incremental),
            "major_steps": p.major_steps,
            "pauses": p.n_pauses,
            "pause_total_ns": p.pause_total_ns,
            "pause_max_ns": p.pause_max_ns,
            "major_work_max_ns": p.major_work_max_ns,
            "peak_memory_used": p.peak_memory_used,
            "next_major_at": p.next_major,
            "nursery_size": h.nursery_size,
            "nursery_used": h.nursery_free - h.nursery_start,
            "large_object_threshold": h.large_object_threshold,
            "heap_limit": p.heap_limit or None,
            "last_minor_time_ns": last.time_ns if p.minor_count else None,
            "last_minor_duration_ns": last.duration_ns if p.minor_count else None,
            "last_minor_bytes_copied": last.bytes_copied if p.minor_count else None,
            "vmrss": last.vmrss if p.minor_count else vms_vmrss(),
        }

    def _install_test_hooks(self, n_roots=0):
        """For tests: install C hooks that record every sample, minor report,
        major event, pause and on_finalization call, and a trace_roots hook
        reporting [n_roots] extra root slots; returns the recorder (the hooks
        stay installed while it lives)."""
        cdef _HookRecorder rec = _HookRecorder.__new__(_HookRecorder)
        rec.nursery = self
        rec.r.roots = <gcref_t*>calloc(max(1, n_roots), sizeof(gcref_t))
        if rec.r.roots == NULL:
            raise MemoryError()
        rec.r.n_roots = n_roots
        cdef GCHeap* h = self.heap
        h.on_sample, h.on_sample_ctx = record_sample, &rec.r
        h.on_minor_collection, h.on_minor_collection_ctx = record_minor, &rec.r
        h.on_major_collection, h.on_major_collection_ctx = record_major, &rec.r
        h.on_pause, h.on_pause_ctx = record_pause, &rec.r
        h.trace_roots, h.trace_roots_ctx = report_roots, &rec.r
        h.on_finalization, h.on_finalization_ctx = record_finalization, &rec.r
        return rec

    @property
    def nursery_size(self):
        return self.heap.nursery_size

    @property
    def large_object_threshold(self):
        return self.heap.large_object_threshold

    @property
    def heap_limit(self):
        return P(self.heap).heap_limit or None

    @property
    def debug(self):
        return bool(P(self.heap).debug)

    @property
    def stress(self):
        return P(self.heap).stress or None

    @property
    def incremental(self):
        return bool(P(self.heap).incremental)


cdef size_t _positive_size(name, value) except? 0:
    # A size argument: an int, or a string in the size grammar (vmsample.sizes).
    if isinstance(value, str):
        try:
            value = parse_size(value)
        except ValueError as e:
            raise ValueError(f"{name}: {e}") from None
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int or a size string, not {type(value).__name__}")
    if not 0 <= value <= <size_t>SIZE_MAX:
        raise ValueError(f"{name} must be in [0, {<size_t>SIZE_MAX}] bytes, not {value}")
    return value


cdef class Ref:
    """A handle to one heap object: a root while it lives, following the object
    when a minor collection moves it.

    * ``type_id``, ``type_name``, ``size`` (allocated bytes), ``length`` (item
      count of var-size objects, else None), ``aux`` (the header's 32 free bits
      of a fixed-size object), ``address``, ``is_young``, ``is_large``;
    * ``get_ref(i)`` / ``set_ref(i, value)``: the i-th reference field of the
      fixed part (value: Ref, None or a tagged int; the write barrier runs);
    * ``get_item(i)`` / ``set_item(i, value)``: the i-th item of a var-size
      object (references, unsigned ints of item_size 1/2/4/8, else bytes);
    * ``read_word(offset)`` / ``write_word(offset, value)``: a raw 64-bit
      payload word at byte [offset] (a multiple of 8); reference slots can be
      read but not written this way;
    * ``a == b``: same object.  Refs are not hashable (addresses move).
    """

    def __dealloc__(self):
        cdef GCPrivate* p
        if self.nursery is not None and self.nursery.heap != NULL:
            p = P(self.nursery.heap)
            p.handles[self.handle] = 0
            if vec_push(&p.free_handles, <void*>self.handle) < 0:
                pass    # the slot stays null and unused: a leak of 8 bytes, not an error

    def __init__(self):
        raise TypeError("Refs come from Nursery.alloc() and reference reads")


    @property
    def type_id(self):
        return ref_obj(self).tid

    @property
    def type_name(self):
        return self.nursery._type_names[ref_obj(self).tid]

    @property
    def size(self):
        """Allocated bytes, header and rounding included."""
        return obj_size(self.nursery.heap, ref_obj(self))

    @property
    def length(self):
        """Item count of a var-size object; None for fixed-size ones."""
        return ref_obj(self).aux if ref_type(self).item_size else None

    @property
    def aux(self):
        """The header's 32 bits for the embedder (fixed-size objects only)."""
        if ref_type(self).item_size:
            raise ValueError("a var-size object keeps its length there")
        return ref_obj(self).aux

    @aux.setter
    def aux(self, value):
        if ref_type(self).item_size:
            raise ValueError("a var-size object keeps its length there")
        if not 0 <= value <= 0xFFFFFFFF:
            raise ValueError("aux is 32 bits")
        ref_obj(self).aux = value

    @property
    def address(self):
        """The object's current address (changes when a minor collection moves it)."""
        return ref_addr(self)

    def identity(self):
        """gc_id: stable for the object's whole life, unique among live objects
        (unlike [address]); MemoryError if its shadow cannot be reserved."""
        cdef uintptr_t ident = gc_id(self.nursery.heap, ref_obj(self))
        if ident == 0:
            gc_raise_error(self.nursery.heap)
        return ident

    @property
    def is_young(self):
        """In the nursery, or a large object allocated since the last minor collection."""
        cdef GCHeader* obj = ref_obj(self)
        return not (obj.flags & GCFLAG_OLD) or bool(obj.flags & GCFLAG_YOUNG_LARGE)

    @property
    def is_large(self):
        """Malloc'ed alone (large-object space, or a big survivor)."""
        return bool(ref_obj(self).flags & GCFLAG_LARGE)

    @property
    def flags(self):
        return ref_obj(self).flags


    def get_ref(self, i):
        """The i-th reference field (by increasing offset): a Ref, None or a tagged int."""
        return slot_to_python(self.nursery, ref_field(self, i)[0])

    def set_ref(self, i, value):
        """Store a Ref, None or a tagged int into the i-th reference field."""
        cdef gcref_t v = python_to_slot(self.nursery, value)
        cdef gcref_t* slot = ref_field(self, i)
        gc_write_barrier_slot(self.nursery.heap, ref_obj(self), slot, v)
        slot[0] = v


    def set_weak(self, target, *, notify=False, track_resurrection=False):
        """gc_weak_register: store [target] (a Ref, None or a tagged int) in
        this object's weak field (its type's weak_offset) and register it.  A
        collection that finds the target unreachable sets the field to None
        -- with track_resurrection, only once the target is freed, not while
        a finalizer keeps it -- and, with notify, queues this object
        (Nursery.take_cleared_weakrefs).  The field must hold no reference
        yet: only the core writes it afterwards."""
        cdef gcref_t v = python_to_slot(self.nursery, target)
        cdef uint32_t flags = (GC_WEAK_NOTIFY if notify else 0) \
            | (GC_WEAK_TRACK_RESURRECTION if track_resurrection else 0)
        if gc_weak_register(self.nursery.heap, ref_obj(self), v, flags) < 0:
            gc_raise_error(self.nursery.heap)

    def get_weak(self):
        """The weak field: its target (a Ref), None (cleared, or never set) or a tagged int."""
        return slot_to_python(self.nursery, ref_weak_field(self)[0])

    def register_finalizer(self):
        """gc_finalizer_register (PEP 442): when a collection finds this
        object unreachable, it keeps it alive, with all it reaches, and queues
        it (Nursery.take_finalizable); once -- it is freed when found
        unreachable again.  At most once per object."""
        if gc_finalizer_register(self.nursery.heap, ref_obj(self)) < 0:
            gc_raise_error(self.nursery.heap)

    def register_death_notice(self, word):
        """gc_death_notice_register: when this object dies (is freed), [word]
        (an int in [0, 2**64)) is queued (Nursery.take_death_notices)."""
        if not isinstance(word, int) or not 0 <= word < (1 << 64):
            raise ValueError("a death notice's word is an int in [0, 2**64)")
        if gc_death_notice_register(self.nursery.heap, ref_obj(self), word) < 0:
            gc_raise_error(self.nursery.heap)

    def track_stores(self):
        """gc_track_stores (_nursery.pxd): on a new object that holds nothing
        yet, promise that every store into it passes a barrier; a young large
        array is then promoted without tracing its every slot."""
        gc_track_stores(self.nursery.heap, ref_obj(self))

    def copy_items(self, i, Ref src, j, n):
        """Items [i, i+n) of this array = items [j, j+n) of [src] (an array
        of references, possibly this one), through gc_copy_refs."""
        cdef GCType* t = ref_type(self)
        if not t.items_are_refs or not ref_type(src).items_are_refs:
            raise TypeError("copy_items copies between arrays of references")
        if n < 0 or i < 0 or j < 0 or i + n > ref_obj(self).aux or j + n > ref_obj(src).aux:
            raise IndexError("copy_items range out of bounds")
        if n == 0:
            return
        gc_copy_refs(self.nursery.heap, ref_obj(self), <gcref_t*>ref_item(self, i),
                     <gcref_t*>ref_item(src, j), n)

    def _set_ref_without_barrier(self, i, value):
        """For tests of the heap verifier only: a store that skips the write barrier."""
        cdef gcref_t v = python_to_slot(self.nursery, value)
        ref_field(self, i)[0] = v

    def _set_weak_without_registering(self, value):
        """For tests of the heap verifier only: a store into the weak field
        that skips gc_weak_register."""
        ref_weak_field(self)[0] = python_to_slot(self.nursery, value)

    def _write_header_tid(self, tid):
        """For tests of the heap verifier only: overwrite the header's type id."""
        ref_obj(self).tid = tid

    def get_item(self, i):
        cdef char* item = ref_item(self, i)
        cdef GCType* t = ref_type(self)
        if t.items_are_refs:
            return slot_to_python(self.nursery, (<gcref_t*>item)[0])
        if t.item_size == 1:
            return (<uint8_t*>item)[0]
        if t.item_size == 2:
            return (<uint16_t*>item)[0]
        if t.item_size == 4:
            return (<uint32_t*>item)[0]
        if t.item_size == 8:
            return (<uint64_t*>item)[0]
        return PyBytes_FromStringAndSize(item, t.item_size)

    def set_item(self, i, value):
        cdef char* item = ref_item(self, i)
        cdef GCType* t = ref_type(self)
        cdef gcref_t v
        cdef const char* data
        if t.items_are_refs:
            v = python_to_slot(self.nursery, value)
            item = ref_item(self, i)
            gc_write_barrier_slot(self.nursery.heap, ref_obj(self), <gcref_t*>item, v)
            (<gcref_t*>item)[0] = v
            return
        if t.item_size in (1, 2, 4, 8):
            if not isinstance(value, int) or not 0 <= value < (1 << (8 * t.item_size)):
                raise ValueError(f"item value must be an int in [0, 2**{8 * t.item_size})")
            if t.item_size == 1:
                (<uint8_t*>item)[0] = value
            elif t.item_size == 2:
                (<uint16_t*>item)[0] = value
            elif t.item_size == 4:
                (<uint32_t*>item)[0] = value
            else:
                (<uint64_t*>item)[0] = value
            return
        if not isinstance(value, bytes) or len(value) != t.item_size:
            raise ValueError(f"item value must be {t.item_size} bytes")
        data = value
        memcpy(item, data, t.item_size)


    def read_word(self, offset):
        """The raw 64-bit payload word at byte [offset]."""
        return ref_word(self, offset, False)[0]

    def write_word(self, offset, value):
        """Write a raw 64-bit payload word (not into reference slots)."""
        cdef uint64_t* w = ref_word(self, offset, True)
        if not isinstance(value, int) or not 0 <= value < (1 << 64):
            raise ValueError("a word is an int in [0, 2**64)")
        w[0] = value

    def __eq__(self, other):
        if not isinstance(other, Ref):
            return NotImplemented
        return self.nursery is (<Ref>other).nursery and ref_addr(self) == ref_addr(<Ref>other)

    def __ne__(self, other):
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    __hash__ = None

    def __repr__(self):
        return (f"<Ref {self.type_name} at {ref_addr(self):#x}, {self.size} bytes, "
                f"{'young' if self.is_young else 'old'}{', large' if self.is_large else ''}>")


# Helpers of Nursery and Ref (module-level: the classes are declared in the .pxd)

cdef str layout_text(fixed_size, offsets, item_size, items_are_refs, weak_offset):
    return (f"fixed_size={fixed_size}, ref_offsets={tuple(offsets)}, item_size={item_size}, "
            f"items_are_refs={bool(items_are_refs)}, weak_offset={weak_offset}")

cdef uint16_t check_tid(Nursery self, tid) except 0:
    if not isinstance(tid, int):
        raise TypeError(f"type id must be an int, not {type(tid).__name__}")
    if not 0 < tid < self.heap.n_types:
        raise ValueError(f"unknown type id {tid}")
    return tid

cdef size_t checked_size(Nursery self, tid, length) except 0:
    cdef uint16_t t = check_tid(self, tid)
    cdef GCType* ty = &self.heap.types[t]
    if ty.item_size == 0:
        if length is not None:
            raise ValueError(f"type {self._type_names[t]!r} is fixed-size: no length")
        return gc_size_of(self.heap, t, 0)
    if length is None:
        raise ValueError(f"type {self._type_names[t]!r} is var-size: give a length")
    if not isinstance(length, int):
        raise TypeError(f"length must be an int, not {type(length).__name__}")
    if not 0 <= length <= 0xFFFFFFFF:
        raise ValueError(f"length must be in [0, 2**32), not {length}")
    if <uint64_t>ty.fixed_size + <uint64_t>ty.item_size * <uint64_t>length > (<uint64_t>1 << 46):
        raise MemoryError(f"object of {length} items is too big")
    return gc_size_of(self.heap, t, length)

cdef int reserve_handle(Nursery self, size_t n=1) except -1:
    # Make sure the next [n] new_ref() calls cannot fail: a fresh object must
    # become a root before anything else can collect, and an object taken
    # from a queue before it stops being one.
    cdef GCPrivate* p = P(self.heap)
    if p.free_handles.n < n and grow(<void**>&p.handles, &p.cap_handles,
                                     p.n_handles + n - p.free_handles.n, sizeof(gcref_t)) < 0:
        raise MemoryError()
    return 0

cdef Ref new_ref(Nursery self, gcref_t v):
    cdef GCPrivate* p = P(self.heap)
    cdef Ref r = Ref.__new__(Ref)
    cdef Py_ssize_t idx
    if p.free_handles.n:
        p.free_handles.n -= 1
        idx = <Py_ssize_t>p.free_handles.items[p.free_handles.n]
    else:
        idx = p.n_handles
        p.n_handles += 1
    p.handles[idx] = v
    r.nursery = self
    r.handle = idx
    return r

cdef object slot_to_python(Nursery self, gcref_t v):
    # A slot's content as a Python value: None, an int (tagged immediate) or a Ref.
    if v == 0:
        return None
    if not gc_is_ref(v):
        return <object>v
    reserve_handle(self)
    return new_ref(self, v)

cdef gcref_t python_to_slot(Nursery self, value) except? 1:
    if value is None:
        return 0
    if isinstance(value, Ref):
        if (<Ref>value).nursery is not self:
            raise ValueError("cannot store a Ref of another Nursery")
        return ref_addr(<Ref>value)
    if isinstance(value, int):
        if not 0 < value < (1 << 64) or value & 7 == 0:
            raise ValueError(f"{value:#x} is not a tagged immediate (low 3 bits must not all be 0)")
        return value
    raise TypeError(f"a reference slot holds a Ref, None or a tagged int, not {type(value).__name__}")

cdef inline gcref_t ref_addr(Ref self):
    return P(self.nursery.heap).handles[self.handle]

cdef inline GCHeader* ref_obj(Ref self):
    return <GCHeader*>P(self.nursery.heap).handles[self.handle]

cdef inline GCType* ref_type(Ref self):
    return &self.nursery.heap.types[ref_obj(self).tid]

cdef gcref_t* ref_field(Ref self, i) except NULL:
    cdef GCType* t = ref_type(self)
    if not isinstance(i, int):
        raise TypeError("reference index must be an int")
    if not 0 <= i < t.n_refs:
        raise IndexError(f"type {self.type_name!r} has {t.n_refs} reference fields; no index {i}")
    return <gcref_t*>(<char*>ref_obj(self) + GC_HEADER_SIZE + t.ref_offsets[i])

cdef gcref_t* ref_weak_field(Ref self) except NULL:
    if ref_type(self).weak_offset == GC_NO_WEAK_FIELD:
        raise ValueError(f"type {self.type_name!r} has no weak field")
    return weak_slot(self.nursery.heap, ref_obj(self))

cdef char* ref_item(Ref self, i) except NULL:
    cdef GCType* t = ref_type(self)
    cdef GCHeader* obj = ref_obj(self)
    if t.item_size == 0:
        raise TypeError(f"type {self.type_name!r} is fixed-size: it has no items")
    if not isinstance(i, int):
        raise TypeError("item index must be an int")
    if not 0 <= i < obj.aux:
        raise IndexError(f"item index {i} out of range (length {obj.aux})")
    return <char*>obj + GC_HEADER_SIZE + t.fixed_size + <size_t>t.item_size * <size_t>i

cdef uint64_t* ref_word(Ref self, offset, bint writing) except NULL:
    cdef GCType* t = ref_type(self)
    cdef GCHeader* obj = ref_obj(self)
    cdef size_t payload = obj_size(self.nursery.heap, obj) - GC_HEADER_SIZE
    cdef uint32_t i
    if not isinstance(offset, int):
        raise TypeError("offset must be an int")
    if offset < 0 or offset % 8 or offset + 8 > payload:
        raise ValueError(f"offset {offset} must be a multiple of 8 below the payload "
                         f"size {payload}")
    if writing:
        for i in range(t.n_refs):
            if t.ref_offsets[i] == offset:
                raise ValueError(f"offset {offset} is a reference field: use set_ref()")
        if t.items_are_refs and t.fixed_size <= offset < t.fixed_size + 8 * obj.aux:
            raise ValueError(f"offset {offset} is a reference item: use set_item()")
        if t.weak_offset == offset:
            raise ValueError(f"offset {offset} is the weak field: use set_weak()")
    return <uint64_t*>(<char*>obj + GC_HEADER_SIZE + <size_t>offset)
