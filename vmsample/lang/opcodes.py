"""The VM's instruction set and code flags: their one definition.

The compiler imports it; the eval loop sees the same numbers as C enums in
``vm/opcodes.pxi``, which ``setup.py`` writes from this module at build time
([cython_declarations]; the file is generated, never committed).

Every instruction is two words, ``op, arg``.  Stack comments read bottom ->
top; "jump" args are instruction indices.
"""

from enum import IntEnum


class Op(IntEnum):
    NOP = 0
    POP_TOP = 1
    DUP_TOP = 2
    DUP_TOP_TWO = 3
    ROT_TWO = 4
    ROT_THREE = 5
    LOAD_CONST = 6           # consts[arg]
    LOAD_FAST = 7            # local slot arg (UnboundLocalError if empty)
    STORE_FAST = 8
    DELETE_FAST = 9
    LOAD_DEREF = 10          # the cell in slot arg
    STORE_DEREF = 11
    DELETE_DEREF = 12
    LOAD_CLOSURE = 13        # the cell object itself
    MAKE_CELL = 14           # wrap slot arg in a new cell (prologue)
    COPY_FREE_VARS = 15      # copy the function's closure into the last arg slots
    LOAD_GLOBAL = 16         # names[arg]: globals, then builtins
    STORE_GLOBAL = 17
    DELETE_GLOBAL = 18
    LOAD_NAME = 19           # class body: namespace, globals, builtins
    STORE_NAME = 20
    DELETE_NAME = 21
    LOAD_ATTR = 22
    STORE_ATTR = 23          # [value, obj] -> []
    DELETE_ATTR = 24
    LOAD_METHOD = 25         # [obj] -> [callable, self-or-NULL]
    CALL_METHOD = 26         # [callable, self-or-NULL, args*arg] -> [result]
    CALL = 27                # [f, args*arg] -> [result]
    CALL_KW = 28             # [f, args*n, names-tuple] -> [result]; arg = n
    CALL_EX = 29             # [f, args-tuple, (kwargs-dict if arg)] -> [result]
    BINARY_OP = 30           # arg: BinOp
    INPLACE_OP = 31          # arg: BinOp (lists extend in place)
    UNARY_NEGATIVE = 32
    UNARY_POSITIVE = 33
    UNARY_NOT = 34
    UNARY_INVERT = 35
    COMPARE_OP = 36          # arg: CmpOp
    BINARY_SUBSCR = 37       # [obj, key] -> [value]
    STORE_SUBSCR = 38        # [value, obj, key] -> []
    DELETE_SUBSCR = 39
    BUILD_SLICE = 40         # [start, stop(, step)] -> [slice]
    BUILD_TUPLE = 41
    BUILD_LIST = 42
    BUILD_SET = 43
    BUILD_MAP = 44           # [k1, v1, ... kn, vn] -> [dict]
    BUILD_STRING = 45        # concatenate arg strings
    LIST_APPEND = 46         # [list, ..., v] -> [list, ...]; list at sp[-arg] after the pop
    SET_ADD = 47
    MAP_ADD = 48             # [dict, ..., k, v]
    LIST_EXTEND = 49         # [list, iterable] -> [list]
    SET_UPDATE = 50          # [set, iterable] -> [set]; arg 1: a frozenset constant (a tuple)
    DICT_UPDATE = 51         # [dict, mapping] -> [dict]
    DICT_MERGE = 52          # like DICT_UPDATE, but duplicate keys are a TypeError
    LIST_TO_TUPLE = 53
    FORMAT_VALUE = 54        # arg & 3: conversion (none, s, r, a); arg & 4: spec on top
    JUMP = 55
    POP_JUMP_IF_FALSE = 56
    POP_JUMP_IF_TRUE = 57
    JUMP_IF_FALSE_OR_POP = 58
    JUMP_IF_TRUE_OR_POP = 59
    GET_ITER = 60
    FOR_ITER = 61            # [it] -> [it, next] or pop and jump
    UNPACK_SEQUENCE = 62
    UNPACK_EX = 63           # arg = before | after << 8
    MAKE_FUNCTION = 64       # [defaults?, kwdefaults?, closure?, code] -> [function]
    LOAD_BUILD_CLASS = 65    # [] -> [__build_class__] (vm/types.pxi)
    RETURN_VALUE = 66
    YIELD_VALUE = 67         # [v] -> [sent]; arg 1: an async generator's value (not an await's)
    GET_YIELD_FROM_ITER = 68
    SEND = 69                # [it, v] -> [it, yielded] or [result] and jump
    RAISE = 70               # arg 0: re-raise; 1: [exc]; 2: [exc, cause]
    RERAISE = 71             # [exc] -> raise it again (no new traceback entry)
    PUSH_EXC_INFO = 72       # [exc] -> [prev_handled, exc]; exc becomes the handled one
    POP_EXCEPT = 73          # [prev, exc] -> []; prev becomes the handled one again
    EXC_CLEANUP = 74         # [prev, exc] -> restore prev, re-raise exc
    CHECK_EXC_MATCH = 75     # [exc, type] -> [bool]
    IMPORT_NAME = 76
    IMPORT_FROM = 77         # [module] -> [module, attr]
    SUPER = 78               # [self] -> [super(defining class, self)]
    UNSUPPORTED = 79         # consts[arg] = (class name, message): raise it; never falls through
                             # (counted +1, so it can stand for an expression's value)
    WITH_EXCEPT_START = 80   # [exit, prev, exc] -> [.., exit, type(exc), exc, traceback]
    BEFORE_WITH = 81         # [mgr] -> [mgr.__exit__, mgr.__enter__], bound (TypeError if missing)
    IMPORT_STAR = 82         # [module] -> []: its public names into the globals
    GET_AWAITABLE = 83       # [obj] -> [iterator await delegates to] (a coroutine, or __await__())
    GET_AITER = 84           # [obj] -> [obj.__aiter__()] (async for)
    GET_ANEXT = 85           # [aiter] -> [aiter, awaitable of aiter.__anext__()]
    END_ASYNC_FOR = 86       # [aiter, exc] -> [] if exc is a StopAsyncIteration, else re-raise it
    BEFORE_ASYNC_WITH = 87   # [mgr] -> [mgr.__aexit__, mgr.__aenter__], bound (TypeError if missing)


# Code flags: compiler.Code.flags and CodeObj.flags.
CO_VARARGS = 1           # has a *args parameter
CO_VARKEYWORDS = 2       # has a **kwargs parameter
CO_GENERATOR = 4         # calling it makes a generator
CO_CLASSBODY = 8         # a class body (its frame keeps one slot after the locals)
CO_MODULE = 16           # the module's top level
CO_COROUTINE = 32        # an async def (with CO_GENERATOR: calling it makes a coroutine)
CO_ASYNC_GENERATOR = 64  # an async def that yields (with both above: an async generator)
CO_ITERABLE_COROUTINE = 128  # a generator function types.coroutine marked: await accepts its generators
CO_NEEDS_CLASS = 256     # uses __class__ or zero-argument super(): made with its class's __class__ cell


class BinOp(IntEnum):
    ADD = 0
    SUB = 1
    MUL = 2
    TRUEDIV = 3
    FLOORDIV = 4
    MOD = 5
    POW = 6
    LSHIFT = 7
    RSHIFT = 8
    AND = 9
    OR = 10
    XOR = 11
    MATMUL = 12


class CmpOp(IntEnum):
    LT = 0
    LE = 1
    EQ = 2
    NE = 3
    GT = 4
    GE = 5
    IN = 6
    NOT_IN = 7
    IS = 8
    IS_NOT = 9


# Stack effect on the fall-through path (jumps: see the comments above).
STACK_EFFECT = {
    Op.NOP: 0, Op.POP_TOP: -1, Op.DUP_TOP: 1, Op.DUP_TOP_TWO: 2, Op.ROT_TWO: 0,
    Op.ROT_THREE: 0, Op.LOAD_CONST: 1, Op.LOAD_FAST: 1, Op.STORE_FAST: -1,
    Op.DELETE_FAST: 0, Op.LOAD_DEREF: 1, Op.STORE_DEREF: -1, Op.DELETE_DEREF: 0,
    Op.LOAD_CLOSURE: 1, Op.MAKE_CELL: 0, Op.COPY_FREE_VARS: 0, Op.LOAD_GLOBAL: 1,
    Op.STORE_GLOBAL: -1, Op.DELETE_GLOBAL: 0, Op.LOAD_NAME: 1, Op.STORE_NAME: -1,
    Op.DELETE_NAME: 0, Op.LOAD_ATTR: 0, Op.STORE_ATTR: -2, Op.DELETE_ATTR: -1,
    Op.LOAD_METHOD: 1, Op.CALL_METHOD: lambda n: -n - 1, Op.CALL: lambda n: -n,
    Op.CALL_KW: lambda n: -n - 1, Op.CALL_EX: lambda a: -1 - a, Op.BINARY_OP: -1,
    Op.INPLACE_OP: -1, Op.UNARY_NEGATIVE: 0, Op.UNARY_POSITIVE: 0, Op.UNARY_NOT: 0,
    Op.UNARY_INVERT: 0, Op.COMPARE_OP: -1, Op.BINARY_SUBSCR: -1, Op.STORE_SUBSCR: -3,
    Op.DELETE_SUBSCR: -2, Op.BUILD_SLICE: lambda n: 1 - n, Op.BUILD_TUPLE: lambda n: 1 - n,
    Op.BUILD_LIST: lambda n: 1 - n, Op.BUILD_SET: lambda n: 1 - n,
    Op.BUILD_MAP: lambda n: 1 - 2 * n, Op.BUILD_STRING: lambda n: 1 - n,
    Op.LIST_APPEND: -1, Op.SET_ADD: -1, Op.MAP_ADD: -2, Op.LIST_EXTEND: -1,
    Op.SET_UPDATE: -1, Op.DICT_UPDATE: -1, Op.DICT_MERGE: -1, Op.LIST_TO_TUPLE: 0,
    Op.FORMAT_VALUE: lambda a: -1 if a & 4 else 0, Op.JUMP: 0, Op.POP_JUMP_IF_FALSE: -1,
    Op.POP_JUMP_IF_TRUE: -1, Op.JUMP_IF_FALSE_OR_POP: -1, Op.JUMP_IF_TRUE_OR_POP: -1,
    Op.GET_ITER: 0, Op.FOR_ITER: 1, Op.UNPACK_SEQUENCE: lambda n: n - 1,
    Op.UNPACK_EX: lambda a: (a & 0xFF) + (a >> 8), Op.MAKE_FUNCTION:
    lambda f: -bool(f & 1) - bool(f & 2) - bool(f & 4), Op.LOAD_BUILD_CLASS: 1,
    Op.RETURN_VALUE: -1, Op.YIELD_VALUE: 0, Op.GET_YIELD_FROM_ITER: 0, Op.SEND: 0,
    Op.RAISE: lambda a: -a, Op.RERAISE: -1, Op.PUSH_EXC_INFO: 1, Op.POP_EXCEPT: -2,
    Op.EXC_CLEANUP: -2, Op.CHECK_EXC_MATCH: -1, Op.IMPORT_NAME: 1, Op.IMPORT_FROM: 1,
    Op.SUPER: 0, Op.UNSUPPORTED: 1, Op.WITH_EXCEPT_START: 4, Op.BEFORE_WITH: 1, Op.IMPORT_STAR: -1,
    Op.GET_AWAITABLE: 0, Op.GET_AITER: 0, Op.GET_ANEXT: 1, Op.END_ASYNC_FOR: -2,
    Op.BEFORE_ASYNC_WITH: 1,
}


# The C names of the enums' members in the eval loop.
_CYTHON_PREFIX = {Op: "", BinOp: "B_", CmpOp: "C_"}


def cython_declarations():
    """The Cython text of ``vm/opcodes.pxi``: the enums and the code flags."""
    out = ["# Generated by setup.py from vmsample/lang/opcodes.py: edit that file, not this one.\n"]
    for enum, prefix in _CYTHON_PREFIX.items():
        out.append(f"\ncdef enum:   # {enum.__name__}\n")
        out.extend(f"    {prefix}{m.name} = {int(m)}\n" for m in enum)
    out.append("\ncdef enum:   # code flags\n")
    out.extend(f"    {name} = {value}\n" for name, value in globals().items() if name.startswith("CO_"))
    return "".join(out)
