# vm/dynamic.pxi, included by _vm.pyx (one extension module, one C file).
#
# Code made while the program runs: compile(), exec() and eval() (their
# Python halves are vmsample/lang/app/builtins.py).
#
# compile() compiles with the VM's compiler (compiler.compile_dynamic; a
# text seen before comes from the compile cache, vmsample/lang/code_cache.py) and
# loads the code under a globals dict of its own; the code object names it.
# exec(code, globals, locals) runs it under [globals] -- the code is loaded
# again under that dict when it is another one (each CodeObj reads one
# module's globals, vm/modules.pxi) -- with [locals] as the namespace its
# top-level names live in (the slot a class body's namespace takes).

cdef gcref_t compile_dynamic_code(gcref_t* a, Py_ssize_t n) except 0:
    # a: [source (str, or a handle of a CPython ast tree), filename, mode,
    # and optionally the package its relative imports are resolved against
    # (a module's code: runpy's, through the importer's get_code)]
    from vmsample.lang.code_cache import compiled_text
    cdef int g, first
    source = to_host(a)
    filename = str_to_py(a[1]) if has_tid(a[1], T_STR) else str(to_host(a + 1))
    mode = str_to_py(a[2])
    if mode not in ("exec", "eval", "single"):
        raise ValueError("compile() mode must be 'exec', 'eval' or 'single'")
    if isinstance(source, (bytes, bytearray)):
        from vmsample.lang.source import decode_source
        source = decode_source(bytes(source), filename)
    package = str_to_py(a[3]) if n == 4 else ""
    if isinstance(source, str):
        spec = compiled_text(source, filename, mode, package=package)
    else:                                   # a CPython ast tree
        from vmsample.lang.compiler import compile_dynamic
        spec = compile_dynamic(source, filename, mode, package=package)
    g = add_root(dict_new())
    first = VM_STATE.ncodes
    load_code(spec, g)
    declare_codes(first)
    return code_object(first)

cdef int declare_codes(int first) except -1:
    # Codes loaded from [first] on: their constants and names made old (C
    # code may hold them across an allocation), and named in the profile.
    if gc_collect_minor(HEAP) != 0:
        raise_gc_error()
    if WRITER is not None:
        for i in range(first, VM_STATE.ncodes):
            c = CODE_SPECS[i]
            if type(c) is _PackedCode and not c.unpacked:
                name, firstlineno, filename = packed_declaration(c.tree, c.index)
            else:
                name, firstlineno, filename = c.name, c.firstlineno, c.filename
            WRITER.declare_code(VM_STATE.codes[i].vmprof_id, name, firstlineno, filename)
    return 0

# The copies of codes loaded again under another globals dict (exec(code,
# globals), types.FunctionType(code, globals)), so that running a code under
# the same dict again reuses its copy: code index -> [(globals root, copy's index)].
CODE_COPIES = {}

cdef int64_t code_under_globals(int64_t index, gcref_t* gslot) except -1:
    # The code [index] as it runs under the globals dict gslot[0]: itself, or
    # its copy loaded under that dict.
    cdef int first
    if VM_STATE.roots[VM_STATE.codes[index].globals] == gslot[0]:
        return index
    copies = CODE_COPIES.setdefault(index, [])
    for root, copy in copies:
        if VM_STATE.roots[<int>root] == gslot[0]:
            return copy
    first = VM_STATE.ncodes
    load_code(CODE_SPECS[index], add_root(gslot[0]))
    declare_codes(first)
    copies.append((VM_STATE.codes[first].globals, first))
    return first

cdef gcref_t run_dynamic_code(gcref_t* a) except 0:
    # a: [code object, globals dict, locals mapping]: run the code (a
    # module-level one, compiled by compile()), its value (eval's).
    cdef int64_t index
    cdef CodeObj* co
    cdef gcref_t* base
    cdef Frame* f
    if not has_tid(a[0], T_CODE):
        raise TypeError(f"exec() arg 1 must be a string, bytes or code object")
    if not has_tid(a[1], T_DICT):
        raise TypeError(f"exec() globals must be a dict, not {type_name(a[1])}")
    index = RAW(a[0])[0]
    co = VM_STATE.codes[index]
    if not co.flags & CO_MODULE:
        raise TypeError("code object passed to exec() may not contain free variables"
                        if co.nfree else "exec() of a function's code is not supported by vmsample")
    if dict_get_str(a[1], MAGIC(M_BUILTINS)) == 0:
        push(VM_STATE.roots[R_BUILTINS])
        dict_set_py(a + 1, "__builtins__", top_slot()[0])
        pop()
    index = code_under_globals(index, a + 1)
    co = VM_STATE.codes[index]
    # Run it as a class body runs: the namespace in the slot after its locals.
    base = HEAP.shadowstack_top
    push(V_NONE)
    if base + 1 + co.nlocals + 1 + co.maxstack + 4 > HEAP.shadowstack_end:
        raise RecursionError("maximum recursion depth exceeded")
    f = push_frame(co, base + 1, base, F_ENTRY)
    memset(base + 1, 0, co.nlocals * sizeof(gcref_t))
    base[1 + co.nlocals] = a[2] if co.flags & CO_CLASSBODY else 0
    HEAP.shadowstack_top = f.sp
    eval_loop()
    HEAP.shadowstack_top = base
    return base[0]
