"""Expressions: operators, containers, calls, comprehensions, f-strings,
lambdas, yield and await."""

from __future__ import annotations

import ast

from vmsample.lang.opcodes import Op, BinOp, CmpOp, CO_GENERATOR, CO_COROUTINE, CO_ASYNC_GENERATOR
from vmsample.lang.compiler.code import CompileError
from vmsample.lang.compiler.constants import _cpython_frozenset_order, _folded_constant, _NOT_CONSTANT


class _Emitted(ast.expr):
    """An expression whose code a callback emits (the body function of a
    class statement, the first argument of its __build_class__ call)."""
    _fields = ()

    def __init__(self, emit):
        super().__init__()
        self.emit = emit


_UNSUPPORTED_EXPR = {}

_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def _awaits(node):
    """Whether evaluating [node] in its own scope awaits: an await, or an
    asynchronous list, set or dict comprehension (which is awaited where it
    is made), outside nested functions.  A generator expression only awaits
    in its first iterable, which its enclosing scope evaluates."""
    if isinstance(node, ast.Await):
        return True
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return any(_awaits(d) for d in node.decorator_list)     # (defaults are rare enough)
    if isinstance(node, ast.Lambda):
        return any(_awaits(d) for d in node.args.defaults + node.args.kw_defaults if d is not None)
    if isinstance(node, _COMPREHENSIONS):
        return _awaits(node.generators[0].iter) \
            or (not isinstance(node, ast.GeneratorExp) and _is_async_comprehension(node))
    return any(_awaits(child) for child in ast.iter_child_nodes(node))


def _is_async_comprehension(node):
    """CPython's rule: a comprehension is asynchronous when it has an `async
    for` or awaits in its own scope (its element, conditions and later
    iterables; since 3.11 also an asynchronous comprehension nested in it)."""
    own = [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
    for i, gen in enumerate(node.generators):
        own += gen.ifs + ([gen.iter] if i else [])
    return any(gen.is_async for gen in node.generators) or any(_awaits(n) for n in own)


_BINOPS = {
    ast.Add: BinOp.ADD, ast.Sub: BinOp.SUB, ast.Mult: BinOp.MUL, ast.Div: BinOp.TRUEDIV,
    ast.FloorDiv: BinOp.FLOORDIV, ast.Mod: BinOp.MOD, ast.Pow: BinOp.POW,
    ast.LShift: BinOp.LSHIFT, ast.RShift: BinOp.RSHIFT, ast.BitAnd: BinOp.AND,
    ast.BitOr: BinOp.OR, ast.BitXor: BinOp.XOR, ast.MatMult: BinOp.MATMUL,
}


_CMPOPS = {
    ast.Lt: CmpOp.LT, ast.LtE: CmpOp.LE, ast.Eq: CmpOp.EQ, ast.NotEq: CmpOp.NE,
    ast.Gt: CmpOp.GT, ast.GtE: CmpOp.GE, ast.In: CmpOp.IN, ast.NotIn: CmpOp.NOT_IN,
    ast.Is: CmpOp.IS, ast.IsNot: CmpOp.IS_NOT,
}


class Expressions:
    """The compilation of expressions: a mixin of [_Unit] (unit.py)."""

    def expr(self, node):
        t = type(node)
        method = getattr(self, "expr_" + t.__name__, None)
        saved = self.lineno
        self.set_line(node)
        if t in _UNSUPPORTED_EXPR or method is None:
            self.refuse(node, _UNSUPPORTED_EXPR.get(t, f"'{t.__name__}' expression"))
        else:
            method(node)
        self.lineno = saved

    def expr_Constant(self, node):
        self.emit(Op.LOAD_CONST, self.const(node.value))

    def expr_Name(self, node):
        if self.is_class_cell(node.id):
            self.emit(Op.LOAD_CLASS)
            return
        self.load_name(node.id)

    def expr_NamedExpr(self, node):
        # (In a comprehension symtable already binds the name in the enclosing function.)
        self.expr(node.value)
        self.emit(Op.DUP_TOP)
        self.store_name(node.target.id)

    def expr_BinOp(self, node):
        op = _BINOPS.get(type(node.op))
        if op is None:
            self.refuse(node, "operator " + type(node.op).__name__)
            return
        self.expr(node.left)
        self.expr(node.right)
        self.set_line(node)
        self.emit(Op.BINARY_OP, op)

    def expr_UnaryOp(self, node):
        self.expr(node.operand)
        self.emit({ast.USub: Op.UNARY_NEGATIVE, ast.UAdd: Op.UNARY_POSITIVE,
                   ast.Not: Op.UNARY_NOT, ast.Invert: Op.UNARY_INVERT}[type(node.op)])

    def expr_BoolOp(self, node):
        end = self.new_label()
        jump = Op.JUMP_IF_FALSE_OR_POP if isinstance(node.op, ast.And) else Op.JUMP_IF_TRUE_OR_POP
        for v in node.values[:-1]:
            self.expr(v)
            self.emit(jump, end)
        self.expr(node.values[-1])
        self.mark(end)

    def expr_Compare(self, node):
        self.expr(node.left)
        if len(node.ops) == 1:
            self.expr(node.comparators[0])
            self.emit(Op.COMPARE_OP, _CMPOPS[type(node.ops[0])])
            return
        cleanup, end = self.new_label(), self.new_label()
        for op, right in zip(node.ops[:-1], node.comparators[:-1]):
            self.expr(right)
            self.emit(Op.DUP_TOP)
            self.emit(Op.ROT_THREE)
            self.emit(Op.COMPARE_OP, _CMPOPS[type(op)])
            self.emit(Op.JUMP_IF_FALSE_OR_POP, cleanup)
        self.expr(node.comparators[-1])
        self.emit(Op.COMPARE_OP, _CMPOPS[type(node.ops[-1])])
        self.emit(Op.JUMP, end)
        self.mark(cleanup, self.depth + 1)
        self.emit(Op.ROT_TWO)
        self.emit(Op.POP_TOP)
        self.mark(end)

    def expr_IfExp(self, node):
        orelse, end = self.new_label(), self.new_label()
        self.cond_jump(node.test, False, orelse)
        self.expr(node.body)
        self.emit(Op.JUMP, end)
        self.mark(orelse, self.depth - 1)
        self.expr(node.orelse)
        self.mark(end)

    def expr_Attribute(self, node):
        self.expr(node.value)
        self.set_line(node)
        self.emit(Op.LOAD_ATTR, self.name(node.attr))

    def subscript_index(self, s):
        if isinstance(s, ast.Slice):
            for part in (s.lower, s.upper):
                if part is None:
                    self.emit(Op.LOAD_CONST, self.const(None))
                else:
                    self.expr(part)
            if s.step is not None:
                self.expr(s.step)
                self.emit(Op.BUILD_SLICE, 3)
            else:
                self.emit(Op.BUILD_SLICE, 2)
        else:
            self.expr(s)

    def expr_Subscript(self, node):
        self.expr(node.value)
        self.subscript_index(node.slice)
        self.set_line(node)
        self.emit(Op.BINARY_SUBSCR)

    def expr_Slice(self, node):
        self.subscript_index(node)

    def elements(self, elts, build, extend):
        """Build a tuple/list/set from [elts], which may contain *starred items."""
        if not any(isinstance(e, ast.Starred) for e in elts):
            for e in elts:
                self.expr(e)
            self.emit(build, len(elts))
            return
        self.emit(Op.BUILD_LIST if build != Op.BUILD_SET else Op.BUILD_SET, 0)
        for e in elts:
            if isinstance(e, ast.Starred):
                self.expr(e.value)
                self.emit(extend)
            else:
                self.expr(e)
                self.emit(Op.LIST_APPEND if build != Op.BUILD_SET else Op.SET_ADD, 1)
        if build == Op.BUILD_TUPLE:
            self.emit(Op.LIST_TO_TUPLE)

    def expr_Tuple(self, node):
        if all(isinstance(e, ast.Constant) for e in node.elts) and node.elts:
            values = tuple(e.value for e in node.elts)
            if not any(isinstance(v, complex) or v is Ellipsis for v in values):
                self.emit(Op.LOAD_CONST, self.const(values))
                return
        self.elements(node.elts, Op.BUILD_TUPLE, Op.LIST_EXTEND)

    def expr_List(self, node):
        self.elements(node.elts, Op.BUILD_LIST, Op.LIST_EXTEND)

    def expr_Set(self, node):
        values = [_folded_constant(e) for e in node.elts]
        if len(values) > 2 and all(v is not _NOT_CONSTANT for v in values):
            # As CPython: the constants become a frozenset that the new set
            # merges, which decides the table layout (and iteration order).
            # CPython's compiler builds that frozenset in an order of its own
            # (from its constant-merging keys), so ask it for the result.
            self.emit(Op.BUILD_SET, 0)
            self.emit(Op.LOAD_CONST, self.const(_cpython_frozenset_order(values)))
            self.emit(Op.SET_UPDATE, 1)
            return
        self.elements(node.elts, Op.BUILD_SET, Op.SET_UPDATE)

    def expr_Dict(self, node):
        if any(k is None for k in node.keys):
            self.emit(Op.BUILD_MAP, 0)
            for k, v in zip(node.keys, node.values):
                if k is None:
                    self.expr(v)
                    self.emit(Op.DICT_UPDATE, 1)
                else:
                    self.expr(k)
                    self.expr(v)
                    self.emit(Op.MAP_ADD, 1)
            return
        for k, v in zip(node.keys, node.values):
            self.expr(k)
            self.expr(v)
        self.emit(Op.BUILD_MAP, len(node.keys))

    def expr_JoinedStr(self, node):
        for v in node.values:
            self.expr(v)
        if len(node.values) != 1 or not isinstance(node.values[0], ast.FormattedValue):
            self.emit(Op.BUILD_STRING, len(node.values))

    def expr_FormattedValue(self, node):
        self.expr(node.value)
        conv = {-1: 0, ord("s"): 1, ord("r"): 2, ord("a"): 3}[node.conversion]
        if node.format_spec is not None:
            self.expr(node.format_spec)
            self.emit(Op.FORMAT_VALUE, conv | 4)
        else:
            self.emit(Op.FORMAT_VALUE, conv)

    def expr__Emitted(self, node):
        node.emit()

    def expr_Lambda(self, node):
        self.make_function(node, "<lambda>", node.args, node.body, is_lambda=True)

    def expr_Starred(self, node):
        raise CompileError(self.filename, node, "can't use starred expression here")

    def call_args(self, node):
        """Push the arguments of a call; returns the CALL opcode and arg."""
        starred = any(isinstance(a, ast.Starred) for a in node.args)
        dstar = any(k.arg is None for k in node.keywords)
        if starred or dstar:
            self.elements(node.args, Op.BUILD_TUPLE, Op.LIST_EXTEND)
            if node.keywords:
                self.emit(Op.BUILD_MAP, 0)
                for k in node.keywords:
                    if k.arg is None:
                        self.expr(k.value)
                        self.emit(Op.DICT_MERGE, 1)
                    else:
                        self.emit(Op.LOAD_CONST, self.const(k.arg))
                        self.expr(k.value)
                        self.emit(Op.MAP_ADD, 1)
                return Op.CALL_EX, 1
            return Op.CALL_EX, 0
        for a in node.args:
            self.expr(a)
        if node.keywords:
            for k in node.keywords:
                self.expr(k.value)
            names = tuple(k.arg for k in node.keywords)
            self.emit(Op.LOAD_CONST, self.const(names))
            return Op.CALL_KW, len(node.args) + len(node.keywords)
        return Op.CALL, len(node.args)

    def expr_Call(self, node):
        f = node.func
        if (isinstance(f, ast.Name) and f.id == "super" and not node.args and not node.keywords
                and self.scope_of("super") == "global"):
            # Zero-argument super(): the defining class and the first argument.
            if self.co.argcount == 0 or self.is_class or self.is_module:
                self.raise_when_run("RuntimeError", "super(): no arguments")    # as CPython, when it runs
                return
            # the first argument (through its cell when a nested scope uses it)
            self.emit(Op.LOAD_DEREF if 0 in self.co.cellvars else Op.LOAD_FAST, 0)
            self.emit(Op.SUPER)
            return
        if isinstance(f, ast.Attribute) and not any(isinstance(a, ast.Starred) for a in node.args) \
                and not node.keywords:
            self.expr(f.value)
            self.set_line(f)
            self.emit(Op.LOAD_METHOD, self.name(f.attr))
            for a in node.args:
                self.expr(a)
            self.set_line(node)
            self.emit(Op.CALL_METHOD, len(node.args))
            return
        self.expr(f)
        op, arg = self.call_args(node)
        self.set_line(node)
        self.emit(op, arg)

    def comprehension(self, node, kind):
        # An asynchronous one is a coroutine (a list, set or dict: awaited
        # here) or an async generator (a generator expression).
        is_async = _is_async_comprehension(node)
        if is_async and kind != "genexpr" and not self.co.flags & CO_COROUTINE:
            raise CompileError(self.filename, node, "asynchronous comprehension outside of an asynchronous function")
        # The first iterable is evaluated here, in the enclosing scope, before
        # the comprehension's own scope exists (symtable orders its children
        # that way too): [iter, function] -> ROT_TWO -> CALL 1.
        self.expr(node.generators[0].iter)
        self.emit(Op.GET_AITER if node.generators[0].is_async else Op.GET_ITER)
        table = self.child_table(kind, node)
        qual = self.child_qualname(f"<{kind}>")
        flags = CO_GENERATOR if kind == "genexpr" else 0
        if is_async:
            flags |= CO_GENERATOR | CO_COROUTINE | (CO_ASYNC_GENERATOR if kind == "genexpr" else 0)
        unit = self.child_unit(table, f"<{kind}>", qual, node.lineno, flags)
        unit.slots[".0"] = 0
        unit.co.varnames.append(".0")
        unit.co.argcount = 1
        unit.setup_function_slots(None)
        unit.prologue()
        if kind == "listcomp":
            unit.emit(Op.BUILD_LIST, 0)
        elif kind == "setcomp":
            unit.emit(Op.BUILD_SET, 0)
        elif kind == "dictcomp":
            unit.emit(Op.BUILD_MAP, 0)
        unit.comp_loop(node, node.generators, 0, kind)
        if kind == "genexpr":
            unit.emit(Op.LOAD_CONST, unit.const(None))
        unit.emit(Op.RETURN_VALUE)
        co = unit.finish()
        self.emit_closure(unit)
        self.emit(Op.LOAD_CONST, self.const(co))
        self.emit(Op.MAKE_FUNCTION, 4 if unit.frees else 0)
        self.set_line(node)
        self.emit(Op.ROT_TWO)
        self.emit(Op.CALL, 1)
        if is_async and kind != "genexpr":
            self.emit(Op.GET_AWAITABLE)
            self.delegate()

    def comp_loop(self, node, gens, i, kind):
        gen = gens[i]
        top, end = self.new_label(), self.new_label()
        if i == 0:
            self.emit(Op.LOAD_FAST, 0)
        else:
            self.expr(gen.iter)
            self.emit(Op.GET_AITER if gen.is_async else Op.GET_ITER)
        self.mark(top)
        if gen.is_async:
            # as an async for statement (statements.py's stmt_AsyncFor)
            depth = self.depth
            outer = self.protect(end, depth)
            self.emit(Op.GET_ANEXT)
            self.emit(Op.GET_AWAITABLE)
            self.delegate()
            self.handler = outer
        else:
            self.emit(Op.FOR_ITER, end)
        self.assign(gen.target)
        for cond in gen.ifs:
            self.cond_jump(cond, False, top)
        if i + 1 < len(gens):
            self.comp_loop(node, gens, i + 1, kind)
        else:
            depth = len(gens) + 1
            if kind == "listcomp":
                self.expr(node.elt)
                self.emit(Op.LIST_APPEND, depth)
            elif kind == "setcomp":
                self.expr(node.elt)
                self.emit(Op.SET_ADD, depth)
            elif kind == "dictcomp":
                self.expr(node.key)
                self.expr(node.value)
                self.emit(Op.MAP_ADD, depth)
            else:
                self.expr(node.elt)
                self.emit(Op.YIELD_VALUE, 1 if self.co.flags & CO_ASYNC_GENERATOR else 0)
                self.emit(Op.POP_TOP)
        self.emit(Op.JUMP, top)
        if gen.is_async:
            self.mark(end, depth + 1)
            self.emit(Op.END_ASYNC_FOR)
        else:
            self.mark(end, self.depth - 1)

    def expr_ListComp(self, node):
        self.comprehension(node, "listcomp")

    def expr_SetComp(self, node):
        self.comprehension(node, "setcomp")

    def expr_DictComp(self, node):
        self.comprehension(node, "dictcomp")

    def expr_GeneratorExp(self, node):
        self.comprehension(node, "genexpr")

    def expr_Yield(self, node):
        if self.is_module or self.is_class:
            raise CompileError(self.filename, node, "'yield' outside function")
        if node.value is None:
            self.emit(Op.LOAD_CONST, self.const(None))
        else:
            self.expr(node.value)
        self.emit(Op.YIELD_VALUE, 1 if self.co.flags & CO_ASYNC_GENERATOR else 0)

    def expr_YieldFrom(self, node):
        if self.is_module or self.is_class:
            raise CompileError(self.filename, node, "'yield from' outside function")
        self.expr(node.value)
        self.emit(Op.GET_YIELD_FROM_ITER)
        self.delegate()

    def expr_Await(self, node):
        if not self.co.flags & CO_COROUTINE:
            # (a comprehension that awaits is a coroutine: _is_async_comprehension)
            raise CompileError(self.filename, node, "'await' outside function" if self.is_module or self.is_class
                               else "'await' outside async function")
        self.expr(node.value)
        self.set_line(node)
        self.emit(Op.GET_AWAITABLE)
        self.delegate()

    def delegate(self):
        """[iter] -> [result]: run the iterator, passing what it yields out
        and what is sent in back to it, until it returns (yield from, await)."""
        self.emit(Op.LOAD_CONST, self.const(None))
        top, end = self.new_label(), self.new_label()
        self.mark(top)
        self.emit(Op.SEND, end)        # [iter, value] -> [iter, yielded] or jump with [result]
        self.emit(Op.YIELD_VALUE)
        self.emit(Op.JUMP, top)
        self.mark(end, self.depth - 1)
