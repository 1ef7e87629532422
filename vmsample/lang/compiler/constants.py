"""Constants: a scope's constant table and the constant folding CPython's
AST optimizer does where the VM must match it (set literals)."""

from __future__ import annotations

import ast

from vmsample.lang.compiler.code import Code


_NOT_CONSTANT = object()


def _cpython_frozenset_order(values):
    """The order in which the items of a constant set literal are inserted
    into the frozenset constant CPython keeps for it: the compiler builds
    frozenset(values), and merge_consts_recursive rebuilds it from that
    one's iteration order (Python/compile.c); the runtime set is merged from
    the rebuilt one.  Hashes are CPython's, so the layout is CPython's."""
    return tuple(frozenset(values))


def _folded_constant(node):
    """The value CPython's AST optimizer folds [node] to, or _NOT_CONSTANT
    (constants, signed numbers, tuples of those)."""
    if isinstance(node, ast.Constant) and not isinstance(node.value, (bytes, complex)) \
            and node.value is not Ellipsis:
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)) \
            and isinstance(node.operand, ast.Constant) \
            and type(node.operand.value) in (int, float):
        v = node.operand.value
        return -v if isinstance(node.op, ast.USub) else +v
    if isinstance(node, ast.Tuple):
        values = tuple(_folded_constant(e) for e in node.elts)
        if all(v is not _NOT_CONSTANT for v in values):
            return values
    if isinstance(node, ast.BinOp) and type(node.op) in _FOLDED_BINOPS:
        a, b = _folded_constant(node.left), _folded_constant(node.right)
        if type(a) in (int, float) and type(b) in (int, float):
            return _fold_binop(node.op, a, b)
    return _NOT_CONSTANT


_FOLDED_BINOPS = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b,
                  ast.Mult: lambda a, b: a * b, ast.Pow: lambda a, b: a ** b,
                  ast.LShift: lambda a, b: a << b, ast.RShift: lambda a, b: a >> b,
                  ast.FloorDiv: lambda a, b: a // b, ast.Mod: lambda a, b: a % b,
                  ast.Div: lambda a, b: a / b, ast.BitAnd: lambda a, b: a & b,
                  ast.BitOr: lambda a, b: a | b, ast.BitXor: lambda a, b: a ^ b}


_MAX_FOLDED_INT_BITS = 128   # CPython's MAX_INT_SIZE (Python/ast_opt.c)


def _fold_binop(op, a, b):
    """CPython's AST optimizer on numbers: it folds what cannot raise and, for
    *, ** and <<, only results of at most 128 bits (checked before computing)."""
    if isinstance(op, (ast.Mult, ast.Pow, ast.LShift)) and type(a) is int and type(b) is int:
        if isinstance(op, ast.Mult):
            too_big = a and b and a.bit_length() + b.bit_length() > _MAX_FOLDED_INT_BITS
        elif isinstance(op, ast.Pow):
            too_big = b < 0 or (a and b > 0 and a.bit_length() * b > _MAX_FOLDED_INT_BITS)
        else:
            too_big = b < 0 or (a and b > _MAX_FOLDED_INT_BITS - a.bit_length())
        if too_big:
            return _NOT_CONSTANT
    try:
        return _FOLDED_BINOPS[type(op)](a, b)
    except (ArithmeticError, ValueError):
        return _NOT_CONSTANT


class Constants:
    """The scope's constant table: a mixin of [_Unit] (unit.py)."""

    def const(self, value):
        key = (type(value), value) if not isinstance(value, (Code, tuple)) else (id(value),)
        if isinstance(value, tuple):
            key = ("tuple", tuple((type(v), v) for v in value))
        if key not in self._consts:
            self._consts[key] = len(self.co.consts)
            self.co.consts.append(value)
        return self._consts[key]
