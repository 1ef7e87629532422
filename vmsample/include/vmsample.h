/* vmsample.h -- the C API of vmsample: the nursery core, root tables, frames,
 * payload accessors, immediates, and profiling (code registry, run context).
 *
 * The same API as the Cython .pxd files (vmsample/_nursery.pxd,
 * vmsample/sdk/_run.pxd), for a VM written in C (or anything with a C FFI)
 * and compiled as a CPython extension module.  docs/embedding.md documents
 * the two side by side; the names map one to one: gc_alloc -> vms_alloc,
 * GCHeap -> vms_heap, gc_frame_t -> vms_frame, ...
 *
 *     #include "vmsample/include/vmsample.h"   // -I $(python -c 'import vmsample; print(vmsample.get_include())')
 *
 *     PyMODINIT_FUNC PyInit__vm(void) {
 *         if (vms_import() < 0) return NULL;     // once per translation unit, before any vms_ call
 *         ...
 *     }
 *
 * Nothing is linked.  The inline fast paths below (allocation, the write
 * barrier, the shadow stack, frames, accessors, immediates) compile into
 * your module; everything else is a function of vmsample's extension
 * modules, reached through the table vms_import() fetches from the capsule
 * vmsample.sdk._capi._C_API.  vms_import() also checks that this header and
 * the installed vmsample agree (ABI version and every struct layout below):
 * a module built against another vmsample gets an ImportError, not a crash.
 *
 * Conventions, as in the .pxd: the heap functions never raise; they return
 * NULL / -1 / 0 with h->error set (vms_raise_error() turns it into a Python
 * exception).  The functions that take or return Python objects follow the
 * CPython convention: NULL / -1 with a Python exception set.  The heap is
 * not thread-safe: hold the GIL (or your own lock) around it.
 *
 * The layouts are the .pxd's; vmsample's own build checks them against this
 * file at compile time (vmsample/sdk/_capi.pyx), field by field.
 */
#ifndef VMSAMPLE_H
#define VMSAMPLE_H

#include <Python.h>
#include <stddef.h>
#include <stdint.h>

#define VMS_ABI_VERSION 1

#if defined(__GNUC__)
#  define VMS_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#  define VMS_UNLIKELY(x) (x)
#endif

/* Checked accessors and frames: on unless NDEBUG (as assert()). */
#ifndef VMS_CHECKED
#  ifdef NDEBUG
#    define VMS_CHECKED 0
#  else
#    define VMS_CHECKED 1
#  endif
#endif

/* ------------------------------------------------------------- objects */

/* A reference slot: 0, an object's address (8-aligned), or a tagged
   immediate (low 3 bits not all zero; the collector never looks inside). */
typedef uintptr_t vms_ref;

typedef struct vms_header {     /* every object's first 8 bytes */
    uint16_t tid;               /* its registered type id */
    uint16_t flags;             /* the core's; VMS_FLAG_EMBEDDER and up are yours */
    uint32_t aux;               /* var-size types: the item count */
} vms_header;

enum {
    VMS_HEADER_SIZE = 8,
    VMS_MIN_OBJECT_SIZE = 16,
    VMS_MAX_TYPES = 65536,
    VMS_FLAG_OLD = 0x0001,
    VMS_FLAG_TRACK_YOUNG_PTRS = 0x0004,
    VMS_FLAG_YOUNG_LARGE = 0x0040,
    VMS_FLAG_EMBEDDER = 0x0100,
    /* h->error */
    VMS_OK = 0, VMS_ERR_NOMEM = 1, VMS_ERR_STACK = 2, VMS_ERR_ARG = 3, VMS_ERR_RULE = 4,
    /* vms_check_slot's kinds */
    VMS_SLOT_REF = 1, VMS_SLOT_WORD = 2
};

typedef struct vms_type {       /* what vms_register_type recorded */
    size_t alloc_size;          /* an instance with no items, in allocated bytes */
    char *name;
    uint32_t fixed_size;        /* payload bytes before the items */
    uint32_t item_size;
    int items_are_refs;
    uint32_t n_refs;
    uint32_t *ref_offsets;
    uint32_t weak_offset;       /* the weak field's payload offset (docs/embedding.md §16); 0x7FFFFFFF: none */
} vms_type;

typedef struct vms_heap vms_heap;

/* Root tables (docs/embedding.md §6): [n] slots at [slots] that every
   collection visits and updates in place.  Yours to allocate (static, in
   your VM's struct) and register, or vms_roots_new's; [check], [next] and
   [owned] are the core's.  Unregister before freeing its memory. */
typedef struct vms_root_table {
    uintptr_t check;
    struct vms_root_table *next;
    vms_ref *slots;
    size_t n;
    int owned;
} vms_root_table;

/* A shadow-stack mark (docs/embedding.md §6): vms_frame_leave puts the
   shadow stack back where vms_frame_enter found it. */
typedef struct vms_frame {
    vms_ref *base;
    size_t depth;
} vms_frame;

struct vms_heap {
    /* the allocation fast path reads and writes only these two */
    char *nursery_free;
    char *nursery_limit;
    char *nursery_start;
    char *nursery_top;
    size_t nursery_size;
    size_t large_object_threshold;
    int sample_mode;
    uint64_t sample_period;
    uintptr_t sample_point;
    uint64_t samples_taken;
    /* roots: the shadow stack grows upwards; its slots are updated in place */
    vms_ref *shadowstack_base;
    vms_ref *shadowstack_top;
    vms_ref *shadowstack_end;
    size_t frame_depth;
    /* hooks, each with its own context (the run context owns the first four) */
    void (*on_sample)(void *ctx, const void *sample);
    void *on_sample_ctx;
    void (*on_minor_collection)(void *ctx, const void *report);
    void *on_minor_collection_ctx;
    void (*on_major_collection)(void *ctx, const void *event);
    void *on_major_collection_ctx;
    void (*on_pause)(void *ctx, const void *pause);
    void *on_pause_ctx;
    void (*trace_roots)(void *ctx, vms_heap *h);
    void *trace_roots_ctx;
    void (*on_finalization)(void *ctx, vms_heap *h);  /* something was queued (docs/embedding.md §16) */
    void *on_finalization_ctx;
    vms_type *types;
    uint32_t n_types;
    int error;
    /* private to the core */
    int gc_state;
    void *old_space;
    void *sampler;
    void *private_state;
};

/* One frame of a stack a walker reports, leaf first. */
typedef struct vms_prof_frame {
    uint64_t code_id;           /* positive, even: from vms_code_add */
    uint32_t line;
} vms_prof_frame;

/* The VM's stack walker: fills at most [max_frames] frames, leaf first, and
   returns how many.  Called inside allocations and collections: it must
   not use the heap, take the GIL or call Python. */
typedef uint32_t (*vms_stack_walker)(void *ctx, vms_prof_frame *out, uint32_t max_frames);

typedef struct vms_glue vms_glue;  /* the profiling glue of a run (vms_run_glue) */

/* The fields whose places this header and the installed vmsample must agree
   on, struct by struct (the heap's private tail is covered by its size).
   vmsample's build asserts each against the .pxd (vmsample/sdk/_capi.pyx);
   vms_import() compares their fingerprint with the capsule's. */
#define VMS_HEADER_FIELDS(X, a) X(a, vms_header, tid) X(a, vms_header, flags) X(a, vms_header, aux)
#define VMS_TYPE_FIELDS(X, a) X(a, vms_type, alloc_size) X(a, vms_type, name) \
    X(a, vms_type, fixed_size) X(a, vms_type, item_size) X(a, vms_type, items_are_refs) \
    X(a, vms_type, n_refs) X(a, vms_type, ref_offsets) X(a, vms_type, weak_offset)
#define VMS_ROOT_TABLE_FIELDS(X, a) X(a, vms_root_table, check) X(a, vms_root_table, next) \
    X(a, vms_root_table, slots) X(a, vms_root_table, n) X(a, vms_root_table, owned)
#define VMS_FRAME_FIELDS(X, a) X(a, vms_frame, base) X(a, vms_frame, depth)
#define VMS_PROF_FRAME_FIELDS(X, a) X(a, vms_prof_frame, code_id) X(a, vms_prof_frame, line)
#define VMS_HEAP_FIELDS(X, a) \
    X(a, vms_heap, nursery_free) X(a, vms_heap, nursery_limit) X(a, vms_heap, nursery_start) \
    X(a, vms_heap, nursery_top) X(a, vms_heap, nursery_size) X(a, vms_heap, large_object_threshold) \
    X(a, vms_heap, sample_mode) X(a, vms_heap, sample_period) X(a, vms_heap, sample_point) \
    X(a, vms_heap, samples_taken) X(a, vms_heap, shadowstack_base) X(a, vms_heap, shadowstack_top) \
    X(a, vms_heap, shadowstack_end) X(a, vms_heap, frame_depth) X(a, vms_heap, on_sample) \
    X(a, vms_heap, on_sample_ctx) X(a, vms_heap, on_minor_collection) \
    X(a, vms_heap, on_minor_collection_ctx) X(a, vms_heap, on_major_collection) \
    X(a, vms_heap, on_major_collection_ctx) X(a, vms_heap, on_pause) X(a, vms_heap, on_pause_ctx) \
    X(a, vms_heap, trace_roots) X(a, vms_heap, trace_roots_ctx) \
    X(a, vms_heap, on_finalization) X(a, vms_heap, on_finalization_ctx) \
    X(a, vms_heap, types) X(a, vms_heap, n_types) X(a, vms_heap, error)
/* Each struct's fields, with the argument [a] passed to X. */
#define VMS_LAYOUT(X, hdr, typ, roots, frame, pframe, heap) \
    VMS_HEADER_FIELDS(X, hdr) VMS_TYPE_FIELDS(X, typ) VMS_ROOT_TABLE_FIELDS(X, roots) \
    VMS_FRAME_FIELDS(X, frame) VMS_PROF_FRAME_FIELDS(X, pframe) VMS_HEAP_FIELDS(X, heap)
#define VMS_STRUCTS(X, hdr, typ, roots, frame, pframe, heap) X(hdr, vms_header) X(typ, vms_type) \
    X(roots, vms_root_table) X(frame, vms_frame) X(pframe, vms_prof_frame) X(heap, vms_heap)

/* A fingerprint of the layouts above (offsets and sizes, mixed). */
static inline uint64_t vms_layout_fingerprint(void) {
    uint64_t f = 1469598103934665603ULL;
#define VMS_MIX(v) (f = (f ^ (uint64_t)(v)) * 1099511628211ULL);
#define VMS_FIELD_MIX(a, s, m) VMS_MIX(offsetof(s, m)) VMS_MIX(sizeof(((s *)0)->m))
#define VMS_STRUCT_MIX(a, s) VMS_MIX(sizeof(s))
    VMS_LAYOUT(VMS_FIELD_MIX, 0, 0, 0, 0, 0, 0)
    VMS_STRUCTS(VMS_STRUCT_MIX, 0, 0, 0, 0, 0, 0)
#undef VMS_STRUCT_MIX
#undef VMS_FIELD_MIX
#undef VMS_MIX
    return f;
}

/* ------------------------------------------------------------- the table */

typedef struct vms_api {
    uint32_t abi_version;
    uint64_t layout_fingerprint;
    /* the heap's out-of-line half (_nursery.pxd) */
    char *(*collect_and_reserve)(vms_heap *h, size_t size, uint16_t tid);
    vms_header *(*malloc_large)(vms_heap *h, uint16_t tid, size_t size, uint32_t aux);
    void (*remember)(vms_heap *h, vms_header *obj);
    void (*remember_slot)(vms_heap *h, vms_header *obj, vms_ref *slot, vms_ref value);
    void (*copy_refs)(vms_heap *h, vms_header *obj, vms_ref *dst, const vms_ref *src, size_t n);
    void (*visit_root)(vms_heap *h, vms_ref *slot);
    int (*collect_minor)(vms_heap *h);
    int64_t (*collect_major)(vms_heap *h);
    uintptr_t (*id)(vms_heap *h, vms_header *obj);
    int (*shadowstack_overflow)(vms_heap *h);
    int (*frame_unbalanced)(vms_heap *h, vms_frame *f);
    void (*check_slot)(vms_heap *h, vms_ref obj, size_t i, int kind);
    void (*bad_immediate)(int64_t value, unsigned tag);
    int (*roots_register)(vms_heap *h, vms_root_table *t, vms_ref *slots, size_t n);
    int (*roots_unregister)(vms_heap *h, vms_root_table *t);
    vms_root_table *(*roots_new)(vms_heap *h, size_t n, vms_ref fill);
    void (*roots_free)(vms_heap *h, vms_root_table *t);
    int (*raise_error)(vms_heap *h);
    /* Python objects: the Nursery, its types (_nursery.pyx) */
    PyObject *(*nursery_new)(PyObject *kwargs);
    vms_heap *(*heap_of)(PyObject *nursery);
    int (*register_type)(PyObject *nursery, const char *name, uint32_t fixed_size,
                         const uint32_t *ref_offsets, size_t n_refs, uint32_t item_size,
                         int items_are_refs);
    /* the code registry and the run context (vmsample/sdk/_run.pxd) */
    PyObject *(*codes_new)(const char *lang);
    uint64_t (*code_add)(PyObject *codes, const char *function, long first_line, const char *file);
    PyObject *(*run_new)(PyObject *nursery, PyObject *path, PyObject *codes, PyObject *options);
    int (*run_use_walker)(PyObject *run, vms_stack_walker walker, void *ctx, volatile int *ticks);
    int (*run_enter)(PyObject *run);
    int (*run_exit)(PyObject *run, int failed);
    vms_glue *(*run_glue)(PyObject *run);
    int (*time_samples)(vms_glue *g);
} vms_api;

#ifndef VMS_API_STORAGE
#  define VMS_API_STORAGE static
#endif
/* Set by vms_import().  A VM of several C files calls vms_import() in each,
   or defines VMS_API_STORAGE as nothing in one file and as extern in the others. */
VMS_API_STORAGE const vms_api *vms_api_table;

static inline int vms_import(void) {
    /* PyCapsule_Import walks attributes from "vmsample" on: import the module first. */
    PyObject *module = PyImport_ImportModule("vmsample.sdk._capi");
    const vms_api *api;
    if (module == NULL)
        return -1;
    Py_DECREF(module);
    api = (const vms_api *)PyCapsule_Import("vmsample.sdk._capi._C_API", 0);
    if (api == NULL)
        return -1;
    if (api->abi_version != VMS_ABI_VERSION || api->layout_fingerprint != vms_layout_fingerprint()) {
        PyErr_Format(PyExc_ImportError,
                     "this module was built against another vmsample.h than the installed vmsample's "
                     "(ABI %u, this header's %u, or other struct layouts): rebuild it",
                     (unsigned)api->abi_version, (unsigned)VMS_ABI_VERSION);
        return -1;
    }
    vms_api_table = api;
    return 0;
}
#define VMS_API (vms_api_table)

/* ------------------------------------------------------------- allocation */

static inline size_t vms_round_size(size_t payload) {
    size_t size = (VMS_HEADER_SIZE + payload + 7) & ~(size_t)7;
    return size >= VMS_MIN_OBJECT_SIZE ? size : VMS_MIN_OBJECT_SIZE;
}

static inline size_t vms_size_of(vms_heap *h, uint16_t tid, size_t length) {
    vms_type *t = &h->types[tid];
    return vms_round_size(t->fixed_size + t->item_size * length);
}

/* THE fast path (docs/design.md §2.2): a zero-filled object of [size]
   allocated bytes with its header written, or NULL with h->error set. */
static inline vms_header *vms_alloc(vms_heap *h, uint16_t tid, size_t size, uint32_t aux) {
    vms_header *obj;
    if (VMS_UNLIKELY(size > h->large_object_threshold))
        return VMS_API->malloc_large(h, tid, size, aux);
    obj = (vms_header *)h->nursery_free;
    h->nursery_free = (char *)obj + size;
    if (VMS_UNLIKELY(h->nursery_free > h->nursery_limit)) {
        obj = (vms_header *)VMS_API->collect_and_reserve(h, size, tid);
        if (obj == NULL)
            return NULL;
    }
    obj->tid = tid;
    obj->aux = aux;
    return obj;
}

static inline vms_header *vms_alloc_fixed(vms_heap *h, uint16_t tid) {
    return vms_alloc(h, tid, h->types[tid].alloc_size, 0);
}

static inline vms_header *vms_alloc_varsize(vms_heap *h, uint16_t tid, size_t length) {
    if (VMS_UNLIKELY(length > (size_t)0xFFFFFFFFU)) {
        h->error = VMS_ERR_NOMEM;
        return NULL;
    }
    return vms_alloc(h, tid, vms_size_of(h, tid, length), (uint32_t)length);
}

/* ------------------------------------------------------------- barrier */

static inline int vms_is_ref(vms_ref v) { return v != 0 && (v & 7) == 0; }

/* BEFORE storing a reference into an existing object (docs/embedding.md §7). */
static inline void vms_write_barrier(vms_heap *h, vms_header *obj) {
    if (VMS_UNLIKELY(obj->flags & VMS_FLAG_TRACK_YOUNG_PTRS))
        VMS_API->remember(h, obj);
}

static inline void vms_write_barrier_slot(vms_heap *h, vms_header *obj, vms_ref *slot, vms_ref value) {
    if (VMS_UNLIKELY(obj->flags & VMS_FLAG_TRACK_YOUNG_PTRS))
        VMS_API->remember_slot(h, obj, slot, value);
}

/* ------------------------------------------------------------- the shadow stack and frames */

static inline int vms_push_root(vms_heap *h, vms_ref v) {     /* 0 when full: h->error = VMS_ERR_STACK */
    if (VMS_UNLIKELY(h->shadowstack_top >= h->shadowstack_end))
        return VMS_API->shadowstack_overflow(h) == 0;
    *h->shadowstack_top++ = v;
    return 1;
}

static inline vms_ref vms_pop_root(vms_heap *h) { return *--h->shadowstack_top; }

static inline void vms_frame_enter(vms_heap *h, vms_frame *f) {
    f->base = h->shadowstack_top;
    f->depth = h->frame_depth;
    h->frame_depth = f->depth + 1;
}

/* The normal way out: frames entered after [f] must have been left. */
static inline void vms_frame_leave(vms_heap *h, vms_frame *f) {
    if (VMS_UNLIKELY(h->frame_depth != f->depth + 1 || h->shadowstack_top < f->base)
            && !VMS_API->frame_unbalanced(h, f))
        return;
    h->shadowstack_top = f->base;
    h->frame_depth = f->depth;
}

/* An error path's way out: also leaves the frames entered after [f]. */
static inline void vms_frame_unwind(vms_heap *h, vms_frame *f) {
    if (VMS_UNLIKELY(h->frame_depth <= f->depth || h->shadowstack_top < f->base)
            && !VMS_API->frame_unbalanced(h, f))
        return;
    h->shadowstack_top = f->base;
    h->frame_depth = f->depth;
}

/* ------------------------------------------------------------- payload accessors */

static inline char *vms_payload(vms_ref obj) { return (char *)obj + VMS_HEADER_SIZE; }
static inline uint16_t vms_tid(vms_ref obj) { return ((vms_header *)obj)->tid; }
static inline uint32_t vms_len(vms_ref obj) { return ((vms_header *)obj)->aux; }   /* items */
static inline int vms_has_type(vms_ref v, uint16_t tid) {
    return vms_is_ref(v) && ((vms_header *)v)->tid == tid;
}

/* Reference slot i (payload word i) of [obj]. */
static inline vms_ref vms_get_ref(vms_heap *h, vms_ref obj, size_t i) {
    if (VMS_CHECKED)
        VMS_API->check_slot(h, obj, i, VMS_SLOT_REF);
    return ((vms_ref *)vms_payload(obj))[i];
}

/* Store into reference slot i, with the write barrier. */
static inline void vms_set_ref(vms_heap *h, vms_ref obj, size_t i, vms_ref value) {
    vms_ref *slot;
    if (VMS_CHECKED)
        VMS_API->check_slot(h, obj, i, VMS_SLOT_REF);
    slot = &((vms_ref *)vms_payload(obj))[i];
    vms_write_barrier_slot(h, (vms_header *)obj, slot, value);
    *slot = value;
}

/* A payload word that is not a reference (the collector never looks at it). */
static inline uintptr_t vms_get_word(vms_heap *h, vms_ref obj, size_t i) {
    if (VMS_CHECKED)
        VMS_API->check_slot(h, obj, i, VMS_SLOT_WORD);
    return ((uintptr_t *)vms_payload(obj))[i];
}

static inline void vms_set_word(vms_heap *h, vms_ref obj, size_t i, uintptr_t w) {
    if (VMS_CHECKED)
        VMS_API->check_slot(h, obj, i, VMS_SLOT_WORD);
    ((uintptr_t *)vms_payload(obj))[i] = w;
}

/* ------------------------------------------------------------- immediates */

static inline int vms_is_fixnum(vms_ref v) { return (int)(v & 1); }
static inline int64_t vms_fixnum_value(vms_ref v) { return (int64_t)v >> 1; }
#ifndef VMS_FIXNUM_MIN            /* as in _nursery.pxd, whose code a module may hold too */
#define VMS_FIXNUM_MIN (-((int64_t)1 << 62))
#define VMS_FIXNUM_MAX (((int64_t)1 << 62) - 1)
static inline int vms_fixnum_fits(int64_t n) { return n >= VMS_FIXNUM_MIN && n <= VMS_FIXNUM_MAX; }
/* Overflow-checked arithmetic: 0 when the result is not a fixnum. */
static inline int vms_fixnum_add(int64_t a, int64_t b, int64_t *r) {
    return !__builtin_add_overflow(a, b, r) && vms_fixnum_fits(*r);
}
static inline int vms_fixnum_sub(int64_t a, int64_t b, int64_t *r) {
    return !__builtin_sub_overflow(a, b, r) && vms_fixnum_fits(*r);
}
static inline int vms_fixnum_mul(int64_t a, int64_t b, int64_t *r) {
    return !__builtin_mul_overflow(a, b, r) && vms_fixnum_fits(*r);
}
#endif
static inline vms_ref vms_fixnum(int64_t n) {      /* 63-bit integers, low bit 1 */
    if (VMS_CHECKED && !vms_fixnum_fits(n))
        VMS_API->bad_immediate(n, 1);
    return ((vms_ref)n << 1) | 1;
}
/* Other immediates: a 61-bit payload under tag 2, 4 or 6 (symbols, constants, characters...). */
static inline vms_ref vms_immediate(uint64_t payload, unsigned tag) {
    if (VMS_CHECKED && (tag == 0 || tag > 7 || (tag & 1) || payload >> 61))
        VMS_API->bad_immediate((int64_t)payload, tag);
    return (vms_ref)(payload << 3) | tag;
}
static inline int vms_has_tag(vms_ref v, unsigned tag) { return (v & 7) == tag; }
static inline uint64_t vms_immediate_payload(vms_ref v) { return (uint64_t)v >> 3; }

/* ------------------------------------------------------------- the rest: out of line */

static inline int vms_collect_minor(vms_heap *h) { return VMS_API->collect_minor(h); }
static inline int64_t vms_collect_major(vms_heap *h) { return VMS_API->collect_major(h); }
static inline uintptr_t vms_id(vms_heap *h, vms_header *obj) { return VMS_API->id(h, obj); }
static inline void vms_visit_root(vms_heap *h, vms_ref *slot) { VMS_API->visit_root(h, slot); }
static inline void vms_copy_refs(vms_heap *h, vms_header *obj, vms_ref *dst, const vms_ref *src, size_t n) {
    VMS_API->copy_refs(h, obj, dst, src, n);
}
static inline int vms_roots_register(vms_heap *h, vms_root_table *t, vms_ref *slots, size_t n) {
    return VMS_API->roots_register(h, t, slots, n);
}
static inline int vms_roots_unregister(vms_heap *h, vms_root_table *t) { return VMS_API->roots_unregister(h, t); }
static inline vms_root_table *vms_roots_new(vms_heap *h, size_t n, vms_ref fill) {
    return VMS_API->roots_new(h, n, fill);
}
static inline void vms_roots_free(vms_heap *h, vms_root_table *t) { VMS_API->roots_free(h, t); }
static inline int vms_raise_error(vms_heap *h) { return VMS_API->raise_error(h); }

static inline PyObject *vms_nursery_new(PyObject *kwargs) { return VMS_API->nursery_new(kwargs); }
static inline vms_heap *vms_heap_of(PyObject *nursery) { return VMS_API->heap_of(nursery); }
static inline int vms_register_type(PyObject *nursery, const char *name, uint32_t fixed_size,
                                    const uint32_t *ref_offsets, size_t n_refs, uint32_t item_size,
                                    int items_are_refs) {
    return VMS_API->register_type(nursery, name, fixed_size, ref_offsets, n_refs, item_size, items_are_refs);
}
static inline PyObject *vms_codes_new(const char *lang) { return VMS_API->codes_new(lang); }
static inline uint64_t vms_code_add(PyObject *codes, const char *function, long first_line, const char *file) {
    return VMS_API->code_add(codes, function, first_line, file);
}
static inline PyObject *vms_run_new(PyObject *nursery, PyObject *path, PyObject *codes, PyObject *options) {
    return VMS_API->run_new(nursery, path, codes, options);
}
static inline int vms_run_use_walker(PyObject *run, vms_stack_walker walker, void *ctx, volatile int *ticks) {
    return VMS_API->run_use_walker(run, walker, ctx, ticks);
}
static inline int vms_run_enter(PyObject *run) { return VMS_API->run_enter(run); }
static inline int vms_run_exit(PyObject *run, int failed) { return VMS_API->run_exit(run, failed); }
static inline vms_glue *vms_run_glue(PyObject *run) { return VMS_API->run_glue(run); }
static inline int vms_time_samples(vms_glue *g) { return VMS_API->time_samples(g); }

#endif /* VMSAMPLE_H */
