# vm/heap_types.pxi, included by _vm.pyx (one extension module, one C file).
#
# Heap types: the payload layout of every VM object (the L_/D_/S_/I_/K_/FN_/
# IT_/G_ word indices), class flags and builtin kinds, and the registration of
# the T_* type ids with the nursery (one id per user class, for profiles).

# ---------------------------------------------------------------- heap types
# Payload layouts, in words; "ref" words are traced, "raw" words are not.

cdef uint16_t T_FLOAT, T_BIGINT, T_STR, T_TUPLE, T_LIST, T_ARRAY, T_INDEX, T_DICT, T_SET
cdef uint16_t T_INSTANCE, T_CLASS, T_FUNCTION, T_CELL, T_BOUND, T_MODULE, T_RANGE, T_SLICE
cdef uint16_t T_LISTITER, T_TUPLEITER, T_STRITER, T_RANGEITER, T_DICTITER, T_SETITER
cdef uint16_t T_ENUMERATE, T_ZIP, T_MAP, T_FILTER, T_REVERSED, T_GENERATOR, T_DICTVIEW
cdef uint16_t T_SUPER, T_PROPERTY, T_STATICMETHOD, T_CLASSMETHOD, T_FRAMESTATE, T_TRACEBACK
cdef uint16_t T_FROZENSET, T_BYTES, T_BYTEARRAY, T_BYTEBUF, T_BYTESITER, T_BYTEARRAYITER, T_COROUTINE, T_CORO_WRAPPER
cdef uint16_t T_SEQITER, T_LONGRANGEITER, T_COMPLEX, T_CODE, T_FRAME, T_ASYNCGEN, T_ASEND, T_ATHROW
cdef uint16_t T_LISTREVITER
cdef uint16_t T_WEAKREF

# list: [items ARRAY, len raw]
cdef enum:
    L_ITEMS = 0
    L_LEN = 1
# dict: [indices INDEX, entries ARRAY (hash, key, value)*, used raw, nentries raw]
    D_INDICES = 0
    D_ENTRIES = 1
    D_USED = 2
    D_NENTRIES = 3
# set: [table ARRAY (hash, key)*, fill raw, used raw, mask raw, finger raw];
# a frozenset is laid out as a set plus its hash (-1 until computed)
    S_TABLE = 0
    S_FILL = 1
    S_USED = 2
    S_MASK = 3
    S_FINGER = 4
    S_HASH = 5
# instance (var-size refs): [class, overflow ARRAY, values...]
    I_CLASS = 0
    I_OVERFLOW = 1
    I_VALUES = 2
# class: [name, base, dict, keys LIST, slots TUPLE | 0, serial raw, flags raw, kind raw,
#         instance type id raw, metaclass CLASS | 0 (0: type), bases TUPLE, mro TUPLE,
#         qualname STR, subclasses LIST of weakref targets]  (vm/classes.pxi)
    K_NAME = 0
    K_BASE = 1
    K_DICT = 2
    K_KEYS = 3
    K_SLOTS = 4
    K_SERIAL = 5
    K_FLAGS = 6
    K_KIND = 7
    K_TID = 8
    K_META = 9
    K_BASES = 10
    K_MRO = 11
    K_QUALNAME = 12
    K_SUBCLASSES = 13
    K_NWORDS = 14
# function: [defaults TUPLE, kwdefaults DICT, closure TUPLE, owner CLASS, code raw,
#            attributes DICT | 0 (made by the first attribute set on it),
#            reassigned builtin attributes DICT | 0 (__name__, __doc__...)]
    FN_DEFAULTS = 0
    FN_KWDEFAULTS = 1
    FN_CLOSURE = 2
    FN_OWNER = 3
    FN_CODE = 4
    FN_DICT = 5
    FN_META = 6
# staticmethod, classmethod: [callable, attributes DICT | 0 (made when first
#                              set or read: vm/attributes.pxi, wrapper_dict)]
    CM_DICT = 1
# weak reference (vm/weakrefs.pxi): [target, weak (the core's weak field),
#                                     owner: the ref or proxy object it serves]
    W_TARGET = 0
    W_OWNER = 1
# iterators: [a, b, c raw, d raw]
    IT_A = 0
    IT_B = 1
    IT_C = 2
    IT_D = 3
# generator (and coroutine): [function, state FRAMESTATE, pc raw, status raw,
#                              the exception its frame handles while suspended or 0,
#                              (__name__, __qualname__) once either is assigned, else 0,
#                              GEN_* flags raw]
    G_FUNC = 0
    G_STATE = 1
    G_PC = 2
    G_STATUS = 3
    G_HANDLED = 4
    G_NAMES = 5
    G_FLAGS = 6

cdef enum:   # class flags
    CF_MEMBER = 0x4000          # member_descriptor (vmsample/lang/app/types.py): a __slots__ name
    CF_EXCEPTION = 1
    CF_SLOTS = 2
    CF_BUILTIN = 4      # a builtin type: K_KIND says which
    CF_ABSTRACT = 8     # __abstractmethods__ is set and not empty: no instances
    # What a lookup along the class's MRO finds, kept with the class so that
    # the attribute protocol tests a bit (vm/classes.pxi, update_class_flags):
    CF_GETATTRIBUTE = 0x10      # __getattribute__ is not object's / type's
    CF_GETATTR = 0x20           # it has __getattr__
    CF_SETATTR = 0x40           # __setattr__ is not object's / type's
    CF_DELATTR = 0x80           # __delattr__ is not object's / type's
    CF_DESCRIPTOR_GET = 0x100   # its instances are descriptors: __get__
    CF_DESCRIPTOR_SET = 0x200   # ... data descriptors: __set__ or __delete__
    CF_CALL = 0x800             # __call__ is not a builtin type's (a metaclass: calling its classes)
    CF_FINAL = 0x400            # not an acceptable base type (bool, NoneType, ...)
    CF_HOST_TYPE = 0x1000       # a host class itself (not a program's subclass of one)
    CF_DEL = 0x2000             # it has __del__: its instances get a finalizer (vm/weakrefs.pxi)
    CF_TUPLEGETTER = 0x8000     # collections' _tuplegetter, unchanged (vm/attributes.pxi)
    CF_MRO_PENDING = 0x40000    # a new class whose metaclass's mro() runs: its __mro__ is None
    CF_TUPLE_HASH = 0x10000     # its instances carry a tuple and __hash__ is tuple's own (a named tuple)
    CF_CLASS_ATTRIBUTE = 0x20000  # an instance's __class__ may not be its class: __class__ is not
                                  # object's, or __getattribute__ is not (isinstance asks it then)
    CF_LOOKUP_FLAGS = 0x3ABF0

cdef enum:   # a property's fields past fget, fset, fdel (0-2) and doc (3)
    PROP_NAME = 4               # the name __set_name__ gave it (None: none), for its errors' words

cdef enum:   # generator status
    GEN_CREATED = 0
    GEN_SUSPENDED = 1
    GEN_RUNNING = 2
    GEN_DONE = 3

cdef enum:   # generator flags (G_FLAGS)
    GEN_FINALIZER = 1           # it has the core's finalizer: it closes if it dies suspended (vm/generators.pxi)

# Builtin type kinds (K_KIND of builtin classes; the class of a value).
cdef enum:
    KIND_OBJECT = 1
    KIND_INT = 2
    KIND_BOOL = 3
    KIND_FLOAT = 4
    KIND_STR = 5
    KIND_TUPLE = 6
    KIND_LIST = 7
    KIND_DICT = 8
    KIND_SET = 9
    KIND_NONE = 10
    KIND_TYPE = 11
    KIND_FUNCTION = 12
    KIND_RANGE = 13
    KIND_OTHER = 14
    KIND_BASEEXC = 15
    KIND_FROZENSET = 16
    KIND_BYTES = 17
    KIND_SLICE = 18
    KIND_BYTEARRAY = 19
    KIND_COMPLEX = 20
    KIND_MODULE = 21
    KIND_PROPERTY = 22
    KIND_SUPER = 23
    KIND_STATICMETHOD = 24
    KIND_CLASSMETHOD = 25
    KIND_HOST = 26              # a host class (vm/host_modules.pxi): its instances are handles

def _register_types(Nursery n):
    """Register the VM's heap types; returns nothing, sets the T_* globals."""
    global T_FLOAT, T_BIGINT, T_STR, T_TUPLE, T_LIST, T_ARRAY, T_INDEX, T_DICT, T_SET
    global T_INSTANCE, T_CLASS, T_FUNCTION, T_CELL, T_BOUND, T_MODULE, T_RANGE, T_SLICE
    global T_LISTITER, T_TUPLEITER, T_STRITER, T_RANGEITER, T_DICTITER, T_SETITER
    global T_ENUMERATE, T_ZIP, T_MAP, T_FILTER, T_REVERSED, T_GENERATOR, T_DICTVIEW
    global T_SUPER, T_PROPERTY, T_STATICMETHOD, T_CLASSMETHOD, T_FRAMESTATE, T_TRACEBACK
    global T_FROZENSET, T_BYTES, T_BYTEARRAY, T_BYTEBUF, T_BYTESITER, T_BYTEARRAYITER, T_COROUTINE, T_CORO_WRAPPER
    global T_SEQITER, T_LONGRANGEITER, T_COMPLEX, T_CODE, T_FRAME, T_ASYNCGEN, T_ASEND, T_ATHROW
    global T_WEAKREF, T_LISTREVITER

    def fixed(name, nwords, refs):
        return n.register_type(name, fixed_size=8 * nwords, ref_offsets=[8 * i for i in refs])

    def var(name, fixed_words, refs, item_size, items_are_refs):
        return n.register_type(name, fixed_size=8 * fixed_words,
                               ref_offsets=[8 * i for i in refs],
                               item_size=item_size, items_are_refs=items_are_refs)

    T_FLOAT = fixed("float", 1, [])
    T_COMPLEX = fixed("complex", 2, [])
    T_BIGINT = var("int", 0, [], 1, False)
    T_STR = var("str", 1, [], 4, False)
    T_TUPLE = var("tuple", 0, [], 8, True)
    T_LIST = fixed("list", 2, [L_ITEMS])
    T_ARRAY = var("list items", 0, [], 8, True)
    T_INDEX = var("dict index", 0, [], 8, False)
    T_DICT = fixed("dict", 4, [D_INDICES, D_ENTRIES])
    T_SET = fixed("set", 5, [S_TABLE])
    T_CLASS = fixed("type", K_NWORDS, [K_NAME, K_BASE, K_DICT, K_KEYS, K_SLOTS, K_META, K_BASES, K_MRO,
                                         K_QUALNAME, K_SUBCLASSES])
    T_FUNCTION = fixed("function", 7, [FN_DEFAULTS, FN_KWDEFAULTS, FN_CLOSURE, FN_OWNER, FN_DICT, FN_META])
    T_CELL = fixed("cell", 1, [0])
    T_BOUND = fixed("method", 2, [0, 1])
    T_MODULE = fixed("module", 2, [0, 1])
    T_RANGE = fixed("range", 3, [0, 1, 2])
    T_SLICE = fixed("slice", 3, [0, 1, 2])
    it = lambda name: fixed(name, 4, [IT_A, IT_B])
    T_LISTITER = it("list_iterator")
    T_TUPLEITER = it("tuple_iterator")
    T_STRITER = it("str_iterator")
    T_RANGEITER = it("range_iterator")
    T_LONGRANGEITER = it("longrange_iterator")      # [range, next index (an int)]
    T_SEQITER = it("iterator")                      # [object with __getitem__ (0: ended), _, next index]
    T_DICTITER = it("dict_iterator")
    T_SETITER = it("set_iterator")
    T_ENUMERATE = it("enumerate")
    T_ZIP = it("zip")
    T_MAP = it("map")
    T_FILTER = it("filter")
    T_REVERSED = it("reversed")
    T_DICTVIEW = it("dict_view")
    T_GENERATOR = fixed("generator", 7, [G_FUNC, G_STATE, G_HANDLED, G_NAMES])
    T_FRAMESTATE = var("generator state", 0, [], 8, True)
    T_SUPER = fixed("super", 3, [0, 1, 2])
    T_PROPERTY = fixed("property", 5, [0, 1, 2, 3, 4])     # fget, fset, fdel, doc, PROP_NAME
    T_STATICMETHOD = fixed("staticmethod", 2, [0, CM_DICT])
    T_CLASSMETHOD = fixed("classmethod", 2, [0, CM_DICT])
    T_TRACEBACK = fixed("traceback", 4, [0, 1])            # vm/introspection.pxi
    T_FRAME = fixed("frame", 5, [0, 1])
    T_CODE = fixed("code", 1, [])
    T_FROZENSET = fixed("frozenset", 6, [S_TABLE])
    # bytes and bytearray: layouts in vm/bytes.pxi
    T_BYTES = var("bytes", 1, [], 1, False)
    T_BYTEARRAY = fixed("bytearray", 2, [0])
    T_BYTEBUF = var("bytearray items", 0, [], 1, False)
    T_BYTESITER = it("bytes_iterator")
    T_COROUTINE = fixed("coroutine", 7, [G_FUNC, G_STATE, G_HANDLED, G_NAMES])      # a generator's layout
    T_CORO_WRAPPER = fixed("coroutine_wrapper", 1, [0])         # [coroutine]
    T_ASYNCGEN = fixed("async_generator", 7, [G_FUNC, G_STATE, G_HANDLED, G_NAMES])  # a generator's layout
    T_ASEND = fixed("async_generator_asend", 4, [0, 1])         # vm/async_generators.pxi
    T_ATHROW = fixed("async_generator_athrow", 4, [0, 1])
    T_WEAKREF = n.register_type("weakref target", fixed_size=16, ref_offsets=[8 * W_OWNER],
                                weak_offset=8 * W_TARGET)
    # reversed(a_list), as CPython's: a reversed's layout and behaviour, its own class
    T_LISTREVITER = it("list_reverseiterator")
    # iter(a_bytearray): a bytes_iterator's layout and behaviour, its own class
    T_BYTEARRAYITER = it("bytearray_iterator")
    # Last: instances of `object`; every class registers its own id above it.
    T_INSTANCE = var("object", 0, [], 8, True)

cdef Nursery NURSERY = None
cdef Profiler PROFILER = None

cdef int64_t register_class_type(str name) except -1:
    # A type id for the instances of a new class (classes of one name share
    # it), or T_INSTANCE if the name is a builtin type's or empty (which the
    # registry refuses), or the registry is full.
    if not name:
        return T_INSTANCE
    try:
        tid = NURSERY.register_type(name, fixed_size=0, item_size=8, items_are_refs=True)
    except (ValueError, OverflowError):
        return T_INSTANCE
    if tid <= T_INSTANCE:
        return T_INSTANCE
    if PROFILER is not None:
        PROFILER.name_types()           # named now: a killed run's profile has it too
    return tid

