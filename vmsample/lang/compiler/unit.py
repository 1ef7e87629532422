"""One scope's compilation ([_Unit]): the instruction emitter, the stack depth
and the exception table, refusals, and the finished code object.  The
concept files are its mixins: scopes, constants, statements, expressions."""

from __future__ import annotations

import ast
from dataclasses import dataclass

from vmsample.lang.opcodes import Op, STACK_EFFECT, CO_CLASSBODY, CO_MODULE
from vmsample.lang.compiler.code import Code, CompileError, Label
from vmsample.lang.compiler.constants import Constants
from vmsample.lang.compiler.scopes import Scopes
from vmsample.lang.compiler.expressions import Expressions
from vmsample.lang.compiler.statements import Statements
from vmsample.lang.compiler.patterns import Patterns


@dataclass
class _Module:
    """What every scope of one compiled file shares."""
    filename: str
    package: str                    # for relative imports: "" for a top-level module
    search_path: list               # where imports are found (vmsample.lang.modules)
    refusals: list                  # ((line, col), message): see "Refusals"
    future_annotations: bool = False    # `from __future__ import annotations`: kept as strings


# Refusals.  What the VM lacks is refused where it runs, not where it is
# written: the construct compiles to an UNSUPPORTED instruction that raises
# NotImplementedError("file:line:col: <construct> is not supported by
# vmsample"), so a program whose unsupported code never runs -- an uncalled
# function, a test only `__main__` runs, an `except ImportError` fallback --
# runs to the end.  Every refusal, and every import of a module the VM does
# not have (which fails as ImportError when it runs), is also recorded in the
# compilation's `refusals`: what `vmsample run --check` lists.  Errors that
# CPython raises too (SyntaxError) stay compile-time errors.


class _Unit(Scopes, Constants, Statements, Patterns, Expressions):
    """Compiles one scope (module, function, lambda, comprehension, class body)."""

    def __init__(self, module, table, name, qualname, firstlineno, flags):
        self.module = module
        self.filename = filename = module.filename
        self.table = table
        self.co = Code(name=name, qualname=qualname, filename=filename,
                       firstlineno=firstlineno, flags=flags)
        self.depth = 0
        self.maxdepth = 0
        self.handler = None          # innermost exception handler Label
        self.handler_depth = {}      # Label -> stack depth at entry
        self.handlers = []           # per-instruction handler label
        self.blocks = []
        self.lineno = firstlineno
        self.slots = {}
        self._consts = {}
        self._names = {}
        self._children = {}
        self._table_of_node = {}
        for child in table.get_children():
            self._children.setdefault((child.get_name(), child.get_lineno()), []).append(child)
        self._all_labels = []
        self.is_module = bool(flags & CO_MODULE)
        self.is_class = bool(flags & CO_CLASSBODY)

    def note_unsupported(self, node, what):
        """Record a refusal (see "Refusals"); return its message."""
        e = CompileError(self.filename, node, f"{what} is not supported by vmsample")
        self.module.refusals.append(((e.lineno, e.col), str(e)))
        return str(e)

    def refuse(self, node, what, exception="NotImplementedError"):
        """Compile [node], an expression, to code that raises [exception] when it runs."""
        self.raise_when_run(exception, self.note_unsupported(node, what))

    def refuse_stmt(self, node, what, exception="NotImplementedError"):
        """Compile [node], a statement, to code that raises [exception] when it runs."""
        self.refuse(node, what, exception)
        self.emit(Op.POP_TOP)           # never runs: balances the expression's +1

    def raise_when_run(self, exception, message):
        self.emit(Op.UNSUPPORTED, self.const((exception, message)))

    def emit(self, op, arg=0):
        if isinstance(arg, Label):
            arg.uses.append(len(self.co.code) + 1)
            value = 0
        else:
            value = arg
        self.co.code += [int(op), int(value)]
        self.co.lines.append(self.lineno)
        self.handlers.append(self.handler)
        self.depth += self.stack_effect(op, value)
        assert self.depth >= 0, (Op(op).name, self.co.name, self.lineno)
        self.maxdepth = max(self.maxdepth, self.depth)

    def stack_effect(self, op, arg):
        effect = STACK_EFFECT[op]
        return effect(arg) if callable(effect) else effect

    def mark(self, label, depth=None):
        label.target = len(self.co.code) // 2
        if depth is not None:
            self.depth = depth

    def name(self, s):
        if s not in self._names:
            self._names[s] = len(self.co.names)
            self.co.names.append(s)
        return self._names[s]

    def set_line(self, node):
        if hasattr(node, "lineno"):
            self.lineno = node.lineno

    def finish(self):
        co = self.co
        # Falling off the end returns None.  The end is reachable when the
        # last instruction falls through, or when a label marks it (the jump
        # past an assert's raise, say): a jump there must land on a return.
        end = len(co.code) // 2
        if (not co.code or co.code[-2] not in (Op.RETURN_VALUE, Op.RERAISE, Op.RAISE)
                or any(label.target == end for label in self._all_labels)):
            self.emit(Op.LOAD_CONST, self.const(None))
            self.emit(Op.RETURN_VALUE)
        for label in self._all_labels:
            assert label.target is not None
            for pos in label.uses:
                co.code[pos] = label.target
        # Exception table from per-instruction handlers.
        rows = []
        start = 0
        cur = self.handlers[0] if self.handlers else None
        for i, h in enumerate(self.handlers + [None]):
            if h is not cur:
                if cur is not None:
                    rows.append((start, i, cur.target, self.handler_depth[cur]))
                start, cur = i, h
        co.exctable = rows
        co.maxstack = self.maxdepth + 2
        return co

    _all_labels: list

    def new_label(self):
        label = Label()
        self._all_labels.append(label)
        return label

    def compile_module(self, tree: ast.Module):
        self.setup_function_slots(None)
        self.store_docstring(tree)
        self.setup_annotations(tree.body)
        self.compile_body(tree.body)

    def store_docstring(self, node):
        """A module's or class's docstring becomes its __doc__, as CPython's
        compiler stores it first."""
        doc = ast.get_docstring(node, clean=False)
        if doc is not None:
            self.set_line(node.body[0])
            self.emit(Op.LOAD_CONST, self.const(doc))
            self.store_name("__doc__")

    def setup_annotations(self, body):
        """A module or class body with annotated names gets an __annotations__
        dict first, as CPython's SETUP_ANNOTATIONS makes (dataclasses read it)."""
        todo = list(body)
        while todo:
            s = todo.pop()
            if isinstance(s, ast.AnnAssign) and s.simple:
                self.emit(Op.BUILD_MAP, 0)
                self.store_name("__annotations__")
                return
            if not isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                todo.extend(c for c in ast.iter_child_nodes(s) if isinstance(c, ast.stmt))

    def compile_body(self, stmts):
        for s in stmts:
            self.stmt(s)

    def child_qualname(self, name):
        """The __qualname__ of a function or class [name] defined in this
        scope, as CPython's compiler_set_qualname: a function's locals get
        '<locals>' in their path; a name declared global here is top-level."""
        if self.is_module:
            return name
        try:
            if self.table.lookup(name).is_declared_global():
                return name
        except KeyError:
            pass
        if self.is_class:
            return f"{self.co.qualname}.{name}"
        return f"{self.co.qualname}.<locals>.{name}"

    def child_unit(self, table, name, qualname, firstlineno, flags):
        """The unit of a scope nested in this one: a function, lambda,
        comprehension or class body."""
        return _Unit(self.module, table, name, qualname, firstlineno, flags)
