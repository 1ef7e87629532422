# vm/iteration.pxi, included by _vm.pyx (one extension module, one C file).
#
# Ranges and iteration: iterator objects for each builtin iterable, FOR_ITER's
# step, and [for_each] for helpers that walk an iterable.

# ---------------------------------------------------------------- ranges

cdef object range_to_py(gcref_t r):
    return range(int_to_py(FLD(r)[0]), int_to_py(FLD(r)[1]), int_to_py(FLD(r)[2]))

cdef Py_ssize_t range_len(gcref_t r) except -1:
    return len(range_to_py(r))

cdef gcref_t range_from_py(object r) except 0:
    push(int_from_py(r.start))
    push(int_from_py(r.stop))
    push(int_from_py(r.step))
    cdef gcref_t o = alloc_fixed(T_RANGE)
    FLD(o)[2] = pop()
    FLD(o)[1] = pop()
    FLD(o)[0] = pop()
    return o

# ---------------------------------------------------------------- iteration

cdef gcref_t new_iter(uint16_t tid, gcref_t* a, gcref_t b, int64_t c, int64_t d) except 0:
    push(b)
    cdef gcref_t it = alloc_fixed(tid)
    FLD(it)[IT_A] = a[0] if a != NULL else 0
    FLD(it)[IT_B] = pop()
    RAW(it)[IT_C] = c
    RAW(it)[IT_D] = d
    return it

cdef gcref_t get_iter(gcref_t* slot) except 0:
    cdef gcref_t o = slot[0], m, r
    cdef uint16_t t
    if not is_obj(o):
        raise TypeError(f"'{type_name(o)}' object is not iterable")
    t = TID(o)
    if t == T_LIST:
        return new_iter(T_LISTITER, slot, 0, 0, 0)
    if t == T_TUPLE:
        return new_iter(T_TUPLEITER, slot, 0, 0, 0)
    if t == T_STR:
        return new_iter(T_STRITER, slot, 0, 0, 0)
    if t == T_RANGE:
        if is_int(FLD(o)[0]) and is_int(FLD(o)[1]) and is_int(FLD(o)[2]):
            return new_iter(T_RANGEITER, NULL, FLD(o)[2], untag(FLD(o)[0]), untag(FLD(o)[1]))
        # beyond tagged ints: CPython's longrange_iterator, an index into the range
        return new_iter(T_LONGRANGEITER, slot, tag(0), 0, 0)
    if t == T_DICT:
        # [dict, items left (tagged), entry index, size seen | view kind << 40]
        return new_iter(T_DICTITER, slot, tag(RAW(o)[D_USED]), 0, RAW(o)[D_USED])
    if t == T_DICTVIEW:
        push(FLD(o)[IT_A])
        r = new_iter(T_DICTITER, top_slot(), tag(RAW(top_slot()[0])[D_USED]), 0,
                     RAW(top_slot()[0])[D_USED] | (RAW(o)[IT_C] << 40))
        pop()
        return r
    if t == T_SET or t == T_FROZENSET:
        # (IT_B: the items left, for __length_hint__; IT_D: the size it began with)
        return new_iter(T_SETITER, slot, tag(RAW(o)[S_USED]), 0, RAW(o)[S_USED])
    if t == T_BYTES or t == T_BYTEARRAY:
        return new_iter(T_BYTESITER if t == T_BYTES else T_BYTEARRAYITER, slot, 0, 0, 0)
    if t in (T_LISTITER, T_TUPLEITER, T_STRITER, T_RANGEITER, T_LONGRANGEITER, T_DICTITER, T_SETITER,
             T_ENUMERATE, T_ZIP, T_MAP, T_FILTER, T_REVERSED, T_LISTREVITER, T_GENERATOR, T_BYTESITER,
             T_BYTEARRAYITER, T_SEQITER, T_CORO_WRAPPER, T_ASEND, T_ATHROW):
        return o
    if t == T_INSTANCE or t == T_CLASS:
        m = magic_of(o, M_ITER)
        if m == V_NONE:             # (__iter__ = None: not iterable, as CPython's slot_tp_iter)
            raise TypeError(f"'{type_name(o)}' object is not iterable")
        if m != 0:
            r = call_method0(m, o)
            if not is_iterator(r):
                raise TypeError(f"iter() returned non-iterator of type '{type_name(r)}'")
            return r
        if magic_of(o, M_GETITEM) != 0:
            # the old sequence protocol: CPython's iterator over o[0], o[1], ...
            return new_iter(T_SEQITER, slot, 0, 0, 0)
    if t == T_CORO_WRAPPER:
        return o
    raise TypeError(f"'{type_name(o)}' object is not iterable")

cdef int zip_strict_end(gcref_t* itslot, Py_ssize_t i) except -1:
    # zip(..., strict=True) ended at its argument i: every other argument
    # must end there too (CPython's zip_next messages).
    cdef Py_ssize_t j
    if i > 0:
        raise ValueError(f"zip() argument {i + 1} is shorter than argument{' ' if i == 1 else 's 1-'}{i}")
    for j in range(1, LEN(FLD(itslot[0])[IT_A])):
        push(FLD(FLD(itslot[0])[IT_A])[j])
        if for_iter(top_slot()) != 0:
            raise ValueError(f"zip() argument {j + 1} is longer than argument{' ' if j == 1 else 's 1-'}{j}")
        pop()
    return 0

cdef gcref_t seq_iter_next(gcref_t* itslot) except? 0:
    # The next item of an iterator over an object with only __getitem__
    # (T_SEQITER: [object, _, next index]): o[i], one at a time, so an
    # endless one can be left; IndexError or StopIteration ends it for good
    # (CPython's iterobject.c drops the object).
    cdef gcref_t m, v
    cdef gcref_t* base = HEAP.shadowstack_top
    if FLD(itslot[0])[IT_A] == 0:
        return 0
    push(FLD(itslot[0])[IT_A])
    m = magic_of(base[0], M_GETITEM)
    if m == 0:
        raise TypeError(f"'{type_name(base[0])}' object is not subscriptable")
    try:
        v = call_method1(m, base[0], tag(RAW(itslot[0])[IT_C]))
    except VMError:
        if isinstance_c(VM_STATE.roots[R_EXC], exc_class("IndexError")) or ends_iteration():
            VM_STATE.roots[R_EXC] = 0
            store(itslot[0], IT_A, 0)
            HEAP.shadowstack_top = base
            return 0
        raise
    HEAP.shadowstack_top = base
    RAW(itslot[0])[IT_C] += 1
    return v

cdef inline int next_in_c(gcref_t it, gcref_t* out) noexcept nogil:
    # The next item of a list, tuple or range iterator into out[0] (1), or
    # none left (0); -1 for any other iterator (for_iter has them).  FOR_ITER's
    # fast path in the eval loop, and for_iter's first step.
    cdef uint16_t t
    cdef gcref_t o
    cdef int64_t i, n
    if not is_obj(it):
        return -1
    t = TID(it)
    if t == T_LISTITER or t == T_TUPLEITER:
        o = FLD(it)[IT_A]
        i = RAW(it)[IT_C]
        if i < SEQLEN(o):
            RAW(it)[IT_C] = i + 1
            out[0] = ITEMS(o)[i]
            return 1
        # exhausted for good, as CPython's (which drops the list): items
        # appended after the end was seen are not seen
        RAW(it)[IT_C] = <int64_t>1 << 40
        return 0
    if t == T_RANGEITER:
        i = RAW(it)[IT_C]
        n = untag(FLD(it)[IT_B])
        if (n > 0 and i < RAW(it)[IT_D]) or (n < 0 and i > RAW(it)[IT_D]):
            RAW(it)[IT_C] = i + n
            out[0] = tag(i)
            return 1
        return 0
    return -1

cdef gcref_t for_iter(gcref_t* itslot) except? 0:
    # The next item, or 0 (and no exception) when exhausted.
    cdef gcref_t it = itslot[0], o, m, v
    cdef uint16_t t = TID(it) if is_obj(it) else 0
    cdef int64_t i
    cdef Py_ssize_t n
    cdef int found = next_in_c(it, &v)      # list, tuple and range iterators
    if found >= 0:
        return v if found else 0
    if t == T_SEQITER:
        return seq_iter_next(itslot)
    if t == T_LONGRANGEITER:
        r = range_to_py(FLD(it)[IT_A])
        x = int_to_py(FLD(it)[IT_B])
        if x >= max(0, (r.stop - r.start + r.step - (1 if r.step > 0 else -1)) // r.step):
            return 0
        push(int_from_py(x + 1))
        store(itslot[0], IT_B, pop())
        return int_from_py(r.start + x * r.step)
    if t == T_STRITER:
        o = FLD(it)[IT_A]
        i = RAW(it)[IT_C]
        if i < LEN(o):
            RAW(it)[IT_C] = i + 1
            return str_char(SDATA(o)[i])
        RAW(it)[IT_C] = <int64_t>1 << 40     # (exhausted for good, as a list iterator)
        return 0
    if t == T_DICTITER:
        return dict_iter_next(itslot)
    if t == T_SETITER:
        o = FLD(it)[IT_A]
        if RAW(o)[S_USED] != RAW(it)[IT_D]:
            RAW(it)[IT_D] = -1      # sticky, as in CPython
            raise RuntimeError("Set changed size during iteration")
        i = RAW(it)[IT_C]
        while i <= RAW(o)[S_MASK]:
            v = STAB(o)[2 * i + 1]
            i += 1
            if v != 0 and v != V_DUMMY:
                RAW(it)[IT_C] = i
                FLD(it)[IT_B] = tag(untag(FLD(it)[IT_B]) - 1)
                return v
        RAW(it)[IT_C] = i
        FLD(it)[IT_B] = tag(0)
        return 0
    if t == T_GENERATOR:
        push(V_NONE)
        if gen_resume(itslot, top_slot()):
            return pop()
        pop()
        return 0
    if t == T_ENUMERATE:
        push(FLD(it)[IT_A])
        v = for_iter(top_slot())
        pop()
        if v == 0:
            return 0
        push(v)
        push(FLD(itslot[0])[IT_B])
        v = tuple_new(2)
        FLD(v)[1] = pop()
        FLD(v)[0] = pop()
        push(v)
        o = FLD(itslot[0])[IT_B]
        push(o)
        push(tag(1))
        o = binary_op(top_slot() - 1, B_ADD, False) if not is_int(o) or untag(o) >= SMALL_MAX else tag(untag(o) + 1)
        HEAP.shadowstack_top -= 2
        store(itslot[0], IT_B, o)
        v = pop()
        # the tuple was built (item, count): fix the order
        o = FLD(v)[0]
        FLD(v)[0] = FLD(v)[1]
        FLD(v)[1] = o
        return v
    if t == T_ZIP:
        n = LEN(FLD(it)[IT_A])
        if n == 0:
            return 0
        for i in range(n):
            push(FLD(FLD(itslot[0])[IT_A])[i])
            v = for_iter(top_slot())
            if v == 0:
                HEAP.shadowstack_top -= i + 1
                if RAW(itslot[0])[IT_C]:
                    zip_strict_end(itslot, i)
                return 0
            top_slot()[0] = v
        v = tuple_from_slots(top_slot() - n + 1, n)
        HEAP.shadowstack_top -= n
        return v
    if t == T_MAP or t == T_FILTER:
        try:
            return map_filter_next(itslot)
        except VMError:
            # the function raised StopIteration: the iterator ends, as
            # CPython's callers of tp_iternext take it
            if ends_iteration():
                return 0
            raise
    if t == T_REVERSED or t == T_LISTREVITER:
        if RAW(it)[IT_D]:
            return reversed_seq_next(itslot)
        i = RAW(it)[IT_C] - 1
        o = FLD(it)[IT_A]
        if i >= 0 and i < SEQLEN(o):
            RAW(it)[IT_C] = i
            return ITEMS(o)[i]
        RAW(it)[IT_C] = 0
        FLD(it)[IT_A] = 0           # let go (see reversed_seq_next); storing 0 needs no write barrier
        return 0
    if t == T_BYTESITER or t == T_BYTEARRAYITER:
        return bytes_iter_next(it)
    if t == T_INSTANCE:
        m = magic_of(it, M_NEXT)
        if m != 0:
            try:
                return call_method0(m, it)
            except VMError:
                if ends_iteration():
                    return 0
                raise
            except StopIteration:
                return 0            # a host iterator's (vm/host_modules.pxi) end
    if t == T_CORO_WRAPPER:
        return coro_wrapper_next(itslot, False)
    if t == T_ASEND or t == T_ATHROW:
        return agen_awaitable_next(itslot, False)
    raise TypeError(f"'{type_name(it)}' object is not an iterator")

cdef gcref_t reversed_seq_next(gcref_t* itslot) except? 0:
    # The next item of reversed(o) for a sequence o that is no list or tuple
    # (IT_D 1): o[i] for the index i = IT_C - 1, going down to 0; an
    # IndexError or StopIteration from o ends it (CPython's reversed_next).
    cdef int64_t i = RAW(itslot[0])[IT_C] - 1
    cdef gcref_t v
    if i >= 0:
        push(FLD(itslot[0])[IT_A])
        push(int_from_py(i))
        try:
            v = getitem(top_slot() - 1)
            RAW(itslot[0])[IT_C] = i
            return v
        except VMError:
            if not (isinstance_c(VM_STATE.roots[R_EXC], exc_class("IndexError")) or ends_iteration()):
                raise
            VM_STATE.roots[R_EXC] = 0
        finally:
            HEAP.shadowstack_top -= 2
    # exhausted: the sequence is let go (CPython clears ro->seq), so that it
    # can die now (test.support's check_free_after_iterating); IT_A 0 is
    # what pickling tells an exhausted reversed by (iterator_state)
    RAW(itslot[0])[IT_C] = 0
    FLD(itslot[0])[IT_A] = 0
    return 0

cdef bint ends_iteration() except -1:
    # Whether the exception being raised is a StopIteration, which a
    # builtin iterator's next ends on (then it is cleared).
    if isinstance_c(VM_STATE.roots[R_EXC], exc_class("StopIteration")):
        VM_STATE.roots[R_EXC] = 0
        return True
    return False

cdef gcref_t map_filter_next(gcref_t* itslot) except? 0:
    # The next item of a map or filter object, or 0.
    cdef gcref_t v
    cdef gcref_t* top = HEAP.shadowstack_top
    cdef Py_ssize_t i, n
    try:
        if has_tid(itslot[0], T_MAP):
            n = LEN(FLD(itslot[0])[IT_B])
            push(FLD(itslot[0])[IT_A])
            for i in range(n):
                push(FLD(FLD(itslot[0])[IT_B])[i])
                v = for_iter(top_slot())
                if v == 0:
                    return 0
                top_slot()[0] = v
            vm_call(top_slot() - n, n)
            return top_slot()[0]
        while True:
            push(FLD(itslot[0])[IT_B])
            v = for_iter(top_slot())
            pop()
            if v == 0:
                return 0
            push(v)
            if FLD(itslot[0])[IT_A] == V_NONE:
                if truth(top_slot()[0]):
                    return top_slot()[0]
            elif truth(call1(FLD(itslot[0])[IT_A], v)):
                return top_slot()[0]
            pop()
    finally:
        HEAP.shadowstack_top = top

cdef gcref_t dict_iter_next(gcref_t* itslot) except? 0:
    cdef gcref_t it = itslot[0]
    cdef gcref_t d = FLD(it)[IT_A]
    cdef int64_t i = RAW(it)[IT_C]
    cdef int kind = RAW(it)[IT_D] >> 40
    cdef gcref_t* e
    cdef gcref_t t
    if RAW(d)[D_USED] != (RAW(it)[IT_D] & ((<int64_t>1 << 40) - 1)):
        raise RuntimeError("dictionary changed size during iteration")
    while i < RAW(d)[D_NENTRIES]:
        e = ENT(d) + 3 * i
        i += 1
        if e[1] != 0:
            # One more item than the dict had when iteration began: keys
            # were deleted and added, which the size alone does not show.
            if untag(FLD(it)[IT_B]) <= 0:
                RAW(it)[IT_C] = <int64_t>1 << 40    # (then exhausted, as CPython's)
                raise RuntimeError("dictionary keys changed during iteration")
            FLD(it)[IT_B] = tag(untag(FLD(it)[IT_B]) - 1)
            RAW(it)[IT_C] = i
            if kind == 0:
                return e[1]
            if kind == 1:
                return e[2]
            t = tuple_new(2)
            e = ENT(FLD(itslot[0])[IT_A]) + 3 * (i - 1)
            FLD(t)[0] = e[1]
            FLD(t)[1] = e[2]
            return t
    RAW(it)[IT_C] = i
    return 0

ctypedef int (*item_fn)(gcref_t* target, gcref_t* item) except -1

cdef int for_each(gcref_t* src, item_fn fn, gcref_t* target) except -1:
    # fn(target, item) for every item of the iterable in slot [src]; [target]
    # is a slot below the stack top (the items are pushed above it).
    cdef gcref_t v
    push(get_iter(src))
    while True:
        v = for_iter(top_slot())
        if v == 0:
            break
        push(v)
        fn(target, top_slot())
        pop()
    pop()
    return 0

cdef bint is_iterator(gcref_t v) noexcept:
    # What CPython's PyIter_Check accepts: the builtin iterators, generators,
    # coroutine wrappers, and instances whose class has __next__.
    if not is_obj(v):
        return False
    return TID(v) in (T_LISTITER, T_TUPLEITER, T_STRITER, T_RANGEITER, T_LONGRANGEITER, T_DICTITER, T_SETITER,
                      T_ENUMERATE, T_ZIP, T_MAP, T_FILTER, T_REVERSED, T_LISTREVITER, T_GENERATOR,
                      T_BYTESITER, T_BYTEARRAYITER, T_SEQITER, T_CORO_WRAPPER, T_ASEND, T_ATHROW) or \
        (TID(v) == T_INSTANCE and magic_of(v, M_NEXT) != 0)

cdef gcref_t next_or_stop(gcref_t* itslot) except 0:
    cdef gcref_t v
    if not is_iterator(itslot[0]):
        raise TypeError(f"'{type_name(itslot[0])}' object is not an iterator")
    if has_tid(itslot[0], T_CORO_WRAPPER):
        return coro_wrapper_next(itslot, True)
    if has_tid(itslot[0], T_ASEND) or has_tid(itslot[0], T_ATHROW):
        return agen_awaitable_next(itslot, True)
    if has_tid(itslot[0], T_GENERATOR):
        push(V_NONE)
        if gen_resume(itslot, top_slot()):
            return pop()
        v = pop()
        raise_stop_iteration(v)
    v = for_iter(itslot)
    if v == 0:
        raise StopIteration()
    return v


# ---------------------------------------------------------------- pickling
# What app/objects.py needs to pickle a builtin iterator as CPython does
# (listiter_reduce, enum_reduce, zip_reduce...): the iterator's state as a
# tuple (_vm.iterator_state), and its __setstate__ (_vm.iterator_setstate).
# The state of a dict or set iterator is a copy of it, which the app level
# drains into the list CPython pickles.

cdef gcref_t iterator_state(gcref_t* aslot) except 0:
    # (an instance of a subclass: the iterator it carries)
    push(unwrap(aslot[0]))
    cdef gcref_t* itslot = top_slot()
    cdef gcref_t it = itslot[0]
    cdef uint16_t t = TID(it) if is_obj(it) else 0
    cdef Py_ssize_t n
    if t == T_LISTITER or t == T_TUPLEITER or t == T_STRITER or t == T_BYTESITER or t == T_BYTEARRAYITER:
        # (sequence, index of the next item)
        push(FLD(it)[IT_A])
        push(tag(RAW(it)[IT_C]))
    elif t == T_REVERSED or t == T_LISTREVITER:
        # (sequence, index of the next item), the sequence None once
        # exhausted (let go: CPython's NULL ro->seq)
        push(FLD(it)[IT_A] if FLD(it)[IT_A] != 0 else V_NONE)
        push(tag(RAW(it)[IT_C] - 1))
    elif t == T_RANGEITER:
        # (next value, stop, step): range(*state) is what is left
        push(tag(RAW(it)[IT_C]))
        push(tag(RAW(it)[IT_D]))
        push(FLD(it)[IT_B])
    elif t == T_LONGRANGEITER:
        # (range, index of the next item)
        push(FLD(it)[IT_A])
        push(FLD(it)[IT_B])
    elif t == T_SEQITER:
        # (object, index of the next item); object None once it ended
        push(FLD(it)[IT_A] if FLD(it)[IT_A] != 0 else V_NONE)
        push(tag(RAW(it)[IT_C]))
    elif t == T_DICTITER or t == T_SETITER:
        push(new_iter(t, itslot, FLD(itslot[0])[IT_B], 0, 0))
        FLD(top_slot()[0])[IT_A] = FLD(itslot[0])[IT_A]
        RAW(top_slot()[0])[IT_C] = RAW(itslot[0])[IT_C]
        RAW(top_slot()[0])[IT_D] = RAW(itslot[0])[IT_D]
    elif t == T_ENUMERATE:
        # (iterator, count)
        push(FLD(it)[IT_A])
        push(FLD(it)[IT_B])
    elif t == T_ZIP:
        # (iterators, strict)
        push(FLD(it)[IT_A])
        push(vbool(RAW(it)[IT_C] != 0))
    elif t == T_MAP or t == T_FILTER:
        # (function, iterators) / (function, iterator)
        push(FLD(it)[IT_A])
        push(FLD(it)[IT_B])
    else:
        pop()
        raise TypeError(f"cannot pickle '{type_name(it)}' object")
    n = 1 if t == T_DICTITER or t == T_SETITER else (3 if t == T_RANGEITER else 2)
    it = tuple_from_slots(top_slot() - n + 1, n)
    HEAP.shadowstack_top -= n + 1
    return it

cdef gcref_t iterator_setstate(gcref_t* itslot, gcref_t index) except 0:
    # it.__setstate__(state): an iterator over a sequence moves to index
    # [state], clamped as CPython's; a zip becomes strict or not.
    cdef gcref_t it = unwrap(itslot[0]), o
    cdef uint16_t t = TID(it) if is_obj(it) else 0
    cdef int64_t i, n
    if t == T_ZIP:
        RAW(it)[IT_C] = truth(index)
        return V_NONE
    if not is_int(index):
        raise TypeError("an integer is required")
    i = untag(index)
    if t == T_LISTITER or t == T_TUPLEITER or t == T_STRITER or t == T_BYTESITER or t == T_BYTEARRAYITER:
        o = FLD(it)[IT_A]
        n = BLEN(o) if (t == T_BYTESITER or t == T_BYTEARRAYITER) else (LEN(o) if t == T_STRITER else SEQLEN(o))
        RAW(it)[IT_C] = 0 if i < 0 else (n if i > n else i)
    elif t == T_REVERSED or t == T_LISTREVITER:
        if FLD(it)[IT_A] == 0:
            return V_NONE           # exhausted: nothing to move (CPython's reversed_setstate)
        push(FLD(it)[IT_A])
        n = int_to_py(call_builtin(BI_LEN, top_slot(), 1, 0)) if RAW(it)[IT_D] else SEQLEN(top_slot()[0])
        pop()
        it = unwrap(itslot[0])
        RAW(it)[IT_C] = (-1 if i < -1 else (n - 1 if i > n - 1 else i)) + 1
    elif t == T_RANGEITER:
        # (the VM's range iterator keeps its next value, not its start: the
        # index counts from where it is, which is the start of the fresh
        # iterator that unpickling makes)
        n = RAW(it)[IT_D] - RAW(it)[IT_C]
        n = n // untag(FLD(it)[IT_B]) + (n % untag(FLD(it)[IT_B]) != 0) if n != 0 else 0
        RAW(it)[IT_C] += (0 if i < 0 else (n if i > n else i)) * untag(FLD(it)[IT_B])
    elif t == T_LONGRANGEITER:
        store(it, IT_B, tag(0 if i < 0 else i))
    elif t == T_SEQITER:
        if FLD(it)[IT_A] != 0:
            RAW(it)[IT_C] = 0 if i < 0 else i
    else:
        raise TypeError(f"'{type_name(it)}' object has no __setstate__")
    return V_NONE
