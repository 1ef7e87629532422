# vm/async_generators.pxi, included by _vm.pyx (one extension module, one C file).
#
# Async generators (an async def that yields), as CPython's genobject.c.
#
# ---------------------------------------------------------------- design
# An async generator is a generator under another type id (T_ASYNCGEN),
# made and resumed by the generator machinery.  Its frame yields for two
# reasons: `yield v` hands v to whoever iterates it (compiled as YIELD_VALUE
# with arg 1, which sets ASYNC_YIELD_VALUE), and an `await` inside it passes
# what the awaited object yields up to the event loop (arg 0).  The program
# drives it through awaitables: __anext__() / asend(v) make an asend object
# (T_ASEND), athrow() / aclose() an athrow object (T_ATHROW).  Awaiting one
# resumes the generator: a value yield completes the await with v
# (StopIteration(v) to whoever drives it by hand), an await's yield passes
# through, and the generator's return ends the iteration
# (StopAsyncIteration).  Each awaitable runs at most once.

cdef bint ASYNC_YIELD_VALUE = False

cdef enum:   # asend / athrow: [agen, value or exception, state raw, close raw]
    AW_GEN = 0
    AW_VALUE = 1
    AW_STATE = 2
    AW_CLOSE = 3
    AW_INIT = 0
    AW_ITER = 1
    AW_DONE = 2

cdef gcref_t new_agen_awaitable(uint16_t tid, gcref_t* gslot, gcref_t v, bint close) except 0:
    push(v)
    cdef gcref_t a = alloc_fixed(tid)
    FLD(a)[AW_VALUE] = pop()
    FLD(a)[AW_GEN] = gslot[0]
    RAW(a)[AW_STATE] = AW_INIT
    RAW(a)[AW_CLOSE] = close
    return a

cdef int agen_resume(gcref_t* aslot, gcref_t* vslot, bint throw) except -1:
    # Resume the async generator of awaitable aslot[0] with vslot[0] (or
    # throw it): 1 if it yielded to the event loop (the value in vslot[0]),
    # 0 if the await is complete (its result in vslot[0]); raises
    # StopAsyncIteration when the generator returns.
    global ASYNC_YIELD_VALUE
    cdef bint yielded
    push(FLD(aslot[0])[AW_GEN])
    ASYNC_YIELD_VALUE = False
    try:
        yielded = gen_run(top_slot(), vslot, throw)
    except VMError:
        RAW(aslot[0])[AW_STATE] = AW_DONE
        pop()
        if RAW(aslot[0])[AW_CLOSE] and (isinstance_c(VM_STATE.roots[R_EXC], exc_class("GeneratorExit"))
                                        or isinstance_c(VM_STATE.roots[R_EXC], exc_class("StopAsyncIteration"))):
            VM_STATE.roots[R_EXC] = 0
            vslot[0] = V_NONE          # aclose(): the generator ended as asked
            return 0
        raise
    pop()
    if not yielded:
        RAW(aslot[0])[AW_STATE] = AW_DONE
        if RAW(aslot[0])[AW_CLOSE]:
            vslot[0] = V_NONE
            return 0
        raise StopAsyncIteration()
    if ASYNC_YIELD_VALUE:
        ASYNC_YIELD_VALUE = False
        RAW(aslot[0])[AW_STATE] = AW_DONE
        if RAW(aslot[0])[AW_CLOSE]:
            raise RuntimeError("async generator ignored GeneratorExit")
        return 0
    RAW(aslot[0])[AW_STATE] = AW_ITER
    return 1

cdef int agen_awaitable_send(gcref_t* aslot, gcref_t* vslot) except -1:
    # The awaitable's send(v): as agen_resume; its first send resumes the
    # generator with the asend value, or throws the athrow exception.
    cdef int64_t state = RAW(aslot[0])[AW_STATE]
    cdef gcref_t g = FLD(aslot[0])[AW_GEN]
    if state == AW_DONE:
        raise RuntimeError("cannot reuse already awaited __anext__()/asend()" if has_tid(aslot[0], T_ASEND)
                           else "cannot reuse already awaited aclose()/athrow()")
    if state == AW_INIT:
        if has_tid(aslot[0], T_ATHROW):
            if RAW(g)[G_STATUS] == GEN_DONE or (RAW(g)[G_STATUS] == GEN_CREATED and RAW(aslot[0])[AW_CLOSE]):
                RAW(aslot[0])[AW_STATE] = AW_DONE
                if RAW(aslot[0])[AW_CLOSE]:
                    vslot[0] = V_NONE
                    return 0
                raise StopAsyncIteration()
            vslot[0] = FLD(aslot[0])[AW_VALUE]
            return agen_resume(aslot, vslot, True)
        if vslot[0] == V_NONE:
            vslot[0] = FLD(aslot[0])[AW_VALUE]
    return agen_resume(aslot, vslot, False)

cdef gcref_t agen_awaitable_next(gcref_t* aslot, bint stop) except? 0:
    # The awaitable's __next__ (its send(None)): what the generator passes
    # up to the event loop.  Once the await completes: 0 and no exception
    # (for_iter), or with [stop] StopIteration(its result) (next()).
    cdef gcref_t v
    cdef int r
    push(V_NONE)
    r = agen_awaitable_send(aslot, top_slot())
    v = pop()
    if r:
        return v
    if not stop:
        return 0
    raise_stop_iteration(v)

ASYNC_GEN_METHODS = ["__aiter__", "__anext__", "asend", "athrow", "aclose"]
AGEN_AWAITABLE_METHODS = ["__await__", "__iter__", "__next__", "send", "throw", "close"]

cdef gcref_t async_gen_method(str owner, str fn, gcref_t* a, Py_ssize_t n) except 0:
    # The methods of async generators ("async_generator.*") and of their
    # awaitables ("async_generator_asend.*", "async_generator_athrow.*");
    # a[0] is self.
    cdef gcref_t v
    cdef int r
    if owner == "async_generator":
        if fn == "__aiter__":
            return a[0]
        if fn == "__anext__":
            return new_agen_awaitable(T_ASEND, a, V_NONE, False)
        if fn == "asend":
            check_one("async_generator.asend", n - 1)
            return new_agen_awaitable(T_ASEND, a, a[1], False)
        if fn == "athrow":
            check_args("athrow", n - 1, 1, 3)
            push(thrown_exception(a + 1, n - 1))
            v = new_agen_awaitable(T_ATHROW, a, top_slot()[0], False)
            pop()
            return v
        # aclose()
        push(exc_class("GeneratorExit"))
        top_slot()[0] = vm_call(top_slot(), 0)
        push(a[0])
        v = new_agen_awaitable(T_ATHROW, top_slot(), top_slot()[-1], True)
        HEAP.shadowstack_top -= 2
        return v
    if fn == "__await__" or fn == "__iter__":
        return a[0]
    if fn == "close":
        RAW(a[0])[AW_STATE] = AW_DONE
        return V_NONE
    if fn == "throw":
        check_args("throw", n - 1, 1, 3)
        push(thrown_exception(a + 1, n - 1))
        r = agen_resume(a, top_slot(), True)
    else:
        push(a[1] if fn == "send" and n > 1 else V_NONE)
        r = agen_awaitable_send(a, top_slot())
    v = pop()
    if r:
        return v
    raise_stop_iteration(v)
