"""Differential program fuzzer: random programs over the VM's Python subset,
run by CPython and by the VM, whose results must be the same.

    python tools/fuzz_vm.py --n 5000             # the long run (seeds 0..4999)
    python tools/fuzz_vm.py --show 1234          # print the program of seed 1234
    VMSAMPLE_NURSERY=4K VMSAMPLE_GC_STRESS=1 VMSAMPLE_GC_DEBUG=1 \
        python tools/fuzz_vm.py --n 300          # the VM under the GC debug knobs

A program is a pure function of its seed (``generate(seed)``).  Its result is
what a user sees: stdout, and how it ended -- normally, or by an uncaught
exception of which type.  (Tracebacks are left to the corpus's own tests.)

Programs run in batches, so that a few hundred cost a few seconds: one worker
process per interpreter reads programs from stdin and answers one JSON line per
program.  A VM worker that crashes (a signal, an abort) or hangs takes the
program it was running with it; that program is recorded as a crash and a
fresh worker carries on with the rest.  A divergence seen in a batch is
rerun alone, in fresh processes.  If it diverges alone too, it is the
program's: written out (``--out DIR``) as a ready-made corpus program, with
its seed.  If it agrees alone, something an earlier program of the batch left
in the process changed it -- state leaking from one program to the next,
which a VM embedded in a long-lived process must not do: that is a finding
too ("batch"), reported with the seeds that ran before it in the same worker
(``--out`` writes them beside the program) and never dropped.

What the generator may emit is the VM's subset (tests/lang/programs is its
specification) minus what only a reference-counting collector makes
deterministic: no finalizer, no generator abandoned inside a ``try`` (CPython
runs its ``finally`` at once, a tracing collector later), no printed ``id()``,
no printed order of a set of strings (the string hash is salted).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import select
import signal
import subprocess
import sys
import time
from pathlib import Path



# ====================================================================== generator

SMALL_INTS = [0, 1, 2, 3, -1, -7, 10, 255, 256, 1000, 2**31 - 1, 2**62, -2**63, 2**64 + 1, 10**30]
FLOATS = ["0.0", "-0.0", "0.5", "1.5", "2.5", "-3.25", "1e-7", "1e16", "123456.789", "1e300",
          "float('inf')", "float('-inf')", "0.1", "3.0"]
STRINGS = ["''", "'a'", "'abc'", "'Hello, World'", "'x y z'", "'  pad  '", "'a,b,,c'", "'\\n\\t'",
           "'ünï'", "'€'", "'A1b2'", "'12'", "'-3'", "'aaa'"]


# Features a run can leave out (--without), e.g. while the VM is known to
# diverge on one, so that the others are still tested.
FEATURES = {
    "selfref-compare": "==, <, in between two distinct self-referential containers",
    "identity": "id() and hash() of functions, classes, methods, generators across a collection",
    "tuple-hash": "hash() of a tuple printed",
    "extremes": "huge allocations, nesting and recursion past the limit (caught by the program)",
}


class Generator:
    """Builds one program.  Variables are typed at generation time: each name
    holds one kind of value for the whole program (every scope assigns all of
    its names before the first statement that might read them), so an
    expression of a kind can use any variable of that kind."""

    KINDS = ("int", "float", "str", "bool", "ilist", "olist", "tuple", "dict", "iset", "obj")

    def __init__(self, seed: int, without: frozenset[str] = frozenset()):
        unknown = without - FEATURES.keys()
        if unknown:
            raise ValueError(f"no such feature: {sorted(unknown)}")
        self.without = without
        self.r = random.Random(seed)
        self.lines: list[str] = []
        self.indent = 0
        self.scopes: list[dict[str, list[str]]] = []
        self.counter = 0
        self.classes: list[str] = []          # classes with __init__(self, x) and __repr__
        self.exceptions: list[str] = ["ValueError", "KeyError", "RuntimeError", "TypeError"]
        self.funcs: list[tuple[str, int]] = []  # (name, positional args): return an int
        self.gens: list[str] = []             # generator functions of one int argument
        self.closures: list[str] = []         # factories: make(n) -> callable(int) -> int
        self.loop_depth = 0
        self.budget = 0

    # ---------------------------------------------------------------- output
    def emit(self, line: str) -> None:
        self.lines.append("    " * self.indent + line)

    @contextlib.contextmanager
    def block(self, header: str):
        self.emit(header)
        self.indent += 1
        mark = len(self.lines)
        yield
        if len(self.lines) == mark:
            self.emit("pass")
        self.indent -= 1

    def fresh(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    def chance(self, p: float) -> bool:
        return self.r.random() < p

    def pick(self, seq):
        return self.r.choice(seq)

    # ---------------------------------------------------------------- scopes
    def vars_of(self, kind: str) -> list[str]:
        out = []
        for scope in self.scopes:
            out += scope.get(kind, [])
        return out

    def open_scope(self, nvars: int) -> None:
        scope: dict[str, list[str]] = {}
        self.scopes.append(scope)
        for _ in range(nvars):
            kind = self.pick(self.KINDS)
            if kind == "obj" and not self.classes:
                kind = "int"
            value = self.expr(kind, 2)
            name = self.fresh(kind[0] + "v")
            self.emit(f"{name} = {value}")
            scope.setdefault(kind, []).append(name)

    def local_names(self) -> list[str]:
        return [n for names in self.scopes[-1].values() for n in names]

    # ---------------------------------------------------------------- expressions
    def expr(self, kind: str, depth: int) -> str:
        names = self.vars_of(kind)
        if names and self.chance(0.4):
            return self.pick(names)
        return getattr(self, "e_" + kind)(max(depth - 1, 0))

    def e_int(self, d: int) -> str:
        if d == 0:
            return repr(self.pick(SMALL_INTS))
        e = lambda: self.expr("int", d)  # noqa: E731
        choices = [
            lambda: f"({e()} {self.pick(['+', '-', '*', '&', '|', '^'])} {e()})",
            lambda: f"({e()} {self.pick(['//', '%'])} {e()})",
            lambda: f"({e()} << {self.r.randint(0, 70)})",
            lambda: f"({e()} >> {self.r.randint(0, 70)})",
            lambda: f"({e()} ** {self.r.randint(0, 5)})",
            lambda: f"-{e()}", lambda: f"~{e()}", lambda: f"abs({e()})",
            lambda: f"len({self.expr(self.pick(['str', 'ilist', 'olist', 'tuple', 'dict', 'iset']), d)})",
            lambda: f"min({e()}, {e()})", lambda: f"max({e()}, {e()}, {e()})",
            lambda: f"sum({self.expr('ilist', d)})",
            lambda: f"int({self.expr('float', d)})",
            lambda: f"int({self.expr('str', d)})",
            lambda: f"round({self.expr('float', d)})",
            lambda: f"hash({self.hash_arg(d)})",
            lambda: f"({e()} if {self.expr('bool', d)} else {e()})",
            lambda: f"{self.expr('ilist', d)}[{e()}]",
            # (a dict's values are of any kind: an int only through len(str()))
            lambda: f"len(str({self.expr('dict', d)}[{self.key(d)}]))",
            lambda: f"len(str({self.expr('dict', d)}.get({self.key(d)}, {e()})))",
            lambda: f"{self.expr('str', d)}.find({self.expr('str', d)})",
            lambda: f"{self.expr('ilist', d)}.count({e()})",
            lambda: f"divmod({e()}, {e()})[{self.r.randint(0, 1)}]",
            lambda: f"ord({self.expr('str', d)}[0])",
            lambda: f"({e()}).bit_length()",
            lambda: f"len([{self.expr('any', d)} for _ in range({self.r.randint(0, 3)})])",
            lambda: f"sum(x * x for x in {self.expr('ilist', d)} if x % 2)",
        ]
        if self.funcs:
            choices.append(self.call_func)
        if self.closures:
            choices.append(lambda: f"{self.pick(self.closures)}({e()})({e()})")
        if self.gens:
            choices.append(lambda: f"sum({self.pick(self.gens)}({self.r.randint(0, 6)}))")
        if self.classes:
            choices.append(lambda: f"len(repr({self.expr('obj', d)}))")
        return self.pick(choices)()

    def quoteless(self, kind: str) -> str:
        """An expression without quotes, for inside an f-string (3.11 nests none)."""
        names = self.vars_of(kind)
        if names:
            return self.pick(names)
        return {"int": lambda: repr(self.pick(SMALL_INTS)), "float": lambda: "2.75",
                "str": lambda: "None"}[kind]()

    def call_func(self) -> str:
        name, nargs = self.pick(self.funcs)
        return f"{name}({', '.join(self.e_int(1) for _ in range(nargs))})"

    def e_float(self, d: int) -> str:
        if d == 0:
            return self.pick(FLOATS)
        e = lambda: self.expr("float", d)  # noqa: E731
        return self.pick([
            lambda: f"({e()} {self.pick(['+', '-', '*', '/'])} {e()})",
            lambda: f"({e()} {self.pick(['//', '%'])} {e()})",
            lambda: f"({self.expr('int', d)} / {self.expr('int', d)})",
            lambda: f"float({self.expr('int', d)})",
            lambda: f"-{e()}", lambda: f"abs({e()})",
            lambda: f"round({e()}, {self.r.randint(0, 3)})",
            lambda: f"({e()} ** {self.r.randint(0, 3)})",
            lambda: f"float({self.pick(['1.25', '-2', 'nan', 'inf', ' 3 ', 'x'])!r})",
        ])()

    def e_str(self, d: int) -> str:
        if d == 0:
            return self.pick(STRINGS)
        s = lambda: self.expr("str", d)  # noqa: E731
        return self.pick([
            lambda: f"({s()} + {s()})",
            lambda: f"({s()} * {self.r.randint(-1, 3)})",
            lambda: f"str({self.expr(self.printable_kind(), d)})",
            lambda: f"repr({self.expr(self.printable_kind(), d)})",
            lambda: f"{s()}.{self.pick(['upper', 'lower', 'strip', 'title', 'swapcase', 'capitalize'])}()",
            lambda: f"{s()}.replace({s()}, {s()})",
            lambda: f"{s()}[{self.slice()}]",
            lambda: f"{s()}[{self.expr('int', d)}]",
            lambda: f"{s()}.join([{s()}, {s()}])",
            lambda: f"'-'.join({s()}.split({self.pick(['', ',', ' ', 'a'])!r}))" if self.chance(0.5)
            else f"'|'.join({s()}.split())",
            lambda: f"f'{{{self.quoteless('int')}:>{self.r.randint(0, 8)}}}|{{{self.quoteless('str')}!r}}'",
            lambda: f"f'{{{self.quoteless('float')}:.{self.r.randint(0, 6)}f}}'",
            lambda: f"'%s=%d' % ({s()}, {self.expr('int', d)})",
            lambda: f"'{{}}-{{}}'.format({self.expr('int', d)}, {s()})",
            lambda: f"chr(65 + {self.expr('int', d)} % 26)",
            lambda: f"({s()} if {self.expr('bool', d)} else {s()})",
            lambda: f"type({self.expr('any', d)}).__name__",
        ])()

    def e_bool(self, d: int) -> str:
        if d == 0:
            return self.pick(["True", "False"])
        b = lambda: self.expr("bool", d)  # noqa: E731
        k = self.pick(["int", "float", "str", "ilist", "tuple", "iset", "olist", "dict"])
        cmp = self.pick(["==", "!=", "<", "<=", ">", ">="])
        return self.pick([
            lambda: f"({self.expr(k, d)} {cmp} {self.expr(k, d)})",
            lambda: f"({self.expr('int', d)} < {self.expr('int', d)} <= {self.expr('int', d)})",
            lambda: f"({b()} {self.pick(['and', 'or'])} {b()})",
            lambda: f"(not {b()})",
            lambda: f"({self.expr('int', d)} in {self.expr(self.pick(['ilist', 'iset', 'tuple', 'dict']), d)})",
            lambda: f"({self.expr('str', d)} in {self.expr('str', d)})",
            lambda: f"({self.expr('any', d)} in {self.expr('olist', d)})",
            # (`is` between equal constants is CPython's constant merging: only None;
            # a literal is compared through a name, which CPython does not warn about)
            lambda: f"((lambda v: v is None)({self.expr('any', d)}))",
            lambda: f"isinstance({self.expr('any', d)}, {self.pick(['int', 'str', 'list', 'tuple', 'dict', 'float', 'bool', 'object', *self.classes])})",
            lambda: f"bool({self.expr(k, d)})",
            lambda: f"any({self.expr('ilist', d)})", lambda: f"all({self.expr('ilist', d)})",
            lambda: f"{self.expr('str', d)}.startswith({self.expr('str', d)})",
        ])()

    def e_ilist(self, d: int) -> str:
        if d == 0:
            return f"[{', '.join(repr(self.pick(SMALL_INTS)) for _ in range(self.r.randint(0, 5)))}]"
        i = lambda: self.expr("int", d)  # noqa: E731
        l = lambda: self.expr("ilist", d)  # noqa: E731
        return self.pick([
            lambda: f"[{', '.join(i() for _ in range(self.r.randint(0, 4)))}]",
            lambda: f"({l()} + {l()})",
            lambda: f"({l()} * {self.r.randint(0, 3)})",
            lambda: f"{l()}[{self.slice()}]",
            lambda: f"sorted({l()}{self.pick(['', ', reverse=True', ', key=abs', ', key=lambda x: -x'])})",
            lambda: f"list(range({self.r.randint(-3, 8)}, {self.r.randint(-3, 12)}, {self.pick([1, 2, -1, 3])}))",
            lambda: f"[x {self.pick(['+', '*', '%', '//'])} {self.r.randint(1, 5)} for x in {l()}]",
            lambda: f"[x for x in {l()} if x {self.pick(['>', '<', '!='])} {i()}]",
            lambda: f"list(map(abs, {l()}))",
            lambda: f"list(reversed({l()}))",
            lambda: f"[k for k in {self.expr('dict', d)} if type(k) is int]",
            lambda: f"sorted({self.expr('iset', d)})",
            lambda: f"[len(s) for s in {self.expr('str', d)}.split()]",
            lambda: f"[a * b for a, b in zip({l()}, {l()})]",
            lambda: f"[i for i, _ in enumerate({self.expr('str', d)})]",
        ] + ([lambda: f"list({self.pick(self.gens)}({self.r.randint(0, 5)}))"] if self.gens else []))()

    def e_olist(self, d: int) -> str:
        if d == 0:
            return self.pick(["[]", "[None]", "[1, 'a', 2.5]", "[[1], [2, [3]]]", "[(), {}]"])
        return self.pick([
            lambda: f"[{', '.join(self.expr('any', d) for _ in range(self.r.randint(0, 4)))}]",
            lambda: f"({self.expr('olist', d)} + {self.expr('olist', d)})",
            lambda: f"{self.expr('olist', d)}[{self.slice()}]",
            lambda: f"list({self.expr('tuple', d)})",
            lambda: f"list({self.expr('dict', d)}.items())",
            lambda: f"list({self.expr('dict', d)}.values())",
            lambda: self.nested(self.r.randint(1, 40)),
        ])()

    def nested(self, depth: int) -> str:
        inner = self.pick(["1", "'s'", "None", "()"])
        for _ in range(depth):
            inner = self.pick(["[{}]", "({},)", "[0, {}]", "{{1: {}}}"]).format(inner)
        return f"[{inner}]"

    def e_tuple(self, d: int) -> str:
        if d == 0:
            return self.pick(["()", "(1,)", "(1, 2)", "('a', None, 2.5)", "((1, 2), (3,))"])
        return self.pick([
            lambda: f"({', '.join(self.hashable(d) for _ in range(self.r.randint(1, 4)))},)",
            lambda: f"tuple({self.expr('ilist', d)})",
            lambda: f"({self.expr('tuple', d)} + {self.expr('tuple', d)})",
            lambda: f"{self.expr('tuple', d)}[{self.slice()}]",
            lambda: f"divmod({self.expr(self.pick(['int', 'float']), d)}, {self.expr('int', d)})",
            lambda: f"tuple(sorted({self.expr('iset', d)}))",
        ])()

    def e_dict(self, d: int) -> str:
        if d == 0:
            return self.pick(["{}", "{1: 'a'}", "{'k': 1, 'j': [2]}", "{(1, 2): 3, None: 4}"])
        return self.pick([
            lambda: "{" + ", ".join(f"{self.key(d)}: {self.expr('any', d)}"
                                    for _ in range(self.r.randint(0, 4))) + "}",
            lambda: f"{{x: x * x for x in {self.expr('ilist', d)}}}",
            lambda: f"dict(zip({self.expr('str', d)}, {self.expr('ilist', d)}))",
            lambda: f"dict.fromkeys({self.expr('ilist', d)}, {self.expr('int', d)})",
            lambda: f"{self.expr('dict', d)}.copy()",
        ])()

    def e_iset(self, d: int) -> str:
        if d == 0:
            return self.pick(["set()", "{1, 2, 3}", "{0}", "{-5, 100, 2**40, 8, 16}"])
        s = lambda: self.expr("iset", d)  # noqa: E731
        return self.pick([
            lambda: f"{{{', '.join(self.expr('int', d) for _ in range(self.r.randint(1, 4)))}}}",
            lambda: f"set({self.expr('ilist', d)})",
            lambda: f"({s()} {self.pick(['|', '&', '-', '^'])} {s()})",
            lambda: f"{{x % 7 for x in {self.expr('ilist', d)}}}",
            lambda: f"set({self.expr('dict', d)}.keys()) & {{1, 2, 3}}" if False else f"{s()}.union({self.expr('ilist', d)})",
        ])()

    def e_obj(self, d: int) -> str:
        return f"{self.pick(self.classes)}({self.expr(self.pick(['int', 'str', 'ilist']), d)})"

    def e_any(self, d: int) -> str:
        return self.expr(self.pick(["int", "float", "str", "bool", "ilist", "tuple", "dict", "olist", "none"]
                                   + (["obj"] if self.classes else [])), d)

    def e_none(self, d: int) -> str:
        return "None"

    def printable_kind(self) -> str:
        return self.pick(["int", "float", "str", "bool", "ilist", "olist", "tuple", "dict", "iset"]
                         + (["obj"] if self.classes else []))

    def hashable(self, d: int) -> str:
        return self.expr(self.pick(["int", "float", "bool", "tuple", "none", "int"]), d)

    def hash_arg(self, d: int) -> str:
        # Not None, nor anything holding it: CPython 3.11 hashes None by address,
        # and a NaN too (seed 100761: hash(float('-inf') % 1e300)), so a NaN
        # is hashed as 0.0.
        choices = [lambda: self.expr("int", d),
                   lambda: f"(lambda v: v if v == v else 0.0)({self.expr('float', d)})",
                   lambda: self.expr("bool", d)]
        if "tuple-hash" not in self.without:
            choices.append(lambda: f"tuple({self.expr('ilist', d)})")
        return self.pick(choices)()

    def key(self, d: int) -> str:
        return self.pick([lambda: self.expr("int", d), lambda: self.expr("str", d),
                          lambda: self.expr("tuple", d), lambda: "None", lambda: self.expr("float", d)])()

    def slice(self) -> str:
        part = lambda: self.pick(["", str(self.r.randint(-5, 5))])  # noqa: E731
        s = f"{part()}:{part()}"
        if self.chance(0.3):
            s += f":{self.pick([-1, 2, -2, 3])}"
        return s

    # ---------------------------------------------------------------- statements
    def stmts(self, n: int, depth: int) -> None:
        for _ in range(n):
            if self.budget <= 0:
                return
            self.budget -= 1
            self.stmt(depth)

    def stmt(self, depth: int) -> None:
        simple = [self.s_print, self.s_print, self.s_assign, self.s_mutate, self.s_augassign,
                  self.s_selfref, self.s_assert, self.s_unpack, self.s_identity, self.s_modules,
                  self.s_generator_protocol, self.s_recursion_limit, self.s_strings, self.s_extremes,
                  self.s_bytes]
        compound = [self.s_if, self.s_for, self.s_while, self.s_try, self.s_try_in_loop, self.s_raise]
        if depth > 0 and self.chance(0.45):
            self.pick(compound)(depth - 1)
        else:
            self.pick(simple)()

    def s_print(self) -> None:
        k = self.printable_kind()
        extra = self.pick(["", ", sep='|'", ", end=';\\n'"])
        self.emit(f"print({self.expr(k, 3)}, {self.expr(self.printable_kind(), 2)}{extra})")

    def s_assign(self) -> None:
        kinds = [k for k in self.KINDS if self.scopes[-1].get(k)]
        if not kinds:
            return self.s_print()
        k = self.pick(kinds)
        value = self.expr(k, 3)
        # Loops nest: a value that may double per assignment is capped.
        if k == "int":
            value = f"{value} % {self.pick(['1000003', '2**100 + 7', '-97'])}"
        elif k in ("str", "ilist", "olist", "tuple"):
            value = f"{value}[:{self.r.randint(0, 40)}]"
        self.emit(f"{self.pick(self.scopes[-1][k])} = {value}")

    def s_augassign(self) -> None:
        ints = self.scopes[-1].get("int")
        if ints:
            op = self.pick(["+=", "-=", "//=", "%=", "^=", "|=", "*="])
            self.emit(f"{self.pick(ints)} {op} {self.e_int(0) if op == '*=' else self.expr('int', 2)}")
        else:
            self.s_print()

    def s_mutate(self) -> None:
        ops = []
        for name in self.vars_of("ilist"):
            ops += [f"{name}.append({self.expr('int', 2)})", f"{name}.insert({self.r.randint(-3, 3)}, {self.expr('int', 2)})",
                    f"{name}.sort()", f"{name}.reverse()", f"print({name}.pop())",
                    f"{name}[{self.expr('int', 1)}] = {self.expr('int', 2)}",
                    f"{name}[{self.slice()}] = {self.expr('ilist', 1)}", f"del {name}[{self.expr('int', 1)}]",
                    f"{name}.extend({self.e_ilist(0)})", f"{name}.remove({self.expr('int', 1)})"]
        for name in self.vars_of("olist"):
            ops += [f"{name}.append({self.expr('any', 2)})", f"{name}.extend({self.e_olist(0)})",
                    f"{name}.clear()" if self.chance(0.2) else f"print(len({name}))"]
        for name in self.vars_of("dict"):
            ops += [f"{name}[{self.key(2)}] = {self.expr('any', 2)}", f"print({name}.pop({self.key(1)}, 'none'))",
                    f"{name}.update({self.expr('dict', 2)})", f"del {name}[{self.key(1)}]",
                    f"print({name}.setdefault({self.key(1)}, {self.expr('int', 1)}))",
                    f"print(list({name}.items()))"]
        for name in self.vars_of("iset"):
            ops += [f"{name}.add({self.expr('int', 2)})", f"{name}.discard({self.expr('int', 1)})",
                    f"{name} |= {self.expr('iset', 2)}", f"{name}.remove({self.expr('int', 1)})",
                    f"print({name}.pop() if {name} else 'empty')"]
        for name in self.vars_of("obj"):
            ops += [f"{name}.x = {self.expr('int', 2)}", f"print({name}.x)", f"print({name}.twice())",
                    f"{name}.tag = {self.expr('str', 1)}"]
        if ops:
            self.emit(self.pick(ops))
        else:
            self.s_print()

    def s_selfref(self) -> None:
        a, b = self.fresh("sr"), self.fresh("sr")
        make = self.pick([
            lambda n: f"{n} = [1, 2]; {n}.append({n})",
            lambda n: f"{n} = {{'k': 1}}; {n}['me'] = {n}",
            lambda n: f"{n} = [{{}}]; {n}[0]['up'] = {n}",
            lambda n: f"{n} = [[0]]; {n}[0].append({n}); {n}.append({n}[0])",
        ])
        self.emit(make(a))
        distinct = "selfref-compare" not in self.without and self.chance(0.5)
        self.emit(make(b) if distinct else f"{b} = {a}")
        self.emit(f"print({a}, len({a}))")
        test = self.pick([f"{a} == {a}", f"{a} is {b}", f"{a} == {b}", f"{a} != {b}", f"{a} in [{b}]",
                          f"{a} < {b}", f"str({a}) == repr({b})", f"len(repr({a})) > 0"])
        self.guarded(f"print({test})")

    def s_identity(self) -> None:
        # Identity survives collections: functions, classes, bound methods,
        # generators, ranges and containers as dict keys, set members, id()s.
        if "identity" in self.without:
            return self.s_print()
        things = ["print", "len"] + [f for f, _ in self.funcs] + self.classes + self.gens + self.closures
        objs = self.vars_of("obj")
        if objs:
            things.append(f"{self.pick(objs)}.twice")
        if self.gens:
            things.append(f"{self.pick(self.gens)}(2)")
        things += ["range(3)", "[1]", "(lambda: 0)"]
        chosen = [self.pick(things) for _ in range(self.r.randint(1, 3))]
        name, ids = self.fresh("idk"), self.fresh("ids")
        self.emit(f"{name} = [{', '.join(chosen)}]")
        self.emit(f"{ids} = [(id(o), hash(o) if not isinstance(o, list) else 0) for o in {name}]")
        self.emit(f"{name}_d = {{o: i for i, o in enumerate({name}) if not isinstance(o, list)}}")
        self.emit("import gc")
        self.emit("gc.collect()" if self.chance(0.5) else f"{self.fresh('junk')} = [[i] for i in range(200)]")
        self.emit(f"print([(id(o), hash(o) if not isinstance(o, list) else 0) for o in {name}] == {ids}, "
                  f"[o in {name}_d for o in {name} if not isinstance(o, list)])")

    def s_modules(self) -> None:
        self.emit(self.pick([
            f"import math; print(math.sqrt(abs({self.expr('int', 1)})), math.floor({self.expr('float', 1)}), math.gcd({self.expr('int', 1)}, 12))",
            f"import random; random.seed({self.r.randint(0, 99)}); print(random.random(), random.randint(1, 6), random.choice({self.expr('str', 1)} or 'x'))",
            f"import math; print(math.isfinite({self.expr('float', 1)}), math.pi * {self.expr('int', 1)})",
        ]))

    def s_generator_protocol(self) -> None:
        if not self.gens:
            return self.s_print()
        it = self.fresh("it")
        self.emit(f"{it} = {self.pick(self.gens)}({self.r.randint(0, 6)})")
        self.guarded(self.pick([
            f"print(next({it}), next({it}, 'end'), list({it}))",
            f"print(next({it}), {it}.send(None))",
            f"print(next({it})); {it}.close(); print(list({it}))",
            f"print(next({it})); print({it}.throw(ValueError('t')))",
            f"print([x for x in {it}], list({it}))",
        ]))

    def s_recursion_limit(self) -> None:
        name = self.fresh("deep")
        body = self.pick([f"return {name}(n + 1) + 1", f"return [{name}(n + 1)]",
                          f"return {{n: {name}(n + 1)}}"])
        with self.block(f"def {name}(n):"):
            self.emit(body)
        self.guarded(f"print({name}(0))")

    def s_strings(self) -> None:
        s = self.expr("str", 2)
        self.emit(self.pick([
            f"print({s}.split(','), {s}.partition(' '), {s}.rjust(6, '*'), {s}.zfill(5))",
            f"print({s}.count('a'), {s}.rfind('b'), {s}.isdigit(), {s}.isalpha(), {s}.center(9))",
            f"print(sorted({s}), {s}[::-1], {s}.encode('utf-8') == {s}.encode() if False else {s}.lstrip('a'))",
            f"print('%5.2f|%-4s|%x|%r' % ({self.expr('float', 1)}, {s}, abs({self.expr('int', 1)}), {s}))",
            f"print(format({self.expr('int', 1)}, ','), format({self.expr('float', 1)}, '.3e'), f'{{{self.quoteless('int')}:08b}}')",
        ]))

    def s_bytes(self) -> None:
        # bytes made from the program's strings and ints: slicing, methods,
        # comparison, and a bytearray mutated in place
        b = f"{self.expr('str', 2)}.encode()"
        i, j = self.expr("int", 1), self.expr("int", 1)
        if self.chance(0.4):
            name = self.fresh("ba")
            self.emit(f"{name} = bytearray({b})")
            self.emit(f"{name}.append(abs({i}) % 256)")
            self.emit(f"{name}[{self.r.randint(-2, 2)}:{self.r.randint(0, 4)}] = {b}[:{self.r.randint(0, 3)}]")
            self.emit(f"{name} += bytes([abs({j}) % 256]) * {self.r.randint(0, 3)}")
            self.emit(f"print({name}, len({name}), {name}.pop(), {name}[::-1], {name}.find(97))")
            return
        self.emit(self.pick([
            f"print({b}[{i} % 7:{j} % 9], list({b})[:5], len({b}), {b}.upper(), {b}.find(b'a'))",
            f"print({b}.split(b','), {b}.replace(b'a', b'xy'), {b} + b'|' + bytes([abs({i}) % 256]), {b} * (abs({j}) % 3))",
            f"print(bytes(sorted({b})), {b}.hex(), {b} < b'm', {b} == bytearray({b}), {b}.decode(), b'-'.join([{b}, {b}]))",
        ]))

    def s_extremes(self) -> None:
        # What no memory holds (MemoryError / OverflowError at once, as in
        # CPython) and nesting or recursion past the limit (RecursionError).
        if "extremes" in self.without:
            return self.s_print()
        seq = self.pick(["[0]", "[1, 2, 3, 4]", "(1, 2)", "'x'", "'abcd'"])
        count = self.pick(["10**12", "10**30", "2**62", "2**61 + 1", "-10**30"])
        nest, depth = self.fresh("nest"), self.pick([10, 500, 3000])
        wrap = self.pick(["[{v}]", "({v},)", "{{1: {v}}}", "[0, {v}]"])
        if self.chance(0.3):
            with self.block("try:"):
                self.emit(f"{nest} = 0")
                with self.block(f"for _ in range({depth}):"):
                    self.emit(f"{nest} = {wrap.format(v=nest)}")
                self.emit(f"print(len(repr({nest})), {nest} == {nest})")
            with self.block("except Exception as exc:"):
                self.emit("print('caught', type(exc).__name__)")
            return
        self.guarded(self.pick([
            f"print(len({seq} * {count}))",
            f"print(len({count} * {seq}))",
            f"print(len(list(range({count}))))",
            f"print((1 << {self.pick(['10**12', '2**70'])}) > 0)",
            f"print((lambda f: f(f, 0))(lambda f, n: f(f, n + 1) if n < {depth} else n))",
        ]))

    def guarded(self, line: str) -> None:
        with self.block("try:"):
            self.emit(line)
        with self.block("except Exception as exc:"):
            self.emit("print('caught', type(exc).__name__)")

    def s_assert(self) -> None:
        if self.chance(0.5):
            self.guarded(f"assert {self.expr('bool', 2)}, {self.expr('str', 1)}")
        else:
            self.guarded(f"assert {self.expr('bool', 2)}")

    def s_unpack(self) -> None:
        a, b, c = self.fresh("u"), self.fresh("u"), self.fresh("u")
        self.guarded(self.pick([
            f"{a}, *{b} = {self.expr('ilist', 2)}; print({a}, {b})",
            f"{a}, {b} = {b}, {a} = 1, 2; print({a}, {b})",
            f"({a}, {b}), {c} = {self.expr('tuple', 2)}; print({a}, {b}, {c})",
            f"for {a}, {b} in {self.expr('dict', 2)}.items(): print({a}, {b})",
        ]))

    def s_if(self, depth: int) -> None:
        with self.block(f"if {self.expr('bool', 3)}:"):
            self.stmts(self.r.randint(1, 3), depth)
        for _ in range(self.r.randint(0, 2)):
            with self.block(f"elif {self.expr('bool', 2)}:"):
                self.stmts(self.r.randint(1, 2), depth)
        if self.chance(0.5):
            with self.block("else:"):
                self.stmts(self.r.randint(1, 2), depth)

    def loop_body(self, depth: int) -> None:
        self.loop_depth += 1
        for _ in range(self.r.randint(1, 3)):
            if self.chance(0.25):
                with self.block(f"if {self.expr('bool', 2)}:"):
                    self.emit(self.pick(["break", "continue"]))
            self.stmts(1, depth)
        self.loop_depth -= 1

    def s_for(self, depth: int) -> None:
        var = self.fresh("i")
        self.scopes[-1].setdefault("int", [])
        it = self.pick([f"range({self.r.randint(0, 6)})", self.expr("ilist", 2),
                        f"sorted({self.expr('iset', 2)})"] + ([f"{self.pick(self.gens)}({self.r.randint(0, 5)})"]
                                                               if self.gens else []))
        with self.block(f"for {var} in {it}:"):
            self.scopes[-1]["int"].append(var)
            self.loop_body(depth)
            self.scopes[-1]["int"].remove(var)
        if self.chance(0.3):
            with self.block("else:"):
                self.emit(f"print('for-else', {self.expr('int', 1)})")

    def s_while(self, depth: int) -> None:
        n = self.fresh("w")
        self.emit(f"{n} = {self.r.randint(0, 6)}")
        with self.block(f"while {n} > 0:"):
            self.emit(f"{n} -= 1")
            self.loop_body(depth)
        if self.chance(0.3):
            with self.block("else:"):
                self.emit(f"print('while-else', {n})")

    def s_try(self, depth: int) -> None:
        with self.block("try:"):
            self.stmts(self.r.randint(1, 3), depth)
        handlers = self.r.randint(0 if self.chance(0.2) else 1, 3)
        for _ in range(handlers):
            exc = self.pick(self.exceptions + ["(ValueError, TypeError)", "ZeroDivisionError",
                                               "IndexError", "ArithmeticError", "LookupError",
                                               "Exception"])
            with self.block(f"except {exc} as e:"):
                self.emit(f"print('handled', type(e).__name__)")
                if self.chance(0.2):
                    self.stmts(1, depth)
                if self.chance(0.1):
                    self.emit("raise")
        if handlers and self.chance(0.3):
            with self.block("else:"):
                self.stmts(1, depth)
        if not handlers or self.chance(0.4):
            with self.block("finally:"):
                self.emit(f"print('finally', {self.expr('int', 1)})")
                if self.loop_depth and self.chance(0.2):
                    self.emit(self.pick(["break", "continue"]))

    def s_try_in_loop(self, depth: int) -> None:
        var = self.fresh("t")
        with self.block(f"for {var} in range({self.r.randint(1, 5)}):"):
            self.loop_depth += 1
            with self.block("try:"):
                with self.block(f"if {var} == {self.r.randint(0, 4)}:"):
                    self.emit(self.pick(["break", "continue", "raise ValueError('v')", "pass"]))
                self.stmts(1, depth)
            with self.block("except ValueError:"):
                self.emit(f"print('value error at', {var})")
                if self.chance(0.3):
                    self.emit(self.pick(["break", "continue"]))
            with self.block("finally:"):
                self.emit(f"print('cleanup', {var})")
            self.loop_depth -= 1

    def s_raise(self, depth: int) -> None:
        exc = self.pick(self.exceptions)
        with self.block(f"if {self.expr('bool', 2)}:"):
            self.emit(f"raise {exc}({self.expr('str', 1)})")

    # ---------------------------------------------------------------- definitions
    def d_class(self) -> None:
        name = self.fresh("C")
        base = self.pick(self.classes) if self.classes and self.chance(0.4) else None
        with self.block(f"class {name}({base}):" if base else f"class {name}:"):
            self.emit(f"kind = {self.pick(STRINGS)}")
            if self.chance(0.3):
                self.emit("__slots__ = ('x', 'tag')" if not base else "__slots__ = ()")
            with self.block("def __init__(self, x):"):
                if base:
                    self.emit("super().__init__(x)")
                self.emit("self.x = x")
            with self.block("def __repr__(self):"):
                self.emit(f"return f'{name}({{self.x!r}})'")
            with self.block("def twice(self):"):
                self.emit("return self.x + self.x")
            if self.chance(0.5):
                with self.block("def __eq__(self, other):"):
                    self.emit(f"return isinstance(other, {name}) and self.x == other.x")
                with self.block("def __hash__(self):"):
                    self.emit("return hash(len(repr(self.x)))")
            if self.chance(0.4):
                with self.block("def __lt__(self, other):"):
                    self.emit("return len(repr(self.x)) < len(repr(other.x))")
            if self.chance(0.3):
                with self.block("def __len__(self):"):
                    self.emit("return len(repr(self.x))")
        self.classes.append(name)

    def d_exception(self) -> None:
        name = self.fresh("Err")
        base = self.pick(["Exception", "ValueError", "KeyError", *self.exceptions[4:]])
        with self.block(f"class {name}({base}):"):
            self.emit("pass")
        self.exceptions.append(name)

    def d_func(self, depth: int) -> None:
        name = self.fresh("f")
        nargs = self.r.randint(0, 3)
        params = [f"p{i}" for i in range(nargs)]
        sig = ", ".join(params[:-1] + [f"{params[-1]}={self.r.randint(0, 3)}"] if params and self.chance(0.4) else params)
        recursive = self.chance(0.3) and nargs >= 1
        with self.block(f"def {name}({sig}):"):
            self.scopes.append({"int": list(params)})
            if recursive:
                with self.block(f"if p0 <= 0 or p0 > {self.r.randint(5, 50)}:"):
                    self.emit("return 1")
                self.emit(f"return p0 + {name}(p0 - 1{', 0' * (nargs - 1)})")
            else:
                self.open_scope(self.r.randint(1, 4))
                self.budget += 8
                self.stmts(self.r.randint(1, 5), depth)
                self.emit(f"return {self.expr('int', 2)}")
                self.scopes.pop()
            self.scopes.pop()
        self.funcs.append((name, nargs))

    def d_gen(self, depth: int) -> None:
        name = self.fresh("g")
        with self.block(f"def {name}(n):"):
            self.scopes.append({"int": ["n"]})
            self.open_scope(self.r.randint(0, 2))
            form = self.r.randint(0, 3)
            if form == 0:
                with self.block("for k in range(n):"):
                    self.emit(f"yield k * {self.r.randint(1, 3)}")
            elif form == 1:
                with self.block("while n > 0:"):
                    self.emit("n -= 1")
                    with self.block(f"if n % {self.r.randint(2, 4)} == 0:"):
                        self.emit("continue")
                    self.emit("yield n")
            elif form == 2:
                self.emit("yield from range(n)")
                if self.gens:
                    self.emit(f"yield from {self.pick(self.gens)}(n // 2)")
            else:
                with self.block("for k in range(n):"):
                    with self.block("try:"):
                        self.emit(f"yield {self.r.randint(0, 9)} // (k % 3)")
                    with self.block("except ZeroDivisionError:"):
                        self.emit("yield -1")
            self.emit(f"return {self.r.randint(0, 9)}")
            self.scopes.pop()
            self.scopes.pop()
        self.gens.append(name)

    def d_closure(self) -> None:
        name = self.fresh("mk")
        with self.block(f"def {name}(n):"):
            self.emit("total = [n]")
            with self.block("def add(x):"):
                if self.chance(0.5):
                    self.emit("nonlocal n")
                    self.emit("n += x")
                    self.emit("total.append(n)")
                    self.emit("return n + len(total)")
                else:
                    self.emit(f"return (lambda y: y * n - x)({self.r.randint(0, 5)})")
            self.emit("return add")
        self.closures.append(name)

    def generate(self) -> str:
        self.emit(f"# fuzz program")
        for _ in range(self.r.randint(0, 2)):
            self.d_exception()
        for _ in range(self.r.randint(0, 3)):
            self.d_class()
        self.scopes.append({})
        self.open_scope(self.r.randint(2, 6))
        for _ in range(self.r.randint(1, 4)):
            self.pick([lambda: self.d_func(2), lambda: self.d_gen(1), self.d_closure])()
        self.budget = self.r.randint(10, 40)
        main = self.chance(0.4)
        if main:
            self.emit("def main():")
            self.indent += 1
            self.open_scope(self.r.randint(1, 4))
        while self.budget > 0:
            with self.block("try:"):
                self.stmts(self.r.randint(1, 4), self.r.randint(0, 4))
            with self.block("except Exception as exc:"):
                self.emit("print('error', type(exc).__name__)")
        if self.chance(0.15):
            self.stmts(1, 0)  # an unguarded statement: may end the program with an exception
        if main:
            self.indent -= 1
            self.emit("main()")
        self.emit(f"print('done', {', '.join(self.local_names()[:4]) or 0})"
                  if not main else "print('done')")
        return "\n".join(self.lines) + "\n"


def generate(seed: int, without: frozenset[str] = frozenset()) -> str:
    return Generator(seed, without).generate()


# ====================================================================== running

CPYTHON_SECONDS = 5  # a program slower than this on CPython is the generator's fault: skipped


class _SlowProgram(BaseException):
    pass


def _too_slow(signum, frame):
    raise _SlowProgram


def run_one(interpreter: str, source: str) -> dict:
    """Run one program in this process; its result as a JSON-able dict."""
    out = io.StringIO()
    err = io.StringIO()
    status, exc = 0, None
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        if interpreter == "cpython":
            signal.signal(signal.SIGALRM, _too_slow)
            signal.alarm(CPYTHON_SECONDS)
            try:
                exec(compile(source, "prog.py", "exec"), {"__name__": "__main__"})
            except SystemExit as e:
                status = e.code if isinstance(e.code, int) else 1
            except _SlowProgram:
                return {"slow": True}
            except BaseException as e:  # noqa: BLE001 -- the program's own exception
                status, exc = 1, type(e).__name__
            finally:
                signal.alarm(0)
        else:
            from vmsample.lang import run_program
            status = run_program(source, "prog.py", ["prog.py"])
            if status == 1:
                last = (err.getvalue().rstrip().splitlines() or [""])[-1]
                exc = last.split(":")[0] or None
    return {"stdout": out.getvalue(), "status": status, "exception": exc,
            **({"stderr": err.getvalue()} if status == 2 else {})}


def worker(interpreter: str) -> None:
    """Read JSON programs from stdin, one per line; answer "ready", then one
    JSON line each.  An exception escaping the VM is its bug, reported as a
    crash of that program."""
    if interpreter == "vm":
        import vmsample.lang  # noqa: F401 -- fail before "ready", not on a program
    answer = sys.stdout
    answer.write("ready\n")
    answer.flush()
    for line in sys.stdin:
        try:
            result = run_one(interpreter, json.loads(line))
        except BaseException as e:  # noqa: BLE001
            result = {"crash": f"{type(e).__name__} escaped the VM: {e}"}
        answer.write(json.dumps(result) + "\n")
        answer.flush()


def _worker_argv(interpreter: str) -> list[str]:
    return [sys.executable, str(Path(__file__).resolve()), "--worker", interpreter]


def run_batch(interpreter: str, sources: list[str], env: dict[str, str] | None = None,
              timeout: float = 120.0) -> list[dict]:
    """Results of [sources] in order, in as few worker processes as crashes
    allow: a program that kills its worker or runs past [timeout] seconds
    (each program its own) is recorded as ``{"crash": ...}`` and a new worker
    takes the rest.  [env] (default: ours) is the workers' environment,
    VMSAMPLE_* knobs included."""
    env = dict(os.environ if env is None else env, PYTHONHASHSEED="0", PYTHONIOENCODING="utf-8")
    results: list[dict] = []
    while len(results) < len(sources):
        proc = subprocess.Popen(_worker_argv(interpreter), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env=env)
        hung = False
        try:
            if _answer(proc, timeout) != "ready":
                proc.kill()
                raise RuntimeError(f"the {interpreter} worker did not start: "
                                   f"{proc.communicate()[1].decode(errors='replace').strip()}")
            for source in sources[len(results):]:
                proc.stdin.write((json.dumps(source) + "\n").encode())
                proc.stdin.flush()
                line = _answer(proc, timeout)
                if line is None:
                    break
                results.append(json.loads(line))
        except TimeoutError:
            hung = True
        except BrokenPipeError:
            pass
        if len(results) < len(sources):         # the worker died, or hung, on the next program
            proc.kill()
            err = proc.communicate()[1].decode(errors="replace")
            results.append({"crash": f"timed out after {timeout:.0f}s" if hung
                            else f"exit status {proc.returncode}: {err.strip()[-300:]}"})
        else:
            proc.stdin.close()
            proc.wait()
    return results


def _answer(proc: subprocess.Popen, timeout: float) -> str | None:
    """The worker's next line; None if it died first; TimeoutError if it gave
    none in [timeout] seconds."""
    fd, line = proc.stdout.fileno(), bytearray()
    deadline = time.monotonic() + timeout
    while not line.endswith(b"\n"):
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            raise TimeoutError
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return None
        line += chunk
    return line.decode("utf-8").rstrip("\n")


def outcome(result: dict) -> tuple:
    """What must agree between CPython and the VM."""
    if "crash" in result:
        return ("crash", result["crash"])
    return (result["stdout"], result["status"], result["exception"])


def fuzz(seeds, env=None, batch=100, out_dir: Path | None = None, log=print,
         without: frozenset[str] = frozenset()) -> list[dict]:
    """Run the programs of [seeds] (generated [without] some features) on both
    interpreters, the VM in [env]; the confirmed divergences."""
    found = []
    seeds = list(seeds)
    for start in range(0, len(seeds), batch):
        chunk = seeds[start:start + batch]
        sources = [generate(s, without) for s in chunk]
        expected = run_batch("cpython", sources)
        keep = [i for i, r in enumerate(expected) if "slow" not in r]
        for seed in sorted(set(chunk) - {chunk[i] for i in keep}):
            log(f"seed {seed}: skipped (slower than {CPYTHON_SECONDS}s on CPython)")
        chunk, sources, expected = ([xs[i] for i in keep] for xs in (chunk, sources, expected))
        actual = run_batch("vm", sources, env)
        for i, (seed, source, exp, act) in enumerate(zip(chunk, sources, expected, actual)):
            if outcome(exp) == outcome(act):
                continue
            # Alone, in fresh processes: the program's own divergence, or one
            # that the programs before it in the batch caused.
            exp1, act1 = run_batch("cpython", [source])[0], run_batch("vm", [source], env)[0]
            finding = {"seed": seed, "source": source, "cpython": exp1, "vm": act1}
            if outcome(exp1) == outcome(act1):
                finding.update(batch=batch_since_restart(chunk, actual, i), cpython=exp, vm=act,
                               alone=act1)
            found.append(finding)
            log(f"seed {seed}: {describe_finding(finding)}")
            if out_dir is not None:
                out_dir.mkdir(parents=True, exist_ok=True)
                (out_dir / f"fuzz_{seed}.py").write_text(source, encoding="utf-8")
                (out_dir / f"fuzz_{seed}.json").write_text(
                    json.dumps({k: v for k, v in finding.items() if k != "source"}, indent=1))
    return found


def batch_since_restart(seeds, results, i):
    """The seeds that ran before program [i] in its worker process (a crash
    starts a new worker)."""
    start = max((j + 1 for j in range(i) if "crash" in results[j]), default=0)
    return seeds[start:i]


def describe_finding(finding: dict) -> str:
    """One line: how the VM diverged, and whether only after other programs."""
    text = describe(finding["cpython"], finding["vm"])
    if "batch" not in finding:
        return text
    before = finding["batch"]
    after = f"seeds {before[0]}..{before[-1]}" if before else "no other program"
    return f"diverged only in a batch, after {after} in the same process (alone it agrees): {text}"


def describe(expected: dict, actual: dict) -> str:
    if "crash" in actual:
        return f"VM crashed ({actual['crash']})"
    if actual["status"] == 2:
        return f"VM refused the program: {actual.get('stderr', '').strip()}"
    if (expected["status"], expected["exception"]) != (actual["status"], actual["exception"]):
        return (f"ended differently: CPython {expected['status']} {expected['exception']}, "
                f"VM {actual['status']} {actual['exception']}")
    exp, act = expected["stdout"].splitlines(), actual["stdout"].splitlines()
    for i, (a, b) in enumerate(zip(exp, act)):
        if a != b:
            return f"stdout line {i + 1}: CPython {a[:120]!r}, VM {b[:120]!r}"
    return f"stdout has {len(exp)} lines on CPython, {len(act)} on the VM"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="tools/fuzz_vm.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=1000, help="how many programs (default 1000)")
    ap.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    ap.add_argument("--batch", type=int, default=100, help="programs per worker process")
    ap.add_argument("--out", type=Path, help="write each divergent program (and both results) here")
    ap.add_argument("--show", type=int, metavar="SEED", help="print the program of SEED and exit")
    ap.add_argument("--without", action="append", default=[], choices=sorted(FEATURES),
                    help="leave a feature out of the programs (repeatable)")
    ap.add_argument("--worker", choices=["cpython", "vm"], help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        worker(args.worker)
        return 0
    if args.show is not None:
        sys.stdout.write(generate(args.show, frozenset(args.without)))
        return 0
    t0 = time.monotonic()
    found = fuzz(range(args.seed, args.seed + args.n), None, args.batch, args.out,
                 without=frozenset(args.without))
    print(f"{args.n} programs (seeds {args.seed}..{args.seed + args.n - 1}), "
          f"{len(found)} divergences, {time.monotonic() - t0:.1f}s")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
