# vmsample/core/test_hooks.pxi -- hooks that record what they are given,
# for tests (memray's idea of a test-only wrapper; included by _nursery.pyx).
#
# Owns: HookRecorder and _HookRecorder, returned by Nursery._install_test_hooks().

ctypedef struct HookRecorder:
    GCSample* samples
    size_t n_samples
    size_t cap_samples
    GCMinorReport* minors       # outcomes pointers are replaced by offsets into [outcomes]
    size_t n_minors
    size_t cap_minors
    uint8_t* outcomes
    size_t n_outcomes
    size_t cap_outcomes
    GCMajorEvent* majors        # deaths pointers are replaced by offsets into [deaths]
    size_t n_majors
    size_t cap_majors
    uint64_t* deaths
    size_t n_deaths
    size_t cap_deaths
    GCPause* pauses
    size_t n_pauses
    size_t cap_pauses
    gcref_t* roots              # extra roots reported by trace_roots
    size_t n_roots
    size_t n_root_visits[2]     # trace_roots calls: [0] other visits, [1] minor collections'
    size_t n_finalization       # on_finalization calls

cdef void record_sample(void* ctx, const GCSample* sample) noexcept nogil:
    cdef HookRecorder* r = <HookRecorder*>ctx
    if grow(<void**>&r.samples, &r.cap_samples, r.n_samples + 1, sizeof(GCSample)) == 0:
        r.samples[r.n_samples] = sample[0]
        r.n_samples += 1

cdef void record_minor(void* ctx, const GCMinorReport* report) noexcept nogil:
    cdef HookRecorder* r = <HookRecorder*>ctx
    if grow(<void**>&r.minors, &r.cap_minors, r.n_minors + 1, sizeof(GCMinorReport)) < 0 \
            or grow(<void**>&r.outcomes, &r.cap_outcomes, r.n_outcomes + report.n_outcomes + 1, 1) < 0:
        return
    r.minors[r.n_minors] = report[0]
    r.minors[r.n_minors].outcomes = <const uint8_t*><uintptr_t>r.n_outcomes
    r.n_minors += 1
    if report.n_outcomes:
        memcpy(r.outcomes + r.n_outcomes, report.outcomes, report.n_outcomes)
    r.n_outcomes += report.n_outcomes

cdef void record_major(void* ctx, const GCMajorEvent* event) noexcept nogil:
    cdef HookRecorder* r = <HookRecorder*>ctx
    if grow(<void**>&r.majors, &r.cap_majors, r.n_majors + 1, sizeof(GCMajorEvent)) < 0 \
            or grow(<void**>&r.deaths, &r.cap_deaths, r.n_deaths + event.n_deaths + 1, 8) < 0:
        return
    r.majors[r.n_majors] = event[0]
    r.majors[r.n_majors].deaths = <const uint64_t*><uintptr_t>r.n_deaths
    r.n_majors += 1
    if event.n_deaths:
        memcpy(r.deaths + r.n_deaths, event.deaths, 8 * event.n_deaths)
    r.n_deaths += event.n_deaths

cdef void record_pause(void* ctx, const GCPause* pause) noexcept nogil:
    cdef HookRecorder* r = <HookRecorder*>ctx
    if grow(<void**>&r.pauses, &r.cap_pauses, r.n_pauses + 1, sizeof(GCPause)) == 0:
        r.pauses[r.n_pauses] = pause[0]
        r.n_pauses += 1

cdef void record_finalization(void* ctx, GCHeap* h) noexcept nogil:
    (<HookRecorder*>ctx).n_finalization += 1

cdef void report_roots(void* ctx, GCHeap* h) noexcept nogil:
    cdef HookRecorder* r = <HookRecorder*>ctx
    cdef size_t i
    cdef size_t half = r.n_roots // 2
    r.n_root_visits[gc_visit_is_minor(h)] += 1
    for i in range(half):                   # (both ways: a slot at a time, then the rest in one call)
        gc_visit_root(h, &r.roots[i])
    gc_visit_roots(h, r.roots + half, r.n_roots - half)


cdef class _HookRecorder:
    """What the recording hooks saw (see Nursery._install_test_hooks)."""
    cdef HookRecorder r
    cdef Nursery nursery

    def __dealloc__(self):
        cdef GCHeap* h = NULL if self.nursery is None else self.nursery.heap
        if h != NULL:
            gc_unhook(h, &self.r)           # only the hooks that are still this recorder's
        free(self.r.samples)
        free(self.r.minors)
        free(self.r.outcomes)
        free(self.r.majors)
        free(self.r.deaths)
        free(self.r.pauses)
        free(self.r.roots)

    @property
    def samples(self):
        return [(x.seq, x.size, x.tid, bool(x.large), x.time_ns)
                for x in self.r.samples[:self.r.n_samples]]

    @property
    def minors(self):
        out = []
        for i in range(self.r.n_minors):
            m = &self.r.minors[i]
            off = <size_t><uintptr_t>m.outcomes
            out.append(MinorCollection(m.index, m.time_ns, m.duration_ns, m.bytes_copied,
                                       m.total_size_of_arenas, m.total_memory_used, m.vmrss,
                                       m.gc_state, m.first_seq,
                                       tuple(self.r.outcomes[off + j] for j in range(m.n_outcomes))))
        return out

    @property
    def majors(self):
        return [MajorEvent(e.index, e.state, e.time_ns, e.total_memory_used, e.total_size_of_arenas)
                for e in self.r.majors[:self.r.n_majors]]

    @property
    def pauses(self):
        """(minor index, Pause) of every pause."""
        return [(e.minor_index, Pause(e.time_ns, e.duration_ns, e.major_ns))
                for e in self.r.pauses[:self.r.n_pauses]]

    @property
    def deaths(self):
        """(major index, seqs found dead) of every event entering SWEEPING."""
        out = []
        for i in range(self.r.n_majors):
            m = &self.r.majors[i]
            if m.state == GC_STATE_SWEEPING:
                off = <size_t><uintptr_t>m.deaths
                out.append((m.index, tuple(self.r.deaths[off + j] for j in range(m.n_deaths))))
        return out

    @property
    def root_visits(self):
        """(minor collections', other) trace_roots calls (gc_visit_is_minor)."""
        return self.r.n_root_visits[1], self.r.n_root_visits[0]

    @property
    def finalization_calls(self):
        """How many times on_finalization was called (collections that queued something)."""
        return self.r.n_finalization

    def get_root(self, i):
        if not 0 <= i < self.r.n_roots:
            raise IndexError(i)
        return slot_to_python(self.nursery, self.r.roots[i])

    def set_root(self, i, value):
        if not 0 <= i < self.r.n_roots:
            raise IndexError(i)
        self.r.roots[i] = python_to_slot(self.nursery, value)


def _set_step_time_ns(target_ns, min_ns):
    """For tests: the time bound of the major-collection steps that
    allocation triggers (STEP_TARGET_NS, STEP_MIN_NS; core/major.pxi,
    pacing); 0, 0 makes every step's time up at once.  Returns the previous
    pair."""
    global STEP_TARGET_NS, STEP_MIN_NS
    previous = (STEP_TARGET_NS, STEP_MIN_NS)
    STEP_TARGET_NS, STEP_MIN_NS = target_ns, min_ns
    return previous
