# vm/special_names.pxi, included by _vm.pyx (one extension module, one C file).
#
# Special (dunder) names: MAGIC_NAMES, their M_* indices, MAGIC_ROOT[] (the
# root index of each interned name) and the binary operators' forward and
# reflected magic tables.
# Globals: defines MAGIC_ROOT, BIN_MAGIC, BIN_RMAGIC (filled at start-up).

# ---------------------------------------------------------------- special names
# Interned once at start-up; MAGIC_ROOT[i] is the root index of MAGIC_NAMES[i].

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
               "__suppress_context__", "__bytes__", "__await__", "__aenter__", "__aexit__",
               "__aiter__", "__anext__"]
cdef enum:
    M_INIT, M_REPR, M_STR, M_EQ, M_NE, M_LT, M_LE, M_GT, M_GE, M_HASH, M_LEN, M_ITER, M_NEXT
    M_GETITEM, M_SETITEM, M_DELITEM, M_CONTAINS, M_BOOL, M_CALL, M_ADD, M_SUB, M_MUL
    M_TRUEDIV, M_FLOORDIV, M_MOD, M_POW, M_LSHIFT, M_RSHIFT, M_AND, M_OR, M_XOR
    M_RADD, M_RSUB, M_RMUL, M_RTRUEDIV, M_RFLOORDIV, M_RMOD, M_RPOW, M_RLSHIFT, M_RRSHIFT
    M_RAND, M_ROR, M_RXOR, M_NEG, M_POS, M_INVERT, M_IADD, M_ISUB, M_IMUL, M_NAME, M_ARGS
    M_CLASS, M_SLOTS, M_TRACEBACK, M_CONTEXT, M_CAUSE, M_DICT, M_QUALNAME, M_MODULE
    M_FORMAT, M_ABS, M_INT, M_FLOAT, M_INDEX, M_DOC, M_GETATTR, M_SETATTR, M_DEL, M_NEW
    M_ENTER, M_EXIT, M_REVERSED, M_ROUND, M_DIVMOD, M_SUPPRESS_CONTEXT, M_BYTES, M_AWAIT, M_AENTER
    M_AEXIT, M_AITER, M_ANEXT, N_MAGIC

cdef int MAGIC_ROOT[128]

cdef inline gcref_t MAGIC(int m) noexcept nogil:
    return VM_STATE.roots[MAGIC_ROOT[m]]

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

