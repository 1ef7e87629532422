# vm/random.pxi, included by _vm.pyx (one extension module, one C file).
#
# The random module and random.Random, delegated to CPython's generator (a
# Mersenne Twister nobody profiles): the module's functions draw from one
# CPython random.Random, each VM Random instance from one of its own; what
# they return is copied into VM objects.  Functions that pick from a VM
# sequence (choice, sample, choices, shuffle) draw *indices* from CPython's
# generator with the same calls CPython makes for the sequence itself (so the
# stream and the results are CPython's), then index in the VM.
# Globals: _RNG, GENERATORS (reset at every run, vm/loading.pxi).

import random as _pyrandom
_RNG = _pyrandom.Random(0)      # the module's generator
GENERATORS = []                 # random.Random instances' generators, by handle

# The instance attribute that holds a Random instance's handle.  A generator
# lives until the end of the run: the VM has no finalizers to free it.
RANDOM_HANDLE = "_vmsample_generator"

cdef gcref_t random_function(object rng, str fn, gcref_t* a, Py_ssize_t n, gcref_t kwnames) except 0:
    # random.<fn>(*a) drawn from [rng]
    cdef gcref_t v
    cdef Py_ssize_t m
    if fn == "shuffle":
        order = list(range(RAW(a[0])[L_LEN]))
        rng.shuffle(order)
        push(seq_copy(a, T_LIST, 0, RAW(a[0])[L_LEN]))
        for i, j in enumerate(order):
            list_set(a[0], i, ITEMS(top_slot()[0])[j])
        pop()
        return V_NONE
    if fn in ("choice", "sample", "choices"):
        if not is_obj(a[0]) or TID(a[0]) not in (T_LIST, T_TUPLE, T_STR, T_RANGE):
            if fn != "choices":
                raise TypeError(f"Population must be a sequence.  For dicts or sets, use sorted(d).")
        push(list_from_iterable(a))
        m = RAW(top_slot()[0])[L_LEN]
        if fn == "choice":
            if m == 0:
                raise IndexError("Cannot choose from an empty sequence")
            idx = [rng.randrange(m)] if m else []
        elif fn == "sample":
            idx = rng.sample(range(m), *[int_to_py(a[i]) for i in range(1, n)],
                             **kwargs_py(a, n, kwnames))
        else:
            idx = rng.choices(range(m), *[to_py_simple(a + i) for i in range(1, n)],
                              **kwargs_py(a, n, kwnames))
        if fn == "choice":
            v = ITEMS(top_slot()[0])[idx[0]]
            pop()
            return v
        push(list_new(len(idx)))
        for i, j in enumerate(idx):
            list_set(top_slot()[0], i, ITEMS(top_slot()[-1])[j])
        v = pop()
        pop()
        return v
    args = [to_py_simple(a + i) for i in range(n)]
    res = getattr(rng, fn)(*args, **kwargs_py(a, n, kwnames)) if kwnames else getattr(rng, fn)(*args)
    return py_to_vm(res)

cdef gcref_t random_method(str fn, gcref_t* a, Py_ssize_t n, gcref_t kwnames) except 0:
    # random.Random.<fn>(self, *args): a[0] is self, n counts it
    cdef gcref_t v
    if n == 0 or not has_tid(a[0], T_INSTANCE) or not isinstance_c(a[0], random_class()):
        raise TypeError(f"descriptor '{fn}' for 'Random' objects doesn't apply to a "
                        f"'{type_name(a[0]) if n else 'nothing'}' object")
    if fn == "__init__":
        if n > 2:
            raise TypeError(f"Random.__init__() takes from 1 to 2 positional arguments but {n} were given")
        generator = _pyrandom.Random(*[to_py_simple(a + 1)] * (n - 1), **kwargs_py(a, n, kwnames))
        push(tag(len(GENERATORS)))
        GENERATORS.append(generator)
        push(intern(RANDOM_HANDLE))
        instance_setattr(a, top_slot(), top_slot() - 1)
        HEAP.shadowstack_top -= 2
        return V_NONE
    v = getattr_v(a, intern(RANDOM_HANDLE))
    return random_function(GENERATORS[untag(v)], fn, a + 1, n - 1, kwnames)

cdef int RANDOM_CLASS_ROOT = -1

cdef gcref_t random_class() noexcept nogil:
    return VM_STATE.roots[RANDOM_CLASS_ROOT]

cdef int make_random_class() except -1:
    # random.Random: a class like one the program defines (it may be
    # subclassed; its instances are profiled as "Random"), whose methods are
    # the builtins "Random.*".
    global RANDOM_CLASS_ROOT
    push(kind_class(KIND_OBJECT))
    top_slot()[0] = tuple_from_slots(top_slot(), 1)
    push(intern("Random"))
    push(dict_new())
    for bid, name in enumerate(BUILTIN_NAMES):
        if name.startswith("Random."):
            dict_set_py(top_slot(), name[7:], mk_descr(bid, KIND_ROOT[KIND_OBJECT]))
    RANDOM_CLASS_ROOT = add_root(new_class(top_slot() - 1, top_slot() - 2, top_slot(), 0, KIND_OBJECT, 0))
    HEAP.shadowstack_top -= 3
    return 0
