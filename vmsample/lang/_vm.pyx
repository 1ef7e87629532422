# The vmsample VM: object model, eval loop, builtins (the manifest: the design
# below, then the concept files in vm/ included in dependency order).
#
# ---------------------------------------------------------------- design
# The decisions, and the invariants that keep them safe.
#
# 1. Values.  A value is a [gcref_t]: the address of a GC object, or a tagged
#    immediate (low 3 bits not all zero, so the nursery core never follows it):
#       ...xx1   small int, 63 bits: (v << 1) | 1
#       ..010    None, False, True, NotImplemented, Ellipsis, DUMMY (hash-table
#                tombstone)
#       ..100    a builtin *descriptor* (owner << 23) | (bid << 3) | 4: a method,
#                slot wrapper, class/static method or getset of a builtin type,
#                as found in its class dict; it binds when looked up through an
#                instance (vm/attributes.pxi)
#       ..110    a builtin *function* (bid << 3) | 6: len, print, math.sqrt ...
#    0 is "no value" (an unbound local, an empty slot).  Every other value --
#    floats, big ints, strings, containers, instances, classes, functions,
#    cells, iterators, generators, exceptions -- is a GC object of a type
#    registered with the nursery (TYPES below), so profiles name them.
#
# 2. Roots.  The nursery's shadow stack *is* the VM's value stack.  A frame is
#    a window [base, base + nlocals + maxstack) of it; base[-1] holds the
#    called object.  Everything else the VM holds (code constants, interned
#    names, builtin classes, the current exception) sits in root arrays that
#    [trace_roots] hands to the core at each collection.
#    INVARIANT: whenever the GC can run (any allocation, any call out of the
#    loop), every reference the VM will use again is in a root array or in a
#    shadow-stack slot below HEAP.shadowstack_top, and every slot below it
#    holds a value or 0, never a stale address: the GC scans exactly those
#    slots and updates them in place.  Three rules keep it:
#    * the loop keeps sp in a C local and stores HEAP.shadowstack_top = sp
#      at the top of every instruction; an instruction that pushes and then
#      calls something that allocates raises HEAP.shadowstack_top past its
#      own pushes first;
#    * THE FRAME-SP RULE: the loop stores the frame's sp (f.sp = sp) before
#      anything that can allocate or raise -- a helper call, a time sample,
#      a signal check, a raise -- but not at every instruction, since most
#      fast-path instructions do neither.  Its readers: [eval_loop], which
#      sets HEAP.shadowstack_top = f.sp when an exception leaves
#      [run_frames], then converts it (allocating) and unwinds; [slow_op],
#      which takes its sp from f.sp; every callee, whose frame and pushes go
#      above it.  A stale f.sp above the true one would make the collector
#      scan slots popped since, which may hold addresses of objects it has
#      moved or freed: a crash, not an error;
#    * a helper that holds a reference across an allocation keeps it in a
#      pushed slot, never only in a C local (a C local is not updated when
#      the object moves).
#
# 3. Errors.  Helpers return 0 / -1 and raise a Python exception; a VM-level
#    exception travels as [VMError] with the VM exception object in the root
#    slot R_EXC.  Python exceptions from CPython helpers (int('x'), float
#    formatting, OverflowError...) are converted to the VM class of the same
#    name when they reach the loop, which reuses CPython's messages.  The loop
#    itself is [run_frames] (no try/except on the hot path); [eval_loop]
#    wraps it, finds handlers in the code's exception table and re-enters.
#
# 4. Calls.  VM-to-VM calls push a Frame struct and continue in the same C
#    loop (no C recursion).  Calls from helpers (a __repr__ called by print, a
#    key= function called by sorted) enter a nested eval_loop whose entry frame
#    is marked; returning from it returns to C.  A frame's result is stored in
#    its [ret] slot; the caller's sp becomes ret + 1.
#
# 5. Profiling.  Each code object has an even id (2, 4, ...) and the vmprof
#    name py:<func>:<firstlineno>:<file>.  [walk_stack] reads the Frame array
#    and each frame's current pc -> line: it never allocates, so the nursery's
#    sample hook may call it.  vmsample.profile._glue does the rest: it owns
#    the nursery's sample and collection hooks and the timer, which counts
#    its expiries into [VM_STATE.tick], tested at calls and backward jumps.
#
# 6. Threads.  A VM thread is a host OS thread that runs VM code only while
#    it holds the VM lock, as CPython's threads hold the GIL: one runs at a
#    time, and the lock changes hands only at a safe point (safe_point,
#    when a waiting thread has asked for it: vm/threads.pxi) or where a
#    thread waits (a _thread lock's acquire, time.sleep), so never between
#    the two stores of the frame-sp rule.  Such waits, and the VM lock's
#    own, are made without the host's GIL, which a thread takes only while
#    it holds the VM lock (vm/threads.pxi, "waiting").  Each thread has its
#    own frame array, shadow stack, exception state (R_EXC, R_HANDLED) and
#    C-stack bound; the lock's holder has them in VM_STATE and HEAP, every
#    other thread in its VMThread.  So the roots invariant (2.) holds for
#    each thread at once: a thread that gives the lock up is at a point
#    where the GC may run, its stack top and exception slots are saved as
#    they are, and [trace_roots] reports every other thread's shadow stack
#    below its saved top, exception slots and frame objects.  The nursery,
#    the roots and the profile writer are only touched by the holder.

from cpython.ref cimport PyObject
from cpython.buffer cimport PyObject_CheckBuffer, PyObject_GetBuffer, PyBuffer_Release, PyBUF_FORMAT, PyBUF_C_CONTIGUOUS
from libc.stdint cimport int64_t, uint64_t, uint32_t, int32_t, uint16_t, uint8_t, uintptr_t
from libc.stdlib cimport malloc, calloc, realloc, free
from libc.string cimport memcpy, memmove, memset, memcmp
from libc.math cimport fmod, floor, isnan, isinf, pow as c_pow, sqrt as c_sqrt
cimport cython

from vmsample._nursery cimport *
from vmsample._nursery cimport Nursery
from vmsample.profile._writer cimport ProfileWriter, ProfFrame
from vmsample.profile._glue cimport ProfGlue, Profiler, attach, prof_time_samples
from vmsample.profile._fatal_flush cimport fatal_flush_retake

import os
import sys
import math as _pymath
from vmsample.lang.code_object import Code as _PyCode

cdef extern from *:
    """
    static inline int vms_add_overflow(int64_t a, int64_t b, int64_t* r) { return __builtin_add_overflow(a, b, r); }
    static inline int vms_sub_overflow(int64_t a, int64_t b, int64_t* r) { return __builtin_sub_overflow(a, b, r); }
    static inline int vms_mul_overflow(int64_t a, int64_t b, int64_t* r) { return __builtin_mul_overflow(a, b, r); }
    """
    bint vms_add_overflow(int64_t a, int64_t b, int64_t* r) noexcept nogil
    bint vms_sub_overflow(int64_t a, int64_t b, int64_t* r) noexcept nogil
    bint vms_mul_overflow(int64_t a, int64_t b, int64_t* r) noexcept nogil
    object PyUnicode_FromKindAndData(int kind, const void* buf, Py_ssize_t size)
    int PyUnicode_KIND(object)
    void* PyUnicode_DATA(object)
    Py_ssize_t PyUnicode_GET_LENGTH(object)
    uint32_t PyUnicode_READ(int kind, void* data, Py_ssize_t i)
    Py_hash_t _Py_HashBytes(const void* src, Py_ssize_t length) noexcept nogil
    void Py_FatalError(const char* message) noexcept nogil


# ---------------------------------------------------------------- the concepts
# The VM is one extension module, and so one C file, so that the C compiler
# inlines the small helpers (push, alloc_fixed, tag...) into the eval loop.
# Each concept lives in its own vm/*.pxi, textually included here; each file
# opens with what it owns.  The order is the dependency order: types and
# layouts, the running VM's state, the object model, then calls and the eval
# loop, then what the loop calls out of line, then start-up and the module's
# entry points.

include "vm/opcodes.pxi"         # generated by setup.py from opcodes.py
include "vm/builtin_ids.pxi"     # generated by setup.py from builtin_ids.py
include "vm/values.pxi"
include "vm/heap_types.pxi"
include "vm/frames.pxi"
include "vm/profiling.pxi"
include "vm/vm_state.pxi"
include "vm/recursion.pxi"
include "vm/threads.pxi"
include "vm/str.pxi"
include "vm/numbers.pxi"
include "vm/bigints.pxi"
include "vm/sequences.pxi"
include "vm/dict.pxi"
include "vm/set.pxi"
include "vm/special_names.pxi"
include "vm/special_lookup.pxi"
include "vm/classes.pxi"
include "vm/exceptions.pxi"
include "vm/calls.pxi"
include "vm/weakrefs.pxi"
include "vm/signals.pxi"
include "vm/eval_loop.pxi"
include "vm/equality.pxi"
include "vm/operators.pxi"
include "vm/attributes.pxi"
include "vm/inline_caches.pxi"
include "vm/subscripts.pxi"
include "vm/bytes.pxi"
include "vm/host.pxi"
include "vm/host_modules.pxi"
include "vm/iteration.pxi"
include "vm/generators.pxi"
include "vm/coroutines.pxi"
include "vm/async_generators.pxi"
include "vm/building.pxi"
include "vm/definitions.pxi"
include "vm/types.pxi"
include "vm/introspection.pxi"
include "vm/dynamic.pxi"
include "vm/import_lock.pxi"
include "vm/modules.pxi"
include "vm/formatting.pxi"
include "vm/slots.pxi"
include "vm/builtins.pxi"
include "vm/json.pxi"
include "vm/startup.pxi"
include "vm/site_builtins.pxi"
include "vm/loading.pxi"
