"""The code registry and the run context: the bookkeeping every embedding
does the same way, done once (docs/embedding.md §10-11).

`CodeRegistry` assigns a VM's code objects their vmprof code ids (2, 4,
6, ...) and names them in a profile once: every code known when a run
starts, and a code added during a run at once.  `ProfileRun` is one run's
life cycle as a context manager, for Cython (``with run:``), Python and C
(vms_run_enter / vms_run_exit):

* entering marks the shadow stack (a gc_frame_t), opens the ProfileWriter,
  names the registry's codes and attaches the profiling glue (sampling and
  the timer start now, so the profile covers the run and not the loading);
* leaving -- normally or by an exception -- unwinds the shadow stack to the
  mark, detaches (sampling off, then the last minor collection, so every
  sample has its outcome; timer off; hooks removed) and closes the file.
  The writer flushes itself if a fatal signal kills the process
  (_fatal_flush.pyx).

Leaving normally with a gc_frame_t entered during the run still open is an
unbalanced frame (core/rules.pxi, rule 2); leaving by an exception unwinds
whatever frames the exception skipped.  A run without a path is not
profiled but keeps the same shape, so a VM has one code path.
"""

from libc.stdint cimport uint64_t

from vmsample._nursery cimport GCHeap, Nursery, gc_frame_enter, gc_frame_leave, gc_frame_unwind
from vmsample.profile._glue cimport attach
from vmsample.profile._glue import attach_python
from vmsample.profile._writer cimport ProfileWriter


cdef class CodeRegistry:
    """A VM's code objects, numbered for vmprof.

    ``CodeRegistry(lang="py")``: [lang] tags every name the profile gets,
    ``<lang>:<function>:<first_line>:<file>``; "py", the default, is what
    stock vmprof tools expect, and any other tag (the VM's own scheme) reads
    the same in vmsample's tools.  ``add(function, first_line=0, file="")``
    returns the code's id: 2, 4, 6, ... in order (vmprof ids are positive
    and even); ``codes[id]`` is ``(function, first_line, file)``; ``len``
    and iteration (ids) work as for a sequence of codes."""

    def __init__(self, lang="py"):
        lang = str(lang)
        if not lang or ":" in lang:
            raise ValueError(f"a code name's language tag must be non-empty and without ':', not {lang!r}")
        self.lang = lang
        self._codes = []

    cpdef uint64_t add(self, function, long first_line=0, file="") except 0:
        """Register a code object; returns its id (with the writer's name for
        it written before any sample that uses it)."""
        if first_line < 0:
            raise ValueError(f"first_line must be >= 0, not {first_line}")
        self._codes.append((str(function), first_line, str(file)))
        if self._writer is not None:
            self._declare(self._writer, len(self._codes) - 1)
        return 2 * len(self._codes)

    cdef int _declare(self, ProfileWriter writer, Py_ssize_t index) except -1:
        function, first_line, file = self._codes[index]
        writer.declare_code(2 * (index + 1), function, first_line, file, lang=self.lang)
        return 0

    def __getitem__(self, code_id):
        if code_id <= 0 or code_id % 2 or code_id // 2 > len(self._codes):
            raise KeyError(code_id)
        return self._codes[code_id // 2 - 1]

    def __len__(self):
        return len(self._codes)

    def __iter__(self):
        return iter(range(2, 2 * len(self._codes) + 1, 2))


cdef class ProfileRun:
    """One run of a VM on [nursery], profiled into [path] (None: not profiled).

    ``ProfileRun(nursery, path, codes, *, walker=None, seed=None,
    first_offset=None, **writer_options)``: [writer_options] are
    ProfileWriter's (alloc_period, sampling, time_period_ns, real_time,
    program, argv, ...).  The stack walker is the Python function [walker]
    (``walker() -> [(code_id, line), ...]``, leaf first: attach_python) or,
    from Cython, the nogil C function given to ``run.use_walker(walker, ctx,
    &ticks)`` before the run starts.  Use it as a context manager; a VM in
    Python calls ``take_time_samples()`` at its safe points."""

    def __init__(self, Nursery nursery not None, path, CodeRegistry codes not None, *,
                 walker=None, **options):
        if walker is not None and not callable(walker):
            raise TypeError(f"the stack walker must be callable, not {type(walker).__name__}")
        self.nursery = nursery
        self.path = path
        self.codes = codes
        self._py_walker = walker
        self._options = options

    cdef int use_walker(self, prof_stack_walker_t walker, void* ctx, volatile int* ticks=NULL) except -1:
        if self.running:
            raise RuntimeError("the run has started: give its stack walker before")
        if walker == NULL:
            raise ValueError("use_walker() needs a stack walker")
        self._walker, self._walker_ctx, self._ticks = walker, ctx, ticks
        return 0

    def __enter__(self):
        cdef GCHeap* h = self.nursery.heap
        if self.running:
            raise RuntimeError("this run has already started")
        if self.path is not None and self._walker == NULL and self._py_walker is None:
            raise ValueError("a profiled run needs a stack walker (walker=, or use_walker() from Cython)")
        gc_frame_enter(h, &self._frame)
        self.running = True
        if self.path is None:
            return self
        options = dict(self._options)
        seed = options.pop("seed", None)
        first_offset = options.pop("first_offset", None)
        try:
            self.writer = ProfileWriter(self.path, **options)
            for i in range(len(self.codes)):
                self.codes._declare(self.writer, i)
            if self._py_walker is not None:
                self.profiler = attach_python(self.nursery, self.writer, self._py_walker,
                                              seed=seed, first_offset=first_offset)
            else:
                self.profiler = attach(self.nursery, self.writer, self._walker, self._walker_ctx,
                                       self._ticks, seed, first_offset)
            self.codes._writer = self.writer
            self.glue = &self.profiler.glue
        except BaseException:
            self._finish(True)
            raise
        return self

    def __exit__(self, exc_type, exc, tb):
        self._finish(exc_type is not None)

    cdef _finish(self, bint failed):
        # Unwind, detach, close -- each step even when one before it raised;
        # the first error is raised at the end (an exception the run is
        # leaving by becomes its __context__).
        cdef GCHeap* h = self.nursery.heap
        errors = []
        if not self.running:
            return
        self.running = False
        if failed:
            gc_frame_unwind(h, &self._frame)
        else:
            gc_frame_leave(h, &self._frame)
        self.glue = NULL
        if self.codes._writer is self.writer:
            self.codes._writer = None
        for step in (self._detach, self._close):
            try:
                step()
            except BaseException as e:
                errors.append(e)
        if errors:
            raise errors[0]

    def _detach(self):
        profiler, self.profiler = self.profiler, None
        if profiler is not None:
            profiler.detach()

    def _close(self):
        writer, self.writer = self.writer, None
        if writer is not None:
            writer.close()

    def take_time_samples(self):
        """At a safe point of a VM in Python: take the time samples due
        (one stack walk); returns how many."""
        if self.profiler is None:
            return 0
        return self.profiler.take_time_samples()
