# vm/modules.pxi, included by _vm.pyx (one extension module, one C file).
#
# Modules: IMPORT_NAME and IMPORT_FROM, and the modules of the program's own
# files and of the VM's library (vmsample/lang/lib), compiled and run on
# their first import.  Design block: 4.6 Modules.
#
# Every code object belongs to one module and reads and writes that module's
# globals: CodeObj.globals is the root index of the dict (R_GLOBALS for the
# main program).  A module object (T_MODULE) is (name, globals dict): a
# module's attributes are its globals.  A module is in sys.modules from
# before its body runs -- so a circular import gets the partly run module, as
# in CPython -- and is taken out again if its body raises.  Where a module's
# file is, vmsample.lang.modules.find_module says, the same function the
# compiler asks when it decides whether an import can succeed.

cdef int MODULES_ROOT = 0
SEARCH_PATH = []            # sys.path at start-up (vmsample.lang.modules.search_path)
cdef object WRITER = None   # the profile writer, if any: imported code is declared to it

cdef gcref_t import_module(gcref_t name) except 0:
    cdef gcref_t m = dict_get_str(VM_STATE.roots[MODULES_ROOT], name)
    if m == V_NONE:
        # As CPython: None blocks the import (test.support's
        # import_fresh_module(..., blocked=[...]) gets the pure Python code).
        raise_module_not_found(str_to_py(name), f"import of {str_to_py(name)} halted; None in sys.modules")
    if m != 0:
        if MODULE_LOCKS:
            push(m)                     # (another thread may run meanwhile)
            wait_module_imported(name)
            m = pop()
        return m
    return load_module(str_to_py(name))

cdef gcref_t import_from(gcref_t* mslot, gcref_t name) except 0:
    # `from M import name`: M's attribute, else its submodule M.name (as
    # CPython's IMPORT_FROM: imported if it exists, found in sys.modules).
    cdef gcref_t v
    v = getattr_or_0(mslot, name)
    if v != 0:
        return v
    push(getattr_or_0(mslot, MAGIC(M_NAME)))
    if not has_tid(top_slot()[0], T_STR):
        pop()
        raise ImportError(f"cannot import name '{str_to_py(name)}'")
    module = str_to_py(pop())
    submodule = intern(f"{module}.{str_to_py(name)}")
    v = dict_get_str(VM_STATE.roots[MODULES_ROOT], submodule)
    if v != 0 and v != V_NONE:
        if MODULE_LOCKS:
            push(v)                     # (another thread may run meanwhile)
            wait_module_imported(submodule)
            v = pop()
        return v
    if package_path(mslot) != 0:
        try:
            return import_module(submodule)
        except ModuleNotFoundError:
            pass
    v = getattr_or_0(mslot, intern("__file__"))
    where = str_to_py(v) if has_tid(v, T_STR) else "unknown location"
    raise ImportError(f"cannot import name '{str_to_py(name)}' from '{module}' ({where})")

cdef int import_star(gcref_t* mslot, gcref_t* nsslot) except -1:
    # `from M import *`: M.__all__'s names, or all that do not start with "_",
    # into the namespace nsslot[0] (a module's globals; the locals mapping of
    # code compiled by compile(), which may be any mapping: CPython's
    # import_all_from).
    cdef gcref_t d, v
    cdef Py_ssize_t i
    if not has_tid(mslot[0], T_MODULE):
        raise TypeError("import * needs a module")
    d = FLD(mslot[0])[1]
    v = dict_get_str(d, intern("__all__"))
    if v != 0:
        push(v)
        if not (has_tid(v, T_LIST) or has_tid(v, T_TUPLE)) or not all(
                has_tid(ITEMS(v)[i], T_STR) for i in range(SEQLEN(v))):
            raise TypeError(f"{str_to_py(FLD(mslot[0])[0])}.__all__ must be a list or tuple of str")
        names = [str_to_py(ITEMS(top_slot()[0])[i]) for i in range(SEQLEN(top_slot()[0]))]
        pop()
    else:
        names = [str_to_py(ENT(d)[3 * i + 1]) for i in range(RAW(d)[D_NENTRIES])
                 if ENT(d)[3 * i + 1] != 0 and not str_to_py(ENT(d)[3 * i + 1]).startswith("_")]
    for name in names:
        push(intern(name))
        v = dict_get_str(FLD(mslot[0])[1], top_slot()[0])
        if v == 0:
            raise AttributeError(f"module '{str_to_py(FLD(mslot[0])[0])}' has no attribute '{name}'")
        push(v)
        mapping_setitem(nsslot, top_slot() - 1, top_slot())
        HEAP.shadowstack_top -= 2
    return 0

cdef gcref_t package_path(gcref_t* mslot) except? 0:
    # A package's __path__, or 0 if mslot[0] is not a package: an attribute
    # like any other (a module object's subclass may set it on its class,
    # as six.moves does).
    push(intern("__path__"))
    try:
        return getattr_or_0(mslot, top_slot()[0])
    finally:
        pop()

cdef list search_path_of(gcref_t parent):
    # Where a module is looked for: its package's __path__, or sys.path.
    cdef gcref_t p
    if parent != 0:
        push(parent)
        p = package_path(top_slot())
        pop()
        if p == 0:
            return None
    else:
        p = dict_get_str(FLD(dict_get_str(VM_STATE.roots[MODULES_ROOT], intern("sys")))[1], intern("path"))
    push(p)
    try:
        out = to_host(top_slot())
    finally:
        pop()
    return [d for d in out if isinstance(d, str)] if isinstance(out, (list, tuple)) else []

cdef gcref_t load_module(str name) except 0:
    # The module [name], not in sys.modules yet: found (vmsample/lang/modules.py),
    # then made and run.
    cdef gcref_t* top = HEAP.shadowstack_top      # [parent package or 0, module] go here
    cdef gcref_t m
    parent, _, leaf = name.rpartition(".")
    push(import_module(intern(parent)) if parent else 0)     # the package's __init__ runs first
    m = dict_get_str(VM_STATE.roots[MODULES_ROOT], intern(name))
    if m != 0 and m != V_NONE:
        HEAP.shadowstack_top = top              # (importing the parent imported it)
        return m
    lock = module_lock_acquire(name)            # (vm/import_lock.pxi)
    if lock is None:
        raise RuntimeError(f"deadlock detected by _ModuleLock({name!r})")
    try:
        m = dict_get_str(VM_STATE.roots[MODULES_ROOT], intern(name))
        if m != 0 and m != V_NONE:
            HEAP.shadowstack_top = top          # (another thread imported it meanwhile)
            return m
        return load_module_locked(name, parent, leaf, top)
    finally:
        module_lock_release(name, lock)

cdef gcref_t load_module_locked(str name, str parent, str leaf, gcref_t* top) except 0:
    # load_module's part under [name]'s import lock: [top] holds the parent
    # package or 0.
    from vmsample.lang.modules import c_module_kind, find_in_path
    cdef gcref_t m
    kind = c_module_kind(name) if not parent else None
    if kind is not None:
        if kind[0] == "delegated":
            m = host_module(name)
            push(m)
            dict_set_py(&VM_STATE.roots[MODULES_ROOT], name, top_slot()[0])
            m = top_slot()[0]           # (the dict may have grown: [m] moved)
            HEAP.shadowstack_top = top
            return m
        if kind[0] != "python":
            raise_module_not_found(name, f"No module named '{name}'")
        found = (kind[1], False)
    else:
        path = search_path_of(top_slot()[0])
        if path is None:
            raise_module_not_found(name, f"No module named '{name}'; '{parent}' is not a package")
        found = find_in_path(leaf, path)
        if found is None:
            m = import_from_meta_path(name, top_slot())
            if m != V_NONE:
                HEAP.shadowstack_top = top
                return m
            raise_module_not_found(name, f"No module named '{name}'")
    m = load_module_from(name, found[0], found[1], top_slot())
    HEAP.shadowstack_top = top
    return m

cdef gcref_t import_from_meta_path(str name, gcref_t* parentslot) except 0:
    # [name], which no file on its search path holds, from the finders on
    # sys.meta_path other than the VM's own (vmsample/lang/app/imp.py), or
    # None; None too before imp.py has run (the VM's own start-up imports).
    cdef gcref_t* top = HEAP.shadowstack_top
    cdef gcref_t m
    if "meta_path_import" not in APP_ROOTS:
        return V_NONE
    push(app_object("meta_path_import"))
    push(intern(name))
    push(V_NONE)                        # (the parent's __path__, if any)
    if parentslot[0] != 0:
        m = package_path(parentslot)
        if m != 0:
            top_slot()[0] = m
    try:
        m = vm_call(top_slot() - 2, 2)
    finally:
        HEAP.shadowstack_top = top
    return m

cdef int raise_module_not_found(str name, str message) except -1:
    # ModuleNotFoundError(message, name=name)
    cdef gcref_t e
    push(exc_class("ModuleNotFoundError"))
    push(str_from_py(message))
    e = vm_call(top_slot() - 1, 1)
    pop()
    push(e)
    push(intern("name"))
    push(intern(name))
    instance_setattr(top_slot() - 2, top_slot() - 1, top_slot())
    HEAP.shadowstack_top -= 3
    return raise_vm(e)

cdef gcref_t load_module_from(str name, str path, bint is_package, gcref_t* parentslot) except 0:
    # Compile (or take from the compile cache) and run module [name] from
    # [path]; a package's __path__ is its directory.  The code of a C
    # module's replacement is CO_HIDDEN (vm/introspection.pxi).
    from vmsample.lang.code_cache import compiled, compiled_text
    from vmsample.lang.modules import has_hidden_frames
    cdef gcref_t* top = HEAP.shadowstack_top
    cdef gcref_t* mslot
    cdef gcref_t m, name_str
    cdef int g, first, i
    parent, _, leaf = name.rpartition(".")
    package = name if is_package else parent
    try:
        if os.path.isdir(path):             # a namespace package: no code
            spec = compiled_text("", path)
        else:
            spec = compiled(path, package=package, search_path=[])
    except SyntaxError as e:
        raise SyntaxError(f"{e.filename}:{e.lineno}:{e.offset or 0}: {e.msg}") from None
    freeze_code_trees()
    # Interned before any pointer into VM_STATE.roots is taken: interning can grow it.
    for key in ("__name__", "__file__", "__package__", "__path__", "__builtins__", "__spec__",
                "__loader__", "__doc__", "__cached__", name, path, package, leaf):
        intern(key)
    g = add_root(dict_new())
    dict_set_py(&VM_STATE.roots[g], "__name__", intern(name))
    dict_set_py(&VM_STATE.roots[g], "__doc__", V_NONE)
    dict_set_py(&VM_STATE.roots[g], "__package__", intern(package))
    dict_set_py(&VM_STATE.roots[g], "__loader__", V_NONE)
    dict_set_py(&VM_STATE.roots[g], "__spec__", V_NONE)
    dict_set_py(&VM_STATE.roots[g], "__builtins__", VM_STATE.roots[R_BUILTINS])
    if not os.path.isdir(path):
        dict_set_py(&VM_STATE.roots[g], "__file__", intern(path))
        dict_set_py(&VM_STATE.roots[g], "__cached__", V_NONE)
    if is_package:
        push(list_new(0))
        push(str_from_py(os.path.dirname(path) if not os.path.isdir(path) else path))
        list_append(top_slot() - 1, top_slot())
        pop()
        dict_set_py(&VM_STATE.roots[g], "__path__", top_slot()[0])
        pop()
    if "module_spec" in APP_ROOTS:
        push(app_object("module_spec"))
        push(intern(name))
        push(intern(path) if not os.path.isdir(path) else V_NONE)
        push(vbool(is_package))
        vm_call(top_slot() - 3, 3)
        dict_set_py(&VM_STATE.roots[g], "__spec__", top_slot()[0])
        if top_slot()[0] != V_NONE:
            push(app_object("imp_finder"))
            dict_set_py(&VM_STATE.roots[g], "__loader__", top_slot()[0])
            pop()
        pop()
    first = VM_STATE.ncodes
    load_code(spec, g)
    if has_hidden_frames(path):
        for i in range(first, VM_STATE.ncodes):
            VM_STATE.codes[i].flags |= CO_HIDDEN
    # As at start-up: a code's names and constants are old, so never move
    # (C code may hold a constant across an allocation, CALL_KW's names).
    declare_codes(first)
    name_str = intern(name)                 # may allocate: before [m] is
    m = alloc_fixed(T_MODULE)
    FLD(m)[0] = name_str
    FLD(m)[1] = VM_STATE.roots[g]
    push(m)
    mslot = top_slot()
    dict_set_py(&VM_STATE.roots[MODULES_ROOT], name, mslot[0])
    try:
        run_code(first)
    except BaseException:
        HEAP.shadowstack_top = mslot + 1
        push(intern(name))
        dict_del(&VM_STATE.roots[MODULES_ROOT], top_slot())
        HEAP.shadowstack_top = top
        raise
    if name == "importlib" and "importlib_ready" in APP_ROOTS:
        push(app_object("importlib_ready"))
        vm_call(top_slot(), 0)
        pop()
    # As CPython: the module is what sys.modules holds when its body ends
    # (a module may replace itself there), and its parent's attribute.
    m = dict_get_str(VM_STATE.roots[MODULES_ROOT], intern(name))
    if m == 0:
        m = mslot[0]
    mslot[0] = m
    if parent and parentslot[0] != 0:
        push(intern(leaf))
        setattr_v(parentslot, top_slot()[0], mslot)
        pop()
    m = mslot[0]
    HEAP.shadowstack_top = top
    return m

cdef object find_for_spec(str name, object path):
    # importlib's view of the VM's importer (vmsample/lang/app/imp.py):
    # (origin or None, is it a package), or None if it cannot load [name].
    from vmsample.lang.modules import c_module_kind, find_in_path
    kind = c_module_kind(name) if "." not in name else None
    if kind is not None:
        if kind[0] == "python":
            return (kind[1], False)
        return (None, False) if kind[0] in ("delegated", "vm-builtin") else None
    if path is None:
        path = search_path_of(0)
    found = find_in_path(name.rpartition(".")[2], list(path))
    if found is None:
        return None
    return (found[0] if not os.path.isdir(found[0]) else None, found[1])
