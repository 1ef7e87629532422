"""The bytecode verifier: what the eval loop may assume about a code object.

The eval loop trusts its code -- no bounds check on the instruction pointer,
a constant index or a local slot, the stack pointer -- so every code object
the compiler builds is checked here first ([verify_tree] from
compile_source), and a code object that fails is an internal error, never
run.  The loop can rely on:

1. Shape: the code is a whole number of ``op, arg`` pairs, at least one, with
   one line per instruction; every op is an instruction of ``opcodes.Op``.
2. Operands: constant, name and local-slot indices are inside their tables;
   a BinOp / CmpOp is one of its enum; counts are not negative; a jump
   target and an exception handler are instructions of this code, and an
   exception-table range lies inside it.
3. Control: no path runs off the end.  From the first instruction, following
   fall-through, jumps and exception edges, every reachable instruction that
   falls through has a next one: each path ends in a terminator (return,
   raise, re-raise, exception cleanup) or loops.
4. Stack: the depth on entry to each reachable instruction is the same along
   every path (a handler is entered with its row's depth plus the
   exception), never below zero, never above ``maxstack``.

The stack effects are ``opcodes.STACK_EFFECT`` (the fall-through path); a
jump's own effect is [JUMP_EFFECT].
"""

from __future__ import annotations

from vmsample.lang.opcodes import STACK_EFFECT, BinOp, CmpOp, Op

__all__ = ["BytecodeError", "verify", "verify_tree"]


class BytecodeError(Exception):
    """A code object the eval loop must not run (a compiler bug)."""


# Stack effect when the jump is taken.
JUMP_EFFECT = {
    Op.JUMP: 0,
    Op.POP_JUMP_IF_FALSE: -1,
    Op.POP_JUMP_IF_TRUE: -1,
    Op.JUMP_IF_FALSE_OR_POP: 0,         # keeps the value when it jumps
    Op.JUMP_IF_TRUE_OR_POP: 0,
    Op.FOR_ITER: -1,                    # exhausted: pops the iterator
    Op.SEND: -1,                        # [it, v] -> [result]
}
# No fall-through.
TERMINATORS = {Op.JUMP, Op.RETURN_VALUE, Op.RAISE, Op.RERAISE, Op.EXC_CLEANUP, Op.UNSUPPORTED}

_CONST_OPS = {Op.LOAD_CONST, Op.UNSUPPORTED}
_NAME_OPS = {Op.LOAD_GLOBAL, Op.STORE_GLOBAL, Op.DELETE_GLOBAL, Op.LOAD_NAME, Op.STORE_NAME,
             Op.DELETE_NAME, Op.LOAD_ATTR, Op.STORE_ATTR, Op.DELETE_ATTR, Op.LOAD_METHOD,
             Op.IMPORT_NAME, Op.IMPORT_FROM}
_SLOT_OPS = {Op.LOAD_FAST, Op.STORE_FAST, Op.DELETE_FAST, Op.LOAD_DEREF, Op.STORE_DEREF,
             Op.DELETE_DEREF, Op.LOAD_CLOSURE, Op.MAKE_CELL}
# Inclusive operand ranges of the other instructions (None: no upper bound).
_RANGES = {
    Op.BINARY_OP: (0, max(BinOp)), Op.INPLACE_OP: (0, max(BinOp)), Op.COMPARE_OP: (0, max(CmpOp)),
    Op.CALL: (0, None), Op.CALL_METHOD: (0, None), Op.CALL_KW: (0, None), Op.CALL_EX: (0, 1),
    Op.BUILD_TUPLE: (0, None), Op.BUILD_LIST: (0, None), Op.BUILD_SET: (0, None),
    Op.BUILD_MAP: (0, None), Op.BUILD_STRING: (0, None), Op.BUILD_SLICE: (2, 3),
    Op.LIST_APPEND: (1, None), Op.SET_ADD: (1, None), Op.MAP_ADD: (1, None),
    Op.UNPACK_SEQUENCE: (0, None), Op.UNPACK_EX: (0, 0xFFFF), Op.FORMAT_VALUE: (0, 7),
    Op.MAKE_FUNCTION: (0, 7), Op.RAISE: (0, 2), Op.SET_UPDATE: (0, 1),
}
_OPS = {int(op) for op in Op}


def verify_tree(code) -> None:
    """Verify [code] and every code object among its constants, recursively."""
    todo = [code]
    while todo:
        c = todo.pop()
        verify(c)
        todo.extend(k for k in c.consts if hasattr(k, "code") and hasattr(k, "exctable"))


def verify(co) -> None:
    """Raise BytecodeError unless [co] keeps promises 1-4 above."""
    words = co.code
    n = len(words) // 2

    def fail(i, why):
        where = f"{co.filename}:{co.lines[i] if 0 <= i < len(co.lines) else co.firstlineno}"
        what = f"instruction {i} ({_name(words[2 * i])} {words[2 * i + 1]})" if 0 <= i < n else "code"
        raise BytecodeError(f"{where}: bad bytecode in {co.qualname}, {what}: {why}")

    # 1. Shape.
    if n == 0 or len(words) % 2:
        fail(-1, f"{len(words)} words is not a whole, non-empty number of instructions")
    if len(co.lines) != n:
        fail(-1, f"{len(co.lines)} lines for {n} instructions")
    # 2. Operands.
    for i in range(n):
        op, arg = words[2 * i], words[2 * i + 1]
        if op not in _OPS:
            fail(i, "unknown opcode")
        op = Op(op)
        if op in JUMP_EFFECT and not 0 <= arg < n:
            fail(i, f"jump target outside the code (0..{n - 1})")
        elif op in _CONST_OPS and not 0 <= arg < len(co.consts):
            fail(i, f"no constant {arg} ({len(co.consts)} constants)")
        elif op in _NAME_OPS and not 0 <= arg < len(co.names):
            fail(i, f"no name {arg} ({len(co.names)} names)")
        elif op in _SLOT_OPS and not 0 <= arg < len(co.varnames):
            fail(i, f"no local slot {arg} ({len(co.varnames)} slots)")
        elif op == Op.COPY_FREE_VARS and arg != co.nfree:
            fail(i, f"copies {arg} free variables, the code has {co.nfree}")
        elif op in _RANGES:
            lo, hi = _RANGES[op]
            if arg < lo or (hi is not None and arg > hi):
                fail(i, f"operand outside {lo}..{'' if hi is None else hi}")
    for start, end, handler, depth in co.exctable:
        if not (0 <= start < end <= n and 0 <= handler < n and depth >= 0):
            fail(-1, f"exception-table row {(start, end, handler, depth)} outside the code")
    # 3 and 4. Walk every path, depth along.
    handlers = [None] * n                   # the innermost row covering each instruction
    for row in co.exctable:
        for i in range(row[0], row[1]):
            handlers[i] = row
    depth_at = [None] * n
    todo = [(0, 0)]

    def reach(i, source, depth):
        if depth < 0:
            fail(source, "pops from an empty stack")
        if depth > co.maxstack:
            fail(source, f"stack depth {depth} above maxstack {co.maxstack}")
        if depth_at[i] is None:
            depth_at[i] = depth
            todo.append((i, depth))
        elif depth_at[i] != depth:
            fail(i, f"reached with stack depth {depth_at[i]} and {depth}")

    depth_at[0] = 0
    while todo:
        i, depth = todo.pop()
        op, arg = Op(words[2 * i]), words[2 * i + 1]
        row = handlers[i]
        if row is not None:
            reach(row[2], i, row[3] + 1)
        if op in JUMP_EFFECT:
            reach(arg, i, depth + JUMP_EFFECT[op])
        if op not in TERMINATORS:
            if i + 1 >= n:
                fail(i, "falls off the end of the code")
            effect = STACK_EFFECT[op]
            reach(i + 1, i, depth + (effect(arg) if callable(effect) else effect))


def _name(op):
    try:
        return Op(op).name
    except ValueError:
        return f"op {op}"
