"""The compiler: [Datum] trees -> bytecode for the stack machine in _vm.pyx.

Language (a small Scheme; every value but fixnums, booleans, symbols and the
empty list lives in the vmsample heap):

    (define name expr)   (define (name param ...) body ...)     top level only
    (lambda (param ...) body ...)   (let ((v e) ...) body ...)   (let* ...)
    (let loop ((v e) ...) body ...)                              named let
    (if c a [b])  (cond (c e ...) ... [(else e ...)])  (when c e ...)  (unless c e ...)
    (and e ...)  (or e ...)  (begin e ...)  (set! v e)  (quote d) / 'd
    primitive calls such as (cons a b), (vector-ref v i), (string-append s ...)

Closures are flat: a [lambda] copies the values of the variables it uses
from enclosing functions into its closure object when it is created.  So a
captured variable must never be assigned (the copy would go stale); the
compiler refuses [set!] on one.  Calls in tail position reuse the caller's
frame, so loops written as tail recursion run in constant stack.

Output: a [Program] whose code 0 is the top level.  Each instruction is the
triple (op, a, b) and has a source line; code i is profiled under the vmprof
id 2 * (i + 1).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from minilisp._vm import FIXNUM_MAX, FIXNUM_MIN, OPCODES, PRIMITIVES
from minilisp.reader import Datum, LispSyntaxError, Symbol, read_program

(CONST, LOCAL, SETLOCAL, FREE, SELF, GLOBAL, SETGLOBAL, DEFGLOBAL, POP, JUMP, JUMPF,
 CLOSURE, CALL, TAILCALL, RETURN, PRIM) = (OPCODES[name] for name in (
    "CONST", "LOCAL", "SETLOCAL", "FREE", "SELF", "GLOBAL", "SETGLOBAL", "DEFGLOBAL", "POP",
    "JUMP", "JUMPF", "CLOSURE", "CALL", "TAILCALL", "RETURN", "PRIM"))

UNSPECIFIED = object()          # the value of (when #f ...), (set! ...), (define ...)


@dataclass
class Code:
    name: str
    first_line: int
    nparams: int
    nlocals: int = 0            # parameters included
    nfree: int = 0
    ops: list[int] = field(default_factory=list)     # (op, a, b) triples, flattened
    lines: list[int] = field(default_factory=list)   # the source line of each instruction


@dataclass
class Program:
    filename: str
    codes: list[Code]
    consts: list[object]        # int, bool, str, Symbol, list (quoted data), None = '(), UNSPECIFIED
    globals: list[str]
    symbols: list[str]          # symbol id -> name


class _Var:
    """One binding of a local variable."""

    def __init__(self, name, slot):
        self.name, self.slot = name, slot
        self.captured = None    # Datum where a closure first captured it
        self.assigned = None    # Datum of a set! on it


class _Function:
    """The compile-time state of one code object."""

    def __init__(self, parent, code, params, self_name=None):
        self.parent = parent
        self.code = code
        self.self_name = self_name       # named let: the name that means "this closure"
        self.blocks = [{}]
        self.all_vars = []
        self.frees: dict[str, int] = {}  # captured name -> closure item index
        self.free_vars: list[tuple[str, Datum]] = []
        for p in params:
            self.declare(p)

    def declare(self, name):
        var = _Var(name, self.code.nlocals)
        self.code.nlocals += 1
        self.blocks[-1][name] = var
        self.all_vars.append(var)
        return var

    def local(self, name):
        for block in reversed(self.blocks):
            if name in block:
                return block[name]
        return None

    def resolve(self, name, where):
        """('local', _Var) | ('self', None) | ('free', index) | None (a global)."""
        var = self.local(name)
        if var is not None:
            return "local", var
        if name == self.self_name:
            return "self", None
        if name in self.frees:
            return "free", self.frees[name]
        outer = self.parent.resolve(name, where) if self.parent is not None else None
        if outer is None:
            return None
        if outer[0] == "local" and outer[1].captured is None:
            outer[1].captured = where
        self.frees[name] = len(self.free_vars)
        self.free_vars.append((name, where))
        return "free", self.frees[name]


class Compiler:
    def __init__(self, filename):
        self.filename = filename
        self.codes: list[Code] = []
        self.consts: list[object] = []
        self.const_index: dict[object, int] = {}
        self.globals: list[str] = []
        self.global_index: dict[str, int] = {}
        self.defined: dict[str, Datum] = {}      # global name -> its define
        self.used: dict[str, Datum] = {}         # global name -> first use
        self.symbols: list[str] = []
        self.symbol_index: dict[str, int] = {}
        self.prim_wrappers: dict[str, int] = {}
        self.fn: _Function | None = None
        self.line = 1

    # -------------------------------------------------------------- helpers

    def error(self, datum, message):
        raise LispSyntaxError(self.filename, datum.line, datum.col, message)

    def emit(self, op, a=0, b=0):
        self.fn.code.ops += (op, a, b)
        self.fn.code.lines.append(self.line)
        return len(self.fn.code.lines) - 1

    def here(self):
        return len(self.fn.code.lines)

    def patch(self, at, target):
        self.fn.code.ops[3 * at + 1] = target

    def const(self, value):
        key = (type(value).__name__, repr(value)) if not isinstance(value, list) else None
        if key is not None and key in self.const_index:
            return self.const_index[key]
        self.consts.append(value)
        if key is not None:
            self.const_index[key] = len(self.consts) - 1
        return len(self.consts) - 1

    def literal(self, d):
        if isinstance(d.value, int) and not FIXNUM_MIN <= d.value <= FIXNUM_MAX:
            self.error(d, f"integer {d.value} does not fit in a fixnum "
                       f"([{FIXNUM_MIN}, {FIXNUM_MAX}])")
        return d.value

    def symbol(self, name):
        if name not in self.symbol_index:
            self.symbol_index[name] = len(self.symbols)
            self.symbols.append(name)
        return self.symbol_index[name]

    def global_slot(self, name):
        if name not in self.global_index:
            self.global_index[name] = len(self.globals)
            self.globals.append(name)
        return self.global_index[name]

    def new_code(self, name, line, nparams):
        code = Code(name, line, nparams)
        self.codes.append(code)
        return len(self.codes) - 1, code

    # -------------------------------------------------------------- program

    def compile_program(self, data):
        for d in data:      # globals defined anywhere shadow primitives everywhere
            if d.is_list and d.value and d.value[0].is_symbol("define") and len(d.value) >= 2:
                target = d.value[1]
                name = target.value[0] if target.is_list and target.value else target
                if name.is_symbol():
                    self.defined.setdefault(name.value.name, d)
        _, code = self.new_code("<toplevel>", 1, 0)
        self.fn = _Function(None, code, [])
        for d in data:
            self.line = d.line
            if d.is_list and d.value and d.value[0].is_symbol("define"):
                self.define(d)
            else:
                self.expr(d, False)
                self.emit(POP)
        self.emit(CONST, self.const(UNSPECIFIED))
        self.emit(RETURN)
        self.check_frozen(self.fn)
        for name, where in self.used.items():
            if name not in self.defined:
                self.error(where, f"unbound variable '{name}'")
        return Program(self.filename, self.codes, self.consts, self.globals, self.symbols)

    def define(self, d):
        form = d.value
        if len(form) < 3:
            self.error(d, "define needs a name and a value: (define name expr) or (define (name param ...) body ...)")
        target = form[1]
        if target.is_list:
            if not target.value or not target.value[0].is_symbol():
                self.error(target, "define: expected (name param ...)")
            name = target.value[0].value.name
            self.lambda_(d, target.value[1:], form[2:], name)
        else:
            if not target.is_symbol() or len(form) != 3:
                self.error(d, "define: expected (define name expr)")
            name = target.value.name
            self.expr(form[2], False, name_hint=name)
        self.line = d.line
        self.emit(DEFGLOBAL, self.global_slot(name))

    # -------------------------------------------------------------- expressions

    def expr(self, d, tail, name_hint=None):
        saved, self.line = self.line, d.line
        try:
            self._expr(d, tail, name_hint)
        finally:
            self.line = saved

    def body(self, d, forms, tail):
        if not forms:
            self.error(d, "empty body")
        for f in forms[:-1]:
            self.expr(f, False)
            self.emit(POP)
        self.expr(forms[-1], tail)

    def _expr(self, d, tail, name_hint):
        v = d.value
        if isinstance(v, Symbol):
            return self.variable(d)
        if not isinstance(v, list):
            return self.emit(CONST, self.const(self.literal(d)))
        if not v:
            self.error(d, "empty combination (); write '() for the empty list")
        head = v[0]
        special = head.value.name if head.is_symbol() and self.fn.resolve(head.value.name, head) is None \
            and head.value.name not in self.defined else None
        if special in _SPECIAL:
            return _SPECIAL[special](self, d, v, tail, name_hint)
        if special in PRIMITIVES:
            return self.primitive_call(d, special, v[1:])
        self.expr(head, False)
        for arg in v[1:]:
            self.expr(arg, False)
        self.line = d.line
        self.emit(TAILCALL if tail else CALL, len(v) - 1)

    def variable(self, d):
        name = d.value.name
        where = self.fn.resolve(name, d)
        if where is None:
            if name not in self.defined:
                if name in PRIMITIVES:
                    return self.primitive_value(d, name)
                if name in _SPECIAL:
                    self.error(d, f"'{name}' is a special form, not a value")
                self.used.setdefault(name, d)
            return self.emit(GLOBAL, self.global_slot(name))
        kind, arg = where
        if kind == "local":
            return self.emit(LOCAL, arg.slot)
        if kind == "self":
            return self.emit(SELF)
        return self.emit(FREE, arg)

    def primitive_call(self, d, name, args):
        prim_id, lo, hi = PRIMITIVES[name]
        if len(args) < lo or (hi >= 0 and len(args) > hi):
            want = f"{lo}" if lo == hi else f"at least {lo}" if hi < 0 else f"{lo} to {hi}"
            self.error(d, f"{name}: expected {want} argument{'s' if want != '1' else ''}, got {len(args)}")
        for a in args:
            self.expr(a, False)
        self.line = d.line
        self.emit(PRIM, prim_id, len(args))

    def primitive_value(self, d, name):
        # A primitive used as a value becomes a closure around a wrapper code.
        prim_id, lo, hi = PRIMITIVES[name]
        if lo != hi:
            self.error(d, f"'{name}' takes any number of arguments, so it cannot be passed as a "
                       f"value; wrap it, e.g. (lambda (a b) ({name} a b))")
        if name not in self.prim_wrappers:
            fn = self.fn
            index, code = self.new_code(name, 0, lo)
            code.nlocals = lo
            self.fn = _Function(None, code, [])
            self.line = 0
            for i in range(lo):
                self.emit(LOCAL, i)
            self.emit(PRIM, prim_id, lo)
            self.emit(RETURN)
            self.fn = fn
            self.line = d.line
            self.prim_wrappers[name] = index
        return self.emit(CLOSURE, self.prim_wrappers[name])

    def lambda_(self, d, params, body, name, self_name=None):
        names = []
        for p in params:
            if not p.is_symbol():
                self.error(p, "parameters must be symbols")
            if p.value.name in names:
                self.error(p, f"duplicate parameter '{p.value.name}'")
            names.append(p.value.name)
        if self.fn.parent is not None:      # qualified like Python's: outer.inner
            name = f"{self.fn.code.name}.{name}"
        index, code = self.new_code(name, d.line, len(names))
        outer, self.fn = self.fn, _Function(self.fn, code, names, self_name)
        inner = self.fn
        try:
            self.body(d, body, True)
            self.emit(RETURN)
            self.check_frozen(inner)
        finally:
            self.fn = outer
        code.nfree = len(inner.free_vars)
        for fname, where in inner.free_vars:
            self.variable(Datum(Symbol(fname), where.line, where.col))
        self.line = d.line
        self.emit(CLOSURE, index)

    def check_frozen(self, fn):
        for var in fn.all_vars:
            if var.captured is not None and var.assigned is not None:
                self.error(var.assigned, f"cannot set! '{var.name}': a closure captures it (line "
                           f"{var.captured.line}) and minilisp closures copy their variables")


# ---------------------------------------------------------------- special forms

def _lambda(c, d, v, tail, name_hint):
    if len(v) < 3 or not v[1].is_list:
        c.error(d, "lambda: expected (lambda (param ...) body ...)")
    c.lambda_(d, v[1].value, v[2:], name_hint or "<lambda>")


def _bindings(c, d, spec):
    if not spec.is_list:
        c.error(spec, "let: expected a list of bindings ((name expr) ...)")
    out = []
    for b in spec.value:
        if not (b.is_list and len(b.value) == 2 and b.value[0].is_symbol()):
            c.error(b, "let: each binding is (name expr)")
        out.append((b.value[0].value.name, b.value[1]))
    return out


def _let(c, d, v, tail, name_hint, sequential=False):
    if len(v) >= 2 and v[1].is_symbol() and not sequential:
        return _named_let(c, d, v, tail)
    if len(v) < 3:
        c.error(d, f"{v[0].value.name}: expected ({v[0].value.name} ((name expr) ...) body ...)")
    bindings = _bindings(c, d, v[1])
    fn = c.fn
    if sequential:
        fn.blocks.append({})
        for name, init in bindings:
            c.expr(init, False, name_hint=name)
            fn.blocks.append({})
            c.emit(SETLOCAL, fn.declare(name).slot)
    else:
        slots = []
        for name, init in bindings:
            c.expr(init, False, name_hint=name)
        fn.blocks.append({})
        for name, _ in bindings:
            slots.append(fn.declare(name).slot)
        for slot in reversed(slots):
            c.emit(SETLOCAL, slot)
    c.body(d, v[2:], tail)
    del fn.blocks[len(fn.blocks) - (1 + len(bindings) if sequential else 1):]


def _named_let(c, d, v, tail):
    # (let loop ((v e) ...) body) == ((lambda (v ...) body) e ...), where
    # [loop] inside the body names the closure itself.  Entering the loop is
    # a call even in tail position, so that the function running the loop
    # stays on the stack (and in profiles); its iterations are tail calls.
    if len(v) < 4:
        c.error(d, "named let: expected (let name ((var expr) ...) body ...)")
    name = v[1].value.name
    bindings = _bindings(c, d, v[2])
    params = [Datum(Symbol(n), d.line, d.col) for n, _ in bindings]
    c.lambda_(d, params, v[3:], name, self_name=name)
    for _, init in bindings:
        c.expr(init, False)
    c.line = d.line
    c.emit(CALL, len(bindings))


def _if(c, d, v, tail, name_hint):
    if len(v) not in (3, 4):
        c.error(d, "if: expected (if test then [else])")
    c.expr(v[1], False)
    jf = c.emit(JUMPF)
    c.expr(v[2], tail)
    jend = c.emit(JUMP)
    c.patch(jf, c.here())
    if len(v) == 4:
        c.expr(v[3], tail)
    else:
        c.emit(CONST, c.const(UNSPECIFIED))
    c.patch(jend, c.here())


def _cond(c, d, v, tail, name_hint):
    ends = []
    for i, clause in enumerate(v[1:]):
        if not clause.is_list or len(clause.value) < 2:
            c.error(clause, "cond: each clause is (test expr ...)")
        test = clause.value[0]
        if test.is_symbol("else"):
            if i != len(v) - 2:
                c.error(clause, "cond: else must be the last clause")
            c.body(clause, clause.value[1:], tail)
            break
        c.expr(test, False)
        jf = c.emit(JUMPF)
        c.body(clause, clause.value[1:], tail)
        ends.append(c.emit(JUMP))
        c.patch(jf, c.here())
    else:
        c.emit(CONST, c.const(UNSPECIFIED))
    for at in ends:
        c.patch(at, c.here())


def _when(c, d, v, tail, name_hint, negate=False):
    if len(v) < 3:
        c.error(d, f"{v[0].value.name}: expected ({v[0].value.name} test expr ...)")
    c.expr(v[1], False)
    if negate:
        c.emit(PRIM, PRIMITIVES["not"][0], 1)
    jf = c.emit(JUMPF)
    c.body(d, v[2:], tail)
    jend = c.emit(JUMP)
    c.patch(jf, c.here())
    c.emit(CONST, c.const(UNSPECIFIED))
    c.patch(jend, c.here())


def _and(c, d, v, tail, name_hint):
    if len(v) == 1:
        return c.emit(CONST, c.const(True))
    jumps = []
    for e in v[1:-1]:
        c.expr(e, False)
        jumps.append(c.emit(JUMPF))
    c.expr(v[-1], tail)
    jend = c.emit(JUMP)
    for at in jumps:
        c.patch(at, c.here())
    c.emit(CONST, c.const(False))
    c.patch(jend, c.here())


def _or(c, d, v, tail, name_hint):
    if len(v) == 1:
        return c.emit(CONST, c.const(False))
    fn = c.fn
    fn.blocks.append({})
    tmp = fn.declare(" or").slot        # a name no program can write
    ends = []
    for e in v[1:-1]:
        c.expr(e, False)
        c.emit(SETLOCAL, tmp)
        c.emit(LOCAL, tmp)
        jf = c.emit(JUMPF)
        c.emit(LOCAL, tmp)
        ends.append(c.emit(JUMP))
        c.patch(jf, c.here())
    c.expr(v[-1], tail)
    for at in ends:
        c.patch(at, c.here())
    fn.blocks.pop()


def _begin(c, d, v, tail, name_hint):
    c.body(d, v[1:], tail)


def _set(c, d, v, tail, name_hint):
    if len(v) != 3 or not v[1].is_symbol():
        c.error(d, "set!: expected (set! name expr)")
    name = v[1].value.name
    c.expr(v[2], False)
    where = c.fn.resolve(name, v[1])
    if where is None:
        if name not in c.defined:
            c.error(v[1], f"set!: unbound variable '{name}'")
        c.emit(SETGLOBAL, c.global_slot(name))
    elif where[0] == "local":
        where[1].assigned = v[1]
        c.emit(SETLOCAL, where[1].slot)
    else:
        c.error(v[1], f"cannot set! '{name}': it belongs to an enclosing function, and minilisp "
                "closures copy their variables")
    c.emit(CONST, c.const(UNSPECIFIED))


def _quote(c, d, v, tail, name_hint):
    if len(v) != 2:
        c.error(d, "quote: expected (quote datum)")
    c.emit(CONST, c.const(_quoted(c, v[1])))


def _quoted(c, d):
    if isinstance(d.value, list):
        return [_quoted(c, x) for x in d.value] if d.value else None
    if isinstance(d.value, Symbol):
        c.symbol(d.value.name)
    return c.literal(d)


def _define_inside(c, d, v, tail, name_hint):
    c.error(d, "define is only allowed at the top level (use let or a top-level helper)")


_SPECIAL = {
    "lambda": _lambda, "let": _let, "let*": lambda c, d, v, t, n: _let(c, d, v, t, n, sequential=True),
    "if": _if, "cond": _cond, "when": _when,
    "unless": lambda c, d, v, t, n: _when(c, d, v, t, n, negate=True),
    "and": _and, "or": _or, "begin": _begin, "set!": _set, "quote": _quote,
    "define": _define_inside,
}


def compile_source(text: str, filename: str = "<string>") -> Program:
    """Read and compile a whole program; raises LispSyntaxError."""
    return Compiler(filename).compile_program(read_program(text, filename))
