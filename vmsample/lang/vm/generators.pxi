# vm/generators.pxi, included by _vm.pyx (one extension module, one C file).
#
# Generators: resuming a suspended frame, yield and send.

# ---------------------------------------------------------------- generators

cdef enum:
    GEN_OUTER_HANDLED = -1  # a running generator's frame's ret[-1]: its caller's R_HANDLED

cdef bint gen_resume(gcref_t* gslot, gcref_t* vslot) except -1:
    # Run generator gslot[0] until it yields (True, the value in vslot[0]) or
    # returns (False, the return value in vslot[0]).
    return gen_run(gslot, vslot, False)

cdef bint gen_run(gcref_t* gslot, gcref_t* vslot, bint throw) except -1:
    # gen_resume; with [throw], the exception instance in vslot[0] is raised
    # at the generator's yield instead (generator.throw / close).
    cdef gcref_t g = gslot[0]
    cdef int64_t status = RAW(g)[G_STATUS]
    cdef CodeObj* co
    cdef gcref_t* ret
    cdef gcref_t* base
    cdef Frame* f
    cdef int64_t nstack
    cdef int st
    if status == GEN_RUNNING:
        raise ValueError(f"{generator_kind(g)} already executing")
    if status == GEN_DONE and has_tid(g, T_COROUTINE):
        raise RuntimeError("cannot reuse already awaited coroutine")
    if throw and status != GEN_SUSPENDED:
        RAW(g)[G_STATUS] = GEN_DONE
        VM_STATE.roots[R_EXC] = vslot[0]
        if status == GEN_CREATED:   # (raised in its frame, which ends at once)
            stop_iteration_escaped(g)
        raise VMError()
    if status == GEN_DONE:
        vslot[0] = V_NONE
        return False
    if status == GEN_CREATED and not throw and vslot[0] != V_NONE:
        raise TypeError(f"can't send non-None value to a just-started {generator_kind(g)}")
    if throw:
        st = throw_into_delegate(gslot, vslot)
        if st == 1:
            return True
        if st == 2:
            throw = False           # resume after the yield from / await with its result
        g = gslot[0]
    co = VM_STATE.codes[RAW(FLD(g)[G_FUNC])[FN_CODE]]
    nstack = RAW(g)[G_PC] >> 32
    # The exception being handled is the generator's own while it runs (an
    # except block it yielded in), as CPython's gi_exc_state; the caller's
    # waits below the generator's slot (GEN_OUTER_HANDLED) for the frame's
    # end and for handled_exception(), which sees through a generator that
    # handles none.
    push(VM_STATE.roots[R_HANDLED])
    VM_STATE.roots[R_HANDLED] = FLD(g)[G_HANDLED] if FLD(g)[G_HANDLED] != 0 else V_NONE
    store(g, G_HANDLED, 0)
    push(g)
    ret = top_slot()
    base = ret + 1
    f = push_frame(co, base, ret, F_GEN | F_ENTRY)
    memcpy(base, FLD(FLD(g)[G_STATE]), (co.nlocals + nstack) * sizeof(gcref_t))
    # The live frame holds them now; the saved copy must keep nothing alive
    # while the generator runs (an argument it rebinds dies then, as in
    # CPython, whose generator has one frame: test_contextlib's
    # test_nokeepref).  yield_value saves them again.  (Zeros need no barrier.)
    memset(FLD(FLD(g)[G_STATE]), 0, (co.nlocals + nstack) * sizeof(gcref_t))
    f.pc = RAW(g)[G_PC] & 0xFFFFFFFF
    f.sp = base + co.nlocals + nstack
    if status != GEN_CREATED and not throw:
        f.sp[0] = vslot[0]
        f.sp += 1
    HEAP.shadowstack_top = f.sp
    RAW(g)[G_STATUS] = GEN_RUNNING
    try:
        if throw:
            # The exception appears at the yield the generator is suspended in.
            f.pc -= 1
            VM_STATE.roots[R_EXC] = vslot[0]
            # (its context: what the generator handles, not its caller: CPython's _PyErr_ChainStackItem)
            set_context_or_skip(VM_STATE.roots[R_HANDLED])
            if not unwind(VM_STATE.depth, False):
                raise VMError()
        st = eval_loop()
    except BaseException as e:
        VM_STATE.roots[R_HANDLED] = ret[GEN_OUTER_HANDLED]
        HEAP.shadowstack_top = ret + GEN_OUTER_HANDLED
        if isinstance(e, VMError):
            stop_iteration_escaped(gslot[0])
        raise
    if st == ST_YIELD:
        store(gslot[0], G_HANDLED,
              0 if VM_STATE.roots[R_HANDLED] == V_NONE else VM_STATE.roots[R_HANDLED])
    VM_STATE.roots[R_HANDLED] = ret[GEN_OUTER_HANDLED]
    vslot[0] = ret[0]
    HEAP.shadowstack_top = ret + GEN_OUTER_HANDLED
    return st == ST_YIELD

cdef gcref_t thrown_exception(gcref_t* a, Py_ssize_t n) except 0:
    # The exception throw(typ[, val[, tb]]) raises in a generator (a[0..n),
    # rooted and writable; also an async generator's athrow()), as CPython's
    # _gen_throw: an exception instance, or one of class typ made with val
    # as `raise` makes it (val itself when it is an instance of typ) --
    # where making it fails, what failed is thrown instead.
    cdef gcref_t* base
    if n == 3 and a[2] != V_NONE and not has_tid(a[2], T_TRACEBACK):
        raise TypeError("throw() third argument must be a traceback object")
    if has_tid(a[0], T_CLASS) and RAW(a[0])[K_FLAGS] & CF_EXCEPTION:
        if n >= 2 and isinstance_c(a[1], a[0]):
            a[0] = a[1]
        else:
            base = HEAP.shadowstack_top
            try:
                push(a[0])
                if n >= 2 and a[1] != V_NONE:
                    push(a[1])
                    vm_call(top_slot() - 1, 1)          # (its result in the class's slot)
                else:
                    top_slot()[0] = vm_call_class0(top_slot())
                if not is_exception(top_slot()[0]):
                    top_slot()[0] = new_exception(
                        "TypeError", f"calling {class_repr(a[0])} should have returned an instance of "
                                     f"BaseException, not {type_name(top_slot()[0])}")
                a[0] = pop()
            except VMError:
                HEAP.shadowstack_top = base
                a[0] = VM_STATE.roots[R_EXC]
                VM_STATE.roots[R_EXC] = 0
    elif not is_exception(a[0]):
        raise TypeError("exceptions must be classes or instances deriving from BaseException, "
                        f"not {type_name(a[0])}")
    elif n >= 2 and a[1] != V_NONE:
        raise TypeError("instance exception may not have a separate value")
    if n == 3 and a[2] != V_NONE:
        exc_set_slot(a[0], EXC_TRACEBACK, a[2])
    return a[0]

cdef str generator_kind(gcref_t g):
    return "coroutine" if has_tid(g, T_COROUTINE) else "async generator" if has_tid(g, T_ASYNCGEN) \
        else "generator"

cdef int stop_iteration_escaped(gcref_t g) except -1:
    # PEP 479: a StopIteration that ends generator [g]'s frame (or an async
    # generator's StopAsyncIteration) would end its caller's iteration
    # silently; it becomes a RuntimeError caused by it.
    cdef gcref_t e = VM_STATE.roots[R_EXC]
    if not is_exception(e):
        return 0
    if isinstance_c(e, exc_class("StopIteration")):
        message = f"{generator_kind(g)} raised StopIteration"
    elif has_tid(g, T_ASYNCGEN) and isinstance_c(e, exc_class("StopAsyncIteration")):
        message = "async generator raised StopAsyncIteration"
    else:
        return 0
    push(e)
    try:
        return raise_from_cause("RuntimeError", top_slot(), message)
    finally:
        pop()

cdef gcref_t handled_exception() noexcept nogil:
    # sys.exc_info()'s exception: the one being handled by the running frame,
    # or, in a generator that handles none, by its caller's, outwards (as
    # CPython's _PyErr_GetTopmostException); V_NONE if there is none.
    cdef gcref_t e = VM_STATE.roots[R_HANDLED]
    cdef int d = VM_STATE.depth
    while (e == 0 or e == V_NONE) and d >= 0:
        if VM_STATE.frames[d].flags & F_GEN:
            e = VM_STATE.frames[d].ret[GEN_OUTER_HANDLED]
        d -= 1
    return V_NONE if e == 0 else e

cdef int throw_into_delegate(gcref_t* gslot, gcref_t* vslot) except -1:
    # throw() / close() of generator gslot[0], suspended: if it is suspended in
    # a yield from or await (the yield of the SEND loop, compiler.delegate),
    # the exception vslot[0] goes to the generator or coroutine it delegates
    # to first, as in CPython: 1 if that one yields (the value in vslot[0]),
    # 2 if it returns (vslot[0] is its result, and the generator is set to
    # resume at the loop's exit), 0 to raise vslot[0] (the exception, or
    # what the delegate raised instead) at the generator's own yield.  A
    # GeneratorExit (close) closes the delegate, then is raised here.
    cdef gcref_t g = gslot[0]
    cdef CodeObj* co = VM_STATE.codes[RAW(FLD(g)[G_FUNC])[FN_CODE]]
    cdef int64_t pc = RAW(g)[G_PC] & 0xFFFFFFFF
    cdef int64_t nstack = RAW(g)[G_PC] >> 32
    cdef gcref_t sub, v
    cdef bint yielded
    if pc < 2 or nstack < 1 or co.code[2 * (pc - 2)] != SEND:
        return 0
    sub = FLD(FLD(g)[G_STATE])[co.nlocals + nstack - 1]
    if not (has_tid(sub, T_GENERATOR) or has_tid(sub, T_COROUTINE)):
        return 0                    # (CPython would call its throw / close method, if any)
    push(sub)
    if isinstance_c(vslot[0], exc_class("GeneratorExit")):
        try:
            call_builtin_method(BI_GEN_CLOSE, top_slot(), 1, 0)
        except VMError:
            vslot[0] = VM_STATE.roots[R_EXC]        # raised here instead
            VM_STATE.roots[R_EXC] = 0
        pop()
        return 0
    push(vslot[0])
    try:
        yielded = gen_run(top_slot() - 1, top_slot(), True)
    except VMError:
        HEAP.shadowstack_top -= 2
        v = VM_STATE.roots[R_EXC]
        if not isinstance_c(v, exc_class("StopIteration")):
            vslot[0] = v            # raised at our yield, which adds our traceback entry
            VM_STATE.roots[R_EXC] = 0
            return 0
        VM_STATE.roots[R_EXC] = 0
        push(v)
        vslot[0] = getattr_v(top_slot(), intern("value"))
        pop()
        yielded = False
    else:
        vslot[0] = pop()
        pop()
        if yielded:
            return 1
    # The delegate returned: drop it from the saved stack and go on at the
    # end of the SEND loop, where its result is pushed.
    g = gslot[0]
    RAW(g)[G_PC] = co.code[2 * (pc - 2) + 1] | ((nstack - 1) << 32)
    return 2

# A generator or coroutine that dies suspended is closed, as CPython's
# _PyGen_Finalize closes it: GeneratorExit at its yield runs its finally
# blocks and __exit__s, and what escapes is reported as unraisable
# (app/finalization.py, finalize).  Only a yield inside a handler's range
# (a try, a with) can see that, so the core's finalizer is registered the
# first time the generator yields there (GEN_FINALIZER), never for the
# others: they die as any object.  A generator that finished by then is
# found done by the finalizer, which skips it (vm/weakrefs.pxi).  (An
# async generator's finalizer is asyncio's hook in CPython: not done.)

cdef int yield_value(Frame* f, gcref_t* sp) except -1:
    # Suspend the generator frame [f]: save locals and stack, hand the value out.
    cdef gcref_t g = f.base[-1]
    cdef CodeObj* co = f.co
    cdef Py_ssize_t nstack = (sp - 1) - (f.base + co.nlocals)
    cdef gcref_t state = FLD(g)[G_STATE]
    if co.nexc and not RAW(g)[G_FLAGS] & GEN_FINALIZER and not has_tid(g, T_ASYNCGEN) \
            and find_handler(co, f.pc) >= 0:
        if gc_finalizer_register(HEAP, HDR(g)) < 0:
            raise_gc_error()
        RAW(g)[G_FLAGS] |= GEN_FINALIZER
    gc_write_barrier(HEAP, <GCHeader*>state)
    memcpy(FLD(state), f.base, (co.nlocals + nstack) * sizeof(gcref_t))
    RAW(g)[G_PC] = (f.pc + 1) | (nstack << 32)
    RAW(g)[G_STATUS] = GEN_SUSPENDED
    f.ret[0] = sp[-1]
    HEAP.shadowstack_top = f.ret + 1
    frame_popped(f)
    VM_STATE.depth -= 1
    return 2

cdef int send(gcref_t* slots) except -1:
    # [it, value]: resume it; 1 -> [it, yielded], 0 -> [result]
    cdef gcref_t v
    if has_tid(slots[0], T_GENERATOR) or has_tid(slots[0], T_COROUTINE):
        if gen_resume(slots, slots + 1):
            return 1
        slots[0] = slots[1]
        return 0
    if has_tid(slots[0], T_ASEND) or has_tid(slots[0], T_ATHROW):
        if agen_awaitable_send(slots, slots + 1):
            return 1
        slots[0] = slots[1]
        return 0
    v = for_iter(slots)
    if v == 0:
        slots[0] = V_NONE
        return 0
    slots[1] = v
    return 1


# ---------------------------------------------------------------- attributes
# gi_code, gi_frame, gi_running, gi_suspended, gi_yieldfrom, __name__,
# __qualname__ (cr_* for a coroutine, cr_await its delegate).  A suspended
# generator's frame lives in its G_STATE, not in the frame array: its frame
# object is a detached one (depth -1, no f_back) at the line it waits at.

cdef gcref_t generator_delegate(gcref_t g) noexcept:
    # What suspended generator [g] waits on in a yield from / await (the
    # iterator under the SEND loop's yield), or None.
    cdef CodeObj* co = VM_STATE.codes[RAW(FLD(g)[G_FUNC])[FN_CODE]]
    cdef int64_t pc = RAW(g)[G_PC] & 0xFFFFFFFF
    cdef int64_t nstack = RAW(g)[G_PC] >> 32
    if RAW(g)[G_STATUS] != GEN_SUSPENDED or pc < 2 or nstack < 1 or co.code[2 * (pc - 2)] != SEND:
        return V_NONE
    return FLD(FLD(g)[G_STATE])[co.nlocals + nstack - 1]

cdef gcref_t generator_frame(gcref_t* gslot) except 0:
    cdef gcref_t g = gslot[0], fo
    cdef int64_t status = RAW(g)[G_STATUS], pc
    cdef CodeObj* co = VM_STATE.codes[RAW(FLD(g)[G_FUNC])[FN_CODE]]
    cdef int d
    if status == GEN_DONE:
        return V_NONE
    if status == GEN_RUNNING:
        for d in range(VM_STATE.depth, -1, -1):
            if VM_STATE.frames[d].flags & F_GEN and VM_STATE.frames[d].base[-1] == g:
                return frame_object(d)
    fo = alloc_fixed(T_FRAME)
    g = gslot[0]
    pc = RAW(g)[G_PC] & 0xFFFFFFFF
    FLD(fo)[FO_BACK] = 0
    FLD(fo)[FO_GLOBALS] = VM_STATE.roots[co.globals]
    RAW(fo)[FO_CODE] = co.index
    RAW(fo)[FO_LINENO] = co.lines[pc - 1] if status == GEN_SUSPENDED and 0 < pc <= co.ninstr else co.firstlineno
    RAW(fo)[FO_DEPTH] = -1
    return fo

cdef gcref_t generator_getset(str name, gcref_t* gslot) except 0:
    cdef gcref_t g = gslot[0]
    cdef int64_t status = RAW(g)[G_STATUS]
    if name == "__name__" or name == "__qualname__":
        if FLD(g)[G_NAMES] != 0:
            return FLD(FLD(g)[G_NAMES])[0 if name == "__name__" else 1]
        push(FLD(g)[G_FUNC])
        g = getattr_v(top_slot(), intern(name))
        pop()
        return g
    name = name[3:]                 # (gi_, cr_ or ag_)
    if name == "code":
        return code_object(RAW(FLD(g)[G_FUNC])[FN_CODE])
    if name == "running":
        return vbool(status == GEN_RUNNING)
    if name == "suspended":
        return vbool(status == GEN_SUSPENDED)
    if name == "yieldfrom" or name == "await":
        return generator_delegate(g)
    if name == "frame":
        return generator_frame(gslot)
    return V_NONE                   # cr_origin: the VM does not track it

cdef int generator_name_set(str name, gcref_t* gslot, gcref_t* vslot) except -1:
    # gen.__name__ / gen.__qualname__ = vslot[0]: writable, as CPython's
    # (gen_set_name), but only to a str and never deleted.  Until either is
    # assigned both are the function's; then G_NAMES holds the pair.
    cdef gcref_t names
    if vslot == NULL or not has_tid(unwrap(vslot[0]), T_STR):
        raise TypeError(f"{name} must be set to a string object")
    if FLD(gslot[0])[G_NAMES] == 0:
        push(generator_getset("__name__", gslot))
        push(generator_getset("__qualname__", gslot))
        names = tuple_from_slots(top_slot() - 1, 2)
        HEAP.shadowstack_top -= 2
        store(gslot[0], G_NAMES, names)
    store(FLD(gslot[0])[G_NAMES], 0 if name == "__name__" else 1, vslot[0])
    return 0
