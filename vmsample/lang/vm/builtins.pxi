# vm/builtins.pxi, included by _vm.pyx (one extension module, one C file).
#
# Builtins: the builtin function and method ids (BUILTIN_NAMES, BUILTIN_IDS),
# argument checking, and the implementation of each builtin and str/list/dict
# method, plus the functions of the VM's own modules (sys, gc, _vm, _vmhost).

# ---------------------------------------------------------------- builtins
# A builtin is an immediate (bid << 3) | 6.  Functions come first, then the
# methods of builtin types ("type.name"), installed into their class dicts.

from vmsample.lang.builtin_ids import (BUILTINS as _FIXED_BUILTINS, ANY as _ANY_KEYWORD,
                                       NOARGS as _NOARGS, ONE as _ONE, OWN as _OWN)

# The builtins of fixed id first (their C names: vm/builtin_ids.pxi), then
# the methods made from the concept files' own lists.
BUILTIN_NAMES = [
    *(name for name, _, _, _ in _FIXED_BUILTINS),
    *("coroutine." + name for name in CORO_METHODS),
    *("coroutine_wrapper." + name for name in CORO_WRAPPER_METHODS),
    *("async_generator." + name for name in ASYNC_GEN_METHODS),
    *("async_generator_asend." + name for name in AGEN_AWAITABLE_METHODS),
    *("async_generator_athrow." + name for name in AGEN_AWAITABLE_METHODS),
]
STR_METHODS = ["split", "join", "strip", "lstrip", "rstrip", "replace", "find", "rfind",
               "startswith", "endswith", "upper", "lower", "format", "index", "rindex",
               "count", "isdigit", "isalpha", "isalnum", "isspace", "isupper", "islower",
               "title", "capitalize", "center", "ljust", "rjust", "zfill", "partition",
               "rpartition", "splitlines", "swapcase", "rsplit", "casefold", "isidentifier",
               "isnumeric", "isdecimal", "expandtabs", "removeprefix",
               "removesuffix", "encode", "format_map"]
BUILTIN_NAMES += ["str." + m for m in STR_METHODS]
# bytes and bytearray methods last (vm/bytes.pxi)
BUILTIN_NAMES += ["bytes." + m for m in BYTES_METHODS + BYTES_STATIC]
BUILTIN_NAMES += ["bytearray." + m for m in BYTES_METHODS + BYTEARRAY_METHODS + BYTES_STATIC]
BUILTIN_NAMES += ["int." + m for m in INT_BYTES_METHODS]
BUILTIN_NAMES += ["__build_class__"]
# Slot wrappers (vm/slots.pxi): one bid per special method, for every type.
BI_SLOT_FIRST = len(BUILTIN_NAMES)
BUILTIN_NAMES += ["slot." + n for n in SLOT_NAMES]
# Getsets: one bid per attribute name, for every type.
BUILTIN_NAMES += ["getset." + n for n in sorted({n for names in GETSETS.values() for n in names}
                                                  | set(INSTANCE_GETSETS)
                                                  | {n for names in HOST_GETSETS.values() for n in names})]
# The methods of the immutable value types that the VM does not implement
# itself are CPython's, on converted values (vm/host.pxi): the rest of each
# type's public methods.
HOST_METHOD_TYPES = {"str": str, "bytes": bytes, "int": int, "float": float, "complex": complex,
                     "slice": slice, "range": range}
BID_HOST = {}
BI_HOST_FIRST = len(BUILTIN_NAMES)     # every bid from here on is the host's (BID_HOST)
_OWN_NAMES = set(BUILTIN_NAMES)
for _owner, _host in HOST_METHOD_TYPES.items():
    for _m, _v in vars(_host).items():
        if _m not in SLOT_NAMES and f"{_owner}.{_m}" not in _OWN_NAMES and \
                type(_v).__name__ in ("method_descriptor", "classmethod_descriptor", "staticmethod"):
            BID_HOST[len(BUILTIN_NAMES)] = getattr(_host, _m)
            BUILTIN_NAMES.append(f"host.{_owner}.{_m}")
BUILTIN_IDS = {name: i for i, name in enumerate(BUILTIN_NAMES)}
# The builtins named "OWNER.NAME", by OWNER: (NAME, bid) in bid order (what
# start-up puts in each builtin class's and module's dict).
BUILTINS_OF = {}
for _bid, _qual in enumerate(BUILTIN_NAMES):
    _owner, _, _m = _qual.rpartition(".")
    BUILTINS_OF.setdefault(_owner, []).append((_m, _bid))
cdef int BI_SLOT_FIRST_C = BI_SLOT_FIRST
cdef int BI_HOST_FIRST_C = BI_HOST_FIRST
cdef int BI_SLOT_END_C = BI_SLOT_FIRST + len(SLOT_NAMES)

# How each builtin binds (vm/slots.pxi): functions never, methods to the instance...
_CLASS_METHODS = {"dict.fromkeys", "bytes.fromhex", "bytearray.fromhex", "int.from_bytes"}
_STATIC_METHODS = {"bytes.maketrans", "bytearray.maketrans"}
_METHOD_OWNERS = {"list", "dict", "set", "tuple", "str", "int", "float", "bytes", "bytearray",
                  "code", "frame",
                  "generator", "coroutine", "coroutine_wrapper", "property", "object",
                  "BaseException", "async_generator", "async_generator_asend",
                  "async_generator_athrow"}

def _bid_kinds():
    kinds = []
    for bid, name in enumerate(BUILTIN_NAMES):
        owner, _, meth = name.rpartition(".")
        if name.startswith("slot."):
            kinds.append(SLOT_KINDS.get(meth, BK_SLOT))
        elif name.startswith("getset."):
            kinds.append(BK_GETSET)
        elif name.startswith("host."):
            raw = vars(HOST_METHOD_TYPES[owner[5:]])[meth]
            kinds.append(BK_CLASSMETHOD if type(raw).__name__ == "classmethod_descriptor" else
                         BK_STATICMETHOD if isinstance(raw, staticmethod) else BK_METHOD)
        elif name in _CLASS_METHODS:
            kinds.append(BK_CLASSMETHOD)
        elif name in _STATIC_METHODS:
            kinds.append(BK_STATICMETHOD)
        elif owner in _METHOD_OWNERS:
            kinds.append(BK_METHOD)
        else:
            kinds.append(BK_FUNCTION)
    return kinds

cdef int _fill_bid_kinds() except -1:
    global BID_KIND
    kinds = _bid_kinds()
    BID_KIND = <uint8_t*>malloc(len(kinds) + 1)
    if BID_KIND == NULL:
        raise MemoryError()
    for i, k in enumerate(kinds):
        BID_KIND[i] = k
    return 0

_fill_bid_kinds()

# The attribute-protocol slots are object's and type's alone (builtin types
# inherit them, as in CPython, where their own are the same functions).
_PROTOCOL_SLOTS = {"__getattribute__", "__setattr__", "__delattr__", "__init_subclass__",
                   "__subclasshook__", "__dir__", "__sizeof__"}

# Classes that have some methods of another builtin class: (its name, the methods).
SHARED_METHODS = {"frozenset": ("set", FROZENSET_METHODS),
                  "coroutine": ("generator", ("send", "throw", "close"))}

cdef int fill_builtin_class(int root, str name, object host) except -1:
    # The dict of builtin class [name] (at root index [root]): for each name
    # its CPython counterpart [host] has in its own dict, what the VM
    # implements of it -- a slot wrapper, a method, a getset, or None where
    # CPython has None (list.__hash__).
    names = dict.fromkeys(vars(host)) if host is not None else {}      # (an ordered set)
    for meth, bid in BUILTINS_OF.get(name, ()):
        names.setdefault(meth)
    for g in GETSETS.get(name, ()):
        names.setdefault(g)
    for m in SHARED_METHODS.get(name, (None, ()))[1]:
        names.setdefault(m)
    push(FLD(VM_STATE.roots[root])[K_DICT])
    doc = vars(host).get("__doc__") if host is not None else None   # CPython's docstring (doctests read it)
    dict_set_py(top_slot(), "__doc__", str_from_py(doc) if type(doc) is str else V_NONE)
    pop()
    for attr in names:
        hv = vars(host).get(attr, 0) if host is not None else 0
        if attr in ("__doc__", "__module__", "__qualname__", "__name__") and attr not in GETSETS.get(name, ()):
            continue
        if hv is None:
            push(FLD(VM_STATE.roots[root])[K_DICT])
            dict_set_py(top_slot(), attr, V_NONE)
            pop()
            continue
        bid = -1
        if "slot." + attr in BUILTIN_IDS and (name in ("object", "type") or attr not in _PROTOCOL_SLOTS):
            bid = BUILTIN_IDS["slot." + attr]
        elif f"{name}.{attr}" in BUILTIN_IDS:
            bid = BUILTIN_IDS[f"{name}.{attr}"]
        elif name in SHARED_METHODS and attr in SHARED_METHODS[name][1]:
            bid = BUILTIN_IDS[SHARED_METHODS[name][0] + "." + attr]
        elif f"host.{name}.{attr}" in BUILTIN_IDS:
            bid = BUILTIN_IDS[f"host.{name}.{attr}"]
        elif "getset." + attr in BUILTIN_IDS and (attr in GETSETS.get(name, ()) or
                                                  attr in HOST_GETSETS.get(RAW(VM_STATE.roots[root])[K_KIND], ())):
            bid = BUILTIN_IDS["getset." + attr]
        if bid >= 0:
            push(FLD(VM_STATE.roots[root])[K_DICT])
            dict_set_py(top_slot(), attr, mk_descr(bid, root))
            pop()
    push(VM_STATE.roots[root])
    update_class_flags(top_slot()[0])
    pop()
    return 0
cdef int BI_STR_FIRST = BUILTIN_IDS["str.split"]
cdef int BI_BYTES_FIRST = BUILTIN_IDS["bytes." + BYTES_METHODS[0]]
BI_BYTEARRAY_APPEND = BUILTIN_IDS["bytearray.append"]

cdef int BI_BUILD_CLASS = BUILTIN_IDS["__build_class__"]

cdef object to_py_simple(gcref_t* slot):
    # CPython value for str methods and module functions (containers
    # converted; an instance of a subclass of str, int, list... as its
    # builtin value, which is what CPython's C code reads of it)
    cdef gcref_t v = slot[0]
    cdef Py_ssize_t i
    if unwrap(v) != v:
        push(unwrap(v))
        try:
            return to_py_simple(top_slot())
        finally:
            pop()
    if has_tid(v, T_LIST) or has_tid(v, T_TUPLE):
        out = []
        i = 0
        while i < SEQLEN(slot[0]):
            push(ITEMS(slot[0])[i])
            out.append(to_py_simple(top_slot()))
            pop()
            i += 1
        return out if has_tid(slot[0], T_LIST) else tuple(out)
    if is_byteslike(v):
        return bytes_to_py(v)
    if v == V_NONE:
        return None
    return format_arg(slot)

cdef object kwargs_py(gcref_t* args, Py_ssize_t npos, gcref_t kwnames):
    cdef Py_ssize_t i
    kw = {}
    if kwnames:
        for i in range(LEN(kwnames)):
            kw[str_to_py(FLD(kwnames)[i])] = to_py_simple(args + npos + i)
    return kw

cdef Py_ssize_t nkw(gcref_t kwnames) noexcept nogil:
    return LEN(kwnames) if kwnames else 0

cdef gcref_t kwarg(gcref_t* args, Py_ssize_t npos, gcref_t kwnames, str name) except? 0:
    cdef Py_ssize_t i
    if kwnames:
        for i in range(LEN(kwnames)):
            if str_to_py(FLD(kwnames)[i]) == name:
                return args[npos + i]
    return 0

# The keywords each builtin of fixed id accepts, by id (builtin_ids.py).
FIXED_KEYWORDS = [keywords for _, _, _, keywords in _FIXED_BUILTINS]

cdef int check_keywords(int bid, gcref_t kwnames) except -1:
    # A call of builtin [bid] with keywords it does not take is refused, with
    # CPython's message, before the builtin runs.
    cdef Py_ssize_t i
    allowed = FIXED_KEYWORDS[bid]
    if allowed == _ANY_KEYWORD:
        return 0
    name = BUILTIN_NAMES[bid]
    if not allowed:
        raise TypeError(f"{name}() takes no keyword arguments")
    for i in range(LEN(kwnames)):
        k = str_to_py(FLD(kwnames)[i])
        if k not in allowed:
            # (sorted() hands its keywords to list.sort, whose name CPython's message has)
            raise TypeError(f"'{k}' is an invalid keyword argument for "
                            f"{'sort' if bid == BI_SORTED else name.rpartition('.')[2]}()")
    return 0

# The positional arguments each builtin of fixed id takes, by id: the
# least and the most, self counted for a method (so that the check in
# call_builtin is two compares), and how CPython words a wrong count.
DEF ARITY_NOARGS = 0
DEF ARITY_ONE = 1
DEF ARITY_CLINIC = 2
cdef struct Arity:
    Py_ssize_t lo, hi
    uint8_t style
cdef Arity* FIXED_ARITY = NULL
cdef int N_FIXED_C = len(_FIXED_BUILTINS)

cdef inline int self_arguments(int bid) noexcept nogil:
    # 1 if builtin [bid] gets its self (or class) in a[0], which its count includes
    return 1 if BID_KIND[bid] == BK_METHOD or BID_KIND[bid] == BK_CLASSMETHOD else 0

cdef int _fill_fixed_arity() except -1:
    global FIXED_ARITY
    FIXED_ARITY = <Arity*>malloc(N_FIXED_C * sizeof(Arity))
    if FIXED_ARITY == NULL:
        raise MemoryError()
    for bid, (_, _, positional, _) in enumerate(_FIXED_BUILTINS):
        self_ = self_arguments(bid)
        lo, hi, style = (0, 0, ARITY_NOARGS) if positional == _NOARGS else \
                        (1, 1, ARITY_ONE) if positional == _ONE else \
                        (0, PY_SSIZE_T_MAX - 1, ARITY_CLINIC) if positional == _OWN else \
                        (positional[0], PY_SSIZE_T_MAX - 1 if positional[1] is None else positional[1],
                         ARITY_CLINIC)
        FIXED_ARITY[bid].lo = lo + self_
        FIXED_ARITY[bid].hi = hi + self_
        FIXED_ARITY[bid].style = style
    return 0

_fill_fixed_arity()

cdef int arity_error(int bid, Py_ssize_t n) except -1:
    # builtin [bid] called with [n] positional arguments (self counted), not
    # what it takes: CPython's words for the way it checks them (out of line)
    cdef Arity* ar = &FIXED_ARITY[bid]
    cdef Py_ssize_t self_ = self_arguments(bid)
    name = BUILTIN_NAMES[bid]
    n -= self_          # (call_descriptor saw that a method has its self)
    if ar.style == ARITY_NOARGS:
        raise TypeError(f"{name}() takes no arguments ({n} given)")
    if ar.style == ARITY_ONE:
        return check_one(name, n)
    return check_args(name.rpartition(".")[2], n, ar.lo - self_, ar.hi - self_)

cdef Py_ssize_t keywords_to_positions(str fname, tuple params, Py_ssize_t required, gcref_t* a,
                                      Py_ssize_t n, gcref_t kwnames) except -1:
    # For a builtin whose parameters [params] (at most 4, the first
    # [required] of them without a default) may each be passed by position
    # or by keyword (enumerate, round, pow): its keyword arguments moved to
    # their positions in a[], so that it reads a[] by position only.
    # Returns the number of arguments now in a[].  No allocation here.
    cdef gcref_t got[4]
    cdef Py_ssize_t i, j, total = n
    for i in range(4):
        got[i] = a[i] if i < n else 0
    for j in range(nkw(kwnames)):
        name = str_to_py(FLD(kwnames)[j])
        i = params.index(name)              # check_keywords let only these through
        if got[i] != 0:
            raise TypeError(f"argument for {fname}() given by name ('{name}') and position ({i + 1})")
        got[i] = a[n + j]
        total = max(total, i + 1)
    for i in range(max(total, required)):
        if got[i] == 0:
            raise TypeError(f"{fname}() missing required argument '{params[i]}' (pos {i + 1})")
        a[i] = got[i]
    return total

cdef int check_args(str name, Py_ssize_t n, Py_ssize_t lo, Py_ssize_t hi) except -1:
    # [n] positional arguments for a builtin that takes [lo] to [hi], in the
    # words of Argument Clinic's check (its short name: "pop expected...")
    if n < lo or n > hi:
        if lo == hi:
            raise TypeError(f"{name} expected {plural(lo, 'argument')}, got {n}")
        if n < lo:
            raise TypeError(f"{name} expected at least {plural(lo, 'argument')}, got {n}")
        raise TypeError(f"{name} expected at most {plural(hi, 'argument')}, got {n}")
    return 0

cdef int keyword_clinic_error(str name, Py_ssize_t n, Py_ssize_t nkw, Py_ssize_t posonly,
                              Py_ssize_t most) except -1:
    # A builtin whose Argument Clinic parser takes keywords (sum, round, pow,
    # list.sort), called with [n] positional and [nkw] keyword arguments:
    # too many in all, or fewer positional ones than its [posonly]
    # positional-only parameters, in CPython's words and order.  (A missing
    # parameter that may be named: keywords_to_positions.)
    if n + nkw > most:
        raise TypeError(f"{name}() takes at most {plural(most, 'argument')} ({n + nkw} given)")
    if posonly == 0:
        raise TypeError(f"{name}() takes no positional arguments")
    raise TypeError(f"{name}() takes at least {plural(posonly, 'positional argument')} ({n} given)")

cdef int check_one(str qualname, Py_ssize_t n) except -1:
    # [n] positional arguments for a builtin of exactly one (METH_O), in its
    # words ("list.append() takes...")
    if n != 1:
        raise TypeError(f"{qualname}() takes exactly one argument ({n} given)")
    return 0

cdef int sum_refuses_start(gcref_t start) except -1:
    # sum() with a str, bytes or bytearray start: CPython's pointer to join (out of line)
    what = "strings" if has_tid(start, T_STR) else type_name(start)
    raise TypeError(f"sum() can't sum {what} [use {'' if has_tid(start, T_STR) else 'b'}''.join(seq) instead]")

cdef gcref_t minmax(gcref_t* args, Py_ssize_t n, gcref_t kwnames, int op, str name) except 0:
    cdef gcref_t key = kwarg(args, n, kwnames, "key")
    cdef gcref_t dflt = kwarg(args, n, kwnames, "default")
    cdef gcref_t v
    if n == 0:
        raise TypeError(f"{name} expected at least 1 argument, got 0")
    if n > 1 and dflt != 0:
        raise TypeError(f"Cannot specify a default for {name}() with multiple positional arguments")
    # [key, best, bestkey, iterator, item, itemkey]
    push(key)
    push(0)
    push(0)
    cdef gcref_t* st = top_slot() - 2
    if n == 1:
        push(get_iter(args))
    else:
        push(tuple_from_slots(args, n))
        top_slot()[0] = get_iter(top_slot())
    while True:
        v = for_iter(&st[3])
        if v == 0:
            break
        push(v)
        if st[0] != 0 and st[0] != V_NONE:
            push(call1(st[0], v))
        else:
            push(v)
        if st[1] == 0:
            st[1] = st[4]
            st[2] = st[5]
        else:
            if truth(compare_pair(&st[5], &st[2], op)):
                st[1] = st[4]
                st[2] = st[5]
        HEAP.shadowstack_top -= 2
    v = st[1]
    HEAP.shadowstack_top = st
    dflt = kwarg(args, n, kwnames, "default")
    if v == 0:
        if dflt != 0:
            return dflt
        raise ValueError(f"{name}() arg is an empty sequence" if n == 1 else f"{name}() arg is an empty sequence")
    return v

cdef gcref_t compare_pair(gcref_t* a, gcref_t* b, int op) except 0:
    push(a[0])
    push(b[0])
    cdef gcref_t r = compare_op(top_slot() - 1, op)
    HEAP.shadowstack_top -= 2
    return r

cdef int list_sort(gcref_t* lslot, gcref_t key, bint reverse) except -1:
    # CPython's contract (listobject.c, list.sort): while it sorts, the list
    # is empty -- a key or a comparison sees [] -- and its items are set
    # aside; when the sort ends they are put back (sorted if it finished, as
    # they were if a key raised), and a list changed meanwhile is an error,
    # "list modified during sort", unless another one is on its way.  The
    # empty list gets an items array of capacity 0, so whatever adds to it
    # replaces that array: the list was changed iff its array is another one
    # at the end, or it is not empty (CPython's test: allocated != -1).
    cdef Py_ssize_t n = RAW(lslot[0])[L_LEN]
    push(key)                                   # st[0]
    push(seq_copy(lslot, T_TUPLE, 0, n))        # st[1]: the items, in their first order
    push(FLD(lslot[0])[L_ITEMS])                # st[2]: the list's array, set aside
    push(alloc_var(T_ARRAY, 0))                 # st[3]: the list's array while it sorts
    cdef gcref_t* st = top_slot() - 3
    store(lslot[0], L_ITEMS, st[3])
    RAW(lslot[0])[L_LEN] = 0
    cdef bint changed
    try:
        sort_into(st, n, reverse)
    finally:
        changed = FLD(lslot[0])[L_ITEMS] != st[3] or RAW(lslot[0])[L_LEN] != 0
        store(lslot[0], L_ITEMS, st[2])
        RAW(lslot[0])[L_LEN] = n
        HEAP.shadowstack_top = st
    if changed:
        raise ValueError("list modified during sort")
    return 0

cdef int sort_into(gcref_t* st, Py_ssize_t n, bint reverse) except -1:
    # Stable sort of the items in tuple st[1] by key st[0] into array st[2],
    # through CPython's sorted() on index keys; comparisons call back into
    # the VM.
    cdef Py_ssize_t i
    cdef gcref_t v
    if st[0] != 0 and st[0] != V_NONE:
        push(tuple_new(n))
        for i in range(n):
            v = call1(st[0], FLD(st[1])[i])
            store(top_slot()[0], i, v)
    else:
        push(st[1])
    cdef gcref_t* kslot = top_slot()
    order = sorted(range(n), key=lambda j: _SortKey(<uintptr_t>kslot, j), reverse=reverse)
    for i in range(n):
        store(st[2], i, FLD(st[1])[order[i]])
    return 0

cdef class _SortKey:
    cdef uintptr_t slot
    cdef Py_ssize_t j
    def __init__(self, uintptr_t slot, Py_ssize_t j):
        self.slot = slot
        self.j = j
    def __lt__(self, _SortKey other):
        cdef gcref_t* s = <gcref_t*>self.slot
        push(FLD(s[0])[self.j])
        push(FLD(s[0])[other.j])
        cdef gcref_t r = compare_op(top_slot() - 1, C_LT)
        HEAP.shadowstack_top -= 2
        return truth(r)

cdef gcref_t seq_index(gcref_t* args, Py_ssize_t n, bint count) except 0:
    # list/tuple .index(x[, start[, stop]]) and .count(x)
    cdef Py_ssize_t i = 0, c = 0, stop = SEQLEN(args[0])
    if n >= 3:
        i, stop, _ = slice(slice_index(args[2]), slice_index(args[3]) if n == 4 else None).indices(stop)
    while i < stop and i < SEQLEN(args[0]):
        push(ITEMS(args[0])[i])
        if vm_eq_bool(top_slot(), args + 1):
            pop()
            if not count:
                return tag(i)
            c += 1
        else:
            pop()
        i += 1
    if count:
        return tag(c)
    raise ValueError(f"{repr_py(args + 1)} is not in list" if has_tid(args[0], T_LIST)
                     else "tuple.index(x): x not in tuple")

cdef gcref_t print_builtin(gcref_t* args, Py_ssize_t n, gcref_t kwnames) except 0:
    cdef gcref_t sep, end
    cdef Py_ssize_t i
    parts = []
    for i in range(n):
        parts.append(str_py(args + i))
    sep = kwarg(args, n, kwnames, "sep")      # read after str() ran VM code
    end = kwarg(args, n, kwnames, "end")
    for what, v in (("sep", sep), ("end", end)):
        if v != 0 and v != V_NONE and not has_tid(v, T_STR):
            raise TypeError(f"{what} must be None or a string, not {type_name(v)}")
    sep_s = " " if sep == 0 or sep == V_NONE else str_to_py(sep)
    end_s = "\n" if end == 0 or end == V_NONE else str_to_py(end)
    f = kwarg(args, n, kwnames, "file")
    if f == 0 or f == V_NONE:
        f = sys_attribute("stdout")         # the program may have replaced it (doctest does)
        if f == 0:
            raise RuntimeError("lost sys.stdout")
        if f == V_NONE:
            return V_NONE
    if has_tid(f, T_INSTANCE):
        # A file-like object (io.StringIO...): as CPython, one write() per
        # item, separator and end.
        pieces = []
        for i in range(len(parts)):
            if i:
                pieces.append(sep_s)
            pieces.append(parts[i])
        pieces.append(end_s)
        push(f)
        for piece in pieces:
            call_file_method(top_slot(), "write", piece)
        if kwarg(args, n, kwnames, "flush") == V_TRUE:
            call_file_method(top_slot(), "flush", None)
        pop()
        return V_NONE
    s = sep_s.join(parts) + end_s
    out = sys.stderr if f == VM_STATE.roots[STDERR_ROOT] else sys.stdout
    out.write(s)
    if kwarg(args, n, kwnames, "flush") == V_TRUE:
        out.flush()
    return V_NONE

cdef gcref_t sys_attribute(str name) except? 0:
    # The VM's sys.NAME as the program last set it (0 if it deleted it).
    cdef gcref_t key = intern(name), m
    m = dict_get_str(VM_STATE.roots[MODULES_ROOT], intern("sys"))
    return dict_get_str(FLD(m)[1], key) if has_tid(m, T_MODULE) else 0

cdef int call_file_method(gcref_t* fslot, str name, object text) except -1:
    # print's fslot[0].write(text) / .flush()
    push(getattr_v(fslot, intern(name)))
    if text is None:
        vm_call(top_slot(), 0)
        pop()
    else:
        push(str_from_py(text))
        vm_call(top_slot() - 1, 1)
        pop()
    return 0

cdef int STDERR_ROOT = 0

cdef gcref_t open_builtin(gcref_t* a, Py_ssize_t nall, gcref_t kwnames) except 0:
    # open() is the VM library's (lib/_files.py), called with these arguments.
    cdef Py_ssize_t i
    push(import_module(intern("_files")))
    cdef gcref_t* fslot = top_slot()
    fslot[0] = getattr_v(fslot, intern("open"))
    for i in range(nall):
        push(a[i])
    cdef gcref_t v = call_nested(fslot, nall, kwnames)
    HEAP.shadowstack_top = fslot
    return v

cdef bint callable_v(gcref_t v) noexcept nogil:
    # callable(v): a function, a builtin, a builtin type's method or slot
    # wrapper (not a getset descriptor), a class, a bound method, or an
    # instance whose class defines __call__
    return (is_bfunc(v) or (is_bmethod(v) and BID_KIND[descr_bid(v)] != BK_GETSET)
            or has_tid(v, T_FUNCTION) or has_tid(v, T_CLASS) or has_tid(v, T_BOUND)
            or (has_tid(v, T_INSTANCE) and magic_of(v, M_CALL) != 0))

cdef gcref_t call_builtin(int bid, gcref_t* a, Py_ssize_t nall, gcref_t kwnames) except 0:
    cdef Py_ssize_t n = nall - nkw(kwnames), i
    cdef gcref_t v, w
    cdef uint16_t t
    cdef double d
    if bid >= BI_HOST_FIRST_C:
        return call_host(BID_HOST[bid], a, nall, kwnames)
    if bid < N_FIXED_C:
        # (keywords first: CPython refuses those before it counts)
        if kwnames != 0 and LEN(kwnames) != 0:
            check_keywords(bid, kwnames)
        if n < FIXED_ARITY[bid].lo or n > FIXED_ARITY[bid].hi:
            arity_error(bid, n)
    if bid == BI_LEN:
        v = a[0]
        if is_obj(v):
            t = TID(v)
            if t == T_STR or t == T_TUPLE:
                return tag(LEN(v))
            if t == T_LIST:
                return tag(RAW(v)[L_LEN])
            if t == T_DICT:
                return tag(RAW(v)[D_USED])
            if t == T_SET or t == T_FROZENSET:
                return tag(RAW(v)[S_USED])
            if t == T_RANGE:
                return int_from_py(range_len(v))      # (up to sys.maxsize: past tagged ints)
            if t == T_DICTVIEW:
                return tag(RAW(FLD(v)[IT_A])[D_USED])
            if t == T_BYTES or t == T_BYTEARRAY:
                return tag(BLEN(v))
            if t == T_INSTANCE or t == T_CLASS:
                w = magic_of(v, M_LEN)
                if w != 0:
                    return int_from_py(length_of_result(call_method0(w, v)))
        raise TypeError(f"object of type '{type_name(v)}' has no len()")
    if bid == BI_LIST_APPEND:
        list_append(a, a + 1)
        return V_NONE
    if bid == BI_ISINSTANCE:
        return vbool(isinstance_hooked(a, a + 1))
    if bid == BI_PRINT:
        return print_builtin(a, n, kwnames)
    if bid == BI_BUILD_CLASS:
        return build_class(a, nall, kwnames)
    if bid == BI_RANGE:
        # (each argument's __index__, as CPython's range_new)
        return range_from_py(range(*[index_argument(a[i]) for i in range(n)]))
    if bid == BI_REPR:
        return repr_object(a)
    if bid == BI_ABS:
        if is_number(a[0]):
            return num_from_py(abs(num_to_py(a[0])))
        if has_tid(a[0], T_COMPLEX):
            return float_new(abs(numeric_to_py(a[0])))
        v = magic_of(a[0], M_ABS)
        if v != 0:
            return call_method0(v, a[0])
        raise TypeError(f"bad operand type for abs(): '{type_name(a[0])}'")
    if bid == BI_MIN:
        return minmax(a, n, kwnames, C_LT, "min")
    if bid == BI_MAX:
        return minmax(a, n, kwnames, C_GT, "max")
    if bid == BI_SUM:
        if n + nkw(kwnames) > 2 or n < 1:
            keyword_clinic_error("sum", n, nkw(kwnames), 1, 2)
        w = kwarg(a, n, kwnames, "start")
        push(a[1] if n == 2 else (w if w != 0 else tag(0)))
        v = unwrap(top_slot()[0])
        if has_tid(v, T_STR) or has_tid(v, T_BYTES) or has_tid(v, T_BYTEARRAY):
            sum_refuses_start(v)
        push(get_iter(a))
        while True:
            v = for_iter(top_slot())
            if v == 0:
                break
            push(top_slot()[-1])
            push(v)
            w = binary_op(top_slot() - 1, B_ADD, False)
            HEAP.shadowstack_top -= 2
            top_slot()[-1] = w
        pop()
        return pop()
    if bid == BI_SORTED:
        push(list_from_iterable(a))
        if top_slot()[0] == a[0]:
            pass
        w = kwarg(a, n, kwnames, "reverse")
        list_sort(top_slot(), kwarg(a, n, kwnames, "key"), w != 0 and truth(w))
        return pop()
    if bid == BI_REVERSED:
        if has_tid(a[0], T_LIST) or has_tid(a[0], T_TUPLE):
            return new_iter(T_LISTREVITER if has_tid(a[0], T_LIST) else T_REVERSED, a, 0, SEQLEN(a[0]), 0)
        if has_tid(a[0], T_RANGE):
            # range.__reversed__: the range backwards, never a list of it
            push(range_from_py(range_to_py(a[0])[::-1]))
            v = get_iter(top_slot())
            pop()
            return v
        v = magic_of(a[0], M_REVERSED)
        if v != 0 and v != V_NONE:
            return call_method0(v, a[0])
        if v == V_NONE or (class_lookup(class_of(a[0]), MAGIC(M_REVERSED)) == 0 and
                           class_lookup(class_of(a[0]), MAGIC(M_GETITEM)) == 0):
            # neither __reversed__ nor a sequence's __getitem__ (a set, an iterator)
            raise TypeError(f"'{type_name(a[0])}' object is not reversible")
        if has_tid(unwrap(a[0]), T_DICT) or has_tid(a[0], T_DICTVIEW):
            # dict.__reversed__ and its views': last first
            push(list_from_iterable(a))
            v = new_iter(T_REVERSED, top_slot(), 0, RAW(top_slot()[0])[L_LEN], 0)
            pop()
            return v
        # a sequence by __len__ and __getitem__: its items asked for one at a
        # time, from len - 1 down (vm/iteration.pxi, reversed_seq_next)
        v = call_builtin(BI_LEN, a, 1, 0)
        return new_iter(T_REVERSED, a, 0, int_to_py(v), 1)
    if bid == BI_ENUMERATE:
        if n + nkw(kwnames) > 2:
            keyword_clinic_error("enumerate", n, nkw(kwnames), 0, 2)
        if kwarg(a, n, kwnames, "iterable") == 0 and n == 0:
            raise TypeError("enumerate() missing required argument 'iterable'")
        n = keywords_to_positions("enumerate", ("iterable", "start"), 0, a, n, kwnames)
        push(a[1] if n == 2 else tag(0))
        if not is_int(top_slot()[0]):
            top_slot()[0] = int_from_py(index_argument(top_slot()[0]))   # (start=True counts from 1)
        push(a[0])
        top_slot()[0] = get_iter(top_slot())
        v = new_iter(T_ENUMERATE, top_slot(), top_slot()[-1], 0, 0)
        HEAP.shadowstack_top -= 2
        return v
    if bid == BI_ZIP:
        for i in range(n):
            push(get_iter(a + i))
        push(tuple_from_slots(top_slot() - n + 1, n))
        w = kwarg(a, n, kwnames, "strict")
        v = new_iter(T_ZIP, top_slot(), 0, w != 0 and truth(w), 0)    # IT_C: strict
        HEAP.shadowstack_top -= n + 1
        return v
    if bid == BI_MAP:
        if n < 2:
            raise TypeError("map() must have at least two arguments.")
        for i in range(1, n):
            push(get_iter(a + i))
        push(tuple_from_slots(top_slot() - n + 2, n - 1))
        v = new_iter(T_MAP, a, top_slot()[0], 0, 0)
        HEAP.shadowstack_top -= n
        return v
    if bid == BI_FILTER:
        push(get_iter(a + 1))
        v = new_iter(T_FILTER, a, top_slot()[0], 0, 0)
        pop()
        return v
    if bid == BI_ANY or bid == BI_ALL:
        push(get_iter(a))
        while True:
            v = for_iter(top_slot())
            if v == 0:
                pop()
                return vbool(bid == BI_ALL)
            if truth(v) == (bid == BI_ANY):
                pop()
                return vbool(bid == BI_ANY)
    if bid == BI_HASATTR or bid == BI_GETATTR:
        if not has_tid(unwrap(a[1]), T_STR):
            raise TypeError(f"attribute name must be string, not '{type_name(a[1])}'")
        a[1] = unwrap(a[1])         # (a str subclass's instance names its str)
        if bid == BI_GETATTR and n == 2:
            return getattr_v(a, a[1])
        # hasattr and getattr with a default never build the AttributeError
        # a plain miss would raise (CPython's _PyObject_LookupAttr): a start
        # made ~3000 such probes, and each exception cost ~18k instructions.
        v = lookup_attr(a, a[1])
        if bid == BI_HASATTR:
            return vbool(v != 0)
        return v if v != 0 else a[2]
    if bid == BI_SETATTR or bid == BI_DELATTR:
        if not has_tid(unwrap(a[1]), T_STR):
            raise TypeError(f"attribute name must be string, not '{type_name(a[1])}'")
        if bid == BI_SETATTR:
            setattr_v(a, intern(str_to_py(a[1])), a + 2)
        else:
            delattr_v(a, intern(str_to_py(a[1])))
        return V_NONE
    if bid == BI_ITER:
        return get_iter(a)
    if bid == BI_NEXT:
        if n == 2:
            v = for_iter(a) if not has_tid(a[0], T_GENERATOR) else 0
            if has_tid(a[0], T_GENERATOR):
                push(V_NONE)
                if gen_resume(a, top_slot()):
                    return pop()
                pop()
                return a[1]
            return v if v != 0 else a[1]
        return next_or_stop(a)
    if bid == BI_DIVMOD:
        if is_number(a[0]) and is_number(a[1]):
            return py_to_vm(divmod(num_to_py(a[0]), num_to_py(a[1])))
        v = reflected_protocol(a, M_DIVMOD, M_RDIVMOD)
        if v != V_NOTIMPL:
            return v
        raise TypeError(f"unsupported operand type(s) for divmod(): '{type_name(a[0])}' and '{type_name(a[1])}'")
    if bid == BI_ROUND:
        if n + nkw(kwnames) > 2:
            keyword_clinic_error("round", n, nkw(kwnames), 0, 2)
        n = keywords_to_positions("round", ("number", "ndigits"), 1, a, n, kwnames)
        v = magic_of(a[0], M_ROUND)
        if v != 0:
            if n == 2:
                return call_method1(v, a[0], a[1])
            return call_method0(v, a[0])
        if not is_number(a[0]):
            raise TypeError(f"type {type_name(a[0])} doesn't define __round__ method")
        if n == 2 and a[1] != V_NONE:
            return num_from_py(round(num_to_py(a[0]), int_to_py(a[1])))
        return num_from_py(round(num_to_py(a[0])))
    if bid == BI_ORD:
        if not has_tid(a[0], T_STR) or LEN(a[0]) != 1:
            return int_from_py(_builtins.ord(to_py_simple(a)))   # CPython's own error
        return tag(SDATA(a[0])[0])
    if bid == BI_CHR:
        return str_from_py(chr(index_argument(a[0])))
    if bid == BI_OPEN:
        return open_builtin(a, nall, kwnames)
    if bid == BI_GLOBALS:
        # The calling frame's module's globals (a builtin runs in its caller's frame).
        return VM_STATE.roots[VM_STATE.frames[VM_STATE.depth].co.globals]
    if bid == BI_HASH:
        return int_from_py(full_hash(a))
    if bid == BI_ID:
        return int_from_py(object_id(a[0]))
    if bid == BI_SUPER:
        v = alloc_fixed(T_SUPER)
        FLD(v)[0] = a[0]
        FLD(v)[1] = a[1]
        return v
    if bid == BI_CALLABLE:
        return vbool(callable_v(a[0]))
    if bid == BI_ISSUBCLASS:
        return vbool(issubclass_hooked(a, a + 1))
    if bid == BI_POW:
        if n + nkw(kwnames) > 3:
            keyword_clinic_error("pow", n, nkw(kwnames), 0, 3)
        n = keywords_to_positions("pow", ("base", "exp", "mod"), 2, a, n, kwnames)
        if n == 3 and a[2] != V_NONE:
            if is_plain_value(a[0]) and is_plain_value(a[1]) and is_plain_value(a[2]):
                return from_host(pow(to_host(a), to_host(a + 1), to_host(a + 2)))
            # three-argument power: type(a).__pow__(a, b, mod) alone (no __rpow__)
            v = class_lookup(class_of(a[0]), MAGIC(M_POW))
            if v != 0:
                push(v)
                push(a[0])
                push(a[1])
                push(a[2])
                v = vm_call(top_slot() - 3, 3)
                pop()
                if v != V_NOTIMPL:
                    return v
            raise TypeError(f"unsupported operand type(s) for ** or pow(): '{type_name(a[0])}', "
                            f"'{type_name(a[1])}', '{type_name(a[2])}'")
        return binary_op(a, B_POW, False)
    if bid == BI_FORMAT:
        if n == 2 and not has_tid(unwrap(a[1]), T_STR):
            raise TypeError(f"format() argument 2 must be str, not {type_name(a[1])}")
        return format_value(a, 0, a + 1 if n == 2 else NULL)
    if bid == BI_BIN or bid == BI_HEX or bid == BI_OCT:
        fn = bin if bid == BI_BIN else hex if bid == BI_HEX else oct
        return str_from_py(fn(int_to_py(a[0]) if is_intlike(a[0]) else to_py_simple(a)))
    if bid == BI_INPUT:
        if n:
            sys.stdout.write(str_py(a))
            sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            raise EOFError("EOF when reading a line")
        return str_from_py(line.rstrip("\n"))
    return call_builtin_method(bid, a, n, kwnames)

cdef int isinstance_hooked(gcref_t* a, gcref_t* clsslot) except -1:
    # isinstance(a[0], clsslot[0]), as CPython's PyObject_IsInstance: an
    # object of exactly that class is an instance; a tuple is any of its
    # items (nested tuples too, a step of C recursion each); otherwise the
    # __instancecheck__ of the class's metaclass (typing.Protocol's
    # structural checks) or of a non-class's type (types.UnionType,
    # typing's aliases) decides.
    return class_check(a, clsslot, 1)

cdef int issubclass_hooked(gcref_t* a, gcref_t* clsslot) except -1:
    # issubclass(a[0], clsslot[0]): the same rules with __subclasscheck__
    return class_check(a, clsslot, 0)

cdef int class_check(gcref_t* a, gcref_t* clsslot, bint instance) except -1:
    cdef gcref_t cls = clsslot[0], m
    cdef gcref_t hook = MAGIC(M_INSTANCECHECK if instance else M_SUBCLASSCHECK)
    cdef Py_ssize_t i
    cdef int r
    if has_tid(cls, T_CLASS):
        if instance and class_of(a[0]) == cls:
            return 1
        if FLD(cls)[K_META] != 0:
            m = meta_lookup(FLD(cls)[K_META], hook)
            if m != 0:
                return truth(call_method1(m, cls, a[0]))
        if instance:
            return isinstance_c(a[0], cls) or instance_by_class_attribute(a, clsslot)
        if not has_tid(a[0], T_CLASS):
            check_abstract_class(a, "issubclass() arg 1 must be a class")
            return abstract_issubclass(a, clsslot)
        return is_subclass(a[0], cls)
    if has_tid(cls, T_TUPLE):
        enter_recursion("in __instancecheck__" if instance else "in __subclasscheck__")
        try:
            for i in range(LEN(clsslot[0])):
                push(FLD(clsslot[0])[i])
                r = class_check(a, top_slot(), instance)
                pop()
                if r:
                    return 1
            return 0
        finally:
            leave_recursion()
    m = class_lookup(class_of(cls), hook) if has_tid(cls, T_INSTANCE) else 0
    if m != 0:
        return truth(call_method1(m, cls, a[0]))
    # Neither a class nor a tuple: CPython's abstract protocol, where any
    # object with a __bases__ tuple is a class and an instance's __class__
    # attribute names its class (unittest.mock's specs, proxies).
    if instance:
        check_abstract_class(clsslot, "isinstance() arg 2 must be a type, a tuple of types, or a union")
        push(lookup_attr(a, MAGIC(M_CLASS)))
        try:
            return top_slot()[0] != 0 and abstract_issubclass(top_slot(), clsslot)
        finally:
            pop()
    check_abstract_class(a, "issubclass() arg 1 must be a class")
    check_abstract_class(clsslot, "issubclass() arg 2 must be a class, a tuple of classes, or a union")
    return abstract_issubclass(a, clsslot)

cdef int instance_by_class_attribute(gcref_t* a, gcref_t* clsslot) except -1:
    # isinstance(a[0], cls) after the class test failed: an instance whose
    # __class__ attribute is not its class (a proxy) is also an instance of
    # what that names, when it is a class (CPython's object_isinstance).
    cdef gcref_t icls
    if not (has_tid(a[0], T_INSTANCE) and RAW(class_of(a[0]))[K_FLAGS] & CF_CLASS_ATTRIBUTE):
        return 0
    icls = lookup_attr(a, MAGIC(M_CLASS))
    return icls != 0 and icls != class_of(a[0]) and has_tid(icls, T_CLASS) and is_subclass(icls, clsslot[0])

cdef gcref_t abstract_bases(gcref_t* oslot) except? 0:
    # CPython's abstract_get_bases: oslot[0].__bases__ when it is a tuple,
    # else 0 (an AttributeError means none; any other error propagates).
    cdef gcref_t b = lookup_attr(oslot, MAGIC(M_BASES))
    return b if b != 0 and has_tid(b, T_TUPLE) else 0

cdef int check_abstract_class(gcref_t* oslot, str message) except -1:
    if abstract_bases(oslot) == 0:
        raise TypeError(message)
    return 0

cdef int abstract_issubclass(gcref_t* dslot, gcref_t* cslot) except -1:
    # CPython's abstract_issubclass: [cls] found by identity along the
    # __bases__ of [derived], a single base iteratively, several recursively
    # (a step of the recursion limit each: a __bases__ may name itself).
    cdef gcref_t* base = HEAP.shadowstack_top
    cdef gcref_t bases
    cdef Py_ssize_t i
    cdef int r
    push(dslot[0])
    try:
        while base[0] != cslot[0]:
            bases = abstract_bases(base)
            if bases == 0 or LEN(bases) == 0:
                return 0
            if LEN(bases) > 1:
                break
            base[0] = FLD(bases)[0]
        else:
            return 1
        push(bases)
        for i in range(LEN(base[1])):
            push(FLD(base[1])[i])
            enter_recursion("in __subclasscheck__")
            try:
                r = abstract_issubclass(base + 2, cslot)
            finally:
                leave_recursion()
            pop()
            if r:
                return r
        return 0
    finally:
        HEAP.shadowstack_top = base

cdef gcref_t call_builtin_method(int bid, gcref_t* a, Py_ssize_t n, gcref_t kwnames) except 0:
    # Methods get self in a[0]; n counts it.
    cdef gcref_t v, w
    cdef Py_ssize_t i, m
    cdef int64_t hv
    if bid == BI_LIST_POP:
        # (as CPython: the index is parsed before the list is looked at)
        i = -1 if n == 1 else index_argument(a[1])
        m = RAW(a[0])[L_LEN]
        if m == 0:
            raise IndexError("pop from empty list")
        if i < 0:
            i += m
        if i < 0 or i >= m:
            raise IndexError("pop index out of range")
        v = ITEMS(a[0])[i]
        list_del(a[0], i)
        return v
    if bid == BI_LIST_INSERT:
        m = RAW(a[0])[L_LEN]
        i = int_to_py(a[1])
        if i < 0:
            i = max(0, i + m)
        i = min(i, m)
        list_resize(a, m + 1)
        # a move within the array is a store of every reference moved: the
        # whole-object barrier (the slot barrier only sees one slot)
        gc_write_barrier(HEAP, <GCHeader*>FLD(a[0])[L_ITEMS])
        memmove(ITEMS(a[0]) + i + 1, ITEMS(a[0]) + i, (m - i) * sizeof(gcref_t))
        list_set(a[0], i, a[2])
        return V_NONE
    if bid == BI_LIST_INDEX or bid == BI_TUPLE_INDEX:
        return seq_index(a, n, False)
    if bid == BI_LIST_COUNT or bid == BI_TUPLE_COUNT:
        return seq_index(a, n, True)
    if bid == BI_LIST_SORT:
        if n > 1:
            keyword_clinic_error("sort", n - 1, nkw(kwnames), 0, 2)
        w = kwarg(a, n, kwnames, "reverse")
        list_sort(a, kwarg(a, n, kwnames, "key"), w != 0 and truth(w))
        return V_NONE
    if bid == BI_LIST_REVERSE:
        m = RAW(a[0])[L_LEN]
        gc_write_barrier(HEAP, <GCHeader*>FLD(a[0])[L_ITEMS])     # moves: see insert
        for i in range(m // 2):
            v = ITEMS(a[0])[i]
            ITEMS(a[0])[i] = ITEMS(a[0])[m - 1 - i]
            ITEMS(a[0])[m - 1 - i] = v
        return V_NONE
    if bid == BI_LIST_EXTEND:
        list_extend(a, a + 1)
        return V_NONE
    if bid == BI_LIST_REMOVE:
        v = seq_index(a, n, False)
        list_del(a[0], untag(v))
        return V_NONE
    if bid == BI_LIST_CLEAR:
        list_resize(a, 0)
        return V_NONE
    if bid == BI_LIST_COPY:
        return seq_copy(a, T_LIST, 0, RAW(a[0])[L_LEN])
    if bid == BI_LIST_INIT:
        # list.__init__(self, iterable=()): the list's items become iterable's
        check_args("list", n - 1, 0, 1)
        list_resize(a, 0)
        if n == 2:
            list_extend(a, a + 1)
        return V_NONE
    if bid == BI_DICT_GET:
        v = dict_get(a, a + 1)
        return v if v != 0 else (a[2] if n == 3 else V_NONE)
    if bid == BI_DICT_SETDEFAULT:
        # one hash, one lookup (CPython's: test_dict's test_setdefault_atomic)
        hv = vm_hash(a + 1)
        i = dict_find(a, a + 1, hv)
        if i >= 0:
            return ENT(a[0])[3 * i + 2]
        if n == 2:
            push(V_NONE)
            dict_insert_new(a, a + 1, top_slot(), hv)
            pop()
            return V_NONE
        dict_insert_new(a, a + 1, a + 2, hv)
        return a[2]
    if bid == BI_DICT_POP:
        v = dict_get(a, a + 1)
        if v == 0:
            if n == 3:
                return a[2]
            raise_with_value("KeyError", a[1])
        push(v)
        dict_del(a, a + 1)
        return pop()
    if bid == BI_DICT_POPITEM:
        i = RAW(a[0])[D_NENTRIES] - 1
        while i >= 0 and ENT(a[0])[3 * i + 1] == 0:
            i -= 1
        if i < 0:
            raise KeyError("popitem(): dictionary is empty")
        v = tuple_new(2)
        FLD(v)[0] = ENT(a[0])[3 * i + 1]
        FLD(v)[1] = ENT(a[0])[3 * i + 2]
        push(v)
        push(FLD(top_slot()[0])[0])
        dict_del(a, top_slot())
        pop()
        return pop()
    if bid == BI_DICT_UPDATE:
        if n == 2:
            dict_update(a, a + 1, False)
        if kwnames:
            for i in range(LEN(kwnames)):
                push(FLD(kwnames)[i])
                dict_set(a, top_slot(), a + n + i)
                pop()
        return V_NONE
    if bid == BI_DICT_KEYS or bid == BI_DICT_VALUES or bid == BI_DICT_ITEMS:
        v = new_iter(T_DICTVIEW, a, 0, bid - BI_DICT_KEYS, 0)
        return v
    if bid == BI_DICT_COPY:
        return dict_copy(a)
    if bid == BI_DICT_FROMKEYS:            # a class method: a[0] is the class
        if a[0] == kind_class(KIND_DICT) and is_obj(a[1]) and (TID(a[1]) == T_DICT or is_anyset(a[1])):
            push(dict_new())
            push(a[2] if n == 3 else V_NONE)
            dict_fromkeys_hashed(top_slot() - 1, a + 1, top_slot())
            pop()
            return pop()
        if a[0] == kind_class(KIND_DICT):
            push(dict_new())
        else:
            push(a[0])
            vm_call(top_slot(), 0)
        push(get_iter(a + 1))
        while True:
            v = for_iter(top_slot())
            if v == 0:
                break
            push(v)
            push(a[2] if n == 3 else V_NONE)
            mapping_setitem(top_slot() - 3, top_slot() - 1, top_slot())
            HEAP.shadowstack_top -= 2
        pop()
        return pop()
    if bid == BI_DICT_CLEAR:
        push(dict_new())
        store(a[0], D_INDICES, FLD(top_slot()[0])[D_INDICES])
        store(a[0], D_ENTRIES, FLD(top_slot()[0])[D_ENTRIES])
        RAW(a[0])[D_USED] = 0
        RAW(a[0])[D_NENTRIES] = 0
        pop()
        return V_NONE
    if BI_SET_ADD <= bid <= BI_SET_SYMDIFF_UPDATE:
        return set_method(bid, a, n)
    if bid == BI_INT_BIT_LENGTH:
        return tag(int_to_py(a[0]).bit_length())
    if bid == BI_FLOAT_IS_INTEGER:
        return vbool(FVAL(a[0]).is_integer())
    if bid == BI_GEN_SEND:
        push(a[1])
        if gen_resume(a, top_slot()):
            return pop()
        v = pop()
        raise_stop_iteration(v)
    if bid == BI_GEN_THROW:
        # throw(value) or throw(type[, value[, traceback]]) (the latter deprecated)
        push(thrown_exception(a + 1, n - 1))
        if gen_run(a, top_slot(), True):
            return pop()
        v = pop()
        raise_stop_iteration(v)
    if bid == BI_GEN_CLOSE:
        if RAW(a[0])[G_STATUS] != GEN_SUSPENDED:
            RAW(a[0])[G_STATUS] = GEN_DONE
            return V_NONE
        push(exc_class("GeneratorExit"))
        top_slot()[0] = vm_call_class0(top_slot())
        try:
            yielded = gen_run(a, top_slot(), True)
        except VMError:
            v = VM_STATE.roots[R_EXC]
            if isinstance_c(v, exc_class("GeneratorExit")) or isinstance_c(v, exc_class("StopIteration")):
                VM_STATE.roots[R_EXC] = 0
                pop()
                return V_NONE
            raise
        pop()
        if yielded:
            raise RuntimeError(f"{'coroutine' if has_tid(a[0], T_COROUTINE) else 'generator'} ignored GeneratorExit")
        return V_NONE
    if bid == BI_PROP_SETTER or bid == BI_PROP_GETTER or bid == BI_PROP_DELETER:
        # a copy of the property with one function replaced (type(self)(...) for a subclass)
        push(class_of(a[0]))
        for i in range(3):
            push(FLD(unwrap(a[0]))[i])
        push(FLD(unwrap(a[0]))[3])
        top_slot()[-3 + (0 if bid == BI_PROP_GETTER else 1 if bid == BI_PROP_SETTER else 2)] = a[1]
        v = vm_call(top_slot() - 4, 4)
        pop()
        if has_tid(unwrap(v), T_PROPERTY):      # (a subclass's __new__ may return anything)
            store(unwrap(v), PROP_NAME, FLD(unwrap(a[0]))[PROP_NAME])
        return v
    if bid == BI_PROP_SET_NAME:
        if n != 3 or kwnames:
            raise TypeError(f"__set_name__() takes 2 positional arguments but {n - 1 + nkw(kwnames)} were given")
        store(unwrap(a[0]), PROP_NAME, a[2])
        return V_NONE
    if bid >= BI_BYTES_FIRST:
        return bytes_method(bid, a, n, kwnames)
    name = BUILTIN_NAMES[bid]
    if bid >= BI_STR_FIRST:
        meth = name[4:]
        if not has_tid(a[0], T_STR):
            raise TypeError(f"descriptor '{meth}' for 'str' objects doesn't apply to a '{type_name(a[0])}' object")
        if meth == "join" and n == 2 and not (has_tid(a[1], T_LIST) or has_tid(a[1], T_TUPLE)):
            a[1] = list_from_iterable(a + 1)      # any iterable of strings
        if not kwnames:
            v = str_method_fast(meth, a, n)
            if v != 0:
                return v
        if meth == "format":
            return str_from_py(str_format(str_to_py(a[0]), a + 1, n - 1 + nkw(kwnames), kwnames, [0], 2))
        if meth == "format_map":
            if kwnames:
                raise TypeError("str.format_map() takes no keyword arguments")
            if n != 2:
                raise TypeError(f"str.format_map() takes exactly one argument ({n - 1} given)")
            return str_from_py(str_format(str_to_py(a[0]), a + 1, 0, 0, [0], 2, a + 1))
        args = [to_py_simple(a + i) for i in range(n)]
        try:
            res = getattr(args[0], meth)(*args[1:], **kwargs_py(a, n, kwnames))
        except LookupError:
            if meth == "encode" and "encode_text" in APP_ROOTS:
                return codec_of_program("encode_text", a, n + nkw(kwnames), kwnames)
            raise
        return py_to_vm(res)
    return call_module_function(name, a, n, kwnames)

cdef gcref_t codec_of_program(str hook, gcref_t* a, Py_ssize_t nall, gcref_t kwnames) except 0:
    # str.encode / bytes.decode with an encoding the host does not know: one
    # the program registered (codecs.register), through the VM's registry
    # (lib/_codecs.py's encode_text / decode_text, registered once _codecs
    # is imported; until then no program codec can exist).
    cdef gcref_t* base = HEAP.shadowstack_top
    cdef Py_ssize_t i
    push(app_object(hook))
    for i in range(nall):
        push(a[i])
    cdef gcref_t v = call_nested(base, nall, kwnames)
    HEAP.shadowstack_top = base
    return v

cdef extern from "Python.h":
    bint Py_UNICODE_ISSPACE(uint32_t ch) nogil
    bint Py_UNICODE_ISALPHA(uint32_t ch) nogil
    bint Py_UNICODE_ISDECIMAL(uint32_t ch) nogil
    bint Py_UNICODE_ISDIGIT(uint32_t ch) nogil
    bint Py_UNICODE_ISNUMERIC(uint32_t ch) nogil
    bint Py_UNICODE_ISALNUM(uint32_t ch) nogil

cdef gcref_t str_method_fast(str meth, gcref_t* a, Py_ssize_t n) except? 0:
    # The hot str methods on VM strings directly (CPython's own character
    # classes); 0 means "not handled here": the caller uses CPython's method
    # on a converted copy.
    cdef gcref_t s = a[0], r
    cdef Py_ssize_t i, m, total, pos, start, end
    cdef uint32_t ch
    cdef int kind
    if n == 1 and meth in ("isspace", "isalpha", "isdigit", "isdecimal", "isnumeric", "isalnum"):
        kind = ("isspace", "isalpha", "isdigit", "isdecimal", "isnumeric", "isalnum").index(meth)
        if LEN(s) == 0:
            return V_FALSE
        for i in range(LEN(s)):
            ch = SDATA(s)[i]
            if not (Py_UNICODE_ISSPACE(ch) if kind == 0 else Py_UNICODE_ISALPHA(ch) if kind == 1
                    else Py_UNICODE_ISDIGIT(ch) if kind == 2 else Py_UNICODE_ISDECIMAL(ch) if kind == 3
                    else Py_UNICODE_ISNUMERIC(ch) if kind == 4 else Py_UNICODE_ISALNUM(ch)):
                return V_FALSE
        return V_TRUE
    if meth in ("startswith", "endswith", "find") and 2 <= n <= 4 and has_tid(a[1], T_STR):
        for i in range(2, n):
            if not is_int(a[i]):
                return 0
        start, end, _ = slice(untag(a[2]) if n >= 3 else None,
                              untag(a[3]) if n == 4 else None).indices(LEN(s))
        m = LEN(a[1])
        if meth == "find":
            if n >= 3 and untag(a[2]) > <int64_t>LEN(s):
                return tag(-1)
            return tag(str_find(s, a[1], start, end))
        if end - start < m or (n >= 3 and untag(a[2]) > <int64_t>LEN(s)):
            return V_FALSE
        pos = start if meth == "startswith" else end - m
        return vbool(memcmp(SDATA(s) + pos, SDATA(a[1]), m * 4) == 0)
    if meth == "join" and n == 2 and (has_tid(a[1], T_LIST) or has_tid(a[1], T_TUPLE)):
        m = SEQLEN(a[1])
        total = 0
        for i in range(m):
            r = ITEMS(a[1])[i]
            if not has_tid(r, T_STR):
                return 0        # CPython's error message
            total += LEN(r)
        if m == 1:
            return ITEMS(a[1])[0]       # (str, not a subclass: the same object, as CPython's)
        total += LEN(s) * (m - 1) if m else 0
        r = str_new(total)
        pos = 0
        for i in range(m):
            if i:
                memcpy(SDATA(r) + pos, SDATA(a[0]), LEN(a[0]) * 4)
                pos += LEN(a[0])
            memcpy(SDATA(r) + pos, SDATA(ITEMS(a[1])[i]), LEN(ITEMS(a[1])[i]) * 4)
            pos += LEN(ITEMS(a[1])[i])
        return r
    return 0

cdef gcref_t call_module_function(str name, gcref_t* a, Py_ssize_t n, gcref_t kwnames) except 0:
    cdef gcref_t v
    cdef Py_ssize_t m
    mod, fn = name.split(".")
    if mod == "coroutine" or mod == "coroutine_wrapper":
        return coroutine_method(mod, fn, a, n, kwnames)
    if mod.startswith("async_generator"):
        return async_gen_method(mod, fn, a, n)
    if mod == "_vm":
        return vm_module_function(fn, a, n)
    if mod == "code" or mod == "frame":
        return code_method(fn, a, n, kwnames)
    if mod == "_vmhost":            # delegate(name): the delegated host module
        check_args("delegate", n, 1, 1)
        return host_module(str_to_py(a[0]))
    if mod == "gc":
        if fn == "collect":
            HEAP.shadowstack_top = a + n + nkw(kwnames)
            return tag(collect_with_callbacks())
        if fn == "isenabled":
            return V_TRUE
        if fn == "get_threshold":
            # CPython's defaults; the nursery's size decides when this VM collects
            return from_host((700, 10, 10))
        return V_NONE
    if (fn == "fileno" or fn == "isatty") and mod.startswith("std") and mod.removesuffix("_buffer") in (
            "stdout", "stderr", "stdin"):
        # sys.stdout.fileno(), sys.stdin.buffer.isatty() ...: the process's
        # own stream's (curses.initscr() asks sys.__stdout__.fileno())
        stream = getattr(sys, mod.removesuffix("_buffer"))
        return from_host(getattr(stream.buffer if mod.endswith("_buffer") else stream, fn)())
    if mod == "stdout" or mod == "stderr":
        # sys.stdout / sys.stderr: the process's own streams
        out = sys.stdout if mod == "stdout" else sys.stderr
        if fn == "write":
            check_args(f"{mod}.write", n, 1, 1)
            if not has_tid(a[0], T_STR):
                raise TypeError(f"write() argument must be str, not {type_name(a[0])}")
            out.write(str_to_py(a[0]))
            return tag(LEN(a[0]))
        out.flush()
        return V_NONE
    if mod.endswith("_buffer"):
        # sys.stdout.buffer ...: the process's own binary streams, so that
        # text and binary writes interleave as they do under CPython
        stream = getattr(sys, mod[:-len("_buffer")]).buffer
        if fn == "write":
            check_args("write", n, 1, 1)
            if not is_byteslike(a[0]):
                raise TypeError(f"a bytes-like object is required, not '{type_name(a[0])}'")
            return tag(stream.write(bytes_to_py(a[0])))
        if fn == "flush":
            stream.flush()
            return V_NONE
        args = [to_py_simple(a + i) for i in range(n)]
        return py_to_vm(getattr(stream, fn)(*args))
    if mod == "stdin":
        if fn == "readline":
            return str_from_py(sys.stdin.readline())
        if fn == "read":
            return str_from_py(sys.stdin.read())
        return py_to_vm(sys.stdin.readlines())
    if mod == "sys":
        if fn == "_getframe":
            return current_frame(untag(a[0]) if n else 0)
        if fn == "exc_info":
            return exc_info()
        if fn == "exception":
            return handled_exception()
        if fn == "exit":
            raise SystemExit(to_py_simple(a) if n else None)
        if fn == "getrecursionlimit":
            return tag(VM_STATE.recursion_limit)
        if fn == "setrecursionlimit":
            set_recursion_limit(a, n)
        return V_NONE
    raise SystemError(f"no builtin {name}")

# The builtin types whose constructor refuses keyword arguments (CPython's
# _PyArg_NoKeywords in their __new__ / __init__) -> their name.
NO_KEYWORDS_CONSTRUCTORS = {KIND_LIST: "list", KIND_TUPLE: "tuple", KIND_SET: "set", KIND_FROZENSET: "frozenset",
                            KIND_FLOAT: "float", KIND_BOOL: "bool"}

cdef gcref_t construct_builtin(int64_t kind, gcref_t* a, Py_ssize_t nall, gcref_t kwnames) except 0:
    cdef Py_ssize_t n = nall - nkw(kwnames), i
    cdef gcref_t v
    if kwnames and kind in NO_KEYWORDS_CONSTRUCTORS:
        raise TypeError(f"{NO_KEYWORDS_CONSTRUCTORS[kind]}() takes no keyword arguments")
    if kind == KIND_INT:
        if n == 1 and nkw(kwnames) == 1 and str_to_py(FLD(kwnames)[0]) == "base":
            n = 2                       # int(s, base=b): a[1] is the base
        elif nkw(kwnames):
            name = str_to_py(FLD(kwnames)[0])
            raise TypeError("int() missing string argument" if name == "base" and n == 0
                            else f"'{name}' is an invalid keyword argument for int()")
        check_args("int", n, 0, 2)
        if n == 0:
            return tag(0)
        if n == 2:
            # CPython's, on converted values (a str, bytes; any other value is its error)
            return int_from_py(int(to_py_simple(a), to_py_simple(a + 1)))
        v = a[0]
        if is_intlike(v):
            return tag(int_to_py(v)) if is_int(v) or v in (V_TRUE, V_FALSE) else v
        if has_tid(v, T_FLOAT) or has_tid(v, T_STR) or is_byteslike(v):
            return int_from_py(int(format_arg(a)))
        if has_tid(v, T_INSTANCE) and builtin_base_kind(FLD(v)[I_CLASS]) == KIND_STR and magic_of(v, M_INT) != 0:
            return call_method0(magic_of(v, M_INT), v)
        # CPython's int() on the host's view of the value: a str or bytes
        # subclass's own value, or a proxy calling the VM's __int__,
        # __index__ or __trunc__ (vm/host.pxi; an int or float subclass's
        # too), with CPython's checks, messages and warnings
        return from_host(call_host_warning(int, (numeric_arg(a),)))
    if kind == KIND_FLOAT:
        check_args("float", n, 0, 1)
        if n == 0:
            return float_new(0.0)
        v = a[0]
        if has_tid(v, T_FLOAT):
            return v
        if is_number(v) or has_tid(v, T_STR) or is_byteslike(v):
            return float_new(HOST_FLOAT(format_arg(a)))
        if has_tid(v, T_INSTANCE) and builtin_base_kind(FLD(v)[I_CLASS]) == KIND_STR and magic_of(v, M_FLOAT) != 0:
            return call_method0(magic_of(v, M_FLOAT), v)     # (a str subclass's __float__ first)
        return from_host(call_host_warning(HOST_FLOAT, (numeric_arg(a),)))    # (as int() above: __float__, __index__)
    if kind == KIND_STR:
        if n >= 2 or kwnames:                   # str(bytes, encoding[, errors]): CPython's
            if n >= 1 and is_memoryview(a[0]):
                a[0] = memoryview_bytes(a)
            args = [to_py_simple(a + i) for i in range(n)]
            try:
                return str_from_py(str(*args, **kwargs_py(a, n, kwnames)))
            except LookupError:
                if n >= 1 and "decode_text" in APP_ROOTS:
                    return codec_of_program("decode_text", a, n + nkw(kwnames), kwnames)
                raise
        check_args("str", n, 0, 1)
        if n == 0:
            return VM_STATE.roots[R_EMPTY_STR]
        return str_object(a)
    if kind == KIND_BOOL:
        check_args("bool", n, 0, 1)
        return vbool(n == 1 and truth(a[0]))
    if kind == KIND_LIST:
        check_args("list", n, 0, 1)
        if n == 0:
            return list_new(0)
        return list_from_iterable(a)
    if kind == KIND_TUPLE:
        check_args("tuple", n, 0, 1)
        if n == 0:
            return VM_STATE.roots[R_EMPTY_TUPLE]
        if has_tid(a[0], T_TUPLE):
            return a[0]
        push(list_from_iterable(a))
        v = seq_copy(top_slot(), T_TUPLE, 0, RAW(top_slot()[0])[L_LEN])
        pop()
        return v
    if kind == KIND_DICT:
        check_args("dict", n, 0, 1)
        push(dict_new())
        if n == 1:
            dict_update(top_slot(), a, False)
        if kwnames:
            for i in range(LEN(kwnames)):
                push(FLD(kwnames)[i])
                dict_set(top_slot() - 1, top_slot(), a + n + i)
                pop()
        return pop()
    if kind == KIND_SET:
        check_args("set", n, 0, 1)
        if n == 0:
            return set_new()
        return set_from_iterable(a)
    if kind == KIND_FROZENSET:
        check_args("frozenset", n, 0, 1)
        if n == 0:
            push(set_new())
            return frozenset_adopting(pop())
        return frozenset_from_iterable(a)
    if kind == KIND_BYTES or kind == KIND_BYTEARRAY:
        return construct_bytes(T_BYTES if kind == KIND_BYTES else T_BYTEARRAY, a, n, kwnames)
    if kind == KIND_MODULE:
        # module(name, doc=None): its dict starts with what CPython's module_init sets
        if kwnames:
            n = nall
        check_args("module", n, 1, 2)
        if not has_tid(a[0], T_STR):
            raise TypeError(f"module.__init__() argument 'name' must be str, not {type_name(a[0])}")
        push(dict_new())
        dict_set_py(top_slot(), "__name__", a[0])
        dict_set_py(top_slot(), "__doc__", a[1] if n == 2 else V_NONE)
        for key in ("__package__", "__loader__", "__spec__"):
            dict_set_py(top_slot(), key, V_NONE)
        push(a[0])
        v = alloc_fixed(T_MODULE)
        FLD(v)[0] = pop()
        FLD(v)[1] = pop()
        return v
    if kind == KIND_SLICE:
        # slice(stop), slice(start, stop[, step]): as BUILD_SLICE makes them
        check_args("slice", n, 1, 3)
        v = alloc_fixed(T_SLICE)
        FLD(v)[0] = a[0] if n > 1 else V_NONE
        FLD(v)[1] = a[1] if n > 1 else a[0]
        FLD(v)[2] = a[2] if n > 2 else V_NONE
        return v
    if kind == KIND_TYPE:
        check_args("type", n, 1, 1)
        return class_of(a[0])
    if kind == KIND_COMPLEX:
        if n == 1 and not kwnames and has_tid(a[0], T_COMPLEX):
            return a[0]                 # complex(c) is c, as CPython's
        # CPython's, on values its formatting proxies stand for (an
        # object's __complex__, __float__ or __index__ called when asked)
        # (a str subclass's instance: its text)
        args = [to_host(a + i) if has_tid(a[i], T_INSTANCE) and builtin_base_kind(FLD(a[i])[I_CLASS]) == KIND_STR
                else format_arg(a + i) for i in range(n)]
        kw = {str_to_py(FLD(kwnames)[i]): format_arg(a + n + i) for i in range(nkw(kwnames))}
        return from_host(call_host_warning(complex, tuple(args)) if not kw else complex(*args, **kw))
    if kind == KIND_OBJECT:
        check_args("object", n, 0, 0)
        push(kind_class(KIND_OBJECT))
        v = instance_new(top_slot())
        pop()
        return v
    raise TypeError(f"cannot create instances of this builtin type (kind {kind})")


# ---------------------------------------------------------------- _vm: the app-level modules' hooks
# The VM's own modules written in Python (vmsample/lang/app) give the VM the
# objects it needs (_vm.register) and extend builtin classes (_vm.install).

APP_ROOTS = {}          # name -> root index of what _vm.register gave

# LOAD_APP's operand (an opcodes.AppObject) -> the root index of the object
# registered under its name (APP_ROOTS), -1 until then: resolved once, at
# registration, not by name on every execution.  The members are the A_*
# names of vm/opcodes.pxi (so that a start need not import opcodes.py).
cdef enum:
    LOAD_APP_MAX = 8            # room for this many AppObject members
cdef int LOAD_APP_ROOTS[LOAD_APP_MAX]
APP_OBJECT_OPERANDS = {name[2:].lower(): number for name, number in OPCODES_C_NUMBERS.items()
                       if name.startswith("A_")}
if len(APP_OBJECT_OPERANDS) > LOAD_APP_MAX:
    raise ImportError("vm/builtins.pxi: LOAD_APP_ROOTS too small for opcodes.AppObject")

cdef void forget_load_app_roots() noexcept:
    # (at the start of every run, as APP_ROOTS is cleared)
    cdef int i
    for i in range(LOAD_APP_MAX):
        LOAD_APP_ROOTS[i] = -1
forget_load_app_roots()

cdef gcref_t load_app_object(int operand) except 0:
    if operand < 0 or operand >= LOAD_APP_MAX or LOAD_APP_ROOTS[operand] < 0:
        raise SystemError(f"the VM's app-level object {operand} of LOAD_APP is not loaded")
    return VM_STATE.roots[LOAD_APP_ROOTS[operand]]

cdef gcref_t app_object(str name) except 0:
    idx = APP_ROOTS.get(name)
    if idx is None:
        raise SystemError(f"the VM's app-level '{name}' is not loaded")
    return VM_STATE.roots[<int>idx]

cdef gcref_t vm_module_function(str fn, gcref_t* a, Py_ssize_t n) except 0:
    cdef gcref_t v
    if fn == "json_scan" or fn == "json_encode":
        # json's speedups (vm/json.pxi), first: called at every json.dumps and json.loads
        return json_scan(a, n) if fn == "json_scan" else json_encode(a, n)
    if fn == "register":
        check_args("register", n, 2, 2)
        name = str_to_py(a[0])
        APP_ROOTS[name] = add_root(a[1])
        if name in APP_OBJECT_OPERANDS:
            LOAD_APP_ROOTS[APP_OBJECT_OPERANDS[name]] = APP_ROOTS[name]
        if name == "tuplegetter":
            mark_tuplegetter(a + 1)         # (its __get__ in C: vm/attributes.pxi)
        return V_NONE
    if fn == "app_object":
        # app_object(name): what an app-level module registered, for lib/
        check_args("app_object", n, 1, 1)
        return app_object(str_to_py(a[0]))
    if fn == "compile":
        # compile(source, filename, mode[, package]): a code object (vm/dynamic.pxi)
        check_args("compile", n, 3, 4)
        return compile_dynamic_code(a, n)
    if fn == "run":
        # run(code, globals, locals): exec / eval of a code object
        check_args("run", n, 3, 3)
        return run_dynamic_code(a)
    if fn == "import_module":
        # import_module(name): the VM's importer (vm/modules.pxi)
        check_args("import_module", n, 1, 1)
        if not has_tid(a[0], T_STR):
            raise TypeError(f"module name must be str, not {type_name(a[0])}")
        return import_module(intern(str_to_py(a[0])))
    if fn == "find_module":
        # find_module(name, path or None): (origin, is package) of what the
        # importer would load, or None
        check_args("find_module", n, 2, 2)
        return from_host(find_for_spec(str_to_py(a[0]), to_host(a + 1)))
    if fn == "iterator_state":
        check_args("iterator_state", n, 1, 1)
        return iterator_state(a)
    if fn == "iterator_setstate":
        check_args("iterator_setstate", n, 2, 2)
        return iterator_setstate(a, a[1])
    if fn == "set_signal_handler":
        # set_signal_handler(signalnum, handler): the host's signal() (vm/signals.pxi)
        return set_signal_handler(a, n)
    if fn == "start_thread":
        # start_thread(f): a new VM thread that calls f(); its ident (vm/threads.pxi)
        return start_thread(a, n)
    if fn == "current_frames":
        # current_frames(): sys._current_frames() (vm/introspection.pxi)
        check_args("current_frames", n, 0, 0)
        return current_frames()
    if fn.startswith("lock_"):
        # lock_new(), lock_acquire(state, blocking, timeout), lock_release(state),
        # lock_locked(state): the state of _thread's locks (vm/threads.pxi)
        return lock_function(fn, a, n)
    if fn == "weak_new" or fn == "weak_get":
        return weak_module_function(fn, a, n)
    if fn == "suggestion":
        # suggestion(name, candidates): the one CPython would suggest, or None
        # (vmsample/lang/suggestions.py)
        check_args("suggestion", n, 2, 2)
        from vmsample.lang.suggestions import suggestion
        return from_host(suggestion(to_host(a), to_host(a + 1)))
    if fn == "host_value":
        # host_value(module, name): the host module's attribute, converted
        check_args("host_value", n, 2, 2)
        import importlib
        return from_host(getattr(importlib.import_module(str_to_py(a[0])), str_to_py(a[1])))
    # install(cls, name, value): cls.name = value on a builtin class
    check_args("install", n, 3, 3)
    if not has_tid(a[0], T_CLASS) or not has_tid(a[1], T_STR):
        raise TypeError("install(cls, name, value)")
    v = a[2]
    if has_tid(v, T_STATICMETHOD) or has_tid(v, T_CLASSMETHOD):
        v = FLD(v)[0]
    if has_tid(v, T_FUNCTION):
        store(v, FN_OWNER, a[0])
    push(intern(str_to_py(a[1])))
    field_dict_set(a, K_DICT, top_slot()[0], a + 2)
    pop()
    class_modified(a)
    return V_NONE
