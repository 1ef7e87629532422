# vm/exceptions.pxi, included by _vm.pyx (one extension module, one C file).
#
# Exceptions: making VM exception objects, raising them as [VMError] with the
# object in R_EXC, and converting CPython exceptions to VM ones.
# Design block: 3. Errors.

# ---------------------------------------------------------------- exceptions
# An exception keeps its builtin attributes -- args, __traceback__,
# __context__, __cause__, __suppress_context__ -- in fixed value slots:
# every exception class's key list starts with EXC_NSLOTS reserved keys
# (tagged ints, which no attribute name equals: vm/classes.pxi, new_class),
# so they stay out of its __dict__ and hold in either storage (values or
# dict: vm/attributes.pxi).  0 in a slot is the attribute's default.

cdef enum:
    EXC_ARGS = 0
    EXC_TRACEBACK = 1
    EXC_CONTEXT = 2
    EXC_CAUSE = 3
    EXC_SUPPRESS = 4
    EXC_NSLOTS = 5

cdef inline bint is_exception(gcref_t v) noexcept nogil:
    # an instance of BaseException or of a subclass
    return has_tid(v, T_INSTANCE) and RAW(FLD(v)[I_CLASS])[K_FLAGS] & CF_EXCEPTION

cdef inline gcref_t exc_slot(gcref_t e, int i) noexcept nogil:
    return FLD(e)[I_VALUES + i]

cdef inline void exc_set_slot(gcref_t e, int i, gcref_t v) noexcept nogil:
    store(e, I_VALUES + i, v)

cdef inline gcref_t exc_args(gcref_t e) noexcept nogil:
    cdef gcref_t v = exc_slot(e, EXC_ARGS)
    return v if v != 0 else VM_STATE.roots[R_EMPTY_TUPLE]

cdef inline gcref_t exc_traceback(gcref_t e) noexcept nogil:
    cdef gcref_t v = exc_slot(e, EXC_TRACEBACK)
    return v if v != 0 else V_NONE

cdef gcref_t exc_class(str name) except 0:
    return VM_STATE.roots[<int>EXC_CLASSES[name]]

cdef gcref_t make_exception(gcref_t* cslot, gcref_t* argsslot) except 0:
    # An instance of exception class [cslot] with args [argsslot] (a tuple),
    # its class's own __init__ run if it has one (StopIteration's sets value).
    cdef gcref_t e = instance_new(cslot), init
    cdef Py_ssize_t i, n
    exc_set_slot(e, EXC_ARGS, argsslot[0])
    init = class_lookup(cslot[0], MAGIC(M_INIT))
    if has_tid(init, T_FUNCTION):
        push(e)
        push(init)
        push(e)
        n = LEN(argsslot[0])
        for i in range(n):
            push(FLD(argsslot[0])[i])
        vm_call(top_slot() - n - 1, n + 1)
        pop()
        e = pop()
    return e

# CPython's preallocated MemoryError: when the heap is so full that making an
# exception (or its traceback entry, or its __context__) fails, the program
# still gets a MemoryError it can catch: this instance, made at start-up with
# every attribute it can get already set, so that reusing it allocates
# nothing.  Its traceback then starts where memory ran out.
cdef int SPARE_MEMORY_ERROR = -1      # its root index

cdef gcref_t make_spare_memory_error() except 0:
    push(exc_class("MemoryError"))
    push(tuple_new(0))
    cdef gcref_t e = make_exception(top_slot() - 1, top_slot())
    HEAP.shadowstack_top -= 2
    return e

cdef gcref_t spare_memory_error() noexcept:
    # Its chaining and traceback reset: storing needs no allocation.
    cdef gcref_t e = VM_STATE.roots[SPARE_MEMORY_ERROR]
    exc_set_slot(e, EXC_TRACEBACK, 0)
    exc_set_slot(e, EXC_CONTEXT, 0)
    exc_set_slot(e, EXC_CAUSE, 0)
    return e

cdef int raise_vm(gcref_t exc) except -1:
    VM_STATE.roots[R_EXC] = exc
    raise VMError()

cdef int raise_with_value(str name, gcref_t v) except -1:
    # raise a builtin VM exception with one VM value as its argument (KeyError)
    push(exc_class(name))
    push(v)
    push(tuple_from_slots(top_slot(), 1))
    cdef gcref_t e = make_exception(top_slot() - 2, top_slot())
    HEAP.shadowstack_top -= 3
    return raise_vm(e)

cdef int raise_stop_iteration(gcref_t result) except -1:
    # What send()/next()/throw() of a finished generator, coroutine or
    # awaitable raise for its return value [result]: StopIteration(result),
    # or a bare StopIteration for None (CPython's _PyGen_SetStopIterationValue).
    if result != V_NONE:
        raise_with_value("StopIteration", result)
    raise StopIteration()

cdef gcref_t new_exception(str name, str message) except 0:
    # <name>(message), a builtin exception, not raised.
    push(exc_class(name))
    push(str_from_py(message))
    push(tuple_from_slots(top_slot(), 1))
    cdef gcref_t e = make_exception(top_slot() - 2, top_slot())
    HEAP.shadowstack_top -= 3
    return e

cdef int raise_from_cause(str name, gcref_t* causeslot, str message) except -1:
    # raise <name>(message) from causeslot[0] (CPython's _PyErr_FormatFromCause).
    cdef gcref_t e = new_exception(name, message)
    exc_set_slot(e, EXC_CAUSE, causeslot[0])
    exc_set_slot(e, EXC_CONTEXT, causeslot[0])
    exc_set_slot(e, EXC_SUPPRESS, V_TRUE)
    VM_STATE.reraising = False
    return raise_vm(e)

cdef int raise_attribute_error(gcref_t obj, gcref_t name) except -1:
    # AttributeError in CPython's words, carrying the name and the object
    # (what sys.offer_suggestion reads for "Did you mean").
    if has_tid(obj, T_BOUND):
        obj = FLD(obj)[1]           # a method's lookup ended at its function's
    msg = no_attribute_message(obj, name)
    cdef gcref_t* base = HEAP.shadowstack_top
    push(obj)
    push(name)
    push(exc_class("AttributeError"))
    push(str_from_py(msg))
    push(tuple_from_slots(top_slot(), 1))
    base[2] = make_exception(base + 2, top_slot())
    HEAP.shadowstack_top = base + 3
    set_attribute_error_context(base + 2, base, base + 1)
    obj = base[2]
    HEAP.shadowstack_top = base
    return raise_vm(obj)

cdef str no_attribute_message(gcref_t obj, gcref_t name):
    if has_tid(obj, T_CLASS):
        return f"type object '{class_name(obj)}' has no attribute '{str_to_py(name)}'"
    if has_tid(obj, T_MODULE):
        return f"module '{str_to_py(FLD(obj)[0])}' has no attribute '{str_to_py(name)}'"
    return f"'{type_name(obj)}' object has no attribute '{str_to_py(name)}'"

cdef int raise_cannot_store(gcref_t obj, gcref_t name) except -1:
    # Setting or deleting an attribute an instance without a __dict__ does
    # not hold: read-only where its class has one of that name (CPython's
    # _PyObject_GenericSetAttrWithDict; no name or object is attached).
    if class_lookup(class_of(obj), name) != 0:
        raise AttributeError(f"'{type_name(obj)}' object attribute '{str_to_py(name)}' is read-only")
    raise AttributeError(no_attribute_message(obj, name))

cdef int set_attribute_error_context(gcref_t* eslot, gcref_t* oslot, gcref_t* nslot) except -1:
    # CPython's set_attribute_error_context: an AttributeError that leaves a
    # lookup of oslot[0].<nslot[0]> without a name and an object gets them.
    cdef gcref_t v, key
    if not isinstance_c(eslot[0], exc_class("AttributeError")):
        return 0
    for attr in ("name", "obj"):
        key = intern(attr)
        v = instance_attr(eslot[0], key)
        if v != 0 and v != V_NONE:
            return 0
    setattr_v(eslot, intern("name"), nslot)
    setattr_v(eslot, intern("obj"), oslot)
    return 0

cdef gcref_t exc_from_python(BaseException e) except 0:
    # Convert a CPython exception raised by a helper into the VM class of the
    # same name (CPython's message is reused), made by calling the class (so
    # OSError(errno, strerror, filename) picks its subclass and attributes).
    cdef object idx = None
    cdef gcref_t r
    for klass in type(e).__mro__:
        idx = EXC_BY_HOST_TYPE.get(klass) if klass.__module__ != "builtins" else EXC_CLASSES.get(klass.__name__)
        if idx is None and klass.__module__ != "builtins":
            idx = library_exception_class(klass)
        if idx is not None:
            break
    if idx is None:
        idx = EXC_CLASSES["RuntimeError"]
    # CPython's own MemoryError has no message; the nursery's says why.
    args = () if isinstance(e, MemoryError) else e.args
    if isinstance(e, SyntaxError) and len(args) == 1 and e.lineno is not None:
        # (symtable's errors carry their place in attributes, not in args)
        args = (e.msg, (e.filename, e.lineno, e.offset, e.text, e.end_lineno, e.end_offset))
    if isinstance(e, OSError) and e.filename is not None and len(args) == 2:
        args = (*args, e.filename) + ((None, e.filename2) if e.filename2 is not None else ())
    cdef gcref_t* base = HEAP.shadowstack_top
    push(VM_STATE.roots[<int>idx])
    cdef Py_ssize_t n = 0
    for a in args:
        push(from_host(a))
        n += 1
    push(tuple_from_slots(top_slot() - n + 1, n))
    r = make_exception(top_slot() - n - 1, top_slot()) if not isinstance(e, OSError) else \
        vm_call(top_slot() - n - 1, n)
    HEAP.shadowstack_top = base
    if type(e).__module__ != "builtins" and getattr(e, "__dict__", None):
        push(r)
        copy_host_attributes(top_slot(), e)
        r = pop()
    elif isinstance(e, (NameError, AttributeError)) and e.name is not None:
        # the name that was not found (the traceback's "Did you mean" reads it)
        push(r)
        push(from_host(e.name))
        setattr_v(top_slot() - 1, intern("name"), top_slot())
        pop()
        r = pop()
    return r

cdef object library_exception_class(object klass):
    # The root index of the VM's class for host exception class [klass] when
    # a Python module of the library defines it and the VM runs that module
    # too (re.error, of re._constants: the host's _sre compiles a template
    # with the host's re, whose parser raises it), else None.
    cdef gcref_t m, c
    if type(klass.__module__) is not str or "." in klass.__qualname__:
        return None
    m = dict_get_str(VM_STATE.roots[MODULES_ROOT], intern(klass.__module__))
    if m == 0 or not has_tid(m, T_MODULE):
        return None
    c = dict_get_str(FLD(m)[1], intern(klass.__qualname__))
    if c == 0 or not has_tid(c, T_CLASS) or not RAW(c)[K_FLAGS] & CF_EXCEPTION:
        return None
    idx = EXC_BY_HOST_TYPE[klass] = add_root(c)
    return idx

cdef int copy_host_attributes(gcref_t* exc, BaseException e) except -1:
    # What a delegated module's exception carries besides its args
    # (pyexpat.ExpatError's code, lineno, offset): the plain data of them.
    for name, value in e.__dict__.items():
        try:
            push(from_host(value))
        except TypeError:
            continue
        push(intern(name))
        setattr_v(exc, top_slot()[0], top_slot() - 1)
        HEAP.shadowstack_top -= 2
    return 0

cdef gcref_t py_to_vm(object x) except 0:
    cdef Py_ssize_t n, i
    if x is None:
        return V_NONE
    if x is True:
        return V_TRUE
    if x is False:
        return V_FALSE
    t = type(x)
    if t is int:
        return int_from_py(x)
    if t is float:
        return float_new(x)
    if t is str:
        return str_from_py(x)
    if t is bytes or t is bytearray:
        return bytes_from_py(x)
    if t is tuple or t is list:
        n = len(x)
        for item in x:
            push(py_to_vm(item))
        if t is tuple:
            r = tuple_from_slots(top_slot() - n + 1, n)
        else:
            r = list_from_slots(top_slot() - n + 1, n)
        HEAP.shadowstack_top -= n
        return r
    raise TypeError(f"cannot convert {t.__name__} to a VM value")

