# The vmsample VM: object model, eval loop, builtins.
#
# Design (decisions and the invariants that keep them safe)
# ==========================================================
#
# 1. Values.  A value is a [gcref_t]: the address of a GC object, or a tagged
#    immediate (low 3 bits not all zero, so the nursery core never follows it):
#       ...xx1   small int, 63 bits: (v << 1) | 1
#       ..010    None, False, True, NotImplemented, DUMMY (hash-table tombstone)
#       ..100    a builtin *method* (bid << 3) | 4, only ever between LOAD_METHOD
#                and CALL_METHOD or inside a bound method
#       ..110    a builtin *function* (bid << 3) | 6: len, print, math.sqrt ...
#    0 is "no value" (an unbound local, an empty slot).  Every other value --
#    floats, big ints, strings, containers, instances, classes, functions,
#    cells, iterators, generators, exceptions -- is a GC object of a type
#    registered with the nursery (TYPES below), so profiles name them.
#
# 2. Roots.  The nursery's shadow stack *is* the VM's value stack.  A frame is
#    a window [base, base + nlocals + maxstack) of it; base[-1] holds the
#    called object.  INVARIANT: whenever the GC can run (any allocation, any
#    call out of the loop), h.shadowstack_top == the innermost frame's sp, so
#    the GC scans exactly the live slots, and updates them in place.  The eval
#    loop keeps sp in a C local and stores it to h.shadowstack_top at every
#    instruction; helpers that hold a reference across an allocation keep it
#    in a pushed slot, never in a C local.  Everything else the VM holds (code
#    constants, interned names, builtin classes, the current exception) sits
#    in root arrays that [trace_roots] hands to the core at each collection.
#
# 3. Errors.  Helpers return 0 / -1 and raise a Python exception; a VM-level
#    exception travels as [VMError] with the VM exception object in the root
#    slot R_EXC.  Python exceptions from CPython helpers (int('x'), float
#    formatting, OverflowError...) are converted to the VM class of the same
#    name when they reach the loop, which reuses CPython's messages.  The loop
#    itself is [run_frames] (no try/except on the hot path); [eval_loop]
#    wraps it, finds handlers in the code's exception table and re-enters.
#
# 4. Calls.  VM-to-VM calls push a Frame struct and continue in the same C
#    loop (no C recursion).  Calls from helpers (a __repr__ called by print, a
#    key= function called by sorted) enter a nested eval_loop whose entry frame
#    is marked; returning from it returns to C.  A frame's result is stored in
#    its [ret] slot; the caller's sp becomes ret + 1.
#
# 5. Profiling.  Each code object has an even id (2, 4, ...) and the vmprof
#    name py:<func>:<firstlineno>:<file>.  [walk_stack] reads the Frame array
#    and each frame's current pc -> line: it never allocates, so the nursery's
#    sample hook may call it.  vmsample.profile._glue does the rest: it owns
#    the nursery's sample and collection hooks and the timer, which counts
#    its expiries into [S.tick], tested at calls and backward jumps.

from cpython.ref cimport PyObject
from libc.stdint cimport int64_t, uint64_t, uint32_t, int32_t, uint16_t, uint8_t, uintptr_t
from libc.stdlib cimport malloc, calloc, realloc, free
from libc.string cimport memcpy, memmove, memset, memcmp
from libc.math cimport fmod, floor, isnan, isinf, pow as c_pow, sqrt as c_sqrt
cimport cython

from vmsample._nursery cimport *
from vmsample._nursery cimport Nursery
from vmsample.profile._writer cimport ProfileWriter, ProfFrame
from vmsample.profile._glue cimport ProfGlue, Profiler, attach, prof_time_samples

import sys
import math as _pymath
from vmsample.lang import opcodes as _opcodes
from vmsample.lang.compiler import Code as _PyCode

cdef extern from *:
    """
    static inline int vms_add_overflow(int64_t a, int64_t b, int64_t* r) { return __builtin_add_overflow(a, b, r); }
    static inline int vms_sub_overflow(int64_t a, int64_t b, int64_t* r) { return __builtin_sub_overflow(a, b, r); }
    static inline int vms_mul_overflow(int64_t a, int64_t b, int64_t* r) { return __builtin_mul_overflow(a, b, r); }
    """
    bint vms_add_overflow(int64_t a, int64_t b, int64_t* r) noexcept nogil
    bint vms_sub_overflow(int64_t a, int64_t b, int64_t* r) noexcept nogil
    bint vms_mul_overflow(int64_t a, int64_t b, int64_t* r) noexcept nogil
    object PyUnicode_FromKindAndData(int kind, const void* buf, Py_ssize_t size)
    int PyUnicode_KIND(object)
    void* PyUnicode_DATA(object)
    Py_ssize_t PyUnicode_GET_LENGTH(object)
    uint32_t PyUnicode_READ(int kind, void* data, Py_ssize_t i)

# ---------------------------------------------------------------- opcodes
# Must equal vmsample.lang.opcodes (checked at import: _check_opcodes).
cdef enum:
    NOP = 0
    POP_TOP = 1
    DUP_TOP = 2
    DUP_TOP_TWO = 3
    ROT_TWO = 4
    ROT_THREE = 5
    LOAD_CONST = 6
    LOAD_FAST = 7
    STORE_FAST = 8
    DELETE_FAST = 9
    LOAD_DEREF = 10
    STORE_DEREF = 11
    DELETE_DEREF = 12
    LOAD_CLOSURE = 13
    MAKE_CELL = 14
    COPY_FREE_VARS = 15
    LOAD_GLOBAL = 16
    STORE_GLOBAL = 17
    DELETE_GLOBAL = 18
    LOAD_NAME = 19
    STORE_NAME = 20
    DELETE_NAME = 21
    LOAD_ATTR = 22
    STORE_ATTR = 23
    DELETE_ATTR = 24
    LOAD_METHOD = 25
    CALL_METHOD = 26
    CALL = 27
    CALL_KW = 28
    CALL_EX = 29
    BINARY_OP = 30
    INPLACE_OP = 31
    UNARY_NEGATIVE = 32
    UNARY_POSITIVE = 33
    UNARY_NOT = 34
    UNARY_INVERT = 35
    COMPARE_OP = 36
    BINARY_SUBSCR = 37
    STORE_SUBSCR = 38
    DELETE_SUBSCR = 39
    BUILD_SLICE = 40
    BUILD_TUPLE = 41
    BUILD_LIST = 42
    BUILD_SET = 43
    BUILD_MAP = 44
    BUILD_STRING = 45
    LIST_APPEND = 46
    SET_ADD = 47
    MAP_ADD = 48
    LIST_EXTEND = 49
    SET_UPDATE = 50
    DICT_UPDATE = 51
    DICT_MERGE = 52
    LIST_TO_TUPLE = 53
    FORMAT_VALUE = 54
    JUMP = 55
    POP_JUMP_IF_FALSE = 56
    POP_JUMP_IF_TRUE = 57
    JUMP_IF_FALSE_OR_POP = 58
    JUMP_IF_TRUE_OR_POP = 59
    GET_ITER = 60
    FOR_ITER = 61
    UNPACK_SEQUENCE = 62
    UNPACK_EX = 63
    MAKE_FUNCTION = 64
    BUILD_CLASS = 65
    RETURN_VALUE = 66
    YIELD_VALUE = 67
    GET_YIELD_FROM_ITER = 68
    SEND = 69
    RAISE = 70
    RERAISE = 71
    PUSH_EXC_INFO = 72
    POP_EXCEPT = 73
    EXC_CLEANUP = 74
    CHECK_EXC_MATCH = 75
    IMPORT_NAME = 76
    IMPORT_FROM = 77
    SUPER = 78

cdef enum:   # BinOp
    B_ADD = 0
    B_SUB = 1
    B_MUL = 2
    B_TRUEDIV = 3
    B_FLOORDIV = 4
    B_MOD = 5
    B_POW = 6
    B_LSHIFT = 7
    B_RSHIFT = 8
    B_AND = 9
    B_OR = 10
    B_XOR = 11

cdef enum:   # CmpOp
    C_LT = 0
    C_LE = 1
    C_EQ = 2
    C_NE = 3
    C_GT = 4
    C_GE = 5
    C_IN = 6
    C_NOT_IN = 7
    C_IS = 8
    C_IS_NOT = 9

_OPCODE_TABLES = {
    "Op": {"NOP": NOP, "POP_TOP": POP_TOP, "DUP_TOP": DUP_TOP, "DUP_TOP_TWO": DUP_TOP_TWO,
           "ROT_TWO": ROT_TWO, "ROT_THREE": ROT_THREE, "LOAD_CONST": LOAD_CONST,
           "LOAD_FAST": LOAD_FAST, "STORE_FAST": STORE_FAST, "DELETE_FAST": DELETE_FAST,
           "LOAD_DEREF": LOAD_DEREF, "STORE_DEREF": STORE_DEREF, "DELETE_DEREF": DELETE_DEREF,
           "LOAD_CLOSURE": LOAD_CLOSURE, "MAKE_CELL": MAKE_CELL, "COPY_FREE_VARS": COPY_FREE_VARS,
           "LOAD_GLOBAL": LOAD_GLOBAL, "STORE_GLOBAL": STORE_GLOBAL, "DELETE_GLOBAL": DELETE_GLOBAL,
           "LOAD_NAME": LOAD_NAME, "STORE_NAME": STORE_NAME, "DELETE_NAME": DELETE_NAME,
           "LOAD_ATTR": LOAD_ATTR, "STORE_ATTR": STORE_ATTR, "DELETE_ATTR": DELETE_ATTR,
           "LOAD_METHOD": LOAD_METHOD, "CALL_METHOD": CALL_METHOD, "CALL": CALL,
           "CALL_KW": CALL_KW, "CALL_EX": CALL_EX, "BINARY_OP": BINARY_OP, "INPLACE_OP": INPLACE_OP,
           "UNARY_NEGATIVE": UNARY_NEGATIVE, "UNARY_POSITIVE": UNARY_POSITIVE,
           "UNARY_NOT": UNARY_NOT, "UNARY_INVERT": UNARY_INVERT, "COMPARE_OP": COMPARE_OP,
           "BINARY_SUBSCR": BINARY_SUBSCR, "STORE_SUBSCR": STORE_SUBSCR,
           "DELETE_SUBSCR": DELETE_SUBSCR, "BUILD_SLICE": BUILD_SLICE, "BUILD_TUPLE": BUILD_TUPLE,
           "BUILD_LIST": BUILD_LIST, "BUILD_SET": BUILD_SET, "BUILD_MAP": BUILD_MAP,
           "BUILD_STRING": BUILD_STRING, "LIST_APPEND": LIST_APPEND, "SET_ADD": SET_ADD,
           "MAP_ADD": MAP_ADD, "LIST_EXTEND": LIST_EXTEND, "SET_UPDATE": SET_UPDATE,
           "DICT_UPDATE": DICT_UPDATE, "DICT_MERGE": DICT_MERGE, "LIST_TO_TUPLE": LIST_TO_TUPLE,
           "FORMAT_VALUE": FORMAT_VALUE, "JUMP": JUMP, "POP_JUMP_IF_FALSE": POP_JUMP_IF_FALSE,
           "POP_JUMP_IF_TRUE": POP_JUMP_IF_TRUE, "JUMP_IF_FALSE_OR_POP": JUMP_IF_FALSE_OR_POP,
           "JUMP_IF_TRUE_OR_POP": JUMP_IF_TRUE_OR_POP, "GET_ITER": GET_ITER, "FOR_ITER": FOR_ITER,
           "UNPACK_SEQUENCE": UNPACK_SEQUENCE, "UNPACK_EX": UNPACK_EX,
           "MAKE_FUNCTION": MAKE_FUNCTION, "BUILD_CLASS": BUILD_CLASS,
           "RETURN_VALUE": RETURN_VALUE, "YIELD_VALUE": YIELD_VALUE,
           "GET_YIELD_FROM_ITER": GET_YIELD_FROM_ITER, "SEND": SEND, "RAISE": RAISE,
           "RERAISE": RERAISE, "PUSH_EXC_INFO": PUSH_EXC_INFO, "POP_EXCEPT": POP_EXCEPT,
           "EXC_CLEANUP": EXC_CLEANUP, "CHECK_EXC_MATCH": CHECK_EXC_MATCH,
           "IMPORT_NAME": IMPORT_NAME, "IMPORT_FROM": IMPORT_FROM, "SUPER": SUPER},
    "BinOp": {"ADD": B_ADD, "SUB": B_SUB, "MUL": B_MUL, "TRUEDIV": B_TRUEDIV,
              "FLOORDIV": B_FLOORDIV, "MOD": B_MOD, "POW": B_POW, "LSHIFT": B_LSHIFT,
              "RSHIFT": B_RSHIFT, "AND": B_AND, "OR": B_OR, "XOR": B_XOR},
    "CmpOp": {"LT": C_LT, "LE": C_LE, "EQ": C_EQ, "NE": C_NE, "GT": C_GT, "GE": C_GE,
              "IN": C_IN, "NOT_IN": C_NOT_IN, "IS": C_IS, "IS_NOT": C_IS_NOT},
}


def _check_opcodes():
    for enum_name, table in _OPCODE_TABLES.items():
        enum = getattr(_opcodes, enum_name)
        py = {m.name: int(m) for m in enum}
        if py != table:
            raise ImportError(f"vmsample.lang._vm: {enum_name} differs from vmsample.lang.opcodes")


_check_opcodes()

# ---------------------------------------------------------------- values

cdef enum:
    V_NONE = 0x02
    V_FALSE = 0x0A
    V_TRUE = 0x12
    V_NOTIMPL = 0x1A
    V_DUMMY = 0x22          # tombstone in set tables
    INT_MAX_TAGGED = 0x3FFFFFFFFFFFFFFF
    MAX_DEPTH = 1000        # frames, like CPython's default recursion limit

cdef int64_t SMALL_MAX = (<int64_t>1 << 62) - 1
cdef int64_t SMALL_MIN = -(<int64_t>1 << 62)

cdef inline bint is_int(gcref_t v) noexcept nogil:
    return v & 1

cdef inline int64_t untag(gcref_t v) noexcept nogil:
    return (<int64_t>v) >> 1

cdef inline gcref_t tag(int64_t i) noexcept nogil:
    return <gcref_t>((<uint64_t>i << 1) | 1)

cdef inline bint fits(int64_t i) noexcept nogil:
    return SMALL_MIN <= i <= SMALL_MAX

cdef inline gcref_t vbool(bint b) noexcept nogil:
    return V_TRUE if b else V_FALSE

cdef inline bint is_obj(gcref_t v) noexcept nogil:
    return v != 0 and (v & 7) == 0

cdef inline bint is_bmethod(gcref_t v) noexcept nogil:
    return (v & 7) == 4

cdef inline bint is_bfunc(gcref_t v) noexcept nogil:
    return (v & 7) == 6

cdef inline int builtin_id(gcref_t v) noexcept nogil:
    return <int>(v >> 3)

cdef inline gcref_t mk_bfunc(int bid) noexcept nogil:
    return (<gcref_t>bid << 3) | 6

cdef inline gcref_t mk_bmethod(int bid) noexcept nogil:
    return (<gcref_t>bid << 3) | 4

cdef inline GCHeader* HDR(gcref_t o) noexcept nogil:
    return <GCHeader*>o

cdef inline uint16_t TID(gcref_t o) noexcept nogil:
    # The VM-level type of an object: every user class has its own type id
    # (so profiles name instances by class), all at or above T_INSTANCE.
    cdef uint16_t t = (<GCHeader*>o).tid
    return t if t < T_INSTANCE else T_INSTANCE

cdef inline gcref_t* FLD(gcref_t o) noexcept nogil:
    return <gcref_t*>(o + 8)

cdef inline int64_t* RAW(gcref_t o) noexcept nogil:
    return <int64_t*>(o + 8)

cdef inline uint32_t LEN(gcref_t o) noexcept nogil:
    return (<GCHeader*>o).aux

cdef inline bint has_tid(gcref_t v, uint16_t tid) noexcept nogil:
    return is_obj(v) and TID(v) == tid

# ---------------------------------------------------------------- heap types
# Payload layouts, in words; "ref" words are traced, "raw" words are not.

cdef uint16_t T_FLOAT, T_BIGINT, T_STR, T_TUPLE, T_LIST, T_ARRAY, T_INDEX, T_DICT, T_SET
cdef uint16_t T_INSTANCE, T_CLASS, T_FUNCTION, T_CELL, T_BOUND, T_MODULE, T_RANGE, T_SLICE
cdef uint16_t T_LISTITER, T_TUPLEITER, T_STRITER, T_RANGEITER, T_DICTITER, T_SETITER
cdef uint16_t T_ENUMERATE, T_ZIP, T_MAP, T_FILTER, T_REVERSED, T_GENERATOR, T_DICTVIEW
cdef uint16_t T_SUPER, T_PROPERTY, T_STATICMETHOD, T_CLASSMETHOD, T_FRAMESTATE, T_TRACEBACK

# list: [items ARRAY, len raw]
cdef enum:
    L_ITEMS = 0
    L_LEN = 1
# dict: [indices INDEX, entries ARRAY (hash, key, value)*, used raw, nentries raw]
    D_INDICES = 0
    D_ENTRIES = 1
    D_USED = 2
    D_NENTRIES = 3
# set: [table ARRAY (hash, key)*, fill raw, used raw, mask raw]
    S_TABLE = 0
    S_FILL = 1
    S_USED = 2
    S_MASK = 3
    S_FINGER = 4
# instance (var-size refs): [class, overflow ARRAY, id (tagged int, lazily), values...]
# The id survives moves, so hash() and id() of an instance are stable.
    I_CLASS = 0
    I_OVERFLOW = 1
    I_ID = 2
    I_VALUES = 3
# class: [name, base, dict, keys LIST, slots TUPLE | 0, serial raw, flags raw, kind raw,
#         instance type id raw]
    K_NAME = 0
    K_BASE = 1
    K_DICT = 2
    K_KEYS = 3
    K_SLOTS = 4
    K_SERIAL = 5
    K_FLAGS = 6
    K_KIND = 7
    K_TID = 8
# function: [defaults TUPLE, kwdefaults DICT, closure TUPLE, owner CLASS, code raw]
    FN_DEFAULTS = 0
    FN_KWDEFAULTS = 1
    FN_CLOSURE = 2
    FN_OWNER = 3
    FN_CODE = 4
# iterators: [a, b, c raw, d raw]
    IT_A = 0
    IT_B = 1
    IT_C = 2
    IT_D = 3
# generator: [function, state FRAMESTATE, pc raw, status raw]
    G_FUNC = 0
    G_STATE = 1
    G_PC = 2
    G_STATUS = 3

cdef enum:   # class flags
    CF_EXCEPTION = 1
    CF_SLOTS = 2
    CF_BUILTIN = 4      # a builtin type: K_KIND says which

cdef enum:   # generator status
    GEN_CREATED = 0
    GEN_SUSPENDED = 1
    GEN_RUNNING = 2
    GEN_DONE = 3

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

def _register_types(Nursery n):
    """Register the VM's heap types; returns nothing, sets the T_* globals."""
    global T_FLOAT, T_BIGINT, T_STR, T_TUPLE, T_LIST, T_ARRAY, T_INDEX, T_DICT, T_SET
    global T_INSTANCE, T_CLASS, T_FUNCTION, T_CELL, T_BOUND, T_MODULE, T_RANGE, T_SLICE
    global T_LISTITER, T_TUPLEITER, T_STRITER, T_RANGEITER, T_DICTITER, T_SETITER
    global T_ENUMERATE, T_ZIP, T_MAP, T_FILTER, T_REVERSED, T_GENERATOR, T_DICTVIEW
    global T_SUPER, T_PROPERTY, T_STATICMETHOD, T_CLASSMETHOD, T_FRAMESTATE, T_TRACEBACK

    def fixed(name, nwords, refs):
        return n.register_type(name, fixed_size=8 * nwords, ref_offsets=[8 * i for i in refs])

    def var(name, fixed_words, refs, item_size, items_are_refs):
        return n.register_type(name, fixed_size=8 * fixed_words,
                               ref_offsets=[8 * i for i in refs],
                               item_size=item_size, items_are_refs=items_are_refs)

    T_FLOAT = fixed("float", 1, [])
    T_BIGINT = var("int", 0, [], 1, False)
    T_STR = var("str", 1, [], 4, False)
    T_TUPLE = var("tuple", 0, [], 8, True)
    T_LIST = fixed("list", 2, [L_ITEMS])
    T_ARRAY = var("list items", 0, [], 8, True)
    T_INDEX = var("dict index", 0, [], 8, False)
    T_DICT = fixed("dict", 4, [D_INDICES, D_ENTRIES])
    T_SET = fixed("set", 5, [S_TABLE])
    T_CLASS = fixed("type", 9, [K_NAME, K_BASE, K_DICT, K_KEYS, K_SLOTS])
    T_FUNCTION = fixed("function", 5, [FN_DEFAULTS, FN_KWDEFAULTS, FN_CLOSURE, FN_OWNER])
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
    T_DICTITER = it("dict_iterator")
    T_SETITER = it("set_iterator")
    T_ENUMERATE = it("enumerate")
    T_ZIP = it("zip")
    T_MAP = it("map")
    T_FILTER = it("filter")
    T_REVERSED = it("reversed")
    T_DICTVIEW = it("dict_view")
    T_GENERATOR = fixed("generator", 4, [G_FUNC, G_STATE])
    T_FRAMESTATE = var("frame", 0, [], 8, True)
    T_SUPER = fixed("super", 2, [0, 1])
    T_PROPERTY = fixed("property", 3, [0, 1, 2])
    T_STATICMETHOD = fixed("staticmethod", 1, [0])
    T_CLASSMETHOD = fixed("classmethod", 1, [0])
    T_TRACEBACK = var("traceback", 0, [], 8, False)
    # Last: instances of `object`; every class registers its own id above it.
    T_INSTANCE = var("object", 0, [], 8, True)

cdef Nursery NURSERY = None
cdef Profiler PROFILER = None

cdef int64_t register_class_type(str name) except -1:
    # A type id for the instances of a new class (classes of one name share
    # it), or T_INSTANCE if the name is a builtin type's or the registry is full.
    try:
        tid = NURSERY.register_type(name, fixed_size=0, item_size=8, items_are_refs=True)
    except (ValueError, OverflowError):
        return T_INSTANCE
    if tid <= T_INSTANCE:
        return T_INSTANCE
    if PROFILER is not None:
        PROFILER.name_types()           # named now: a killed run's profile has it too
    return tid

# ---------------------------------------------------------------- code, frames

cdef struct CodeObj:
    int32_t* code           # op, arg per instruction
    int ninstr
    int32_t* lines          # line per instruction
    gcref_t* consts         # roots (traced by trace_roots)
    int nconsts
    gcref_t* names          # interned strings (roots)
    int nnames
    int32_t* exc            # start, end, handler, depth per row
    int nexc
    int argcount
    int kwonly
    int flags
    int nlocals
    int nfree
    int maxstack
    int ndefaults
    int index
    int firstlineno
    int64_t vmprof_id

cdef enum:
    CO_VARARGS = 1
    CO_VARKEYWORDS = 2
    CO_GENERATOR = 4
    CO_CLASSBODY = 8
    CO_MODULE = 16

cdef struct Frame:
    CodeObj* co
    int pc                  # index of the instruction being executed
    int flags
    gcref_t* base           # local slot 0; base[-1] holds the callee
    gcref_t* sp             # saved when this frame calls out
    gcref_t* ret            # the caller's slot that receives the result

cdef enum:
    F_ENTRY = 1             # returning from it returns from the C-level eval_loop
    F_INIT = 2              # an __init__ frame: the result slot already holds the instance
    F_GEN = 4               # a generator frame: base[-1] is the generator

cdef enum:
    ST_RETURN = 0
    ST_YIELD = 1

class VMError(Exception):
    """A VM-level exception crossing C helpers; the VM object is in R_EXC."""

cdef enum:  # fixed root slots
    R_EXC = 0               # the exception being raised
    R_HANDLED = 1           # the exception being handled (sys.exc_info())
    R_GLOBALS = 2
    R_BUILTINS = 3
    R_TMP = 4               # scratch for helpers that must not push
    R_TMP2 = 5
    R_EMPTY_TUPLE = 6
    R_EMPTY_STR = 7
    N_FIXED_ROOTS = 8

# Everything the nursery's hooks need (they run without the GIL) lives in this
# C struct; the trace_roots hook and the stack walker get a pointer to it.
cdef struct VMState:
    GCHeap* h
    gcref_t* roots              # R_* slots, then interned names, classes, modules
    int nroots
    int caproots
    CodeObj** codes
    int ncodes
    Frame* frames
    int depth                   # index of the innermost frame; -1 when idle
    volatile int tick           # time-sampling timer expiries not yet sampled (_glue's counter)
    bint reraising              # the exception being raised keeps its traceback
    int countdown               # backward jumps until the next signal check
    ProfGlue* prof              # NULL: not profiling

# ---------------------------------------------------------------- profiling
# The stack walker of vmsample.profile._glue, which calls it from the
# nursery's sample hook and at time samples.  It never allocates in the heap:
# it reads the Frame array and each frame's current pc.

cdef uint32_t walk_stack(void* ctx, ProfFrame* out, uint32_t max_frames) noexcept nogil:
    # The VM stack, leaf first: (code id, current line) per frame.
    cdef VMState* s = <VMState*>ctx
    cdef int i
    cdef uint32_t n = 0
    cdef Frame* f
    for i in range(s.depth, -1, -1):
        if n == max_frames:
            break
        f = &s.frames[i]
        out[n].code_id = f.co.vmprof_id
        out[n].line = f.co.lines[f.pc] if 0 <= f.pc < f.co.ninstr else f.co.firstlineno
        n += 1
    return n

cdef void _trace_roots(void* ctx, GCHeap* h) noexcept nogil:
    cdef VMState* s = <VMState*>ctx
    cdef int i, j
    cdef CodeObj* co
    for i in range(s.nroots):
        if is_obj(s.roots[i]):
            gc_visit_root(h, &s.roots[i])
    for i in range(s.ncodes):
        co = s.codes[i]
        for j in range(co.nconsts):
            if is_obj(co.consts[j]):
                gc_visit_root(h, &co.consts[j])
        for j in range(co.nnames):
            if is_obj(co.names[j]):
                gc_visit_root(h, &co.names[j])

# ---------------------------------------------------------------- the running VM
# One VM runs at a time per process; its state is in these C globals so that
# helpers need no context argument.

cdef VMState S
cdef GCHeap* H = NULL
cdef dict INTERNED = {}          # Python str -> root index of the interned VM str
cdef list CODE_SPECS = []        # code index -> compiler.Code
cdef dict CLASS_BY_KIND = {}     # KIND_* -> root index of the builtin class
cdef dict EXC_CLASSES = {}       # name -> root index of the builtin exception class
cdef int64_t class_serial = 0

cdef int raise_gc_error() except -1:
    gc_raise_error(H)
    return -1

cdef inline gcref_t alloc_fixed(uint16_t tid) except 0:
    cdef GCHeader* o = gc_alloc_fixed(H, tid)
    if o == NULL:
        raise_gc_error()
    return <gcref_t>o

cdef inline gcref_t alloc_var(uint16_t tid, size_t n) except 0:
    cdef GCHeader* o = gc_alloc_varsize(H, tid, n)
    if o == NULL:
        raise_gc_error()
    return <gcref_t>o

cdef inline int push(gcref_t v) except -1:
    if not gc_push_root(H, v):
        H.error = 0
        raise RecursionError("maximum recursion depth exceeded")
    return 0

cdef inline gcref_t pop() noexcept nogil:
    H.shadowstack_top -= 1
    return H.shadowstack_top[0]

cdef inline gcref_t* top_slot() noexcept nogil:
    return H.shadowstack_top - 1

cdef inline void store(gcref_t obj, int i, gcref_t v) noexcept nogil:
    # Every store of a value into a heap object goes through here (barrier).
    gc_write_barrier(H, <GCHeader*>obj)
    FLD(obj)[i] = v

cdef int add_root(gcref_t v) except -1:
    cdef int cap
    if S.nroots == S.caproots:
        cap = S.caproots * 2 if S.caproots else 256
        S.roots = <gcref_t*>realloc(S.roots, cap * sizeof(gcref_t))
        if S.roots == NULL:
            raise MemoryError()
        S.caproots = cap
    S.roots[S.nroots] = v
    S.nroots += 1
    return S.nroots - 1

# ---------------------------------------------------------------- str

cdef inline uint32_t* SDATA(gcref_t s) noexcept nogil:
    return <uint32_t*>(s + 16)

cdef gcref_t str_new(Py_ssize_t n) except 0:
    if n == 0 and S.roots[R_EMPTY_STR] != 0:
        return S.roots[R_EMPTY_STR]
    return alloc_var(T_STR, n)

cdef gcref_t str_from_py(str u) except 0:
    cdef Py_ssize_t n = PyUnicode_GET_LENGTH(u), i
    cdef int kind = PyUnicode_KIND(u)
    cdef void* data = PyUnicode_DATA(u)
    cdef gcref_t s = str_new(n)
    cdef uint32_t* d = SDATA(s)
    if kind == 1:
        for i in range(n):
            d[i] = (<uint8_t*>data)[i]
    elif kind == 2:
        for i in range(n):
            d[i] = (<uint16_t*>data)[i]
    else:
        memcpy(d, data, n * 4)
    return s

cdef str str_to_py(gcref_t s):
    return PyUnicode_FromKindAndData(4, SDATA(s), LEN(s))

cdef gcref_t intern(str u) except 0:
    cdef object idx = INTERNED.get(u)
    if idx is None:
        idx = add_root(str_from_py(u))
        INTERNED[u] = idx
    return S.roots[<int>idx]

cdef inline bint str_eq(gcref_t a, gcref_t b) noexcept nogil:
    if a == b:
        return True
    if LEN(a) != LEN(b):
        return False
    return memcmp(SDATA(a), SDATA(b), LEN(a) * 4) == 0

cdef int str_cmp(gcref_t a, gcref_t b) noexcept nogil:
    cdef uint32_t n = LEN(a) if LEN(a) < LEN(b) else LEN(b), i
    cdef uint32_t* x = SDATA(a)
    cdef uint32_t* y = SDATA(b)
    for i in range(n):
        if x[i] != y[i]:
            return -1 if x[i] < y[i] else 1
    if LEN(a) == LEN(b):
        return 0
    return -1 if LEN(a) < LEN(b) else 1

cdef Py_ssize_t str_find(gcref_t hay, gcref_t needle, Py_ssize_t start, Py_ssize_t end) noexcept nogil:
    # Index of the first [needle] in hay[start:end], or -1 (a plain scan:
    # the strings programs test are short).
    cdef Py_ssize_t m = LEN(needle), i
    cdef uint32_t* h = SDATA(hay)
    cdef uint32_t* nd = SDATA(needle)
    cdef uint32_t first
    if m == 0:
        return start if start <= end else -1
    first = nd[0]
    for i in range(start, end - m + 1):
        if h[i] == first and (m == 1 or memcmp(h + i + 1, nd + 1, (m - 1) * 4) == 0):
            return i
    return -1

cdef int64_t str_hash(gcref_t s) noexcept nogil:
    # FNV-1a over the code points, folded to 61 bits; 0 means "not computed".
    # (CPython's own string hash is randomised per process, so no program can
    # depend on its values.)
    cdef int64_t hv = RAW(s)[0]
    cdef uint64_t x
    cdef uint32_t i
    if hv != 0:
        return hv
    x = 14695981039346656037ULL
    for i in range(LEN(s)):
        x = (x ^ SDATA(s)[i]) * 1099511628211ULL
    hv = <int64_t>(x & ((<uint64_t>1 << 61) - 1))
    if hv == 0:
        hv = 1
    RAW(s)[0] = hv
    return hv

cdef gcref_t str_concat(gcref_t* a, gcref_t* b) except 0:
    # a, b: rooted slots
    cdef uint32_t na = LEN(a[0]), nb = LEN(b[0])
    cdef gcref_t r
    if na == 0:
        return b[0]
    if nb == 0:
        return a[0]
    r = str_new(<Py_ssize_t>na + nb)
    memcpy(SDATA(r), SDATA(a[0]), na * 4)
    memcpy(SDATA(r) + na, SDATA(b[0]), nb * 4)
    return r

cdef gcref_t str_char(uint32_t c) except 0:
    cdef gcref_t r
    if c < 256:
        return S.roots[CHAR_ROOTS + c]
    r = str_new(1)
    SDATA(r)[0] = c
    return r

cdef int CHAR_ROOTS = 0          # root index of the 256 one-character strings

# ---------------------------------------------------------------- numbers

cdef inline double FVAL(gcref_t f) noexcept nogil:
    return (<double*>(f + 8))[0]

cdef inline bint as_double(gcref_t v, double* out) noexcept nogil:
    # A float, or a small int that a double holds exactly (|i| < 2**53):
    # then mixed arithmetic and comparisons in C agree with CPython's.
    cdef int64_t i
    if is_int(v):
        i = untag(v)
        if -(<int64_t>1 << 53) < i < (<int64_t>1 << 53):
            out[0] = <double>i
            return True
        return False
    if is_obj(v) and (<GCHeader*>v).tid == T_FLOAT:
        out[0] = FVAL(v)
        return True
    return False

cdef gcref_t float_new(double d) except 0:
    cdef gcref_t f = alloc_fixed(T_FLOAT)
    (<double*>(f + 8))[0] = d
    return f

cdef gcref_t int_from_py(object i) except 0:
    cdef gcref_t b
    cdef Py_ssize_t n
    if SMALL_MIN <= i <= SMALL_MAX:
        return tag(<int64_t>i)
    n = (i.bit_length() + 8) // 8
    data = i.to_bytes(n, "little", signed=True)
    b = alloc_var(T_BIGINT, n)
    memcpy(<char*>(b + 8), <char*>data, n)
    return b

cdef object big_to_py(gcref_t b):
    return int.from_bytes((<char*>(b + 8))[:LEN(b)], "little", signed=True)

cdef inline bint is_intlike(gcref_t v) noexcept nogil:
    # int, big int or bool
    return is_int(v) or v == V_TRUE or v == V_FALSE or has_tid(v, T_BIGINT)

cdef object int_to_py(gcref_t v):
    if is_int(v):
        return untag(v)
    if v == V_TRUE:
        return 1
    if v == V_FALSE:
        return 0
    return big_to_py(v)

cdef inline bint is_number(gcref_t v) noexcept nogil:
    return is_intlike(v) or has_tid(v, T_FLOAT)

cdef object num_to_py(gcref_t v):
    if has_tid(v, T_FLOAT):
        return FVAL(v)
    return int_to_py(v)

cdef gcref_t num_from_py(object x) except 0:
    if type(x) is float:
        return float_new(x)
    if type(x) is bool:
        return vbool(x)
    return int_from_py(x)

cdef int64_t MODULUS = (<int64_t>1 << 61) - 1

cdef int64_t int_hash(int64_t v) noexcept nogil:
    # CPython's hash for ints in [-2**62, 2**62): v mod (2**61 - 1), sign kept.
    cdef int64_t a = v if v >= 0 else -v
    cdef int64_t r = a % MODULUS
    if v < 0:
        r = -r
    if r == -1:
        r = -2
    return r

# ---------------------------------------------------------------- tuple, list

cdef gcref_t tuple_new(Py_ssize_t n) except 0:
    if n == 0:
        return S.roots[R_EMPTY_TUPLE]
    return alloc_var(T_TUPLE, n)

cdef gcref_t tuple_from_slots(gcref_t* items, Py_ssize_t n) except 0:
    # [items] are rooted slots (e.g. the value stack)
    cdef gcref_t t = tuple_new(n)
    if n:
        memcpy(FLD(t), items, n * sizeof(gcref_t))
    return t

cdef inline gcref_t* ITEMS(gcref_t o) noexcept nogil:
    # the items of a tuple, or of a list (through its ARRAY)
    if TID(o) == T_TUPLE:
        return FLD(o)
    return FLD(FLD(o)[L_ITEMS])

cdef inline Py_ssize_t SEQLEN(gcref_t o) noexcept nogil:
    if TID(o) == T_TUPLE:
        return LEN(o)
    return RAW(o)[L_LEN]

cdef gcref_t list_new(Py_ssize_t n) except 0:
    # a list of n empty (0) items: the caller fills them before anything allocates
    cdef gcref_t arr = alloc_var(T_ARRAY, n if n > 4 else 4)
    push(arr)
    cdef gcref_t l = alloc_fixed(T_LIST)
    FLD(l)[L_ITEMS] = pop()
    RAW(l)[L_LEN] = n
    return l

cdef gcref_t list_from_slots(gcref_t* items, Py_ssize_t n) except 0:
    cdef gcref_t l = list_new(n)
    if n:
        memcpy(ITEMS(l), items, n * sizeof(gcref_t))
    return l

cdef gcref_t seq_copy(gcref_t* src, uint16_t tid, Py_ssize_t start, Py_ssize_t n) except 0:
    # A new list (tid T_LIST) or tuple of items [start, start+n) of the list or
    # tuple in slot [src].  (The *_from_slots functions must only be given
    # stack slots: a pointer into a heap object goes stale when it moves.)
    cdef gcref_t r = list_new(n) if tid == T_LIST else tuple_new(n)
    if n:
        memcpy(ITEMS(r), ITEMS(src[0]) + start, n * sizeof(gcref_t))
    return r

cdef int list_resize(gcref_t* lslot, Py_ssize_t newlen) except -1:
    # Make room for newlen items (CPython's over-allocation curve); the new
    # items are 0 until the caller stores them.
    cdef gcref_t l = lslot[0]
    cdef gcref_t arr = FLD(l)[L_ITEMS]
    cdef Py_ssize_t cap = LEN(arr), newcap
    if newlen <= cap:
        if newlen < RAW(l)[L_LEN]:
            memset(FLD(arr) + newlen, 0, (RAW(l)[L_LEN] - newlen) * sizeof(gcref_t))
        RAW(l)[L_LEN] = newlen
        return 0
    newcap = newlen + (newlen >> 3) + 6
    arr = alloc_var(T_ARRAY, newcap)
    l = lslot[0]
    memcpy(FLD(arr), FLD(FLD(l)[L_ITEMS]), RAW(l)[L_LEN] * sizeof(gcref_t))
    store(l, L_ITEMS, arr)
    RAW(l)[L_LEN] = newlen
    return 0

cdef int list_append(gcref_t* lslot, gcref_t* vslot) except -1:
    cdef gcref_t l = lslot[0]
    cdef Py_ssize_t n = RAW(l)[L_LEN]
    cdef gcref_t arr = FLD(l)[L_ITEMS]
    if n < <Py_ssize_t>LEN(arr):
        RAW(l)[L_LEN] = n + 1
        store(arr, n, vslot[0])
        return 0
    list_resize(lslot, n + 1)
    store(FLD(lslot[0])[L_ITEMS], n, vslot[0])
    return 0

cdef int list_append_v(gcref_t* lslot, gcref_t v) except -1:
    push(v)
    list_append(lslot, top_slot())
    pop()
    return 0

cdef inline void list_set(gcref_t l, Py_ssize_t i, gcref_t v) noexcept nogil:
    store(FLD(l)[L_ITEMS], i, v)

# ---------------------------------------------------------------- dict
# Compact dict, as CPython's: [indices] maps hash slots to entry numbers;
# [entries] keeps (hash, key, value) triples in insertion order; a deleted
# entry has key 0.  Only insertion order is observable, so the probing is free
# to differ from CPython's.

cdef enum:
    IX_EMPTY = -1
    IX_DUMMY = -2

cdef inline int64_t* IDX(gcref_t d) noexcept nogil:
    return <int64_t*>(FLD(d)[D_INDICES] + 8)

cdef inline gcref_t* ENT(gcref_t d) noexcept nogil:
    return FLD(FLD(d)[D_ENTRIES])

cdef gcref_t dict_new_sized(Py_ssize_t n) except 0:
    cdef Py_ssize_t size = 8, i
    while size * 2 < n * 3:
        size *= 2
    cdef gcref_t idx = alloc_var(T_INDEX, size)
    for i in range(size):
        (<int64_t*>(idx + 8))[i] = IX_EMPTY
    push(idx)
    cdef gcref_t ent = alloc_var(T_ARRAY, 3 * ((size * 2) // 3))
    push(ent)
    cdef gcref_t d = alloc_fixed(T_DICT)
    FLD(d)[D_ENTRIES] = pop()
    FLD(d)[D_INDICES] = pop()
    return d

cdef gcref_t dict_new() except 0:
    return dict_new_sized(0)

cdef inline Py_ssize_t DCAP(gcref_t d) noexcept nogil:
    return LEN(FLD(d)[D_ENTRIES]) // 3

cdef inline Py_ssize_t DMASK(gcref_t d) noexcept nogil:
    return LEN(FLD(d)[D_INDICES]) - 1

cdef Py_ssize_t dict_find(gcref_t* dslot, gcref_t* kslot, int64_t hv) except -2:
    # The entry number of key [kslot] in dict [dslot], or -1.  Comparing keys
    # may run VM code (__eq__), which may move or mutate the dict: restart then.
    cdef gcref_t d, k
    cdef int64_t* idx
    cdef gcref_t* ent
    cdef Py_ssize_t mask, i, ix
    cdef uint64_t perturb
    cdef int r
    while True:
        d = dslot[0]
        k = kslot[0]
        idx = IDX(d)
        mask = DMASK(d)
        perturb = <uint64_t>hv
        i = hv & mask
        while True:
            ix = idx[i]
            if ix == IX_EMPTY:
                return -1
            if ix >= 0:
                ent = ENT(d) + 3 * ix
                if ent[1] == k:
                    return ix
                if untag(ent[0]) == hv and ent[1] != 0:
                    r = keys_equal_fast(ent[1], k)
                    if r == 1:
                        return ix
                    if r == 2:
                        # VM-level __eq__: compare with everything rooted.
                        push(ent[1])
                        r = vm_eq_bool(top_slot(), kslot)
                        pop()
                        if dslot[0] != d or IDX(dslot[0]) != idx:
                            break  # moved or resized: start over
                        if r:
                            return ix
            perturb >>= 5
            i = (i * 5 + perturb + 1) & mask

cdef int dict_insert_index(gcref_t d, int64_t hv, Py_ssize_t ix) noexcept nogil:
    cdef int64_t* idx = IDX(d)
    cdef Py_ssize_t mask = DMASK(d)
    cdef uint64_t perturb = <uint64_t>hv
    cdef Py_ssize_t i = hv & mask
    while idx[i] >= 0:
        perturb >>= 5
        i = (i * 5 + perturb + 1) & mask
    idx[i] = ix
    return 0

cdef int dict_resize(gcref_t* dslot, Py_ssize_t minused) except -1:
    cdef gcref_t nd = dict_new_sized(minused)
    cdef gcref_t d = dslot[0]
    cdef gcref_t* src = ENT(d)
    cdef gcref_t* dst = ENT(nd)
    cdef Py_ssize_t i, j = 0
    for i in range(RAW(d)[D_NENTRIES]):
        if src[3 * i + 1] != 0:
            dst[3 * j] = src[3 * i]
            dst[3 * j + 1] = src[3 * i + 1]
            dst[3 * j + 2] = src[3 * i + 2]
            dict_insert_index(nd, untag(src[3 * i]), j)
            j += 1
    # Adopt the new tables (the dict object keeps its identity).
    gc_write_barrier(H, <GCHeader*>d)
    FLD(d)[D_INDICES] = FLD(nd)[D_INDICES]
    FLD(d)[D_ENTRIES] = FLD(nd)[D_ENTRIES]
    RAW(d)[D_NENTRIES] = j
    return 0

cdef int dict_set(gcref_t* dslot, gcref_t* kslot, gcref_t* vslot) except -1:
    cdef int64_t hv = vm_hash(kslot)
    return dict_set_h(dslot, kslot, vslot, hv)

cdef int dict_set_h(gcref_t* dslot, gcref_t* kslot, gcref_t* vslot, int64_t hv) except -1:
    cdef Py_ssize_t ix = dict_find(dslot, kslot, hv)
    cdef gcref_t d
    cdef gcref_t ents
    if ix >= 0:
        d = dslot[0]
        store(FLD(d)[D_ENTRIES], 3 * ix + 2, vslot[0])
        return 0
    d = dslot[0]
    if RAW(d)[D_NENTRIES] >= DCAP(d):
        dict_resize(dslot, RAW(d)[D_USED] * 3 if RAW(d)[D_USED] > 5 else 8)
        d = dslot[0]
    ix = RAW(d)[D_NENTRIES]
    ents = FLD(d)[D_ENTRIES]
    gc_write_barrier(H, <GCHeader*>ents)
    FLD(ents)[3 * ix] = tag(hv)
    FLD(ents)[3 * ix + 1] = kslot[0]
    FLD(ents)[3 * ix + 2] = vslot[0]
    RAW(d)[D_NENTRIES] = ix + 1
    RAW(d)[D_USED] += 1
    dict_insert_index(d, hv, ix)
    return 0

cdef gcref_t dict_get(gcref_t* dslot, gcref_t* kslot) except? 0:
    # the value, or 0 (no exception) when absent
    cdef int64_t hv = vm_hash(kslot)
    cdef Py_ssize_t ix = dict_find(dslot, kslot, hv)
    if ix < 0:
        return 0
    return ENT(dslot[0])[3 * ix + 2]

cdef gcref_t dict_get_str(gcref_t d, gcref_t key) noexcept nogil:
    # Lookup by a str key without allocating or running VM code; 0 if absent.
    cdef int64_t hv = str_hash(key)
    cdef int64_t* idx = IDX(d)
    cdef Py_ssize_t mask = DMASK(d)
    cdef uint64_t perturb = <uint64_t>hv
    cdef Py_ssize_t i = hv & mask, ix
    cdef gcref_t* ent
    while True:
        ix = idx[i]
        if ix == IX_EMPTY:
            return 0
        if ix >= 0:
            ent = ENT(d) + 3 * ix
            if ent[1] == key or (untag(ent[0]) == hv and has_tid(ent[1], T_STR) and str_eq(ent[1], key)):
                return ent[2]
        perturb >>= 5
        i = (i * 5 + perturb + 1) & mask

cdef int dict_del(gcref_t* dslot, gcref_t* kslot) except -1:
    # 1 if deleted, 0 if absent
    cdef int64_t hv = vm_hash(kslot)
    cdef Py_ssize_t ix = dict_find(dslot, kslot, hv)
    cdef gcref_t d = dslot[0]
    cdef int64_t* idx
    cdef Py_ssize_t mask, i
    cdef uint64_t perturb
    if ix < 0:
        return 0
    idx = IDX(d)
    mask = DMASK(d)
    perturb = <uint64_t>hv
    i = hv & mask
    while idx[i] != ix:
        perturb >>= 5
        i = (i * 5 + perturb + 1) & mask
    idx[i] = IX_DUMMY
    ENT(d)[3 * ix + 1] = 0
    ENT(d)[3 * ix + 2] = 0
    RAW(d)[D_USED] -= 1
    return 1

cdef gcref_t dict_copy(gcref_t* dslot) except 0:
    cdef gcref_t d
    cdef Py_ssize_t i
    push(dict_new_sized(RAW(dslot[0])[D_USED]))
    cdef gcref_t* nslot = top_slot()
    for i in range(RAW(dslot[0])[D_NENTRIES]):
        d = dslot[0]
        if ENT(d)[3 * i + 1] != 0:
            push(ENT(d)[3 * i + 1])
            push(ENT(d)[3 * i + 2])
            dict_set_h(nslot, top_slot() - 1, top_slot(), untag(ENT(dslot[0])[3 * i]))
            pop()
            pop()
    return pop()

# ---------------------------------------------------------------- set
# CPython's setobject.c algorithms, so that iterating a set of ints visits them
# in CPython's order: the same probing (LINEAR_PROBES linear steps, then
# perturbation), the same resize points (fill*5 >= mask*3 -> used*4, or used*2
# past 50000), the same reuse of the last tombstone seen, and the same shapes
# for copy/merge/union/intersection/difference (which decide table layouts).
# A table entry is (tagged hash, key); key 0 is empty, V_DUMMY a tombstone
# whose hash is -1.

cdef enum:
    LINEAR_PROBES = 9
    PERTURB_SHIFT = 5
    SET_MINSIZE = 8

cdef gcref_t set_new() except 0:
    cdef gcref_t table = alloc_var(T_ARRAY, 2 * SET_MINSIZE)
    push(table)
    cdef gcref_t s = alloc_fixed(T_SET)
    FLD(s)[S_TABLE] = pop()
    RAW(s)[S_MASK] = SET_MINSIZE - 1
    return s

cdef inline gcref_t* STAB(gcref_t s) noexcept nogil:
    return FLD(FLD(s)[S_TABLE])

cdef inline bint set_active(gcref_t key) noexcept nogil:
    return key != 0 and key != V_DUMMY

cdef void set_insert_clean(gcref_t* table, Py_ssize_t mask, gcref_t key, int64_t hv) noexcept nogil:
    cdef uint64_t perturb = <uint64_t>hv
    cdef Py_ssize_t i = hv & mask, j
    cdef gcref_t* entry
    while True:
        entry = table + 2 * i
        if entry[1] == 0:
            entry[0] = tag(hv)
            entry[1] = key
            return
        if i + LINEAR_PROBES <= mask:
            for j in range(LINEAR_PROBES):
                entry += 2
                if entry[1] == 0:
                    entry[0] = tag(hv)
                    entry[1] = key
                    return
        perturb >>= PERTURB_SHIFT
        i = <Py_ssize_t>((i * 5 + 1 + perturb) & mask)

cdef int set_table_resize(gcref_t* sslot, Py_ssize_t minused) except -1:
    cdef Py_ssize_t newsize = SET_MINSIZE, i, oldmask
    cdef gcref_t s
    cdef gcref_t* old
    while newsize <= minused:
        newsize <<= 1
    s = sslot[0]
    if newsize == SET_MINSIZE and RAW(s)[S_MASK] == SET_MINSIZE - 1 and RAW(s)[S_FILL] == RAW(s)[S_USED]:
        return 0            # the small table stays, no tombstones to purge
    cdef gcref_t table = alloc_var(T_ARRAY, 2 * newsize)
    s = sslot[0]
    old = STAB(s)
    oldmask = RAW(s)[S_MASK]
    for i in range(oldmask + 1):
        if set_active(old[2 * i + 1]):
            set_insert_clean(FLD(table), newsize - 1, old[2 * i + 1], untag(old[2 * i]))
    store(s, S_TABLE, table)
    RAW(s)[S_MASK] = newsize - 1
    RAW(s)[S_FILL] = RAW(s)[S_USED]
    return 0

cdef int set_add(gcref_t* sslot, gcref_t* kslot) except -1:
    return set_add_h(sslot, kslot, vm_hash(kslot))

cdef int set_add_h(gcref_t* sslot, gcref_t* kslot, int64_t hv) except -1:
    cdef gcref_t s
    cdef gcref_t* slot
    if set_lookup(sslot, kslot, hv, &slot) != NULL:
        return 0
    s = sslot[0]
    gc_write_barrier(H, <GCHeader*>FLD(s)[S_TABLE])
    RAW(s)[S_USED] += 1
    if slot[1] == V_DUMMY:          # a tombstone reused: the fill stays
        slot[0] = tag(hv)
        slot[1] = kslot[0]
        return 0
    slot[0] = tag(hv)
    slot[1] = kslot[0]
    RAW(s)[S_FILL] += 1
    if RAW(s)[S_FILL] * 5 < RAW(s)[S_MASK] * 3:
        return 0
    return set_table_resize(sslot, RAW(s)[S_USED] * 2 if RAW(s)[S_USED] > 50000
                            else RAW(s)[S_USED] * 4)

cdef gcref_t* set_find(gcref_t* sslot, gcref_t* kslot, int64_t hv) except? NULL:
    # The table entry holding the key, or NULL.
    return set_lookup(sslot, kslot, hv, NULL)

cdef gcref_t* set_lookup(gcref_t* sslot, gcref_t* kslot, int64_t hv, gcref_t** free_out) except? NULL:
    # The table entry holding the key, or NULL; then, with [free_out] (an
    # insertion), the slot to insert into: the last tombstone on the probe
    # chain, else the empty entry that ended it (CPython's choice, so that
    # iteration orders agree).  Comparing keys may run VM code (__eq__), which
    # may mutate the set or move its table: the probe then starts over, so a
    # pointer returned points into the current table -- except the entry an
    # insertion found equal after such a mutation, which only says "present"
    # (as CPython's set_add_entry).
    cdef gcref_t s, tab, startkey
    cdef gcref_t* entry
    cdef gcref_t* freeslot
    cdef Py_ssize_t mask, i, probes
    cdef uint64_t perturb
    cdef int r
    cdef bint restart = True
    while restart:
        restart = False
        s = sslot[0]
        tab = FLD(s)[S_TABLE]
        mask = RAW(s)[S_MASK]
        i = hv & mask
        freeslot = NULL
        perturb = <uint64_t>hv
        while not restart:
            entry = FLD(tab) + 2 * i
            probes = LINEAR_PROBES if i + LINEAR_PROBES <= mask else 0
            while True:
                if entry[1] == 0:
                    if free_out != NULL:
                        free_out[0] = freeslot if freeslot != NULL else entry
                    return NULL
                if entry[1] == V_DUMMY:
                    freeslot = entry
                elif untag(entry[0]) == hv:
                    startkey = entry[1]
                    if startkey == kslot[0]:
                        return entry
                    r = keys_equal_fast(startkey, kslot[0])
                    if r == 1:
                        return entry
                    if r == 2:
                        push(startkey)
                        r = vm_eq_bool(top_slot(), kslot)
                        pop()
                        if r and free_out != NULL:
                            return entry
                        if sslot[0] != s or FLD(s)[S_TABLE] != tab or entry[1] != startkey:
                            restart = True
                            break
                        if r:
                            return entry
                if probes == 0:
                    break
                probes -= 1
                entry += 2
            perturb >>= PERTURB_SHIFT
            i = <Py_ssize_t>((i * 5 + 1 + perturb) & mask)
    return NULL

cdef int set_contains_h(gcref_t* sslot, gcref_t* kslot, int64_t hv) except -1:
    return set_find(sslot, kslot, hv) != NULL

cdef int set_contains(gcref_t* sslot, gcref_t* kslot) except -1:
    return set_find(sslot, kslot, vm_hash(kslot)) != NULL

cdef int set_discard_h(gcref_t* sslot, gcref_t* kslot, int64_t hv) except -1:
    cdef gcref_t* e = set_find(sslot, kslot, hv)
    if e == NULL:
        return 0
    e[0] = tag(-1)
    e[1] = V_DUMMY
    RAW(sslot[0])[S_USED] -= 1
    return 1

cdef int set_discard(gcref_t* sslot, gcref_t* kslot) except -1:
    return set_discard_h(sslot, kslot, vm_hash(kslot))

cdef int set_clear(gcref_t* sslot) except -1:
    cdef gcref_t table = alloc_var(T_ARRAY, 2 * SET_MINSIZE)
    store(sslot[0], S_TABLE, table)
    RAW(sslot[0])[S_FILL] = 0
    RAW(sslot[0])[S_USED] = 0
    RAW(sslot[0])[S_MASK] = SET_MINSIZE - 1
    return 0

# Iterating a set's table from C: the callers below push the key and its hash
# (a tagged int, so it survives collections) before anything that allocates.

cdef int set_merge(gcref_t* sslot, gcref_t* oslot) except -1:
    # set_update_internal(so, other) for another set [oslot]
    cdef gcref_t so, other
    cdef Py_ssize_t i, mask
    cdef gcref_t* e
    if sslot[0] == oslot[0] or RAW(oslot[0])[S_USED] == 0:
        return 0
    so = sslot[0]
    other = oslot[0]
    if (RAW(so)[S_FILL] + RAW(other)[S_USED]) * 5 >= RAW(so)[S_MASK] * 3:
        set_table_resize(sslot, (RAW(so)[S_USED] + RAW(other)[S_USED]) * 2)
    so = sslot[0]
    other = oslot[0]
    mask = RAW(other)[S_MASK]
    if RAW(so)[S_FILL] == 0 and RAW(so)[S_MASK] == mask and RAW(other)[S_FILL] == RAW(other)[S_USED]:
        gc_write_barrier(H, <GCHeader*>FLD(so)[S_TABLE])
        for i in range(2 * (mask + 1)):
            STAB(so)[i] = STAB(other)[i]
        RAW(so)[S_FILL] = RAW(other)[S_FILL]
        RAW(so)[S_USED] = RAW(other)[S_USED]
        return 0
    if RAW(so)[S_FILL] == 0:
        gc_write_barrier(H, <GCHeader*>FLD(so)[S_TABLE])
        RAW(so)[S_FILL] = RAW(other)[S_USED]
        RAW(so)[S_USED] = RAW(other)[S_USED]
        for i in range(mask + 1):
            e = STAB(other) + 2 * i
            if set_active(e[1]):
                set_insert_clean(STAB(so), RAW(so)[S_MASK], e[1], untag(e[0]))
        return 0
    i = 0
    while i <= RAW(oslot[0])[S_MASK]:
        e = STAB(oslot[0]) + 2 * i
        if set_active(e[1]):
            push(e[1])
            set_add_h(sslot, top_slot(), untag(e[0]))
            pop()
        i += 1
    return 0

cdef int set_update(gcref_t* sslot, gcref_t* oslot) except -1:
    # set_update_internal: a set merges, a dict adds its keys with their hashes
    # after one presize, anything else is iterated.
    cdef gcref_t v
    cdef Py_ssize_t i, n
    if has_tid(oslot[0], T_SET):
        return set_merge(sslot, oslot)
    if has_tid(oslot[0], T_DICT):
        n = RAW(oslot[0])[D_USED]
        if (RAW(sslot[0])[S_FILL] + n) * 5 >= RAW(sslot[0])[S_MASK] * 3:
            set_table_resize(sslot, (RAW(sslot[0])[S_USED] + n) * 2)
        i = 0
        while i < RAW(oslot[0])[D_NENTRIES]:
            if ENT(oslot[0])[3 * i + 1] != 0:
                push(ENT(oslot[0])[3 * i + 1])
                set_add_h(sslot, top_slot(), untag(ENT(oslot[0])[3 * i]))
                pop()
            i += 1
        return 0
    return for_each(oslot, set_add, sslot)

cdef gcref_t set_from_iterable(gcref_t* slot) except 0:
    # make_new_set(set, iterable); also set.copy()
    push(set_new())
    set_update(top_slot(), slot)
    return pop()

cdef gcref_t set_intersection(gcref_t* sslot, gcref_t* oslot) except 0:
    cdef gcref_t* so = sslot
    cdef gcref_t* other = oslot
    cdef gcref_t* tmp
    cdef gcref_t* e
    cdef gcref_t v
    cdef Py_ssize_t i
    cdef int64_t hv
    if sslot[0] == oslot[0]:
        return set_from_iterable(sslot)
    push(set_new())
    cdef gcref_t* result = top_slot()
    if has_tid(oslot[0], T_SET):
        if RAW(other[0])[S_USED] > RAW(so[0])[S_USED]:
            tmp = so
            so = other
            other = tmp
        i = 0
        while i <= RAW(other[0])[S_MASK]:
            e = STAB(other[0]) + 2 * i
            if set_active(e[1]):
                hv = untag(e[0])
                push(e[1])
                if set_contains_h(so, top_slot(), hv):
                    set_add_h(result, top_slot(), hv)
                pop()
            i += 1
        return pop()
    push(get_iter(oslot))
    while True:
        v = for_iter(top_slot())
        if v == 0:
            break
        push(v)
        hv = vm_hash(top_slot())
        if set_contains_h(sslot, top_slot(), hv):
            set_add_h(result, top_slot(), hv)
            if RAW(result[0])[S_USED] >= RAW(sslot[0])[S_USED]:
                pop()
                break
        pop()
    pop()
    return pop()

cdef int set_difference_update(gcref_t* sslot, gcref_t* oslot) except -1:
    cdef gcref_t v
    cdef gcref_t* e
    cdef Py_ssize_t i
    if sslot[0] == oslot[0]:
        return set_clear(sslot)
    if has_tid(oslot[0], T_SET):
        if (RAW(oslot[0])[S_USED] >> 3) > RAW(sslot[0])[S_USED]:
            push(set_intersection(sslot, oslot))
        else:
            push(oslot[0])
        i = 0
        while i <= RAW(top_slot()[0])[S_MASK]:
            e = STAB(top_slot()[0]) + 2 * i
            if set_active(e[1]):
                push(e[1])
                set_discard_h(sslot, top_slot(), untag(e[0]))
                pop()
            i += 1
        pop()
    else:
        for_each(oslot, set_discard, sslot)
    if RAW(sslot[0])[S_FILL] - RAW(sslot[0])[S_USED] <= RAW(sslot[0])[S_MASK] // 4:
        return 0
    return set_table_resize(sslot, RAW(sslot[0])[S_USED] * 2 if RAW(sslot[0])[S_USED] > 50000
                            else RAW(sslot[0])[S_USED] * 4)

cdef gcref_t set_difference(gcref_t* sslot, gcref_t* oslot) except 0:
    cdef Py_ssize_t other_size, i
    cdef gcref_t* e
    cdef int64_t hv
    cdef bint found
    if has_tid(oslot[0], T_SET):
        other_size = RAW(oslot[0])[S_USED]
    elif has_tid(oslot[0], T_DICT):
        other_size = RAW(oslot[0])[D_USED]
    else:
        other_size = -1
    if other_size < 0 or (RAW(sslot[0])[S_USED] >> 2) > other_size:
        push(set_from_iterable(sslot))
        set_difference_update(top_slot(), oslot)
        return pop()
    push(set_new())
    i = 0
    while i <= RAW(sslot[0])[S_MASK]:
        e = STAB(sslot[0]) + 2 * i
        if set_active(e[1]):
            hv = untag(e[0])
            push(e[1])
            if has_tid(oslot[0], T_SET):
                found = set_contains_h(oslot, top_slot(), hv)
            else:
                found = dict_find(oslot, top_slot(), hv) >= 0
            if not found:
                set_add_h(top_slot() - 1, top_slot(), hv)
            pop()
        i += 1
    return pop()

cdef int set_symmetric_difference_update(gcref_t* sslot, gcref_t* oslot) except -1:
    cdef gcref_t* e
    cdef Py_ssize_t i
    cdef int64_t hv
    if sslot[0] == oslot[0]:
        return set_clear(sslot)
    if has_tid(oslot[0], T_SET):
        push(oslot[0])
    else:
        push(set_from_iterable(oslot))
    i = 0
    while i <= RAW(top_slot()[0])[S_MASK]:
        e = STAB(top_slot()[0]) + 2 * i
        if set_active(e[1]):
            hv = untag(e[0])
            push(e[1])
            if not set_discard_h(sslot, top_slot(), hv):
                set_add_h(sslot, top_slot(), hv)
            pop()
        i += 1
    pop()
    return 0

cdef gcref_t set_symmetric_difference(gcref_t* sslot, gcref_t* oslot) except 0:
    push(set_from_iterable(oslot))
    set_symmetric_difference_update(top_slot(), sslot)
    return pop()

cdef gcref_t set_union(gcref_t* sslot, gcref_t* oslot) except 0:
    push(set_from_iterable(sslot))
    if oslot[0] != sslot[0]:
        set_update(top_slot(), oslot)
    return pop()

cdef int set_adopt(gcref_t* sslot, gcref_t other) except -1:
    # set_swap_bodies, one way: [sslot] takes the table of [other]
    store(sslot[0], S_TABLE, FLD(other)[S_TABLE])
    RAW(sslot[0])[S_FILL] = RAW(other)[S_FILL]
    RAW(sslot[0])[S_USED] = RAW(other)[S_USED]
    RAW(sslot[0])[S_MASK] = RAW(other)[S_MASK]
    return 0

cdef gcref_t set_binop(gcref_t* ab, int op, bint inplace) except 0:
    # set OP set, for | & - ^ and their in-place forms
    if op == B_OR:
        if inplace:
            set_update(ab, ab + 1)
            return ab[0]
        return set_union(ab, ab + 1)
    if op == B_AND:
        if inplace:
            set_adopt(ab, set_intersection(ab, ab + 1))
            return ab[0]
        return set_intersection(ab, ab + 1)
    if op == B_SUB:
        if inplace:
            set_difference_update(ab, ab + 1)
            return ab[0]
        return set_difference(ab, ab + 1)
    if inplace:
        set_symmetric_difference_update(ab, ab + 1)
        return ab[0]
    return set_symmetric_difference(ab, ab + 1)

cdef bint set_issubset(gcref_t* a, gcref_t* b) except -1:
    # a <= b, both sets
    cdef Py_ssize_t i = 0
    cdef gcref_t* e
    cdef bint r
    if RAW(a[0])[S_USED] > RAW(b[0])[S_USED]:
        return False
    while i <= RAW(a[0])[S_MASK]:
        e = STAB(a[0]) + 2 * i
        if set_active(e[1]):
            push(e[1])
            r = set_contains_h(b, top_slot(), untag(e[0]))
            pop()
            if not r:
                return False
        i += 1
    return True

cdef gcref_t set_compare(gcref_t* ab, int op) except 0:
    cdef Py_ssize_t na = RAW(ab[0])[S_USED], nb = RAW(ab[1])[S_USED]
    if op == C_LE:
        return vbool(set_issubset(ab, ab + 1))
    if op == C_LT:
        return vbool(na < nb and set_issubset(ab, ab + 1))
    if op == C_GE:
        return vbool(set_issubset(ab + 1, ab))
    return vbool(na > nb and set_issubset(ab + 1, ab))

cdef gcref_t set_pop(gcref_t* sslot) except 0:
    cdef gcref_t s = sslot[0], key
    cdef Py_ssize_t mask = RAW(s)[S_MASK]
    cdef Py_ssize_t i = RAW(s)[S_FINGER] & mask
    if RAW(s)[S_USED] == 0:
        raise KeyError("pop from an empty set")
    while not set_active(STAB(s)[2 * i + 1]):
        i += 1
        if i > mask:
            i = 0
    key = STAB(s)[2 * i + 1]
    STAB(s)[2 * i] = tag(-1)
    STAB(s)[2 * i + 1] = V_DUMMY
    RAW(s)[S_USED] -= 1
    RAW(s)[S_FINGER] = i + 1
    return key

cdef gcref_t set_method(int bid, gcref_t* a, Py_ssize_t n) except 0:
    # set.add and friends; a[0] is the set, n counts it.
    cdef Py_ssize_t i
    cdef gcref_t r
    if bid == BI_SET_ADD:
        check_args("set.add", n - 1, 1, 1)
        set_add(a, a + 1)
        return V_NONE
    if bid == BI_SET_REMOVE:
        check_args("set.remove", n - 1, 1, 1)
        if not set_discard(a, a + 1):
            raise_with_value("KeyError", a[1])
        return V_NONE
    if bid == BI_SET_DISCARD:
        check_args("set.discard", n - 1, 1, 1)
        set_discard(a, a + 1)
        return V_NONE
    if bid == BI_SET_POP:
        return set_pop(a)
    if bid == BI_SET_COPY:
        return set_from_iterable(a)
    if bid == BI_SET_CLEAR:
        set_clear(a)
        return V_NONE
    if bid == BI_SET_UPDATE:
        for i in range(1, n):
            set_update(a, a + i)
        return V_NONE
    if bid == BI_SET_UNION:
        push(set_from_iterable(a))
        for i in range(1, n):
            if a[i] != a[0]:
                set_update(top_slot(), a + i)
        return pop()
    if bid == BI_SET_INTERSECTION:
        push(a[0])
        if n == 1:
            top_slot()[0] = set_from_iterable(a)
        for i in range(1, n):
            r = set_intersection(top_slot(), a + i)
            top_slot()[0] = r
        return pop()
    if bid == BI_SET_DIFFERENCE:
        if n == 1:
            return set_from_iterable(a)
        push(set_difference(a, a + 1))
        for i in range(2, n):
            set_difference_update(top_slot(), a + i)
        return pop()
    if bid == BI_SET_SYMDIFF:
        check_args("set.symmetric_difference", n - 1, 1, 1)
        return set_symmetric_difference(a, a + 1)
    if bid == BI_SET_ISSUBSET:
        check_args("set.issubset", n - 1, 1, 1)
        if has_tid(a[1], T_SET):
            return vbool(set_issubset(a, a + 1))
        r = set_intersection(a, a + 1)
        return vbool(RAW(r)[S_USED] == RAW(a[0])[S_USED])
    if bid == BI_SET_ISSUPERSET:
        check_args("set.issuperset", n - 1, 1, 1)
        push(a[1] if has_tid(a[1], T_SET) else set_from_iterable(a + 1))
        r = vbool(set_issubset(top_slot(), a))
        pop()
        return r
    # isdisjoint
    check_args("set.isdisjoint", n - 1, 1, 1)
    push(a[1] if has_tid(a[1], T_SET) else set_from_iterable(a + 1))
    r = set_intersection(a, top_slot())
    pop()
    return vbool(RAW(r)[S_USED] == 0)

# ---------------------------------------------------------------- special names
# Interned once at start-up; MN[i] is the root index of MAGIC_NAMES[i].

MAGIC_NAMES = ["__init__", "__repr__", "__str__", "__eq__", "__ne__", "__lt__", "__le__",
               "__gt__", "__ge__", "__hash__", "__len__", "__iter__", "__next__",
               "__getitem__", "__setitem__", "__delitem__", "__contains__", "__bool__",
               "__call__", "__add__", "__sub__", "__mul__", "__truediv__", "__floordiv__",
               "__mod__", "__pow__", "__lshift__", "__rshift__", "__and__", "__or__",
               "__xor__", "__radd__", "__rsub__", "__rmul__", "__rtruediv__",
               "__rfloordiv__", "__rmod__", "__rpow__", "__rlshift__", "__rrshift__",
               "__rand__", "__ror__", "__rxor__", "__neg__", "__pos__", "__invert__",
               "__iadd__", "__isub__", "__imul__", "__name__", "args", "__class__",
               "__slots__", "__traceback__", "__context__", "__cause__", "__dict__",
               "__qualname__", "__module__", "__format__", "__abs__", "__int__", "__float__",
               "__index__", "__doc__", "__getattr__", "__setattr__", "__del__", "__new__",
               "__enter__", "__exit__", "__reversed__", "__round__", "__divmod__",
               "__suppress_context__"]
cdef enum:
    M_INIT, M_REPR, M_STR, M_EQ, M_NE, M_LT, M_LE, M_GT, M_GE, M_HASH, M_LEN, M_ITER, M_NEXT
    M_GETITEM, M_SETITEM, M_DELITEM, M_CONTAINS, M_BOOL, M_CALL, M_ADD, M_SUB, M_MUL
    M_TRUEDIV, M_FLOORDIV, M_MOD, M_POW, M_LSHIFT, M_RSHIFT, M_AND, M_OR, M_XOR
    M_RADD, M_RSUB, M_RMUL, M_RTRUEDIV, M_RFLOORDIV, M_RMOD, M_RPOW, M_RLSHIFT, M_RRSHIFT
    M_RAND, M_ROR, M_RXOR, M_NEG, M_POS, M_INVERT, M_IADD, M_ISUB, M_IMUL, M_NAME, M_ARGS
    M_CLASS, M_SLOTS, M_TRACEBACK, M_CONTEXT, M_CAUSE, M_DICT, M_QUALNAME, M_MODULE
    M_FORMAT, M_ABS, M_INT, M_FLOAT, M_INDEX, M_DOC, M_GETATTR, M_SETATTR, M_DEL, M_NEW
    M_ENTER, M_EXIT, M_REVERSED, M_ROUND, M_DIVMOD, M_SUPPRESS_CONTEXT, N_MAGIC

cdef int MN[128]

cdef inline gcref_t MAGIC(int m) noexcept nogil:
    return S.roots[MN[m]]

# binary operator -> (forward, reflected, in-place) magic method
cdef int BIN_MAGIC[12]
cdef int BIN_RMAGIC[12]
BIN_SYMBOLS = ["+", "-", "*", "/", "//", "%", "** or pow()", "<<", ">>", "&", "|", "^"]
BIN_INPLACE_SYMBOLS = ["+=", "-=", "*=", "/=", "//=", "%=", "**=", "<<=", ">>=", "&=", "|=", "^="]

cdef void _init_magic_tables() noexcept:
    cdef int i
    for i in range(12):
        BIN_MAGIC[i] = M_ADD + i
        BIN_RMAGIC[i] = M_RADD + i

# ---------------------------------------------------------------- classes

cdef int TID_CLASS[512]          # tid -> root index of its builtin class (0: object)
cdef int KIND_ROOT[32]           # KIND_* -> root index of the builtin class

cdef inline gcref_t kind_class(int kind) noexcept nogil:
    return S.roots[KIND_ROOT[kind]]

cdef gcref_t class_of(gcref_t v) noexcept nogil:
    cdef uint16_t t
    if is_int(v):
        return kind_class(KIND_INT)
    if v == V_TRUE or v == V_FALSE:
        return kind_class(KIND_BOOL)
    if v == V_NONE:
        return kind_class(KIND_NONE)
    if not is_obj(v):
        return S.roots[TID_CLASS[0]]   # builtin functions and methods
    t = TID(v)
    if t == T_INSTANCE:
        return FLD(v)[I_CLASS]
    return S.roots[TID_CLASS[t]]

cdef inline bint is_subclass(gcref_t cls, gcref_t base) noexcept nogil:
    while cls != 0:
        if cls == base:
            return True
        cls = FLD(cls)[K_BASE]
    return False

cdef inline bint isinstance_c(gcref_t v, gcref_t cls) noexcept nogil:
    if cls == kind_class(KIND_INT) and (v == V_TRUE or v == V_FALSE):
        return True
    return is_subclass(class_of(v), cls)

cdef str class_name(gcref_t cls):
    return str_to_py(FLD(cls)[K_NAME])

cdef str type_name(gcref_t v):
    return class_name(class_of(v))

cdef gcref_t class_lookup(gcref_t cls, gcref_t name) noexcept nogil:
    # The attribute [name] (a str) of [cls] or its bases, or 0.  No allocation.
    cdef gcref_t v
    while cls != 0:
        v = dict_get_str(FLD(cls)[K_DICT], name)
        if v != 0:
            return v
        cls = FLD(cls)[K_BASE]
    return 0

cdef inline gcref_t magic_of(gcref_t v, int m) noexcept nogil:
    # A user-defined special method of v's class, or 0.  Builtin types have none.
    if not has_tid(v, T_INSTANCE) and not has_tid(v, T_CLASS):
        return 0
    if has_tid(v, T_CLASS):
        return 0
    return class_lookup(FLD(v)[I_CLASS], MAGIC(m))

cdef gcref_t new_class(gcref_t* name, gcref_t* base, gcref_t* ns, int64_t flags, int64_t kind) except 0:
    global class_serial
    cdef gcref_t keys = list_new(0)
    push(keys)
    cdef gcref_t c = alloc_fixed(T_CLASS)
    FLD(c)[K_KEYS] = pop()
    FLD(c)[K_NAME] = name[0]
    FLD(c)[K_BASE] = base[0]
    FLD(c)[K_DICT] = ns[0]
    class_serial += 1
    RAW(c)[K_SERIAL] = class_serial
    RAW(c)[K_FLAGS] = flags
    RAW(c)[K_KIND] = kind
    RAW(c)[K_TID] = T_INSTANCE if kind != KIND_OBJECT and kind != KIND_BASEEXC or \
        (flags & CF_BUILTIN and not flags & CF_EXCEPTION) else register_class_type(str_to_py(name[0]))
    return c

# ---------------------------------------------------------------- instances

cdef Py_ssize_t keys_index(gcref_t cls, gcref_t name) noexcept nogil:
    cdef gcref_t keys = FLD(cls)[K_KEYS]
    cdef gcref_t* items = ITEMS(keys)
    cdef Py_ssize_t n = RAW(keys)[L_LEN], i
    for i in range(n):
        if items[i] == name:
            return i
    for i in range(n):
        if str_eq(items[i], name):
            return i
    return -1

cdef gcref_t instance_new(gcref_t* cslot) except 0:
    cdef gcref_t cls = cslot[0]
    cdef Py_ssize_t n = RAW(FLD(cls)[K_KEYS])[L_LEN]
    cdef GCHeader* h = gc_alloc_varsize(H, <uint16_t>RAW(cls)[K_TID], I_VALUES + n)
    if h == NULL:
        raise_gc_error()
    cdef gcref_t o = <gcref_t>h
    FLD(o)[I_CLASS] = cslot[0]
    return o

cdef inline gcref_t instance_get(gcref_t o, Py_ssize_t i) noexcept nogil:
    cdef Py_ssize_t cap = LEN(o) - I_VALUES
    cdef gcref_t ov
    if i < cap:
        return FLD(o)[I_VALUES + i]
    ov = FLD(o)[I_OVERFLOW]
    if ov == 0 or i - cap >= <Py_ssize_t>LEN(ov):
        return 0
    return FLD(ov)[i - cap]

cdef int instance_set(gcref_t* oslot, Py_ssize_t i, gcref_t* vslot) except -1:
    cdef gcref_t o = oslot[0]
    cdef Py_ssize_t cap = LEN(o) - I_VALUES, need
    cdef gcref_t ov, nov
    if i < cap:
        store(o, I_VALUES + i, vslot[0])
        return 0
    ov = FLD(o)[I_OVERFLOW]
    need = i - cap + 1
    if ov == 0 or need > <Py_ssize_t>LEN(ov):
        nov = alloc_var(T_ARRAY, need + 4)
        o = oslot[0]
        ov = FLD(o)[I_OVERFLOW]
        if ov != 0:
            memcpy(FLD(nov), FLD(ov), LEN(ov) * sizeof(gcref_t))
        store(o, I_OVERFLOW, nov)
        ov = nov
    store(ov, i - cap, vslot[0])
    return 0

cdef int instance_setattr(gcref_t* oslot, gcref_t* nslot, gcref_t* vslot) except -1:
    cdef gcref_t cls = FLD(oslot[0])[I_CLASS]
    cdef Py_ssize_t i = keys_index(cls, nslot[0])
    cdef gcref_t keys
    if i < 0:
        if RAW(cls)[K_FLAGS] & CF_SLOTS:
            raise_attribute_error(oslot[0], nslot[0])
        push(FLD(cls)[K_KEYS])
        list_append(top_slot(), nslot)
        i = RAW(pop())[L_LEN] - 1
    return instance_set(oslot, i, vslot)

# ---------------------------------------------------------------- exceptions

cdef gcref_t exc_class(str name) except 0:
    return S.roots[<int>EXC_CLASSES[name]]

cdef gcref_t make_exception(gcref_t* cslot, gcref_t* argsslot) except 0:
    # An instance of exception class [cslot] with args [argsslot] (a tuple).
    push(instance_new(cslot))
    cdef gcref_t* o = top_slot()
    push(MAGIC(M_ARGS))
    instance_setattr(o, top_slot(), argsslot)
    pop()
    return pop()

cdef int raise_vm(gcref_t exc) except -1:
    S.roots[R_EXC] = exc
    raise VMError()

cdef int raise_with_value(str name, gcref_t v) except -1:
    # raise a builtin VM exception with one VM value as its argument (KeyError)
    push(exc_class(name))
    push(v)
    push(tuple_from_slots(top_slot(), 1))
    cdef gcref_t e = make_exception(top_slot() - 2, top_slot())
    H.shadowstack_top -= 3
    return raise_vm(e)

cdef int raise_attribute_error(gcref_t obj, gcref_t name) except -1:
    if has_tid(obj, T_CLASS):
        raise AttributeError(f"type object '{class_name(obj)}' has no attribute '{str_to_py(name)}'")
    if has_tid(obj, T_MODULE):
        raise AttributeError(f"module '{str_to_py(FLD(obj)[0])}' has no attribute '{str_to_py(name)}'")
    raise AttributeError(f"'{type_name(obj)}' object has no attribute '{str_to_py(name)}'")

cdef gcref_t exc_from_python(BaseException e) except 0:
    # Convert a CPython exception raised by a helper into the VM class of the
    # same name (CPython's message is reused).
    cdef object idx = None
    for klass in type(e).__mro__:
        idx = EXC_CLASSES.get(klass.__name__)
        if idx is not None:
            break
    if idx is None:
        idx = EXC_CLASSES["RuntimeError"]
    push(S.roots[<int>idx])
    # CPython's own MemoryError has no message; the nursery's says why.
    args = () if isinstance(e, MemoryError) else e.args
    cdef Py_ssize_t n = 0
    for a in args:
        if isinstance(a, (str, int, float, bool)) or a is None:
            push(py_to_vm(a))
        else:
            push(py_to_vm(str(a)))
        n += 1
    push(tuple_from_slots(top_slot() - n + 1, n))
    cdef gcref_t r = make_exception(top_slot() - n - 1, top_slot())
    H.shadowstack_top -= n + 2
    return r

cdef gcref_t py_to_vm(object x) except 0:
    cdef Py_ssize_t n, i
    if x is None:
        return V_NONE
    if x is True:
        return V_TRUE
    if x is False:
        return V_FALSE
    t = type(x)
    if t is int:
        return int_from_py(x)
    if t is float:
        return float_new(x)
    if t is str:
        return str_from_py(x)
    if t is tuple or t is list:
        n = len(x)
        for item in x:
            push(py_to_vm(item))
        if t is tuple:
            r = tuple_from_slots(top_slot() - n + 1, n)
        else:
            r = list_from_slots(top_slot() - n + 1, n)
        H.shadowstack_top -= n
        return r
    raise TypeError(f"cannot convert {t.__name__} to a VM value")

# ---------------------------------------------------------------- calls

cdef Frame* push_frame(CodeObj* co, gcref_t* base, gcref_t* ret, int flags) except NULL:
    cdef Frame* f
    cdef int extra = 1 if co.flags & CO_CLASSBODY else 0
    if S.depth + 1 >= MAX_DEPTH or base + co.nlocals + co.maxstack + 4 > H.shadowstack_end:
        raise RecursionError("maximum recursion depth exceeded")
    S.depth += 1
    f = &S.frames[S.depth]
    f.co = co
    f.pc = 0
    f.flags = flags
    f.base = base
    f.ret = ret
    f.sp = base + co.nlocals + extra
    return f

cdef str plural(Py_ssize_t n, str word):
    return f"{n} {word}" if n == 1 else f"{n} {word}s"

cdef str join_names(list names):
    quoted = [f"'{n}'" for n in names]
    if len(quoted) == 1:
        return quoted[0]
    if len(quoted) == 2:
        return f"{quoted[0]} and {quoted[1]}"
    return ", ".join(quoted[:-1]) + f", and {quoted[-1]}"

cdef int bind_general(gcref_t* fslot, Py_ssize_t nargs, gcref_t kwnames, CodeObj* co) except -1:
    # Bind arguments the slow way into a new frame above the arguments.
    cdef gcref_t func = fslot[0]
    cdef Py_ssize_t nkw = LEN(kwnames) if kwnames else 0
    cdef Py_ssize_t npos = nargs - nkw, i, j, n
    cdef gcref_t* args = fslot + 1
    cdef gcref_t* base = fslot + 1 + nargs + 2
    cdef gcref_t d
    cdef int varargs_slot = co.argcount + co.kwonly
    cdef int varkw_slot = varargs_slot + (1 if co.flags & CO_VARARGS else 0)
    spec = CODE_SPECS[co.index]
    qual = spec.qualname
    if base + co.nlocals + co.maxstack + 4 > H.shadowstack_end:
        raise RecursionError("maximum recursion depth exceeded")
    fslot[1 + nargs] = kwnames      # rooted: binding allocates
    base[-1] = func
    memset(base, 0, co.nlocals * sizeof(gcref_t))
    H.shadowstack_top = base + co.nlocals
    n = npos if npos < co.argcount else co.argcount
    memcpy(base, args, n * sizeof(gcref_t))
    if npos > co.argcount:
        if co.flags & CO_VARARGS:
            base[varargs_slot] = tuple_from_slots(args + co.argcount, npos - co.argcount)
        else:
            ndef = co.ndefaults
            if ndef:
                raise TypeError(f"{qual}() takes from {co.argcount - ndef} to {co.argcount} positional "
                                f"arguments but {npos} were given")
            raise TypeError(f"{qual}() takes {plural(co.argcount, 'positional argument')} but "
                            f"{npos} {'was' if npos == 1 else 'were'} given")
    elif co.flags & CO_VARARGS:
        base[varargs_slot] = S.roots[R_EMPTY_TUPLE]
    if co.flags & CO_VARKEYWORDS:
        base[varkw_slot] = dict_new()
    names = spec.varnames
    for i in range(nkw):
        kname = str_to_py(FLD(fslot[1 + nargs])[i])
        j = -1
        for k in range(co.argcount + co.kwonly):
            if names[k] == kname:
                j = k
                break
        if j >= 0:
            if base[j] != 0:
                raise TypeError(f"{qual}() got multiple values for argument '{kname}'")
            base[j] = args[npos + i]
        elif co.flags & CO_VARKEYWORDS:
            push(FLD(fslot[1 + nargs])[i])
            dict_set(&base[varkw_slot], top_slot(), &args[npos + i])
            pop()
        else:
            raise TypeError(f"{qual}() got an unexpected keyword argument '{kname}'")
    missing = []
    d = FLD(fslot[0])[FN_DEFAULTS]
    for i in range(co.argcount):
        if base[i] == 0:
            j = i - (co.argcount - co.ndefaults)
            if j >= 0 and d != 0:
                base[i] = FLD(d)[j]
            else:
                missing.append(names[i])
    if missing:
        raise TypeError(f"{qual}() missing {len(missing)} required positional argument"
                        f"{'s' if len(missing) > 1 else ''}: {join_names(missing)}")
    for i in range(co.argcount, co.argcount + co.kwonly):
        if base[i] == 0:
            d = FLD(fslot[0])[FN_KWDEFAULTS]
            if d != 0:
                push(intern(names[i]))
                base[i] = dict_get(&FLD(fslot[0])[FN_KWDEFAULTS], top_slot())
                pop()
            if base[i] == 0:
                missing.append(names[i])
    if missing:
        raise TypeError(f"{qual}() missing {len(missing)} required keyword-only argument"
                        f"{'s' if len(missing) > 1 else ''}: {join_names(missing)}")
    push_frame(co, base, fslot, 0)
    return 0

cdef int enter_function(gcref_t* fslot, Py_ssize_t nargs, gcref_t kwnames, int flags) except -1:
    # Push a frame for VM function fslot[0] called with the nargs values above
    # it.  Returns 1 (frame pushed) or 0 (a generator was created: the result
    # is in fslot[0]).
    cdef gcref_t func = fslot[0]
    cdef CodeObj* co = S.codes[RAW(func)[FN_CODE]]
    cdef Frame* f
    if kwnames == 0 and nargs == co.argcount and (co.flags & (CO_VARARGS | CO_VARKEYWORDS)) == 0 \
            and co.kwonly == 0:
        memset(fslot + 1 + nargs, 0, (co.nlocals - nargs) * sizeof(gcref_t))
        f = push_frame(co, fslot + 1, fslot, flags)
    else:
        bind_general(fslot, nargs, kwnames, co)
        f = &S.frames[S.depth]
        f.flags = flags
    if co.flags & CO_GENERATOR:
        make_generator(f)
        return 0
    H.shadowstack_top = f.sp
    return 1

cdef int make_generator(Frame* f) except -1:
    # Turn the just-bound frame [f] into a suspended generator object.
    cdef CodeObj* co = f.co
    cdef Py_ssize_t n = co.nlocals + co.maxstack
    H.shadowstack_top = f.base + co.nlocals
    cdef gcref_t state = alloc_var(T_FRAMESTATE, n)
    memcpy(FLD(state), f.base, co.nlocals * sizeof(gcref_t))
    push(state)
    cdef gcref_t g = alloc_fixed(T_GENERATOR)
    FLD(g)[G_STATE] = pop()
    FLD(g)[G_FUNC] = f.base[-1]
    RAW(g)[G_PC] = 0
    RAW(g)[G_STATUS] = GEN_CREATED
    f.ret[0] = g
    H.shadowstack_top = f.ret + 1
    S.depth -= 1
    return 0

cdef int call_value(gcref_t* fslot, Py_ssize_t nargs, gcref_t kwnames) except -1:
    # Call fslot[0] with the nargs values above it (the last len(kwnames) are
    # keyword arguments).  Returns 1 if a VM frame was pushed (the caller runs
    # it), 0 if the result is already in fslot[0] (and the stack top is fslot+1).
    cdef gcref_t f = fslot[0]
    cdef gcref_t init
    cdef uint16_t t
    cdef int r
    if is_bfunc(f):
        fslot[0] = call_builtin(builtin_id(f), fslot + 1, nargs, kwnames)
        H.shadowstack_top = fslot + 1
        return 0
    if not is_obj(f):
        raise TypeError(f"'{type_name(f)}' object is not callable")
    t = TID(f)
    if t == T_FUNCTION:
        return enter_function(fslot, nargs, kwnames, 0)
    if t == T_BOUND:
        # [bound, args] -> [func, self, args]
        if fslot + nargs + 3 > H.shadowstack_end:
            raise RecursionError("maximum recursion depth exceeded")
        memmove(fslot + 2, fslot + 1, nargs * sizeof(gcref_t))
        fslot[1] = FLD(f)[0]
        fslot[0] = FLD(f)[1]
        H.shadowstack_top = fslot + nargs + 2
        return call_value(fslot, nargs + 1, kwnames)
    if t == T_CLASS:
        return call_class(fslot, nargs, kwnames)
    if t == T_INSTANCE:
        init = class_lookup(FLD(f)[I_CLASS], MAGIC(M_CALL))
        if init != 0:
            memmove(fslot + 2, fslot + 1, nargs * sizeof(gcref_t))
            fslot[1] = f
            fslot[0] = init
            H.shadowstack_top = fslot + nargs + 2
            return call_value(fslot, nargs + 1, kwnames)
    raise TypeError(f"'{type_name(f)}' object is not callable")

cdef int call_class(gcref_t* fslot, Py_ssize_t nargs, gcref_t kwnames) except -1:
    cdef gcref_t cls = fslot[0]
    cdef gcref_t init, inst
    cdef Frame* fr
    if RAW(cls)[K_FLAGS] & CF_BUILTIN and not RAW(cls)[K_FLAGS] & CF_EXCEPTION:
        fslot[0] = construct_builtin(RAW(cls)[K_KIND], fslot + 1, nargs, kwnames)
        H.shadowstack_top = fslot + 1
        return 0
    inst = instance_new(fslot)
    cls = fslot[0]                      # (it may have moved)
    if RAW(cls)[K_FLAGS] & CF_EXCEPTION:
        push(inst)
        push(MAGIC(M_ARGS))
        push(tuple_from_slots(fslot + 1, nargs - (LEN(kwnames) if kwnames else 0)))
        instance_setattr(top_slot() - 2, top_slot() - 1, top_slot())
        H.shadowstack_top -= 3
        inst = H.shadowstack_top[0]
    init = class_lookup(fslot[0], MAGIC(M_INIT))
    if has_tid(init, T_FUNCTION):
        # [cls, args] -> [inst, __init__, inst, args]; the frame's result is dropped.
        if fslot + nargs + 4 > H.shadowstack_end:
            raise RecursionError("maximum recursion depth exceeded")
        memmove(fslot + 3, fslot + 1, nargs * sizeof(gcref_t))
        fslot[0] = inst
        fslot[1] = init
        fslot[2] = inst
        H.shadowstack_top = fslot + nargs + 3
        return enter_function(fslot + 1, nargs + 1, kwnames, F_INIT)
    if is_bfunc(init) and builtin_id(init) != BI_OBJECT_INIT:
        memmove(fslot + 2, fslot + 1, nargs * sizeof(gcref_t))
        fslot[1] = inst
        H.shadowstack_top = fslot + nargs + 2
        call_builtin(builtin_id(init), fslot + 1, nargs + 1, kwnames)
        fslot[0] = fslot[1]
        H.shadowstack_top = fslot + 1
        return 0
    if nargs:
        raise TypeError(f"{class_name(fslot[0])}() takes no arguments")
    fslot[0] = inst
    H.shadowstack_top = fslot + 1
    return 0

cdef gcref_t vm_call(gcref_t* fslot, Py_ssize_t nargs) except 0:
    # Call from C: fslot[0](fslot[1..nargs]) to completion; result in fslot[0]
    # and returned; the stack top is fslot + 1 afterwards, or fslot if the
    # call raised (so a C caller that catches the exception finds its stack).
    H.shadowstack_top = fslot + 1 + nargs
    try:
        if call_value(fslot, nargs, 0):
            S.frames[S.depth].flags |= F_ENTRY
            eval_loop()
    except BaseException:
        H.shadowstack_top = fslot
        raise
    return fslot[0]

cdef gcref_t call1(gcref_t f, gcref_t a) except 0:
    push(f)
    push(a)
    vm_call(top_slot() - 1, 1)
    return pop()

cdef gcref_t call_method0(gcref_t meth, gcref_t self) except 0:
    # meth: a function or builtin found on self's class
    push(meth)
    push(self)
    vm_call(top_slot() - 1, 1)
    return pop()

cdef gcref_t call_method1(gcref_t meth, gcref_t self, gcref_t arg) except 0:
    push(meth)
    push(self)
    push(arg)
    vm_call(top_slot() - 2, 2)
    return pop()

# ---------------------------------------------------------------- the eval loop

cdef int eval_loop() except -1:
    # Run frames from S.depth until the entry frame (F_ENTRY) returns (ST_RETURN)
    # or yields (ST_YIELD).  Exceptions unwind through the code's exception
    # tables; one that leaves the entry frame propagates as VMError.
    cdef int entry = S.depth
    while True:
        try:
            return run_frames(entry)
        except VMError:
            if not S.reraising:
                set_context()
            if not unwind(entry, False):
                raise
        except BaseException as e:
            S.roots[R_EXC] = 0
            H.shadowstack_top = S.frames[S.depth].sp
            try:
                exc = exc_from_python(e)
            except VMError:
                exc = S.roots[R_EXC]
            S.roots[R_EXC] = exc
            set_context()
            if not unwind(entry, False):
                raise VMError()

cdef int set_context() except -1:
    # An exception raised while another is being handled remembers it
    # (__context__), unless it already has a context.
    cdef gcref_t handled = S.roots[R_HANDLED], exc = S.roots[R_EXC]
    if handled == 0 or handled == V_NONE or handled == exc or not has_tid(exc, T_INSTANCE):
        return 0
    if instance_attr(exc, MAGIC(M_CONTEXT)) != 0:
        return 0
    push(exc)
    push(MAGIC(M_CONTEXT))
    push(handled)
    instance_setattr(top_slot() - 2, top_slot() - 1, top_slot())
    H.shadowstack_top -= 3
    return 0

cdef int frame_line(Frame* f) noexcept nogil:
    if f.pc < f.co.ninstr:
        return f.co.lines[f.pc]
    return f.co.firstlineno

cdef int add_traceback(Frame* f) except -1:
    # Append (code index, line) of [f] to the traceback of the raised exception.
    cdef gcref_t exc = S.roots[R_EXC]
    cdef gcref_t tb, ntb
    cdef Py_ssize_t i
    cdef int64_t entry
    if not has_tid(exc, T_INSTANCE):
        return 0
    entry = (<int64_t>f.co.index << 32) | frame_line(f)
    push(exc)
    push(MAGIC(M_TRACEBACK))
    tb = instance_attr(exc, MAGIC(M_TRACEBACK))
    n = LEN(tb) if has_tid(tb, T_TRACEBACK) else 0
    ntb = alloc_var(T_TRACEBACK, n + 1)
    tb = instance_attr(top_slot()[-1], MAGIC(M_TRACEBACK))
    if n:
        memcpy(<char*>ntb + 8, <char*>tb + 8, n * 8)
    (<int64_t*>(ntb + 8))[n] = entry
    push(ntb)
    instance_setattr(top_slot() - 2, top_slot() - 1, top_slot())
    H.shadowstack_top -= 3
    return 0

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
    # The exception in R_EXC was raised in S.frames[S.depth].  Find a handler
    # in this frame or a caller up to [entry]; True if one was found (the loop
    # resumes there), False if the exception leaves the entry frame.
    cdef Frame* f
    cdef int h
    cdef gcref_t* sp
    while True:
        f = &S.frames[S.depth]
        if not S.reraising:
            add_traceback(f)
        S.reraising = False
        h = find_handler(f.co, f.pc)
        if h >= 0:
            sp = f.base + f.co.nlocals + (1 if f.co.flags & CO_CLASSBODY else 0) + f.co.exc[4 * h + 3]
            sp[0] = S.roots[R_EXC]
            S.roots[R_EXC] = 0
            f.sp = sp + 1
            f.pc = f.co.exc[4 * h + 2]
            H.shadowstack_top = f.sp
            return True
        if f.flags & F_GEN:
            RAW(f.base[-1])[G_STATUS] = GEN_DONE
        S.depth -= 1
        H.shadowstack_top = f.ret + 1
        if S.depth < entry:
            return False

cdef int run_frames(int entry) except -1:
    cdef Frame* f = &S.frames[S.depth]
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
        H.shadowstack_top = sp
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
        elif op == JUMP:
            if arg < pc:
                if S.tick:
                    f.sp = sp
                    take_time_sample()
                S.countdown -= 1
                if S.countdown == 0:
                    # Let CPython run its signal handlers (Ctrl-C) now and then.
                    S.countdown = SIGNAL_CHECK_INTERVAL
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
            v = dict_get_str(S.roots[R_GLOBALS], co.names[arg])
            if v == 0:
                v = dict_get_str(S.roots[R_BUILTINS], co.names[arg])
                if v == 0:
                    f.sp = sp
                    raise NameError(f"name '{str_to_py(co.names[arg])}' is not defined")
            sp[0] = v
            sp += 1
        elif op == STORE_GLOBAL:
            f.sp = sp
            sp[0] = co.names[arg]
            H.shadowstack_top = sp + 1
            dict_set(&S.roots[R_GLOBALS], sp, sp - 1)
            sp -= 1
        elif op == LOAD_ATTR:
            f.sp = sp
            sp[-1] = getattr_v(sp - 1, co.names[arg])
        elif op == STORE_ATTR:
            f.sp = sp
            setattr_v(sp - 1, co.names[arg], sp - 2)
            sp -= 2
        elif op == LOAD_METHOD:
            f.sp = sp
            load_method(sp - 1, co.names[arg])
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
            if S.tick:
                f.sp = sp
                take_time_sample()
            a = slot[0]
            f.sp = slot
            H.shadowstack_top = sp
            if is_obj(a) and TID(a) == T_FUNCTION:
                r = enter_function(slot, n, v, 0)
            else:
                r = call_value(slot, n, v)
            if r:
                f = &S.frames[S.depth]
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
            S.depth -= 1
            H.shadowstack_top = sp
            if r & F_ENTRY:
                return ST_RETURN
            f = &S.frames[S.depth]
            co = f.co
            code = co.code
            consts = co.consts
            base = f.base
            pc = f.pc + 1
        else:
            f.sp = sp
            f.pc = pc - 1
            r = slow_op(f, op, arg)
            # slow ops may push frames (e.g. a yield resumes nothing, but
            # RAISE leaves via an exception); reload the innermost frame.
            if r == 2:
                return ST_YIELD
            f = &S.frames[S.depth]
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

cdef bint take_time_sample() except -1:
    # A safe point saw the timer's count: record where the program is, once
    # per timer expiry since the last sample.
    if S.prof != NULL:
        prof_time_samples(S.prof)
    else:
        S.tick = 0
    return 0

cdef inline gcref_t* ns_slot(Frame* f) noexcept nogil:
    return &f.base[f.co.nlocals]

cdef int slow_op(Frame* f, int op, int arg) except -1:
    # Everything that is not on the eval loop's fast path.  f.sp / f.pc are
    # current (pc = this instruction); advance f.pc unless jumping.
    cdef CodeObj* co = f.co
    cdef gcref_t* sp = f.sp
    cdef gcref_t* base = f.base
    cdef gcref_t v, w, cell
    cdef Py_ssize_t i, n
    cdef int r
    cdef int next_pc = f.pc + 1     # f.pc stays on this instruction while it runs
    if op == NOP:
        pass
    elif op == DUP_TOP:
        sp[0] = sp[-1]
        sp += 1
    elif op == DUP_TOP_TWO:
        sp[0] = sp[-2]
        sp[1] = sp[-1]
        sp += 2
    elif op == ROT_TWO:
        v = sp[-1]
        sp[-1] = sp[-2]
        sp[-2] = v
    elif op == ROT_THREE:
        v = sp[-1]
        sp[-1] = sp[-2]
        sp[-2] = sp[-3]
        sp[-3] = v
    elif op == DELETE_FAST:
        if base[arg] == 0:
            raise_unbound(co, arg)
        base[arg] = 0
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
        r = dict_del(&S.roots[R_GLOBALS], top_slot())
        pop()
        if not r:
            raise NameError(f"name '{str_to_py(co.names[arg])}' is not defined")
    elif op == LOAD_NAME:
        v = dict_get_str(ns_slot(f)[0], co.names[arg])
        if v == 0:
            v = dict_get_str(S.roots[R_GLOBALS], co.names[arg])
        if v == 0:
            v = dict_get_str(S.roots[R_BUILTINS], co.names[arg])
        if v == 0:
            raise NameError(f"name '{str_to_py(co.names[arg])}' is not defined")
        sp[0] = v
        sp += 1
    elif op == STORE_NAME:
        sp[0] = co.names[arg]
        H.shadowstack_top = sp + 1
        dict_set(ns_slot(f), sp, sp - 1)
        sp -= 1
    elif op == DELETE_NAME:
        push(co.names[arg])
        r = dict_del(ns_slot(f), top_slot())
        pop()
        if not r:
            raise NameError(f"name '{str_to_py(co.names[arg])}' is not defined")
    elif op == DELETE_ATTR:
        delattr_v(sp - 1, co.names[arg])
        sp -= 1
    elif op == CALL_EX:
        sp = call_ex(f, sp, arg)
        if &S.frames[S.depth] != f:
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
        H.shadowstack_top = sp + 1
        for i in range(arg):
            set_add(sp, sp - arg + i)
        sp[-arg] = sp[0]
        sp -= arg - 1
    elif op == BUILD_MAP:
        sp[0] = dict_new_sized(arg)
        H.shadowstack_top = sp + 1
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
        sp = make_function(sp, arg)
    elif op == BUILD_CLASS:
        v = build_class(sp - 3)
        sp -= 3
        sp[0] = v
        sp += 1
    elif op == YIELD_VALUE:
        return yield_value(f, sp)
    elif op == GET_YIELD_FROM_ITER:
        if not has_tid(sp[-1], T_GENERATOR):
            sp[-1] = get_iter(sp - 1)
    elif op == SEND:
        # [it, value] -> [it, yielded] or [result] and jump
        r = send(sp - 2)
        if r == 0:
            sp -= 1
            next_pc = arg
    elif op == RAISE:
        do_raise(sp, arg)
    elif op == RERAISE:
        S.reraising = True
        raise_vm(sp[-1])
    elif op == PUSH_EXC_INFO:
        v = sp[-1]
        sp[-1] = S.roots[R_HANDLED]
        sp[0] = v
        sp += 1
        S.roots[R_HANDLED] = v
    elif op == POP_EXCEPT:
        S.roots[R_HANDLED] = sp[-2]
        sp -= 2
    elif op == EXC_CLEANUP:
        S.roots[R_HANDLED] = sp[-2]
        v = sp[-1]
        sp -= 2
        f.sp = sp
        S.reraising = True
        raise_vm(v)
    elif op == CHECK_EXC_MATCH:
        sp[-2] = vbool(exc_matches(sp[-2], sp[-1]))
        sp -= 1
    elif op == IMPORT_NAME:
        sp[0] = import_module(co.names[arg])
        sp += 1
    elif op == IMPORT_FROM:
        sp[0] = getattr_v(sp - 1, co.names[arg])
        sp += 1
    elif op == SUPER:
        sp[-1] = make_super(f, sp - 1)
    else:
        raise SystemError(f"unknown opcode {op}")
    f.sp = sp
    f.pc = next_pc
    return 0

# ---------------------------------------------------------------- truth, hash, equality

cdef bint truth(gcref_t v) except -1:
    cdef uint16_t t
    cdef gcref_t m
    if v == V_TRUE:
        return True
    if v == V_FALSE or v == V_NONE:
        return False
    if is_int(v):
        return v != tag(0)
    if not is_obj(v):
        return True
    t = TID(v)
    if t == T_FLOAT:
        return FVAL(v) != 0.0
    if t == T_STR or t == T_TUPLE:
        return LEN(v) != 0
    if t == T_LIST:
        return RAW(v)[L_LEN] != 0
    if t == T_DICT:
        return RAW(v)[D_USED] != 0
    if t == T_SET:
        return RAW(v)[S_USED] != 0
    if t == T_BIGINT:
        return True
    if t == T_RANGE:
        return range_len(v) != 0
    if t == T_INSTANCE:
        m = magic_of(v, M_BOOL)
        if m != 0:
            m = call_method0(m, v)
            if m != V_TRUE and m != V_FALSE:
                raise TypeError(f"__bool__ should return bool, returned {type_name(m)}")
            return m == V_TRUE
        m = magic_of(v, M_LEN)
        if m != 0:
            return length_of_result(call_method0(m, v)) != 0
    return True

cdef Py_ssize_t length_of_result(gcref_t r) except -1:
    if not is_int(r):
        raise TypeError(f"'{type_name(r)}' object cannot be interpreted as an integer")
    if untag(r) < 0:
        raise ValueError("__len__() should return >= 0")
    return untag(r)

cdef int64_t vm_hash(gcref_t* slot) except? -1:
    cdef gcref_t v = slot[0]
    cdef uint16_t t
    cdef gcref_t m
    cdef int64_t hv
    cdef Py_ssize_t i
    if is_int(v):
        return int_hash(untag(v))
    if v == V_TRUE:
        return 1
    if v == V_FALSE:
        return 0
    if not is_obj(v):
        return <int64_t>((v >> 3) & 0xFFFFFFFFFFFF)
    t = TID(v)
    if t == T_STR:
        return str_hash(v)
    if t == T_FLOAT or t == T_BIGINT:
        return hash(num_to_py(v))
    if t == T_TUPLE:
        # CPython's xxHash-based tuple hash, over our item hashes
        acc = 2870177450012600261
        for i in range(LEN(slot[0])):
            push(FLD(slot[0])[i])
            hv = vm_hash(top_slot())
            pop()
            acc = (acc + (hv & 0xFFFFFFFFFFFFFFFF) * 14029467366897019727) & 0xFFFFFFFFFFFFFFFF
            acc = ((acc << 31) | (acc >> 33)) & 0xFFFFFFFFFFFFFFFF
            acc = (acc * 11400714785074694791) & 0xFFFFFFFFFFFFFFFF
        acc = (acc + (LEN(slot[0]) ^ (2870177450012600261 ^ 3527539))) & 0xFFFFFFFFFFFFFFFF
        if acc == 0xFFFFFFFFFFFFFFFF:
            return 1546275796
        return acc & ((1 << 61) - 1)
    if t == T_LIST or t == T_DICT or t == T_SET:
        raise TypeError(f"unhashable type: '{type_name(v)}'")
    if t == T_INSTANCE:
        m = class_lookup(FLD(v)[I_CLASS], MAGIC(M_HASH))
        if m == V_NONE:
            raise TypeError(f"unhashable type: '{type_name(v)}'")
        if m != 0 and not is_bfunc(m):
            m = call_method0(m, slot[0])
            if not is_intlike(m):
                raise TypeError("__hash__ method should return an integer")
            return hash(int_to_py(m))
    return object_id(v) >> 4

cdef int64_t next_object_id = 0x10000

cdef int64_t object_id(gcref_t v) noexcept nogil:
    # Stable for instances (stored in the object); the address otherwise.
    global next_object_id
    if has_tid(v, T_INSTANCE):
        if FLD(v)[I_ID] == 0:
            next_object_id += 16
            FLD(v)[I_ID] = tag(next_object_id)
        return untag(FLD(v)[I_ID])
    return <int64_t>v

cdef int keys_equal_fast(gcref_t a, gcref_t b) except -1:
    # 1 equal, 0 not equal, 2 needs a VM-level __eq__ (the caller roots a, b)
    cdef uint16_t ta, tb
    if a == b:
        return 1
    if is_obj(a) and is_obj(b):
        ta = TID(a)
        tb = TID(b)
        if ta == T_STR and tb == T_STR:
            return str_eq(a, b)
        if ta == T_INSTANCE or tb == T_INSTANCE or ta == T_TUPLE or tb == T_TUPLE:
            return 2
    if is_number(a) and is_number(b):
        return num_to_py(a) == num_to_py(b)
    return 0

cdef bint vm_eq_bool(gcref_t* a, gcref_t* b) except -1:
    cdef gcref_t r
    if a[0] == b[0]:
        return True
    push(a[0])
    push(b[0])
    r = compare_op(top_slot() - 1, C_EQ)
    H.shadowstack_top -= 2
    return truth(r)

cdef bint exc_matches(gcref_t exc, gcref_t spec) except -1:
    cdef Py_ssize_t i
    if has_tid(spec, T_TUPLE):
        for i in range(LEN(spec)):
            if exc_matches(exc, FLD(spec)[i]):
                return True
        return False
    if not has_tid(spec, T_CLASS) or not RAW(spec)[K_FLAGS] & CF_EXCEPTION:
        raise TypeError("catching classes that do not inherit from BaseException is not allowed")
    return isinstance_c(exc, spec)

# ---------------------------------------------------------------- operators

import builtins as _builtins
import operator as _operator
_PY_BINOPS = [_operator.add, _operator.sub, _operator.mul, _operator.truediv,
              _operator.floordiv, _operator.mod, pow, _operator.lshift, _operator.rshift,
              _operator.and_, _operator.or_, _operator.xor]
_PY_CMPOPS = [_operator.lt, _operator.le, _operator.eq, _operator.ne, _operator.gt, _operator.ge]
_CMP_SYMBOLS = ["<", "<=", "==", "!=", ">", ">="]

cdef gcref_t binary_op(gcref_t* ab, int op, bint inplace) except 0:
    # ab[0] op ab[1]; both rooted.
    cdef gcref_t a = ab[0], b = ab[1], m, r
    cdef uint16_t ta, tb
    if is_number(a) and is_number(b):
        if op <= B_POW or (is_intlike(a) and is_intlike(b)):
            res = _PY_BINOPS[op](num_to_py(a), num_to_py(b))
            if (a == V_TRUE or a == V_FALSE) and (b == V_TRUE or b == V_FALSE) and op >= B_AND:
                return vbool(res)
            return num_from_py(res)
    if is_obj(a):
        ta = TID(a)
        tb = TID(b) if is_obj(b) else 0
        if ta == T_STR:
            if op == B_ADD and tb == T_STR:
                return str_concat(ab, ab + 1)
            if op == B_MUL and is_intlike(b):
                return seq_repeat(ab, int_to_py(b))
            if op == B_MOD:
                return percent_format(ab, ab + 1)
        elif ta == T_LIST or ta == T_TUPLE:
            if op == B_ADD and tb == ta:
                if inplace and ta == T_LIST:
                    list_extend(ab, ab + 1)
                    return ab[0]
                return seq_concat(ab, ab + 1)
            if op == B_ADD and inplace and ta == T_LIST:
                list_extend(ab, ab + 1)
                return ab[0]
            if op == B_MUL and is_intlike(b):
                if inplace and ta == T_LIST:
                    r = seq_repeat(ab, int_to_py(b))
                    list_assign_from(ab, r)
                    return ab[0]
                return seq_repeat(ab, int_to_py(b))
            if op == B_ADD:
                raise TypeError(f'can only concatenate {type_name(a)} (not "{type_name(b)}") to {type_name(a)}')
        elif ta == T_SET and tb == T_SET and op in (B_SUB, B_AND, B_OR, B_XOR):
            return set_binop(ab, op, inplace)
        elif ta == T_DICT and tb == T_DICT and op == B_OR:
            if inplace:
                dict_update(ab, ab + 1, False)
                return ab[0]
            push(dict_copy(ab))
            dict_update(top_slot(), ab + 1, False)
            return pop()
        elif ta == T_INSTANCE:
            if inplace and op <= B_MUL:
                m = magic_of(a, M_IADD + op)
                if m != 0:
                    return call_method1(m, a, b)
            m = magic_of(a, BIN_MAGIC[op])
            if m != 0:
                r = call_method1(m, ab[0], ab[1])
                if r != V_NOTIMPL:
                    return r
    if is_int(a) or is_obj(a):
        if (is_intlike(a) or has_tid(a, T_FLOAT) or has_tid(a, T_LIST) or has_tid(a, T_TUPLE)) \
                and has_tid(b, T_STR) and op == B_MUL:
            ab[0], ab[1] = ab[1], ab[0]
            r = binary_op(ab, op, False)
            ab[0], ab[1] = ab[1], ab[0]
            return r
        if is_intlike(a) and op == B_MUL and (has_tid(b, T_LIST) or has_tid(b, T_TUPLE)):
            ab[0], ab[1] = ab[1], ab[0]
            r = binary_op(ab, op, False)
            ab[0], ab[1] = ab[1], ab[0]
            return r
    if has_tid(b, T_INSTANCE):
        m = magic_of(b, BIN_RMAGIC[op])
        if m != 0:
            r = call_method1(m, ab[1], ab[0])
            if r != V_NOTIMPL:
                return r
    sym = BIN_INPLACE_SYMBOLS[op] if inplace else BIN_SYMBOLS[op]
    if op == B_ADD and has_tid(a, T_STR):
        raise TypeError(f'can only concatenate str (not "{type_name(b)}") to str')
    raise TypeError(f"unsupported operand type(s) for {sym}: '{type_name(a)}' and '{type_name(b)}'")

cdef gcref_t unary_op(gcref_t* slot, int op) except 0:
    cdef gcref_t v = slot[0], m
    if has_tid(v, T_FLOAT) and op != UNARY_INVERT:
        return float_new(-FVAL(v) if op == UNARY_NEGATIVE else FVAL(v))
    if is_number(v):
        x = num_to_py(v)
        if op == UNARY_NEGATIVE:
            return num_from_py(-x)
        if op == UNARY_POSITIVE:
            return num_from_py(+x)
        if is_intlike(v):
            return num_from_py(~x)
    if has_tid(v, T_INSTANCE):
        m = magic_of(v, M_NEG if op == UNARY_NEGATIVE else M_POS if op == UNARY_POSITIVE else M_INVERT)
        if m != 0:
            return call_method0(m, v)
    sym = "-" if op == UNARY_NEGATIVE else "+" if op == UNARY_POSITIVE else "~"
    raise TypeError(f"bad operand type for unary {sym}: '{type_name(v)}'")

cdef gcref_t seq_concat(gcref_t* a, gcref_t* b) except 0:
    cdef Py_ssize_t na = SEQLEN(a[0]), nb = SEQLEN(b[0])
    cdef gcref_t r
    if TID(a[0]) == T_TUPLE:
        r = tuple_new(na + nb)
    else:
        r = list_new(na + nb)
    memcpy(ITEMS(r), ITEMS(a[0]), na * sizeof(gcref_t))
    memcpy(ITEMS(r) + na, ITEMS(b[0]), nb * sizeof(gcref_t))
    return r

cdef gcref_t seq_repeat(gcref_t* a, object count) except 0:
    cdef Py_ssize_t n, k, i, c
    cdef gcref_t r
    c = count if count > 0 else 0
    if TID(a[0]) == T_STR:
        n = LEN(a[0])
        r = str_new(n * c)
        for i in range(c):
            memcpy(SDATA(r) + i * n, SDATA(a[0]), n * 4)
        return r
    n = SEQLEN(a[0])
    if TID(a[0]) == T_TUPLE:
        r = tuple_new(n * c)
    else:
        r = list_new(n * c)
    for i in range(c):
        memcpy(ITEMS(r) + i * n, ITEMS(a[0]), n * sizeof(gcref_t))
    return r

cdef int list_assign_from(gcref_t* lslot, gcref_t src) except -1:
    # lslot's list takes the items of list [src] (which the caller keeps alive)
    push(src)
    cdef Py_ssize_t n = RAW(src)[L_LEN]
    list_resize(lslot, n)
    memcpy(ITEMS(lslot[0]), ITEMS(top_slot()[0]), n * sizeof(gcref_t))
    gc_write_barrier(H, <GCHeader*>FLD(lslot[0])[L_ITEMS])
    pop()
    return 0

cdef gcref_t compare_op(gcref_t* ab, int op) except 0:
    cdef gcref_t a = ab[0], b = ab[1], m, r
    cdef uint16_t ta, tb
    cdef int c
    if op == C_IS:
        return vbool(a == b)
    if op == C_IS_NOT:
        return vbool(a != b)
    if op == C_IN or op == C_NOT_IN:
        c = contains(ab + 1, ab)
        return vbool(c if op == C_IN else not c)
    if is_number(a) and is_number(b):
        return vbool(_PY_CMPOPS[op](num_to_py(a), num_to_py(b)))
    ta = TID(a) if is_obj(a) else 0
    tb = TID(b) if is_obj(b) else 0
    if ta == T_STR and tb == T_STR:
        c = str_cmp(a, b)
        return vbool(c < 0 if op == C_LT else c <= 0 if op == C_LE else c == 0 if op == C_EQ
                     else c != 0 if op == C_NE else c > 0 if op == C_GT else c >= 0)
    if (ta == T_TUPLE or ta == T_LIST) and ta == tb:
        return seq_compare(ab, op)
    if ta == T_INSTANCE or tb == T_INSTANCE:
        r = rich_compare_instances(ab, op)
        if r != V_NOTIMPL:
            return r
    if op == C_EQ:
        return vbool(a == b or (ta == tb and ta != 0 and ta != T_INSTANCE and struct_equal(ab)))
    if op == C_NE:
        return vbool(not (a == b or (ta == tb and ta != 0 and ta != T_INSTANCE and struct_equal(ab))))
    if ta == T_SET and tb == T_SET:
        return set_compare(ab, op)
    raise TypeError(f"'{_CMP_SYMBOLS[op]}' not supported between instances of "
                    f"'{type_name(a)}' and '{type_name(b)}'")

cdef int SWAPPED_CMP[6]
SWAPPED_CMP[:] = [C_GT, C_GE, C_EQ, C_NE, C_LT, C_LE]

cdef gcref_t rich_compare_instances(gcref_t* ab, int op) except 0:
    cdef gcref_t m, r
    cdef int mop = M_LT + op if op <= C_LE else M_EQ + (op - C_EQ)
    if op >= C_GT:
        mop = M_GT + (op - C_GT)
    if has_tid(ab[0], T_INSTANCE):
        m = magic_of(ab[0], mop)
        if m != 0 and not is_bfunc(m):
            r = call_method1(m, ab[0], ab[1])
            if r != V_NOTIMPL:
                return r
    if has_tid(ab[1], T_INSTANCE):
        op = SWAPPED_CMP[op]
        mop = M_LT + op if op <= C_LE else M_EQ + (op - C_EQ)
        if op >= C_GT:
            mop = M_GT + (op - C_GT)
        m = magic_of(ab[1], mop)
        if m != 0 and not is_bfunc(m):
            r = call_method1(m, ab[1], ab[0])
            if r != V_NOTIMPL:
                return r
    if op == C_NE and has_tid(ab[0], T_INSTANCE):
        m = magic_of(ab[0], M_EQ)
        if m != 0 and not is_bfunc(m):
            r = call_method1(m, ab[0], ab[1])
            if r != V_NOTIMPL:
                return vbool(not truth(r))
    return V_NOTIMPL

cdef bint struct_equal(gcref_t* ab) except -1:
    # == for builtin containers of the same type
    cdef gcref_t a = ab[0], b = ab[1]
    cdef uint16_t t = TID(a)
    cdef Py_ssize_t i
    cdef gcref_t v
    if t == T_FLOAT or t == T_BIGINT:
        return num_to_py(a) == num_to_py(b)
    if t == T_DICT:
        if RAW(a)[D_USED] != RAW(b)[D_USED]:
            return False
        i = 0
        while i < RAW(ab[0])[D_NENTRIES]:
            if ENT(ab[0])[3 * i + 1] != 0:
                push(ENT(ab[0])[3 * i + 1])
                v = dict_get(ab + 1, top_slot())
                if v == 0:
                    pop()
                    return False
                top_slot()[0] = v
                push(ENT(ab[0])[3 * i + 2])
                if not vm_eq_bool(top_slot(), top_slot() - 1):
                    H.shadowstack_top -= 2
                    return False
                H.shadowstack_top -= 2
            i += 1
        return True
    if t == T_SET:
        return RAW(a)[S_USED] == RAW(b)[S_USED] and set_issubset(ab, ab + 1)
    if t == T_RANGE:
        return range_to_py(a) == range_to_py(b)
    return False

cdef gcref_t seq_compare(gcref_t* ab, int op) except 0:
    cdef Py_ssize_t i = 0, na, nb
    cdef gcref_t r
    while True:
        na = SEQLEN(ab[0])
        nb = SEQLEN(ab[1])
        if i >= na or i >= nb:
            break
        push(ITEMS(ab[0])[i])
        push(ITEMS(ab[1])[i])
        if not vm_eq_bool(top_slot() - 1, top_slot()):
            if op == C_EQ:
                H.shadowstack_top -= 2
                return V_FALSE
            if op == C_NE:
                H.shadowstack_top -= 2
                return V_TRUE
            r = compare_op(top_slot() - 1, op)
            H.shadowstack_top -= 2
            return r
        H.shadowstack_top -= 2
        i += 1
    return vbool(_PY_CMPOPS[op](na, nb))

cdef int contains(gcref_t* cslot, gcref_t* vslot) except -1:
    cdef gcref_t c = cslot[0], m
    cdef uint16_t t
    cdef Py_ssize_t i
    if not is_obj(c):
        raise TypeError(f"argument of type '{type_name(c)}' is not iterable")
    t = TID(c)
    if t == T_STR:
        if not has_tid(vslot[0], T_STR):
            raise TypeError(f"'in <string>' requires string as left operand, not {type_name(vslot[0])}")
        return str_find(c, vslot[0], 0, LEN(c)) >= 0
    if t == T_LIST or t == T_TUPLE:
        i = 0
        while i < SEQLEN(cslot[0]):
            push(ITEMS(cslot[0])[i])
            if vm_eq_bool(top_slot(), vslot):
                pop()
                return True
            pop()
            i += 1
        return False
    if t == T_DICT:
        return dict_get(cslot, vslot) != 0
    if t == T_SET:
        return set_contains(cslot, vslot)
    if t == T_RANGE:
        if is_intlike(vslot[0]):
            return int_to_py(vslot[0]) in range_to_py(c)
    if t == T_DICTVIEW:
        push(FLD(c)[IT_A])
        if RAW(c)[IT_C] == 0:
            i = dict_get(top_slot(), vslot) != 0
            pop()
            return i
        pop()
    if t == T_INSTANCE:
        m = magic_of(c, M_CONTAINS)
        if m != 0:
            return truth(call_method1(m, c, vslot[0]))
    # generic: iterate
    push(get_iter(cslot))
    while True:
        m = for_iter(top_slot())
        if m == 0:
            pop()
            return False
        push(m)
        if vm_eq_bool(top_slot(), vslot):
            H.shadowstack_top -= 2
            return True
        pop()

# ---------------------------------------------------------------- attributes

cdef gcref_t bind(gcref_t* oslot, gcref_t attr) except 0:
    # A class attribute found through an instance: functions become bound methods.
    cdef gcref_t m
    if has_tid(attr, T_FUNCTION) or is_bfunc(attr):
        push(attr)
        m = alloc_fixed(T_BOUND)
        FLD(m)[1] = pop()
        FLD(m)[0] = oslot[0]
        return m
    if has_tid(attr, T_STATICMETHOD):
        return FLD(attr)[0]
    if has_tid(attr, T_CLASSMETHOD):
        push(attr)
        m = alloc_fixed(T_BOUND)
        FLD(m)[1] = FLD(pop())[0]
        FLD(m)[0] = class_of(oslot[0]) if not has_tid(oslot[0], T_CLASS) else oslot[0]
        return m
    if has_tid(attr, T_PROPERTY):
        if FLD(attr)[0] == V_NONE:
            raise AttributeError("property has no getter")
        return call1(FLD(attr)[0], oslot[0])
    return attr

cdef bint ANY_PROPERTY = False     # set once any class stores a property

cdef gcref_t getattr_v(gcref_t* oslot, gcref_t name) except 0:
    cdef gcref_t o = oslot[0], attr, v
    cdef Py_ssize_t i
    cdef uint16_t t = TID(o) if is_obj(o) else 0
    if t == T_INSTANCE:
        if not ANY_PROPERTY:
            # No class has a property, so an instance attribute wins at once.
            i = keys_index(FLD(o)[I_CLASS], name)
            if i >= 0:
                v = instance_get(o, i)
                if v != 0:
                    return v
        attr = class_lookup(FLD(o)[I_CLASS], name)
        if attr != 0 and has_tid(attr, T_PROPERTY):
            return bind(oslot, attr)
        i = keys_index(FLD(o)[I_CLASS], name)
        if i >= 0:
            v = instance_get(o, i)
            if v != 0:
                return v
        if attr != 0:
            return bind(oslot, attr)
        if str_eq(name, MAGIC(M_CLASS)):
            return FLD(o)[I_CLASS]
        if str_eq(name, MAGIC(M_DICT)):
            return instance_dict(oslot)
        if RAW(FLD(o)[I_CLASS])[K_FLAGS] & CF_EXCEPTION:
            # BaseException's attributes before they are set
            if str_eq(name, MAGIC(M_CAUSE)) or str_eq(name, MAGIC(M_CONTEXT)) \
                    or str_eq(name, MAGIC(M_TRACEBACK)):
                return V_NONE
            if str_eq(name, MAGIC(M_SUPPRESS_CONTEXT)):
                return V_FALSE
        raise_attribute_error(o, name)
    if t == T_CLASS:
        attr = class_lookup(o, name)
        if attr != 0:
            if has_tid(attr, T_CLASSMETHOD):
                return bind(oslot, attr)
            if has_tid(attr, T_STATICMETHOD):
                return FLD(attr)[0]
            return attr
        if str_eq(name, MAGIC(M_NAME)) or str_eq(name, MAGIC(M_QUALNAME)):
            return FLD(o)[K_NAME]
        if str_eq(name, MAGIC(M_CLASS)):
            return kind_class(KIND_TYPE)
        raise_attribute_error(o, name)
    if t == T_MODULE:
        v = dict_get_str(FLD(o)[1], name)
        if v == 0:
            raise_attribute_error(o, name)
        return v
    if t == T_FUNCTION:
        if str_eq(name, MAGIC(M_NAME)):
            return intern(CODE_SPECS[RAW(o)[FN_CODE]].name)
        if str_eq(name, MAGIC(M_QUALNAME)):
            return intern(CODE_SPECS[RAW(o)[FN_CODE]].qualname)
    if t == T_SUPER:
        return super_getattr(oslot, name)
    if t == T_BOUND and str_eq(name, MAGIC(M_NAME)):
        push(FLD(o)[1])
        v = getattr_v(top_slot(), name)
        pop()
        return v
    if t == T_PROPERTY:
        pyname = str_to_py(name)
        if pyname in ("setter", "getter", "deleter"):
            push(o)
            v = alloc_fixed(T_BOUND)
            FLD(v)[0] = pop()
            FLD(v)[1] = mk_bfunc(BUILTIN_IDS["property." + pyname])
            return v
    if str_eq(name, MAGIC(M_CLASS)):
        return class_of(o)
    if is_number(o):
        pyname = str_to_py(name)
        if pyname in ("real", "imag", "numerator", "denominator"):
            return num_from_py(getattr(num_to_py(o), pyname))
    # builtin methods of builtin types
    bid = builtin_method_id(o, name)
    if bid >= 0:
        v = alloc_fixed(T_BOUND)
        FLD(v)[0] = oslot[0]
        FLD(v)[1] = mk_bfunc(bid)
        return v
    raise_attribute_error(o, name)

cdef int builtin_method_id(gcref_t o, gcref_t name) except -2:
    cdef gcref_t cls = class_of(o)
    cdef gcref_t v
    while cls != 0:
        v = dict_get_str(FLD(cls)[K_DICT], name)
        if v != 0 and is_bfunc(v):
            return builtin_id(v)
        cls = FLD(cls)[K_BASE]
    return -1

cdef int load_method(gcref_t* oslot, gcref_t name) except -1:
    # [obj] -> [callable, self] for methods, [attr, 0] otherwise
    cdef gcref_t o = oslot[0], attr
    cdef Py_ssize_t i
    cdef int bid
    if has_tid(o, T_INSTANCE):
        attr = class_lookup(FLD(o)[I_CLASS], name)
        if attr != 0 and (has_tid(attr, T_FUNCTION) or is_bfunc(attr)):
            i = keys_index(FLD(o)[I_CLASS], name)
            if i < 0 or instance_get(o, i) == 0:
                oslot[1] = o
                oslot[0] = attr
                return 0
    elif is_obj(o) and TID(o) != T_CLASS and TID(o) != T_MODULE and TID(o) != T_SUPER or \
            (not is_obj(o) and o != 0):
        bid = builtin_method_id(o, name)
        if bid >= 0:
            oslot[1] = o
            oslot[0] = mk_bfunc(bid)
            return 0
    attr = getattr_v(oslot, name)     # may use the slots above oslot
    oslot[0] = attr
    oslot[1] = 0
    return 0

cdef int setattr_v(gcref_t* oslot, gcref_t name, gcref_t* vslot) except -1:
    cdef gcref_t o = oslot[0], attr
    if has_tid(o, T_INSTANCE):
        attr = class_lookup(FLD(o)[I_CLASS], name)
        if attr != 0 and has_tid(attr, T_PROPERTY):
            if FLD(attr)[1] == V_NONE:
                raise AttributeError(f"property '{str_to_py(name)}' of '{type_name(o)}' object has no setter")
            push(FLD(attr)[1])
            push(oslot[0])
            push(vslot[0])
            vm_call(top_slot() - 2, 2)
            pop()
            return 0
        push(name)
        instance_setattr(oslot, top_slot(), vslot)
        pop()
        return 0
    if has_tid(o, T_CLASS):
        push(name)
        dict_set(&FLD(oslot[0])[K_DICT], top_slot(), vslot)
        pop()
        return 0
    if has_tid(o, T_MODULE):
        push(name)
        dict_set(&FLD(oslot[0])[1], top_slot(), vslot)
        pop()
        return 0
    raise AttributeError(f"'{type_name(o)}' object has no attribute '{str_to_py(name)}'")

cdef int delattr_v(gcref_t* oslot, gcref_t name) except -1:
    cdef Py_ssize_t i
    if has_tid(oslot[0], T_INSTANCE):
        i = keys_index(FLD(oslot[0])[I_CLASS], name)
        if i >= 0 and instance_get(oslot[0], i) != 0:
            push(0)
            instance_set(oslot, i, top_slot())
            pop()
            return 0
    if has_tid(oslot[0], T_CLASS):
        push(name)
        i = dict_del(&FLD(oslot[0])[K_DICT], top_slot())
        pop()
        if i:
            return 0
    raise_attribute_error(oslot[0], name)

cdef gcref_t instance_dict(gcref_t* oslot) except 0:
    cdef gcref_t keys
    cdef Py_ssize_t i
    push(dict_new())
    i = 0
    while i < RAW(FLD(FLD(oslot[0])[I_CLASS])[K_KEYS])[L_LEN]:
        keys = FLD(FLD(oslot[0])[I_CLASS])[K_KEYS]
        if instance_get(oslot[0], i) != 0:
            push(ITEMS(keys)[i])
            push(instance_get(oslot[0], i))
            dict_set(top_slot() - 2, top_slot() - 1, top_slot())
            H.shadowstack_top -= 2
        i += 1
    return pop()

cdef gcref_t make_super(Frame* f, gcref_t* selfslot) except 0:
    cdef gcref_t func = f.base[-1]
    cdef gcref_t owner
    if f.flags & F_GEN:
        func = FLD(func)[G_FUNC]
    owner = FLD(func)[FN_OWNER] if has_tid(func, T_FUNCTION) else 0
    if owner == 0:
        raise RuntimeError("super(): __class__ cell not found")
    push(owner)
    cdef gcref_t s = alloc_fixed(T_SUPER)
    FLD(s)[0] = pop()
    FLD(s)[1] = selfslot[0]
    return s

cdef gcref_t super_getattr(gcref_t* sslot, gcref_t name) except 0:
    cdef gcref_t cls = FLD(FLD(sslot[0])[0])[K_BASE]
    cdef gcref_t attr = class_lookup(cls, name) if cls != 0 else 0
    if attr == 0:
        raise AttributeError(f"'super' object has no attribute '{str_to_py(name)}'")
    push(FLD(sslot[0])[1])
    attr = bind(top_slot(), attr)
    pop()
    return attr

# ---------------------------------------------------------------- subscripts

cdef Py_ssize_t index_of(gcref_t k, Py_ssize_t n, str what) except? -1:
    cdef int64_t i
    if not is_intlike(k):
        raise TypeError(f"{what} indices must be integers or slices, not {type_name(k)}")
    if not is_int(k):
        raise IndexError(f"cannot fit 'int' into an index-sized integer")
    i = untag(k) if is_int(k) else (1 if k == V_TRUE else 0)
    if i < 0:
        i += n
    if i < 0 or i >= n:
        raise IndexError(f"{what} index out of range")
    return i

cdef object slice_to_py(gcref_t s):
    return slice(None if FLD(s)[0] == V_NONE else int_to_py(FLD(s)[0]),
                 None if FLD(s)[1] == V_NONE else int_to_py(FLD(s)[1]),
                 None if FLD(s)[2] == V_NONE else int_to_py(FLD(s)[2]))

cdef gcref_t getitem(gcref_t* ok) except 0:
    cdef gcref_t o = ok[0], k = ok[1], r, m
    cdef uint16_t t
    cdef Py_ssize_t i, n, start, stop, step, j
    if not is_obj(o):
        raise TypeError(f"'{type_name(o)}' object is not subscriptable")
    t = TID(o)
    if t == T_LIST or t == T_TUPLE:
        if has_tid(k, T_SLICE):
            n = SEQLEN(o)
            start, stop, step = slice_to_py(k).indices(n)
            cnt = len(range(start, stop, step))
            r = list_new(cnt) if t == T_LIST else tuple_new(cnt)
            for j in range(cnt):
                ITEMS(r)[j] = ITEMS(ok[0])[start + j * step]
            return r
        return ITEMS(o)[index_of(k, SEQLEN(o), "list" if t == T_LIST else "tuple")]
    if t == T_STR:
        if has_tid(k, T_SLICE):
            start, stop, step = slice_to_py(k).indices(LEN(o))
            cnt = len(range(start, stop, step))
            if cnt == 1:
                return str_char(SDATA(ok[0])[start])
            r = str_new(cnt)
            for j in range(cnt):
                SDATA(r)[j] = SDATA(ok[0])[start + j * step]
            return r
        return str_char(SDATA(o)[index_of(k, LEN(o), "string")])
    if t == T_DICT:
        r = dict_get(ok, ok + 1)
        if r == 0:
            raise_with_value("KeyError", ok[1])
        return r
    if t == T_RANGE:
        if has_tid(k, T_SLICE):
            return range_from_py(range_to_py(o)[slice_to_py(k)])
        return int_from_py(range_to_py(o)[index_of(k, range_len(o), "range object")])
    if t == T_INSTANCE:
        m = magic_of(o, M_GETITEM)
        if m != 0:
            return call_method1(m, o, k)
    if t == T_CLASS:
        return o    # list[int] and friends in annotations
    raise TypeError(f"'{type_name(o)}' object is not subscriptable")

cdef int setitem(gcref_t* ok, gcref_t* vslot) except -1:
    cdef gcref_t o = ok[0], k = ok[1], m
    cdef uint16_t t = TID(o) if is_obj(o) else 0
    if t == T_LIST:
        if has_tid(k, T_SLICE):
            return list_set_slice(ok, vslot)
        list_set(o, index_of(k, RAW(o)[L_LEN], "list assignment"), vslot[0])
        return 0
    if t == T_DICT:
        return dict_set(ok, ok + 1, vslot)
    if t == T_INSTANCE:
        m = magic_of(o, M_SETITEM)
        if m != 0:
            push(m)
            push(ok[0])
            push(ok[1])
            push(vslot[0])
            vm_call(top_slot() - 3, 3)
            pop()
            return 0
    raise TypeError(f"'{type_name(o)}' object does not support item assignment")

cdef int delitem(gcref_t* ok) except -1:
    cdef gcref_t o = ok[0], k = ok[1], m
    cdef uint16_t t = TID(o) if is_obj(o) else 0
    cdef Py_ssize_t i, n
    if t == T_LIST:
        n = RAW(o)[L_LEN]
        if has_tid(k, T_SLICE):
            idx = sorted(range(n)[slice_to_py(k)], reverse=True)
            for i in idx:
                list_del(ok[0], i)
            return 0
        list_del(o, index_of(k, n, "list assignment"))
        return 0
    if t == T_DICT:
        if not dict_del(ok, ok + 1):
            raise_with_value("KeyError", ok[1])
        return 0
    if t == T_INSTANCE:
        m = magic_of(o, M_DELITEM)
        if m != 0:
            call_method1(m, o, k)
            return 0
    raise TypeError(f"'{type_name(o)}' object does not support item deletion")

cdef void list_del(gcref_t l, Py_ssize_t i) noexcept nogil:
    cdef Py_ssize_t n = RAW(l)[L_LEN]
    cdef gcref_t* items = ITEMS(l)
    memmove(items + i, items + i + 1, (n - i - 1) * sizeof(gcref_t))
    items[n - 1] = 0
    RAW(l)[L_LEN] = n - 1

cdef int list_set_slice(gcref_t* ok, gcref_t* vslot) except -1:
    cdef Py_ssize_t n = RAW(ok[0])[L_LEN], start, stop, step, cnt, m, i
    push(list_from_iterable(vslot))
    cdef gcref_t* src = top_slot()
    m = RAW(src[0])[L_LEN]
    start, stop, step = slice_to_py(ok[1]).indices(n)
    if step == 1:
        if stop < start:
            stop = start
        cnt = stop - start
        # new length n - cnt + m; move the tail
        if m > cnt:
            list_resize(ok, n - cnt + m)
            memmove(ITEMS(ok[0]) + start + m, ITEMS(ok[0]) + stop, (n - stop) * sizeof(gcref_t))
        elif m < cnt:
            memmove(ITEMS(ok[0]) + start + m, ITEMS(ok[0]) + stop, (n - stop) * sizeof(gcref_t))
            list_resize(ok, n - cnt + m)
        memcpy(ITEMS(ok[0]) + start, ITEMS(src[0]), m * sizeof(gcref_t))
        gc_write_barrier(H, <GCHeader*>FLD(ok[0])[L_ITEMS])
    else:
        positions = range(start, stop, step)
        if len(positions) != m:
            raise ValueError(f"attempt to assign sequence of size {m} to extended slice of size {len(positions)}")
        for i, p in enumerate(positions):
            list_set(ok[0], p, ITEMS(src[0])[i])
    pop()
    return 0

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
        push(py_to_vm(list(range_to_py(o))))
        r = new_iter(T_LISTITER, top_slot(), 0, 0, 0)
        pop()
        return r
    if t == T_DICT:
        return new_iter(T_DICTITER, slot, 0, 0, RAW(o)[D_USED])
    if t == T_DICTVIEW:
        push(FLD(o)[IT_A])
        r = new_iter(T_DICTITER, top_slot(), 0, 0, RAW(top_slot()[0])[D_USED] | (RAW(o)[IT_C] << 40))
        pop()
        return r
    if t == T_SET:
        return new_iter(T_SETITER, slot, 0, 0, RAW(o)[S_USED])
    if t in (T_LISTITER, T_TUPLEITER, T_STRITER, T_RANGEITER, T_DICTITER, T_SETITER,
             T_ENUMERATE, T_ZIP, T_MAP, T_FILTER, T_REVERSED, T_GENERATOR):
        return o
    if t == T_INSTANCE:
        m = magic_of(o, M_ITER)
        if m != 0:
            return call_method0(m, o)
        m = magic_of(o, M_GETITEM)
        if m != 0:
            push(py_to_vm([]))
            r = seq_protocol_list(slot, top_slot())
            pop()
            return r
    raise TypeError(f"'{type_name(o)}' object is not iterable")

cdef gcref_t seq_protocol_list(gcref_t* oslot, gcref_t* lslot) except 0:
    # an object with only __getitem__: collect o[0], o[1], ... until IndexError
    cdef int64_t i = 0
    cdef gcref_t m, v
    while True:
        m = magic_of(oslot[0], M_GETITEM)
        try:
            v = call_method1(m, oslot[0], tag(i))
        except VMError:
            if isinstance_c(S.roots[R_EXC], exc_class("IndexError")):
                S.roots[R_EXC] = 0
                break
            raise
        list_append_v(lslot, v)
        i += 1
    return new_iter(T_LISTITER, lslot, 0, 0, 0)

cdef gcref_t for_iter(gcref_t* itslot) except? 0:
    # The next item, or 0 (and no exception) when exhausted.
    cdef gcref_t it = itslot[0], o, m, v
    cdef uint16_t t = TID(it) if is_obj(it) else 0
    cdef int64_t i
    cdef Py_ssize_t n
    if t == T_LISTITER or t == T_TUPLEITER:
        o = FLD(it)[IT_A]
        i = RAW(it)[IT_C]
        if i < SEQLEN(o):
            RAW(it)[IT_C] = i + 1
            return ITEMS(o)[i]
        return 0
    if t == T_RANGEITER:
        i = RAW(it)[IT_C]
        n = untag(FLD(it)[IT_B])
        if (n > 0 and i < RAW(it)[IT_D]) or (n < 0 and i > RAW(it)[IT_D]):
            RAW(it)[IT_C] = i + n
            return tag(i)
        return 0
    if t == T_STRITER:
        o = FLD(it)[IT_A]
        i = RAW(it)[IT_C]
        if i < LEN(o):
            RAW(it)[IT_C] = i + 1
            return str_char(SDATA(o)[i])
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
                return v
        RAW(it)[IT_C] = i
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
        push(tag(1))
        push(o)
        o = binary_op(top_slot(), B_ADD, False) if not is_int(o) or untag(o) >= SMALL_MAX else tag(untag(o) + 1)
        H.shadowstack_top -= 2
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
                H.shadowstack_top -= i + 1
                return 0
            top_slot()[0] = v
        v = tuple_from_slots(top_slot() - n + 1, n)
        H.shadowstack_top -= n
        return v
    if t == T_MAP:
        n = LEN(FLD(it)[IT_B])
        push(FLD(it)[IT_A])
        for i in range(n):
            push(FLD(FLD(itslot[0])[IT_B])[i])
            v = for_iter(top_slot())
            if v == 0:
                H.shadowstack_top -= i + 2
                return 0
            top_slot()[0] = v
        vm_call(top_slot() - n, n)
        return pop()
    if t == T_FILTER:
        while True:
            push(FLD(itslot[0])[IT_B])
            v = for_iter(top_slot())
            pop()
            if v == 0:
                return 0
            push(v)
            if FLD(itslot[0])[IT_A] == V_NONE:
                if truth(v):
                    return pop()
            else:
                if truth(call1(FLD(itslot[0])[IT_A], v)):
                    return pop()
            pop()
    if t == T_REVERSED:
        i = RAW(it)[IT_C] - 1
        o = FLD(it)[IT_A]
        if i >= 0 and i < SEQLEN(o):
            RAW(it)[IT_C] = i
            return ITEMS(o)[i]
        RAW(it)[IT_C] = 0
        return 0
    if t == T_INSTANCE:
        m = magic_of(it, M_NEXT)
        if m != 0:
            try:
                return call_method0(m, it)
            except VMError:
                if isinstance_c(S.roots[R_EXC], exc_class("StopIteration")):
                    S.roots[R_EXC] = 0
                    return 0
                raise
    raise TypeError(f"'{type_name(it)}' object is not an iterator")

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

cdef gcref_t next_or_stop(gcref_t* itslot) except 0:
    cdef gcref_t v
    if not is_obj(itslot[0]) or TID(itslot[0]) not in (T_LISTITER, T_TUPLEITER, T_STRITER,
            T_RANGEITER, T_DICTITER, T_SETITER, T_ENUMERATE, T_ZIP, T_MAP, T_FILTER,
            T_REVERSED, T_GENERATOR) and not (has_tid(itslot[0], T_INSTANCE)
                                               and magic_of(itslot[0], M_NEXT) != 0):
        raise TypeError(f"'{type_name(itslot[0])}' object is not an iterator")
    if has_tid(itslot[0], T_GENERATOR):
        push(V_NONE)
        if gen_resume(itslot, top_slot()):
            return pop()
        v = pop()
        if v != V_NONE:
            raise_with_value("StopIteration", v)
        raise StopIteration()
    v = for_iter(itslot)
    if v == 0:
        raise StopIteration()
    return v

# ---------------------------------------------------------------- generators

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
        raise ValueError("generator already executing")
    if throw and status != GEN_SUSPENDED:
        RAW(g)[G_STATUS] = GEN_DONE
        return raise_vm(vslot[0])
    if status == GEN_DONE:
        vslot[0] = V_NONE
        return False
    co = S.codes[RAW(FLD(g)[G_FUNC])[FN_CODE]]
    nstack = RAW(g)[G_PC] >> 32
    push(g)
    ret = top_slot()
    base = ret + 1
    f = push_frame(co, base, ret, F_GEN | F_ENTRY)
    memcpy(base, FLD(FLD(g)[G_STATE]), (co.nlocals + nstack) * sizeof(gcref_t))
    f.pc = RAW(g)[G_PC] & 0xFFFFFFFF
    f.sp = base + co.nlocals + nstack
    if status != GEN_CREATED and not throw:
        f.sp[0] = vslot[0]
        f.sp += 1
    H.shadowstack_top = f.sp
    RAW(g)[G_STATUS] = GEN_RUNNING
    try:
        if throw:
            # The exception appears at the yield the generator is suspended in.
            f.pc -= 1
            S.roots[R_EXC] = vslot[0]
            if not unwind(S.depth, False):
                raise VMError()
        st = eval_loop()
    except BaseException:
        H.shadowstack_top = ret
        raise
    vslot[0] = ret[0]
    H.shadowstack_top = ret
    return st == ST_YIELD

cdef int yield_value(Frame* f, gcref_t* sp) except -1:
    # Suspend the generator frame [f]: save locals and stack, hand the value out.
    cdef gcref_t g = f.base[-1]
    cdef CodeObj* co = f.co
    cdef Py_ssize_t nstack = (sp - 1) - (f.base + co.nlocals)
    cdef gcref_t state = FLD(g)[G_STATE]
    gc_write_barrier(H, <GCHeader*>state)
    memcpy(FLD(state), f.base, (co.nlocals + nstack) * sizeof(gcref_t))
    RAW(g)[G_PC] = (f.pc + 1) | (nstack << 32)
    RAW(g)[G_STATUS] = GEN_SUSPENDED
    f.ret[0] = sp[-1]
    H.shadowstack_top = f.ret + 1
    S.depth -= 1
    return 2

cdef int send(gcref_t* slots) except -1:
    # [it, value]: resume it; 1 -> [it, yielded], 0 -> [result]
    cdef gcref_t v
    if has_tid(slots[0], T_GENERATOR):
        if gen_resume(slots, slots + 1):
            return 1
        slots[0] = slots[1]
        return 0
    v = for_iter(slots)
    if v == 0:
        slots[0] = V_NONE
        return 0
    slots[1] = v
    return 1

# ---------------------------------------------------------------- building values

cdef gcref_t list_from_iterable(gcref_t* slot) except 0:
    cdef gcref_t v
    if has_tid(slot[0], T_LIST) or has_tid(slot[0], T_TUPLE):
        return seq_copy(slot, T_LIST, 0, SEQLEN(slot[0]))
    push(list_new(0))
    for_each(slot, list_append, top_slot())
    return pop()

cdef int list_extend(gcref_t* lslot, gcref_t* srcslot) except -1:
    cdef Py_ssize_t n, m
    push(list_from_iterable(srcslot))
    m = RAW(top_slot()[0])[L_LEN]
    n = RAW(lslot[0])[L_LEN]
    list_resize(lslot, n + m)
    memcpy(ITEMS(lslot[0]) + n, ITEMS(top_slot()[0]), m * sizeof(gcref_t))
    gc_write_barrier(H, <GCHeader*>FLD(lslot[0])[L_ITEMS])
    pop()
    return 0

cdef int dict_update(gcref_t* dslot, gcref_t* srcslot, bint merge) except -1:
    cdef Py_ssize_t i
    cdef gcref_t v
    if has_tid(srcslot[0], T_DICT):
        i = 0
        while i < RAW(srcslot[0])[D_NENTRIES]:
            if ENT(srcslot[0])[3 * i + 1] != 0:
                push(ENT(srcslot[0])[3 * i + 1])
                push(ENT(srcslot[0])[3 * i + 2])
                if merge and dict_get(dslot, top_slot() - 1) != 0:
                    raise TypeError(f"got multiple values for keyword argument '{str_to_py(top_slot()[-1])}'")
                dict_set(dslot, top_slot() - 1, top_slot())
                H.shadowstack_top -= 2
            i += 1
        return 0
    push(get_iter(srcslot))
    while True:
        v = for_iter(top_slot())
        if v == 0:
            break
        push(v)
        if not (has_tid(v, T_TUPLE) or has_tid(v, T_LIST)) or SEQLEN(v) != 2:
            raise ValueError("dictionary update sequence element has wrong length")
        push(ITEMS(v)[0])
        push(ITEMS(top_slot()[-1])[1])
        dict_set(dslot, top_slot() - 1, top_slot())
        H.shadowstack_top -= 3
    pop()
    return 0

cdef gcref_t* unpack(gcref_t* sp, int before, int after) except NULL:
    # [seq] -> items pushed so that the first is on top; after >= 0: starred
    cdef Py_ssize_t n, i, total
    cdef gcref_t lst = sp[-1]
    if after < 0 and is_obj(lst) and (TID(lst) == T_TUPLE or TID(lst) == T_LIST) \
            and SEQLEN(lst) == before:
        # the common case, without a temporary list
        for i in range(before):
            sp[-1 + before - 1 - i] = ITEMS(lst)[i]
        return sp - 1 + before
    if not is_obj(sp[-1]) or TID(sp[-1]) in (T_FLOAT, T_BIGINT, T_FUNCTION, T_CLASS, T_BOUND,
                                             T_MODULE, T_CELL, T_SLICE) or \
            (has_tid(sp[-1], T_INSTANCE) and magic_of(sp[-1], M_ITER) == 0
             and magic_of(sp[-1], M_GETITEM) == 0):
        raise TypeError(f"cannot unpack non-iterable {type_name(sp[-1])} object")
    sp[-1] = list_from_iterable(sp - 1)
    lst = sp[-1]
    n = RAW(lst)[L_LEN]
    if after < 0:
        if n != before:
            if n > before:
                raise ValueError(f"too many values to unpack (expected {before})")
            raise ValueError(f"not enough values to unpack (expected {before}, got {n})")
        for i in range(n):
            sp[-1 + n - 1 - i] = ITEMS(lst)[i]
        return sp - 1 + n
    total = before + after
    if n < total:
        raise ValueError(f"not enough values to unpack (expected at least {total}, got {n})")
    # stack order (top first): item0 .. item(before-1), starred list, tail items
    cdef gcref_t mid = seq_copy(sp - 1, T_LIST, before, n - total)
    H.shadowstack_top = sp
    # write from the bottom: tail reversed, then the starred list, then the head reversed
    cdef gcref_t* out = sp - 1
    push(mid)
    cdef gcref_t* midslot = top_slot()
    # temporarily keep lst at sp[-1]; copy into a scratch area above
    for i in range(after):
        midslot[1 + i] = ITEMS(sp[-1])[n - 1 - i]
    midslot[1 + after] = midslot[0]
    for i in range(before):
        midslot[2 + after + i] = ITEMS(sp[-1])[before - 1 - i]
    memmove(out, midslot + 1, (total + 1) * sizeof(gcref_t))
    return out + total + 1

# ---------------------------------------------------------------- functions, classes, raise

cdef gcref_t* make_function(gcref_t* sp, int flags) except NULL:
    # [defaults?, kwdefaults?, closure?, code] -> [function]
    cdef int64_t cidx = untag(sp[-1])
    cdef gcref_t fn = alloc_fixed(T_FUNCTION)
    sp -= 1
    RAW(fn)[FN_CODE] = cidx
    if flags & 4:
        sp -= 1
        FLD(fn)[FN_CLOSURE] = sp[0]
    if flags & 2:
        sp -= 1
        FLD(fn)[FN_KWDEFAULTS] = sp[0]
    if flags & 1:
        sp -= 1
        FLD(fn)[FN_DEFAULTS] = sp[0]
    sp[0] = fn
    return sp + 1

cdef gcref_t build_class(gcref_t* slots) except 0:
    # [name, base-or-None, body function] -> class
    cdef gcref_t base = slots[1], cls, v
    cdef CodeObj* co
    cdef Frame* f
    cdef int64_t flags = 0
    cdef Py_ssize_t i
    if base == V_NONE:
        base = kind_class(KIND_OBJECT)
        slots[1] = base
    elif not has_tid(base, T_CLASS):
        raise TypeError("bases must be types")
    if RAW(base)[K_FLAGS] & CF_EXCEPTION:
        flags |= CF_EXCEPTION
    elif RAW(base)[K_FLAGS] & CF_BUILTIN and RAW(base)[K_KIND] != KIND_OBJECT:
        raise TypeError(f"subclassing '{class_name(base)}' is not supported by vmsample")
    # Run the body with a fresh namespace in the slot after its locals.  When
    # the body returns, nothing has allocated since its last instruction, so
    # the namespace is still in that (dead) slot: move it to the result slot.
    co = S.codes[RAW(slots[2])[FN_CODE]]
    push(slots[2])
    cdef gcref_t* fslot = top_slot()
    f = push_frame(co, fslot + 1, fslot, F_ENTRY)
    memset(fslot + 1, 0, co.nlocals * sizeof(gcref_t))
    H.shadowstack_top = fslot + 1 + co.nlocals
    v = dict_new()
    fslot[1 + co.nlocals] = v
    H.shadowstack_top = f.sp
    eval_loop()
    fslot[0] = fslot[1 + co.nlocals]
    H.shadowstack_top = fslot + 1
    cdef gcref_t* ns = fslot
    cls = new_class(slots, slots + 1, ns, flags, KIND_OBJECT if flags == 0 else KIND_BASEEXC)
    push(cls)
    # __slots__
    v = dict_get_str(ns[0], MAGIC(M_SLOTS))
    if v != 0:
        names = [str_to_py(v)] if has_tid(v, T_STR) else [str_to_py(ITEMS(v)[i]) for i in range(SEQLEN(v))]
        inherited = True
        b = FLD(top_slot()[0])[K_BASE]
        while b != 0 and b != kind_class(KIND_OBJECT):
            if not RAW(b)[K_FLAGS] & CF_SLOTS:
                inherited = False
            b = FLD(b)[K_BASE]
        base_keys = []
        b = FLD(top_slot()[0])[K_BASE]
        if b != kind_class(KIND_OBJECT) and RAW(b)[K_FLAGS] & CF_SLOTS:
            base_keys = [str_to_py(ITEMS(FLD(b)[K_KEYS])[i]) for i in range(RAW(FLD(b)[K_KEYS])[L_LEN])]
        for nm in base_keys + names:
            push(intern(nm))
            push(FLD(top_slot()[-1])[K_KEYS])
            list_append(top_slot(), top_slot() - 1)
            H.shadowstack_top -= 2
        if inherited:
            RAW(top_slot()[0])[K_FLAGS] |= CF_SLOTS
    # A class that defines __eq__ but not __hash__ is unhashable (CPython sets
    # __hash__ = None in its namespace).
    if dict_get_str(ns[0], MAGIC(M_EQ)) != 0 and dict_get_str(ns[0], MAGIC(M_HASH)) == 0:
        push(MAGIC(M_HASH))
        push(V_NONE)
        dict_set(ns, top_slot() - 1, top_slot())
        H.shadowstack_top -= 2
    # methods learn their class (for zero-argument super())
    i = 0
    while i < RAW(ns[0])[D_NENTRIES]:
        v = ENT(ns[0])[3 * i + 2]
        if has_tid(v, T_STATICMETHOD) or has_tid(v, T_CLASSMETHOD):
            v = FLD(v)[0]
        if has_tid(v, T_FUNCTION) and FLD(v)[FN_OWNER] == 0:
            store(v, FN_OWNER, top_slot()[0])
        i += 1
    cls = pop()
    pop()
    return cls

cdef int do_raise(gcref_t* sp, int n) except -1:
    cdef gcref_t exc, cause = 0
    if n == 0:
        exc = S.roots[R_HANDLED]
        if exc == 0 or exc == V_NONE:
            raise RuntimeError("No active exception to reraise")
        S.reraising = True
        return raise_vm(exc)
    if n == 2:
        cause = sp[-1]
    exc = sp[-n]
    if has_tid(exc, T_CLASS) and RAW(exc)[K_FLAGS] & CF_EXCEPTION:
        sp[-n] = exc
        H.shadowstack_top = sp - n + 1
        vm_call(sp - n, 0)
        exc = sp[-n]
    if not has_tid(exc, T_INSTANCE) or not RAW(FLD(exc)[I_CLASS])[K_FLAGS] & CF_EXCEPTION:
        raise TypeError("exceptions must derive from BaseException")
    push(exc)
    if n == 2:
        if sp[-1] != V_NONE and not (has_tid(sp[-1], T_INSTANCE)
                                     and RAW(FLD(sp[-1])[I_CLASS])[K_FLAGS] & CF_EXCEPTION):
            if has_tid(sp[-1], T_CLASS) and RAW(sp[-1])[K_FLAGS] & CF_EXCEPTION:
                sp[-1] = vm_call_class0(sp - 1)
            else:
                raise TypeError("exception causes must derive from BaseException")
        push(MAGIC(M_CAUSE))
        push(sp[-1])
        instance_setattr(top_slot() - 2, top_slot() - 1, top_slot())
        top_slot()[-1] = MAGIC(M_SUPPRESS_CONTEXT)
        top_slot()[0] = V_TRUE
        instance_setattr(top_slot() - 2, top_slot() - 1, top_slot())
        H.shadowstack_top -= 2
    return raise_vm(pop())

cdef gcref_t vm_call_class0(gcref_t* slot) except 0:
    # slot[0]() with the stack top just above it
    cdef gcref_t* saved = H.shadowstack_top
    push(slot[0])
    vm_call(top_slot(), 0)
    cdef gcref_t r = pop()
    H.shadowstack_top = saved
    return r

cdef gcref_t import_module(gcref_t name) except 0:
    cdef gcref_t m = dict_get_str(S.roots[MODULES_ROOT], name)
    if m == 0:
        raise ImportError(f"No module named '{str_to_py(name)}'")
    return m

cdef int MODULES_ROOT = 0

cdef gcref_t* call_ex(Frame* f, gcref_t* sp, int has_kw) except NULL:
    # [f, args-iterable, kwargs-dict?] -> [f, args..., kwvalues...] and call
    cdef gcref_t* fslot = sp - 2 - has_kw
    cdef gcref_t names = 0, seq, d = 0
    cdef Py_ssize_t n, nk = 0, i, j
    if not has_tid(fslot[1], T_TUPLE):
        fslot[1] = list_from_iterable(fslot + 1)
    n = SEQLEN(fslot[1])
    if has_kw:
        nk = RAW(fslot[2])[D_USED]
    if nk:
        names = tuple_new(nk)
        d = fslot[2]
        j = 0
        for i in range(RAW(d)[D_NENTRIES]):
            if ENT(d)[3 * i + 1] != 0:
                if not has_tid(ENT(d)[3 * i + 1], T_STR):
                    raise TypeError("keywords must be strings")
                FLD(names)[j] = ENT(d)[3 * i + 1]
                j += 1
    if fslot + 1 + n + nk + 8 > H.shadowstack_end:
        raise RecursionError("maximum recursion depth exceeded")
    # no allocation from here on: C locals may hold references
    seq = fslot[1]
    d = fslot[2] if has_kw else 0
    for i in range(n):
        fslot[1 + i] = ITEMS(seq)[i]
    j = 0
    if nk:
        for i in range(RAW(d)[D_NENTRIES]):
            if ENT(d)[3 * i + 1] != 0:
                fslot[1 + n + j] = ENT(d)[3 * i + 2]
                j += 1
    H.shadowstack_top = fslot + 1 + n + nk
    if call_value(fslot, n + nk, names):
        return S.frames[S.depth].sp
    return fslot + 1

# ---------------------------------------------------------------- repr, str, format
# These build CPython strings (the VM runs inside CPython: float repr, format
# specs and %-formatting are CPython's own), calling VM __repr__/__str__ where
# a class defines them.

cdef str repr_py(gcref_t* slot):
    cdef gcref_t v = slot[0], m, r
    cdef uint16_t t
    cdef Py_ssize_t i
    if is_int(v):
        return str(untag(v))
    if v == V_NONE:
        return "None"
    if v == V_TRUE:
        return "True"
    if v == V_FALSE:
        return "False"
    if v == V_NOTIMPL:
        return "NotImplemented"
    if is_bfunc(v):
        return f"<built-in function {BUILTIN_NAMES[builtin_id(v)]}>"
    t = TID(v)
    if t == T_STR:
        return repr(str_to_py(v))
    if t == T_FLOAT:
        return repr(FVAL(v))
    if t == T_BIGINT:
        return repr(big_to_py(v))
    if (t == T_LIST or t == T_DICT or t == T_SET) and repr_active(v):
        return "[...]" if t == T_LIST else "{...}"
    if t == T_LIST or t == T_TUPLE or t == T_DICT or t == T_SET:
        push(v)
        REPR_STACK.append(<uintptr_t>top_slot())
        try:
            return container_repr(top_slot(), t)
        finally:
            REPR_STACK.pop()
            pop()
    return other_repr(slot, t)

REPR_STACK = []      # addresses of shadow-stack slots holding containers being repr'd

cdef bint repr_active(gcref_t v):
    # The slots are updated in place when objects move, so comparing their
    # current contents finds a container already on the stack.
    for addr in REPR_STACK:
        if (<gcref_t*><uintptr_t>addr)[0] == v:
            return True
    return False

cdef str container_repr(gcref_t* slot, uint16_t t):
    cdef gcref_t m
    cdef Py_ssize_t i
    if t == T_LIST or t == T_TUPLE:
        parts = []
        i = 0
        while i < SEQLEN(slot[0]):
            push(ITEMS(slot[0])[i])
            parts.append(repr_py(top_slot()))
            pop()
            i += 1
        if t == T_LIST:
            return "[" + ", ".join(parts) + "]"
        if len(parts) == 1:
            return "(" + parts[0] + ",)"
        return "(" + ", ".join(parts) + ")"
    if t == T_DICT:
        parts = []
        i = 0
        while i < RAW(slot[0])[D_NENTRIES]:
            if ENT(slot[0])[3 * i + 1] != 0:
                push(ENT(slot[0])[3 * i + 1])
                push(ENT(slot[0])[3 * i + 2])
                parts.append(repr_py(top_slot() - 1) + ": " + repr_py(top_slot()))
                H.shadowstack_top -= 2
            i += 1
        return "{" + ", ".join(parts) + "}"
    if t == T_SET:
        if RAW(slot[0])[S_USED] == 0:
            return "set()"
        parts = []
        i = 0
        while i <= RAW(slot[0])[S_MASK]:
            m = STAB(slot[0])[2 * i + 1]
            if m != 0 and m != V_DUMMY:
                push(m)
                parts.append(repr_py(top_slot()))
                pop()
            i += 1
        return "{" + ", ".join(parts) + "}"

cdef str other_repr(gcref_t* slot, uint16_t t):
    cdef gcref_t v = slot[0], m, r
    if t == T_DICTVIEW:
        push(list_from_iterable(slot))
        s = repr_py(top_slot())
        pop()
        return ("dict_keys(", "dict_values(", "dict_items(")[RAW(slot[0])[IT_C]] + s + ")"
    if t == T_RANGE:
        return repr(range_to_py(v))
    if t == T_CLASS:
        if RAW(v)[K_FLAGS] & CF_BUILTIN:
            return f"<class '{class_name(v)}'>"
        return f"<class '__main__.{class_name(v)}'>"
    if t == T_FUNCTION:
        return f"<function {CODE_SPECS[RAW(v)[FN_CODE]].qualname} at {object_id(v):#x}>"
    if t == T_BOUND:
        push(FLD(v)[0])
        s = repr_py(top_slot())
        pop()
        return f"<bound method {repr_name(FLD(slot[0])[1])} of {s}>"
    if t == T_MODULE:
        return f"<module '{str_to_py(FLD(v)[0])}' (built-in)>"
    if t == T_GENERATOR:
        return f"<generator object {CODE_SPECS[RAW(FLD(v)[G_FUNC])[FN_CODE]].qualname} at {object_id(v):#x}>"
    if t == T_SLICE:
        push(FLD(v)[0])
        push(FLD(slot[0])[1])
        push(FLD(slot[0])[2])
        s = f"slice({repr_py(top_slot() - 2)}, {repr_py(top_slot() - 1)}, {repr_py(top_slot())})"
        H.shadowstack_top -= 3
        return s
    if t == T_INSTANCE:
        m = class_lookup(FLD(v)[I_CLASS], MAGIC(M_REPR))
        if m != 0 and not is_bfunc(m):
            r = call_method0(m, v)
            if not has_tid(r, T_STR):
                raise TypeError(f"__repr__ returned non-string (type {type_name(r)})")
            return str_to_py(r)
        if RAW(FLD(v)[I_CLASS])[K_FLAGS] & CF_EXCEPTION:
            return exc_repr(slot)
        return f"<__main__.{type_name(v)} object at {object_id(v):#x}>"
    return f"<{type_name(v)} object at {object_id(v):#x}>"

cdef str repr_name(gcref_t f):
    if has_tid(f, T_FUNCTION):
        return CODE_SPECS[RAW(f)[FN_CODE]].qualname
    if is_bfunc(f):
        return BUILTIN_NAMES[builtin_id(f)]
    return "?"

cdef str exc_repr(gcref_t* slot):
    push(instance_attr(slot[0], MAGIC(M_ARGS)))
    cdef Py_ssize_t n = LEN(top_slot()[0]) if has_tid(top_slot()[0], T_TUPLE) else 0
    if n == 1:
        s = repr_py(&ITEMS(top_slot()[0])[0])
        s = f"{type_name(slot[0])}({s})"
    else:
        s = type_name(slot[0]) + (repr_py(top_slot()) if n else "()")
    pop()
    return s

cdef str str_py(gcref_t* slot):
    cdef gcref_t v = slot[0], m, r
    if has_tid(v, T_STR):
        return str_to_py(v)
    if has_tid(v, T_INSTANCE):
        m = class_lookup(FLD(v)[I_CLASS], MAGIC(M_STR))
        if m != 0 and not is_bfunc(m):
            r = call_method0(m, v)
            if not has_tid(r, T_STR):
                raise TypeError(f"__str__ returned non-string (type {type_name(r)})")
            return str_to_py(r)
        if RAW(FLD(v)[I_CLASS])[K_FLAGS] & CF_EXCEPTION:
            return exc_str(slot)
    return repr_py(slot)

cdef str exc_str(gcref_t* slot):
    push(instance_attr(slot[0], MAGIC(M_ARGS)))
    cdef Py_ssize_t n = LEN(top_slot()[0]) if has_tid(top_slot()[0], T_TUPLE) else 0
    if n == 0:
        s = ""
    elif n == 1:
        s = str_py(&ITEMS(top_slot()[0])[0])
        if RAW(FLD(slot[0])[I_CLASS])[K_KIND] == KIND_BASEEXC and class_name(FLD(slot[0])[I_CLASS]) == "KeyError":
            s = repr_py(&ITEMS(top_slot()[0])[0])
    else:
        s = repr_py(top_slot())
    pop()
    return s

cdef gcref_t vm_str(gcref_t* slot) except 0:
    if has_tid(slot[0], T_STR):
        return slot[0]
    return str_from_py(str_py(slot))

cdef object format_arg(gcref_t* slot):
    # a CPython value that formats like the VM value does
    cdef gcref_t v = slot[0]
    if is_number(v):
        if v == V_TRUE:
            return True
        if v == V_FALSE:
            return False
        return num_to_py(v)
    if has_tid(v, T_STR):
        return str_to_py(v)
    return _Formattable(str_py(slot), repr_py(slot))

class _Formattable:
    """Stands for a VM object inside CPython formatting (str(), repr())."""
    def __init__(self, s, r):
        self.s, self.r = s, r
    def __str__(self):
        return self.s
    def __repr__(self):
        return self.r
    def __format__(self, spec):
        return format(self.s, spec)

cdef gcref_t format_value(gcref_t* slot, int conv, gcref_t* spec) except 0:
    cdef gcref_t m
    if conv == 1:
        s = str_py(slot)
        x = s
    elif conv == 2:
        x = repr_py(slot)
    elif conv == 3:
        x = ascii(repr_py(slot))[1:-1]
    else:
        if spec == NULL or (LEN(spec[0]) == 0 and not has_tid(slot[0], T_INSTANCE)):
            return vm_str(slot)
        if has_tid(slot[0], T_INSTANCE):
            m = class_lookup(FLD(slot[0])[I_CLASS], MAGIC(M_FORMAT))
            if m != 0 and not is_bfunc(m):
                return call_method1(m, slot[0], spec[0])
        x = format_arg(slot)
    if spec == NULL:
        return str_from_py(x if type(x) is str else str(x))
    return str_from_py(format(x, str_to_py(spec[0])))

import _string

cdef str str_format(str fmt, gcref_t* args, Py_ssize_t nall, gcref_t kwnames, list auto, int depth):
    # str.format over VM values: CPython's own parser for the template; field
    # lookups (index, attribute, key) and formatting go through the VM.
    cdef Py_ssize_t npos = nall - nkw(kwnames), i
    cdef gcref_t v
    if depth < 0:
        raise ValueError("Max string recursion exceeded")
    out = []
    for literal, field, spec, conv in _string.formatter_parser(fmt):
        out.append(literal)
        if field is None:
            continue
        first, rest = _string.formatter_field_name_split(field)
        if first == "":
            if auto[0] < 0:
                raise ValueError("cannot switch from manual field specification to automatic field numbering")
            first = auto[0]
            auto[0] += 1
        elif isinstance(first, int):
            if auto[0] > 0:
                raise ValueError("cannot switch from automatic field numbering to manual field specification")
            auto[0] = -1
        if isinstance(first, int):
            if first >= npos:
                raise IndexError(f"Replacement index {first} out of range for positional args tuple")
            push(args[first])
        else:
            v = 0
            if kwnames:
                for i in range(LEN(kwnames)):
                    if str_to_py(FLD(kwnames)[i]) == first:
                        v = args[npos + i]
            if v == 0:
                raise KeyError(first)
            push(v)
        for is_attr, key in rest:
            if is_attr:
                top_slot()[0] = getattr_v(top_slot(), intern(key))
            else:
                push(int_from_py(key) if isinstance(key, int) else str_from_py(key))
                v = getitem(top_slot() - 1)
                pop()
                top_slot()[0] = v
        if spec and "{" in spec:
            spec = str_format(spec, args, nall, kwnames, auto, depth - 1)
        if conv == "s":
            text = str_py(top_slot())
            out.append(format(text, spec))
        elif conv == "r":
            out.append(format(repr_py(top_slot()), spec))
        elif conv == "a":
            out.append(format(ascii(repr_py(top_slot()))[1:-1], spec))
        elif conv is not None:
            raise ValueError(f"Unknown conversion specifier {conv}")
        else:
            push(str_from_py(spec))
            v = format_value(top_slot() - 1, 0, top_slot())
            pop()
            out.append(str_to_py(v))
        pop()
    return "".join(out)

cdef gcref_t build_string(gcref_t* items, Py_ssize_t n) except 0:
    cdef Py_ssize_t total = 0, i, pos = 0
    cdef gcref_t r
    for i in range(n):
        total += LEN(items[i])
    r = str_new(total)
    for i in range(n):
        memcpy(SDATA(r) + pos, SDATA(items[i]), LEN(items[i]) * 4)
        pos += LEN(items[i])
    return r

cdef gcref_t percent_format(gcref_t* fmt, gcref_t* args) except 0:
    cdef Py_ssize_t i
    if has_tid(args[0], T_TUPLE):
        vals = []
        i = 0
        while i < LEN(args[0]):
            push(FLD(args[0])[i])
            vals.append(format_arg(top_slot()))
            pop()
            i += 1
        return str_from_py(str_to_py(fmt[0]) % tuple(vals))
    if has_tid(args[0], T_DICT):
        d = {}
        i = 0
        while i < RAW(args[0])[D_NENTRIES]:
            if ENT(args[0])[3 * i + 1] != 0:
                push(ENT(args[0])[3 * i + 1])
                push(ENT(args[0])[3 * i + 2])
                d[format_arg(top_slot() - 1)] = format_arg(top_slot())
                H.shadowstack_top -= 2
            i += 1
        return str_from_py(str_to_py(fmt[0]) % d)
    return str_from_py(str_to_py(fmt[0]) % (format_arg(args),))

# ---------------------------------------------------------------- builtins
# A builtin is an immediate (bid << 3) | 6.  Functions come first, then the
# methods of builtin types ("type.name"), installed into their class dicts.

BUILTIN_NAMES = [
    "len", "print", "range", "isinstance", "repr", "abs", "min", "max", "sum", "sorted",
    "reversed", "enumerate", "zip", "map", "filter", "any", "all", "hasattr", "getattr",
    "setattr", "iter", "next", "divmod", "round", "ord", "chr", "hash", "id", "super",
    "callable", "issubclass", "pow", "delattr", "format", "bin", "hex", "oct", "input",
    "object.__init__", "BaseException.__init__", "object.__repr__", "object.__str__",
    "object.__eq__", "object.__ne__", "object.__hash__",
    "list.append", "list.pop", "list.insert", "list.index", "list.count", "list.sort",
    "list.reverse", "list.extend", "list.remove", "list.clear", "list.copy",
    "dict.get", "dict.setdefault", "dict.pop", "dict.update", "dict.keys", "dict.values",
    "dict.items", "dict.copy", "dict.clear", "dict.popitem", "dict.fromkeys",
    "set.add", "set.remove", "set.discard", "set.pop", "set.union", "set.intersection",
    "set.difference", "set.copy", "set.update", "set.clear", "set.issubset", "set.issuperset",
    "set.symmetric_difference", "set.isdisjoint",
    "tuple.index", "tuple.count", "int.bit_length", "float.is_integer",
    "generator.send", "generator.throw", "generator.close", "property", "staticmethod", "classmethod",
    "property.setter", "property.getter", "property.deleter",
    "math.sqrt", *sorted("math." + n for n in dir(_pymath)
                          if not n.startswith("_") and callable(getattr(_pymath, n)) and n != "sqrt"),
    "time.time", "time.perf_counter", "time.monotonic", "time.process_time", "time.sleep",
    "time.time_ns", "time.perf_counter_ns", "time.monotonic_ns",
    "random.seed", "random.random", "random.randint", "random.choice", "random.shuffle",
    "random.uniform", "random.randrange", "random.sample", "random.gauss", "random.choices",
    "random.getrandbits", "random.expovariate", "random.normalvariate", "random.triangular",
    "gc.collect", "gc.enable", "gc.disable", "gc.isenabled", "sys.exit", "sys.getrecursionlimit",
    "sys.setrecursionlimit",
]
STR_METHODS = ["split", "join", "strip", "lstrip", "rstrip", "replace", "find", "rfind",
               "startswith", "endswith", "upper", "lower", "format", "index", "rindex",
               "count", "isdigit", "isalpha", "isalnum", "isspace", "isupper", "islower",
               "title", "capitalize", "center", "ljust", "rjust", "zfill", "partition",
               "rpartition", "splitlines", "swapcase", "rsplit", "casefold", "isidentifier",
               "isnumeric", "isdecimal", "expandtabs", "removeprefix",
               "removesuffix"]
BUILTIN_NAMES += ["str." + m for m in STR_METHODS]
BUILTIN_IDS = {name: i for i, name in enumerate(BUILTIN_NAMES)}
cdef int BI_STR_FIRST = BUILTIN_IDS["str.split"]

cdef enum:
    BI_LEN, BI_PRINT, BI_RANGE, BI_ISINSTANCE, BI_REPR, BI_ABS, BI_MIN, BI_MAX, BI_SUM
    BI_SORTED, BI_REVERSED, BI_ENUMERATE, BI_ZIP, BI_MAP, BI_FILTER, BI_ANY, BI_ALL
    BI_HASATTR, BI_GETATTR, BI_SETATTR, BI_ITER, BI_NEXT, BI_DIVMOD, BI_ROUND, BI_ORD
    BI_CHR, BI_HASH, BI_ID, BI_SUPER, BI_CALLABLE, BI_ISSUBCLASS, BI_POW, BI_DELATTR
    BI_FORMAT, BI_BIN, BI_HEX, BI_OCT, BI_INPUT
    BI_OBJECT_INIT, BI_EXC_INIT, BI_OBJECT_REPR, BI_OBJECT_STR, BI_OBJECT_EQ, BI_OBJECT_NE
    BI_OBJECT_HASH
    BI_LIST_APPEND, BI_LIST_POP, BI_LIST_INSERT, BI_LIST_INDEX, BI_LIST_COUNT, BI_LIST_SORT
    BI_LIST_REVERSE, BI_LIST_EXTEND, BI_LIST_REMOVE, BI_LIST_CLEAR, BI_LIST_COPY
    BI_DICT_GET, BI_DICT_SETDEFAULT, BI_DICT_POP, BI_DICT_UPDATE, BI_DICT_KEYS
    BI_DICT_VALUES, BI_DICT_ITEMS, BI_DICT_COPY, BI_DICT_CLEAR, BI_DICT_POPITEM, BI_DICT_FROMKEYS
    BI_SET_ADD, BI_SET_REMOVE, BI_SET_DISCARD, BI_SET_POP, BI_SET_UNION
    BI_SET_INTERSECTION, BI_SET_DIFFERENCE, BI_SET_COPY, BI_SET_UPDATE, BI_SET_CLEAR
    BI_SET_ISSUBSET, BI_SET_ISSUPERSET, BI_SET_SYMDIFF, BI_SET_ISDISJOINT
    BI_TUPLE_INDEX, BI_TUPLE_COUNT, BI_INT_BIT_LENGTH, BI_FLOAT_IS_INTEGER
    BI_GEN_SEND, BI_GEN_THROW, BI_GEN_CLOSE, BI_PROPERTY, BI_STATICMETHOD, BI_CLASSMETHOD
    BI_PROP_SETTER, BI_PROP_GETTER, BI_PROP_DELETER
    BI_MATH_FIRST

def _check_builtins():
    assert BUILTIN_IDS["math.sqrt"] == BI_MATH_FIRST, "builtin table and enum differ"
    assert BUILTIN_IDS["property.deleter"] == BI_PROP_DELETER

_check_builtins()

# The modules' contents: name -> builtin id, plus constants.
MODULE_CONSTANTS = {"math": {"pi": _pymath.pi, "e": _pymath.e, "inf": _pymath.inf,
                             "nan": _pymath.nan, "tau": _pymath.tau},
                    "time": {}, "random": {}, "gc": {}, "sys": {"maxsize": sys.maxsize},
                    "typing": {}}
TYPING_NAMES = ["List", "Dict", "Tuple", "Set", "Optional", "Any", "Union", "Callable",
                "Iterator", "Iterable", "Generator", "Sequence", "Mapping", "TypeVar",
                "FrozenSet", "Type", "ClassVar", "Final"]

import random as _pyrandom
_RNG = _pyrandom.Random(0)
_PY_MODULE_FUNCS = {"math": _pymath, "time": __import__("time"), "random": _RNG}

cdef object to_py_simple(gcref_t* slot):
    # CPython value for str methods and module functions (containers converted)
    cdef gcref_t v = slot[0]
    cdef Py_ssize_t i
    if has_tid(v, T_LIST) or has_tid(v, T_TUPLE):
        out = []
        i = 0
        while i < SEQLEN(slot[0]):
            push(ITEMS(slot[0])[i])
            out.append(to_py_simple(top_slot()))
            pop()
            i += 1
        return out if has_tid(slot[0], T_LIST) else tuple(out)
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

cdef int check_args(str name, Py_ssize_t n, Py_ssize_t lo, Py_ssize_t hi) except -1:
    if n < lo or n > hi:
        if lo == hi:
            raise TypeError(f"{name}() takes exactly {plural(lo, 'argument')} ({n} given)"
                            if lo != 1 else f"{name}() takes exactly one argument ({n} given)")
        if n < lo:
            raise TypeError(f"{name} expected at least {plural(lo, 'argument')}, got {n}")
        raise TypeError(f"{name} expected at most {plural(hi, 'argument')}, got {n}")
    return 0

cdef gcref_t minmax(gcref_t* args, Py_ssize_t n, gcref_t kwnames, int op, str name) except 0:
    cdef gcref_t key = kwarg(args, n, kwnames, "key")
    cdef gcref_t dflt = kwarg(args, n, kwnames, "default")
    cdef gcref_t v
    if n == 0:
        raise TypeError(f"{name} expected at least 1 argument, got 0")
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
        H.shadowstack_top -= 2
    v = st[1]
    H.shadowstack_top = st
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
    H.shadowstack_top -= 2
    return r

cdef int list_sort(gcref_t* lslot, gcref_t key, bint reverse) except -1:
    # Stable sort through CPython's sorted() on index keys; comparisons call
    # back into the VM.  The list's items are snapshotted in a rooted tuple.
    cdef Py_ssize_t n = RAW(lslot[0])[L_LEN], i
    push(key)
    push(seq_copy(lslot, T_TUPLE, 0, n))
    cdef gcref_t* items = top_slot()
    if key != 0 and key != V_NONE:
        push(tuple_new(n))
        for i in range(n):
            v = call1(items[-1], FLD(items[0])[i])
            store(top_slot()[0], i, v)
        keys = top_slot()
    else:
        push(items[0])
        keys = top_slot()
    cdef gcref_t* kslot = top_slot()
    order = sorted(range(n), key=lambda j: _SortKey(<uintptr_t>kslot, j), reverse=reverse)
    for i in range(n):
        list_set(lslot[0], i, FLD(items[0])[order[i]])
    H.shadowstack_top = items - 1
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
        H.shadowstack_top -= 2
        return truth(r)

cdef gcref_t seq_index(gcref_t* args, Py_ssize_t n, bint count) except 0:
    # list/tuple .index(x[, start[, stop]]) and .count(x)
    cdef Py_ssize_t i = 0, c = 0, stop = SEQLEN(args[0])
    check_args("count" if count else "index", n - 1, 1, 1 if count else 3)
    if n >= 3:
        i, stop, _ = slice(int_to_py(args[2]), int_to_py(args[3]) if n == 4 else None).indices(stop)
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
    s = (" " if sep == 0 or sep == V_NONE else str_to_py(sep)).join(parts)
    s += "\n" if end == 0 or end == V_NONE else str_to_py(end)
    out = sys.stdout
    f = kwarg(args, n, kwnames, "file")
    if f != 0 and f != V_NONE:
        out = sys.stderr if f == S.roots[STDERR_ROOT] else sys.stdout
    out.write(s)
    if kwarg(args, n, kwnames, "flush") == V_TRUE:
        out.flush()
    return V_NONE

cdef int STDERR_ROOT = 0

cdef gcref_t call_builtin(int bid, gcref_t* a, Py_ssize_t nall, gcref_t kwnames) except 0:
    cdef Py_ssize_t n = nall - nkw(kwnames), i
    cdef gcref_t v, w
    cdef uint16_t t
    cdef double d
    if bid == BI_MATH_FIRST and n == 1 and as_double(a[0], &d) and d >= 0.0:   # math.sqrt
        return float_new(c_sqrt(d))
    if bid == BI_LEN:
        check_args("len", n, 1, 1)
        v = a[0]
        if is_obj(v):
            t = TID(v)
            if t == T_STR or t == T_TUPLE:
                return tag(LEN(v))
            if t == T_LIST:
                return tag(RAW(v)[L_LEN])
            if t == T_DICT:
                return tag(RAW(v)[D_USED])
            if t == T_SET:
                return tag(RAW(v)[S_USED])
            if t == T_RANGE:
                return tag(range_len(v))
            if t == T_DICTVIEW:
                return tag(RAW(FLD(v)[IT_A])[D_USED])
            if t == T_INSTANCE:
                w = magic_of(v, M_LEN)
                if w != 0:
                    return tag(length_of_result(call_method0(w, v)))
        raise TypeError(f"object of type '{type_name(v)}' has no len()")
    if bid == BI_LIST_APPEND:
        check_args("append", n - 1, 1, 1)
        list_append(a, a + 1)
        return V_NONE
    if bid == BI_ISINSTANCE:
        check_args("isinstance", n, 2, 2)
        if has_tid(a[1], T_TUPLE):
            for i in range(LEN(a[1])):
                if isinstance_c(a[0], FLD(a[1])[i]):
                    return V_TRUE
            return V_FALSE
        if not has_tid(a[1], T_CLASS):
            raise TypeError("isinstance() arg 2 must be a type, a tuple of types, or a union")
        return vbool(isinstance_c(a[0], a[1]))
    if bid == BI_PRINT:
        return print_builtin(a, n, kwnames)
    if bid == BI_RANGE:
        check_args("range", n, 1, 3)
        for i in range(n):
            if not is_intlike(a[i]):
                raise TypeError(f"'{type_name(a[i])}' object cannot be interpreted as an integer")
        if n == 1:
            r = range(int_to_py(a[0]))
        elif n == 2:
            r = range(int_to_py(a[0]), int_to_py(a[1]))
        else:
            r = range(int_to_py(a[0]), int_to_py(a[1]), int_to_py(a[2]))
        return range_from_py(r)
    if bid == BI_REPR:
        check_args("repr", n, 1, 1)
        return str_from_py(repr_py(a))
    if bid == BI_ABS:
        check_args("abs", n, 1, 1)
        if is_number(a[0]):
            return num_from_py(abs(num_to_py(a[0])))
        v = magic_of(a[0], M_ABS)
        if v != 0:
            return call_method0(v, a[0])
        raise TypeError(f"bad operand type for abs(): '{type_name(a[0])}'")
    if bid == BI_MIN:
        return minmax(a, n, kwnames, C_LT, "min")
    if bid == BI_MAX:
        return minmax(a, n, kwnames, C_GT, "max")
    if bid == BI_SUM:
        check_args("sum", n, 1, 2)
        push(a[1] if n == 2 else tag(0))
        push(get_iter(a))
        while True:
            v = for_iter(top_slot())
            if v == 0:
                break
            push(top_slot()[-1])
            push(v)
            w = binary_op(top_slot() - 1, B_ADD, False)
            H.shadowstack_top -= 2
            top_slot()[-1] = w
        pop()
        return pop()
    if bid == BI_SORTED:
        check_args("sorted", n, 1, 1)
        push(list_from_iterable(a))
        if top_slot()[0] == a[0]:
            pass
        w = kwarg(a, n, kwnames, "reverse")
        list_sort(top_slot(), kwarg(a, n, kwnames, "key"), w != 0 and truth(w))
        return pop()
    if bid == BI_REVERSED:
        check_args("reversed", n, 1, 1)
        if has_tid(a[0], T_LIST) or has_tid(a[0], T_TUPLE):
            return new_iter(T_REVERSED, a, 0, SEQLEN(a[0]), 0)
        if has_tid(a[0], T_INSTANCE) and magic_of(a[0], M_REVERSED) != 0:
            return call_method0(magic_of(a[0], M_REVERSED), a[0])
        push(list_from_iterable(a))
        v = new_iter(T_REVERSED, top_slot(), 0, RAW(top_slot()[0])[L_LEN], 0)
        pop()
        return v
    if bid == BI_ENUMERATE:
        check_args("enumerate", n, 1, 2)
        push(get_iter(a))
        w = kwarg(a, n, kwnames, "start")
        v = new_iter(T_ENUMERATE, top_slot(), a[1] if n == 2 else (w if w != 0 else tag(0)), 0, 0)
        pop()
        return v
    if bid == BI_ZIP:
        for i in range(n):
            push(get_iter(a + i))
        push(tuple_from_slots(top_slot() - n + 1, n))
        v = new_iter(T_ZIP, top_slot(), 0, 0, 0)
        H.shadowstack_top -= n + 1
        return v
    if bid == BI_MAP:
        if n < 2:
            raise TypeError("map() must have at least two arguments.")
        for i in range(1, n):
            push(get_iter(a + i))
        push(tuple_from_slots(top_slot() - n + 2, n - 1))
        v = new_iter(T_MAP, a, top_slot()[0], 0, 0)
        H.shadowstack_top -= n
        return v
    if bid == BI_FILTER:
        check_args("filter", n, 2, 2)
        push(get_iter(a + 1))
        v = new_iter(T_FILTER, a, top_slot()[0], 0, 0)
        pop()
        return v
    if bid == BI_ANY or bid == BI_ALL:
        check_args("any" if bid == BI_ANY else "all", n, 1, 1)
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
        check_args("hasattr" if bid == BI_HASATTR else "getattr", n, 2, 3 if bid == BI_GETATTR else 2)
        if not has_tid(a[1], T_STR):
            raise TypeError("attribute name must be string")
        try:
            v = getattr_v(a, a[1])
        except VMError:
            if not isinstance_c(S.roots[R_EXC], exc_class("AttributeError")):
                raise
            S.roots[R_EXC] = 0
            if bid == BI_HASATTR:
                return V_FALSE
            if n == 3:
                return a[2]
            raise
        except AttributeError:
            if bid == BI_HASATTR:
                return V_FALSE
            if n == 3:
                return a[2]
            raise
        return V_TRUE if bid == BI_HASATTR else v
    if bid == BI_SETATTR:
        check_args("setattr", n, 3, 3)
        setattr_v(a, intern(str_to_py(a[1])), a + 2)
        return V_NONE
    if bid == BI_DELATTR:
        check_args("delattr", n, 2, 2)
        delattr_v(a, intern(str_to_py(a[1])))
        return V_NONE
    if bid == BI_ITER:
        check_args("iter", n, 1, 1)
        return get_iter(a)
    if bid == BI_NEXT:
        check_args("next", n, 1, 2)
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
        check_args("divmod", n, 2, 2)
        if is_number(a[0]) and is_number(a[1]):
            return py_to_vm(divmod(num_to_py(a[0]), num_to_py(a[1])))
        raise TypeError(f"unsupported operand type(s) for divmod(): '{type_name(a[0])}' and '{type_name(a[1])}'")
    if bid == BI_ROUND:
        check_args("round", n, 1, 2)
        if n == 2 and a[1] != V_NONE:
            return num_from_py(round(num_to_py(a[0]), int_to_py(a[1])))
        return num_from_py(round(num_to_py(a[0])))
    if bid == BI_ORD:
        check_args("ord", n, 1, 1)
        if not has_tid(a[0], T_STR) or LEN(a[0]) != 1:
            return int_from_py(_builtins.ord(to_py_simple(a)))   # CPython's own error
        return tag(SDATA(a[0])[0])
    if bid == BI_CHR:
        check_args("chr", n, 1, 1)
        return str_from_py(chr(int_to_py(a[0]) if is_intlike(a[0]) else to_py_simple(a)))
    if bid == BI_HASH:
        check_args("hash", n, 1, 1)
        return int_from_py(vm_hash(a))
    if bid == BI_ID:
        check_args("id", n, 1, 1)
        return int_from_py(object_id(a[0]))
    if bid == BI_SUPER:
        check_args("super", n, 2, 2)
        v = alloc_fixed(T_SUPER)
        FLD(v)[0] = a[0]
        FLD(v)[1] = a[1]
        return v
    if bid == BI_CALLABLE:
        check_args("callable", n, 1, 1)
        v = a[0]
        return vbool(is_bfunc(v) or has_tid(v, T_FUNCTION) or has_tid(v, T_CLASS) or has_tid(v, T_BOUND)
                     or (has_tid(v, T_INSTANCE) and magic_of(v, M_CALL) != 0))
    if bid == BI_ISSUBCLASS:
        check_args("issubclass", n, 2, 2)
        if has_tid(a[1], T_TUPLE):
            for i in range(LEN(a[1])):
                if is_subclass(a[0], FLD(a[1])[i]):
                    return V_TRUE
            return V_FALSE
        return vbool(is_subclass(a[0], a[1]))
    if bid == BI_POW:
        check_args("pow", n, 2, 3)
        if n == 3:
            return num_from_py(pow(num_to_py(a[0]), num_to_py(a[1]), num_to_py(a[2])))
        return binary_op(a, B_POW, False)
    if bid == BI_FORMAT:
        check_args("format", n, 1, 2)
        return format_value(a, 0, a + 1 if n == 2 else NULL) if n == 2 else vm_str(a)
    if bid == BI_BIN or bid == BI_HEX or bid == BI_OCT:
        check_args("bin", n, 1, 1)
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

cdef gcref_t call_builtin_method(int bid, gcref_t* a, Py_ssize_t n, gcref_t kwnames) except 0:
    # Methods get self in a[0]; n counts it.
    cdef gcref_t v, w
    cdef Py_ssize_t i, m
    if bid == BI_OBJECT_INIT:
        return V_NONE
    if bid == BI_EXC_INIT:
        push(tuple_from_slots(a + 1, n - 1))
        push(MAGIC(M_ARGS))
        instance_setattr(a, top_slot(), top_slot() - 1)
        H.shadowstack_top -= 2
        return V_NONE
    if bid == BI_OBJECT_REPR:
        return str_from_py(repr_py(a))
    if bid == BI_OBJECT_STR:
        return str_from_py(str_py(a))
    if bid == BI_OBJECT_EQ:
        return V_TRUE if a[0] == a[1] else V_NOTIMPL
    if bid == BI_OBJECT_NE:
        return V_FALSE if a[0] == a[1] else V_NOTIMPL
    if bid == BI_OBJECT_HASH:
        return int_from_py(object_id(a[0]) >> 4)
    if bid == BI_LIST_POP:
        m = RAW(a[0])[L_LEN]
        if m == 0:
            raise IndexError("pop from empty list")
        i = m - 1 if n == 1 else index_of(a[1], m, "pop")
        v = ITEMS(a[0])[i]
        list_del(a[0], i)
        return v
    if bid == BI_LIST_INSERT:
        check_args("insert", n - 1, 2, 2)
        m = RAW(a[0])[L_LEN]
        i = int_to_py(a[1])
        if i < 0:
            i = max(0, i + m)
        i = min(i, m)
        list_resize(a, m + 1)
        memmove(ITEMS(a[0]) + i + 1, ITEMS(a[0]) + i, (m - i) * sizeof(gcref_t))
        list_set(a[0], i, a[2])
        return V_NONE
    if bid == BI_LIST_INDEX or bid == BI_TUPLE_INDEX:
        return seq_index(a, n, False)
    if bid == BI_LIST_COUNT or bid == BI_TUPLE_COUNT:
        return seq_index(a, n, True)
    if bid == BI_LIST_SORT:
        w = kwarg(a, n, kwnames, "reverse")
        list_sort(a, kwarg(a, n, kwnames, "key"), w != 0 and truth(w))
        return V_NONE
    if bid == BI_LIST_REVERSE:
        m = RAW(a[0])[L_LEN]
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
    if bid == BI_DICT_GET:
        check_args("get", n - 1, 1, 2)
        v = dict_get(a, a + 1)
        return v if v != 0 else (a[2] if n == 3 else V_NONE)
    if bid == BI_DICT_SETDEFAULT:
        v = dict_get(a, a + 1)
        if v != 0:
            return v
        if n == 2:
            push(V_NONE)
            dict_set(a, a + 1, top_slot())
            pop()
            return V_NONE
        dict_set(a, a + 1, a + 2)
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
    if bid == BI_DICT_FROMKEYS:            # a static method: no self
        check_args("fromkeys", n, 1, 2)
        push(dict_new())
        push(get_iter(a))
        while True:
            v = for_iter(top_slot())
            if v == 0:
                break
            push(v)
            push(a[1] if n == 2 else V_NONE)
            dict_set(top_slot() - 3, top_slot() - 1, top_slot())
            H.shadowstack_top -= 2
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
    if BI_SET_ADD <= bid <= BI_SET_ISDISJOINT:
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
        if v != V_NONE:
            raise_with_value("StopIteration", v)
        raise StopIteration()
    if bid == BI_GEN_THROW:
        check_args("throw", n - 1, 1, 1)
        if has_tid(a[1], T_CLASS):
            a[1] = vm_call_class0(a + 1)
        if not (has_tid(a[1], T_INSTANCE) and RAW(FLD(a[1])[I_CLASS])[K_FLAGS] & CF_EXCEPTION):
            raise TypeError("exceptions must be classes or instances deriving from BaseException, "
                            f"not {type_name(a[1])}")
        push(a[1])
        if gen_run(a, top_slot(), True):
            return pop()
        v = pop()
        if v != V_NONE:
            raise_with_value("StopIteration", v)
        raise StopIteration()
    if bid == BI_GEN_CLOSE:
        if RAW(a[0])[G_STATUS] != GEN_SUSPENDED:
            RAW(a[0])[G_STATUS] = GEN_DONE
            return V_NONE
        push(exc_class("GeneratorExit"))
        top_slot()[0] = vm_call_class0(top_slot())
        try:
            yielded = gen_run(a, top_slot(), True)
        except VMError:
            v = S.roots[R_EXC]
            if isinstance_c(v, exc_class("GeneratorExit")) or isinstance_c(v, exc_class("StopIteration")):
                S.roots[R_EXC] = 0
                pop()
                return V_NONE
            raise
        pop()
        if yielded:
            raise RuntimeError("generator ignored GeneratorExit")
        return V_NONE
    if bid == BI_PROPERTY or bid == BI_STATICMETHOD or bid == BI_CLASSMETHOD:
        if bid == BI_PROPERTY:
            global ANY_PROPERTY
            ANY_PROPERTY = True
            v = alloc_fixed(T_PROPERTY)
            for i in range(3):
                FLD(v)[i] = a[i] if i < n else V_NONE
            return v
        v = alloc_fixed(T_STATICMETHOD if bid == BI_STATICMETHOD else T_CLASSMETHOD)
        FLD(v)[0] = a[0]
        return v
    if bid == BI_PROP_SETTER or bid == BI_PROP_GETTER or bid == BI_PROP_DELETER:
        ANY_PROPERTY = True
        v = alloc_fixed(T_PROPERTY)
        for i in range(3):
            FLD(v)[i] = FLD(a[0])[i]
        FLD(v)[0 if bid == BI_PROP_GETTER else 1 if bid == BI_PROP_SETTER else 2] = a[1]
        return v
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
        args = [to_py_simple(a + i) for i in range(n)]
        res = getattr(args[0], meth)(*args[1:], **kwargs_py(a, n, kwnames))
        return py_to_vm(res)
    return call_module_function(name, a, n, kwnames)

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
    if mod == "gc":
        if fn == "collect":
            H.shadowstack_top = a + n + nkw(kwnames)
            if gc_collect_major(H) != 0:
                raise_gc_error()
            return tag(0)
        if fn == "isenabled":
            return V_TRUE
        return V_NONE
    if mod == "sys":
        if fn == "exit":
            raise SystemExit(to_py_simple(a) if n else None)
        if fn == "getrecursionlimit":
            return tag(MAX_DEPTH)
        return V_NONE
    if mod == "random":
        if fn == "shuffle":
            order = list(range(RAW(a[0])[L_LEN]))
            _RNG.shuffle(order)
            push(seq_copy(a, T_LIST, 0, RAW(a[0])[L_LEN]))
            for i, j in enumerate(order):
                list_set(a[0], i, ITEMS(top_slot()[0])[j])
            pop()
            return V_NONE
        if fn in ("choice", "sample", "choices"):
            # Draw indices from CPython's generator exactly as it would for
            # the sequence itself (same calls, same stream), then index.
            if not is_obj(a[0]) or TID(a[0]) not in (T_LIST, T_TUPLE, T_STR, T_RANGE):
                if fn != "choices":
                    raise TypeError(f"Population must be a sequence.  For dicts or sets, use sorted(d).")
            push(list_from_iterable(a))
            m = RAW(top_slot()[0])[L_LEN]
            if fn == "choice":
                if m == 0:
                    raise IndexError("Cannot choose from an empty sequence")
                idx = [_RNG.randrange(m)] if m else []
            elif fn == "sample":
                idx = _RNG.sample(range(m), *[int_to_py(a[i]) for i in range(1, n)],
                                  **kwargs_py(a, n, kwnames))
            else:
                idx = _RNG.choices(range(m), *[to_py_simple(a + i) for i in range(1, n)],
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
    res = getattr(_PY_MODULE_FUNCS[mod], fn)(*args, **kwargs_py(a, n, kwnames)) if kwnames \
        else getattr(_PY_MODULE_FUNCS[mod], fn)(*args)
    return py_to_vm(res)

cdef gcref_t construct_builtin(int64_t kind, gcref_t* a, Py_ssize_t nall, gcref_t kwnames) except 0:
    cdef Py_ssize_t n = nall - nkw(kwnames), i
    cdef gcref_t v
    if kind == KIND_INT:
        check_args("int", n, 0, 2)
        if n == 0:
            return tag(0)
        if n == 2:
            return int_from_py(int(str_to_py(a[0]), int_to_py(a[1])))
        v = a[0]
        if is_intlike(v):
            return tag(int_to_py(v)) if is_int(v) or v in (V_TRUE, V_FALSE) else v
        if has_tid(v, T_FLOAT) or has_tid(v, T_STR):
            return int_from_py(int(format_arg(a)))
        if has_tid(v, T_INSTANCE) and magic_of(v, M_INT) != 0:
            return call_method0(magic_of(v, M_INT), v)
        raise TypeError(f"int() argument must be a string, a bytes-like object or a real number, "
                        f"not '{type_name(v)}'")
    if kind == KIND_FLOAT:
        check_args("float", n, 0, 1)
        if n == 0:
            return float_new(0.0)
        v = a[0]
        if has_tid(v, T_FLOAT):
            return v
        if is_number(v) or has_tid(v, T_STR):
            return float_new(float(format_arg(a)))
        if has_tid(v, T_INSTANCE) and magic_of(v, M_FLOAT) != 0:
            return call_method0(magic_of(v, M_FLOAT), v)
        raise TypeError(f"float() argument must be a string or a real number, not '{type_name(v)}'")
    if kind == KIND_STR:
        check_args("str", n, 0, 1)
        if n == 0:
            return S.roots[R_EMPTY_STR]
        return vm_str(a)
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
            return S.roots[R_EMPTY_TUPLE]
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
    if kind == KIND_TYPE:
        check_args("type", n, 1, 1)
        return class_of(a[0])
    if kind == KIND_OBJECT:
        check_args("object", n, 0, 0)
        push(kind_class(KIND_OBJECT))
        v = instance_new(top_slot())
        pop()
        return v
    raise TypeError(f"cannot create '{class_name(kind_class(kind))}' instances")

# ---------------------------------------------------------------- start-up

EXCEPTION_TREE = [
    ("BaseException", None), ("Exception", "BaseException"), ("SystemExit", "BaseException"),
    ("KeyboardInterrupt", "BaseException"), ("GeneratorExit", "BaseException"),
    ("ArithmeticError", "Exception"), ("ZeroDivisionError", "ArithmeticError"),
    ("OverflowError", "ArithmeticError"), ("FloatingPointError", "ArithmeticError"),
    ("LookupError", "Exception"), ("IndexError", "LookupError"), ("KeyError", "LookupError"),
    ("ValueError", "Exception"), ("UnicodeError", "ValueError"), ("TypeError", "Exception"),
    ("NameError", "Exception"), ("UnboundLocalError", "NameError"),
    ("AttributeError", "Exception"), ("RuntimeError", "Exception"),
    ("RecursionError", "RuntimeError"), ("NotImplementedError", "RuntimeError"),
    ("StopIteration", "Exception"), ("AssertionError", "Exception"),
    ("MemoryError", "Exception"), ("ImportError", "Exception"),
    ("ModuleNotFoundError", "ImportError"), ("OSError", "Exception"), ("EOFError", "Exception"),
    ("SystemError", "Exception"),
]

cdef gcref_t make_builtin_class(str name, gcref_t base, int64_t flags, int64_t kind) except 0:
    push(base)
    push(intern(name))
    push(dict_new())
    cdef gcref_t c = new_class(top_slot() - 1, top_slot() - 2, top_slot(), flags | CF_BUILTIN, kind)
    H.shadowstack_top -= 3
    return c

cdef int class_set(int root, str name, gcref_t v) except -1:
    push(v)
    push(intern(name))
    dict_set(&FLD(S.roots[root])[K_DICT], top_slot(), top_slot() - 1)
    H.shadowstack_top -= 2
    return 0

cdef int dict_set_py(gcref_t* dslot, str name, gcref_t v) except -1:
    push(v)
    push(intern(name))
    dict_set(dslot, top_slot(), top_slot() - 1)
    H.shadowstack_top -= 2
    return 0

cdef int setup_builtins() except -1:
    global CHAR_ROOTS, MODULES_ROOT, STDERR_ROOT
    cdef int i, r, obj_root
    cdef gcref_t v
    S.roots[R_EMPTY_TUPLE] = alloc_var(T_TUPLE, 0)
    S.roots[R_EMPTY_STR] = alloc_var(T_STR, 0)
    S.roots[R_HANDLED] = V_NONE
    CHAR_ROOTS = S.nroots
    for i in range(256):
        add_root(0)
    for i in range(256):
        v = alloc_var(T_STR, 1)
        SDATA(v)[0] = i
        S.roots[CHAR_ROOTS + i] = v
    for i, name in enumerate(MAGIC_NAMES):
        intern(name)
        MN[i] = INTERNED[name]
    _init_magic_tables()
    S.roots[R_BUILTINS] = dict_new()
    S.roots[R_GLOBALS] = dict_new()
    # builtin classes
    obj_root = add_root(make_builtin_class("object", 0, 0, KIND_OBJECT))
    KIND_ROOT[KIND_OBJECT] = obj_root
    for i in range(512):
        TID_CLASS[i] = obj_root     # (slot 0: the class of builtin functions, below)
    kinds = [("int", KIND_INT, [0]), ("float", KIND_FLOAT, [T_FLOAT]), ("str", KIND_STR, [T_STR]),
             ("tuple", KIND_TUPLE, [T_TUPLE]), ("list", KIND_LIST, [T_LIST]),
             ("dict", KIND_DICT, [T_DICT]), ("set", KIND_SET, [T_SET]),
             ("NoneType", KIND_NONE, []), ("type", KIND_TYPE, [T_CLASS]),
             ("function", KIND_FUNCTION, [T_FUNCTION]), ("range", KIND_RANGE, [T_RANGE])]
    for name, kind, tids in kinds:
        r = add_root(make_builtin_class(name, S.roots[obj_root], 0, kind))
        KIND_ROOT[kind] = r
        for t in tids:
            if t:
                TID_CLASS[t] = r
        TID_CLASS[T_BIGINT] = KIND_ROOT[KIND_INT]
    KIND_ROOT[KIND_BOOL] = add_root(make_builtin_class("bool", kind_class(KIND_INT), 0, KIND_BOOL))
    for t, name in [(T_GENERATOR, "generator"), (T_LISTITER, "list_iterator"),
                    (T_TUPLEITER, "tuple_iterator"), (T_STRITER, "str_iterator"),
                    (T_RANGEITER, "range_iterator"), (T_DICTITER, "dict_iterator"),
                    (T_SETITER, "set_iterator"), (T_ENUMERATE, "enumerate"), (T_ZIP, "zip"),
                    (T_MAP, "map"), (T_FILTER, "filter"), (T_REVERSED, "reversed"),
                    (T_DICTVIEW, "dict_view"), (T_BOUND, "method"), (T_MODULE, "module"),
                    (T_SLICE, "slice"), (T_CELL, "cell"), (T_SUPER, "super"),
                    (T_PROPERTY, "property"), (T_STATICMETHOD, "staticmethod"),
                    (T_CLASSMETHOD, "classmethod")]:
        TID_CLASS[t] = add_root(make_builtin_class(name, S.roots[obj_root], 0, KIND_OTHER))
    TID_CLASS[0] = add_root(make_builtin_class("builtin_function_or_method", S.roots[obj_root], 0,
                                               KIND_OTHER))
    # methods of builtin classes
    owners = {"list": KIND_LIST, "dict": KIND_DICT, "set": KIND_SET, "tuple": KIND_TUPLE,
              "str": KIND_STR, "int": KIND_INT, "float": KIND_FLOAT}
    for bid, name in enumerate(BUILTIN_NAMES):
        if "." in name:
            owner, meth = name.split(".", 1)
            if owner in owners:
                class_set(KIND_ROOT[owners[owner]], meth, mk_bfunc(bid))
            elif owner == "object":
                class_set(obj_root, meth, mk_bfunc(bid))
            elif owner == "generator":
                class_set(TID_CLASS[T_GENERATOR], meth, mk_bfunc(bid))
    # dict.fromkeys is a static method of dict
    v = alloc_fixed(T_STATICMETHOD)
    FLD(v)[0] = mk_bfunc(BI_DICT_FROMKEYS)
    class_set(KIND_ROOT[KIND_DICT], "fromkeys", v)
    # exceptions
    for name, base in EXCEPTION_TREE:
        b = S.roots[EXC_CLASSES[base]] if base else S.roots[obj_root]
        r = add_root(make_builtin_class(name, b, CF_EXCEPTION, KIND_BASEEXC))
        EXC_CLASSES[name] = r
        if base is None:
            class_set(r, "__init__", mk_bfunc(BI_EXC_INIT))
    # the builtins namespace
    for name in ["len", "print", "range", "isinstance", "repr", "abs", "min", "max", "sum",
                 "sorted", "reversed", "enumerate", "zip", "map", "filter", "any", "all",
                 "hasattr", "getattr", "setattr", "iter", "next", "divmod", "round", "ord",
                 "chr", "hash", "id", "super", "callable", "issubclass", "pow", "delattr",
                 "format", "bin", "hex", "oct", "input", "property", "staticmethod",
                 "classmethod"]:
        dict_set_py(&S.roots[R_BUILTINS], name, mk_bfunc(BUILTIN_IDS[name]))
    for name, kind in [("object", KIND_OBJECT), ("int", KIND_INT), ("float", KIND_FLOAT),
                       ("str", KIND_STR), ("bool", KIND_BOOL), ("list", KIND_LIST),
                       ("tuple", KIND_TUPLE), ("dict", KIND_DICT), ("set", KIND_SET),
                       ("type", KIND_TYPE)]:
        dict_set_py(&S.roots[R_BUILTINS], name, kind_class(kind))
    for name, _ in EXCEPTION_TREE:
        dict_set_py(&S.roots[R_BUILTINS], name, S.roots[EXC_CLASSES[name]])
    dict_set_py(&S.roots[R_BUILTINS], "NotImplemented", V_NOTIMPL)
    dict_set_py(&S.roots[R_BUILTINS], "__name__", intern("__main__"))
    dict_set_py(&S.roots[R_GLOBALS], "__name__", intern("__main__"))
    # modules
    MODULES_ROOT = add_root(dict_new())
    for mod in ["math", "time", "random", "gc", "sys", "typing"]:
        push(dict_new())
        for bid, name in enumerate(BUILTIN_NAMES):
            if name.startswith(mod + "."):
                dict_set_py(top_slot(), name.split(".", 1)[1], mk_bfunc(bid))
        for k, val in MODULE_CONSTANTS[mod].items():
            dict_set_py(top_slot(), k, py_to_vm(val))
        if mod == "typing":
            for k in TYPING_NAMES:
                dict_set_py(top_slot(), k, kind_class(KIND_OBJECT))
        if mod == "sys":
            dict_set_py(top_slot(), "argv", py_to_vm(list(ARGV)))
            STDERR_ROOT = add_root(intern("<stderr>"))
            dict_set_py(top_slot(), "stderr", S.roots[STDERR_ROOT])
            dict_set_py(top_slot(), "stdout", intern("<stdout>"))
        push(intern(mod))
        v = alloc_fixed(T_MODULE)
        FLD(v)[0] = pop()
        FLD(v)[1] = pop()
        dict_set_py(&S.roots[MODULES_ROOT], mod, v)
    push(S.roots[MODULES_ROOT])
    dict_set_py(top_slot(), "__future__", V_NONE)
    pop()
    return 0

ARGV = []

# ---------------------------------------------------------------- loading and running

cdef int load_code(object spec) except -1:
    # Register compiler.Code [spec] (and its nested codes) as CodeObjs.
    cdef CodeObj* co = <CodeObj*>calloc(1, sizeof(CodeObj))
    cdef int i
    if co == NULL:
        raise MemoryError()
    index = S.ncodes
    S.codes = <CodeObj**>realloc(S.codes, (S.ncodes + 1) * sizeof(CodeObj*))
    S.codes[index] = co
    S.ncodes += 1
    CODE_SPECS.append(spec)
    co.index = index
    co.vmprof_id = 2 * (index + 1)
    co.ninstr = len(spec.code) // 2
    co.code = <int32_t*>malloc(len(spec.code) * 4 + 8)
    for i in range(len(spec.code)):
        co.code[i] = spec.code[i]
    co.lines = <int32_t*>malloc(co.ninstr * 4 + 4)
    for i in range(co.ninstr):
        co.lines[i] = spec.lines[i]
    co.nexc = len(spec.exctable)
    co.exc = <int32_t*>malloc(16 * co.nexc + 4)
    for i, row in enumerate(spec.exctable):
        co.exc[4 * i], co.exc[4 * i + 1], co.exc[4 * i + 2], co.exc[4 * i + 3] = row
    co.argcount = spec.argcount
    co.kwonly = spec.kwonlyargcount
    co.flags = spec.flags
    co.nlocals = spec.nlocals
    co.nfree = spec.nfree
    co.maxstack = spec.maxstack
    co.ndefaults = spec.defaults_count
    co.firstlineno = spec.firstlineno
    co.consts = <gcref_t*>calloc(len(spec.consts) + 1, sizeof(gcref_t))
    co.names = <gcref_t*>calloc(len(spec.names) + 1, sizeof(gcref_t))
    for i, name in enumerate(spec.names):
        co.names[i] = intern(name)
        co.nnames = i + 1
    for i, c in enumerate(spec.consts):
        if isinstance(c, _PyCode):
            sub = S.ncodes
            load_code(c)
            co = S.codes[index]
            co.consts[i] = tag(sub)
        elif type(c) is str:
            co.consts[i] = intern(c)
        else:
            co.consts[i] = py_to_vm(c)
        co.nconsts = i + 1
    return 0

cdef int run_main() except -1:
    # Run code 0 (the module) as the entry frame.
    cdef CodeObj* co = S.codes[0]
    push(V_NONE)
    cdef gcref_t* slot = top_slot()
    cdef Frame* f = push_frame(co, slot + 1, slot, F_ENTRY)
    H.shadowstack_top = f.sp
    eval_loop()
    return 0

cdef list traceback_lines(gcref_t exc):
    cdef gcref_t tb = instance_attr(exc, MAGIC(M_TRACEBACK))
    cdef Py_ssize_t i
    cdef int64_t e
    lines = []
    if has_tid(tb, T_TRACEBACK):
        entries = [(<int64_t*>(tb + 8))[i] for i in range(LEN(tb))]
        last, repeats = None, 0
        for e in reversed(entries):
            # As CPython: a line repeated more than 3 times is summarised.
            if e == last:
                repeats += 1
                if repeats >= 3:
                    continue
            else:
                if repeats >= 3:
                    lines.append(f"  [Previous line repeated {repeats - 2} more "
                                 f"time{'s' if repeats - 2 > 1 else ''}]\n")
                last, repeats = e, 0
            spec = CODE_SPECS[e >> 32]
            line = e & 0xFFFFFFFF
            lines.append(f'  File "{spec.filename}", line {line}, in {spec.name}\n')
            src = SOURCE_LINES.get(spec.filename)
            if src and 0 < line <= len(src) and src[line - 1].strip():
                lines.append(f"    {src[line - 1].strip()}\n")
        if repeats >= 3:
            lines.append(f"  [Previous line repeated {repeats - 2} more "
                         f"time{'s' if repeats - 2 > 1 else ''}]\n")
    return lines

SOURCE_LINES = {}

cdef str format_exception(gcref_t* slot):
    cdef gcref_t exc = slot[0], ctx
    out = []
    push(exc)
    cause = instance_attr(exc, MAGIC(M_CAUSE))
    ctx = instance_attr(exc, MAGIC(M_CONTEXT))
    if has_tid(cause, T_INSTANCE):
        push(cause)
        out.append(format_exception(top_slot()))
        out.append("\nThe above exception was the direct cause of the following exception:\n\n")
        pop()
    elif has_tid(ctx, T_INSTANCE) and instance_attr(exc, MAGIC(M_SUPPRESS_CONTEXT)) != V_TRUE:
        push(ctx)
        out.append(format_exception(top_slot()))
        out.append("\nDuring handling of the above exception, another exception occurred:\n\n")
        pop()
    out.append("Traceback (most recent call last):\n")
    out.extend(traceback_lines(top_slot()[0]))
    msg = str_py(top_slot())
    name = type_name(top_slot()[0])
    out.append(f"{name}: {msg}\n" if msg else f"{name}\n")
    pop()
    return "".join(out)


cdef void free_state() noexcept:
    # Release the previous run's C-level state (one VM runs at a time).
    cdef int i
    for i in range(S.ncodes):
        free(S.codes[i].code)
        free(S.codes[i].lines)
        free(S.codes[i].exc)
        free(S.codes[i].consts)
        free(S.codes[i].names)
        free(S.codes[i])
    free(S.codes)
    free(S.roots)
    free(S.frames)
    memset(&S, 0, sizeof(VMState))


def run_program(source, filename, argv, Nursery nursery, code_filename=None,
                ProfileWriter writer=None, seed=None):
    """Compile and run a program; returns the exit status (0, 1 uncaught
    exception, or SystemExit's code).  Compile errors name [filename],
    tracebacks and profiles [code_filename] (default: the same).

    With [writer], the run is profiled into it as the writer is configured
    (vmsample.profile._glue.attach): allocation samples every
    writer.alloc_period bytes in writer.sampling mode ([seed] for "random"),
    time samples every writer.time_period_ns of CPU time (wall-clock time if
    writer.real_time), and every collection.  Sampling starts when the
    program does (the VM's own start-up is not sampled); the caller closes
    the writer."""
    global H, class_serial, next_object_id, ANY_PROPERTY
    from vmsample.lang.compiler import compile_source
    spec = compile_source(source, filename)
    if code_filename is not None:
        filename = code_filename
        todo = [spec]
        while todo:
            c = todo.pop()
            c.filename = code_filename
            todo.extend(k for k in c.consts if isinstance(k, _PyCode))
    free_state()
    INTERNED.clear()
    CODE_SPECS.clear()
    EXC_CLASSES.clear()
    class_serial = 0
    ANY_PROPERTY = False
    next_object_id = 0x10000
    _RNG.seed(0)
    SOURCE_LINES[filename] = source.splitlines()
    ARGV[:] = argv
    global NURSERY, PROFILER
    H = nursery.heap
    NURSERY = nursery
    S.h = H
    S.frames = <Frame*>calloc(MAX_DEPTH + 1, sizeof(Frame))
    S.depth = -1
    S.countdown = SIGNAL_CHECK_INTERVAL
    for i in range(N_FIXED_ROOTS):
        add_root(0)
    H.trace_roots, H.trace_roots_ctx = _trace_roots, &S
    try:
        _register_types(nursery)
        setup_builtins()
        load_code(spec)
        # Make start-up objects old: names and constants never move afterwards.
        if gc_collect_minor(H) != 0:
            raise_gc_error()
        if writer is not None:
            for i in range(S.ncodes):
                c = CODE_SPECS[i]
                writer.declare_code(S.codes[i].vmprof_id, c.name, c.firstlineno, c.filename)
            PROFILER = attach(nursery, writer, walk_stack, &S, &S.tick, seed=seed)
            S.prof = &PROFILER.glue
        return _run_main_reporting()
    finally:
        S.prof = NULL
        if PROFILER is not None:
            PROFILER.detach()
            PROFILER = None
        sys.stdout.flush()
        H.shadowstack_top = H.shadowstack_base
        H.trace_roots, H.trace_roots_ctx = NULL, NULL
        NURSERY = None



cdef object _run_main_reporting():
    status = 0
    try:
        run_main()
    except VMError:
        exc = S.roots[R_EXC]
        sys.stdout.flush()
        if has_tid(exc, T_INSTANCE) and class_name(FLD(exc)[I_CLASS]) == "SystemExit":
            push(instance_attr(exc, MAGIC(M_ARGS)))
            code = to_py_simple(top_slot())
            pop()
            code = code[0] if code else None
            if code is None:
                return 0
            if isinstance(code, int):
                return code
            sys.stderr.write(str(code) + "\n")
            return 1
        push(exc)
        text = format_exception(top_slot())
        pop()
        sys.stderr.write(text)
        # As CPython: an interrupted program reports the signal (128 + SIGINT).
        return 130 if type_name(exc) == "KeyboardInterrupt" else 1
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    return status
