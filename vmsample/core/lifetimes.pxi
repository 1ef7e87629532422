# vmsample/core/lifetimes.pxi -- following sampled objects until they die
# (included by _nursery.pyx; docs/design.md §2.5).
#
# Owns: the sampler's tracked table (tracked_seq / tracked_obj), which the
# minor collection fills (track_survivor) and the major collection empties
# (collect_deaths).
#
# A sampled object dies exactly once: at its first minor collection (the
# outcome says "died young"), or, having survived it, at the first major
# collection that does not mark it.  Old objects never move, so after its
# first minor collection a sample is followed by its old-space address alone.
#
# Invariant: every sample that survived its first minor collection and has
# not been reported dead has one entry (seq, old-space address) in the
# tracked table, and no other sample has one.  The cost is one entry per
# sampled object alive and one pass over them per major collection; nothing
# on the fast path, and nothing per object that was not sampled.
#
# Capacity: take_samples (the slow path, outside any hook) grows the table to
# hold [n_tracked + n_pending + 1] entries before it adds a pending sample, so
# track_survivors, running inside a minor collection, never allocates.
# collect_deaths only shrinks the table.  A sample whose entry cannot be made
# room for is not taken at all (take_samples skips the point), as when the
# pending list cannot grow: a sample the heap cannot follow is never recorded.

cdef int tracked_reserve(GCSampler* s, size_t need) noexcept nogil:
    if grow(<void**>&s.tracked_seq, &s.cap_tracked_seq, need, sizeof(uint64_t)) < 0:
        return -1
    return grow(<void**>&s.tracked_obj, &s.cap_tracked_obj, need, sizeof(GCHeader*))

cdef inline void track_survivor(GCSampler* s, uint64_t seq, GCHeader* obj) noexcept nogil:
    # Called by the minor collection for a pending sample it found reached;
    # [obj] is the object's old-space address (the copy, or the large object).
    s.tracked_seq[s.n_tracked] = seq
    s.tracked_obj[s.n_tracked] = obj
    s.n_tracked += 1

cdef uint32_t collect_deaths(GCHeap* h) noexcept nogil:
    # Between marking and sweeping, when the mark bit says exactly who lives:
    # move the entries of unmarked objects to the end of the table.  Returns
    # how many; their seqs are tracked_seq[n_tracked:n_tracked + result],
    # valid until the next minor collection adds entries.
    cdef GCSampler* s = h.sampler
    cdef size_t i, kept = 0, n = s.n_tracked
    cdef uint64_t seq
    cdef GCHeader* obj
    for i in range(n):
        obj = s.tracked_obj[i]
        if obj.flags & GCFLAG_VISITED:
            s.tracked_seq[kept], s.tracked_seq[i] = s.tracked_seq[i], s.tracked_seq[kept]
            s.tracked_obj[kept], s.tracked_obj[i] = obj, s.tracked_obj[kept]
            kept += 1
    s.n_tracked = kept
    if s.keep_log:
        for i in range(kept, n):
            seq = s.tracked_seq[i]
            if seq >= s.log_first_seq and seq - s.log_first_seq < s.n_log:
                s.log[seq - s.log_first_seq].died_major = P(h).major_count
    return <uint32_t>(n - kept)
