# vm/startup.pxi, included by _vm.pyx (one extension module, one C file).
#
# Start-up: the builtin exception tree, the builtin classes and their
# method dicts, interned names, modules.  Runs once per program.
# Globals: fills VM_STATE.roots, MAGIC_ROOT, TID_CLASS, KIND_ROOT, EXC_CLASSES,
# CHAR_ROOTS, MODULES_ROOT, STDERR_ROOT.

# ---------------------------------------------------------------- start-up

EXCEPTION_TREE = [
    ("BaseException", None), ("Exception", "BaseException"), ("SystemExit", "BaseException"),
    ("KeyboardInterrupt", "BaseException"), ("GeneratorExit", "BaseException"),
    ("ArithmeticError", "Exception"), ("ZeroDivisionError", "ArithmeticError"),
    ("OverflowError", "ArithmeticError"), ("FloatingPointError", "ArithmeticError"),
    ("LookupError", "Exception"), ("IndexError", "LookupError"), ("KeyError", "LookupError"),
    ("ValueError", "Exception"), ("UnicodeError", "ValueError"), ("TypeError", "Exception"),
    ("NameError", "Exception"), ("UnboundLocalError", "NameError"),
    ("AttributeError", "Exception"), ("RuntimeError", "Exception"),
    ("RecursionError", "RuntimeError"), ("NotImplementedError", "RuntimeError"),
    ("StopIteration", "Exception"), ("StopAsyncIteration", "Exception"), ("AssertionError", "Exception"),
    ("MemoryError", "Exception"), ("ImportError", "Exception"),
    ("ModuleNotFoundError", "ImportError"), ("OSError", "Exception"), ("EOFError", "Exception"),
    ("ConnectionError", "OSError"), ("BrokenPipeError", "ConnectionError"),
    # what the delegated os functions and open() raise, with errno, strerror and filename
    # (vmsample/lang/delegated/os_engine.py, fileio_engine.py)
    ("FileNotFoundError", "OSError"), ("FileExistsError", "OSError"),
    ("IsADirectoryError", "OSError"), ("NotADirectoryError", "OSError"),
    ("PermissionError", "OSError"), ("TimeoutError", "OSError"),
    ("SystemError", "Exception"),
    ("UnicodeDecodeError", "UnicodeError"), ("UnicodeEncodeError", "UnicodeError"),
]

cdef gcref_t make_builtin_class(str name, gcref_t base, int64_t flags, int64_t kind) except 0:
    push(base)
    push(intern(name))
    push(dict_new())
    cdef gcref_t c = new_class(top_slot() - 1, top_slot() - 2, top_slot(), flags | CF_BUILTIN, kind)
    HEAP.shadowstack_top -= 3
    return c

cdef int class_set(int root, str name, gcref_t v) except -1:
    push(v)
    push(intern(name))
    push(FLD(VM_STATE.roots[root])[K_DICT])     # (not &FLD(...): see field_dict_set)
    dict_set(top_slot(), top_slot() - 1, top_slot() - 2)
    HEAP.shadowstack_top -= 3
    return 0

cdef int dict_set_py(gcref_t* dslot, str name, gcref_t v) except -1:
    # dslot may be a root slot (&VM_STATE.roots[i]): interning [name] can
    # grow (move) the roots array, so such a slot is found again by index.
    cdef Py_ssize_t root = dslot - VM_STATE.roots
    if not 0 <= root < VM_STATE.nroots:
        root = -1
    push(v)
    push(intern(name))
    if root >= 0:
        dslot = &VM_STATE.roots[root]
    dict_set(dslot, top_slot(), top_slot() - 1)
    HEAP.shadowstack_top -= 2
    return 0

cdef int push_builtins_dict(str prefix) except -1:
    # Push a new dict of the builtins named "prefix.NAME", by NAME.
    push(dict_new())
    for bid, name in enumerate(BUILTIN_NAMES):
        if name.startswith(prefix + "."):
            dict_set_py(top_slot(), name.split(".", 1)[1], mk_bfunc(bid))
    return 0

cdef gcref_t module_object(str name) except 0:
    # [dict] -> []: a module object (T_MODULE: name, attribute dict) of that dict.
    push(intern(name))
    cdef gcref_t v = alloc_fixed(T_MODULE)
    FLD(v)[0] = pop()
    FLD(v)[1] = pop()
    return v

cdef gcref_t builtin_table(str prefix, str name) except 0:
    # A module-like object whose attributes are the builtins "prefix.*"
    # (sys.stdout.write ...): its repr is <module 'NAME'>.
    push_builtins_dict(prefix)
    if prefix in ("stdout", "stderr", "stdin"):
        push(builtin_table(prefix + "_buffer", name))       # sys.stdout.buffer ...
        dict_set_py(top_slot() - 1, "buffer", top_slot()[0])
        pop()
    return module_object(name)

cdef int setup_builtins() except -1:
    global CHAR_ROOTS, MODULES_ROOT, STDERR_ROOT
    cdef int i, r, obj_root
    cdef gcref_t v
    VM_STATE.roots[R_EMPTY_TUPLE] = alloc_var(T_TUPLE, 0)
    VM_STATE.roots[R_EMPTY_STR] = alloc_var(T_STR, 0)
    VM_STATE.roots[R_HANDLED] = V_NONE
    CHAR_ROOTS = VM_STATE.nroots
    for i in range(256):
        add_root(0)
    for i in range(256):
        v = alloc_var(T_STR, 1)
        SDATA(v)[0] = i
        VM_STATE.roots[CHAR_ROOTS + i] = v
    for i, name in enumerate(MAGIC_NAMES):
        intern(name)
        MAGIC_ROOT[i] = INTERNED[name]
    _init_magic_tables()
    VM_STATE.roots[R_BUILTINS] = dict_new()
    VM_STATE.roots[R_GLOBALS] = dict_new()
    # builtin classes
    obj_root = add_root(make_builtin_class("object", 0, 0, KIND_OBJECT))
    KIND_ROOT[KIND_OBJECT] = obj_root
    for i in range(512):
        TID_CLASS[i] = obj_root     # (slot 0: the class of builtin functions, below)
    kinds = [("int", KIND_INT, [0]), ("float", KIND_FLOAT, [T_FLOAT]), ("str", KIND_STR, [T_STR]),
             ("tuple", KIND_TUPLE, [T_TUPLE]), ("list", KIND_LIST, [T_LIST]),
             ("dict", KIND_DICT, [T_DICT]), ("set", KIND_SET, [T_SET]),
             ("frozenset", KIND_FROZENSET, [T_FROZENSET]), ("bytes", KIND_BYTES, [T_BYTES]),
             ("bytearray", KIND_BYTEARRAY, [T_BYTEARRAY]),
             ("slice", KIND_SLICE, [T_SLICE]),
             ("NoneType", KIND_NONE, []), ("type", KIND_TYPE, [T_CLASS]),
             ("function", KIND_FUNCTION, [T_FUNCTION]), ("range", KIND_RANGE, [T_RANGE])]
    for name, kind, tids in kinds:
        r = add_root(make_builtin_class(name, VM_STATE.roots[obj_root], 0, kind))
        KIND_ROOT[kind] = r
        for t in tids:
            if t:
                TID_CLASS[t] = r
        TID_CLASS[T_BIGINT] = KIND_ROOT[KIND_INT]
    KIND_ROOT[KIND_BOOL] = add_root(make_builtin_class("bool", kind_class(KIND_INT), 0, KIND_BOOL))
    for t, name in [(T_GENERATOR, "generator"), (T_LISTITER, "list_iterator"),
                    (T_TUPLEITER, "tuple_iterator"), (T_STRITER, "str_iterator"),
                    (T_RANGEITER, "range_iterator"), (T_DICTITER, "dict_iterator"),
                    (T_SETITER, "set_iterator"), (T_ENUMERATE, "enumerate"), (T_ZIP, "zip"),
                    (T_MAP, "map"), (T_FILTER, "filter"), (T_REVERSED, "reversed"),
                    (T_DICTVIEW, "dict_view"), (T_BOUND, "method"), (T_MODULE, "module"),
                    (T_CELL, "cell"), (T_SUPER, "super"),
                    (T_PROPERTY, "property"), (T_STATICMETHOD, "staticmethod"),
                    (T_CLASSMETHOD, "classmethod"), (T_BYTESITER, "bytes_iterator"),
                    (T_COROUTINE, "coroutine"), (T_CORO_WRAPPER, "coroutine_wrapper")]:
        TID_CLASS[t] = add_root(make_builtin_class(name, VM_STATE.roots[obj_root], 0, KIND_OTHER))
    TID_CLASS[0] = add_root(make_builtin_class("builtin_function_or_method", VM_STATE.roots[obj_root], 0,
                                               KIND_OTHER))
    # methods of builtin classes
    owners = {"list": KIND_LIST, "dict": KIND_DICT, "set": KIND_SET, "tuple": KIND_TUPLE,
              "str": KIND_STR, "int": KIND_INT, "float": KIND_FLOAT, "bytes": KIND_BYTES,
              "bytearray": KIND_BYTEARRAY}
    for bid, name in enumerate(BUILTIN_NAMES):
        if "." in name:
            owner, meth = name.split(".", 1)
            if owner in ("bytes", "bytearray") and meth in BYTES_STATIC or name == "int.from_bytes":
                v = alloc_fixed(T_STATICMETHOD)
                FLD(v)[0] = mk_bfunc(bid)
                class_set(KIND_ROOT[owners[owner]], meth, v)
            elif owner in owners:
                class_set(KIND_ROOT[owners[owner]], meth, mk_bfunc(bid))
            if owner == "set" and meth in FROZENSET_METHODS:
                class_set(KIND_ROOT[KIND_FROZENSET], meth, mk_bfunc(bid))
            elif owner == "object":
                class_set(obj_root, meth, mk_bfunc(bid))
            elif owner == "generator":
                class_set(TID_CLASS[T_GENERATOR], meth, mk_bfunc(bid))
                class_set(TID_CLASS[T_COROUTINE], meth, mk_bfunc(bid))
            elif owner == "coroutine":
                class_set(TID_CLASS[T_COROUTINE], meth, mk_bfunc(bid))
            elif owner == "coroutine_wrapper":
                class_set(TID_CLASS[T_CORO_WRAPPER], meth, mk_bfunc(bid))
    # object.__init_subclass__ does nothing, as object.__init__ does: the end
    # of every super().__init_subclass__() chain (see init_subclass).
    class_set(obj_root, "__init_subclass__", mk_bfunc(BI_OBJECT_INIT))
    # dict.fromkeys is a static method of dict
    v = alloc_fixed(T_STATICMETHOD)
    FLD(v)[0] = mk_bfunc(BI_DICT_FROMKEYS)
    class_set(KIND_ROOT[KIND_DICT], "fromkeys", v)
    # exceptions
    for name, base in EXCEPTION_TREE:
        b = VM_STATE.roots[EXC_CLASSES[base]] if base else VM_STATE.roots[obj_root]
        r = add_root(make_builtin_class(name, b, CF_EXCEPTION, KIND_BASEEXC))
        EXC_CLASSES[name] = r
        if base is None:
            class_set(r, "__init__", mk_bfunc(BI_EXC_INIT))
    global SPARE_MEMORY_ERROR
    SPARE_MEMORY_ERROR = add_root(make_spare_memory_error())
    # the builtins namespace
    for name in ["len", "print", "range", "isinstance", "repr", "abs", "min", "max", "sum",
                 "sorted", "reversed", "enumerate", "zip", "map", "filter", "any", "all",
                 "hasattr", "getattr", "setattr", "iter", "next", "divmod", "round", "ord",
                 "chr", "hash", "id", "super", "callable", "issubclass", "pow", "delattr",
                 "format", "bin", "hex", "oct", "input", "globals", "property", "staticmethod",
                 "classmethod", "open"]:
        dict_set_py(&VM_STATE.roots[R_BUILTINS], name, mk_bfunc(BUILTIN_IDS[name]))
    for name, kind in [("object", KIND_OBJECT), ("int", KIND_INT), ("float", KIND_FLOAT),
                       ("str", KIND_STR), ("bool", KIND_BOOL), ("list", KIND_LIST),
                       ("tuple", KIND_TUPLE), ("dict", KIND_DICT), ("set", KIND_SET),
                       ("frozenset", KIND_FROZENSET), ("bytes", KIND_BYTES), ("slice", KIND_SLICE),
                       ("bytearray", KIND_BYTEARRAY),
                       ("type", KIND_TYPE)]:
        dict_set_py(&VM_STATE.roots[R_BUILTINS], name, kind_class(kind))
    for name, _ in EXCEPTION_TREE:
        dict_set_py(&VM_STATE.roots[R_BUILTINS], name, VM_STATE.roots[EXC_CLASSES[name]])
    dict_set_py(&VM_STATE.roots[R_BUILTINS], "NotImplemented", V_NOTIMPL)
    dict_set_py(&VM_STATE.roots[R_BUILTINS], "__name__", intern("__main__"))
    dict_set_py(&VM_STATE.roots[R_GLOBALS], "__name__", intern("__main__"))
    # modules
    MODULES_ROOT = add_root(dict_new())
    for mod in ["math", "time", "random", "gc", "sys", "_re", "_urlparse", "_hashlib", "_struct", "_fileio",
                "_os", "_decimal"]:
        push_builtins_dict(mod)
        for k, val in MODULE_CONSTANTS[mod].items():
            dict_set_py(top_slot(), k, py_to_vm(val))
        if mod == "random":
            make_random_class()
            dict_set_py(top_slot(), "Random", random_class())
        if mod == "sys":
            dict_set_py(top_slot(), "argv", py_to_vm(list(ARGV)))
            dict_set_py(top_slot(), "path", py_to_vm(list(SEARCH_PATH)))
            dict_set_py(top_slot(), "modules", VM_STATE.roots[MODULES_ROOT])
            STDERR_ROOT = add_root(builtin_table("stderr", "<stderr>"))
            dict_set_py(top_slot(), "stderr", VM_STATE.roots[STDERR_ROOT])
            for stream in ("stdout", "stdin"):
                push(builtin_table(stream, f"<{stream}>"))
                dict_set_py(top_slot() - 1, stream, top_slot()[0])
                pop()
        v = module_object(mod)
        dict_set_py(&VM_STATE.roots[MODULES_ROOT], mod, v)
    push(VM_STATE.roots[MODULES_ROOT])
    dict_set_py(top_slot(), "__future__", V_NONE)
    pop()
    return 0

ARGV = []

