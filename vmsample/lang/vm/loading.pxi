# vm/loading.pxi, included by _vm.pyx (one extension module, one C file).
#
# Loading and running: compiler.Code -> CodeObj, run_program (the module
# entry point), traceback formatting, and freeing the VM state afterwards.

# ---------------------------------------------------------------- loading and running

cdef int load_code(object spec, int globals) except -1:
    # Register compiler.Code [spec] (and its nested codes) as CodeObjs of the
    # module whose globals dict is root [globals].  While it runs, minor
    # collections keep tracing its constants (VMState.codes_old, vm/profiling.pxi).
    # The root of a tree read from the compile cache loads from its packed
    # form, its fields never unpacked (code_cache.PackedTree).
    VM_STATE.codes_loading += 1
    try:
        if type(spec) is _PackedCode and spec.index == 0:
            return load_packed_tree(spec.tree, globals)
        return load_one_code(spec, globals)
    finally:
        VM_STATE.codes_loading -= 1

cdef CodeObj* new_code(object spec, int ninstr, int nconsts, int nnames, int nexc, int globals) except NULL:
    # A CodeObj for [spec], registered as the next code index (so that
    # free_state frees it, filled or not), its arrays allocated (but its
    # inline caches, made when it first runs: vm/calls.pxi): its
    # instructions and lines for the caller to copy, constants and names
    # zeroed for the caller to fill, counting co.nconsts and co.nnames up as
    # it goes (a collection meanwhile traces what is there).
    cdef CodeObj* co = <CodeObj*>calloc(1, sizeof(CodeObj))
    cdef CodeObj** grown
    cdef int cap
    if co == NULL:
        raise MemoryError()
    index = VM_STATE.ncodes
    if index == VM_STATE.capcodes:
        # (doubled: one realloc per code copied the array at each of a start's ~4000 codes)
        cap = max(256, 2 * VM_STATE.capcodes)
        grown = <CodeObj**>realloc(VM_STATE.codes, cap * sizeof(CodeObj*))
        if grown == NULL:
            free(co)
            raise MemoryError()
        VM_STATE.codes = grown
        VM_STATE.capcodes = cap
    VM_STATE.codes[index] = co
    VM_STATE.ncodes += 1
    CODE_SPECS.append(spec)
    co.index = index
    co.vmprof_id = 2 * (index + 1)
    co.globals = globals
    co.ninstr = ninstr
    co.nexc = nexc
    co.code = <int32_t*>malloc(2 * ninstr * 4 + 8)
    co.lines = <int32_t*>malloc(ninstr * 4 + 4)
    co.exc = <int32_t*>malloc(16 * nexc + 4)
    co.consts = <gcref_t*>calloc(nconsts + 1, sizeof(gcref_t))
    co.names = <gcref_t*>calloc(nnames + 1, sizeof(gcref_t))
    if co.code == NULL or co.lines == NULL or co.exc == NULL or co.consts == NULL or co.names == NULL:
        raise MemoryError()
    return co

cdef int load_one_code(object spec, int globals) except -1:
    cdef int i
    cdef CodeObj* co = new_code(spec, len(spec.code) // 2, len(spec.consts), len(spec.names),
                                len(spec.exctable), globals)
    index = co.index
    copy_words(co.code, spec.code, 2 * co.ninstr)
    copy_words(co.lines, spec.lines, co.ninstr)
    for i, row in enumerate(spec.exctable):
        co.exc[4 * i], co.exc[4 * i + 1], co.exc[4 * i + 2], co.exc[4 * i + 3] = row
    co.argcount = spec.argcount
    co.kwonly = spec.kwonlyargcount
    co.posonly = spec.posonlyargcount
    co.flags = spec.flags
    co.nlocals = spec.nlocals
    co.nfree = spec.nfree
    co.maxstack = spec.maxstack
    co.ndefaults = spec.defaults_count
    co.firstlineno = spec.firstlineno
    for i, name in enumerate(spec.names):
        co.names[i] = intern(name)
        co.nnames = i + 1
    for i, c in enumerate(spec.consts):
        if isinstance(c, _PyCode):
            sub = VM_STATE.ncodes
            load_code(c, globals)
            co.consts[i] = tag(sub)
        elif type(c) is str:
            co.consts[i] = intern(c)
        else:
            co.consts[i] = from_host(c)
        co.nconsts = i + 1
    return 0

# The header of a packed code's record (code_cache.HEADER, which says the
# layout): the position of each int the loader reads.
from vmsample.lang import code_cache as _code_cache
from vmsample.lang.code_cache import PackedCode as _PackedCode
_PACKED_HEADER = _code_cache.HEADER
cdef int REF_STR = _code_cache.REF_STR, REF_CODE = _code_cache.REF_CODE, REF_OTHER = _code_cache.REF_OTHER
cdef int PH_LEN = len(_PACKED_HEADER)
cdef int PH_NAME = _PACKED_HEADER.index("name")
cdef int PH_QUALNAME = _PACKED_HEADER.index("qualname")
cdef int PH_FILENAME = _PACKED_HEADER.index("filename")
cdef int PH_DOC = _PACKED_HEADER.index("doc")
cdef int PH_FIRSTLINENO = _PACKED_HEADER.index("firstlineno")
cdef int PH_ARGCOUNT = _PACKED_HEADER.index("argcount")
cdef int PH_KWONLY = _PACKED_HEADER.index("kwonlyargcount")
cdef int PH_POSONLY = _PACKED_HEADER.index("posonlyargcount")
cdef int PH_FLAGS = _PACKED_HEADER.index("flags")
cdef int PH_NFREE = _PACKED_HEADER.index("nfree")
cdef int PH_MAXSTACK = _PACKED_HEADER.index("maxstack")
cdef int PH_NDEFAULTS = _PACKED_HEADER.index("defaults_count")
cdef int PH_NVARNAMES = _PACKED_HEADER.index("varnames")
cdef int PH_NCELLVARS = _PACKED_HEADER.index("cellvars")
cdef int PH_NNAMES = _PACKED_HEADER.index("names")
cdef int PH_NCONSTS = _PACKED_HEADER.index("consts")
cdef int PH_NINSTR = _PACKED_HEADER.index("code")
cdef int PH_NEXC = _PACKED_HEADER.index("exctable")

cdef int load_packed_tree(object tree, int globals) except -1:
    # Register the codes of code_cache.PackedTree [tree] as load_one_code
    # does a compiler.Code's, copying from its blob in C: no Python object
    # is made for a code but its PackedCode, and each str the codes intern
    # is looked up once.  Every index read is checked against the blob's
    # bounds (an entry passed its CRC, but a reader never trusts a file).
    cdef bytes blob = tree.blob
    cdef tuple strs = tree.strs, consts = tree.consts
    cdef list specs = tree.codes
    cdef const int32_t* w = <const int32_t*>PyBytes_AS_STRING(blob)
    cdef Py_ssize_t nw = PyBytes_GET_SIZE(blob) // 4
    cdef const int32_t* h
    cdef const int32_t* p
    cdef int* interned = NULL
    cdef int ncodes, ninterned, base = VM_STATE.ncodes, k, i, ref, kind, ni, nk, nn, ne, nv, nc
    cdef int64_t at
    cdef CodeObj* co
    cdef gcref_t v
    if nw < 2 or w[0] != len(specs) or not 0 <= w[1] <= len(strs) or nw < 2 + <Py_ssize_t>w[0]:
        raise tree.damaged()
    ncodes = w[0]
    ninterned = w[1]
    interned = <int*>malloc((ninterned + 1) * sizeof(int))
    if interned == NULL:
        raise MemoryError()
    try:
        for i in range(ninterned):
            interned[i] = intern_index(strs[i])
        for k in range(ncodes):
            at = w[2 + k]
            if at < 0 or at + PH_LEN > nw:
                raise tree.damaged()
            h = w + at
            nv, nc, nn, nk, ni, ne = h[PH_NVARNAMES], h[PH_NCELLVARS], h[PH_NNAMES], h[PH_NCONSTS], \
                h[PH_NINSTR], h[PH_NEXC]
            if nv < 0 or nc < 0 or nn < 0 or nk < 0 or ni < 0 or ne < 0 \
                    or at + PH_LEN + nv + nc + nn + nk + 3 * <int64_t>ni + 4 * <int64_t>ne > nw:
                raise tree.damaged()
            for i in (PH_NAME, PH_QUALNAME, PH_FILENAME, PH_DOC):
                if not packed_ref_ok(h[i], k, ncodes, len(strs), len(consts)):
                    raise tree.damaged()
            p = h + PH_LEN
            for i in range(nv):
                if not 0 <= p[i] < len(strs):
                    raise tree.damaged()
            if VM_STATE.ncodes != base + k:
                raise SystemError("a code was loaded while a packed tree loaded")
            spec = specs[k]
            if spec is None:
                spec = tree.code(k)
            co = new_code(spec, ni, nk, nn, ne, globals)
            co.argcount = h[PH_ARGCOUNT]
            co.kwonly = h[PH_KWONLY]
            co.posonly = h[PH_POSONLY]
            co.flags = h[PH_FLAGS]
            co.nlocals = nv
            co.nfree = h[PH_NFREE]
            co.maxstack = h[PH_MAXSTACK]
            co.ndefaults = h[PH_NDEFAULTS]
            co.firstlineno = h[PH_FIRSTLINENO]
            p = h + PH_LEN + nv + nc
            for i in range(nn):
                if not 0 <= p[i] < ninterned:
                    raise tree.damaged()
                co.names[i] = VM_STATE.interned[interned[p[i]]]
                co.nnames = i + 1
            p += nn
            for i in range(nk):
                ref = p[i]
                if not packed_ref_ok(ref, k, ncodes, ninterned, len(consts)):
                    raise tree.damaged()
                kind = ref & 3
                ref >>= 2
                if kind == REF_STR:
                    v = VM_STATE.interned[interned[ref]]
                elif kind == REF_CODE:
                    v = tag(base + ref)         # (registered later in this loop: preorder)
                elif kind == REF_OTHER:
                    v = from_host(consts[ref])
                else:
                    v = V_NONE
                co.consts[i] = v
                co.nconsts = i + 1
            p += nk
            memcpy(co.code, p, 2 * ni * 4)
            memcpy(co.lines, p + 2 * ni, ni * 4)
            memcpy(co.exc, p + 3 * ni, ne * 16)
    finally:
        free(interned)
    return 0

cdef inline bint packed_ref_ok(int ref, int k, int ncodes, Py_ssize_t nstrs, Py_ssize_t nconsts) noexcept:
    # Whether constant reference [ref] of code [k] names something there: a
    # str of the first [nstrs], a code after [k] in preorder (a tree has no
    # cycle), one of [nconsts] other constants, or None.
    cdef int kind = ref & 3, index = ref >> 2
    if kind == REF_STR:
        return 0 <= index < nstrs
    if kind == REF_CODE:
        return k < index < ncodes
    if kind == REF_OTHER:
        return 0 <= index < nconsts
    return index == 0

cdef tuple packed_declaration(object tree, int k):
    # (name, firstlineno, filename) of the code [k] of code_cache.PackedTree
    # [tree], from its blob: what the profile names a code by, without
    # unpacking it (load_packed_tree checked the record's bounds).
    cdef const int32_t* w = <const int32_t*>PyBytes_AS_STRING(tree.blob)
    cdef const int32_t* h = w + w[2 + k]
    try:
        return tree.constant(h[PH_NAME], k), h[PH_FIRSTLINENO], tree.constant(h[PH_FILENAME], k)
    except IndexError:
        raise tree.damaged() from None

cdef int copy_words(int32_t* dst, object words, Py_ssize_t n) except -1:
    # [n] ints of a code's [words]: a list (the compiler's), or a buffer of
    # 32-bit ints (the compile cache's memoryviews) copied in one go.
    cdef Py_buffer view
    cdef Py_ssize_t i
    if not PyObject_CheckBuffer(words):
        for i in range(n):
            dst[i] = words[i]
        return 0
    PyObject_GetBuffer(words, &view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS)
    try:
        if view.itemsize != 4 or view.len < n * 4 or view.format == NULL or view.format[0] != b'i':
            raise TypeError(f"code words: a buffer of 32-bit ints expected, not {view.format!r}")
        memcpy(dst, view.buf, n * 4)
    finally:
        PyBuffer_Release(&view)
    return 0

cdef int run_code(int index) except -1:
    # Run code [index] (a module's top level) in a new entry frame.
    cdef CodeObj* co = VM_STATE.codes[index]
    push(V_NONE)
    cdef gcref_t* slot = top_slot()
    cdef Frame* f = push_frame(co, slot + 1, slot, F_ENTRY)
    HEAP.shadowstack_top = f.sp
    eval_loop()
    return 0

cdef list traceback_lines(gcref_t exc):
    cdef gcref_t tb = exc_traceback(exc)
    lines = []
    last, repeats = None, 0
    for e in traceback_entries(tb):
        # As CPython: a line repeated more than 3 times is summarised.
        if e == last:
            repeats += 1
            if repeats >= 3:
                continue
        else:
            if repeats >= 3:
                lines.append(f"  [Previous line repeated {repeats - 2} more "
                             f"time{'s' if repeats - 2 > 1 else ''}]\n")
            last, repeats = e, 0
        spec = CODE_SPECS[e[0]]
        line = e[1]
        lines.append(f'  File "{spec.filename}", line {line}, in {spec.name}\n')
        src = source_lines(spec.filename)
        if src and 0 < line <= len(src) and src[line - 1].strip():
            lines.append(f"    {src[line - 1].strip()}\n")
    if repeats >= 3:
        lines.append(f"  [Previous line repeated {repeats - 2} more "
                     f"time{'s' if repeats - 2 > 1 else ''}]\n")
    return lines

SOURCE_LINES = {}          # file name -> its lines: the program's, and files read for tracebacks

cdef list source_lines(str filename):
    # The lines of a source file, read when a traceback first needs them.
    lines = SOURCE_LINES.get(filename)
    if lines is None:
        from vmsample.lang.source import read_source
        try:
            lines = read_source(filename).splitlines()
        except (OSError, SyntaxError, ValueError):
            lines = []
        SOURCE_LINES[filename] = lines
    return lines

cdef str format_exception(gcref_t* slot):
    cdef gcref_t exc = slot[0], ctx
    out = []
    push(exc)
    cause = exc_slot(exc, EXC_CAUSE)
    ctx = exc_slot(exc, EXC_CONTEXT)
    if has_tid(cause, T_INSTANCE):
        push(cause)
        out.append(format_exception(top_slot()))
        out.append("\nThe above exception was the direct cause of the following exception:\n\n")
        pop()
    elif has_tid(ctx, T_INSTANCE) and exc_slot(exc, EXC_SUPPRESS) != V_TRUE:
        push(ctx)
        out.append(format_exception(top_slot()))
        out.append("\nDuring handling of the above exception, another exception occurred:\n\n")
        pop()
    out.append("Traceback (most recent call last):\n")
    out.extend(traceback_lines(top_slot()[0]))
    msg = str_py(top_slot())
    name = qualified_type_name(top_slot()[0])
    meant = offered_suggestion(top_slot())
    if meant is not None:
        msg += f". Did you mean: '{meant}'?"
    out.append(f"{name}: {msg}\n" if msg else f"{name}\n")
    pop()
    return "".join(out)

cdef bint report_in_python(gcref_t* eslot) except -1:
    # An uncaught exception whose chain holds an exception group or notes
    # (add_note) is reported by sys.excepthook (vmsample/lang/app/sys.py:
    # the traceback module's format, groups in CPython's boxes); True if it
    # reported it.  The rest keeps the report above, which needs no module.
    cdef gcref_t e
    cdef gcref_t* base = HEAP.shadowstack_top
    if "excepthook" not in APP_ROOTS:
        return False
    cdef gcref_t notes = intern("__notes__")    # (the walk below allocates nothing: no object moves)
    pending, seen, found = [eslot[0]], set(), False
    while pending and not found:
        e = pending.pop()
        if not has_tid(e, T_INSTANCE) or e in seen:
            continue
        seen.add(e)
        found = isinstance_c(e, exc_class("BaseExceptionGroup")) or instance_attr(e, notes) != 0
        pending += [exc_slot(e, EXC_CAUSE), exc_slot(e, EXC_CONTEXT)]
    if not found:
        return False
    push(app_object("excepthook"))
    push(class_of(eslot[0]))
    push(eslot[0])
    push(exc_traceback(eslot[0]))
    try:
        vm_call(base, 3)
    except VMError:
        VM_STATE.roots[R_EXC] = 0       # (the hook failed: the report above instead)
        HEAP.shadowstack_top = base
        return False
    HEAP.shadowstack_top = base
    return True

cdef object offered_suggestion(gcref_t* eslot):
    # What sys.offer_suggestion (vmsample/lang/app/sys.py) suggests after an
    # uncaught NameError's or AttributeError's message, or None.
    cdef gcref_t r
    if "offer_suggestion" not in APP_ROOTS or not (
            isinstance_c(eslot[0], exc_class("NameError")) or isinstance_c(eslot[0], exc_class("AttributeError"))):
        return None
    try:
        r = call1(app_object("offer_suggestion"), eslot[0])
    except VMError:
        VM_STATE.roots[R_EXC] = 0       # (what interrupted it: no suggestion, the report goes on)
        return None
    return str_to_py(r) if has_tid(r, T_STR) else None


cdef void free_state() noexcept:
    # Release the previous run's C-level state (one VM runs at a time).
    cdef int i
    for i in range(VM_STATE.ncodes):
        free(VM_STATE.codes[i].code)
        free(VM_STATE.codes[i].lines)
        free(VM_STATE.codes[i].caches)
        free(VM_STATE.codes[i].exc)
        free(VM_STATE.codes[i].consts)
        free(VM_STATE.codes[i].names)
        free(VM_STATE.codes[i])
    free(VM_STATE.codes)
    free(VM_STATE.roots)
    free(VM_STATE.interned)
    free(VM_STATE.frames)
    memset(&VM_STATE, 0, sizeof(VMState))


# At the host's exit CPython's shutdown runs its cyclic collector over every
# object still alive -- after a VM run, the code trees and the tables of a
# few dozen modules: ~20 ms after importing six modules, for a process that
# is ending.  Frozen first (gc.freeze: out of the collector's sight), they
# are skipped.  Only at exit: a process that runs many programs keeps
# collecting their garbage.
import atexit as _atexit
import gc as _host_gc
_atexit.register(_host_gc.freeze)

# While a run lasts, the code trees its imports load are frozen too, as
# they are loaded: they live as long as the run (CODE_SPECS), and each of the
# collector's full collections traversed every tree loaded so far (25 of
# the 600 million instructions of a start importing six modules), where
# CPython's own code objects are not tracked at all.  The run's end thaws
# them (and whatever host garbage was frozen with them), so a process that
# runs many programs still collects their garbage.
cdef bint CODE_TREES_FROZEN = False

cdef int freeze_code_trees() except -1:
    global CODE_TREES_FROZEN
    _host_gc.freeze()
    CODE_TREES_FROZEN = True
    return 0

cdef int thaw_code_trees() except -1:
    global CODE_TREES_FROZEN
    if CODE_TREES_FROZEN:
        _host_gc.unfreeze()
        CODE_TREES_FROZEN = False
    return 0


def run_program(source, filename, argv, Nursery nursery, code_filename=None,
                ProfileWriter writer=None, seed=None, module=None):
    """Compile and run a program; returns the exit status (0, 1 uncaught
    exception, or SystemExit's code).  Compile errors name [filename],
    tracebacks and profiles [code_filename] (default: the same).

    With [module] (``python -m MODULE``), the program [source] is empty and
    module __main__ runs MODULE as CPython's runpy does (run_module_as_main).

    With [writer], the run is profiled into it as the writer is configured
    (vmsample.profile._glue.attach): allocation samples every
    writer.alloc_period bytes in writer.sampling mode ([seed] for "random"),
    time samples every writer.time_period_ns of CPU time (wall-clock time if
    writer.real_time), and every collection.  Sampling starts when the
    program does (the VM's own start-up is not sampled); the caller closes
    the writer."""
    global HEAP, class_serial
    global WRITER
    from vmsample.lang.code_cache import compiled_text
    from vmsample.lang.modules import search_path
    SEARCH_PATH[:] = search_path(filename)
    spec = compiled_text(source, filename, search_path=SEARCH_PATH)
    if code_filename is not None:
        filename = code_filename
        todo = [spec]
        while todo:
            c = todo.pop()
            todo.extend(k for k in c.consts if isinstance(k, _PyCode))   # (unpacks a PackedCode first)
            c.filename = code_filename
    free_state()
    INTERNED.clear()
    KEYWORD_NAMES.clear()
    CODE_SPECS.clear()
    CODE_COPIES.clear()
    EXC_CLASSES.clear()
    SITE_MADE.clear()
    class_serial = 0
    reset_special_cache()      # (keyed by serials)
    global VM_GENERATION
    VM_GENERATION += 1
    FREE_ROOTS.clear()
    # root indices of the previous run's objects
    for table in (HOST_CLASS_ROOTS, HOST_MODULE_ROOTS, STRUCTSEQ_ROOTS, APP_ROOTS, CODE_OBJ_ROOTS,
                  EXC_BY_HOST_TYPE, HOST_OBJECTS, HOST_LONG_STR, HOST_BUFFERS):
        table.clear()
    forget_load_app_roots()
    SOURCE_LINES[filename] = source.splitlines()
    ARGV[:] = argv
    global NURSERY, PROFILER
    HEAP = nursery.heap
    NURSERY = nursery
    VM_STATE.h = HEAP
    VM_STATE.frames = <Frame*>calloc(MAX_FRAMES + 1, sizeof(Frame))
    if VM_STATE.frames == NULL:
        raise MemoryError()
    VM_STATE.depth = -1
    VM_STATE.c_depth = 0
    VM_STATE.recursion_limit = DEFAULT_RECURSION_LIMIT
    VM_STATE.stack_low = c_stack_low()
    VM_STATE.countdown = SIGNAL_CHECK_INTERVAL
    for i in range(N_FIXED_ROOTS):
        add_root(0)
    HEAP.trace_roots, HEAP.trace_roots_ctx = _trace_roots, &VM_STATE
    HEAP.on_finalization, HEAP.on_finalization_ctx = finalization_due, NULL
    threads_start()
    try:
        signals_start()
        _register_types(nursery)
        try:
            setup_builtins()
            load_app_modules()
            finish_sys_module()
        except VMError:
            startup_failed()
        if not filename.startswith("<"):
            # As CPython 3.9+: the script's __file__ is its absolute path (-c has none).
            dict_set_py(&VM_STATE.roots[R_GLOBALS], "__file__", intern(os.path.abspath(filename)))
        # The program is module __main__, with a module's attributes.
        for key in ("__doc__", "__package__", "__loader__", "__spec__", "__cached__"):
            dict_set_py(&VM_STATE.roots[R_GLOBALS], key, V_NONE)
        dict_set_py(&VM_STATE.roots[R_GLOBALS], "__builtins__",
                    dict_get_str(VM_STATE.roots[MODULES_ROOT], intern("builtins")))
        push(VM_STATE.roots[R_GLOBALS])
        push(module_object("__main__"))
        dict_set_py(&VM_STATE.roots[MODULES_ROOT], "__main__", top_slot()[0])
        pop()
        main_code = VM_STATE.ncodes
        load_code(spec, R_GLOBALS)
        # Make start-up objects old: names and constants never move afterwards.
        if gc_collect_minor(HEAP) != 0:
            raise_gc_error()
        if writer is not None:
            for i in range(VM_STATE.ncodes):
                c = CODE_SPECS[i]
                writer.declare_code(VM_STATE.codes[i].vmprof_id, c.name, c.firstlineno, c.filename)
            PROFILER = attach(nursery, writer, walk_stack, &VM_STATE, &VM_STATE.tick, seed=seed)
            WRITER = writer
            VM_STATE.prof = &PROFILER.glue
        status = _run_main_reporting(main_code, module)
        finalize_at_exit()
        return status
    finally:
        threads_end()
        signals_end()
        # The run's state goes: what CPython still holds of it (a VMCallable
        # registered with os.register_at_fork, a key function kept by a
        # host object) must raise "outlived its VM run", not call a dead VM.
        global VM_GENERATION
        VM_GENERATION += 1
        VM_STATE.prof = NULL
        if PROFILER is not None:
            PROFILER.detach()
            PROFILER = None
        sys.stdout.flush()
        HEAP.shadowstack_top = HEAP.shadowstack_base
        HEAP.trace_roots, HEAP.trace_roots_ctx = NULL, NULL
        HEAP.on_finalization, HEAP.on_finalization_ctx = NULL, NULL
        NURSERY = None
        WRITER = None
        thaw_code_trees()



cdef int run_module_as_main(str name) except -1:
    # python -m NAME: as CPython's Modules/main.c, a call of the standard
    # library's runpy._run_module_as_main(NAME, True) with no frame of ours
    # under it: it finds the module on sys.path (the current directory
    # first), sets sys.argv[0] to its file and runs it (a package's
    # __main__) in module __main__'s globals; "No module named NAME" is its
    # sys.exit.
    cdef gcref_t* base = HEAP.shadowstack_top
    push(import_module(intern("runpy")))
    push(getattr_v(base, intern("_run_module_as_main")))
    push(intern(name))
    push(V_TRUE)
    call_nested(base + 1, 2, 0)
    HEAP.shadowstack_top = base
    return 0

cdef object _run_main_reporting(int main_code, str module):
    status = 0
    try:
        run_code(main_code)
        if module is not None:
            run_module_as_main(module)
    except VMError:
        exc = VM_STATE.roots[R_EXC]
        sys.stdout.flush()
        if has_tid(exc, T_INSTANCE) and class_name(FLD(exc)[I_CLASS]) == "SystemExit":
            push(exc_args(exc))
            code = to_py_simple(top_slot())
            pop()
            code = code[0] if code else None
            if code is None:
                return 0
            if isinstance(code, int):
                return code
            sys.stderr.write(str(code) + "\n")
            return 1
        push(exc)
        if report_in_python(top_slot()):
            pop()
            return 1
        text = format_exception(top_slot())     # allocates: [exc] may have moved
        interrupted = type_name(top_slot()[0]) == "KeyboardInterrupt"
        pop()
        sys.stderr.write(text)
        # As CPython: an interrupted program reports the signal (128 + SIGINT).
        return 130 if interrupted else 1
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    return status

