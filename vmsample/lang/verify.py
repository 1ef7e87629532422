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
5. Kind: YIELD_VALUE is only in generator code (CO_GENERATOR), whose frames
   the loop can suspend; a plain function's frame has nowhere to yield to.

What each instruction does to the stack, where it jumps, whether it falls
through and what its operand is, is its row in ``opcodes.INSTRUCTIONS``
(``STACK_EFFECT``, ``JUMP_EFFECT``, ``TERMINATORS``, ``OPERAND``).
"""

from __future__ import annotations

from vmsample.lang.opcodes import (CO_GENERATOR, CONST, JUMP_EFFECT, NAME, NFREE, OPERAND, SLOT,
                                   STACK_EFFECT, TERMINATORS, Op)

__all__ = ["BytecodeError", "verify", "verify_tree"]


class BytecodeError(Exception):
    """A code object the eval loop must not run (a compiler bug)."""


_OPS = {int(op) for op in Op}


def verify_tree(code) -> None:
    """Verify [code] and every code object among its constants, recursively."""
    todo = [code]
    while todo:
        c = todo.pop()
        verify(c)
        todo.extend(k for k in c.consts if hasattr(k, "code") and hasattr(k, "exctable"))


def verify(co) -> None:
    """Raise BytecodeError unless [co] keeps promises 1-5 above."""
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
        kind = OPERAND.get(op)
        if op in JUMP_EFFECT and not 0 <= arg < n:
            fail(i, f"jump target outside the code (0..{n - 1})")
        elif kind == CONST and not 0 <= arg < len(co.consts):
            fail(i, f"no constant {arg} ({len(co.consts)} constants)")
        elif kind == NAME and not 0 <= arg < len(co.names):
            fail(i, f"no name {arg} ({len(co.names)} names)")
        elif kind == SLOT and not 0 <= arg < len(co.varnames):
            fail(i, f"no local slot {arg} ({len(co.varnames)} slots)")
        elif kind == NFREE and arg != co.nfree:
            fail(i, f"copies {arg} free variables, the code has {co.nfree}")
        elif isinstance(kind, tuple):
            lo, hi = kind
            if arg < lo or (hi is not None and arg > hi):
                fail(i, f"operand outside {lo}..{'' if hi is None else hi}")
        if op == Op.YIELD_VALUE and not co.flags & CO_GENERATOR:
            fail(i, "yields in code that is not a generator's")
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
