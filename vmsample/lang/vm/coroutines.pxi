# vm/coroutines.pxi, included by _vm.pyx (one extension module, one C file).
#
# Coroutines (async def, await): a coroutine is a generator under another
# type id.  Calling an async def makes one (make_generator), and it runs on
# the generator machinery (gen_run, yield_value, SEND); what differs is what
# the program sees: a coroutine is not iterable, is driven by send / throw /
# close or by await, and cannot be resumed once finished.  [await x]
# compiles to GET_AWAITABLE (below) and the yield-from loop.  Its
# __await__() is a coroutine_wrapper: an iterator over the same coroutine.

cdef gcref_t get_awaitable(gcref_t* slot, int made_by=0) except 0:
    # The iterator [await slot[0]] delegates to: a coroutine itself, else
    # what its class's __await__ returns (CPython's checks and messages;
    # [made_by] as GET_AWAITABLE's arg, vmsample/lang/opcodes.py).
    cdef gcref_t o = slot[0], m, r
    if has_tid(o, T_COROUTINE) or has_tid(o, T_ASEND) or has_tid(o, T_ATHROW):
        return o
    if has_tid(o, T_GENERATOR) and VM_STATE.codes[RAW(FLD(o)[G_FUNC])[FN_CODE]].flags & CO_ITERABLE_COROUTINE:
        return o            # a generator of a types.coroutine function
    m = magic_of(o, M_AWAIT)
    if m == 0 and made_by:
        raise TypeError(f"'async with' received an object from {'__aenter__' if made_by == 1 else '__aexit__'} "
                        f"that does not implement __await__: {type_name(o)}")
    if m == 0:
        raise TypeError(f"object {type_name(o)} can't be used in 'await' expression")
    r = call_method0(m, o)
    if has_tid(r, T_COROUTINE):
        raise TypeError("__await__() returned a coroutine")
    if not is_iterator(r):
        raise TypeError(f"__await__() returned non-iterator of type '{type_name(r)}'")
    if has_tid(r, T_CORO_WRAPPER):
        return FLD(r)[0]            # delegating to it is delegating to its coroutine
    return r

cdef gcref_t coroutine_wrapper(gcref_t* cslot) except 0:
    # coroutine.__await__()
    cdef gcref_t w = alloc_fixed(T_CORO_WRAPPER)
    FLD(w)[0] = cslot[0]
    return w

cdef gcref_t coro_wrapper_next(gcref_t* wslot, bint stop) except? 0:
    # The coroutine's next yielded value.  Once it returns: 0 and no
    # exception (for_iter), or with [stop] StopIteration(its value) (next()).
    cdef gcref_t v
    cdef bint yielded
    push(FLD(wslot[0])[0])
    push(V_NONE)
    yielded = gen_resume(top_slot() - 1, top_slot())
    v = pop()
    pop()
    if yielded:
        return v
    if not stop:
        return 0
    raise_stop_iteration(v)

CORO_METHODS = ["__await__"]
CORO_WRAPPER_METHODS = ["__next__", "__iter__", "send", "throw", "close"]

cdef gcref_t coroutine_method(str owner, str fn, gcref_t* a, Py_ssize_t n, gcref_t kwnames) except 0:
    # The methods of coroutines and of their wrappers not shared with
    # generators (send / throw / close of a coroutine are generator's: the
    # messages that differ come from gen_run).  a[0] is self.
    if kwnames:
        raise TypeError(f"{owner}.{fn}() takes no keyword arguments")
    if owner == "coroutine":                # __await__
        check_args("__await__", n - 1, 0, 0)
        return coroutine_wrapper(a)
    if fn == "__iter__":
        check_args("__iter__", n - 1, 0, 0)
        return a[0]
    if fn == "__next__":
        check_args("__next__", n - 1, 0, 0)
        return coro_wrapper_next(a, True)
    if fn == "send":
        check_one(f"{owner}.send", n - 1)
    a[0] = FLD(a[0])[0]                     # the wrapped coroutine
    return call_builtin_method(BI_GEN_SEND if fn == "send" else BI_GEN_THROW if fn == "throw"
                               else BI_GEN_CLOSE, a, n, 0)

# ---------------------------------------------------------------- async for, async with
# async for: GET_AITER, then per item GET_ANEXT and the await loop, with
# END_ASYNC_FOR as the handler that ends the loop on StopAsyncIteration.
# async with: BEFORE_ASYNC_WITH, then the with statement's code with each
# call of __aenter__ / __aexit__ awaited (compiler.with_items).

cdef gcref_t get_aiter(gcref_t* slot) except 0:
    cdef gcref_t m = class_lookup(class_of(slot[0]), MAGIC(M_AITER)), r
    if m == 0:
        raise TypeError(f"'async for' requires an object with __aiter__ method, got {type_name(slot[0])}")
    r = call_method0(m, slot[0])
    if class_lookup(class_of(r), MAGIC(M_ANEXT)) == 0:
        raise TypeError("'async for' received an object from __aiter__ that does not implement "
                        f"__anext__: {type_name(r)}")
    return r

cdef gcref_t get_anext(gcref_t* slot) except 0:
    # The awaitable of aiter.__anext__(), not yet awaited.
    push(call_method0(class_lookup(class_of(slot[0]), MAGIC(M_ANEXT)), slot[0]))
    try:
        r = get_awaitable(top_slot())
        pop()
        return r
    except VMError:
        push(VM_STATE.roots[R_EXC])
    except TypeError as e:
        push(exc_from_python(e))
    try:
        # whatever failed is the cause (CPython's _PyErr_FormatFromCause)
        return raise_from_cause("TypeError", top_slot(), "'async for' received an invalid object from "
                                f"__anext__: {type_name(top_slot()[-1])}")
    finally:
        HEAP.shadowstack_top -= 2

cdef int end_async_for(gcref_t* sp) except -1:
    # [aiter, exc]: the loop ends on StopAsyncIteration; anything else goes on.
    if isinstance_c(sp[-1], exc_class("StopAsyncIteration")):
        return 0
    VM_STATE.reraising = True
    return raise_vm(sp[-1])

cdef gcref_t async_context_manager_method(gcref_t* oslot, int m, str missing) except 0:
    cdef gcref_t meth = lookup_special(oslot, m)
    if meth == 0:
        raise TypeError(f"'{type_name(oslot[0])}' object does not support the asynchronous "
                        f"context manager protocol{missing}")
    return meth
