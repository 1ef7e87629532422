"""The VM's instruction set and code flags: their one definition.

One row per instruction ([INSTRUCTIONS]) holds every fact about it: its
name (its opcode is the row's index), its stack effect, whether and how it
jumps, whether it ends a block, and what its operand is.  From it come
[OPCODES] (name -> opcode), the enum [Op], the compiler's [STACK_EFFECT],
and the verifier's [JUMP_EFFECT], [TERMINATORS] and [OPERAND].  The eval
loop sees the same numbers as C enums in ``vm/opcodes.pxi``, which
``setup.py`` writes from [c_numbers] at build time (the file is generated,
never committed), and which checks at import that the VM was built from
this module as it is now.

Every instruction is two words, ``op, arg``.  Stack comments read bottom ->
top; "jump" args are instruction indices.
"""

from collections import namedtuple
from enum import IntEnum


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


class AppObject(IntEnum):
    """LOAD_APP's operand: which of the VM's app-level objects it loads (the
    match statement's tests, which app/patterns.py registers under these
    names in lower case, except*'s steps, app/exception_groups.py's, and
    the AssertionError an `assert` raises, app/builtins.py's)."""
    MATCH_SEQUENCE = 0
    MATCH_MAPPING = 1
    MATCH_CLASS = 2
    EXCEPT_STAR_MATCH = 3
    PREPARE_RERAISE_STAR = 4
    ASSERTION_ERROR = 5


# What an instruction's operand is, for the verifier: an index into the code's
# constants, names or local slots, the code's number of free variables, or an
# inclusive range (lo, hi); hi None: no upper bound.  None: not checked.
CONST, NAME, SLOT, NFREE = "const", "name", "slot", "nfree"


# One instruction's facts (a named tuple from collections, not typing's: this
# module is imported at every start, to check the VM's numbers, and typing
# costs 2 ms):
#   name    str
#   effect  stack effect on the fall-through path: an int, or a function of arg
#   jump    stack effect when it jumps to instruction arg; None: never jumps
#   ends    never falls through (a terminator)
#   arg     the operand: CONST, NAME, SLOT, NFREE, a range or None
Instruction = namedtuple("Instruction", "name effect jump ends arg", defaults=(None, False, None))


_op = Instruction
INSTRUCTIONS = (
    _op("NOP", 0),
    _op("POP_TOP", -1),
    _op("DUP_TOP", 1),
    _op("DUP_TOP_TWO", 2),
    _op("ROT_TWO", 0),
    _op("ROT_THREE", 0),
    _op("LOAD_CONST", 1, arg=CONST),                 # consts[arg]
    _op("LOAD_FAST", 1, arg=SLOT),                   # local slot arg (UnboundLocalError if empty)
    _op("STORE_FAST", -1, arg=SLOT),
    _op("DELETE_FAST", 0, arg=SLOT),
    _op("LOAD_DEREF", 1, arg=SLOT),                  # the cell in slot arg
    _op("STORE_DEREF", -1, arg=SLOT),
    _op("DELETE_DEREF", 0, arg=SLOT),
    _op("LOAD_CLASSDEREF", 1, arg=SLOT),             # a class body's free variable: its namespace, then the cell
    _op("LOAD_CLOSURE", 1, arg=SLOT),                # the cell object itself
    _op("MAKE_CELL", 0, arg=SLOT),                   # wrap slot arg in a new cell (prologue)
    # copy the function's closure into the last arg slots
    _op("COPY_FREE_VARS", 0, arg=NFREE),
    _op("LOAD_GLOBAL", 1, arg=NAME),                 # names[arg]: globals, then builtins
    _op("STORE_GLOBAL", -1, arg=NAME),
    _op("DELETE_GLOBAL", 0, arg=NAME),
    _op("LOAD_NAME", 1, arg=NAME),                   # class body: namespace, globals, builtins
    _op("STORE_NAME", -1, arg=NAME),
    _op("DELETE_NAME", 0, arg=NAME),
    _op("LOAD_ATTR", 0, arg=NAME),
    _op("STORE_ATTR", -2, arg=NAME),                 # [value, obj] -> []
    _op("DELETE_ATTR", -1, arg=NAME),
    _op("LOAD_METHOD", 1, arg=NAME),                 # [obj] -> [callable, self-or-NULL]
    # [callable, self-or-NULL, args*arg] -> [result]
    _op("CALL_METHOD", lambda n: -n - 1, arg=(0, None)),
    _op("CALL", lambda n: -n, arg=(0, None)),        # [f, args*arg] -> [result]
    _op("CALL_KW", lambda n: -n - 1, arg=(0, None)),  # [f, args*n, names-tuple] -> [result]; arg = n
    _op("CALL_EX", lambda a: -1 - a, arg=(0, 1)),    # [f, args-tuple, (kwargs-dict if arg)] -> [result]
    _op("BINARY_OP", -1, arg=(0, max(BinOp))),       # arg: BinOp
    _op("INPLACE_OP", -1, arg=(0, max(BinOp))),      # arg: BinOp (lists extend in place)
    _op("UNARY_NEGATIVE", 0),
    _op("UNARY_POSITIVE", 0),
    _op("UNARY_NOT", 0),
    _op("UNARY_INVERT", 0),
    _op("COMPARE_OP", -1, arg=(0, max(CmpOp))),      # arg: CmpOp
    _op("BINARY_SUBSCR", -1),                        # [obj, key] -> [value]
    _op("STORE_SUBSCR", -3),                         # [value, obj, key] -> []
    _op("DELETE_SUBSCR", -2),
    _op("BUILD_SLICE", lambda n: 1 - n, arg=(2, 3)),  # [start, stop(, step)] -> [slice]
    _op("BUILD_TUPLE", lambda n: 1 - n, arg=(0, None)),
    _op("BUILD_LIST", lambda n: 1 - n, arg=(0, None)),
    _op("BUILD_SET", lambda n: 1 - n, arg=(0, None)),
    _op("BUILD_MAP", lambda n: 1 - 2 * n, arg=(0, None)),  # [k1, v1, ... kn, vn] -> [dict]
    _op("BUILD_STRING", lambda n: 1 - n, arg=(0, None)),  # concatenate arg strings
    # [list, ..., v] -> [list, ...]; list at sp[-arg] after the pop
    _op("LIST_APPEND", -1, arg=(1, None)),
    _op("SET_ADD", -1, arg=(1, None)),
    _op("MAP_ADD", -2, arg=(1, None)),               # [dict, ..., k, v]
    _op("LIST_EXTEND", -1),                          # [list, iterable] -> [list]
    # [set, iterable] -> [set]; arg 1: a frozenset constant (a tuple)
    _op("SET_UPDATE", -1, arg=(0, 1)),
    _op("DICT_UPDATE", -1),                          # [dict, mapping] -> [dict]
    # like DICT_UPDATE, but duplicate keys are a TypeError
    _op("DICT_MERGE", -1),
    _op("LIST_TO_TUPLE", 0),
    # arg & 3: conversion (none, s, r, a); arg & 4: spec on top
    _op("FORMAT_VALUE", lambda a: -1 if a & 4 else 0, arg=(0, 7)),
    _op("JUMP", 0, jump=0, ends=True),
    _op("POP_JUMP_IF_FALSE", -1, jump=-1),
    _op("POP_JUMP_IF_TRUE", -1, jump=-1),
    _op("JUMP_IF_FALSE_OR_POP", -1, jump=0),         # keeps the value when it jumps
    _op("JUMP_IF_TRUE_OR_POP", -1, jump=0),          # keeps the value when it jumps
    _op("GET_ITER", 0),
    _op("FOR_ITER", 1, jump=-1),                     # [it] -> [it, next] or pop and jump
    _op("UNPACK_SEQUENCE", lambda n: n - 1, arg=(0, None)),
    _op("UNPACK_EX", lambda a: (a & 0xFF) + (a >> 8), arg=(0, 0xFFFF)),  # arg = before | after << 8
    # [defaults?, kwdefaults?, annotations?, closure?, code] -> [function]; flags 1, 2, 8, 4
    _op("MAKE_FUNCTION", lambda f: -bool(f & 1) - bool(f & 2) - bool(f & 4) - bool(f & 8), arg=(0, 15)),
    _op("LOAD_BUILD_CLASS", 1),                      # [] -> [__build_class__] (vm/types.pxi)
    _op("RETURN_VALUE", -1, ends=True),
    # [v] -> [sent]; arg 1: an async generator's value (not an await's)
    _op("YIELD_VALUE", 0),
    _op("GET_YIELD_FROM_ITER", 0),
    _op("SEND", 0, jump=-1),                         # [it, v] -> [it, yielded] or [result] and jump
    _op("RAISE", lambda a: -a, ends=True, arg=(0, 2)),  # arg 0: re-raise; 1: [exc]; 2: [exc, cause]
    # [exc] -> raise it again (no new traceback entry); arg 1: the frame's
    # line goes back to where it was raised (CPython's RERAISE oparg)
    _op("RERAISE", -1, ends=True, arg=(0, 1)),
    # [exc] -> [prev_handled, exc]; exc becomes the handled one
    _op("PUSH_EXC_INFO", 1),
    # [prev, exc] -> []; prev becomes the handled one again
    _op("POP_EXCEPT", -2),
    _op("EXC_CLEANUP", -2, ends=True),               # [prev, exc] -> restore prev, re-raise exc
    _op("CHECK_EXC_MATCH", -1),                      # [exc, type] -> [bool]
    _op("IMPORT_NAME", 1, arg=NAME),
    _op("IMPORT_FROM", 1, arg=NAME),                 # [module] -> [module, attr]
    _op("SUPER", 0),                                 # [self] -> [super(defining class, self)]
    _op("LOAD_CLASS", 1),                            # [] -> [defining class]: a method's __class__
    _op("STORE_CLASS", -1),                          # [value] -> []: `nonlocal __class__; __class__ = value`
    # consts[arg] = (class name, message): raise it; never falls through
    _op("UNSUPPORTED", 1, ends=True, arg=CONST),
    # [exit, prev, exc] -> [.., exit, type(exc), exc, traceback]
    _op("WITH_EXCEPT_START", 4),
    # [mgr] -> [mgr.__exit__, mgr.__enter__], bound (TypeError if missing)
    _op("BEFORE_WITH", 1),
    _op("IMPORT_STAR", -1),                          # [module] -> []: its public names into the globals
    # [obj] -> [iterator await delegates to] (a coroutine, or __await__()); arg: what made obj, for
    # the error when it is not awaitable: 0 an await, 1 __aenter__, 2 __aexit__ (async with)
    _op("GET_AWAITABLE", 0, arg=(0, 2)),
    _op("GET_AITER", 0),                             # [obj] -> [obj.__aiter__()] (async for)
    # [aiter] -> [aiter, awaitable of aiter.__anext__()]
    _op("GET_ANEXT", 1),
    # [aiter, exc] -> [] if exc is a StopAsyncIteration, else re-raise it
    _op("END_ASYNC_FOR", -2),
    # [mgr] -> [mgr.__aexit__, mgr.__aenter__], bound (TypeError if missing)
    _op("BEFORE_ASYNC_WITH", 1),
    # [] -> [the VM's app-level object AppObject(arg)] (the match statement's tests: app/patterns.py)
    _op("LOAD_APP", 1, arg=(0, max(AppObject))),
)

# An instruction's opcode is its row's index in INSTRUCTIONS.
OPCODES = {ins.name: number for number, ins in enumerate(INSTRUCTIONS)}


def _tables():
    # [Op] and the tables keyed by it, made when first asked for (PEP 562's
    # module __getattr__ below), not at import: the VM imports this module at
    # every start only for c_numbers(), and making the enum was 1.5 ms of it.
    op = IntEnum("Op", list(OPCODES.items()))
    op.__doc__ = "The opcodes: an instruction's opcode is its row's index in INSTRUCTIONS."
    return {
        "Op": op,
        "STACK_EFFECT": {op(i): ins.effect for i, ins in enumerate(INSTRUCTIONS)},
        "JUMP_EFFECT": {op(i): ins.jump for i, ins in enumerate(INSTRUCTIONS) if ins.jump is not None},
        "TERMINATORS": frozenset(op(i) for i, ins in enumerate(INSTRUCTIONS) if ins.ends),
        "OPERAND": {op(i): ins.arg for i, ins in enumerate(INSTRUCTIONS) if ins.arg is not None},
    }


def __getattr__(name):
    if name in ("Op", "STACK_EFFECT", "JUMP_EFFECT", "TERMINATORS", "OPERAND"):
        globals().update(_tables())
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
CO_HIDDEN = 512          # a C module's replacement or the VM's app-level code: no frame of its own (vm/introspection.pxi)


# The C names of the enums' members in the eval loop (Op's are the instructions' own names).
_CYTHON_PREFIX = {BinOp: "B_", CmpOp: "C_", AppObject: "A_"}


def c_numbers():
    """Every name ``vm/opcodes.pxi`` declares, with its number."""
    numbers = dict(OPCODES)
    numbers.update((f"{prefix}{m.name}", int(m)) for enum, prefix in _CYTHON_PREFIX.items() for m in enum)
    numbers.update((name, value) for name, value in globals().items() if name.startswith("CO_"))
    return numbers
