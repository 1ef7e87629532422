"""The C API's table: the out-of-line half of vmsample/include/vmsample.h.

The capsule ``_C_API`` holds one ``vms_api`` (the header's struct): the ABI
version, the fingerprint of the struct layouts, and a pointer to every
function a C embedder calls out of line -- the core's slow paths, root
tables and rule checks (vmsample._nursery), the Python objects a VM makes
(a Nursery, its types, a code registry, a run context: vmsample.sdk._run)
and the glue's time samples.  vms_import() fetches it.

Design
------
1. One layout, declared twice and checked.  The header declares the
   structs a C embedder sees; _nursery.pxd declares the same structs for
   Cython.  This module includes the header and asserts, at compile time,
   that every field the header lists (VMS_LAYOUT) is at the same offset
   with the same size in the Cython struct, that the structs have the same
   size, and that the constants agree: the two cannot drift apart without
   vmsample's build failing.  A module built against another header fails
   vms_import() (the layout fingerprint differs), not later.

2. The functions taking Python objects follow CPython's convention (NULL /
   -1 with an exception set) and are Cython functions, so they raise the
   exceptions Python code gets.  Their table entries are their addresses;
   the header types each entry.
"""

from cpython.exc cimport PyErr_Fetch, PyErr_NormalizeException, PyErr_Restore
from cpython.object cimport PyObject
from cpython.pycapsule cimport PyCapsule_New
from cpython.ref cimport Py_XDECREF
from libc.stdint cimport int64_t, uint16_t, uint32_t, uint64_t

from vmsample._nursery cimport (
    GC_ERR_ARG, GC_ERR_NOMEM, GC_ERR_RULE, GC_ERR_STACK, GC_HEADER_SIZE, GC_MAX_TYPES, GC_MIN_OBJECT_SIZE,
    GC_OK, GC_SLOT_REF, GC_SLOT_WORD, GCFLAG_EMBEDDER, GCFLAG_OLD, GCFLAG_TRACK_YOUNG_PTRS,
    GCFLAG_YOUNG_LARGE, GCHeader, GCHeap, GCRootTable, GCType, Nursery, gc_bad_immediate,
    gc_check_slot, gc_collect_and_reserve, gc_collect_major, gc_collect_minor, gc_copy_refs,
    gc_frame_t, gc_frame_unbalanced, gc_id, gc_malloc_large, gc_raise_error, gc_remember,
    gc_remember_slot, gc_roots_free, gc_roots_new, gc_roots_register, gc_roots_unregister,
    gc_shadowstack_overflow, gc_visit_root)
from vmsample.profile._glue cimport ProfGlue, prof_stack_walker_t, prof_time_samples
from vmsample.profile._writer cimport ProfFrame
from vmsample.sdk._run cimport CodeRegistry, ProfileRun

cdef extern from "../include/vmsample.h":
    # What this module fills in; the C compiler sees the whole header.
    ctypedef struct vms_api:
        uint32_t abi_version
        uint64_t layout_fingerprint
        void* collect_and_reserve
        void* malloc_large
        void* remember
        void* remember_slot
        void* copy_refs
        void* visit_root
        void* collect_minor
        void* collect_major
        void* id
        void* shadowstack_overflow
        void* frame_unbalanced
        void* check_slot
        void* bad_immediate
        void* roots_register
        void* roots_unregister
        void* roots_new
        void* roots_free
        void* raise_error
        void* nursery_new
        void* heap_of
        void* register_type
        void* codes_new
        void* code_add
        void* run_new
        void* run_use_walker
        void* run_enter
        void* run_exit
        void* run_glue
        void* time_samples
    enum:
        VMS_ABI_VERSION, VMS_HEADER_SIZE, VMS_MIN_OBJECT_SIZE, VMS_MAX_TYPES, VMS_FLAG_OLD,
        VMS_FLAG_TRACK_YOUNG_PTRS, VMS_FLAG_YOUNG_LARGE, VMS_FLAG_EMBEDDER, VMS_OK, VMS_ERR_NOMEM,
        VMS_ERR_STACK, VMS_ERR_ARG, VMS_ERR_RULE, VMS_SLOT_REF, VMS_SLOT_WORD
    uint64_t vms_layout_fingerprint() noexcept nogil

cdef extern from *:
    """
    /* Design 1.  [cy] is a null pointer to the Cython struct (its C name is
       Cython's business); __typeof__ names its type. */
    #define VMS_SAME_FIELD(cy, s, m) \\
        _Static_assert(offsetof(__typeof__(*(cy)), m) == offsetof(s, m) \\
                       && sizeof((cy)->m) == sizeof(((s *)0)->m), \\
                       "vmsample.h and the .pxd disagree on " #s "." #m);
    #define VMS_SAME_SIZE(cy, s) \\
        _Static_assert(sizeof(*(cy)) == sizeof(s), "vmsample.h and the .pxd disagree on sizeof " #s);
    #define VMS_CHECK_LAYOUTS(hdr, typ, roots, frame, pframe, heap) do { \\
        VMS_LAYOUT(VMS_SAME_FIELD, hdr, typ, roots, frame, pframe, heap) \\
        VMS_STRUCTS(VMS_SAME_SIZE, hdr, typ, roots, frame, pframe, heap) \\
    } while (0)
    #define VMS_SAME_CONSTANT(cy, c) \\
        _Static_assert((long)(cy) == (long)(c), "vmsample.h and the .pxd disagree on " #c)
    """
    void VMS_CHECK_LAYOUTS(GCHeader* hdr, GCType* typ, GCRootTable* roots, gc_frame_t* frame,
                           ProfFrame* pframe, GCHeap* heap) noexcept nogil
    void VMS_SAME_CONSTANT(long cy, long c) noexcept nogil

# ____________________________________________________________________________
# The functions that take Python objects (Design 2)

cdef object capi_nursery_new(PyObject* kwargs):
    return Nursery(**(<object>kwargs if kwargs != NULL else {}))

cdef GCHeap* capi_heap_of(object nursery) except NULL:
    if not isinstance(nursery, Nursery):
        raise TypeError(f"expected a vmsample Nursery, not {type(nursery).__name__}")
    return (<Nursery>nursery).heap

cdef int capi_register_type(object nursery, const char* name, uint32_t fixed_size,
                            const uint32_t* ref_offsets, size_t n_refs, uint32_t item_size,
                            int items_are_refs) except -1:
    if not isinstance(nursery, Nursery):
        raise TypeError(f"expected a vmsample Nursery, not {type(nursery).__name__}")
    offsets = tuple(ref_offsets[i] for i in range(n_refs))
    return nursery.register_type(name.decode("utf-8"), fixed_size, offsets, item_size,
                                 bool(items_are_refs))

cdef object capi_codes_new(const char* lang):
    return CodeRegistry(lang.decode("utf-8") if lang != NULL else "py")

cdef uint64_t capi_code_add(object codes, const char* function, long first_line,
                            const char* file) except 0:
    return (<CodeRegistry?>codes).add(function.decode("utf-8", "replace"), first_line,
                                      file.decode("utf-8", "replace") if file != NULL else "")

cdef object capi_run_new(object nursery, object path, object codes, PyObject* options):
    return ProfileRun(nursery, path, codes, **(<object>options if options != NULL else {}))

cdef int capi_run_use_walker(object run, prof_stack_walker_t walker, void* ctx,
                             volatile int* ticks) except -1:
    return (<ProfileRun?>run).use_walker(walker, ctx, ticks)

cdef int capi_run_enter(object run) except -1:
    (<ProfileRun?>run).__enter__()
    return 0

cdef int capi_run_exit(object run, int failed) except -1:
    # Leave the run (ProfileRun.__exit__).  A C VM may call it with its own
    # error set: that error stays the one raised, unless leaving fails too
    # (then that failure is raised, the VM's error as its __context__).
    cdef PyObject* exc_type
    cdef PyObject* exc
    cdef PyObject* tb
    PyErr_Fetch(&exc_type, &exc, &tb)
    if exc_type == NULL:
        (<ProfileRun?>run)._finish(failed)
        return 0
    PyErr_NormalizeException(&exc_type, &exc, &tb)
    try:
        (<ProfileRun?>run)._finish(True)
    except BaseException as e:
        e.__context__ = <object>exc
        Py_XDECREF(exc_type)
        Py_XDECREF(exc)
        Py_XDECREF(tb)
        raise
    PyErr_Restore(exc_type, exc, tb)
    return -1

cdef ProfGlue* capi_run_glue(object run) noexcept:
    return (<ProfileRun>run).glue if isinstance(run, ProfileRun) else NULL

# ____________________________________________________________________________
# The table

cdef vms_api table

cdef void fill_table() noexcept:
    VMS_CHECK_LAYOUTS(<GCHeader*>NULL, <GCType*>NULL, <GCRootTable*>NULL, <gc_frame_t*>NULL,
                      <ProfFrame*>NULL, <GCHeap*>NULL)
    VMS_SAME_CONSTANT(GC_HEADER_SIZE, VMS_HEADER_SIZE)
    VMS_SAME_CONSTANT(GC_MIN_OBJECT_SIZE, VMS_MIN_OBJECT_SIZE)
    VMS_SAME_CONSTANT(GC_MAX_TYPES, VMS_MAX_TYPES)
    VMS_SAME_CONSTANT(GCFLAG_OLD, VMS_FLAG_OLD)
    VMS_SAME_CONSTANT(GCFLAG_TRACK_YOUNG_PTRS, VMS_FLAG_TRACK_YOUNG_PTRS)
    VMS_SAME_CONSTANT(GCFLAG_YOUNG_LARGE, VMS_FLAG_YOUNG_LARGE)
    VMS_SAME_CONSTANT(GCFLAG_EMBEDDER, VMS_FLAG_EMBEDDER)
    VMS_SAME_CONSTANT(GC_OK, VMS_OK)
    VMS_SAME_CONSTANT(GC_ERR_NOMEM, VMS_ERR_NOMEM)
    VMS_SAME_CONSTANT(GC_ERR_STACK, VMS_ERR_STACK)
    VMS_SAME_CONSTANT(GC_ERR_ARG, VMS_ERR_ARG)
    VMS_SAME_CONSTANT(GC_ERR_RULE, VMS_ERR_RULE)
    VMS_SAME_CONSTANT(GC_SLOT_REF, VMS_SLOT_REF)
    VMS_SAME_CONSTANT(GC_SLOT_WORD, VMS_SLOT_WORD)
    table.abi_version = VMS_ABI_VERSION
    table.layout_fingerprint = vms_layout_fingerprint()
    table.collect_and_reserve = <void*>gc_collect_and_reserve
    table.malloc_large = <void*>gc_malloc_large
    table.remember = <void*>gc_remember
    table.remember_slot = <void*>gc_remember_slot
    table.copy_refs = <void*>gc_copy_refs
    table.visit_root = <void*>gc_visit_root
    table.collect_minor = <void*>gc_collect_minor
    table.collect_major = <void*>gc_collect_major
    table.id = <void*>gc_id
    table.shadowstack_overflow = <void*>gc_shadowstack_overflow
    table.frame_unbalanced = <void*>gc_frame_unbalanced
    table.check_slot = <void*>gc_check_slot
    table.bad_immediate = <void*>gc_bad_immediate
    table.roots_register = <void*>gc_roots_register
    table.roots_unregister = <void*>gc_roots_unregister
    table.roots_new = <void*>gc_roots_new
    table.roots_free = <void*>gc_roots_free
    table.raise_error = <void*>gc_raise_error
    table.nursery_new = <void*>capi_nursery_new
    table.heap_of = <void*>capi_heap_of
    table.register_type = <void*>capi_register_type
    table.codes_new = <void*>capi_codes_new
    table.code_add = <void*>capi_code_add
    table.run_new = <void*>capi_run_new
    table.run_use_walker = <void*>capi_run_use_walker
    table.run_enter = <void*>capi_run_enter
    table.run_exit = <void*>capi_run_exit
    table.run_glue = <void*>capi_run_glue
    table.time_samples = <void*>prof_time_samples

fill_table()
_C_API = PyCapsule_New(&table, b"vmsample.sdk._capi._C_API", NULL)
