# vm/introspection.pxi, included by _vm.pyx (one extension module, one C file).
#
# The running program seen as objects: code objects (f.__code__), frame
# objects (sys._getframe(), tb.tb_frame) and traceback objects
# (exc.__traceback__, sys.exc_info()).
#
# ---------------------------------------------------------------- frame objects
# A frame object stands for one VM frame.  While the frame runs it reads the
# frame itself (its line, its locals); the Frame keeps its frame object in
# [frameobj] (a root: _trace_roots visits it), so that asking twice gives the
# same object.  INVARIANT: a frame object whose FO_DEPTH is d >= 0 is
# VM_STATE.frames[d].frameobj; when that frame is popped (returns, unwinds or
# yields: every site that lowers VM_STATE.depth calls frame_popped) the
# frame object keeps the line it was at and its depth becomes -1, so it can
# never read a frame that another call has since pushed in the same place.
# A dead frame's locals are not kept (f_locals is then empty).
#
# The frames of a C module's replacement and of the VM's own app-level
# code (code flagged CO_HIDDEN: the modules of vmsample/lang/lib, as
# vmsample.lang.modules.has_hidden_frames says, vm/modules.pxi; those of
# vmsample/lang/app, vm/startup.pxi) are nobody's f_back,
# sys._getframe() steps over them and no traceback has an entry for them:
# CPython's C code has no frames, and programs look at their callers'
# frames (typing lets only abc and functools check protocols).
# Profiles show them: the stack walker reads VM_STATE.frames.

cdef enum:   # frame object: [back, globals, code raw, lineno raw, depth raw]
    FO_BACK = 0
    FO_GLOBALS = 1
    FO_CODE = 2
    FO_LINENO = 3
    FO_DEPTH = 4
# traceback: [next TRACEBACK | None, frame FRAME, lasti raw, lineno raw]
    TB_NEXT = 0
    TB_FRAME = 1
    TB_LASTI = 2
    TB_LINENO = 3

cdef gcref_t frame_object(int depth) except 0:
    # The frame object of VM_STATE.frames[depth], made on first use.
    cdef Frame* f = &VM_STATE.frames[depth]
    cdef gcref_t fo
    if f.frameobj != 0:
        return f.frameobj
    fo = alloc_fixed(T_FRAME)
    f = &VM_STATE.frames[depth]         # (the array does not move; the pointer is kept for clarity)
    FLD(fo)[FO_BACK] = 0
    FLD(fo)[FO_GLOBALS] = VM_STATE.roots[f.co.globals]
    RAW(fo)[FO_CODE] = f.co.index
    RAW(fo)[FO_LINENO] = frame_line(f)
    RAW(fo)[FO_DEPTH] = depth
    f.frameobj = fo
    return fo

cdef inline void frame_popped(Frame* f) noexcept nogil:
    # Frame [f] is leaving the frame array: its frame object keeps its line.
    cdef gcref_t fo = f.frameobj
    if fo != 0:
        RAW(fo)[FO_LINENO] = frame_line(f)
        RAW(fo)[FO_DEPTH] = -1
        f.frameobj = 0

cdef inline int visible_frame(int64_t depth) noexcept nogil:
    # The depth of the frame at [depth] or below it that is not hidden, or -1.
    while depth >= 0 and VM_STATE.frames[depth].co.flags & CO_HIDDEN:
        depth -= 1
    return <int>depth

cdef gcref_t frame_back(gcref_t* foslot) except 0:
    # f.f_back: the caller's frame object, or None.
    cdef int64_t d = RAW(foslot[0])[FO_DEPTH]
    if d > 0 and visible_frame(d - 1) >= 0:
        return frame_object(visible_frame(d - 1))
    if FLD(foslot[0])[FO_BACK] != 0:
        return FLD(foslot[0])[FO_BACK]
    return V_NONE

cdef gcref_t frame_locals(gcref_t* foslot) except 0:
    # f.f_locals: a module's globals, a class body's namespace, or a new
    # dict of a function's bound locals (cells read through).
    cdef int64_t d = RAW(foslot[0])[FO_DEPTH]
    cdef Frame* f
    cdef CodeObj* co
    cdef gcref_t v
    cdef int i
    if d < 0:
        return dict_new()
    f = &VM_STATE.frames[d]
    co = f.co
    if co.flags & CO_MODULE:
        return VM_STATE.roots[co.globals]
    if co.flags & CO_CLASSBODY:
        return f.base[co.nlocals]
    push(dict_new())
    names = CODE_SPECS[co.index].varnames
    cells = set(CODE_SPECS[co.index].cellvars)
    for i in range(co.nlocals):
        f = &VM_STATE.frames[d]
        v = f.base[i]
        if v != 0 and (i in cells or i >= co.nlocals - co.nfree) and has_tid(v, T_CELL):
            v = FLD(v)[0]
        if v != 0:
            push(v)
            dict_set_py(top_slot() - 1, names[i], v)
            pop()
    return pop()

cdef gcref_t current_frame(Py_ssize_t up) except 0:
    # sys._getframe(up): the frame object [up] calls out from the running one.
    cdef int d = visible_frame(VM_STATE.depth)
    if up < 0:
        d = -1
    while up > 0 and d >= 0:
        d = visible_frame(d - 1)
        up -= 1
    if d < 0:
        raise ValueError("call stack is not deep enough")
    return frame_object(d)

cdef gcref_t current_frames() except 0:
    # sys._current_frames(): {thread ident: its topmost frame} of the run's
    # threads that have one.  The running thread's is its frame object, as
    # sys._getframe() gives it.  Another thread's frames are in its own frame
    # array, which a frame object (FO_DEPTH indexes VM_STATE.frames, the
    # running thread's) cannot read: each of them is a snapshot, as a frame
    # object of a frame that has returned (code, globals, the line it waits
    # at, its f_back the snapshot of its visible caller, no locals).
    cdef gcref_t* top = HEAP.shadowstack_top
    cdef VMThread* t = THREADS
    cdef Frame* f
    cdef gcref_t fo
    cdef int d, i
    push(dict_new())
    while t != NULL:
        push(from_host(t.ident))
        push(0)                                 # the frame: made below
        if t == RUNNING:
            d = visible_frame(VM_STATE.depth)
            if d >= 0:
                top_slot()[0] = frame_object(d)
        else:
            for i in range(t.depth + 1):
                f = &t.frames[i]
                if f.co.flags & CO_HIDDEN:
                    continue
                fo = alloc_fixed(T_FRAME)
                f = &t.frames[i]
                FLD(fo)[FO_BACK] = top_slot()[0]
                FLD(fo)[FO_GLOBALS] = VM_STATE.roots[f.co.globals]
                RAW(fo)[FO_CODE] = f.co.index
                RAW(fo)[FO_LINENO] = frame_line(f)
                RAW(fo)[FO_DEPTH] = -1
                top_slot()[0] = fo
        if top_slot()[0] != 0:
            dict_set(top, top_slot() - 1, top_slot())
        HEAP.shadowstack_top = top + 1
        t = t.next
    return pop()

# ---------------------------------------------------------------- tracebacks

cdef int add_traceback(Frame* f) except -1:
    # The exception being raised passes through frame [f]: a traceback entry
    # for it goes in front of the exception's __traceback__ (the outermost
    # frame first, tb_next toward where it was raised, as CPython's
    # PyTraceBack_Here).
    cdef gcref_t exc = VM_STATE.roots[R_EXC]
    cdef gcref_t tb
    cdef int depth = <int>(f - VM_STATE.frames)
    if not has_tid(exc, T_INSTANCE) or f.co.flags & CO_HIDDEN:
        return 0
    push(exc)
    push(frame_object(depth))
    tb = alloc_fixed(T_TRACEBACK)
    f = &VM_STATE.frames[depth]
    FLD(tb)[TB_FRAME] = pop()
    FLD(tb)[TB_NEXT] = exc_traceback(top_slot()[0])
    RAW(tb)[TB_LASTI] = 2 * f.pc
    RAW(tb)[TB_LINENO] = frame_line(f)
    exc_set_slot(pop(), EXC_TRACEBACK, tb)
    return 0

cdef gcref_t traceback_new(gcref_t* a, Py_ssize_t n, gcref_t kwnames) except 0:
    # types.TracebackType(tb_next, tb_frame, tb_lasti, tb_lineno), as CPython's tb_new
    cdef gcref_t tb
    if kwnames or n != 4:
        raise TypeError(f"traceback() takes exactly 4 positional arguments ({n} given)")
    if a[0] != V_NONE and not has_tid(a[0], T_TRACEBACK):
        raise TypeError(f"expected traceback object or None, got '{type_name(a[0])}'")
    if not has_tid(a[1], T_FRAME):
        raise TypeError(f"traceback() argument 2 must be frame, not {type_name(a[1])}")
    if not (is_int(a[2]) and is_int(a[3])):
        raise TypeError("traceback() arguments 3 and 4 must be integers")
    lasti, lineno = untag(a[2]), untag(a[3])
    tb = alloc_fixed(T_TRACEBACK)
    FLD(tb)[TB_FRAME] = a[1]
    FLD(tb)[TB_NEXT] = a[0]
    RAW(tb)[TB_LASTI] = lasti
    RAW(tb)[TB_LINENO] = lineno
    return tb

cdef list traceback_entries(gcref_t tb):
    # [(code index, line)] of a traceback chain, outermost first.
    out = []
    while has_tid(tb, T_TRACEBACK):
        out.append((RAW(FLD(tb)[TB_FRAME])[FO_CODE], RAW(tb)[TB_LINENO]))
        tb = FLD(tb)[TB_NEXT]
    return out

# ---------------------------------------------------------------- code objects
# One code object per compiled code, made on first use and kept.

CODE_OBJ_ROOTS = {}         # code index -> root index of its code object

cdef gcref_t code_object(int64_t index) except 0:
    cdef gcref_t c
    idx = CODE_OBJ_ROOTS.get(index)
    if idx is None:
        c = alloc_fixed(T_CODE)
        RAW(c)[0] = index
        idx = CODE_OBJ_ROOTS[index] = add_root(c)
    return VM_STATE.roots[<int>idx]

# CPython's code flags, from the VM's (inspect reads co_flags)
cdef int64_t cpython_code_flags(CodeObj* co) noexcept nogil:
    cdef int64_t f = 0x1 | 0x2 if not co.flags & (CO_MODULE | CO_CLASSBODY) else 0  # OPTIMIZED, NEWLOCALS
    if co.flags & CO_VARARGS:
        f |= 0x4
    if co.flags & CO_VARKEYWORDS:
        f |= 0x8
    if co.flags & CO_GENERATOR and not co.flags & CO_COROUTINE:
        f |= 0x20
    if co.flags & CO_COROUTINE:
        f |= 0x80
    if co.flags & CO_ITERABLE_COROUTINE:
        f |= 0x100
    if co.flags & CO_ASYNC_GENERATOR:
        f = (f & ~0x80) | 0x200
    return f

cdef gcref_t code_getset(str name, gcref_t c) except 0:
    cdef int64_t index = RAW(c)[0]
    cdef CodeObj* co = VM_STATE.codes[index]
    cdef gcref_t v
    cdef int i
    spec = CODE_SPECS[index]
    if name == "co_name":
        return intern(spec.name)
    if name == "co_qualname":
        return intern(spec.qualname)
    if name == "co_filename":
        return intern(spec.filename)
    if name == "co_firstlineno":
        return tag(spec.firstlineno)
    if name == "co_argcount":
        return tag(spec.argcount)
    if name == "co_posonlyargcount":
        return tag(getattr(spec, "posonlyargcount", 0))
    if name == "co_kwonlyargcount":
        return tag(spec.kwonlyargcount)
    if name == "co_flags":
        return tag(cpython_code_flags(co))
    if name == "co_nlocals":
        return tag(co.nlocals - co.nfree)
    if name == "co_stacksize":
        return tag(co.maxstack)
    if name == "co_varnames":
        return from_host(tuple(spec.varnames[:co.nlocals - co.nfree]))
    if name == "co_freevars":
        return from_host(tuple(spec.varnames[co.nlocals - co.nfree:]))
    if name == "co_cellvars":
        return from_host(tuple(spec.varnames[i] for i in spec.cellvars))
    if name == "co_names":
        return from_host(tuple(spec.names))
    if name == "co_consts":
        # the constants, nested code as code objects
        for i in range(co.nconsts):
            co = VM_STATE.codes[index]
            if isinstance(spec.consts[i], _PyCode):
                push(code_object(untag(co.consts[i])))
            else:
                push(co.consts[i])
        v = tuple_from_slots(top_slot() - co.nconsts + 1, co.nconsts)
        HEAP.shadowstack_top -= co.nconsts
        return v
    if name in ("co_code", "co_lnotab", "co_linetable", "co_exceptiontable"):
        return bytes_from_py(b"")
    raise AttributeError(name)

# ---------------------------------------------------------------- frames' and tracebacks' attributes

cdef gcref_t frame_getset(str name, gcref_t* foslot) except 0:
    cdef gcref_t fo = foslot[0]
    cdef int64_t d = RAW(fo)[FO_DEPTH]
    if name == "f_back":
        return frame_back(foslot)
    if name == "f_code":
        return code_object(RAW(fo)[FO_CODE])
    if name == "f_globals":
        return FLD(fo)[FO_GLOBALS]
    if name == "f_locals":
        return frame_locals(foslot)
    if name == "f_builtins":
        return VM_STATE.roots[R_BUILTINS]
    if name == "f_lineno":
        return tag(frame_line(&VM_STATE.frames[d]) if d >= 0 else RAW(fo)[FO_LINENO])
    if name == "f_lasti":
        return tag(2 * VM_STATE.frames[d].pc if d >= 0 else -1)
    if name == "f_trace" or name == "f_trace_lines" or name == "f_trace_opcodes":
        return V_NONE if name == "f_trace" else V_TRUE
    raise AttributeError(name)

cdef gcref_t traceback_getset(str name, gcref_t tb) except 0:
    if name == "tb_next":
        return FLD(tb)[TB_NEXT]
    if name == "tb_frame":
        return FLD(tb)[TB_FRAME]
    if name == "tb_lineno":
        return tag(RAW(tb)[TB_LINENO])
    if name == "tb_lasti":
        return tag(RAW(tb)[TB_LASTI])
    raise AttributeError(name)

cdef gcref_t exc_info() except 0:
    # sys.exc_info(): (type, value, traceback) of the exception being handled.
    cdef gcref_t e = handled_exception()
    cdef gcref_t tb
    if e == V_NONE:
        push(V_NONE)
        push(V_NONE)
        push(V_NONE)
    else:
        push(class_of(e))
        push(e)
        push(exc_traceback(e))
    cdef gcref_t r = tuple_from_slots(top_slot() - 2, 3)
    HEAP.shadowstack_top -= 3
    return r

cdef gcref_t code_method(str fn, gcref_t* a, Py_ssize_t n, gcref_t kwnames) except 0:
    # code.co_positions(), code.co_lines(), code.replace(), frame.clear(); a[0] is self.
    cdef int64_t index
    cdef CodeObj* co
    if fn == "clear":
        return V_NONE
    index = RAW(a[0])[0]
    co = VM_STATE.codes[index]
    if fn == "co_positions":
        # (line, end line, column, end column) per instruction unit; the VM
        # keeps no columns
        return call1(mk_bfunc(BUILTIN_IDS["iter"]),
                      from_host([(co.lines[i], co.lines[i], None, None) for i in range(co.ninstr)]))
    if fn == "co_lines":
        # (start, end, line) ranges of instruction offsets
        out = []
        for i in range(co.ninstr):
            if out and out[-1][2] == co.lines[i]:
                out[-1] = (out[-1][0], 2 * i + 2, co.lines[i])
            else:
                out.append((2 * i, 2 * i + 2, co.lines[i]))
        return call1(mk_bfunc(BUILTIN_IDS["iter"]), from_host(out))
    # replace(**changes): a copy with other names (the VM's code is its own)
    if n > 1:
        raise TypeError("replace() takes no positional arguments")
    if not kwnames:
        return a[0]
    spec = CODE_SPECS[index].replace()
    for i in range(LEN(kwnames)):
        key = str_to_py(FLD(kwnames)[i])
        value = to_host(&a[n + i])
        if key == "co_flags":
            # the one flag a program sets: CO_ITERABLE_COROUTINE (types.coroutine)
            if value & ~0x100 != cpython_code_flags(co) & ~0x100:
                raise NotImplementedError("code.replace(co_flags=...) of flags other than "
                                          "CO_ITERABLE_COROUTINE is not supported by vmsample")
            spec.flags = (spec.flags | CO_ITERABLE_COROUTINE) if value & 0x100 else \
                (spec.flags & ~CO_ITERABLE_COROUTINE)
            continue
        if key not in ("co_name", "co_qualname", "co_filename", "co_firstlineno"):
            raise NotImplementedError(f"code.replace({key}=...) is not supported by vmsample")
        setattr(spec, key[3:], value)
    first = VM_STATE.ncodes
    load_code(spec, co.globals)
    declare_codes(first)
    return code_object(first)
