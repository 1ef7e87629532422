"""The match statement (PEP 634).

The subject stays on the stack while the cases are tried in order.  A case
tests a copy of it: each pattern consumes the value it tests, and where a
test fails it jumps to one of its case's failure labels, the one that pops
what the pattern left on the stack so far ([_Failures]); the last label
tries the next case.  Sequence, mapping and class patterns call an
app-level test (app/patterns.py), which returns the values their
sub-patterns match, unpacked onto the stack, or None.

Captured values go into a dict under the subject, not to their names, until
the whole pattern has matched; then they are stored, before the guard
runs.  So a case that fails binds nothing, as in CPython, and the
alternatives of an or-pattern, which bind the same names, overwrite each
other's partial captures.

The compile-time errors are CPython's: an irrefutable case before the last,
a name bound twice, alternatives binding different names, a literal key
twice, an attribute twice, two stars.
"""

from __future__ import annotations

import ast

from vmsample.lang.opcodes import Op, CmpOp, AppObject
from vmsample.lang.compiler.code import CompileError


class _Failures:
    """One test's failure labels: [fail](n) pops n values, then goes on at
    depth [base] (the next case, or an or-pattern's next alternative)."""

    def __init__(self, unit, base):
        self.unit, self.base, self.labels = unit, base, {}

    def label(self, pops):
        if pops not in self.labels:
            self.labels[pops] = self.unit.new_label()
        return self.labels[pops]

    def jump_if(self, op):
        """Emit [op] (a POP_JUMP_IF_*) to the label that pops what is left."""
        self.unit.emit(op, self.label(self.unit.depth - 1 - self.base))

    def place(self):
        """Emit the labels: each pops one value and falls into the next."""
        unit = self.unit
        for pops in range(max(self.labels, default=0), 0, -1):
            if pops in self.labels:
                unit.mark(self.labels[pops], self.base + pops)
            unit.emit(Op.POP_TOP)
        if 0 in self.labels:
            unit.mark(self.labels[0], self.base)


def _irrefutable(pattern):
    if isinstance(pattern, ast.MatchAs):
        return pattern.pattern is None
    if isinstance(pattern, ast.MatchOr):
        return any(_irrefutable(p) for p in pattern.patterns)
    return False


class Patterns:
    """The compilation of match statements: a mixin of [_Unit] (unit.py)."""

    def stmt_Match(self, node):
        self.expr(node.subject)
        base = self.depth
        end = self.new_label()
        for i, case in enumerate(node.cases):
            if i < len(node.cases) - 1 and case.guard is None and _irrefutable(case.pattern):
                self.unreachable_error(case.pattern)
            names = self.pattern_names(case.pattern)
            failures = _Failures(self, base)
            self.set_line(case.pattern)
            self.emit(Op.DUP_TOP)
            if names:
                self.emit(Op.BUILD_MAP, 0)
                self.emit(Op.ROT_TWO)           # [subject, captures, subject]
            self.captures_at = base + 1         # (where capture() finds the dict)
            self.pattern(case.pattern, failures)
            for name in names:
                self.emit(Op.DUP_TOP)
                self.emit(Op.LOAD_CONST, self.const(name))
                self.emit(Op.BINARY_SUBSCR)
                self.store_name(name)
            if names:
                self.emit(Op.POP_TOP)
            if case.guard is not None:
                self.cond_jump(case.guard, False, failures.label(0))
            self.emit(Op.POP_TOP)               # the subject
            self.compile_body(case.body)
            self.emit(Op.JUMP, end)
            self.depth = base
            failures.place()
        self.emit(Op.POP_TOP)
        self.mark(end, base - 1)

    def unreachable_error(self, p):
        """Raise CPython's SyntaxError for an irrefutable pattern before others."""
        while isinstance(p, ast.MatchOr):
            p = next(q for q in p.patterns if _irrefutable(q))
        what = f"name capture {p.name!r}" if p.name else "wildcard"
        raise CompileError(self.filename, p, f"{what} makes remaining patterns unreachable")

    def pattern_names(self, pattern):
        """The names [pattern] binds, in order (CPython's errors for a name
        bound twice and alternatives that bind different names)."""
        names = []

        def walk(p):
            if isinstance(p, ast.MatchOr):
                first = None
                for alt in p.patterns:
                    bound = self.pattern_names(alt)
                    if first is None:
                        first = bound
                    elif set(bound) != set(first):
                        raise CompileError(self.filename, alt, "alternative patterns bind different names")
                for n in first:
                    add(n, p)
                return
            name = getattr(p, "name", None) if isinstance(p, (ast.MatchAs, ast.MatchStar)) else None
            if isinstance(p, ast.MatchMapping):
                name = p.rest
            for child in ast.iter_child_nodes(p):
                if isinstance(child, ast.pattern):
                    walk(child)
            if name is not None:
                add(name, p)

        def add(n, p):
            if n in names:
                raise CompileError(self.filename, p, f"multiple assignments to name {n!r} in pattern")
            names.append(n)

        walk(pattern)
        return names

    def pattern(self, p, failures):
        """Test the value on top of the stack against [p], consuming it."""
        self.set_line(p)
        getattr(self, "pattern_" + type(p).__name__)(p, failures)

    def capture(self, name):
        """Pop the value on top into the case's captures dict under [name]."""
        self.emit(Op.LOAD_CONST, self.const(name))
        self.emit(Op.ROT_TWO)
        self.emit(Op.MAP_ADD, self.depth - 2 - self.captures_at + 1)

    def pattern_MatchValue(self, p, failures):
        self.expr(p.value)
        self.emit(Op.COMPARE_OP, CmpOp.EQ)
        failures.jump_if(Op.POP_JUMP_IF_FALSE)

    def pattern_MatchSingleton(self, p, failures):
        self.emit(Op.LOAD_CONST, self.const(p.value))
        self.emit(Op.COMPARE_OP, CmpOp.IS)
        failures.jump_if(Op.POP_JUMP_IF_FALSE)

    def pattern_MatchAs(self, p, failures):
        if p.pattern is not None:
            if p.name is not None:
                self.emit(Op.DUP_TOP)
            self.pattern(p.pattern, failures)
        if p.name is not None:
            self.capture(p.name)
        elif p.pattern is None:
            self.emit(Op.POP_TOP)               # the wildcard

    def pattern_MatchStar(self, p, failures):
        if p.name is not None:
            self.capture(p.name)
        else:
            self.emit(Op.POP_TOP)

    def pattern_MatchOr(self, p, failures):
        end = self.new_label()
        for alt in p.patterns[:-1]:
            if _irrefutable(alt):
                self.unreachable_error(alt)
            self.emit(Op.DUP_TOP)
            alternative = _Failures(self, self.depth - 1)
            self.pattern(alt, alternative)
            self.emit(Op.POP_TOP)
            self.emit(Op.JUMP, end)
            self.depth = alternative.base
            alternative.place()
        self.pattern(p.patterns[-1], failures)
        self.mark(end, self.depth)

    def matched_values(self, test, args, n, failures):
        """Call the app-level [test] (an AppObject) on the value on top and [args] (already
        emitted by the callable [args]); unpack its [n] values, or fail."""
        self.emit(Op.LOAD_APP, test)
        self.emit(Op.ROT_TWO)
        nargs = args()
        self.emit(Op.CALL, 1 + nargs)
        self.emit(Op.DUP_TOP)
        self.emit(Op.LOAD_CONST, self.const(None))
        self.emit(Op.COMPARE_OP, CmpOp.IS)
        failures.jump_if(Op.POP_JUMP_IF_TRUE)
        self.emit(Op.UNPACK_SEQUENCE, n)

    def pattern_MatchSequence(self, p, failures):
        stars = [i for i, q in enumerate(p.patterns) if isinstance(q, ast.MatchStar)]
        if len(stars) > 1:
            raise CompileError(self.filename, p, "multiple starred names in sequence pattern")

        def args():
            self.emit(Op.LOAD_CONST, self.const(len(p.patterns)))
            self.emit(Op.LOAD_CONST, self.const(stars[0] if stars else -1))
            return 2
        self.matched_values(AppObject.MATCH_SEQUENCE, args, len(p.patterns), failures)
        for q in p.patterns:
            self.pattern(q, failures)

    def pattern_MatchMapping(self, p, failures):
        literals = set()
        for key in p.keys:
            if isinstance(key, ast.Constant):
                if (type(key.value), key.value) in literals:
                    raise CompileError(self.filename, p, f"mapping pattern checks duplicate key ({key.value!r})")
                literals.add((type(key.value), key.value))

        def args():
            for key in p.keys:
                self.expr(key)
            self.emit(Op.BUILD_TUPLE, len(p.keys))
            self.emit(Op.LOAD_CONST, self.const(p.rest is not None))
            return 2
        self.matched_values(AppObject.MATCH_MAPPING, args, len(p.keys) + (p.rest is not None), failures)
        for q in p.patterns:
            self.pattern(q, failures)
        if p.rest is not None:
            self.capture(p.rest)

    def pattern_MatchClass(self, p, failures):
        for i, attr in enumerate(p.kwd_attrs):
            if attr in p.kwd_attrs[:i]:
                raise CompileError(self.filename, p.kwd_patterns[i],
                                   f"attribute name repeated in class pattern: {attr}")

        def args():
            self.expr(p.cls)
            self.emit(Op.LOAD_CONST, self.const(len(p.patterns)))
            self.emit(Op.LOAD_CONST, self.const(tuple(p.kwd_attrs)))
            return 3
        self.matched_values(AppObject.MATCH_CLASS, args, len(p.patterns) + len(p.kwd_attrs), failures)
        for q in p.patterns + p.kwd_patterns:
            self.pattern(q, failures)
