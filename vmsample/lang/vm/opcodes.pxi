# vm/opcodes.pxi, included by _vm.pyx (one extension module, one C file).
#
# The instruction set as the eval loop sees it: Op, BinOp and CmpOp numbers.
# Globals: none (checks itself against vmsample.lang.opcodes at import).

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

