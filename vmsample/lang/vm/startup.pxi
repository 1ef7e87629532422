# vm/startup.pxi, included by _vm.pyx (one extension module, one C file).
#
# Start-up: the builtin exception tree, the builtin classes and their
# method dicts, interned names, modules.  Runs once per program.

# ---------------------------------------------------------------- start-up

import builtins as _host_builtins
import types as _host_types

# The builtin exceptions: CPython's own tree (name, base names), bases before
# subclasses; the aliases (IOError, EnvironmentError) name the same class.
EXCEPTION_TREE = []
def _exception_tree():
    seen = set()
    def visit(c):
        if c in seen or c is object:
            return
        for b in c.__bases__:
            visit(b)
        seen.add(c)
        EXCEPTION_TREE.append((c.__name__, [b.__name__ for b in c.__bases__ if b is not object]))
    for name in dir(_host_builtins):
        c = getattr(_host_builtins, name)
        if isinstance(c, type) and issubclass(c, BaseException):
            visit(c)
_exception_tree()

class _HostSequence:
    def __getitem__(self, i):
        raise IndexError(i)

_HOST_SEQ_ITERATOR = type(iter(_HostSequence()))    # CPython's "iterator" (iterobject.c)

def builtin_class_rows():
    # The builtin classes, one row each: name, kind, the tids of its
    # instances, base names, the CPython type whose dict it mirrors (its
    # special methods, methods and getsets, as far as the VM implements
    # them), flags.
    return [
        ("object", KIND_OBJECT, [], [], object, CF_SLOTS),      # (object() has no __dict__)
        ("type", KIND_TYPE, [T_CLASS], ["object"], type, 0),
        ("int", KIND_INT, [T_BIGINT], ["object"], int, 0),
        ("bool", KIND_BOOL, [], ["int"], bool, CF_FINAL),
        ("float", KIND_FLOAT, [T_FLOAT], ["object"], float, 0),
        ("complex", KIND_COMPLEX, [T_COMPLEX], ["object"], complex, 0),
        ("str", KIND_STR, [T_STR], ["object"], str, 0),
        ("bytes", KIND_BYTES, [T_BYTES], ["object"], bytes, 0),
        ("bytearray", KIND_BYTEARRAY, [T_BYTEARRAY], ["object"], bytearray, 0),
        ("tuple", KIND_TUPLE, [T_TUPLE], ["object"], tuple, 0),
        ("list", KIND_LIST, [T_LIST], ["object"], list, 0),
        ("dict", KIND_DICT, [T_DICT], ["object"], dict, 0),
        ("set", KIND_SET, [T_SET], ["object"], set, 0),
        ("frozenset", KIND_FROZENSET, [T_FROZENSET], ["object"], frozenset, 0),
        ("slice", KIND_SLICE, [T_SLICE], ["object"], slice, CF_FINAL),
        ("range", KIND_RANGE, [T_RANGE], ["object"], range, CF_FINAL),
        ("NoneType", KIND_NONE, [], ["object"], type(None), CF_FINAL),
        ("NotImplementedType", KIND_OTHER, [], ["object"], type(NotImplemented), CF_FINAL),
        ("ellipsis", KIND_OTHER, [], ["object"], type(Ellipsis), CF_FINAL),
        ("function", KIND_FUNCTION, [T_FUNCTION], ["object"], type(_exception_tree), CF_FINAL),
        ("builtin_function_or_method", KIND_OTHER, [], ["object"], type(len), CF_FINAL),
        ("method_descriptor", KIND_OTHER, [], ["object"], type(str.join), CF_FINAL),
        ("wrapper_descriptor", KIND_OTHER, [], ["object"], type(object.__init__), CF_FINAL),
        ("method-wrapper", KIND_OTHER, [], ["object"], type((1).__add__), CF_FINAL),
        ("classmethod_descriptor", KIND_OTHER, [], ["object"], type(dict.__dict__["fromkeys"]), CF_FINAL),
        ("getset_descriptor", KIND_OTHER, [], ["object"], type(type.__dict__["__doc__"]), CF_FINAL),
        ("method", KIND_OTHER, [T_BOUND], ["object"], type(_Placeholder().__repr__), CF_FINAL),
        ("module", KIND_MODULE, [T_MODULE], ["object"], type(_host_builtins), 0),
        ("cell", KIND_OTHER, [T_CELL], ["object"], None, CF_FINAL),
        ("super", KIND_SUPER, [T_SUPER], ["object"], super, 0),
        ("property", KIND_PROPERTY, [T_PROPERTY], ["object"], property, 0),
        ("staticmethod", KIND_STATICMETHOD, [T_STATICMETHOD], ["object"], staticmethod, 0),
        ("classmethod", KIND_CLASSMETHOD, [T_CLASSMETHOD], ["object"], classmethod, 0),
        ("generator", KIND_OTHER, [T_GENERATOR], ["object"], _host_types.GeneratorType, CF_FINAL),
        ("coroutine", KIND_OTHER, [T_COROUTINE], ["object"], None, CF_FINAL),
        ("coroutine_wrapper", KIND_OTHER, [T_CORO_WRAPPER], ["object"], None, CF_FINAL),
        ("async_generator", KIND_OTHER, [T_ASYNCGEN], ["object"], None, CF_FINAL),
        ("async_generator_asend", KIND_OTHER, [T_ASEND], ["object"], None, CF_FINAL),
        ("async_generator_athrow", KIND_OTHER, [T_ATHROW], ["object"], None, CF_FINAL),
        ("list_iterator", KIND_OTHER, [T_LISTITER], ["object"], type(iter([])), CF_FINAL),
        ("tuple_iterator", KIND_OTHER, [T_TUPLEITER], ["object"], type(iter(())), CF_FINAL),
        ("str_ascii_iterator", KIND_OTHER, [T_STRITER], ["object"], type(iter("")), CF_FINAL),
        ("range_iterator", KIND_OTHER, [T_RANGEITER], ["object"], type(iter(range(0))), CF_FINAL),
        ("longrange_iterator", KIND_OTHER, [T_LONGRANGEITER], ["object"], type(iter(range(1 << 64))), CF_FINAL),
        ("iterator", KIND_OTHER, [T_SEQITER], ["object"], _HOST_SEQ_ITERATOR, CF_FINAL),
        ("dict_keyiterator", KIND_OTHER, [T_DICTITER], ["object"], type(iter({})), CF_FINAL),
        ("set_iterator", KIND_OTHER, [T_SETITER], ["object"], type(iter(set())), CF_FINAL),
        ("bytes_iterator", KIND_OTHER, [T_BYTESITER], ["object"], type(iter(b"")), CF_FINAL),
        ("bytearray_iterator", KIND_OTHER, [T_BYTEARRAYITER], ["object"], type(iter(bytearray())), CF_FINAL),
        ("enumerate", KIND_OTHER, [T_ENUMERATE], ["object"], enumerate, 0),
        ("zip", KIND_OTHER, [T_ZIP], ["object"], zip, 0),
        ("map", KIND_OTHER, [T_MAP], ["object"], map, 0),
        ("filter", KIND_OTHER, [T_FILTER], ["object"], filter, 0),
        ("reversed", KIND_OTHER, [T_REVERSED], ["object"], reversed, 0),
        ("list_reverseiterator", KIND_OTHER, [T_LISTREVITER], ["object"], type(reversed([])), CF_FINAL),
        ("dict_keys", KIND_OTHER, [T_DICTVIEW], ["object"], type({}.keys()), CF_FINAL),
        ("dict_values", KIND_OTHER, [], ["object"], type({}.values()), CF_FINAL),
        ("dict_items", KIND_OTHER, [], ["object"], type({}.items()), CF_FINAL),
        ("traceback", KIND_OTHER, [T_TRACEBACK], ["object"], None, CF_FINAL),
        ("frame", KIND_OTHER, [T_FRAME], ["object"], None, CF_FINAL),
        ("code", KIND_OTHER, [T_CODE], ["object"], None, CF_FINAL),
    ]


cdef gcref_t make_builtin_class(str name, list base_roots, int64_t flags, int64_t kind) except 0:
    # A builtin class with the bases at those root indices and an empty dict.
    cdef Py_ssize_t i
    for r in base_roots:
        push(VM_STATE.roots[<int>r])
    push(tuple_from_slots(top_slot() - len(base_roots) + 1, len(base_roots)))
    push(intern(name))
    push(dict_new())
    cdef gcref_t c = new_class(top_slot() - 1, top_slot() - 2, top_slot(), flags | CF_BUILTIN, kind, 0)
    HEAP.shadowstack_top -= 3 + len(base_roots)
    return c

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
    for name, bid in BUILTINS_OF.get(prefix, ()):
        dict_set_py(top_slot(), name, mk_bfunc(bid))
    return 0

cdef gcref_t module_object(str name) except 0:
    # [dict] -> []: a module object (T_MODULE: name, attribute dict) of that
    # dict, with a module's own attributes.
    # Each value is made when it is stored: a string made before an earlier
    # store's allocation would be a stale address after it.
    for key in ("__name__", "__doc__", "__package__", "__loader__", "__spec__"):
        if dict_get_str(top_slot()[0], intern(key)) == 0:
            dict_set_py(top_slot(), key, intern(name) if key == "__name__"
                        else intern("") if key == "__package__" else V_NONE)
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
        # the process's stream's text attributes (doctest reads sys.stdout.encoding)
        # (None where the process's stream has none: pytest's capture, a custom stream)
        stream = getattr(sys, prefix)
        for attr in ("encoding", "errors"):
            value = getattr(stream, attr, None)
            dict_set_py(top_slot(), attr, str_from_py(value) if isinstance(value, str) else V_NONE)
    return module_object(name)

cdef int setup_builtins() except -1:
    global CHAR_ROOTS, MODULES_ROOT, STDERR_ROOT, GC_CALLBACKS_ROOT
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
        MAGIC_INTERNED[i] = INTERNED[name]
    _init_magic_tables()
    VM_STATE.roots[R_BUILTINS] = dict_new()
    VM_STATE.roots[R_GLOBALS] = dict_new()
    # builtin classes, then their dicts
    roots = {}
    for name, kind, tids, bases, host, flags in builtin_class_rows():
        r = add_root(make_builtin_class(name, [roots[b] for b in bases], flags, kind))
        roots[name] = r
        if kind != KIND_OTHER and kind != KIND_BASEEXC:
            KIND_ROOT[kind] = r
        for t in tids:
            TID_CLASS[t] = r
        if name == "object":
            for i in range(512):
                TID_CLASS[i] = r
    TID_CLASS[T_INSTANCE] = roots["object"]
    global NONE_CLASS_ROOT, NOTIMPL_CLASS_ROOT, ELLIPSIS_CLASS_ROOT, BFUNC_CLASS_ROOT
    NONE_CLASS_ROOT = roots["NoneType"]
    NOTIMPL_CLASS_ROOT = roots["NotImplementedType"]
    ELLIPSIS_CLASS_ROOT = roots["ellipsis"]
    BFUNC_CLASS_ROOT = roots["builtin_function_or_method"]
    for k, cname in [(BK_FUNCTION, "builtin_function_or_method"), (BK_METHOD, "method_descriptor"),
                     (BK_CLASSMETHOD, "classmethod_descriptor"), (BK_STATICMETHOD, "builtin_function_or_method"),
                     (BK_GETSET, "getset_descriptor"), (BK_SLOT, "wrapper_descriptor")]:
        DESCR_CLASS_ROOT[k] = roots[cname]
    for i, cname in enumerate(["dict_keys", "dict_values", "dict_items"]):
        DICT_VIEW_CLASS_ROOT[i] = roots[cname]
    for name, bases in EXCEPTION_TREE:
        r = add_root(make_builtin_class(name, [roots[b] for b in bases] or [roots["object"]],
                                        CF_EXCEPTION, KIND_BASEEXC))
        roots[name] = r
        EXC_CLASSES[name] = r
        doc = getattr(getattr(_host_builtins, name, None), "__doc__", None)
        if type(doc) is str:
            push(FLD(VM_STATE.roots[r])[K_DICT])
            dict_set_py(top_slot(), "__doc__", str_from_py(doc))
            pop()
    for name, kind, tids, bases, host, flags in builtin_class_rows():
        fill_builtin_class(roots[name], name, host)
    fill_builtin_class(roots["BaseException"], "BaseException", BaseException)
    for name, bases in EXCEPTION_TREE:
        push(VM_STATE.roots[roots[name]])
        update_class_flags(top_slot()[0])
        pop()
    global SPARE_MEMORY_ERROR
    SPARE_MEMORY_ERROR = add_root(make_spare_memory_error())
    # the builtins namespace: every name of CPython's the VM has
    for name in dir(_host_builtins):
        hv = getattr(_host_builtins, name)
        if isinstance(hv, type) and hv.__name__ in roots and (name == hv.__name__ or issubclass(hv, BaseException)):
            dict_set_py(&VM_STATE.roots[R_BUILTINS], name, VM_STATE.roots[roots[hv.__name__]])
        elif name in BUILTIN_IDS and "." not in name:
            dict_set_py(&VM_STATE.roots[R_BUILTINS], name, mk_bfunc(BUILTIN_IDS[name]))
    dict_set_py(&VM_STATE.roots[R_BUILTINS], "NotImplemented", V_NOTIMPL)
    dict_set_py(&VM_STATE.roots[R_BUILTINS], "Ellipsis", V_ELLIPSIS)
    dict_set_py(&VM_STATE.roots[R_BUILTINS], "None", V_NONE)
    dict_set_py(&VM_STATE.roots[R_BUILTINS], "True", V_TRUE)
    dict_set_py(&VM_STATE.roots[R_BUILTINS], "False", V_FALSE)
    dict_set_py(&VM_STATE.roots[R_BUILTINS], "__debug__", V_TRUE)
    dict_set_py(&VM_STATE.roots[R_BUILTINS], "__name__", intern("builtins"))
    dict_set_py(&VM_STATE.roots[R_GLOBALS], "__name__", intern("__main__"))
    # the VM's own modules (lib/c_modules.toml, kind "vm-builtin"): builtins
    # is the namespace above; the others' functions are the builtins "NAME.*"
    from vmsample.lang.modules import VM_MODULES
    MODULES_ROOT = add_root(dict_new())
    for mod in VM_MODULES:
        if mod == "builtins":
            push(VM_STATE.roots[R_BUILTINS])
        else:
            push_builtins_dict(mod)
        if mod == "sys":
            dict_set_py(top_slot(), "maxsize", py_to_vm(sys.maxsize))
            dict_set_py(top_slot(), "argv", py_to_vm(list(ARGV)))
            dict_set_py(top_slot(), "path", py_to_vm(list(SEARCH_PATH)))
            dict_set_py(top_slot(), "modules", VM_STATE.roots[MODULES_ROOT])
            STDERR_ROOT = add_root(builtin_table("stderr", "<stderr>"))
            dict_set_py(top_slot(), "stderr", VM_STATE.roots[STDERR_ROOT])
            for stream in ("stdout", "stdin"):
                push(builtin_table(stream, f"<{stream}>"))
                dict_set_py(top_slot() - 1, stream, top_slot()[0])
                pop()
        if mod == "gc":
            # garbage stays empty (PEP 442: no cycle is left uncollectable);
            # callbacks run around gc.collect() (vm/weakrefs.pxi)
            dict_set_py(top_slot(), "garbage", list_new(0))
            GC_CALLBACKS_ROOT = add_root(list_new(0))
            dict_set_py(top_slot(), "callbacks", VM_STATE.roots[GC_CALLBACKS_ROOT])
        v = module_object(mod)
        dict_set_py(&VM_STATE.roots[MODULES_ROOT], mod, v)
    return 0

ARGV = []

cdef int finish_sys_module() except -1:
    # What sys gets from the app-level modules: sys.implementation, version_info.
    cdef gcref_t* base = HEAP.shadowstack_top
    push(dict_get_str(VM_STATE.roots[MODULES_ROOT], intern("sys")))
    push(app_object("SimpleNamespace"))
    # cache_tag names the .pyc files importlib.util.cache_from_source and
    # py_compile would use (the VM's own compile cache is elsewhere): as
    # PyPy's "pypy39", an implementation's own, so none is CPython's.
    cache_tag = f"vmsample-{sys.version_info[0]}{sys.version_info[1]}"
    for v in ("vmsample", cache_tag, sys.implementation.version, sys.implementation.hexversion,
              getattr(sys.implementation, "_multiarch", "")):
        push(from_host(v))
    push(call_nested(base + 1, 5, keyword_names(("name", "cache_tag", "version", "hexversion",
                                                 "_multiarch"))))
    push(intern("implementation"))
    generic_setattr(base, top_slot()[0], top_slot() - 1)
    HEAP.shadowstack_top = base + 1
    for name in ("version_info", "flags", "float_info", "int_info", "hash_info", "thread_info"):
        push(from_host(getattr(sys, name)))
        push(intern(name))
        generic_setattr(base, top_slot()[0], top_slot() - 1)
        HEAP.shadowstack_top = base + 1
    HEAP.shadowstack_top = base
    return 0

# The app-level modules (vmsample/lang/app), in the order they run.
APP_MODULES = ["types", "structseq", "sys", "builtins", "objects", "exceptions", "exception_groups", "imp", "finalization", "patterns"]

cdef int startup_failed() except -1:
    # A VM exception escaped the VM's own start-up code: out of memory is the
    # host's MemoryError (the command line says "out of memory before the
    # program could run"); anything else is the VM's own bug.
    if isinstance_c(VM_STATE.roots[R_EXC], exc_class("MemoryError")):
        raise MemoryError(exc_str(&VM_STATE.roots[R_EXC]) or "the heap is full") from None
    raise RuntimeError(f"the VM could not start: {type_name(VM_STATE.roots[R_EXC])}: "
                       f"{exc_str(&VM_STATE.roots[R_EXC])}") from None

cdef int load_app_modules() except -1:
    # Run the VM's own Python modules: they register what the VM needs.
    for name in APP_MODULES:
        load_app_module(name)
    return 0

cdef int load_app_module(str name) except -1:
    # Run app-level module [name] (at start-up, or later for one loaded on
    # first use: vm/site_builtins.pxi).  Its frames are hidden.
    from vmsample.lang.code_cache import compiled
    from vmsample.lang.modules import APP_DIR
    cdef int g, first
    path = os.path.join(APP_DIR, name + ".py")
    spec = compiled(path, search_path=[])
    freeze_code_trees()
    g = add_root(dict_new())
    dict_set_py(&VM_STATE.roots[g], "__name__", intern("_vmsample_app_" + name))
    first = VM_STATE.ncodes
    load_code(spec, g)
    for i in range(first, VM_STATE.ncodes):
        VM_STATE.codes[i].flags |= CO_HIDDEN
    declare_codes(first)        # (as an imported module's: its names and constants are old, vm/modules.pxi)
    run_code(first)
    return 0

