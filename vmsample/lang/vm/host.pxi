# vm/host.pxi, included by _vm.pyx (one extension module, one C file).
#
# The host: CPython values for VM values and back, and calling CPython's own
# implementation of an operation on them (delegation).
#
# ---------------------------------------------------------------- delegation
# Where CPython's answer depends only on plain data -- the methods of str,
# bytes, int, float and complex, the engines of delegated modules -- the VM
# asks CPython itself: the arguments become CPython values ([to_host]), the
# host's function runs, and its result becomes VM values ([from_host]),
# every one allocated in the nursery as the VM's own.  An exception the host
# raises reaches the eval loop, which turns it into the VM exception of the
# same class with the same arguments (vm/exceptions.pxi), so messages and
# argument checks are CPython's by construction.
#
# A VM value that has no host counterpart (an instance of a program's class,
# a function...) goes to the host as a *placeholder*: an instance of a host
# class with the VM class's name, so that the host's "unsupported operand
# type(s) for +: 'int' and 'Point'" names the right type; a host function
# that would call a method of it fails instead of calling VM code -- except
# the numeric protocols, which CPython's C functions call on their arguments
# (see [proxies] below).

class _Placeholder:
    """A VM value with no CPython counterpart, seen by CPython code."""
    __slots__ = ()

PLACEHOLDER_TYPES = {}      # (VM type name, host base or None, its proxied methods) -> host type

cdef object placeholder(gcref_t* slot):
    # The host's stand-in for the VM value slot[0]: a proxy if its class
    # defines any of PROXIED, else a bare placeholder.
    defined = proxied_methods(slot) if has_tid(slot[0], T_INSTANCE) else ()
    name = type_name(slot[0])
    key = (name, None, defined)
    t = PLACEHOLDER_TYPES.get(key)
    if t is None:
        if defined:
            t = type(name, (_Proxy,), {"__slots__": ("_vm",), **{p: _proxy_method(p) for p in defined}})
        else:
            t = type(name, (_Placeholder,), {"__slots__": ()})
        PLACEHOLDER_TYPES[key] = t
    x = t()
    if defined:
        x._vm = VMCallable(slot[0])         # (keeps the VM value in a root)
    return x

# The host copy of the last long str handed to the host, kept (one entry):
# a program that searches one text at many positions (re's pattern.match(text,
# pos) in a tokenizer, json's scanner) converts it once, and the re.Match
# objects it gets share that copy instead of holding one each.  The entry's
# root keeps the VM str alive, so a str at that address is that very str
# (strs are immutable).
LONG_STR = 4096             # chars from which a str's host copy is kept
HOST_LONG_STR = {}          # root index -> the host copy of the str it holds

cdef object str_to_host(gcref_t* slot):
    if LEN(slot[0]) < LONG_STR:
        return str_to_py(slot[0])
    for root, host in HOST_LONG_STR.items():
        if VM_STATE.roots[<int>root] == slot[0]:
            return host
        HOST_LONG_STR.clear()
        break
    else:
        root = add_root(slot[0])
    host = str_to_py(slot[0])
    VM_STATE.roots[<int>root] = slot[0]
    HOST_LONG_STR[root] = host
    return host

cdef object to_host(gcref_t* slot):
    # The CPython value of slot[0] (containers converted item by item).
    cdef gcref_t v = slot[0]
    cdef uint16_t t
    cdef Py_ssize_t i
    if is_int(v):
        return untag(v)
    if v == V_NONE:
        return None
    if v == V_TRUE:
        return True
    if v == V_FALSE:
        return False
    if v == V_ELLIPSIS:
        return Ellipsis
    if v == V_NOTIMPL:
        return NotImplemented
    if is_bfunc(v) or is_bmethod(v):
        return VMCallable(v)
    if not is_obj(v):
        return placeholder(slot)
    t = TID(v)
    if t == T_STR:
        return str_to_host(slot)
    if t == T_FLOAT:
        return FVAL(v)
    if t == T_BIGINT:
        return big_to_py(v)
    if t == T_COMPLEX:
        return complex(CREAL(v), CIMAG(v))
    if t == T_BYTES:
        return bytes_to_py(v)
    if t == T_BYTEARRAY:
        return bytearray(bytes_to_py(v))
    if t == T_INSTANCE and builtin_base_kind(FLD(v)[I_CLASS]) == KIND_HOST:
        return handle_object(v)
    if t == T_CLASS and RAW(v)[K_KIND] == KIND_HOST and RAW(v)[K_FLAGS] & CF_HOST_TYPE:
        return host_type_of(v)
    if t == T_INSTANCE and (builtin_base_kind(FLD(v)[I_CLASS]) == KIND_INT or
                            builtin_base_kind(FLD(v)[I_CLASS]) == KIND_FLOAT):
        defined = proxied_methods(slot)
        if defined:
            return number_proxy(slot, defined)
        v = slot[0]
    if t == T_INSTANCE and builtin_base_kind(FLD(v)[I_CLASS]) != 0:
        return builtin_value_to_host(slot)
    if t == T_INSTANCE and class_lookup(FLD(v)[I_CLASS], intern("__buffer_bytes__")) != 0:
        return buffer_to_host(slot)
    if t == T_FUNCTION or t == T_BOUND or (t == T_INSTANCE and class_lookup(FLD(v)[I_CLASS], MAGIC(M_CALL))):
        return VMCallable(v)
    if is_iterator(v) or (t == T_INSTANCE and class_lookup(FLD(v)[I_CLASS], MAGIC(M_ITER))) or \
            t == T_DICTVIEW:
        return vm_iterable(v)
    if t == T_TUPLE or t == T_LIST or t == T_SET or t == T_FROZENSET or t == T_DICT or t == T_SLICE \
            or t == T_RANGE:
        enter_recursion("while converting a value")
        try:
            return container_to_host(slot, t)
        finally:
            leave_recursion()
    return placeholder(slot)

# A VM object that is a buffer (memoryview, array.array: their class has
# __buffer_bytes__, app/types.py) seen by CPython code: a host memoryview of
# its bytes in its format, so that a delegated function reads it as a buffer
# (re searches it, zlib compresses it) or iterates its items, as CPython's
# would.  Handed back (a re.Match's string), it is the VM object again: each
# such memoryview is listed, with a root of its VM object, while it lives.
HOST_BUFFERS = {}           # id of the host memoryview -> (weak reference to it, VMCallable of the VM object)

cdef object buffer_to_host(gcref_t* slot):
    cdef gcref_t* base = HEAP.shadowstack_top
    cdef gcref_t v
    try:
        push(call_method0(class_lookup(FLD(slot[0])[I_CLASS], intern("__buffer_bytes__")), slot[0]))
        if not has_tid(unwrap(top_slot()[0]), T_BYTES):
            raise TypeError(f"__buffer_bytes__ returned non-bytes (type {type_name(top_slot()[0])})")
        view = memoryview(bytes_to_py(unwrap(top_slot()[0])))
        fmt = None
        for attr in ("format", "typecode"):
            v = getattr_or_0(slot, intern(attr))
            if v != 0 and has_tid(v, T_STR):
                fmt = str_to_py(v)
                break
    finally:
        HEAP.shadowstack_top = base
    if fmt is not None and fmt != "B":
        try:
            view = view.cast(fmt)
        except (TypeError, ValueError):
            pass                        # ('u': no memoryview format; its bytes)
    key = id(view)
    HOST_BUFFERS[key] = (_weakref.ref(view, _forget_host_buffer(key)), VMCallable(slot[0]))
    return view

import weakref as _weakref

def _forget_host_buffer(key):
    return lambda ref: HOST_BUFFERS.pop(key, None)

cdef object container_to_host(gcref_t* slot, uint16_t t):
    cdef Py_ssize_t i
    cdef gcref_t m
    out = []
    if t == T_TUPLE or t == T_LIST:
        i = 0
        while i < SEQLEN(slot[0]):
            push(ITEMS(slot[0])[i])
            out.append(to_host(top_slot()))
            pop()
            i += 1
        return tuple(out) if t == T_TUPLE else out
    if t == T_DICT:
        d = {}
        i = 0
        while i < RAW(slot[0])[D_NENTRIES]:
            if ENT(slot[0])[3 * i + 1] != 0:
                push(ENT(slot[0])[3 * i + 1])
                push(ENT(slot[0])[3 * i + 2])
                d[to_host(top_slot() - 1)] = to_host(top_slot())
                HEAP.shadowstack_top -= 2
            i += 1
        return d
    if t == T_SET or t == T_FROZENSET:
        i = 0
        while i <= RAW(slot[0])[S_MASK]:
            m = STAB(slot[0])[2 * i + 1]
            if m != 0 and m != V_DUMMY:
                push(m)
                out.append(to_host(top_slot()))
                pop()
            i += 1
        return set(out) if t == T_SET else frozenset(out)
    if t == T_SLICE:
        for i in range(3):
            push(FLD(slot[0])[i])
            out.append(to_host(top_slot()))
            pop()
        return slice(*out)
    return range_to_py(slot[0])         # T_RANGE

cdef gcref_t from_host(object x) except 0:
    # A new VM value for CPython value [x].
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
        if len(x) >= LONG_STR:
            # the host copy of a long VM str (str_to_host) is that str again
            # (re.split(p, s) with no match gives [s] itself, as CPython's)
            for root, host in HOST_LONG_STR.items():
                if host is x:
                    return VM_STATE.roots[<int>root]
        return str_from_py(x)
    if t is tuple or t is list:
        n = len(x)
        if HEAP.shadowstack_top + n + 4 > HEAP.shadowstack_end:
            raise RecursionError("maximum recursion depth exceeded")
        enter_recursion("while converting a value")
        try:
            for item in x:
                push(from_host(item))
        finally:
            leave_recursion()
        r = tuple_from_slots(top_slot() - n + 1, n) if t is tuple else list_from_slots(top_slot() - n + 1, n)
        HEAP.shadowstack_top -= n
        return r
    if t is bytes or t is bytearray:
        return bytes_from_py(x)
    if t is complex:
        return complex_new(x.real, x.imag)
    if t is dict:
        push(dict_new())
        for k, v in x.items():
            push(from_host(k))
            push(from_host(v))
            dict_set(top_slot() - 2, top_slot() - 1, top_slot())
            HEAP.shadowstack_top -= 2
        return pop()
    if t is set or t is frozenset:
        push(set_new())
        for k in x:
            push(from_host(k))
            set_add(top_slot() - 1, top_slot())
            pop()
        return frozenset_adopting(pop()) if t is frozenset else pop()
    if x is Ellipsis:
        return V_ELLIPSIS
    if x is NotImplemented:
        return V_NOTIMPL
    if t is range:
        return range_from_py(x)
    if t is slice:
        push(from_host(x.start))
        push(from_host(x.stop))
        push(from_host(x.step))
        r = alloc_fixed(T_SLICE)
        FLD(r)[2] = pop()
        FLD(r)[1] = pop()
        FLD(r)[0] = pop()
        return r
    if isinstance(x, _Proxy):
        return proxied_value(x)
    if t is memoryview:
        entry = HOST_BUFFERS.get(id(x))
        if entry is not None and entry[0]() is x:
            return (<VMCallable>entry[1]).value()
    if t is VMCallable:
        return (<VMCallable>x).value()      # (signal.getsignal: the handler the VM installed)
    if isinstance(x, tuple) and hasattr(t, "n_sequence_fields"):
        return structseq_from_host(x)
    if isinstance(x, type):
        return class_for_host_type(x)
    if isinstance(x, bool):
        return vbool(x)
    if isinstance(x, int):
        return int_from_py(int(x))
    if isinstance(x, float):
        return float_new(float(x))
    if isinstance(x, str):
        return str_from_py(str(x))
    if type(x).__name__ == "builtin_function_or_method":
        return mk_bfunc(host_bid(None, getattr(x, "__qualname__", x.__name__), str(id(x)), x, BK_FUNCTION))
    return host_handle(x)

cdef class VMCallable:
    """A VM callable seen by CPython code (re.sub's replacement function,
    a key= of a delegated function): calling it calls the VM callable,
    arguments and result converted.  It keeps its VM callable in a root
    for as long as CPython holds it."""
    cdef int root
    cdef int generation

    def __cinit__(self, gcref_t v):
        self.root = add_root(v)
        self.generation = VM_GENERATION

    def __dealloc__(self):
        # (at the host's exit, the VM's run may be long over: nothing to release)
        if self.generation == VM_GENERATION and VM_STATE.roots != NULL and FREE_ROOTS is not None:
            release_root(self.root)

    cdef gcref_t value(self) except 0:
        # The VM callable, if its VM run is the one running.
        if self.generation != VM_GENERATION:
            raise RuntimeError("a VM callable outlived its VM run")
        return VM_STATE.roots[self.root]

    def __call__(self, *args, **kwargs):
        # (called from a host call made without the VM lock: a signal's
        # handler, vm/threads.pxi, relock_for_callback)
        cdef unsigned long generation = 0
        cdef VMThread* relocked = relock_for_callback(&generation)
        try:
            return self.call(args, kwargs)
        finally:
            unlock_after_callback(relocked, generation)

    cdef object call(self, tuple args, dict kwargs):
        cdef gcref_t* base = HEAP.shadowstack_top
        cdef gcref_t r
        cdef gcref_t kwn = 0
        push(self.value())
        for x in args:
            push(from_host(x))
        for x in kwargs.values():
            push(from_host(x))
        if kwargs:
            kwn = keyword_names(tuple(kwargs))
        try:
            r = call_nested(base, len(args) + len(kwargs), kwn)
            return to_host(&r)
        finally:
            HEAP.shadowstack_top = base

cdef int VM_GENERATION = 0      # which VM run (run_program) the VM's state belongs to

class _VMIterable:
    """A VM iterable seen by CPython code (bytes(map(...)), int.from_bytes
    of a generator): iterating it iterates the VM value, each item
    converted.  Its type is named after the VM value's type, as a
    placeholder's (CPython's messages name it)."""
    __slots__ = ("_callable",)

    def __iter__(self):
        return _VMIterator(self._callable)

VM_ITERABLE_TYPES = {}

cdef object vm_iterable(gcref_t v):
    name = type_name(v)
    t = VM_ITERABLE_TYPES.get(name)
    if t is None:
        t = VM_ITERABLE_TYPES[name] = type(name, (_VMIterable,), {"__slots__": ()})
    x = t()
    x._callable = VMCallable(v)        # (keeps the VM value in a root)
    return x

cdef class _VMIterator:
    # The host iterator over a VM iterable: the VM iterator in a root.
    cdef VMCallable it

    def __init__(self, VMCallable source):
        cdef gcref_t* base = HEAP.shadowstack_top
        push(VM_STATE.roots[source.root])
        try:
            self.it = VMCallable(get_iter(top_slot()))
        finally:
            HEAP.shadowstack_top = base

    def __iter__(self):
        return self

    def __next__(self):
        cdef gcref_t* base = HEAP.shadowstack_top
        cdef gcref_t v
        push(VM_STATE.roots[self.it.root])
        try:
            v = for_iter(top_slot())
            if v == 0:
                raise StopIteration
            push(v)
            return to_host(top_slot())
        finally:
            HEAP.shadowstack_top = base

# ---------------------------------------------------------------- proxies
# CPython's C functions convert their arguments by protocols: math.comb and
# slice.indices call __index__, math.sqrt __float__, math.floor __floor__,
# math.prod multiplies.  A VM instance whose class defines some of these
# goes to the host as a *proxy*: a placeholder whose type has exactly those
# methods (so the host falls back where CPython falls back: math.floor uses
# __float__ when there is no __floor__), each calling the VM's own method,
# arguments and result converted.  A proxy the host hands back (a returned
# argument, max()) is its VM value again.

PROXIED = ("__index__", "__int__", "__float__", "__complex__", "__trunc__", "__floor__", "__ceil__",
           "__round__", "__abs__", "__neg__", "__pos__",
           "__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__truediv__",
           "__rtruediv__", "__floordiv__", "__rfloordiv__", "__mod__", "__rmod__", "__pow__", "__rpow__",
           "__lt__", "__le__", "__gt__", "__ge__")

class _Proxy(_Placeholder):
    """A VM value seen by CPython code, with the numeric protocols its class
    defines; its _vm holds the value."""
    __slots__ = ()

cdef tuple proxied_methods(gcref_t* slot):
    # Which of PROXIED the class of instance slot[0] defines (not a builtin's).
    cdef gcref_t m
    defined = []
    for p in PROXIED:
        m = intern(p)                       # (may allocate: before the class is read)
        m = class_lookup(FLD(slot[0])[I_CLASS], m)
        if m != 0 and not is_bfunc(m):
            defined.append(p)
    return tuple(defined)

cdef object number_proxy(gcref_t* slot, tuple defined):
    # An int or float subclass's instance whose class overrides some of
    # PROXIED: an instance of a host subclass of int or float, with its value
    # and those methods (math.floor of a float subclass calls its __floor__).
    value = builtin_value_to_host(slot)
    name = type_name(slot[0])
    key = (name, type(value), defined)
    t = PLACEHOLDER_TYPES.get(key)
    if t is None:       # (no __slots__: an int subclass has none; _vm is in its __dict__)
        t = PLACEHOLDER_TYPES[key] = type(name, (type(value), _Proxy),
                                          {p: _proxy_method(p) for p in defined})
    x = t(value)
    x._vm = VMCallable(slot[0])
    return x

cdef object builtin_value_to_host(gcref_t* slot):
    # The host value of the builtin value a builtin subclass's instance carries.
    push(FLD(slot[0])[I_VALUES])
    try:
        return to_host(top_slot())
    finally:
        pop()

def _proxy_method(str name):
    def method(self, *args):
        return proxy_call(self._vm, name, args)
    method.__name__ = name
    return method

# the builtin values that int(), float() and math convert themselves
NUMERIC_ARG_KINDS = frozenset({KIND_INT, KIND_BOOL, KIND_FLOAT, KIND_COMPLEX, KIND_STR, KIND_BYTES, KIND_BYTEARRAY,
                               KIND_HOST})

cdef object numeric_arg(gcref_t* slot):
    # The host value that CPython's int(), float() and math functions are to
    # convert: a builtin subclass's own value, or a program's instance as a
    # proxy (never a VM callable or iterable, whatever else its class has).
    # A container's subclass is a proxy too: CPython converts it only by
    # its __int__, __index__, __float__ (class Frag(Node, list)).  A buffer
    # (memoryview, array) without those is its bytes, as CPython's int(),
    # float() read them last.
    cdef gcref_t buffer_bytes
    if has_tid(slot[0], T_INSTANCE) and builtin_base_kind(FLD(slot[0])[I_CLASS]) not in NUMERIC_ARG_KINDS:
        buffer_bytes = intern("__buffer_bytes__")       # (may allocate: before the class is read)
        if magic_of(slot[0], M_INT) == 0 and magic_of(slot[0], M_INDEX) == 0 and \
                magic_of(slot[0], M_FLOAT) == 0 and class_lookup(FLD(slot[0])[I_CLASS], buffer_bytes) != 0:
            return buffer_to_host(slot)
        return placeholder(slot)
    return to_host(slot)

cdef gcref_t proxied_value(object x) except 0:
    cdef VMCallable h = x._vm
    if h.generation != VM_GENERATION:
        raise RuntimeError("a VM value outlived its VM run")
    return VM_STATE.roots[h.root]

cdef object proxy_call(VMCallable h, str name, tuple args):
    # type(v).name(v, *args) for the VM value v that [h] holds.
    cdef gcref_t* base = HEAP.shadowstack_top
    cdef gcref_t m
    cdef Py_ssize_t nself = 1
    if h.generation != VM_GENERATION:
        raise RuntimeError("a VM value outlived its VM run")
    m = intern(name)
    m = class_lookup(class_of(VM_STATE.roots[h.root]), m)
    if m == 0:              # (deleted from the class since)
        raise AttributeError(name)
    try:
        push(m)
        if binds_by_get(m):
            # a descriptor: what its __get__ gives is called (as CPython's
            # _PyObject_LookupSpecial binds it; its error is the call's)
            bind_special(base, VM_STATE.roots[h.root])
            nself = 0
        else:
            push(VM_STATE.roots[h.root])
        for x in args:
            push(from_host(x))
        call_nested(base, nself + len(args), 0)
        HEAP.shadowstack_top = base + 1
        if name in CONVERSIONS and has_tid(base[0], T_INSTANCE) and \
                builtin_base_kind(FLD(base[0])[I_CLASS]) in (KIND_INT, KIND_FLOAT, KIND_COMPLEX):
            return number_subclass_value(base)
        return to_host(base)
    finally:
        HEAP.shadowstack_top = base

# A conversion that gives an instance of a subclass of int, float or complex
# gives the host an instance of a host subclass of the same name, so that
# CPython checks and warns of it as of its own ("__float__ returned
# non-float (type F)... is deprecated").
CONVERSIONS = frozenset({"__index__", "__int__", "__float__", "__complex__"})
NUMBER_SUBCLASSES = {}      # (name, host type) -> host subclass

cdef object number_subclass_value(gcref_t* slot):
    name = type_name(slot[0])
    value = builtin_value_to_host(slot)
    key = (name, type(value))
    t = NUMBER_SUBCLASSES.get(key)
    if t is None:
        t = NUMBER_SUBCLASSES[key] = type(name, (type(value),), {})
    return t(value)

cdef object call_host_warning(object fn, tuple args):
    # fn(*args) for a constructor of CPython's numbers whose protocols warn
    # (int() through __trunc__, a __float__ returning a float subclass): the
    # host's warnings, caught, are the program's, issued again through the
    # VM's warnings module (its filters, assertWarns).
    import warnings
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            return fn(*args)
        finally:
            for w in caught:
                vm_warn(w.category.__name__ if w.category.__name__ in EXC_CLASSES else "Warning", str(w.message))

cdef int vm_warn(str category, str message) except -1:
    # warnings.warn(message, category) through the VM's warnings module,
    # for the program's frame that called the builtin (stacklevel 1).
    cdef gcref_t* base = HEAP.shadowstack_top
    push(import_module(intern("warnings")))
    push(getattr_or_0(top_slot(), intern("warn")))
    push(str_from_py(message))
    push(exc_class(category))
    try:
        vm_call(top_slot() - 2, 2)
    finally:
        HEAP.shadowstack_top = base
    return 0

# The C modules whose functions take paths: CPython's path converter calls a
# path-like argument's __fspath__, which the host cannot do for a VM object.
PATH_MODULES = frozenset({"posix", "nt", "io", "_io", "_stat"})

cdef object host_path_arg(gcref_t* slot):
    # The host value of a path argument: an object with __fspath__ gives its path.
    cdef gcref_t m
    if has_tid(slot[0], T_INSTANCE):
        m = intern("__fspath__")            # (may allocate: before the class is read)
        m = class_lookup(FLD(slot[0])[I_CLASS], m)
        if m != 0:
            push(call_method0(m, slot[0]))
            try:
                return to_host(top_slot())
            finally:
                pop()
    return to_host(slot)

# The host calls that may wait for ever (for another thread of the
# program, another process or the network): with other VM threads running,
# they are made without the VM lock (vm/threads.pxi, call_unlocked).  Each
# is "MODULE.FUNCTION" or "MODULE.TYPE.METHOD" of the delegated modules.
BLOCKING_HOST_CALLS = frozenset(
    [f"_socket.socket.{m}" for m in ("_accept", "recv", "recv_into", "recvfrom", "recvfrom_into", "recvmsg",
                                     "recvmsg_into", "send", "sendall", "sendto", "sendmsg", "connect",
                                     "connect_ex")]
    + [f"posix.{f}" for f in ("read", "readv", "pread", "write", "writev", "pwrite", "wait", "waitpid",
                              "wait3", "wait4", "waitid", "system", "sendfile")]
    + [f"_signal.{f}" for f in ("pause", "sigwait", "sigwaitinfo", "sigtimedwait")]
    + ["select.select", "select.poll.poll", "select.epoll.poll", "_socket.getaddrinfo",
       "_socket.gethostbyname", "_socket.gethostbyaddr", "_ssl._SSLSocket.read", "_ssl._SSLSocket.write",
       "_ssl._SSLSocket.do_handshake"])
BLOCKS = {}             # host callable -> whether it is one of them

cdef bint blocks(object fn):
    found = BLOCKS.get(fn)
    if found is None:
        owner = getattr(fn, "__objclass__", None)
        if owner is not None:
            name = f"{owner.__module__}.{owner.__name__}.{getattr(fn, '__name__', '')}"
        else:
            name = f"{getattr(fn, '__module__', None)}.{getattr(fn, '__name__', '')}"
        found = BLOCKS[fn] = name in BLOCKING_HOST_CALLS
    return found

cdef bint plain_host_values(values):
    # Whether [values] (converted arguments) call no VM code when the host
    # uses them: no VMCallable, proxy or iterable of the VM's (types of this
    # module), in a container either.
    for x in values:
        if type(x).__module__ == __name__:
            return False
        if type(x) in (tuple, list) and not plain_host_values(x):
            return False
    return True

cdef gcref_t call_host(object fn, gcref_t* a, Py_ssize_t n, gcref_t kwnames) except 0:
    # fn(*a[:n - nkw], **{kwnames: ...}) on host values; the result as a VM
    # value.  Then the handlers of the signals the call brought (os.kill of
    # the process itself, an alarm during a read), as CPython runs them at
    # the bytecode after a call: the next safe point may be after the with
    # block or the try that expects the handler's exception.
    cdef gcref_t r = call_host_converted(fn, a, n, kwnames)
    if signal_due():
        push(r)
        try:
            run_due_signal_handlers()
        finally:
            r = pop()
    return r

cdef gcref_t call_host_converted(object fn, gcref_t* a, Py_ssize_t n, gcref_t kwnames) except 0:
    cdef Py_ssize_t npos = n - (LEN(kwnames) if kwnames else 0), i
    if getattr(fn, "__module__", None) in PATH_MODULES:
        args = [host_path_arg(a + i) for i in range(npos)]
    else:
        args = [to_host(a + i) for i in range(npos)]
    kw = {str_to_py(FLD(kwnames)[i]): to_host(a + npos + i) for i in range(LEN(kwnames))} if kwnames else {}
    if MAIN_THREAD.next != NULL and RUNNING != NULL and blocks(fn) \
            and plain_host_values(args) and plain_host_values(kw.values()):
        return from_host(call_unlocked(fn, args, kw))
    if kwnames:
        return host_result(fn(*args, **kw), args, a)
    if fn is _host_sleep and npos == 1 and type(args[0]) in (int, float) and 0 <= args[0] <= 1e9 \
            and RUNNING != NULL:
        # The VM lock is released while it sleeps (vm/threads.pxi); CPython
        # refuses the other lengths, with its messages.
        sleep_unlocked(args[0])
        return V_NONE
    return host_result(fn(*args), args, a)

cdef gcref_t host_result(object res, list args, gcref_t* a) except 0:
    # The VM value of what a host call returned: the handle it came as when
    # it is the host object of one of the call's handles (a re.Pattern's
    # __copy__ returns the pattern itself: copy.copy(p) is p, as CPython's),
    # else a new value.  (A handle may have gone to the host as something
    # else: os.fspath(entry) gets the DirEntry's path, and returns that.)
    cdef Py_ssize_t i
    for i in range(len(args)):
        if args[i] is res and has_tid(a[i], T_INSTANCE) and builtin_base_kind(FLD(a[i])[I_CLASS]) == KIND_HOST \
                and to_host(a + i) is res:
            return a[i]
    return from_host(res)

from time import sleep as _host_sleep

# ---------------------------------------------------------------- complex
# A complex number is two raw doubles; its arithmetic and methods are the
# host's (delegated: vm/slots.pxi).

cdef inline double CREAL(gcref_t c) noexcept nogil:
    return (<double*>(c + 8))[0]

cdef inline double CIMAG(gcref_t c) noexcept nogil:
    return (<double*>(c + 8))[1]

cdef gcref_t complex_new(double re, double im) except 0:
    cdef gcref_t c = alloc_fixed(T_COMPLEX)
    (<double*>(c + 8))[0] = re
    (<double*>(c + 8))[1] = im
    return c

# ---------------------------------------------------------------- struct sequences
# A CPython struct sequence (sys.version_info, os.stat_result) becomes an
# instance of the VM class made for its type (vmsample/lang/app/structseq.py).

STRUCTSEQ_ROOTS = {}        # CPython type -> root index of its VM class

cdef gcref_t structseq_class(object t) except 0:
    idx = STRUCTSEQ_ROOTS.get(t)
    if idx is None:
        names = [n for n, v in vars(t).items() if type(v).__name__ == "member_descriptor"]
        push(app_object("structseq_type"))
        for v in (t.__module__, t.__qualname__, tuple(names), t.n_sequence_fields,
                  t.n_unnamed_fields, t.__doc__):
            push(from_host(v))
        r = vm_call(top_slot() - 6, 6)
        pop()
        idx = STRUCTSEQ_ROOTS[t] = add_root(r)
    return VM_STATE.roots[<int>idx]

cdef gcref_t structseq_from_host(object x) except 0:
    t = type(x)
    cdef gcref_t cls = structseq_class(t)
    names = [n for n, v in vars(t).items() if type(v).__name__ == "member_descriptor"]
    extra = names[t.n_sequence_fields - t.n_unnamed_fields:]
    seq = tuple(x) + tuple(getattr(x, n) for n in extra)
    push(cls)
    push(from_host(seq))
    r = vm_call(top_slot() - 1, 1)
    pop()
    return r
