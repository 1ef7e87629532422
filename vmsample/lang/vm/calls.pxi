# vm/calls.pxi, included by _vm.pyx (one extension module, one C file).
#
# Calls: pushing frames, binding arguments to parameters, generators' first
# call, and calling any value from a helper (vm_call, call1, call_method*).
# Design block: 4. Calls.

# ---------------------------------------------------------------- calls

cdef Frame* push_frame(CodeObj* co, gcref_t* base, gcref_t* ret, int flags) except NULL:
    cdef Frame* f
    cdef int extra = 1 if co.flags & CO_CLASSBODY else 0
    if ((VM_STATE.depth + 2 + VM_STATE.c_depth > VM_STATE.recursion_limit
            and counted_depth() + (0 if co.flags & CO_HIDDEN else 1) > VM_STATE.recursion_limit)
            or VM_STATE.depth + 1 >= MAX_FRAMES or base + co.nlocals + co.maxstack + 4 > HEAP.shadowstack_end):
        raise RecursionError("maximum recursion depth exceeded")
    if co.caches == NULL:
        alloc_caches(co)
    VM_STATE.depth += 1
    f = &VM_STATE.frames[VM_STATE.depth]
    f.hidden = (f[-1].hidden if VM_STATE.depth > 0 else 0) + (1 if co.flags & CO_HIDDEN else 0)
    f.co = co
    f.pc = 0
    f.flags = flags
    f.base = base
    f.ret = ret
    f.frameobj = 0
    f.sp = base + co.nlocals + extra
    return f

cdef int alloc_caches(CodeObj* co) except -1:
    # A code's inline caches are made when it first runs: a start loads
    # ~4300 codes and runs ~950, and zeroing 24 bytes an instruction for all
    # of them was 2% of its instructions.
    co.caches = <InlineCache*>calloc(co.ninstr + 1, sizeof(InlineCache))
    if co.caches == NULL:
        raise MemoryError()
    return 0

cdef str plural(Py_ssize_t n, str word):
    return f"{n} {word}" if n == 1 else f"{n} {word}s"

cdef str join_names(list names):
    quoted = [f"'{n}'" for n in names]
    if len(quoted) == 1:
        return quoted[0]
    if len(quoted) == 2:
        return f"{quoted[0]} and {quoted[1]}"
    return ", ".join(quoted[:len(quoted) - 1]) + f", and {quoted[len(quoted) - 1]}"

cdef str qualname_of(gcref_t* fslot, CodeObj* co):
    # The name CPython's call errors give: the function's __qualname__, which
    # a program may have reassigned (namedtuple's __new__, dataclasses' __init__).
    cdef gcref_t v
    if FLD(fslot[0])[FN_META] != 0:
        v = intern("__qualname__")
        v = dict_get_str(FLD(fslot[0])[FN_META], v)
        if has_tid(v, T_STR):
            return str_to_py(v)
    return CODE_SPECS[co.index].qualname

cdef int bind_general(gcref_t* fslot, Py_ssize_t nargs, gcref_t kwnames, CodeObj* co) except -1:
    # Bind arguments the slow way into a new frame above the arguments.  The
    # code's Python-level spec (names for keywords and messages) is looked up
    # only when keywords or an error need it: defaults alone (a common call)
    # bind without touching a Python object.
    cdef gcref_t func = fslot[0]
    cdef Py_ssize_t nkw = LEN(kwnames) if kwnames else 0
    cdef Py_ssize_t npos = nargs - nkw, i, j, n
    cdef gcref_t* args = fslot + 1
    cdef gcref_t* base = fslot + 1 + nargs + 2
    cdef gcref_t d
    cdef int varargs_slot = co.argcount + co.kwonly
    cdef int varkw_slot = varargs_slot + (1 if co.flags & CO_VARARGS else 0)
    cdef bint missing = False
    if base + co.nlocals + co.maxstack + 4 > HEAP.shadowstack_end:
        raise RecursionError("maximum recursion depth exceeded")
    fslot[1 + nargs] = kwnames      # rooted: binding allocates
    base[-1] = func
    memset(base, 0, co.nlocals * sizeof(gcref_t))
    HEAP.shadowstack_top = base + co.nlocals
    n = npos if npos < co.argcount else co.argcount
    memcpy(base, args, n * sizeof(gcref_t))
    if npos > co.argcount:
        if co.flags & CO_VARARGS:
            base[varargs_slot] = tuple_from_slots(args + co.argcount, npos - co.argcount)
        else:
            ndef = co.ndefaults
            if ndef:
                raise TypeError(f"{qualname_of(fslot, co)}() takes from {co.argcount - ndef} to {co.argcount} "
                                f"positional arguments but {npos} were given")
            raise TypeError(f"{qualname_of(fslot, co)}() takes {plural(co.argcount, 'positional argument')} but "
                            f"{npos} {'was' if npos == 1 else 'were'} given")
    elif co.flags & CO_VARARGS:
        base[varargs_slot] = VM_STATE.roots[R_EMPTY_TUPLE]
    if co.flags & CO_VARKEYWORDS:
        base[varkw_slot] = dict_new()
    if nkw:
        names = CODE_SPECS[co.index].varnames
    for i in range(nkw):
        kname = str_to_py(FLD(fslot[1 + nargs])[i])
        j = -1
        for k in range(co.posonly, co.argcount + co.kwonly):
            if names[k] == kname:
                j = k
                break
        if j >= 0:
            if base[j] != 0:
                raise TypeError(f"{qualname_of(fslot, co)}() got multiple values for argument '{kname}'")
            base[j] = args[npos + i]
        elif co.flags & CO_VARKEYWORDS:
            push(FLD(fslot[1 + nargs])[i])
            dict_set(&base[varkw_slot], top_slot(), &args[npos + i])
            pop()
        elif kname in names[:co.posonly]:
            raise TypeError(f"{qualname_of(fslot, co)}() got some positional-only arguments passed as "
                            f"keyword arguments: '{kname}'")
        else:
            raise TypeError(f"{qualname_of(fslot, co)}() got an unexpected keyword argument '{kname}'")
    d = FLD(fslot[0])[FN_DEFAULTS]
    ndef = LEN(d) if d != 0 else 0          # (a program may reassign __defaults__)
    for i in range(co.argcount):
        if base[i] == 0:
            j = i - (co.argcount - ndef)
            if j >= 0 and d != 0:
                base[i] = FLD(d)[j]
            else:
                missing = True
    if missing:
        names = CODE_SPECS[co.index].varnames
        absent = [names[i] for i in range(co.argcount) if base[i] == 0]
        raise TypeError(f"{qualname_of(fslot, co)}() missing {len(absent)} required positional argument"
                        f"{'s' if len(absent) > 1 else ''}: {join_names(absent)}")
    for i in range(co.argcount, co.argcount + co.kwonly):
        if base[i] == 0:
            d = FLD(fslot[0])[FN_KWDEFAULTS]
            if d != 0:
                push(intern(CODE_SPECS[co.index].varnames[i]))
                base[i] = dict_get(&FLD(fslot[0])[FN_KWDEFAULTS], top_slot())
                pop()
            if base[i] == 0:
                missing = True
    if missing:
        names = CODE_SPECS[co.index].varnames
        absent = [names[i] for i in range(co.argcount, co.argcount + co.kwonly) if base[i] == 0]
        raise TypeError(f"{qualname_of(fslot, co)}() missing {len(absent)} required keyword-only argument"
                        f"{'s' if len(absent) > 1 else ''}: {join_names(absent)}")
    push_frame(co, base, fslot, 0)
    return 0

cdef int enter_function(gcref_t* fslot, Py_ssize_t nargs, gcref_t kwnames, int flags) except -1:
    # Push a frame for VM function fslot[0] called with the nargs values above
    # it.  Returns 1 (frame pushed) or 0 (a generator was created: the result
    # is in fslot[0]).
    cdef gcref_t func = fslot[0]
    cdef CodeObj* co = VM_STATE.codes[RAW(func)[FN_CODE]]
    cdef Frame* f
    if kwnames == 0 and nargs == co.argcount and (co.flags & (CO_VARARGS | CO_VARKEYWORDS)) == 0 \
            and co.kwonly == 0:
        memset(fslot + 1 + nargs, 0, (co.nlocals - nargs) * sizeof(gcref_t))
        f = push_frame(co, fslot + 1, fslot, flags)
    else:
        bind_general(fslot, nargs, kwnames, co)
        f = &VM_STATE.frames[VM_STATE.depth]
        f.flags = flags
    if co.flags & CO_GENERATOR:
        make_generator(f)
        return 0
    HEAP.shadowstack_top = f.sp
    return 1

cdef int make_generator(Frame* f) except -1:
    # Turn the just-bound frame [f] into a suspended generator object (a
    # coroutine for an async def: vm/coroutines.pxi).
    cdef CodeObj* co = f.co
    cdef Py_ssize_t n = co.nlocals + co.maxstack
    HEAP.shadowstack_top = f.base + co.nlocals
    cdef gcref_t state = alloc_var(T_FRAMESTATE, n)
    memcpy(FLD(state), f.base, co.nlocals * sizeof(gcref_t))
    push(state)
    cdef gcref_t g = alloc_fixed(T_ASYNCGEN if co.flags & CO_ASYNC_GENERATOR else
                                 T_COROUTINE if co.flags & CO_COROUTINE else T_GENERATOR)
    FLD(g)[G_STATE] = pop()
    FLD(g)[G_FUNC] = f.base[-1]
    RAW(g)[G_PC] = 0
    RAW(g)[G_STATUS] = GEN_CREATED
    RAW(g)[G_FLAGS] = 0
    f.ret[0] = g
    HEAP.shadowstack_top = f.ret + 1
    frame_popped(f)
    VM_STATE.depth -= 1
    return 0

cdef int call_value(gcref_t* fslot, Py_ssize_t nargs, gcref_t kwnames) except -1:
    # Call fslot[0] with the nargs values above it (the last len(kwnames) are
    # keyword arguments).  Returns 1 if a VM frame was pushed (the caller runs
    # it), 0 if the result is already in fslot[0] (and the stack top is fslot+1).
    cdef gcref_t f = fslot[0]
    cdef gcref_t m
    cdef uint16_t t
    if is_bfunc(f):
        fslot[0] = call_builtin(builtin_id(f), fslot + 1, nargs, kwnames)
        HEAP.shadowstack_top = fslot + 1
        return 0
    if is_bmethod(f):
        fslot[0] = call_descriptor(f, fslot + 1, nargs, kwnames)
        HEAP.shadowstack_top = fslot + 1
        return 0
    if not is_obj(f):
        raise TypeError(f"'{type_name(f)}' object is not callable")
    t = TID(f)
    if t == T_FUNCTION:
        return enter_function(fslot, nargs, kwnames, 0)
    if t == T_BOUND:
        # [bound, args] -> [func, self, args]
        if fslot + nargs + 3 > HEAP.shadowstack_end:
            raise RecursionError("maximum recursion depth exceeded")
        memmove(fslot + 2, fslot + 1, nargs * sizeof(gcref_t))
        fslot[1] = FLD(f)[0]
        fslot[0] = FLD(f)[1]
        HEAP.shadowstack_top = fslot + nargs + 2
        return call_value(fslot, nargs + 1, kwnames)
    if t == T_CLASS:
        return call_class(fslot, nargs, kwnames)
    if t == T_STATICMETHOD:
        fslot[0] = FLD(f)[0]            # calling a staticmethod calls its function (3.10)
        return call_value(fslot, nargs, kwnames)
    m = special_lookup(class_of(f), M_CALL)
    if binds_by_get(m):
        # type(f).__call__ is an object, no function (a property, an object
        # of a class with __get__): what its __get__ gives for f is called,
        # or, with no __get__, the object as it is, without f
        # (typing.NewType's __call__ = _idfunc).  kwnames rides on the
        # stack across the __get__ call.
        if fslot + nargs + 7 > HEAP.shadowstack_end:
            raise RecursionError("maximum recursion depth exceeded")
        HEAP.shadowstack_top = fslot + 1 + nargs
        push(kwnames)
        push(m)
        bind_special(top_slot(), f)
        fslot[0] = pop()
        kwnames = pop()
        enter_recursion("while calling a Python object")
        try:
            return call_value(fslot, nargs, kwnames)
        finally:
            leave_recursion()
    if m != 0 and not is_bmethod(m):
        # type(f).__call__(f, *args); a __call__ that is itself such an
        # object recurses in C, hence the guard
        if fslot + nargs + 3 > HEAP.shadowstack_end:
            raise RecursionError("maximum recursion depth exceeded")
        memmove(fslot + 2, fslot + 1, nargs * sizeof(gcref_t))
        fslot[1] = f
        fslot[0] = m
        HEAP.shadowstack_top = fslot + nargs + 2
        enter_recursion("while calling a Python object")
        try:
            return call_value(fslot, nargs + 1, kwnames)
        finally:
            leave_recursion()
    if t == T_INSTANCE and m != 0:
        # a subclass of a callable builtin type (a function? a type?): its value's call
        fslot[0] = unwrap(f)
        if fslot[0] != f:
            return call_value(fslot, nargs, kwnames)
    raise TypeError(f"'{type_name(f)}' object is not callable")

cdef gcref_t call_nested(gcref_t* fslot, Py_ssize_t nargs, gcref_t kwnames) except 0:
    # vm_call with keyword arguments (the last len(kwnames) of the nargs)
    HEAP.shadowstack_top = fslot + 1 + nargs
    try:
        if call_value(fslot, nargs, kwnames):
            VM_STATE.frames[VM_STATE.depth].flags |= F_ENTRY
            eval_loop()
    except BaseException:
        HEAP.shadowstack_top = fslot
        raise
    return fslot[0]

cdef gcref_t vm_call(gcref_t* fslot, Py_ssize_t nargs) except 0:
    # Call from C: fslot[0](fslot[1..nargs]) to completion; result in fslot[0]
    # and returned; the stack top is fslot + 1 afterwards, or fslot if the
    # call raised (so a C caller that catches the exception finds its stack).
    # Builtins calling builtins recurse in C with no VM frame between them
    # (class A: __len__ = len): the C stack is checked on every such call.
    HEAP.shadowstack_top = fslot + 1 + nargs
    try:
        check_c_stack()
        if call_value(fslot, nargs, 0):
            VM_STATE.frames[VM_STATE.depth].flags |= F_ENTRY
            eval_loop()
    except BaseException:
        HEAP.shadowstack_top = fslot
        raise
    return fslot[0]

cdef gcref_t call1(gcref_t f, gcref_t a) except 0:
    push(f)
    push(a)
    vm_call(top_slot() - 1, 1)
    return pop()

cdef inline bint binds_by_get(gcref_t meth) noexcept nogil:
    # A special method found on a class that is an object but no function
    # (a property, a classmethod, an instance of a class with __get__, a
    # class): what it gives for the instance is called, without the
    # instance (bind_special).  Functions and builtin methods take the
    # instance as their first argument instead (the fast case).
    return is_obj(meth) and TID(meth) != T_FUNCTION

cdef int bind_special(gcref_t* mslot, gcref_t self) except -1:
    # A special method found on self's class that binds_by_get becomes what
    # its __get__ gives for self (CPython's lookup_maybe_method: a property
    # calls its getter, a classmethod binds to the class, a staticmethod
    # unwraps); one with no __get__ (a class, a bound method, an instance of
    # a class without __get__) is called as it is.
    cdef gcref_t* base = HEAP.shadowstack_top
    push(self)
    mslot[0] = descr_get(mslot[0], base, class_of(self))
    HEAP.shadowstack_top = base
    return 0

cdef gcref_t lookup_special(gcref_t* oslot, int m) except? 0:
    # type(o)'s special method [m] bound to o, or 0 when its class has none:
    # CPython's _PyObject_LookupSpecial (never the instance's own attributes,
    # its __getattribute__ or __getattr__; an error of the method's __get__
    # propagates).
    cdef gcref_t meth = class_lookup(class_of(oslot[0]), MAGIC(m))
    if meth == 0:
        return 0
    push(meth)
    push(class_of(oslot[0]))
    meth = descr_get(top_slot()[-1], oslot, top_slot()[0])
    HEAP.shadowstack_top -= 2
    return meth

cdef Py_ssize_t bind_method_args(gcref_t* mslot, gcref_t self, Py_ssize_t nargs) except -1:
    # mslot[0] is a special method found on self's class, mslot[1..nargs]
    # its arguments after self, the stack's top: makes mslot the call of it
    # for self and returns the call's number of arguments.  A function or a
    # builtin method gets self inserted first; what binds_by_get is bound
    # (self must stay where it is until bind_special roots it).
    if binds_by_get(mslot[0]):
        bind_special(mslot, self)
        return nargs
    push(0)
    memmove(mslot + 2, mslot + 1, nargs * sizeof(gcref_t))
    mslot[1] = self
    return nargs + 1

cdef gcref_t call_method0(gcref_t meth, gcref_t self) except 0:
    # meth: a special method found on self's class, called for self
    cdef gcref_t* base = HEAP.shadowstack_top
    push(meth)
    vm_call(base, bind_method_args(base, self, 0))
    return pop()

cdef gcref_t call_method1(gcref_t meth, gcref_t self, gcref_t arg) except 0:
    cdef gcref_t* base = HEAP.shadowstack_top
    push(meth)
    push(arg)
    vm_call(base, bind_method_args(base, self, 1))
    return pop()

cdef gcref_t call_method2(gcref_t meth, gcref_t self, gcref_t arg1, gcref_t arg2) except 0:
    cdef gcref_t* base = HEAP.shadowstack_top
    push(meth)
    push(arg1)
    push(arg2)
    vm_call(base, bind_method_args(base, self, 2))
    return pop()

