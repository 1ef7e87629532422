# vm/special_names.pxi, included by _vm.pyx (one extension module, one C file).
#
# Special (dunder) names: MAGIC_NAMES, their M_* indices, MAGIC_INTERNED[] (the
# index of each interned name in VM_STATE.interned) and the binary operators' forward and
# reflected magic tables.

# ---------------------------------------------------------------- special names
# Interned once at start-up; MAGIC_INTERNED[i] is the interned index of MAGIC_NAMES[i].

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
               "__aiter__", "__anext__", "__getattribute__", "__get__", "__set__", "__delete__",
               "__delattr__", "__set_name__", "__init_subclass__", "__class_getitem__",
               "__mro_entries__", "__prepare__", "__instancecheck__", "__subclasscheck__",
               "__missing__", "__length_hint__", "__matmul__", "__rmatmul__", "__imatmul__",
               "__classcell__", "__weakref__", "__abstractmethods__", "__orig_bases__",
               "__complex__", "__fspath__", "__dir__", "__itruediv__", "__ifloordiv__",
               "__imod__", "__ipow__", "__ilshift__", "__irshift__", "__iand__", "__ior__",
               "__ixor__", "__builtins__", "__rdivmod__", "__trunc__", "__floor__", "__ceil__",
               "__sizeof__", "__getnewargs__", "__subclasshook__", "__subclasses__", "mro",
               "__bases__"]
cdef enum:
    M_INIT, M_REPR, M_STR, M_EQ, M_NE, M_LT, M_LE, M_GT, M_GE, M_HASH, M_LEN, M_ITER, M_NEXT
    M_GETITEM, M_SETITEM, M_DELITEM, M_CONTAINS, M_BOOL, M_CALL, M_ADD, M_SUB, M_MUL
    M_TRUEDIV, M_FLOORDIV, M_MOD, M_POW, M_LSHIFT, M_RSHIFT, M_AND, M_OR, M_XOR
    M_RADD, M_RSUB, M_RMUL, M_RTRUEDIV, M_RFLOORDIV, M_RMOD, M_RPOW, M_RLSHIFT, M_RRSHIFT
    M_RAND, M_ROR, M_RXOR, M_NEG, M_POS, M_INVERT, M_IADD, M_ISUB, M_IMUL, M_NAME, M_ARGS
    M_CLASS, M_SLOTS, M_TRACEBACK, M_CONTEXT, M_CAUSE, M_DICT, M_QUALNAME, M_MODULE
    M_FORMAT, M_ABS, M_INT, M_FLOAT, M_INDEX, M_DOC, M_GETATTR, M_SETATTR, M_DEL, M_NEW
    M_ENTER, M_EXIT, M_REVERSED, M_ROUND, M_DIVMOD, M_SUPPRESS_CONTEXT, M_BYTES, M_AWAIT, M_AENTER
    M_AEXIT, M_AITER, M_ANEXT, M_GETATTRIBUTE, M_GET, M_SET, M_DELETE, M_DELATTR, M_SET_NAME
    M_INIT_SUBCLASS, M_CLASS_GETITEM, M_MRO_ENTRIES, M_PREPARE, M_INSTANCECHECK, M_SUBCLASSCHECK
    M_MISSING, M_LENGTH_HINT, M_MATMUL, M_RMATMUL, M_IMATMUL, M_CLASSCELL, M_WEAKREF
    M_ABSTRACTMETHODS, M_ORIG_BASES, M_COMPLEX, M_FSPATH, M_DIR, M_ITRUEDIV, M_IFLOORDIV
    M_IMOD, M_IPOW, M_ILSHIFT, M_IRSHIFT, M_IAND, M_IOR, M_IXOR, M_BUILTINS, M_RDIVMOD
    M_TRUNC, M_FLOOR, M_CEIL, M_SIZEOF, M_GETNEWARGS, M_SUBCLASSHOOK, M_SUBCLASSES, M_MRO
    M_BASES, N_MAGIC

# (The list and the enum must agree name for name; a missing row is caught here.)
if len(MAGIC_NAMES) != N_MAGIC:
    raise ImportError(f"vm/special_names.pxi: {len(MAGIC_NAMES)} MAGIC_NAMES, {N_MAGIC} M_* indices")

cdef int MAGIC_INTERNED[256]

cdef inline gcref_t MAGIC(int m) noexcept nogil:
    return VM_STATE.interned[MAGIC_INTERNED[m]]

# binary operator -> (forward, reflected, in-place) magic method
cdef int BIN_MAGIC[13]
cdef int BIN_RMAGIC[13]
cdef int BIN_IMAGIC[13]
BIN_SYMBOLS = ["+", "-", "*", "/", "//", "%", "** or pow()", "<<", ">>", "&", "|", "^", "@"]
BIN_INPLACE_SYMBOLS = ["+=", "-=", "*=", "/=", "//=", "%=", "**=", "<<=", ">>=", "&=", "|=", "^=", "@="]

cdef void _init_magic_tables() noexcept:
    cdef int i
    for i in range(12):
        BIN_MAGIC[i] = M_ADD + i
        BIN_RMAGIC[i] = M_RADD + i
    BIN_MAGIC[B_MATMUL] = M_MATMUL
    BIN_RMAGIC[B_MATMUL] = M_RMATMUL
    BIN_IMAGIC[B_ADD] = M_IADD
    BIN_IMAGIC[B_SUB] = M_ISUB
    BIN_IMAGIC[B_MUL] = M_IMUL
    BIN_IMAGIC[B_TRUEDIV] = M_ITRUEDIV
    BIN_IMAGIC[B_FLOORDIV] = M_IFLOORDIV
    BIN_IMAGIC[B_MOD] = M_IMOD
    BIN_IMAGIC[B_POW] = M_IPOW
    BIN_IMAGIC[B_LSHIFT] = M_ILSHIFT
    BIN_IMAGIC[B_RSHIFT] = M_IRSHIFT
    BIN_IMAGIC[B_AND] = M_IAND
    BIN_IMAGIC[B_OR] = M_IOR
    BIN_IMAGIC[B_XOR] = M_IXOR
    BIN_IMAGIC[B_MATMUL] = M_IMATMUL

