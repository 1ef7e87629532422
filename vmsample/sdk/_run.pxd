# vmsample/sdk/_run.pxd -- the code registry and the run context, for VMs in
# Cython (the C API's vms_codes_* / vms_run_* wrap the same objects).
#
#     from vmsample.sdk._run cimport CodeRegistry, ProfileRun
#
#     codes = CodeRegistry("lisp")                   # the profile's language tag
#     fid = codes.add("fib", 3, "fib.scm")           # 2, 4, 6, ...: vmprof code ids
#     run = ProfileRun(nursery, "out.prof", codes, alloc_period=64 * 1024)
#     run.use_walker(walk_stack, &vm, &vm.ticks)      # the VM's nogil stack walker
#     with run:                                       # writer open, codes named, sampling on
#         vm.prof = run.glue                          # for prof_time_samples at safe points
#         ...                                         # an exception leaves through __exit__ too
#     # the last minor collection, sampling and timer off, hooks removed, file closed
#
# The contract is in _run.pyx's docstring; docs/embedding.md §10-11.

from libc.stdint cimport uint64_t

from vmsample._nursery cimport Nursery, gc_frame_t
from vmsample.profile._glue cimport ProfGlue, Profiler, prof_stack_walker_t
from vmsample.profile._writer cimport ProfileWriter

cdef class CodeRegistry:
    cdef readonly str lang          # the vmprof name's tag: "py" (stock tools) or the VM's own
    cdef list _codes                # index -> (function, first_line, file); id = 2 * (index + 1)
    cdef ProfileWriter _writer      # while a run profiles: a code added is named at once
    cpdef uint64_t add(self, function, long first_line=*, file=*) except 0
    cdef int _declare(self, ProfileWriter writer, Py_ssize_t index) except -1

cdef class ProfileRun:
    cdef readonly Nursery nursery
    cdef readonly CodeRegistry codes
    cdef readonly object path           # None: the run is not profiled
    cdef dict _options                  # ProfileWriter's keyword arguments, and seed/first_offset
    cdef readonly ProfileWriter writer  # while the run profiles
    cdef readonly Profiler profiler
    cdef prof_stack_walker_t _walker
    cdef void* _walker_ctx
    cdef volatile int* _ticks
    cdef object _py_walker
    cdef gc_frame_t _frame              # the shadow stack when the run began
    cdef readonly bint running
    # The glue prof_time_samples() takes at the VM's safe points; NULL when
    # the run is not profiled (then the VM's ticks stay 0).
    cdef ProfGlue* glue
    cdef int use_walker(self, prof_stack_walker_t walker, void* ctx,
                        volatile int* ticks=*) except -1
    cdef _finish(self, bint failed)
