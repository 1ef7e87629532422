# vmsample/core/sampling.pxi -- which allocations are sampled
# (included by _nursery.pyx; Design 1 and 2 in _nursery.pyx).
#
# Owns: next_gap, take_samples (the only code that decides which sample points
# an allocation takes), set_limit (re-establishes the limit invariant) and the
# stress counter.  Touches GCHeap's sampling fields and GCSampler.

cdef uint64_t next_gap(GCHeap* h) noexcept nogil:
    # Fixed mode: the period.  Random mode: a geometric gap with mean [period]
    # (P(g = k) = (1-p)^(k-1) p, p = 1/period), i.e. every byte is a sample
    # point with probability 1/period independently of the others; drawing a
    # fresh gap at any moment leaves the statistics unchanged (memorylessness).
    cdef double g
    if h.sample_mode == GC_SAMPLING_FIXED or h.sample_period == 1:
        return h.sample_period
    g = 1.0 + floor(log(vms_rng_unit(&h.sampler.rng)) / h.sampler.log_q)
    if g >= <double>MAX_DISTANCE:
        return MAX_DISTANCE
    return <uint64_t>g

cdef int take_samples(GCHeap* h, GCHeader* obj, size_t size, uint16_t tid, bint large,
                      uintptr_t end) noexcept nogil:
    # The allocation of [obj] occupies stream bytes [free, end) (nursery
    # coordinates, see Design 2); take every point below [end], in order.
    cdef GCSampler* s = h.sampler
    cdef GCSample sample
    cdef SampleEntry* rec
    cdef HookTrap trap
    cdef int n = 0
    while h.sample_point < end:
        if grow(<void**>&s.pending, &s.cap_pending, s.n_pending + 1, sizeof(PendingSample)) < 0 \
                or tracked_reserve(s, s.n_tracked + s.n_pending + 1) < 0:
            # No room to remember this sample, or to follow it after its
            # first minor collection: skip the point rather than lose the
            # pairing of samples with outcomes (or a death).
            h.sample_point += next_gap(h)
            continue
        if s.n_pending == 0:
            s.first_pending_seq = s.next_seq
        s.pending[s.n_pending].obj = obj
        s.pending[s.n_pending].large = large
        s.n_pending += 1
        sample.seq = s.next_seq
        sample.size = size
        sample.tid = tid
        sample.large = large
        sample.time_ns = gc_monotonic_ns()
        sample.crossing = n
        s.next_seq += 1
        h.samples_taken += 1
        if s.keep_log and grow(<void**>&s.log, &s.cap_log, s.n_log + 1, sizeof(SampleEntry)) == 0:
            rec = &s.log[s.n_log]
            s.n_log += 1
            rec.seq = sample.seq
            rec.size = size
            rec.time_ns = sample.time_ns
            rec.tid = tid
            rec.large = large
            rec.survived = -1
            rec.died_major = 0
        if h.on_sample != NULL:
            hook_enter(h, &trap, "the sample hook")
            h.on_sample(h.on_sample_ctx, &sample)
            hook_leave(h, &trap)
        h.sample_point += next_gap(h)
        n += 1
    return n

cdef inline void set_limit(GCHeap* h) noexcept nogil:
    # Re-establish the limit invariant (Design 1).
    cdef char* limit = h.nursery_top
    if h.sample_mode != GC_SAMPLING_OFF and h.sample_point < <uintptr_t>limit:
        limit = <char*>h.sample_point
    if P(h).stress:
        limit = h.nursery_free
    h.nursery_limit = limit

cdef inline bint stress_due(GCHeap* h) noexcept nogil:
    cdef GCPrivate* p = P(h)
    if not p.stress:
        return False
    p.stress_count += 1
    if p.stress_count >= p.stress:
        p.stress_count = 0
        return True
    return False
