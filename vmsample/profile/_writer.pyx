# distutils: libraries = z
"""The profile writer: VMProf main section + vmsample extension, from C.

Design
------
1. Two outputs.  The *main* output is the ``.prof`` file itself (optionally a
   gzip stream): the vmprof header, META, lazily written code names, the
   primary sample stream as stack records, and at close the trailer.  The
   *spool* is a sidecar file (``OUT.prof.spool``) that receives the extension
   records (sample info, minor/major collections, type names) as they happen.
   At close the spool is copied after the trailer and deleted, so a finished
   file is one stream and memory stays bounded for any run length.

2. Buffers.  Each output has one fixed buffer ([PROF_BUFFER_SIZE] bytes),
   written out with write(2) when it passes [PROF_DRAIN_AT] bytes.  A record
   whose size has a bound that fits the buffer (stacks of at most
   MAX_STACK_ENTRIES entries, a DEATHS record's DEATHS_PER_RECORD seqs:
   checked below, at import) is reserved and filled in place (_reserve);
   one whose size the program decides (a code's name, a minor collection's
   outcome bytes, META values, type names) is appended in pieces (_append).
   Invariant: the spool on disk is never behind the main file -- a sample's
   main-section record is appended before its extension info, a full main
   buffer drains the spool first, and a full spool drains alone -- so after a
   SIGKILL every main-section sample has its info in the spool (`vmsample
   recover` relies on it).  Conversely a stack stored in the spool never
   reaches the disk before the names of its codes: an inline stack is
   appended only when no name is pending in the main buffer (_ensure_codes
   drains both first; a name counts as written from its append on, so a
   name that an earlier main-section stack brought may still be pending).

   What a crash loses is bounded: a sample or a minor collection drains
   both buffers when [flush_interval_ns] has passed since the last drain.  A
   fatal signal (anything but SIGKILL) drains them too (_fatal_flush.pyx)
   unless it caught the writer inside a record or a drain: [w.busy] is
   non-zero from an entry point's first byte to its last, and only then.

3. Pairing.  The k-th stack record of a stream in the main section belongs to
   the k-th extension info record of that stream without a stack (docs/format.md
   "pairing").  A sample of the non-primary stream carries its stack in its
   extension record instead.

4. Errors are sticky: the first failing write(2) or malloc stores an errno in
   [w.error]; every later call returns -1 without writing.  Python sees the
   error as OSError at flush(), check() or close().  Nothing is lost silently,
   nothing crashes.

5. One writer per profile: the main file is locked (vms_output_lock) before
   it is truncated, and the spool starts with the writer's pid; see
   vmsample/profile/writing.py.

6. Code names are written lazily: the code table is an open-addressing hash
   on the code id; a frame whose code has not been written yet gets its 0x02
   record emitted right before the record that uses it.  close() writes the
   names of the declared codes no sample used, so every declared code is in
   the file.

Byte layouts are specified in docs/format.md; the numbers in vmsample.profile.format.
"""

import array
import os
import stat
import sys

cimport cython
from cpython cimport array

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_GET_SIZE
from libc.errno cimport errno, EBADF, EEXIST, EINTR, ENOENT, ENOMEM, EINVAL, ENOSPC, EDQUOT, EFBIG
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t, int64_t
from libc.stdlib cimport free
# The test build can make the Nth allocation, write(2) or deflate() fail (_faults.pxd).
from vmsample._faults cimport (FAULTS, FAULT_DEFLATE, FAULT_WRITE, fault_calloc as calloc, fault_due,
                               fault_errno, fault_malloc as malloc, fault_realloc as realloc)
from libc.string cimport memcpy, memset

from vmsample.profile import format as F
from vmsample.profile.errors import ProfileBusy
from vmsample.profile._fatal_flush cimport fatal_flush_register, fatal_flush_unregister

cdef extern from "<unistd.h>" nogil:
    ssize_t write(int fd, const void* buf, size_t count)
    ssize_t pread(int fd, void* buf, size_t count, long offset)
    int ftruncate(int fd, long length)
    int close(int fd)

cdef extern from "<fcntl.h>" nogil:
    int open(const char* path, int flags, int mode)
    int O_WRONLY, O_RDWR, O_CREAT, O_EXCL, O_TRUNC, O_CLOEXEC

cdef extern from "<time.h>" nogil:
    ctypedef long time_t
    struct timespec:
        time_t tv_sec
        long tv_nsec
    int clock_gettime(int clk, timespec* ts)
    int CLOCK_REALTIME

cdef extern from *:
    """
    #if defined(__GNUC__)
    #  define PROF_UNLIKELY(x) __builtin_expect(!!(x), 0)
    #else
    #  define PROF_UNLIKELY(x) (x)
    #endif
    """
    bint PROF_UNLIKELY(bint) noexcept nogil

cdef extern from *:
    """
    #include <fcntl.h>
    #include <string.h>
    #include <sys/file.h>
    /* The writer's lock on its main file (vmsample/profile/writing.py): a
       lock of the open file description, which the kernel drops when the
       writer closes the file or its process ends, however it ends -- and,
       unlike a POSIX lock, not when the process closes another descriptor
       of the same file.  Linux has such locks (F_OFD_*); elsewhere flock(2)
       behaves alike, but can only be tested by taking it for a moment.
       [take]: take it (0 taken, 1 held elsewhere) or test it (0 free, 1
       held); -1 with errno on failure. */
    static int vms_output_lock(int fd, int take) {
    #ifdef F_OFD_SETLK
        struct flock fl;
        memset(&fl, 0, sizeof fl);
        fl.l_type = F_WRLCK;
        fl.l_whence = SEEK_SET;
        if (take) {
            if (fcntl(fd, F_OFD_SETLK, &fl) == 0) return 0;
            return errno == EAGAIN || errno == EACCES ? 1 : -1;
        }
        if (fcntl(fd, F_OFD_GETLK, &fl) < 0) return -1;
        return fl.l_type != F_UNLCK;
    #else
        if (flock(fd, (take ? LOCK_EX : LOCK_SH) | LOCK_NB) == 0) {
            if (!take) flock(fd, LOCK_UN);
            return 0;
        }
        return errno == EWOULDBLOCK ? 1 : -1;
    #endif
    }
    """
    int vms_output_lock(int fd, int take) nogil

cdef extern from "<assert.h>" nogil:
    void c_assert "assert" (bint)   # on in the test build only (NDEBUG off)

cdef extern from "<stdio.h>" nogil:
    int snprintf(char* buf, size_t n, const char* fmt, ...)

cdef extern from "<zlib.h>" nogil:
    ctypedef struct z_stream:
        unsigned char* next_in
        unsigned int avail_in
        unsigned char* next_out
        unsigned int avail_out
        void* zalloc
        void* zfree
        void* opaque
    int deflateInit2(z_stream* s, int level, int method, int bits, int memlevel, int strategy)
    int deflate(z_stream* s, int flush)
    int deflateEnd(z_stream* s)
    int Z_OK, Z_STREAM_END, Z_STREAM_ERROR, Z_BUF_ERROR, Z_NO_FLUSH, Z_SYNC_FLUSH, Z_FINISH
    int Z_DEFLATED, Z_DEFAULT_STRATEGY

cdef extern from *:
    """
    /* [w.busy] brackets an entry point (see "Buffers"); the signal fences
       keep the compiler from moving the record's stores across it, so a
       signal handler on this thread sees busy whenever a record is partial. */
    #define prof_enter(w) do { (w)->busy++; __atomic_signal_fence(__ATOMIC_SEQ_CST); } while (0)
    #define prof_leave(w) do { __atomic_signal_fence(__ATOMIC_SEQ_CST); (w)->busy--; } while (0)

    static const char PROF_FULL_MESSAGE[] =
        "vmsample: no space left for the profile: profiling stopped (the program goes on)\\n";
    """
    const char PROF_FULL_MESSAGE[]
    void prof_enter(ProfWriter* w) noexcept nogil
    void prof_leave(ProfWriter* w) noexcept nogil

if sys.byteorder != "little":
    raise ImportError("vmsample profiles are little-endian; this host is not")

cdef enum:
    PROF_BUFFER_SIZE = 1048576      # 1 MiB: see "Buffers" above
    PROF_DRAIN_AT = 131072
    PROF_GZ_CHUNK = 65536
    PROF_OBJ_INFO_CHUNK = 8192      # objects per 0x0A record (pypy layout)
    PROF_GZ_LEVEL = 1               # Z_BEST_SPEED: sample stacks are very repetitive anyway

# ------------------------------------------------------------------ output

cdef int _fail(ProfWriter* w, int err) noexcept nogil:
    if w.error == 0:
        w.error = err if err != 0 else EINVAL
        if err == ENOSPC or err == EDQUOT or err == EFBIG:
            # The one failure a user acts on at once; the VM runs on, unprofiled.
            write(2, PROF_FULL_MESSAGE, sizeof(PROF_FULL_MESSAGE) - 1)
    return -1

cdef int _write_fd(ProfWriter* w, int fd, const char* p, size_t n) noexcept nogil:
    cdef ssize_t r
    cdef int err
    while n > 0:
        if FAULTS and fault_due(FAULT_WRITE):
            r, err = -1, fault_errno()
        else:
            r = write(fd, p, n)
            err = errno
        if r < 0:
            if err == EINTR:
                continue
            return _fail(w, err)
        p += r
        n -= <size_t>r
    return 0

cdef int _deflate_out(ProfWriter* w, ProfOutput* o, const char* p, size_t n, int mode) noexcept nogil:
    # Feed [n] bytes to the gzip stream and write out whatever it produces.
    cdef z_stream* z = <z_stream*>o.gz
    cdef int rc
    cdef size_t produced
    z.next_in = <unsigned char*>p
    z.avail_in = <unsigned int>n
    while True:
        z.next_out = <unsigned char*>o.gzbuf
        z.avail_out = PROF_GZ_CHUNK
        rc = Z_STREAM_ERROR if FAULTS and fault_due(FAULT_DEFLATE) else deflate(z, mode)
        if rc != Z_OK and rc != Z_STREAM_END and rc != Z_BUF_ERROR:
            return _fail(w, EINVAL)
        produced = PROF_GZ_CHUNK - z.avail_out
        if produced and _write_fd(w, o.fd, o.gzbuf, produced) < 0:
            return -1
        if mode == Z_FINISH:
            if rc == Z_STREAM_END:
                return 0
        elif z.avail_in == 0 and z.avail_out != 0:
            return 0

cdef int _drain(ProfWriter* w, ProfOutput* o, int gzmode) noexcept nogil:
    cdef int rc = 0
    if w.error:
        return -1
    if o.gz != NULL:
        if o.len or gzmode != Z_NO_FLUSH:
            rc = _deflate_out(w, o, o.buf, o.len, gzmode)
    elif o.len:
        rc = _write_fd(w, o.fd, o.buf, o.len)
    o.len = 0
    if rc == 0 and o == &w.main and (o.gz == NULL or gzmode != Z_NO_FLUSH):
        w.main_names_pending = False
    return rc

cdef int _drain_all(ProfWriter* w, int gzmode) noexcept nogil:
    # Spool first: after a crash the spool should not be behind the main file.
    if _drain(w, &w.spool, Z_NO_FLUSH) < 0:
        return -1
    if _drain(w, &w.main, gzmode) < 0:
        return -1
    w.last_flush_ns = gc_monotonic_ns()
    return 0

cdef inline char* _reserve(ProfWriter* w, ProfOutput* o, size_t n) noexcept nogil:
    # Room for [n] bytes (n <= PROF_BUFFER_SIZE) at the end of [o]'s buffer;
    # the caller fills it and adds n to o.len.  NULL after a failure.
    if PROF_UNLIKELY(w.error != 0):
        return NULL
    if PROF_UNLIKELY(o.len + n > PROF_DRAIN_AT):
        # A full spool drains alone; a full main buffer drains the spool too,
        # first.  Either way the spool on disk is never behind the main file.
        if (_drain(w, o, Z_NO_FLUSH) if o == &w.spool else _drain_all(w, Z_NO_FLUSH)) < 0:
            return NULL
    c_assert(o.len + n <= o.cap)       # (the test build's check of "Buffers" above)
    return o.buf + o.len

cdef int _append(ProfWriter* w, ProfOutput* o, const char* p, size_t n) noexcept nogil:
    # Append any number of bytes, draining as needed.
    cdef size_t chunk
    cdef char* dst
    while n > 0:
        chunk = n if n < PROF_DRAIN_AT else PROF_DRAIN_AT
        dst = _reserve(w, o, chunk)
        if dst == NULL:
            return -1
        memcpy(dst, p, chunk)
        o.len += chunk
        p += chunk
        n -= chunk
    return 0

cdef inline char* _put_u8(char* p, uint8_t v) noexcept nogil:
    p[0] = <char>v
    return p + 1

cdef inline char* _put_u16(char* p, uint16_t v) noexcept nogil:
    memcpy(p, &v, 2)
    return p + 2

cdef inline char* _put_u32(char* p, uint32_t v) noexcept nogil:
    memcpy(p, &v, 4)
    return p + 4

cdef inline char* _put_u64(char* p, uint64_t v) noexcept nogil:
    memcpy(p, &v, 8)
    return p + 8

cdef inline char* _put_i64(char* p, int64_t v) noexcept nogil:
    memcpy(p, &v, 8)
    return p + 8

cdef inline char* _put_f64(char* p, double v) noexcept nogil:
    memcpy(p, &v, 8)
    return p + 8

cdef int _write_timeval(ProfWriter* w, uint8_t marker) noexcept nogil:
    # 0x06 start / 0x03 trailer: marker | i64 tv_sec | i64 tv_usec | 8 zero bytes
    cdef timespec ts
    cdef char* p = _reserve(w, &w.main, TIMEVAL_RECORD)
    if p == NULL:
        return -1
    clock_gettime(CLOCK_REALTIME, &ts)
    p = _put_u8(p, marker)
    p = _put_i64(p, ts.tv_sec)
    p = _put_i64(p, ts.tv_nsec // 1000)
    memset(p, 0, 8)
    w.main.len += TIMEVAL_RECORD
    return 0

# ------------------------------------------------------------------ code table

@cython.overflowcheck(False)     # the multiplicative hash wraps on purpose
cdef inline size_t _code_slot(ProfWriter* w, uint64_t code_id) noexcept nogil:
    # Index of [code_id]'s slot, or of the empty slot where it belongs.
    cdef size_t mask = w.codes_cap - 1
    cdef size_t i = <size_t>((code_id * <uint64_t>0x9E3779B97F4A7C15) >> 32) & mask
    while w.codes[i].code_id != 0 and w.codes[i].code_id != code_id:
        i = (i + 1) & mask
    return i

cdef int _code_grow(ProfWriter* w) noexcept nogil:
    cdef ProfCode* old = w.codes
    cdef size_t old_cap = w.codes_cap, i
    cdef ProfCode* fresh = <ProfCode*>calloc(old_cap * 2, sizeof(ProfCode))
    if fresh == NULL:
        return _fail(w, ENOMEM)
    w.codes = fresh
    w.codes_cap = old_cap * 2
    for i in range(old_cap):
        if old[i].code_id != 0:
            w.codes[_code_slot(w, old[i].code_id)] = old[i]
    free(old)
    return 0

cdef ProfCode* _code_entry(ProfWriter* w, uint64_t code_id) noexcept nogil:
    # The entry of [code_id], inserted (undeclared) if missing.  NULL on failure.
    cdef size_t i = _code_slot(w, code_id)
    if w.codes[i].code_id == 0:
        if (w.codes_used + 1) * 2 > w.codes_cap:
            if _code_grow(w) < 0:
                return NULL
            i = _code_slot(w, code_id)
        w.codes[i].code_id = code_id
        w.codes_used += 1
    return &w.codes[i]

cdef int _write_code(ProfWriter* w, ProfCode* c) noexcept nogil:
    # 0x02 | addr id | word len | name
    cdef char fallback[64]
    cdef char head[64]
    cdef const char* name = c.name
    cdef size_t n = c.name_len
    cdef char* p
    if name == NULL:
        n = <size_t>snprintf(fallback, 64, "py:<code 0x%llx>:0:<unknown>",
                             <unsigned long long>c.code_id)
        name = fallback
    p = _put_u8(head, F_MARKER_VIRTUAL_IP)
    p = _put_u64(p, c.code_id)
    p = _put_u64(p, n)
    if _append(w, &w.main, head, CODE_RECORD_HEAD) < 0 or _append(w, &w.main, name, n) < 0:
        return -1
    c.written = True
    w.main_names_pending = True
    return 0

cdef inline int _ensure_codes(ProfWriter* w, const ProfFrame* frames, uint32_t depth,
                              bint inline_stack) noexcept nogil:
    # Per frame, one bit test for the usual small even ids; the hash table
    # only the first time an id is seen (or for big ids).
    #
    # A stack that goes to the spool (inline) must not reach the disk before
    # the names of its codes: while a name is pending in the main buffer (its
    # own new ones, or one an earlier main-section stack brought), both
    # buffers are drained before it is appended (spool first, so the
    # pairing invariant holds too).  That happens once per new code at most.
    cdef uint32_t i
    cdef uint64_t cid
    cdef bint small
    cdef ProfCode* c
    for i in range(depth):
        cid = frames[i].code_id
        small = cid < PROF_SMALL_IDS and (cid & 1) == 0
        if small and (w.small_written[cid >> 4] >> ((cid >> 1) & 7)) & 1:
            continue
        if cid == 0:
            continue
        c = _code_entry(w, cid)
        if c == NULL:
            return -1
        if PROF_UNLIKELY(not c.written):
            if _write_code(w, c) < 0:
                return -1
        if small:
            w.small_written[cid >> 4] |= <uint8_t>(1 << ((cid >> 1) & 7))
    if inline_stack and w.main_names_pending:
        return _drain_all(w, Z_SYNC_FLUSH)
    return 0

# ------------------------------------------------------------------ records

# Marker bytes, tags and record sizes: format.py is their one home; these C
# copies are filled from it when the module is imported.
cdef uint8_t F_MARKER_STACKTRACE = F.MARKER_STACKTRACE
cdef uint8_t F_MARKER_VIRTUAL_IP = F.MARKER_VIRTUAL_IP
cdef uint8_t F_MARKER_TRAILER = F.MARKER_TRAILER
cdef uint8_t F_MARKER_TIME_N_ZONE = F.MARKER_TIME_N_ZONE
cdef uint8_t F_MARKER_GC_STACKTRACE = F.MARKER_GC_STACKTRACE
cdef uint8_t F_MARKER_OBJ_INFO_STACK = F.MARKER_OBJ_INFO_STACK
cdef uint8_t F_EXT_ALLOC_SAMPLE = F.EXT_ALLOC_SAMPLE
cdef uint8_t F_EXT_TIME_SAMPLE = F.EXT_TIME_SAMPLE
cdef uint8_t F_EXT_MINOR_GC = F.EXT_MINOR_GC
cdef uint8_t F_EXT_MAJOR_GC = F.EXT_MAJOR_GC
cdef uint8_t F_EXT_END = F.EXT_END
cdef uint8_t F_ALLOC_FLAG_LARGE = F.ALLOC_FLAG_LARGE
cdef uint8_t F_ALLOC_FLAG_CONTINUED = F.ALLOC_FLAG_CONTINUED
cdef uint8_t F_EXT_DEATHS = F.EXT_DEATHS
cdef uint8_t F_EXT_PAUSE = F.EXT_PAUSE
cdef uint32_t F_DEATHS_PER_RECORD = F.DEATHS_PER_RECORD
cdef size_t DEATHS_HEAD = F.DEATHS_HEAD.size
cdef uint16_t F_N_STATS = len(F.STAT_NAMES)
# Whole main-section records: the marker byte, then the layout.
cdef size_t TIMEVAL_RECORD = 1 + F.TIMEVAL.size
cdef size_t STACK_RECORD_HEAD = 1 + F.STACK_HEAD.size      # also 0x0A's head (f64 time, depth)
cdef size_t CODE_RECORD_HEAD = 1 + F.CODE_HEAD.size
# Extension payloads (without the record head).
cdef size_t EXT_HEAD = F.EXT_RECORD_HEAD.size
cdef size_t ALLOC_INFO = F.ALLOC_INFO.size
cdef size_t TIME_INFO = F.TIME_INFO.size
cdef size_t MINOR_FIXED = F.MINOR_HEAD.size + 8 * len(F.STAT_NAMES) + F.MINOR_SAMPLES.size
cdef size_t MAJOR_GC = F.MAJOR_GC.size
cdef size_t PAUSE = F.PAUSE.size
cdef size_t END_PAYLOAD = F.END.size
cdef size_t EXT_STACK_HEAD = F.EXT_STACK_HEAD.size
cdef bytes _EXT_MAGIC = F.EXT_MAGIC
cdef const char* EXT_MAGIC = _EXT_MAGIC
cdef size_t EXT_MAGIC_SIZE = len(F.EXT_MAGIC)
cdef long SPOOL_HEAD = F.SPOOL_HEAD
# "Buffers" (the design block): the records filled in place fit the buffer --
# the biggest are a stack record or a sample info with an inline stack of
# MAX_STACK_ENTRIES entries (3 tail words at most), and a full DEATHS record.
if max(STACK_RECORD_HEAD + 8 * (F.MAX_STACK_ENTRIES + 3),
       EXT_HEAD + ALLOC_INFO + EXT_STACK_HEAD + 8 * F.MAX_STACK_ENTRIES,
       EXT_HEAD + DEATHS_HEAD + 8 * F_DEATHS_PER_RECORD) > PROF_BUFFER_SIZE:
    raise ImportError("a record the writer fills in place does not fit its buffer")
cdef enum:
    FIXED_RECORD_MAX = 128          # stack buffers for MINOR_GC's head and END
if EXT_HEAD + MINOR_FIXED > FIXED_RECORD_MAX or EXT_HEAD + END_PAYLOAD > FIXED_RECORD_MAX:
    raise ImportError("format.py: MINOR_GC or END outgrew the writer's record buffer")

cdef inline uint32_t _clip_depth(ProfWriter* w, uint32_t depth) noexcept nogil:
    if PROF_UNLIKELY(depth > PROF_MAX_FRAMES):
        w.n_truncated += 1
        return PROF_MAX_FRAMES
    return depth

cdef inline char* _put_entries(ProfWriter* w, char* p, const ProfFrame* frames, uint32_t depth) noexcept nogil:
    # Stack entries, leaf first: [line, code] pairs with lines, else [code].
    cdef uint32_t i
    if w.lines:
        for i in range(depth):
            p = _put_u64(p, frames[i].line)
            p = _put_u64(p, frames[i].code_id)
    else:
        for i in range(depth):
            p = _put_u64(p, frames[i].code_id)
    return p

cdef int _stack_record(ProfWriter* w, uint8_t marker, int64_t time_ns, const ProfFrame* frames,
                       uint32_t depth, uint64_t thread_id) noexcept nogil:
    # 0x01/0x09 | count word (f64 seconds in the pypy layout) | depth word
    #           | entries | thread id | [i64 ns, vmprof layout version 7]
    cdef uint32_t n_entries = depth * 2 if w.lines else depth
    cdef bint stamp = w.layout == PROF_LAYOUT_VMPROF and w.version >= 7
    cdef size_t size = STACK_RECORD_HEAD + 8 * <size_t>n_entries + 8 + (8 if stamp else 0)
    cdef char* p = _reserve(w, &w.main, size)
    if p == NULL:
        return -1
    p = _put_u8(p, marker)
    if w.layout == PROF_LAYOUT_PYPY:
        p = _put_f64(p, <double>time_ns / 1e9)
    else:
        p = _put_u64(p, 1)
    p = _put_u64(p, n_entries)
    p = _put_entries(w, p, frames, depth)
    p = _put_u64(p, thread_id)
    if stamp:
        p = _put_i64(p, time_ns)
    w.main.len += size
    return 0

cdef inline char* _ext_header(ProfWriter* w, uint8_t tag, size_t payload) noexcept nogil:
    cdef char* p = _reserve(w, &w.spool, EXT_HEAD + payload)
    if p == NULL:
        return NULL
    w.spool.len += EXT_HEAD + payload
    p = _put_u8(p, tag)
    return _put_u32(p, <uint32_t>payload)

cdef inline char* _ext_stack(ProfWriter* w, char* p, const ProfFrame* frames, uint32_t depth) noexcept nogil:
    p = _put_u32(p, depth * 2 if w.lines else depth)
    return _put_entries(w, p, frames, depth)

cdef inline size_t _ext_stack_size(ProfWriter* w, uint32_t depth, bint inline_stack) noexcept nogil:
    if not inline_stack:
        return 0
    return EXT_STACK_HEAD + 8 * <size_t>(depth * 2 if w.lines else depth)

cdef int _pending_push(ProfWriter* w, const GCSample* s) noexcept nogil:
    cdef size_t cap
    cdef ProfPending* grown
    if w.pending_len == w.pending_cap:
        cap = w.pending_cap * 2 if w.pending_cap else 256
        grown = <ProfPending*>realloc(w.pending, cap * sizeof(ProfPending))
        if grown == NULL:
            return _fail(w, ENOMEM)
        w.pending = grown
        w.pending_cap = cap
    w.pending[w.pending_len].seq = s.seq
    w.pending[w.pending_len].tid = s.tid
    w.pending[w.pending_len].large = s.large
    w.pending_len += 1
    return 0

cdef int prof_alloc_sample(ProfWriter* w, const GCSample* s, const ProfFrame* frames,
                           uint32_t depth, uint64_t thread_id) noexcept nogil:
    cdef int rc
    prof_enter(w)
    rc = _alloc_sample(w, s, frames, depth, thread_id)
    prof_leave(w)
    return rc

cdef int _alloc_sample(ProfWriter* w, const GCSample* s, const ProfFrame* frames,
                      uint32_t depth, uint64_t thread_id) noexcept nogil:
    cdef bint inline_stack = w.layout == PROF_LAYOUT_VMPROF and w.primary != PROF_KIND_ALLOC
    cdef char* p
    if PROF_UNLIKELY(w.error != 0):
        return -1
    if _drain_if_due(w, s.time_ns) < 0:
        return -1
    depth = _clip_depth(w, depth)
    if _ensure_codes(w, frames, depth, inline_stack) < 0:
        return -1
    if not inline_stack:
        if _stack_record(w, F_MARKER_GC_STACKTRACE if w.layout == PROF_LAYOUT_PYPY
                         else F_MARKER_STACKTRACE, s.time_ns, frames, depth, thread_id) < 0:
            return -1
        if w.layout == PROF_LAYOUT_PYPY and _pending_push(w, s) < 0:
            return -1
    # ALLOC_SAMPLE: u64 seq | i64 time | u64 thread | u64 size | u32 type id | u8 flags [| stack]
    p = _ext_header(w, F_EXT_ALLOC_SAMPLE, ALLOC_INFO + _ext_stack_size(w, depth, inline_stack))
    if p == NULL:
        return -1
    p = _put_u64(p, s.seq)
    p = _put_i64(p, s.time_ns)
    p = _put_u64(p, thread_id)
    p = _put_u64(p, s.size)
    p = _put_u32(p, s.tid)
    p = _put_u8(p, (F_ALLOC_FLAG_LARGE if s.large else 0)
                | (F_ALLOC_FLAG_CONTINUED if s.crossing else 0))
    if inline_stack:
        _ext_stack(w, p, frames, depth)
    w.n_alloc += 1
    return 0

cdef int prof_time_sample(ProfWriter* w, int64_t time_ns, const ProfFrame* frames,
                          uint32_t depth, uint64_t thread_id) noexcept nogil:
    cdef int rc
    prof_enter(w)
    rc = _time_sample(w, time_ns, frames, depth, thread_id)
    prof_leave(w)
    return rc

cdef int _time_sample(ProfWriter* w, int64_t time_ns, const ProfFrame* frames,
                     uint32_t depth, uint64_t thread_id) noexcept nogil:
    cdef bint inline_stack = w.layout == PROF_LAYOUT_VMPROF and w.primary != PROF_KIND_TIME
    cdef char* p
    if PROF_UNLIKELY(w.error != 0):
        return -1
    if _drain_if_due(w, time_ns) < 0:
        return -1
    depth = _clip_depth(w, depth)
    if _ensure_codes(w, frames, depth, inline_stack) < 0:
        return -1
    if not inline_stack:
        if _stack_record(w, F_MARKER_STACKTRACE, time_ns, frames, depth, thread_id) < 0:
            return -1
    # TIME_SAMPLE: i64 time | u64 thread [| stack]
    p = _ext_header(w, F_EXT_TIME_SAMPLE, TIME_INFO + _ext_stack_size(w, depth, inline_stack))
    if p == NULL:
        return -1
    p = _put_i64(p, time_ns)
    p = _put_u64(p, thread_id)
    if inline_stack:
        _ext_stack(w, p, frames, depth)
    w.n_time += 1
    return 0

cdef int _obj_info_record(ProfWriter* w, const GCMinorReport* r) noexcept nogil:
    # The fork's 0x0A: f64 time | depth = n + 3 | n obj-info words, newest
    # sample first | total_memory_used | total_size_of_arenas | gc_state.
    # obj info = type id << 2 | large << 1 | survived.  The fork's converter
    # pairs the i-th 0x09 sample with the i-th object over all 0x0A records,
    # so a collection resolving very many samples is split into several
    # records (oldest samples first), which keeps every record small.
    cdef size_t start, n, i, k = 0, keep = 0
    cdef size_t size
    cdef uint64_t seq, info
    cdef char* p
    cdef char* words
    start = 0
    while start < r.n_outcomes:
        n = r.n_outcomes - start
        if n > PROF_OBJ_INFO_CHUNK:
            n = PROF_OBJ_INFO_CHUNK
        size = STACK_RECORD_HEAD + 8 * (n + 3)
        p = _reserve(w, &w.main, size)
        if p == NULL:
            return -1
        p = _put_u8(p, F_MARKER_OBJ_INFO_STACK)
        p = _put_f64(p, <double>r.time_ns / 1e9)
        p = _put_u64(p, n + 3)
        words = p
        for i in range(n):
            seq = r.first_seq + start + i
            while k < w.pending_len and w.pending[k].seq < seq:
                w.pending[keep] = w.pending[k]      # unresolved: keep for later
                keep += 1
                k += 1
            info = r.outcomes[start + i] & 3
            if k < w.pending_len and w.pending[k].seq == seq:
                info |= <uint64_t>w.pending[k].tid << 2
                k += 1
            _put_u64(words + 8 * (n - 1 - i), info)     # newest first
        p = words + 8 * n
        p = _put_u64(p, r.total_memory_used)
        p = _put_u64(p, r.total_size_of_arenas)
        p = _put_u64(p, <uint64_t>r.gc_state)
        w.main.len += size
        start += n
    while k < w.pending_len:
        w.pending[keep] = w.pending[k]
        keep += 1
        k += 1
    w.pending_len = keep
    return 0

cdef int prof_minor_collection(ProfWriter* w, const GCMinorReport* r) noexcept nogil:
    cdef int rc
    prof_enter(w)
    rc = _minor_collection(w, r)
    prof_leave(w)
    return rc

cdef int _minor_collection(ProfWriter* w, const GCMinorReport* r) noexcept nogil:
    # MINOR_GC: u64 index | i64 time | i64 duration | u16 n | n x i64 stats
    #           | u64 first_seq | u32 count | count x u8 outcome bits
    cdef char head[FIXED_RECORD_MAX]
    cdef char* p = head
    cdef char* dst
    if PROF_UNLIKELY(w.error != 0):
        return -1
    if w.layout == PROF_LAYOUT_PYPY and r.n_outcomes > 0:
        if _obj_info_record(w, r) < 0:
            return -1
    p = _put_u8(p, F_EXT_MINOR_GC)
    p = _put_u32(p, <uint32_t>(MINOR_FIXED + r.n_outcomes))
    p = _put_u64(p, r.index)
    p = _put_i64(p, r.time_ns)
    p = _put_i64(p, r.duration_ns)
    p = _put_u16(p, F_N_STATS)
    p = _put_u64(p, r.bytes_copied)         # order of STAT_NAMES
    p = _put_u64(p, r.total_size_of_arenas)
    p = _put_u64(p, r.total_memory_used)
    p = _put_u64(p, r.vmrss)
    p = _put_i64(p, r.gc_state)
    p = _put_u64(p, r.first_seq)
    p = _put_u32(p, r.n_outcomes)
    if _append(w, &w.spool, head, <size_t>(p - head)) < 0:
        return -1
    if _append(w, &w.spool, <const char*>r.outcomes, r.n_outcomes) < 0:
        return -1
    w.n_minor += 1
    return _drain_if_due(w, r.time_ns)

cdef int prof_major_event(ProfWriter* w, const GCMajorEvent* e) noexcept nogil:
    cdef int rc
    prof_enter(w)
    rc = _major_event(w, e)
    prof_leave(w)
    return rc

cdef int _major_event(ProfWriter* w, const GCMajorEvent* e) noexcept nogil:
    # MAJOR_GC: u64 index | u8 state | i64 time | u64 total_memory_used | u64 total_size_of_arenas
    cdef char* p = _ext_header(w, F_EXT_MAJOR_GC, MAJOR_GC)
    if p == NULL:
        return -1
    p = _put_u64(p, e.index)
    p = _put_u8(p, <uint8_t>e.state)
    p = _put_i64(p, e.time_ns)
    p = _put_u64(p, e.total_memory_used)
    p = _put_u64(p, e.total_size_of_arenas)
    w.n_major += 1
    return _deaths(w, e)

cdef int _deaths(ProfWriter* w, const GCMajorEvent* e) noexcept nogil:
    # DEATHS: u64 major index | i64 time | u32 count | count x u64 seq
    cdef uint32_t start = 0, n, i
    cdef char* p
    while start < e.n_deaths:
        n = min(e.n_deaths - start, F_DEATHS_PER_RECORD)
        p = _ext_header(w, F_EXT_DEATHS, DEATHS_HEAD + 8 * <size_t>n)
        if p == NULL:
            return -1
        p = _put_u64(p, e.index)
        p = _put_i64(p, e.time_ns)
        p = _put_u32(p, n)
        for i in range(n):
            p = _put_u64(p, e.deaths[start + i])
        start += n
    return 0

cdef int prof_pause(ProfWriter* w, const GCPause* pause) noexcept nogil:
    cdef int rc
    prof_enter(w)
    rc = _pause(w, pause)
    prof_leave(w)
    return rc

cdef int _pause(ProfWriter* w, const GCPause* pause) noexcept nogil:
    # PAUSE: u64 minor index | i64 time | i64 duration | i64 major part
    cdef char* p
    if PROF_UNLIKELY(w.error != 0):
        return -1
    p = _ext_header(w, F_EXT_PAUSE, PAUSE)
    if p == NULL:
        return -1
    p = _put_u64(p, pause.minor_index)
    p = _put_i64(p, pause.time_ns)
    p = _put_i64(p, pause.duration_ns)
    p = _put_i64(p, pause.major_ns)
    return 0

cdef int prof_flush(ProfWriter* w) noexcept nogil:
    cdef int rc
    prof_enter(w)
    rc = _drain_all(w, Z_SYNC_FLUSH)
    prof_leave(w)
    return rc

cdef inline int _drain_if_due(ProfWriter* w, int64_t now_ns) noexcept nogil:
    # The time bound on what a crash loses (see "Buffers").
    if PROF_UNLIKELY(now_ns - w.last_flush_ns >= w.flush_interval_ns):
        return _drain_all(w, Z_SYNC_FLUSH)
    return 0

cdef int _flush_on_fatal_signal(void* ctx) noexcept nogil:
    # In a signal handler (_fatal_flush.pyx): only write(2), only between records.
    cdef ProfWriter* w = <ProfWriter*>ctx
    if w.busy or w.error:
        return -1
    w.busy = 1
    return _drain_all(w, Z_SYNC_FLUSH)

cdef int _finish(ProfWriter* w, int spool_fd) noexcept nogil:
    # The names of declared codes no sample used (so the file names every
    # code the VM declared), the trailer, then the spool copied behind it,
    # then END.  Runs once, at close.
    cdef char chunk[65536]
    cdef char end[FIXED_RECORD_MAX]
    cdef char* p = end
    cdef long offset = 0
    cdef ssize_t r
    cdef size_t i
    for i in range(w.codes_cap):
        if w.codes[i].code_id != 0 and w.codes[i].name != NULL and not w.codes[i].written:
            if _write_code(w, &w.codes[i]) < 0:
                return -1
    if _drain(w, &w.spool, Z_NO_FLUSH) < 0:
        return -1
    if _write_timeval(w, F_MARKER_TRAILER) < 0:
        return -1
    # The spool behind it, but for its head: the magic is the profile's, the
    # WRITER record the spool's alone.
    if _append(w, &w.main, EXT_MAGIC, EXT_MAGIC_SIZE) < 0:
        return -1
    offset = SPOOL_HEAD
    while True:
        r = pread(spool_fd, chunk, sizeof(chunk), offset)
        if r < 0:
            if errno == EINTR:
                continue
            return _fail(w, errno)
        if r == 0:
            break
        if _append(w, &w.main, chunk, <size_t>r) < 0:
            return -1
        offset += r
    # END: u64 alloc | u64 time | u64 minor | u64 major | i64 end ns | u64 truncated stacks
    p = _put_u8(p, F_EXT_END)
    p = _put_u32(p, <uint32_t>END_PAYLOAD)
    p = _put_u64(p, w.n_alloc)
    p = _put_u64(p, w.n_time)
    p = _put_u64(p, w.n_minor)
    p = _put_u64(p, w.n_major)
    p = _put_i64(p, gc_monotonic_ns())
    p = _put_u64(p, w.n_truncated)
    if _append(w, &w.main, end, <size_t>(p - end)) < 0:
        return -1
    return _drain(w, &w.main, Z_FINISH)

# ------------------------------------------------------------------ Python level

cdef int _open_output(ProfOutput* o, path, bint truncate) except -1:
    """Open [path] for writing into [o]: 1 if this created the file, else 0.
    A symlink is followed (its target is written, created if need be)."""
    cdef bytes bpath = os.fsencode(os.path.realpath(path))
    cdef int flags = O_RDWR | O_CLOEXEC | (O_TRUNC if truncate else 0)
    cdef int created = 1
    o.fd = open(bpath, flags | O_CREAT | O_EXCL, 0o644)
    if o.fd < 0 and errno == EEXIST:
        created = 0
        o.fd = open(bpath, flags, 0o644)
    if o.fd < 0:
        raise OSError(errno, os.strerror(errno), str(path))
    o.buf = <char*>malloc(PROF_BUFFER_SIZE)
    o.cap = PROF_BUFFER_SIZE
    if o.buf == NULL:
        if created or truncate:     # nothing of it is anybody else's now
            os.unlink(bpath)
        close(o.fd)
        o.fd = -1
        raise MemoryError()
    return created

cdef int _open_gzip(ProfOutput* o) except -1:
    cdef z_stream* z = <z_stream*>calloc(1, sizeof(z_stream))
    o.gzbuf = <char*>malloc(PROF_GZ_CHUNK)
    if z == NULL or o.gzbuf == NULL:
        free(z)
        raise MemoryError()
    o.gz = z
    if deflateInit2(z, PROF_GZ_LEVEL, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK:
        raise MemoryError("zlib: deflateInit2 failed")
    return 0

cdef void _release_output(ProfOutput* o) noexcept nogil:
    if o.gz != NULL:
        deflateEnd(<z_stream*>o.gz)
        free(o.gz)
        o.gz = NULL
    free(o.gzbuf)
    o.gzbuf = NULL
    free(o.buf)
    o.buf = NULL
    if o.fd >= 0:
        close(o.fd)
        o.fd = -1


def take_output_lock(int fd):
    """Take the writer's lock on the open file [fd] (open for writing): True,
    or False if another open of the file holds it (vmsample/profile/writing.py)."""
    cdef int r = vms_output_lock(fd, 1)
    if r < 0:
        raise OSError(errno, os.strerror(errno))
    return r == 0


def output_lock_held(int fd):
    """Whether another open of the file [fd] holds the writer's lock."""
    cdef int r = vms_output_lock(fd, 0)
    if r < 0:
        raise OSError(errno, os.strerror(errno))
    return r == 1


def _write_spool_head(int fd, path):
    # The magic and the WRITER record, written at once (not buffered), so
    # that whoever finds the spool can tell who writes it.
    head = F.EXT_MAGIC + bytes([F.EXT_WRITER]) + F.WRITER.size.to_bytes(4, "little") \
        + F.WRITER.struct.pack(os.getpid())
    if len(head) != F.SPOOL_HEAD or os.write(fd, head) != len(head):
        raise OSError(EINVAL, "the spool's head was not written whole", path)


def _names(path, int fd):
    """Whether [path] still names the file open as [fd]."""
    try:
        return os.path.samestat(os.stat(path), os.fstat(fd))
    except OSError:
        return False


def _vmprof_code_name(function, first_line, file, lang="py"):
    # '<lang>:<function>:<first_line>:<file>'; vmprofshow needs exactly three
    # colons before the file, so colons in the function become ';' (as PyPy does).
    return f"{lang}:{str(function).replace(':', ';')}:{int(first_line)}:{file}"


cdef class ProfileWriter:
    """Writes a vmsample profile; the C-level handle is [w] (see _writer.pxd).

    ``ProfileWriter(path, *, alloc_period=None, sampling="random",
    time_period_ns=None, real_time=False, version=6, layout="vmprof",
    lines=True, gzip=None, program=None, argv=None, spool=None,
    flush_interval=1.0)``

    * [alloc_period]: bytes per allocation sample, or None when allocation
      sampling is off.  When it is set the primary (0x01) stream is the
      allocation samples; otherwise it is the time samples.
    * [sampling]: "random" (default: sample points at random, exponentially
      distributed gaps, so periodic allocation patterns cannot alias with the
      period) or "fixed" (the paper's, for reproducing it); docs/design.md
      §2.3.  Recorded in META.
    * [time_period_ns]: the timer period of time samples, or None.
    * [version]: 6 (every vmprof reader) or 7 (vmprof 0.6.0: an int64 ns
      timestamp after each stack record).  The pypy layout is always 7.
    * [layout]: "vmprof" (default) or "pypy" (the paper's toolchain: 0x09
      allocation samples and 0x0A object-info records, fork version 7).
    * [lines]: stacks carry line numbers (vmprof PROFILE_LINES mode).
    * [gzip]: compress; default: when [path] ends in ".gz".
    * [spool]: the sidecar for extension records; default beside the file
      [path] names (``format.spool_path``).
    * Raises `ProfileBusy` if another writer holds [path] (one writer per
      profile), before truncating anything.
    * [flush_interval]: seconds; a minor collection drains the buffers when
      this much time passed since the last drain (bounds what a crash loses).

    Use as a context manager or call close(); errors raise OSError there.
    """

    def __cinit__(self):
        self.w = NULL
        self._husk = NULL
        self._frames = NULL
        self._frames_cap = 0

    def __init__(self, path, *, alloc_period=None, sampling="random", time_period_ns=None,
                 real_time=False, version=F.DEFAULT_VERSION, layout=F.LAYOUT_VMPROF, lines=True,
                 gzip=None, program=None, argv=None, spool=None, flush_interval=1.0):
        if self.w != NULL:
            raise RuntimeError("ProfileWriter.__init__ called twice")
        path = os.fspath(path)
        if layout not in (F.LAYOUT_VMPROF, F.LAYOUT_PYPY):
            raise ValueError(f"layout must be 'vmprof' or 'pypy', not {layout!r}")
        if layout == F.LAYOUT_PYPY:
            version, lines = F.VERSION_SAMPLE_TIME, False
        if version not in F.WRITTEN_VERSIONS:
            raise ValueError(f"version must be 6 or 7, not {version!r}")
        if alloc_period is not None and (int(alloc_period) != alloc_period or alloc_period < 1):
            raise ValueError(f"alloc_period must be a positive number of bytes, not {alloc_period!r}")
        if sampling not in ("fixed", "random"):
            raise ValueError(f"sampling must be 'fixed' or 'random', not {sampling!r}")
        if time_period_ns is not None and (int(time_period_ns) != time_period_ns or time_period_ns < 1):
            raise ValueError(f"time_period_ns must be a positive integer, not {time_period_ns!r}")
        if gzip is None:
            gzip = path.endswith(".gz")
        self.path = path
        self.spool_path = os.fspath(spool) if spool is not None else F.spool_path(path)
        self.layout = layout
        self.version = version
        self.lines = bool(lines)
        self.sample_kind = F.KIND_ALLOC if alloc_period is not None else F.KIND_TIME
        self.alloc_period = None if alloc_period is None else int(alloc_period)
        self.sampling = sampling
        self.time_period_ns = None if time_period_ns is None else int(time_period_ns)
        self.real_time = bool(real_time)
        self._meta_keys = set()
        self._types = {}

        cdef ProfWriter* w = <ProfWriter*>calloc(1, sizeof(ProfWriter))
        if w == NULL:
            raise MemoryError()
        w.main.fd = -1
        w.spool.fd = -1
        self.w = w
        w.layout = PROF_LAYOUT_PYPY if layout == F.LAYOUT_PYPY else PROF_LAYOUT_VMPROF
        w.version = version
        w.lines = self.lines
        w.primary = PROF_KIND_ALLOC if alloc_period is not None else PROF_KIND_TIME
        w.flush_interval_ns = <int64_t>(float(flush_interval) * 1e9)
        w.codes_cap = 256
        w.codes = <ProfCode*>calloc(w.codes_cap, sizeof(ProfCode))
        w.small_written = <uint8_t*>calloc(PROF_SMALL_IDS // 16, 1)
        if w.codes == NULL or w.small_written == NULL:
            self._release()
            raise MemoryError()
        main_created = False
        try:
            # A file is locked before anything is truncated: a second writer
            # of the same file fails here, having changed nothing.  (What is
            # not a file -- a FIFO, a device -- is written as a stream.)
            main_created = _open_output(&w.main, path, False)
            regular = stat.S_ISREG(os.fstat(w.main.fd).st_mode)
            if regular and not take_output_lock(w.main.fd):
                raise ProfileBusy(path)
            _open_output(&w.spool, self.spool_path, True)
            _write_spool_head(w.spool.fd, self.spool_path)
            if regular and ftruncate(w.main.fd, 0) < 0:
                raise OSError(errno, os.strerror(errno), path)
            if gzip:
                _open_gzip(&w.main)
        except BaseException:
            # Nothing was written: leave no empty profile (or spool) behind,
            # and never remove a file this writer did not create (another
            # run's, when the lock was refused).
            created = [f for f, ours in ((os.path.realpath(path), w.main.fd >= 0 and main_created),
                                         (self.spool_path, w.spool.fd >= 0)) if ours]
            self._release()
            for f in created:
                os.unlink(f)
            raise
        w.last_flush_ns = gc_monotonic_ns()

        # Static header: 0, 3, 0, period in us, 0.  An allocation stream must
        # not be time-weighted by vmprof 0.6.0, so its period word is 0.
        period_us = 0
        if time_period_ns is not None and (w.primary == PROF_KIND_TIME or layout == F.LAYOUT_PYPY):
            period_us = max(1, time_period_ns // 1000)
        mode = (F.PROFILE_LINES if self.lines else 0) | (F.PROFILE_REAL_TIME if real_time else 0)
        interp = (F.INTERP_NAME_PYPY if layout == F.LAYOUT_PYPY else F.INTERP_NAME).encode()
        head = b"".join([
            (0).to_bytes(8, "little"), (3).to_bytes(8, "little"), (0).to_bytes(8, "little"),
            period_us.to_bytes(8, "little"), (0).to_bytes(8, "little"),
            bytes([F.MARKER_HEADER]), version.to_bytes(2, "big"), bytes([mode, len(interp)]), interp,
        ])
        self._append_main(head)
        _write_timeval(w, F_MARKER_TIME_N_ZONE)

        from vmsample import __version__
        start_ns = gc_monotonic_ns()
        meta = {
            "os": sys.platform if sys.platform != "darwin" else "mac os x",
            "bits": "64",
            F.META_VERSION: __version__,
            F.META_LAYOUT: layout,
            F.META_SAMPLE_KIND: self.sample_kind,
            F.META_SAMPLING: sampling if alloc_period is not None else "off",
            F.META_ALLOC_WEIGHTS: "allocation",
            F.META_START_NS: str(start_ns),
        }
        if alloc_period is not None:
            meta[F.META_ALLOC_PERIOD] = str(int(alloc_period))
        if time_period_ns is not None:
            meta[F.META_TIME_PERIOD] = str(int(time_period_ns))
        if layout == F.LAYOUT_PYPY:
            meta[F.META_START_OFFSET] = "%f" % (start_ns / 1e9)
            # The fork's disable() writes the time period in seconds as
            # str(float), "0.0" when only allocations are sampled; its
            # converter divides by it.
            meta[F.META_PERIOD] = str(time_period_ns / 1e9 if time_period_ns is not None else 0.0)
        if program is not None:
            meta[F.META_PROGRAM] = str(program)
        if argv is not None:
            # json.dumps of the list of strs, written with json's own string
            # quoting: importing json (its decoder and scanner too) was ~2 ms
            # of every profiled start.
            try:
                from _json import encode_basestring_ascii as quote
            except ImportError:     # pragma: no cover (a CPython without json's C speedups)
                from json.encoder import encode_basestring_ascii as quote
            meta[F.META_ARGV] = "[" + ", ".join([quote(str(a)) for a in argv]) + "]"
        stat_names = F.PYPY_STAT_NAMES if layout == F.LAYOUT_PYPY else F.STAT_NAMES
        for i, name in enumerate(stat_names):
            meta[f"{F.META_STAT_PREFIX}{i}"] = name
        for key, value in meta.items():
            self._write_meta(key, value)

        # After its head, the spool starts with the stat names.
        payload = len(F.STAT_NAMES).to_bytes(2, "little") + b"".join(
            len(n).to_bytes(2, "little") + n.encode() for n in F.STAT_NAMES)
        self._append_spool(self._ext(F.EXT_STAT_NAMES, payload))
        self._raise_if_failed()
        fatal_flush_register(w, _flush_on_fatal_signal)

    # -------------------------------------------------------------- helpers

    cdef int _raise_if_failed(self) except -1:
        if self.w == NULL:
            raise ValueError("I/O operation on a closed ProfileWriter")
        if self.w.error:
            err = self.w.error
            raise OSError(err, f"writing profile failed: {os.strerror(err)}", self.path)
        return 0

    def _append_main(self, bytes data):
        # [data] is whole records: busy while they are copied.
        prof_enter(self.w)
        _append(self.w, &self.w.main, PyBytes_AS_STRING(data), PyBytes_GET_SIZE(data))
        prof_leave(self.w)

    def _append_spool(self, bytes data):
        prof_enter(self.w)
        _append(self.w, &self.w.spool, PyBytes_AS_STRING(data), PyBytes_GET_SIZE(data))
        prof_leave(self.w)

    @staticmethod
    def _ext(tag, bytes payload):
        return bytes([tag]) + len(payload).to_bytes(4, "little") + payload

    cdef int _write_meta(self, key, value) except -1:
        # 0x07 | word keylen | key | word vallen | value.  vmprof readers
        # refuse a duplicated key, so the writer does too.
        if key in self._meta_keys:
            raise ValueError(f"META key {key!r} was already written")
        k = str(key).encode("utf-8")
        v = str(value).encode("utf-8")
        self._meta_keys.add(key)
        self._append_main(bytes([F.MARKER_META]) + len(k).to_bytes(8, "little") + k
                          + len(v).to_bytes(8, "little") + v)
        return 0

    cdef ProfFrame* _stack(self, stack, uint32_t* depth) except NULL:
        cdef Py_ssize_t n = len(stack), i
        cdef ProfFrame* grown
        if n > self._frames_cap or self._frames == NULL:
            grown = <ProfFrame*>realloc(self._frames, max(n, 1) * sizeof(ProfFrame))
            if grown == NULL:
                raise MemoryError()
            self._frames = grown
            self._frames_cap = <uint32_t>max(n, 1)
        for i, (code_id, line) in enumerate(stack):
            if code_id <= 0 or code_id & 1:
                raise ValueError(f"code ids must be positive and even, not {code_id!r}")
            self._frames[i].code_id = code_id
            self._frames[i].line = line
        depth[0] = <uint32_t>n
        return self._frames

    def _release(self):
        # Free everything the writer owns except the ProfWriter struct itself,
        # which stays behind as a "husk": error EBADF, no buffers, no table.
        # A VM that kept a copy of [w] past close() then gets -1 from every
        # call instead of touching freed memory.  __dealloc__ frees the husk.
        cdef ProfWriter* w = self.w
        if w != NULL:
            fatal_flush_unregister(w)
            _release_output(&w.main)
            _release_output(&w.spool)
            if w.codes != NULL:
                for i in range(w.codes_cap):
                    free(w.codes[i].name)
                free(w.codes)
            free(w.pending)
            free(w.small_written)
            memset(w, 0, sizeof(ProfWriter))
            w.main.fd = -1
            w.spool.fd = -1
            w.error = EBADF
            free(self._husk)            # a previous husk (only if __init__ ran twice)
            self._husk = w
            self.w = NULL
        free(self._frames)
        self._frames = NULL

    def __dealloc__(self):
        if self.w != NULL:
            try:
                self.close()
            except Exception:
                pass
        self._release()
        free(self._husk)

    # -------------------------------------------------------------- public API

    def declare_code(self, code_id, function, first_line, file, lang="py"):
        """Name code id [code_id] (positive, even): ``<lang>:<function>:<first_line>:<file>``
        ([lang]: "py", what stock vmprof tools expect, or the VM's own tag).

        Written to the file right before the first record that uses it.
        Declaring an id twice with the same name is a no-op."""
        self._raise_if_failed()
        if code_id <= 0 or code_id & 1:
            raise ValueError(f"code ids must be positive and even, not {code_id!r}")
        cdef bytes name = _vmprof_code_name(function, first_line, file, lang).encode("utf-8")
        cdef ProfCode* c = _code_entry(self.w, code_id)
        if c == NULL:
            self._raise_if_failed()
        if c.name != NULL:
            if c.name[:c.name_len] != name:
                raise ValueError(f"code id {code_id} is already declared as "
                                 f"{c.name[:c.name_len].decode('utf-8', 'replace')!r}")
            return
        if c.written:
            raise ValueError(f"code id {code_id} was used by a sample before it was declared")
        c.name = <char*>malloc(len(name) + 1)
        if c.name == NULL:
            raise MemoryError()
        memcpy(c.name, PyBytes_AS_STRING(name), len(name) + 1)
        c.name_len = <uint32_t>len(name)

    def type_name(self, type_id, name):
        """Name type id [type_id] (META ``__rtype_<id>`` and a TYPE_NAME record)."""
        self._raise_if_failed()
        if not 0 <= type_id < 1 << 32:
            raise ValueError(f"type id out of range: {type_id}")
        name = str(name)
        if type_id in self._types:
            if self._types[type_id] != name:
                raise ValueError(f"type id {type_id} is already named {self._types[type_id]!r}")
            return
        self._types[type_id] = name
        self._write_meta(f"{F.META_RTYPE_PREFIX}{type_id}", name)
        self._append_spool(self._ext(F.EXT_TYPE_NAME, type_id.to_bytes(4, "little") + name.encode()))

    def meta(self, key, value):
        """Add a META key (stock vmprof readers see it in ``stats.meta``)."""
        self._raise_if_failed()
        self._write_meta(str(key), str(value))

    def alloc_sample(self, seq, size, type_id, time_ns, stack, thread_id=0, large=False, crossing=0):
        """One allocation sample; [stack] is a sequence of (code_id, line), leaf
        first; [crossing] > 0 for the further sample points of one allocation."""
        self._raise_if_failed()
        cdef GCSample s
        cdef uint32_t depth
        cdef ProfFrame* frames = self._stack(stack, &depth)
        s.seq, s.size, s.tid, s.time_ns, s.large = seq, size, type_id, time_ns, large
        s.crossing = crossing
        if prof_alloc_sample(self.w, &s, frames, depth, thread_id) < 0:
            self._raise_if_failed()

    def time_sample(self, time_ns, stack, thread_id=0):
        """One time sample; [stack] is a sequence of (code_id, line), leaf first."""
        self._raise_if_failed()
        cdef uint32_t depth
        cdef ProfFrame* frames = self._stack(stack, &depth)
        if prof_time_sample(self.w, time_ns, frames, depth, thread_id) < 0:
            self._raise_if_failed()

    def minor_collection(self, index, time_ns, duration_ns=0, bytes_copied=0,
                         total_size_of_arenas=0, total_memory_used=0, vmrss=0, gc_state=0,
                         first_seq=0, outcomes=b""):
        """One minor collection; [outcomes][i] are the GC_OUTCOME_* bits of sample first_seq + i."""
        self._raise_if_failed()
        cdef GCMinorReport r
        cdef bytes out = bytes(outcomes)
        r.index, r.time_ns, r.duration_ns, r.bytes_copied = index, time_ns, duration_ns, bytes_copied
        r.total_size_of_arenas, r.total_memory_used, r.vmrss = total_size_of_arenas, total_memory_used, vmrss
        r.gc_state, r.first_seq, r.n_outcomes = gc_state, first_seq, len(out)
        r.outcomes = <const uint8_t*>PyBytes_AS_STRING(out)
        if prof_minor_collection(self.w, &r) < 0:
            self._raise_if_failed()

    def major_event(self, index, state, time_ns, total_memory_used=0, total_size_of_arenas=0,
                    deaths=()):
        """A major collection entering [state] (GC_STATE_*: 0 scanning/finished, 1 marking, ...);
        [deaths]: the seqs of the sampled objects it found dead (entering sweeping)."""
        self._raise_if_failed()
        cdef GCMajorEvent e
        cdef array.array seqs = array.array("Q", deaths)
        e.index, e.state, e.time_ns = index, state, time_ns
        e.total_memory_used, e.total_size_of_arenas = total_memory_used, total_size_of_arenas
        e.n_deaths = len(seqs)
        e.deaths = <const uint64_t*>seqs.data.as_voidptr if len(seqs) else NULL
        if prof_major_event(self.w, &e) < 0:
            self._raise_if_failed()

    def pause(self, minor_index, time_ns, duration_ns, major_ns=0):
        """The program stopped at [time_ns] for [duration_ns]: the minor
        collection [minor_index] and [major_ns] of major work after it."""
        self._raise_if_failed()
        cdef GCPause e
        e.minor_index, e.time_ns, e.duration_ns, e.major_ns = minor_index, time_ns, duration_ns, major_ns
        if prof_pause(self.w, &e) < 0:
            self._raise_if_failed()

    def flush(self):
        """Write both buffers out (a crash after this loses none of it)."""
        self._raise_if_failed()
        prof_flush(self.w)
        self._raise_if_failed()

    def check(self):
        """Raise OSError if a write has failed since the writer was opened."""
        self._raise_if_failed()

    @property
    def closed(self):
        return self.w == NULL

    @property
    def counts(self):
        """Records written so far (after close(): in the file), as a dict with
        keys alloc/time/minor/major/truncated.  Never raises: it is what a
        caller reports while handling a write error."""
        if self.w == NULL:
            return dict(self._final_counts or {})
        return {"alloc": self.w.n_alloc, "time": self.w.n_time, "minor": self.w.n_minor,
                "major": self.w.n_major, "truncated": self.w.n_truncated}

    @staticmethod
    def monotonic_ns():
        """CLOCK_MONOTONIC in ns: the clock of every timestamp in the file."""
        return gc_monotonic_ns()

    def close(self):
        """Finish the file (trailer, extension, END) and remove the spool.

        Raises OSError if any write failed; the spool is then kept, so that
        `vmsample recover` can still rebuild what was written."""
        if self.w == NULL:
            return
        cdef ProfWriter* w = self.w
        cdef int rc
        self._final_counts = self.counts
        prof_enter(w)               # for good: a fatal signal now leaves the spool to `recover`
        with nogil:
            rc = _finish(w, w.spool.fd)
        err = w.error
        # Its directory removed or renamed, the file was written where
        # nobody will find it: that is a failure too.
        moved = not _names(self.path, w.main.fd)
        ours = _names(self.spool_path, w.spool.fd)
        self._release()
        if err:
            raise OSError(err, f"writing profile failed: {os.strerror(err)}", self.path)
        if ours:
            os.unlink(self.spool_path)
        if moved:
            raise OSError(ENOENT, "the profile file was removed or moved while it was written", self.path)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
