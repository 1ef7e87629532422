# vm/host_modules.pxi, included by _vm.pyx (one extension module, one C file).
#
# Delegated modules and host handles: a C module of CPython's that the VM
# hands out as it is (vmsample/lang/lib/c_modules.toml, kind "delegated";
# _vmhost.delegate(name) from a replacement module), and the objects of
# CPython's that such a module hands back.
#
# ---------------------------------------------------------------- design
# A delegated module is a VM module whose attributes are made from the host
# module's: plain data converted (vm/host.pxi), each function a builtin
# function of its own (a bid added when first needed, whose call converts
# its arguments and result: BID_HOST), each class a *host class*, each
# exception class a VM exception class under the VM's builtin one it
# derives from.
#
# A host class is a VM class standing for a CPython type (select.poll,
# _socket.socket, the objects zlib.compressobj() returns): a builtin-like
# class of kind KIND_HOST whose dict has, for each method, getset and
# special method of the CPython type, a builtin descriptor that calls it on
# the host object.  Its instances are *handles*: instances whose builtin
# value (the first value slot, as any builtin type's subclass: vm/classes.pxi)
# is the index of the host object in HOST_OBJECTS.  So a program may
# subclass a host class (socket.socket does), and every operation of the VM
# finds the host type's methods by the ordinary protocol.  A handle keeps
# its host object alive while it lives: each handle has a death notice whose
# word is its index, and run_finalization (vm/weakrefs.pxi) drops the entry
# when the notice comes back -- as CPython's reference count drops it.  (A
# re.Match holds the string it searched: kept for the whole run, json's
# scanner held a copy of the document per string it read.)

HOST_BIDS = {}            # (host type or module, name) -> bid of the builtin calling it
HOST_OBJECTS = {}         # handle index -> host object
cdef int64_t next_host_index = 0
HOST_CLASS_ROOTS = {}     # host type -> root index of its VM class
HOST_MODULE_ROOTS = {}    # module name -> root index of its VM module

cdef int grow_bid_kinds() except -1:
    # BID_KIND covers every bid, those added since the module loaded too.
    global BID_KIND
    cdef uint8_t* k = <uint8_t*>realloc(BID_KIND, len(BUILTIN_NAMES) + 1)
    if k == NULL:
        raise MemoryError()
    BID_KIND = k
    return 0

cdef int host_bid(object owner, str qualname, str attr, object fn, int kind) except -1:
    # The bid of the builtin that calls [fn] (a host callable) or, for a
    # getset, gets [attr]; made once per process.
    key = (owner, attr)
    bid = HOST_BIDS.get(key)
    if bid is None:
        bid = len(BUILTIN_NAMES)
        BUILTIN_NAMES.append(("getset." if kind == BK_GETSET else "hostfn.") + qualname)
        BUILTIN_IDS[BUILTIN_NAMES[bid]] = bid
        BID_HOST[bid] = fn if kind != BK_GETSET else attr
        HOST_BIDS[key] = bid
        grow_bid_kinds()
        BID_KIND[bid] = kind
    return bid

# ---------------------------------------------------------------- handles

cdef gcref_t host_handle(object x) except 0:
    # A new handle to host object [x].
    cdef gcref_t cls = host_class(type(x))
    cdef gcref_t inst
    push(cls)
    inst = instance_new(top_slot())
    pop()
    return make_handle(inst, x)

cdef gcref_t make_handle(gcref_t inst, object x) except 0:
    # [inst] (an instance of a host class, or of a program's subclass of
    # one) made the handle of [x]: x's entry, released when inst dies.
    global next_host_index
    if gc_death_notice_register(HEAP, HDR(inst), <uint64_t>next_host_index) < 0:
        raise_gc_error()
    HOST_OBJECTS[next_host_index] = x
    FLD(inst)[I_VALUES] = tag(next_host_index)
    next_host_index += 1
    return inst

cdef int release_handles() except -1:
    # The entries of the handles that died (their death notices), dropped.
    cdef uint64_t word
    while gc_next_death_notice(HEAP, &word):
        HOST_OBJECTS.pop(<int64_t>word, None)
    return 0

cdef object handle_object(gcref_t v):
    # The host object of handle [v].
    return HOST_OBJECTS[untag(FLD(v)[I_VALUES])]

cdef gcref_t host_class(object t) except 0:
    # The VM class standing for host type [t] (made on first use).
    cdef gcref_t c, qualname
    idx = HOST_CLASS_ROOTS.get(t)
    if idx is not None:
        return VM_STATE.roots[<int>idx]
    if issubclass(t, BaseException):
        if t.__module__ == "builtins" and t.__name__ in EXC_CLASSES:
            return exc_class(t.__name__)        # (the VM's own BaseException, ValueError...)
        return host_exception_class(t)
    # Its bases are the host classes of its bases (object stays object); a
    # type deriving from a builtin type of CPython's other than object
    # (os.stat_result from tuple) gets object, and its bases' methods.
    host_bases = [b for b in t.__bases__ if b is not object]
    own_bases = all(b.__module__ != "builtins" for b in host_bases)
    if own_bases and host_bases:
        for b in host_bases:
            push(host_class(b))
        push(tuple_from_slots(top_slot() - len(host_bases) + 1, len(host_bases)))
        top_slot()[-len(host_bases)] = top_slot()[0]
        HEAP.shadowstack_top -= len(host_bases)
    else:
        push(kind_class(KIND_OBJECT))
        top_slot()[0] = tuple_from_slots(top_slot(), 1)
    push(intern(t.__name__))
    push(dict_new())
    c = new_class(top_slot() - 1, top_slot() - 2, top_slot(), CF_HOST_TYPE, KIND_HOST, 0)
    HEAP.shadowstack_top -= 3
    idx = HOST_CLASS_ROOTS[t] = add_root(c)
    push(from_host(t.__module__))
    push(FLD(VM_STATE.roots[<int>idx])[K_DICT])
    dict_set_py(top_slot(), "__module__", top_slot()[-1])
    HEAP.shadowstack_top -= 2
    qualname = intern(t.__qualname__)      # may allocate: before [c] is read
    c = VM_STATE.roots[<int>idx]
    push(c)
    store(c, K_QUALNAME, qualname)
    fill_host_class(<int>idx, t, own_bases)
    pop()
    return VM_STATE.roots[<int>idx]

cdef int fill_host_class(int root, object t, bint own_only) except -1:
    # The class's dict: a descriptor per attribute of [t] (and of its bases
    # but object, unless they are the class's bases: [own_only]).
    cdef int bid
    names = {}
    for base in (reversed(t.__mro__) if not own_only else (t,)):
        if base is object:
            continue
        for name, v in vars(base).items():
            names[name] = v
    for name, v in names.items():
        if name in ("__doc__", "__module__", "__qualname__", "__dict__", "__weakref__",
                    "__getattribute__", "__setattr__", "__delattr__", "__init_subclass__",
                    "__subclasshook__", "__class__", "__reduce__", "__reduce_ex__", "__sizeof__",
                    "__dir__", "__format__"):
            continue
        tn = type(v).__name__
        if name == "__new__":
            bid = host_bid(t, f"{t.__qualname__}.__new__", name, t, BK_STATICMETHOD)
        elif tn in ("getset_descriptor", "member_descriptor", "property"):
            bid = host_bid(t, f"{name}", name, None, BK_GETSET)
        elif tn in ("method_descriptor", "wrapper_descriptor", "function", "builtin_function_or_method"):
            bid = host_bid(t, f"{t.__qualname__}.{name}", name, getattr(t, name), BK_METHOD)
        elif tn == "classmethod_descriptor" or tn == "classmethod":
            bid = host_bid(t, f"{t.__qualname__}.{name}", name, getattr(t, name), BK_CLASSMETHOD)
        elif tn == "staticmethod":
            bid = host_bid(t, f"{t.__qualname__}.{name}", name, getattr(t, name), BK_STATICMETHOD)
        elif v is None:
            if getattr(t, "__dictoffset__", 0):
                # a default that an instance's own __dict__ shadows (an ast
                # node's optional field): read through __getattr__ below,
                # which asks the host, never from the VM class
                continue
            push(FLD(VM_STATE.roots[root])[K_DICT])
            dict_set_py(top_slot(), name, V_NONE)
            pop()
            continue
        else:
            try:
                push(from_host(v))
            except TypeError:
                continue
            push(FLD(VM_STATE.roots[root])[K_DICT])
            dict_set_py(top_slot(), name, top_slot()[-1])
            HEAP.shadowstack_top -= 2
            continue
        push(FLD(VM_STATE.roots[root])[K_DICT])
        dict_set_py(top_slot(), name, mk_descr(bid, root))
        pop()
    if t.__weakrefoffset__ and t.__module__ != "builtins":
        # its instances can be referred to weakly (weakref.proxy(re.compile(...)))
        push(VM_STATE.roots[root])
        dict_set_getset(top_slot(), "__weakref__")
        pop()
    if "__getattr__" not in names and getattr(t, "__dictoffset__", 0):
        # what the instances hold in their own __dict__ (an ast node's fields)
        bid = host_bid(t, f"{t.__qualname__}.__getattr__", "__getattr__", host_instance_attribute, BK_METHOD)
        push(FLD(VM_STATE.roots[root])[K_DICT])
        dict_set_py(top_slot(), "__getattr__", mk_descr(bid, root))
        pop()
    push(VM_STATE.roots[root])
    update_class_flags(top_slot()[0])
    pop()
    return 0

def host_instance_attribute(obj, name):
    # A host object's attribute that its type's VM class lacks: one of its
    # own __dict__ (the VM class has its type's attributes only).
    return getattr(obj, name)

cdef gcref_t host_exception_class(object t) except 0:
    # A VM exception class for host exception type [t] (zlib.error...):
    # under the VM's builtin class of its nearest builtin base.
    cdef gcref_t c, qualname
    base = t.__mro__[1]
    if base.__module__ == "builtins":
        push(exc_class(base.__name__))
    else:
        push(host_exception_class(base))
    top_slot()[0] = tuple_from_slots(top_slot(), 1)
    push(intern(t.__name__))
    push(dict_new())
    dict_set_py(top_slot(), "__module__", from_host(t.__module__))
    c = new_class(top_slot() - 1, top_slot() - 2, top_slot(), CF_EXCEPTION, KIND_BASEEXC, 0)
    HEAP.shadowstack_top -= 3
    push(c)
    qualname = intern(t.__qualname__)      # may allocate: [c] is read again from the stack
    store(top_slot()[0], K_QUALNAME, qualname)
    idx = HOST_CLASS_ROOTS[t] = add_root(pop())
    EXC_BY_HOST_TYPE[t] = idx
    return VM_STATE.roots[<int>idx]

EXC_BY_HOST_TYPE = {}       # host exception type -> root index of its VM class

cdef object host_type_of(gcref_t cls):
    # The host type a host class stands for.
    for ht, idx in HOST_CLASS_ROOTS.items():
        if VM_STATE.roots[<int>idx] == cls:
            return ht
    raise SystemError("not a host class")

cdef gcref_t class_for_host_type(object t) except 0:
    # The VM class for host type [t]: a builtin class of the VM's for
    # CPython's builtin types, else a host class.
    cdef object idx
    if t.__module__ == "builtins":
        if issubclass(t, BaseException):
            idx = EXC_CLASSES.get(t.__name__)
            if idx is not None:
                return VM_STATE.roots[<int>idx]
        else:
            push(VM_STATE.roots[R_BUILTINS])
            v = dict_get_str(top_slot()[0], intern(t.__name__))
            pop()
            if v != 0 and has_tid(v, T_CLASS):
                return v
    return host_class(t)

cdef gcref_t host_new(gcref_t owner, gcref_t* a, Py_ssize_t nall, gcref_t kwnames) except 0:
    # HostClass.__new__(cls, *args): the host type's __new__; for a
    # subclass, an instance of it carrying the new host object.
    cdef Py_ssize_t nk = LEN(kwnames) if kwnames else 0, n = nall - nk, i
    cdef gcref_t inst
    if n < 1 or not has_tid(a[0], T_CLASS) or not is_subclass(a[0], owner):
        raise TypeError(f"{class_name(owner)}.__new__(X): X is not a subtype of {class_name(owner)}")
    t = host_type_of(owner)
    args = [to_host(a + i) for i in range(1, n)]
    kw = {str_to_py(FLD(kwnames)[i]): to_host(a + n + i) for i in range(nk)}
    x = t.__new__(t, *args, **kw)
    if a[0] == owner:
        return host_handle(x)
    return make_handle(instance_new(a), x)

# ---------------------------------------------------------------- delegated modules

cdef gcref_t host_module(str name) except 0:
    # The VM module delegating to host module [name] (made once per run).
    cdef gcref_t m
    idx = HOST_MODULE_ROOTS.get(name)
    if idx is not None:
        return VM_STATE.roots[<int>idx]
    import importlib
    hm = importlib.import_module(name)
    push(dict_new())
    cdef gcref_t* d = top_slot()
    for attr in dir(hm):
        v = getattr(hm, attr)
        if attr in ("__builtins__", "__loader__", "__spec__", "__file__", "__cached__", "__path__"):
            continue
        if isinstance(v, type):
            push(host_class(v))
        elif type(v).__name__ == "builtin_function_or_method" or (callable(v) and not isinstance(v, type)
                                                                and type(v).__name__ == "function"):
            push(mk_bfunc(host_bid(hm, f"{name}.{attr}", attr, v, BK_FUNCTION)))
        elif type(v).__name__ == "module":
            # Its own submodules (pyexpat.errors, pyexpat.model) are
            # delegated modules too; a module it merely imported is not its.
            if not v.__name__.startswith(name + "."):
                continue
            push(host_module(v.__name__))
        else:
            try:
                push(from_host(v))
            except TypeError:
                push(host_handle(v))
        dict_set_py(d, attr, top_slot()[0])
        pop()
    dict_set_py(d, "__name__", intern(name))
    m = module_object(name)         # (pops the dict)
    idx = HOST_MODULE_ROOTS[name] = add_root(m)
    return VM_STATE.roots[<int>idx]
