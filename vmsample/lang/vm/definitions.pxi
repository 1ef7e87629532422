# vm/definitions.pxi, included by _vm.pyx (one extension module, one C file).
#
# Definitions and raise: MAKE_FUNCTION, RAISE and CALL_EX helpers (classes:
# vm/types.pxi).

# ---------------------------------------------------------------- functions, classes, raise

cdef gcref_t* make_function(Frame* f, gcref_t* sp, int flags) except NULL:
    # [defaults?, kwdefaults?, annotations?, closure?, code] -> [function]
    # (every input stays rooted below HEAP.shadowstack_top == [top] until
    # the function is made; the annotations move to the code's slot)
    cdef int64_t cidx = untag(sp[-1])
    cdef gcref_t owner
    cdef gcref_t* top = sp
    cdef gcref_t fn = alloc_fixed(T_FUNCTION)
    sp -= 1
    RAW(fn)[FN_CODE] = cidx
    if flags & 4:
        sp -= 1
        FLD(fn)[FN_CLOSURE] = sp[0]
    if flags & 8:
        sp -= 1
        top[-1] = sp[0]
    if flags & 2:
        sp -= 1
        FLD(fn)[FN_KWDEFAULTS] = sp[0]
    if flags & 1:
        sp -= 1
        FLD(fn)[FN_DEFAULTS] = sp[0]
    sp[0] = fn
    if VM_STATE.codes[cidx].flags & CO_NEEDS_CLASS:
        # The function's __class__ (zero-argument super()), lexically as
        # CPython's cell: made in a class body, the body's __classcell__,
        # which type.__new__ fills with the class; made in a method, the
        # method's.  (vm/types.pxi's set_function_owners gives the class
        # directly to the functions of a namespace made otherwise.)
        if f.co.flags & CO_CLASSBODY and not f.co.flags & CO_MODULE:
            owner = class_cell(ns_slot(f))
        else:
            owner = running_function(f)
            owner = FLD(owner)[FN_OWNER] if owner != 0 else 0
        if owner != 0:
            store(sp[0], FN_OWNER, owner)
    if flags & 8:
        function_getset_set("__annotations__", sp, top - 1)
    return sp + 1

# types.FunctionType's parameters, in order; the first two are required.
FUNCTION_PARAMS = ("code", "globals", "name", "argdefs", "closure")

cdef gcref_t function_new(gcref_t* a, Py_ssize_t nall, gcref_t kwnames) except 0:
    # types.FunctionType(code, globals, name=None, argdefs=None, closure=None)
    # with CPython's checks and messages (Argument Clinic's, then func_new's),
    # in its order.  a[] is on the shadow stack.
    cdef gcref_t* p[5]
    cdef Py_ssize_t n = nall - nkw(kwnames), i, j, nclosure
    cdef int64_t index
    cdef gcref_t fn, v
    if nall > 5:
        raise TypeError(f"function() takes at most 5 {'keyword ' if n == 0 else ''}arguments ({nall} given)")
    for i in range(5):
        p[i] = a + i if i < n else NULL
        for j in range(nkw(kwnames)):
            if i >= n and str_to_py(FLD(kwnames)[j]) == FUNCTION_PARAMS[i]:
                p[i] = a + n + j
        if p[i] == NULL and i < 2:
            raise TypeError(f"function() missing required argument '{FUNCTION_PARAMS[i]}' (pos {i + 1})")
    for j in range(nkw(kwnames)):
        k = str_to_py(FLD(kwnames)[j])
        if k not in FUNCTION_PARAMS:
            raise TypeError(f"'{k}' is an invalid keyword argument for function()")
        if FUNCTION_PARAMS.index(k) < n:
            raise TypeError(f"argument for function() given by name ('{k}') and position "
                            f"({FUNCTION_PARAMS.index(k) + 1})")
    if not has_tid(p[0][0], T_CODE):
        raise TypeError(f"function() argument 'code' must be code, not {type_name(p[0][0])}")
    if not has_tid(p[1][0], T_DICT):
        raise TypeError(f"function() argument 'globals' must be dict, not {type_name(p[1][0])}")
    index = RAW(p[0][0])[0]
    if p[2] != NULL and p[2][0] != V_NONE and not has_tid(p[2][0], T_STR):
        raise TypeError("arg 3 (name) must be None or string")
    if p[3] != NULL and p[3][0] != V_NONE and not has_tid(p[3][0], T_TUPLE):
        raise TypeError("arg 4 (defaults) must be None or tuple")
    if p[4] != NULL and p[4][0] != V_NONE and not has_tid(p[4][0], T_TUPLE):
        raise TypeError("arg 5 (closure) must be None or tuple")
    if (p[4] == NULL or p[4][0] == V_NONE) and VM_STATE.codes[index].nfree:
        raise TypeError("arg 5 (closure) must be tuple")
    nclosure = LEN(p[4][0]) if p[4] != NULL and p[4][0] != V_NONE else 0
    if nclosure != VM_STATE.codes[index].nfree:
        raise ValueError(f"{CODE_SPECS[index].name} requires closure of length {VM_STATE.codes[index].nfree}, "
                         f"not {nclosure}")
    for i in range(nclosure):
        v = FLD(p[4][0])[i]
        if not has_tid(v, T_CELL):
            raise TypeError(f"arg 5 (closure) expected cell, found {type_name(v)}")
    index = code_under_globals(index, p[1])
    fn = alloc_fixed(T_FUNCTION)
    RAW(fn)[FN_CODE] = index
    if nclosure:
        FLD(fn)[FN_CLOSURE] = p[4][0]
    if p[3] != NULL and p[3][0] != V_NONE:
        FLD(fn)[FN_DEFAULTS] = p[3][0]
    if p[2] == NULL or p[2][0] == V_NONE:
        return fn
    push(fn)
    function_getset_set("__name__", top_slot(), p[2])
    return pop()

cdef gcref_t class_cell(gcref_t* nsslot) except 0:
    # The __classcell__ of the class body whose namespace is nsslot[0], made
    # on first use.
    cdef gcref_t cell = mapping_get_or_0(nsslot, MAGIC(M_CLASSCELL))
    if cell != 0:
        return cell
    push(alloc_fixed(T_CELL))
    push(MAGIC(M_CLASSCELL))
    mapping_setitem(nsslot, top_slot(), top_slot() - 1)
    pop()
    return pop()

cdef int do_raise(gcref_t* sp, int n) except -1:
    cdef gcref_t exc, cause = 0
    if n == 0:
        exc = handled_exception()
        if exc == V_NONE:
            raise RuntimeError("No active exception to reraise")
        VM_STATE.reraising = True
        return raise_vm(exc)
    if n == 2:
        cause = sp[-1]
    exc = sp[-n]
    if has_tid(exc, T_CLASS) and RAW(exc)[K_FLAGS] & CF_EXCEPTION:
        exc = sp[-n] = vm_call_class0(sp - n)       # (the cause stays rooted above it)
    if not has_tid(exc, T_INSTANCE) or not RAW(FLD(exc)[I_CLASS])[K_FLAGS] & CF_EXCEPTION:
        raise TypeError("exceptions must derive from BaseException")
    push(exc)
    if n == 2:
        if sp[-1] != V_NONE and not (has_tid(sp[-1], T_INSTANCE)
                                     and RAW(FLD(sp[-1])[I_CLASS])[K_FLAGS] & CF_EXCEPTION):
            if has_tid(sp[-1], T_CLASS) and RAW(sp[-1])[K_FLAGS] & CF_EXCEPTION:
                sp[-1] = vm_call_class0(sp - 1)
            else:
                raise TypeError("exception causes must derive from BaseException")
        exc_set_slot(top_slot()[0], EXC_CAUSE, sp[-1])
        exc_set_slot(top_slot()[0], EXC_SUPPRESS, V_TRUE)
    return raise_vm(pop())

cdef gcref_t vm_call_class0(gcref_t* slot) except 0:
    # slot[0]() with the stack top just above it
    cdef gcref_t* saved = HEAP.shadowstack_top
    push(slot[0])
    vm_call(top_slot(), 0)
    cdef gcref_t r = pop()
    HEAP.shadowstack_top = saved
    return r

# Keyword names, as a call passes them (kwnames), must not move while a call
# is under way: callees keep them in C locals across allocations (binding,
# making an instance, a builtin's own work).  CALL_KW's come from the
# constants, which are old; CALL_EX's (f(**kw)) come from here: one old
# tuple per distinct list of names, made old by a minor collection the first
# time that list is seen (a program has few).
KEYWORD_NAMES = {}          # tuple of str -> root index

cdef gcref_t keyword_names(tuple keys) except 0:
    cdef object idx = KEYWORD_NAMES.get(keys)
    cdef Py_ssize_t i
    if idx is None:
        for k in keys:
            push(intern(k))
        idx = add_root(tuple_from_slots(top_slot() - len(keys) + 1, len(keys)))
        HEAP.shadowstack_top -= len(keys)
        if gc_collect_minor(HEAP) != 0:
            raise_gc_error()
        KEYWORD_NAMES[keys] = idx
    return VM_STATE.roots[<int>idx]

cdef gcref_t* call_ex(Frame* f, gcref_t* sp, int has_kw) except NULL:
    # [f, args-iterable, kwargs-dict?] -> [f, args..., kwvalues...] and call
    cdef gcref_t* fslot = sp - 2 - has_kw
    cdef gcref_t names = 0, seq, d = 0
    cdef Py_ssize_t n, nk = 0, i, j
    if not has_tid(fslot[1], T_TUPLE):
        fslot[1] = list_from_iterable(fslot + 1)
    n = SEQLEN(fslot[1])
    if has_kw:
        nk = RAW(fslot[2])[D_USED]
    if nk:
        d = fslot[2]
        keys = []
        for i in range(RAW(d)[D_NENTRIES]):
            if ENT(d)[3 * i + 1] != 0:
                if not has_tid(ENT(d)[3 * i + 1], T_STR):
                    raise TypeError("keywords must be strings")
                keys.append(str_to_py(ENT(d)[3 * i + 1]))
        names = keyword_names(tuple(keys))
    if fslot + 1 + n + nk + 8 > HEAP.shadowstack_end:
        raise RecursionError("maximum recursion depth exceeded")
    # no allocation from here on: C locals may hold references
    seq = fslot[1]
    d = fslot[2] if has_kw else 0
    for i in range(n):
        fslot[1 + i] = ITEMS(seq)[i]
    j = 0
    if nk:
        for i in range(RAW(d)[D_NENTRIES]):
            if ENT(d)[3 * i + 1] != 0:
                fslot[1 + n + j] = ENT(d)[3 * i + 2]
                j += 1
    HEAP.shadowstack_top = fslot + 1 + n + nk
    if call_value(fslot, n + nk, names):
        return VM_STATE.frames[VM_STATE.depth].sp
    return fslot + 1

