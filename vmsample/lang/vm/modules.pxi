# vm/modules.pxi, included by _vm.pyx (one extension module, one C file).
#
# Modules: IMPORT_NAME and IMPORT_FROM, and the modules of the program's own
# files and of the VM's library (vmsample/lang/lib), compiled and run on
# their first import.  Design block: 4.6 Modules.
# Globals: MODULES_ROOT (sys.modules, made at start-up), SEARCH_PATH, WRITER.
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
SEARCH_PATH = []            # the program's directory, then the VM's library
cdef object WRITER = None   # the profile writer, if any: imported code is declared to it

cdef gcref_t import_module(gcref_t name) except 0:
    cdef gcref_t m = dict_get_str(VM_STATE.roots[MODULES_ROOT], name)
    if m != 0 and m != V_NONE:
        return m
    return load_module(str_to_py(name))

cdef gcref_t import_from(gcref_t* mslot, gcref_t name) except 0:
    # `from M import name`: M's attribute, else its submodule M.name.
    from vmsample.lang.modules import find_module
    cdef gcref_t v
    if not has_tid(mslot[0], T_MODULE):
        return getattr_v(mslot, name)
    v = dict_get_str(FLD(mslot[0])[1], name)
    if v != 0:
        return v
    module = str_to_py(FLD(mslot[0])[0])
    submodule = f"{module}.{str_to_py(name)}"
    if find_module(submodule, SEARCH_PATH) is not None:
        return import_module(intern(submodule))
    found = find_module(module, SEARCH_PATH)
    where = found[0] if found is not None else "unknown location"
    raise ImportError(f"cannot import name '{str_to_py(name)}' from '{module}' ({where})")

cdef int import_star(gcref_t* mslot, int globals) except -1:
    # `from M import *`: M.__all__'s names, or all that do not start with "_",
    # into globals dict root [globals].
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
        dict_set(&VM_STATE.roots[globals], top_slot() - 1, top_slot())
        HEAP.shadowstack_top -= 2
    return 0

cdef gcref_t load_module(str name) except 0:
    from vmsample.lang.code_cache import compiled
    from vmsample.lang.compiler import compile_source
    from vmsample.lang.modules import find_module
    cdef gcref_t* top = HEAP.shadowstack_top      # [parent package?, module] go here
    cdef gcref_t* mslot
    cdef gcref_t m
    cdef int g, first, i
    parent, _, leaf = name.rpartition(".")
    if parent:
        push(import_module(intern(parent)))     # the package's __init__ runs first
    found = find_module(name, SEARCH_PATH)
    if found is None:
        raise ModuleNotFoundError(f"No module named '{name}'")
    path, is_package = found
    package = name if is_package else parent
    try:
        if os.path.isdir(path):             # a namespace package: no code
            spec = compile_source("", path, package=package, search_path=SEARCH_PATH)
        else:
            spec = compiled(path, package=package, search_path=SEARCH_PATH)
    except SyntaxError as e:
        raise SyntaxError(f"{e.filename}:{e.lineno}:{e.offset or 0}: {e.msg}") from None
    # Interned before any pointer into VM_STATE.roots is taken: interning can grow it.
    for key in ("__name__", "__file__", "__package__", name, path, package, leaf):
        intern(key)
    g = add_root(dict_new())
    dict_set_py(&VM_STATE.roots[g], "__name__", intern(name))
    dict_set_py(&VM_STATE.roots[g], "__file__", intern(path))
    dict_set_py(&VM_STATE.roots[g], "__package__", intern(package))
    first = VM_STATE.ncodes
    load_code(spec, g)
    # As at start-up: a code's names and constants are old, so never move
    # (C code may hold a constant across an allocation, CALL_KW's names).
    if gc_collect_minor(HEAP) != 0:
        raise_gc_error()
    if WRITER is not None:
        for i in range(first, VM_STATE.ncodes):
            c = CODE_SPECS[i]
            WRITER.declare_code(VM_STATE.codes[i].vmprof_id, c.name, c.firstlineno, c.filename)
    m = alloc_fixed(T_MODULE)
    FLD(m)[0] = intern(name)
    FLD(m)[1] = VM_STATE.roots[g]
    push(m)
    mslot = top_slot()
    dict_set_py(&VM_STATE.roots[MODULES_ROOT], name, mslot[0])
    if parent:
        push(intern(leaf))
        field_dict_set(mslot - 1, 1, top_slot()[0], mslot)     # parent.leaf = module
        pop()
    try:
        run_code(first)
    except BaseException:
        HEAP.shadowstack_top = mslot + 1
        push(intern(name))
        dict_del(&VM_STATE.roots[MODULES_ROOT], top_slot())
        HEAP.shadowstack_top = top
        raise
    m = mslot[0]
    HEAP.shadowstack_top = top
    return m
