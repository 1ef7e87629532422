# vm/eval_loop.pxi, included by _vm.pyx (one extension module, one C file).
#
# The eval loop: [eval_loop] (handlers, unwinding, tracebacks) around
# [run_frames] (the hot loop, no try/except) and [slow_op] (everything off
# the fast path), plus the time-sample check.

# ---------------------------------------------------------------- the eval loop

cdef int eval_loop() except -1:
    # Run frames from VM_STATE.depth until the entry frame (F_ENTRY) returns (ST_RETURN)
    # or yields (ST_YIELD).  Exceptions unwind through the code's exception
    # tables; one that leaves the entry frame propagates as VMError.
    cdef int entry = VM_STATE.depth
    check_c_stack()
    while True:
        try:
            return run_frames(entry)
        except VMError:
            if not VM_STATE.reraising:
                set_context_or_skip(handled_exception())
            if not unwind(entry, False):
                raise
        except BaseException as e:
            if DEBUG_HOST_ERRORS:
                import traceback
                traceback.print_exc()
            VM_STATE.roots[R_EXC] = 0
            HEAP.shadowstack_top = VM_STATE.frames[VM_STATE.depth].sp
            try:
                exc = exc_from_python(e)
            except VMError:
                exc = VM_STATE.roots[R_EXC]
            except MemoryError:
                HEAP.shadowstack_top = VM_STATE.frames[VM_STATE.depth].sp
                exc = spare_memory_error()
            VM_STATE.roots[R_EXC] = exc
            set_context_or_skip(handled_exception())
            if not unwind(entry, False):
                raise VMError()

# VMSAMPLE_DEBUG_HOST_ERRORS=1: print where in the VM's own code (the host's
# traceback) each CPython exception a helper raised came from.
DEBUG_HOST_ERRORS = bool(os.environ.get("VMSAMPLE_DEBUG_HOST_ERRORS"))

cdef int set_context_or_skip(gcref_t handled) except -1:
    # set_context, unless memory is too short for it: the exception in
    # flight must reach its handler (see SPARE_MEMORY_ERROR).
    cdef gcref_t* top = HEAP.shadowstack_top
    try:
        set_context(handled)
    except MemoryError:
        HEAP.shadowstack_top = top
    return 0

cdef int set_context(gcref_t handled) except -1:
    # An exception raised while another, [handled], is being handled
    # remembers it (__context__), unless it already has a context.
    cdef gcref_t exc = VM_STATE.roots[R_EXC]
    if handled == 0 or handled == V_NONE or handled == exc or not has_tid(exc, T_INSTANCE):
        return 0
    if exc_slot(exc, EXC_CONTEXT) != 0:
        return 0
    break_context_cycle(handled, exc)
    exc_set_slot(exc, EXC_CONTEXT, handled)
    return 0

cdef void break_context_cycle(gcref_t o, gcref_t exc) noexcept:
    # [exc] becomes the context of [o]: if [o]'s chain of contexts already
    # leads to [exc], the link to it is cut, so the chain stays a chain
    # (CPython's _PyErr_SetObject; [slow] walks at half speed, to stop at
    # a cycle the chain already has).
    cdef gcref_t slow = o, context
    cdef bint toggle = False
    if not has_tid(o, T_INSTANCE):
        return
    while True:
        context = exc_slot(o, EXC_CONTEXT)
        if context == 0 or not has_tid(context, T_INSTANCE):
            return
        if context == exc:
            exc_set_slot(o, EXC_CONTEXT, 0)
            return
        o = context
        if o == slow:
            return
        if toggle:
            slow = exc_slot(slow, EXC_CONTEXT)
        toggle = not toggle

cdef int frame_line(Frame* f) noexcept nogil:
    if f.pc < f.co.ninstr:
        return f.co.lines[f.pc]
    return f.co.firstlineno

cdef gcref_t instance_attr(gcref_t o, gcref_t name) noexcept nogil:
    cdef Py_ssize_t i = keys_index(FLD(o)[I_CLASS], name)
    if i < 0:
        return 0
    return instance_get(o, i)

cdef int find_handler(CodeObj* co, int pc) noexcept nogil:
    cdef int i
    for i in range(co.nexc):
        if co.exc[4 * i] <= pc < co.exc[4 * i + 1]:
            return i
    return -1

cdef bint unwind(int entry, bint reraise) except -1:
    # The exception in R_EXC was raised in VM_STATE.frames[VM_STATE.depth].  Find a handler
    # in this frame or a caller up to [entry]; True if one was found (the loop
    # resumes there), False if the exception leaves the entry frame.
    cdef Frame* f
    cdef int h
    cdef gcref_t* sp
    cdef gcref_t* top
    cdef gcref_t fo
    while True:
        f = &VM_STATE.frames[VM_STATE.depth]
        if not VM_STATE.reraising:
            top = HEAP.shadowstack_top
            try:
                add_traceback(f)
            except MemoryError:
                HEAP.shadowstack_top = top      # the entry is lost, not the exception
        VM_STATE.reraising = False
        h = find_handler(f.co, f.pc)
        if h >= 0:
            if not (f.co.code[2 * f.pc] == RERAISE and f.co.code[2 * f.pc + 1]):
                f.raised_pc = f.pc          # (RERAISE 1 restores the one before it)
            sp = f.base + f.co.nlocals + (1 if f.co.flags & CO_CLASSBODY else 0) + f.co.exc[4 * h + 3]
            sp[0] = VM_STATE.roots[R_EXC]
            VM_STATE.roots[R_EXC] = 0
            f.sp = sp + 1
            f.pc = f.co.exc[4 * h + 2]
            HEAP.shadowstack_top = f.sp
            return True
        if f.flags & F_GEN:
            RAW(f.base[-1])[G_STATUS] = GEN_DONE
        fo = f.frameobj
        frame_popped(f)
        if fo != 0 and f.pc < f.co.ninstr and 0 <= f.raised_pc < f.co.ninstr and (
                f.co.code[2 * f.pc] == EXC_CLEANUP or (f.co.code[2 * f.pc] == RERAISE and f.co.code[2 * f.pc + 1])):
            # Re-raised by a handler's cleanup (or with's RERAISE 1), the
            # frame is left at the line of the instruction whose exception
            # that handler caught, as CPython's RERAISE oparg restores f_lasti.
            RAW(fo)[FO_LINENO] = f.co.lines[f.raised_pc]
        VM_STATE.depth -= 1
        HEAP.shadowstack_top = f.ret + 1
        if VM_STATE.depth < entry:
            return False

# ---------------------------------------------------------------- the frame's sp
# run_frames keeps the roots invariant by two stores, HEAP.shadowstack_top = sp
# at the top of every instruction and f.sp = sp before anything that can
# allocate or raise (THE FRAME-SP RULE): stated once in the design block of
# _vm.pyx, 2. Roots.

cdef int run_frames(int entry) except -1:
    cdef Frame* f = &VM_STATE.frames[VM_STATE.depth]
    cdef CodeObj* co = f.co
    cdef int32_t* code = co.code
    cdef gcref_t* consts = co.consts
    cdef gcref_t* base = f.base
    cdef gcref_t* sp = f.sp
    cdef int pc = f.pc
    cdef int op, arg, n, r
    cdef gcref_t a, b, v
    cdef int64_t x, y, z
    cdef double da, db
    cdef gcref_t* slot
    while True:
        HEAP.shadowstack_top = sp
        f.pc = pc
        op = code[2 * pc]
        arg = code[2 * pc + 1]
        pc += 1
        if op == LOAD_FAST:
            v = base[arg]
            if v == 0:
                f.sp = sp
                raise_unbound(co, arg)
            sp[0] = v
            sp += 1
        elif op == LOAD_CONST:
            sp[0] = consts[arg]
            sp += 1
        elif op == STORE_FAST:
            sp -= 1
            base[arg] = sp[0]
        elif op == POP_TOP:
            sp -= 1
        elif op == DUP_TOP:
            sp[0] = sp[-1]
            sp += 1
        elif op == ROT_TWO:
            v = sp[-1]
            sp[-1] = sp[-2]
            sp[-2] = v
        elif op == ROT_THREE:
            v = sp[-1]
            sp[-1] = sp[-2]
            sp[-2] = sp[-3]
            sp[-3] = v
        elif op == JUMP:
            if arg < pc:
                if VM_STATE.tick:
                    f.sp = sp
                    safe_point()
                VM_STATE.countdown -= 1
                if VM_STATE.countdown == 0:
                    # Let CPython run its signal handlers (Ctrl-C) now and then.
                    VM_STATE.countdown = SIGNAL_CHECK_INTERVAL
                    f.sp = sp
                    PyErr_CheckSignals()
            pc = arg
        elif op == POP_JUMP_IF_FALSE:
            sp -= 1
            v = sp[0]
            if v == V_FALSE:
                pc = arg
            elif v != V_TRUE:
                f.sp = sp
                if not truth(v):
                    pc = arg
        elif op == POP_JUMP_IF_TRUE:
            sp -= 1
            v = sp[0]
            if v == V_TRUE:
                pc = arg
            elif v != V_FALSE:
                f.sp = sp
                if truth(v):
                    pc = arg
        elif op == JUMP_IF_FALSE_OR_POP:
            f.sp = sp
            if truth(sp[-1]):
                sp -= 1
            else:
                pc = arg
        elif op == JUMP_IF_TRUE_OR_POP:
            f.sp = sp
            if truth(sp[-1]):
                pc = arg
            else:
                sp -= 1
        elif op == BINARY_OP or op == INPLACE_OP:
            a = sp[-2]
            b = sp[-1]
            if is_int(a) and is_int(b):
                x = untag(a)
                y = untag(b)
                if arg == B_ADD:
                    if not vms_add_overflow(x, y, &z) and fits(z):
                        sp -= 1
                        sp[-1] = tag(z)
                        continue
                elif arg == B_SUB:
                    if not vms_sub_overflow(x, y, &z) and fits(z):
                        sp -= 1
                        sp[-1] = tag(z)
                        continue
                elif arg == B_MUL:
                    if not vms_mul_overflow(x, y, &z) and fits(z):
                        sp -= 1
                        sp[-1] = tag(z)
                        continue
                elif arg == B_FLOORDIV and y > 0:
                    z = x // y if x >= 0 else -((-x + y - 1) // y)
                    sp -= 1
                    sp[-1] = tag(z)
                    continue
                elif arg == B_MOD and y > 0:
                    z = x % y
                    if z < 0:
                        z += y
                    sp -= 1
                    sp[-1] = tag(z)
                    continue
                elif arg == B_AND:
                    sp -= 1
                    sp[-1] = a & b
                    continue
                elif arg == B_OR:
                    sp -= 1
                    sp[-1] = a | b
                    continue
                elif arg == B_XOR:
                    sp -= 1
                    sp[-1] = tag(x ^ y)
                    continue
            f.sp = sp
            if arg <= B_TRUEDIV and as_double(a, &da) and as_double(b, &db) and \
                    (arg == B_TRUEDIV or has_tid(a, T_FLOAT) or has_tid(b, T_FLOAT)):
                # float arithmetic in C (CPython's float_add & co. are IEEE too)
                if arg == B_ADD:
                    da = da + db
                elif arg == B_SUB:
                    da = da - db
                elif arg == B_MUL:
                    da = da * db
                elif db != 0.0:
                    da = da / db
                else:
                    v = binary_op(sp - 2, arg, op == INPLACE_OP)
                    sp -= 1
                    sp[-1] = v
                    continue
                v = float_new(da)
            else:
                v = binary_op(sp - 2, arg, op == INPLACE_OP)
            sp -= 1
            sp[-1] = v
        elif op == COMPARE_OP:
            a = sp[-2]
            b = sp[-1]
            if is_int(a) and is_int(b):
                x = <int64_t>a
                y = <int64_t>b
                if arg == C_LT:
                    v = vbool(x < y)
                elif arg == C_LE:
                    v = vbool(x <= y)
                elif arg == C_EQ or arg == C_IS:
                    v = vbool(x == y)
                elif arg == C_NE or arg == C_IS_NOT:
                    v = vbool(x != y)
                elif arg == C_GT:
                    v = vbool(x > y)
                elif arg == C_GE:
                    v = vbool(x >= y)
                else:
                    f.sp = sp
                    v = compare_op(sp - 2, arg)
            elif arg == C_IS:
                v = vbool(a == b)
            elif arg == C_IS_NOT:
                v = vbool(a != b)
            elif arg <= C_GE and as_double(a, &da) and as_double(b, &db):
                # NaN compares false everywhere but !=, as in C
                if arg == C_LT:
                    v = vbool(da < db)
                elif arg == C_LE:
                    v = vbool(da <= db)
                elif arg == C_EQ:
                    v = vbool(da == db)
                elif arg == C_NE:
                    v = vbool(da != db)
                elif arg == C_GT:
                    v = vbool(da > db)
                else:
                    v = vbool(da >= db)
            else:
                f.sp = sp
                v = compare_op(sp - 2, arg)
            sp -= 1
            sp[-1] = v
        elif op == LOAD_GLOBAL:
            v = cached_global(&co.caches[pc - 1], VM_STATE.roots[co.globals], co.names[arg])
            if v == 0:
                f.sp = sp
                v = load_global_caching(&co.caches[pc - 1], VM_STATE.roots[co.globals], co.names[arg])
            sp[0] = v
            sp += 1
        elif op == STORE_GLOBAL:
            f.sp = sp
            sp[0] = co.names[arg]
            HEAP.shadowstack_top = sp + 1
            dict_set(&VM_STATE.roots[co.globals], sp, sp - 1)
            sp -= 1
        elif op == LOAD_ATTR:
            v = cached_attr(&co.caches[pc - 1], sp[-1])
            if v == 0:
                f.sp = sp
                v = getattr_caching(&co.caches[pc - 1], sp - 1, co.names[arg])
            sp[-1] = v
        elif op == STORE_ATTR:
            f.sp = sp
            setattr_caching(&co.caches[pc - 1], sp - 1, co.names[arg], sp - 2)
            sp -= 2
        elif op == LOAD_METHOD:
            v = cached_method(&co.caches[pc - 1], sp[-1], co.names[arg])
            if v != 0:
                sp[0] = sp[-1]
                sp[-1] = v
            else:
                f.sp = sp
                load_method_caching(&co.caches[pc - 1], sp - 1, co.names[arg])
            sp += 1
        elif op == CALL_METHOD or op == CALL or op == CALL_KW:
            if op == CALL_KW:
                sp -= 1
                v = sp[0]
                n = arg
            else:
                v = 0
                n = arg
            if op == CALL_METHOD:
                slot = sp - n - 2
                if slot[1] == 0:
                    memmove(slot + 1, slot + 2, n * sizeof(gcref_t))
                    sp -= 1
                else:
                    n += 1
            else:
                slot = sp - n - 1
            if VM_STATE.tick:
                f.sp = sp
                safe_point()
                if op == CALL_KW:
                    v = sp[0]       # the keyword names (still below the stack top), moved or not
            a = slot[0]
            f.sp = slot
            HEAP.shadowstack_top = sp
            if is_obj(a) and TID(a) == T_FUNCTION:
                r = enter_function(slot, n, v, 0)
            else:
                r = call_value(slot, n, v)
            if r:
                f = &VM_STATE.frames[VM_STATE.depth]
                co = f.co
                code = co.code
                consts = co.consts
                base = f.base
                sp = f.sp
                pc = 0
            else:
                sp = slot + 1
        elif op == RETURN_VALUE:
            v = sp[-1]
            if f.flags & F_GEN:
                RAW(base[-1])[G_STATUS] = GEN_DONE
            if f.flags & F_INIT:
                if v != V_NONE:
                    raise TypeError(f"__init__() should return None, not '{type_name(v)}'")
                sp = f.ret
            else:
                f.ret[0] = v
                sp = f.ret + 1
            r = f.flags
            frame_popped(f)
            VM_STATE.depth -= 1
            HEAP.shadowstack_top = sp
            if r & F_ENTRY:
                return ST_RETURN
            f = &VM_STATE.frames[VM_STATE.depth]
            co = f.co
            code = co.code
            consts = co.consts
            base = f.base
            pc = f.pc + 1
        else:
            # The common cases of some slow ops, in C: nothing here allocates
            # or calls out (so no f.sp store, no time sample, the profile
            # unchanged); anything else is slow_op's.
            if op == UNPACK_SEQUENCE:
                slot = unpack_exact(sp, arg)
                if slot != NULL:
                    sp = slot
                    continue
            elif op == FOR_ITER:
                r = next_in_c(sp[-1], sp)
                if r > 0:
                    sp += 1
                    continue
                if r == 0:
                    sp -= 1
                    pc = arg
                    continue
            elif op == BINARY_SUBSCR:
                v = item_in_c(sp[-2], sp[-1])
                if v != 0:
                    sp -= 1
                    sp[-1] = v
                    continue
            elif op == STORE_SUBSCR:
                if store_item_in_c(sp[-2], sp[-1], sp[-3]):
                    sp -= 3
                    continue
            elif op == LOAD_DEREF:
                v = FLD(base[arg])[0]
                if v != 0:
                    sp[0] = v
                    sp += 1
                    continue
            f.sp = sp
            f.pc = pc - 1
            r = slow_op(f, op, arg)
            # slow ops may push frames (e.g. a yield resumes nothing, but
            # RAISE leaves via an exception); reload the innermost frame.
            if r == 2:
                return ST_YIELD
            f = &VM_STATE.frames[VM_STATE.depth]
            co = f.co
            code = co.code
            consts = co.consts
            base = f.base
            sp = f.sp
            pc = f.pc

cdef enum:
    SIGNAL_CHECK_INTERVAL = 8192

cdef extern from "Python.h":
    int PyErr_CheckSignals() except -1      # runs the handlers; raises KeyboardInterrupt

cdef int raise_unbound(CodeObj* co, int slot) except -1:
    name = CODE_SPECS[co.index].varnames[slot]
    raise UnboundLocalError(f"cannot access local variable '{name}' where it is not associated with a value")

cdef bint safe_point() except -1:
    # A safe point saw VM_STATE.tick: record where the program is, once per
    # timer expiry since the last sample, run the Python-level handlers of
    # the signals that arrived (vm/signals.pxi) and what the collector
    # queued for finalization (vm/weakrefs.pxi) -- VM code that may
    # allocate, so the caller holds no object in a C local across this --
    # and, when another thread asked for the VM lock, let it run
    # (vm/threads.pxi).
    cdef bint due = take_finalization_due()
    cdef bint signalled = take_signal_due()
    cdef bint switch = MAIN_THREAD.next != NULL and vl_take_requests()
    if VM_STATE.tick:
        if VM_STATE.prof != NULL:
            prof_time_samples(VM_STATE.prof)
        else:
            VM_STATE.tick = 0
    signal_wakeup_kept()
    if signalled:
        PyErr_CheckSignals()
    if due:
        run_finalization()
    if switch:
        switch_threads()
    return 0

cdef inline gcref_t* ns_slot(Frame* f) noexcept nogil:
    return &f.base[f.co.nlocals]

cdef gcref_t context_manager_method(gcref_t* oslot, int m, str missing) except 0:
    cdef gcref_t meth = lookup_special(oslot, m)
    if meth == 0:
        raise TypeError(f"'{type_name(oslot[0])}' object does not support the context manager "
                        f"protocol{missing}")
    return meth

cdef int slow_op(Frame* f, int op, int arg) except -1:
    # Everything that is not on the eval loop's fast path.  f.sp / f.pc are
    # current (the frame-sp rule; pc = this instruction); advance f.pc unless
    # jumping.
    cdef CodeObj* co = f.co
    cdef gcref_t* sp = f.sp
    cdef gcref_t* base = f.base
    cdef gcref_t v, w, cell
    cdef Py_ssize_t i, n
    cdef int r
    cdef int next_pc = f.pc + 1     # f.pc stays on this instruction while it runs
    if op == NOP:
        pass
    elif op == DUP_TOP_TWO:
        sp[0] = sp[-2]
        sp[1] = sp[-1]
        sp += 2
    elif op == DELETE_FAST:
        if base[arg] == 0:
            raise_unbound(co, arg)
        base[arg] = 0
    elif op == LOAD_CLASSDEREF:
        # A free variable read in a class body: the class namespace first
        # (locals()["x"] = ..., or __prepare__'s mapping), then the cell.
        push(intern(CODE_SPECS[co.index].varnames[arg]))
        if has_tid(ns_slot(f)[0], T_DICT):
            v = dict_get_str(ns_slot(f)[0], top_slot()[0])
        else:
            v = mapping_get_or_0(ns_slot(f), top_slot()[0])
        pop()
        if v == 0:
            return slow_op(f, LOAD_DEREF, arg)
        sp[0] = v
        sp += 1
    elif op == LOAD_DEREF:
        v = FLD(base[arg])[0]
        if v == 0:
            name = CODE_SPECS[co.index].varnames[arg]
            if arg >= co.nlocals - co.nfree:
                raise NameError(f"cannot access free variable '{name}' where it is not associated "
                                f"with a value in enclosing scope")
            raise_unbound(co, arg)
        sp[0] = v
        sp += 1
    elif op == STORE_DEREF:
        sp -= 1
        store(base[arg], 0, sp[0])
    elif op == DELETE_DEREF:
        store(base[arg], 0, 0)
    elif op == LOAD_CLOSURE:
        sp[0] = base[arg]
        sp += 1
    elif op == MAKE_CELL:
        cell = alloc_fixed(T_CELL)
        FLD(cell)[0] = base[arg]
        base[arg] = cell
    elif op == COPY_FREE_VARS:
        w = f.base[-1]
        if f.flags & F_GEN:
            w = FLD(w)[G_FUNC]
        w = FLD(w)[FN_CLOSURE]
        for i in range(arg):
            base[co.nlocals - arg + i] = FLD(w)[i]
    elif op == DELETE_GLOBAL:
        push(co.names[arg])
        r = dict_del(&VM_STATE.roots[co.globals], top_slot())
        pop()
        if not r:
            raise NameError(f"name '{str_to_py(co.names[arg])}' is not defined", name=str_to_py(co.names[arg]))
    elif op == LOAD_NAME:
        if has_tid(ns_slot(f)[0], T_DICT):
            v = dict_get_str(ns_slot(f)[0], co.names[arg])
        else:
            v = mapping_get_or_0(ns_slot(f), co.names[arg])
        if v == 0:
            v = dict_get_str(VM_STATE.roots[co.globals], co.names[arg])
        if v == 0:
            v = builtin_or_0(VM_STATE.roots[co.globals], co.names[arg])
        if v == 0:
            raise NameError(f"name '{str_to_py(co.names[arg])}' is not defined", name=str_to_py(co.names[arg]))
        sp[0] = v
        sp += 1
    elif op == STORE_NAME:
        sp[0] = co.names[arg]
        HEAP.shadowstack_top = sp + 1
        mapping_setitem(ns_slot(f), sp, sp - 1)
        sp -= 1
    elif op == DELETE_NAME:
        push(co.names[arg])
        if has_tid(ns_slot(f)[0], T_DICT):
            r = dict_del(ns_slot(f), top_slot())
        else:
            push(ns_slot(f)[0])
            push(top_slot()[-1])
            try:
                delitem(top_slot() - 1)
                r = 1
            except VMError:
                if not isinstance_c(VM_STATE.roots[R_EXC], exc_class("KeyError")):
                    raise
                VM_STATE.roots[R_EXC] = 0
                r = 0
            HEAP.shadowstack_top -= 2
        pop()
        if not r:
            raise NameError(f"name '{str_to_py(co.names[arg])}' is not defined", name=str_to_py(co.names[arg]))
    elif op == DELETE_ATTR:
        delattr_v(sp - 1, co.names[arg])
        sp -= 1
    elif op == CALL_EX:
        sp = call_ex(f, sp, arg)
        if &VM_STATE.frames[VM_STATE.depth] != f:
            return 0       # the callee returns to this instruction + 1
    elif op == UNARY_NOT:
        sp[-1] = vbool(not truth(sp[-1]))
    elif op == UNARY_NEGATIVE or op == UNARY_POSITIVE or op == UNARY_INVERT:
        sp[-1] = unary_op(sp - 1, op)
    elif op == BINARY_SUBSCR:
        v = getitem(sp - 2)
        sp -= 1
        sp[-1] = v
    elif op == STORE_SUBSCR:
        setitem(sp - 2, sp - 3)
        sp -= 3
    elif op == DELETE_SUBSCR:
        delitem(sp - 2)
        sp -= 2
    elif op == BUILD_SLICE:
        v = alloc_fixed(T_SLICE)
        FLD(v)[0] = sp[-arg]
        FLD(v)[1] = sp[-arg + 1]
        FLD(v)[2] = sp[-1] if arg == 3 else V_NONE
        sp -= arg
        sp[0] = v
        sp += 1
    elif op == BUILD_TUPLE:
        v = tuple_from_slots(sp - arg, arg)
        sp -= arg
        sp[0] = v
        sp += 1
    elif op == BUILD_LIST:
        v = list_from_slots(sp - arg, arg)
        sp -= arg
        sp[0] = v
        sp += 1
    elif op == BUILD_SET:
        sp[0] = set_new()
        HEAP.shadowstack_top = sp + 1
        for i in range(arg):
            set_add(sp, sp - arg + i)
        sp[-arg] = sp[0]
        sp -= arg - 1
    elif op == BUILD_MAP:
        sp[0] = dict_new_sized(arg)
        HEAP.shadowstack_top = sp + 1
        for i in range(arg):
            dict_set(sp, sp - 2 * arg + 2 * i, sp - 2 * arg + 2 * i + 1)
        sp[-2 * arg] = sp[0]
        sp -= 2 * arg - 1
    elif op == BUILD_STRING:
        v = build_string(sp - arg, arg)
        sp -= arg
        sp[0] = v
        sp += 1
    elif op == LIST_APPEND:
        list_append(sp - 1 - arg, sp - 1)
        sp -= 1
    elif op == SET_ADD:
        set_add(sp - 1 - arg, sp - 1)
        sp -= 1
    elif op == MAP_ADD:
        dict_set(sp - 2 - arg, sp - 2, sp - 1)
        sp -= 2
    elif op == LIST_EXTEND:
        list_extend(sp - 2, sp - 1)
        sp -= 1
    elif op == SET_UPDATE:
        if arg == 1:
            sp[-1] = set_from_iterable(sp - 1)     # the frozenset constant
        set_update(sp - 2, sp - 1)
        sp -= 1
    elif op == DICT_UPDATE or op == DICT_MERGE:
        dict_update(sp - 2, sp - 1, op == DICT_MERGE)
        sp -= 1
    elif op == LIST_TO_TUPLE:
        sp[-1] = seq_copy(sp - 1, T_TUPLE, 0, SEQLEN(sp[-1]))
    elif op == FORMAT_VALUE:
        if arg & 4:
            v = format_value(sp - 2, arg & 3, sp - 1)
            sp -= 1
        else:
            v = format_value(sp - 1, arg & 3, NULL)
        sp[-1] = v
    elif op == GET_ITER:
        sp[-1] = get_iter(sp - 1)
    elif op == FOR_ITER:
        v = for_iter(sp - 1)
        if v == 0:
            sp -= 1
            next_pc = arg
        else:
            sp[0] = v
            sp += 1
    elif op == UNPACK_SEQUENCE:
        sp = unpack(sp, arg, -1)
    elif op == UNPACK_EX:
        sp = unpack(sp, arg & 0xFF, arg >> 8)
    elif op == MAKE_FUNCTION:
        sp = make_function(f, sp, arg)
    elif op == LOAD_BUILD_CLASS:
        if custom_builtins(VM_STATE.roots[co.globals]) != 0:
            v = builtin_or_0(VM_STATE.roots[co.globals], intern("__build_class__"))
            if v == 0:
                raise NameError("__build_class__ not found")
            sp[0] = v
        else:
            sp[0] = mk_bfunc(BI_BUILD_CLASS)
        sp += 1
    elif op == YIELD_VALUE:
        global ASYNC_YIELD_VALUE
        ASYNC_YIELD_VALUE = arg
        return yield_value(f, sp)
    elif op == GET_YIELD_FROM_ITER:
        if has_tid(sp[-1], T_COROUTINE) and not co.flags & CO_ITERABLE_COROUTINE:
            # (a types.coroutine generator's yield from is an await)
            raise TypeError("cannot 'yield from' a coroutine object in a non-coroutine generator")
        if not has_tid(sp[-1], T_GENERATOR) and not has_tid(sp[-1], T_COROUTINE):
            sp[-1] = get_iter(sp - 1)
        if has_tid(sp[-1], T_CORO_WRAPPER):
            sp[-1] = FLD(sp[-1])[0]             # delegating to it is delegating to its coroutine
    elif op == GET_AWAITABLE:
        sp[-1] = get_awaitable(sp - 1, arg)
    elif op == GET_AITER:
        sp[-1] = get_aiter(sp - 1)
    elif op == GET_ANEXT:
        HEAP.shadowstack_top = sp
        sp[0] = get_anext(sp - 1)
        sp += 1
    elif op == END_ASYNC_FOR:
        end_async_for(sp)
        sp -= 2
    elif op == BEFORE_ASYNC_WITH:
        # as BEFORE_WITH: [mgr] -> [aexit, aenter]
        sp[0] = sp[-1]
        HEAP.shadowstack_top = sp + 1
        sp[0] = async_context_manager_method(sp, M_AENTER, "")
        sp[1] = sp[-1]
        HEAP.shadowstack_top = sp + 2
        sp[-1] = async_context_manager_method(sp + 1, M_AEXIT, " (missed __aexit__ method)")
        sp += 1
    elif op == SEND:
        # [it, value] -> [it, yielded] or [result] and jump
        r = send(sp - 2)
        if r == 0:
            sp -= 1
            next_pc = arg
    elif op == RAISE:
        do_raise(sp, arg)
    elif op == RERAISE:
        VM_STATE.reraising = True
        raise_vm(sp[-1])
    elif op == PUSH_EXC_INFO:
        v = sp[-1]
        sp[-1] = VM_STATE.roots[R_HANDLED]
        sp[0] = v
        sp += 1
        VM_STATE.roots[R_HANDLED] = v
    elif op == POP_EXCEPT:
        VM_STATE.roots[R_HANDLED] = sp[-2]
        sp -= 2
    elif op == EXC_CLEANUP:
        VM_STATE.roots[R_HANDLED] = sp[-2]
        v = sp[-1]
        sp -= 2
        f.sp = sp
        VM_STATE.reraising = True
        raise_vm(v)
    elif op == CHECK_EXC_MATCH:
        sp[-2] = vbool(exc_matches(sp[-2], sp[-1]))
        sp -= 1
    elif op == IMPORT_NAME:
        sp[0] = import_module(co.names[arg])
        sp += 1
    elif op == IMPORT_STAR:
        # (into the namespace of exec's or compile()'s code: its locals mapping)
        import_star(sp - 1, ns_slot(f) if co.flags & CO_CLASSBODY else &VM_STATE.roots[co.globals])
        sp -= 1
    elif op == IMPORT_FROM:
        sp[0] = import_from(sp - 1, co.names[arg])
        sp += 1
    elif op == SUPER:
        sp[-1] = make_super(f, sp - 1)
    elif op == LOAD_CLASS:
        sp[0] = defining_class(f)
        sp += 1
    elif op == STORE_CLASS:
        store_class_cell(f, sp - 1)
        sp -= 1
    elif op == BEFORE_WITH:
        # [mgr] -> [mgr, mgr] -> [mgr, enter] -> [exit, enter]: CPython's
        # order of lookups (getattr_v may use the slots above its operand).
        sp[0] = sp[-1]
        HEAP.shadowstack_top = sp + 1
        sp[0] = context_manager_method(sp, M_ENTER, "")
        sp[1] = sp[-1]
        HEAP.shadowstack_top = sp + 2
        sp[-1] = context_manager_method(sp + 1, M_EXIT, " (missed __exit__ method)")
        sp += 1
    elif op == WITH_EXCEPT_START:
        # [exit, prev, exc] -> [exit, prev, exc, exit, type(exc), exc, tb]: the
        # arguments of __exit__, called next by an ordinary CALL 3.
        v = sp[-1]
        w = exc_slot(v, EXC_TRACEBACK) if has_tid(v, T_INSTANCE) else 0
        sp[0] = sp[-3]
        sp[1] = FLD(v)[I_CLASS]
        sp[2] = v
        sp[3] = w if w != 0 and has_tid(w, T_TRACEBACK) else V_NONE
        sp += 4
    elif op == LOAD_APP:
        sp[0] = load_app_object(arg)
        sp += 1
    elif op == UNSUPPORTED:
        # The compiler met a construct the VM lacks: refusing it here, when it
        # runs, lets the rest of the program run (compiler/unit.py, "Refusals").
        v = co.consts[arg]          # (exception class name, message)
        raise_with_value(str_to_py(FLD(v)[0]), FLD(v)[1])
    else:
        raise SystemError(f"unknown opcode {op}")
    f.sp = sp
    f.pc = next_pc
    return 0

