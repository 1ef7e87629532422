"""The vmsample language compiler: stdlib ``ast`` -> VM bytecode.

The language is a subset of Python 3.  Parsing is the standard library's
(``ast.parse``), name resolution is the standard library's (``symtable``), so
scoping follows CPython exactly; this module only lowers the tree to the VM's
instruction set (``vmsample.lang.opcodes``) and refuses what the VM does not
implement with ``file:line:col: <construct> is not supported by vmsample``
-- when that code runs, not before (see "Refusals" below).

Code layout, per code object
  * instructions are ``(op, arg)`` pairs flattened into one list of ints;
    jump targets are instruction indices;
  * local slots: parameters first (positional, keyword-only, ``*args``,
    ``**kwargs``), then the other locals, then cell variables that are not
    parameters, then free variables;
  * exceptions: an exception table of ``(start, end, handler, depth)`` rows,
    built from the handler each instruction was emitted under (as CPython 3.11
    does), so no setup/pop-block instructions run on the normal path;
  * a line table: ``lines[i]`` is the source line of instruction ``i``.
"""

from __future__ import annotations

import ast
import symtable
import sys
from dataclasses import dataclass, field

from vmsample.lang.modules import find_module, is_provided_c_module, search_path as default_search_path
from vmsample.lang.opcodes import (Op, BinOp, CmpOp, STACK_EFFECT, CO_VARARGS, CO_VARKEYWORDS,
                                   CO_GENERATOR, CO_COROUTINE, CO_CLASSBODY, CO_MODULE, CO_NEEDS_CLASS,
                                   CO_ASYNC_GENERATOR)
from vmsample.lang.source import check_no_nul
from vmsample.lang.verify import verify_tree

__all__ = ["CompileError", "Code", "compile_source", "check_source"]


class _Emitted(ast.expr):
    """An expression whose code a callback emits (the body function of a
    class statement, the first argument of its __build_class__ call)."""
    _fields = ()

    def __init__(self, emit):
        super().__init__()
        self.emit = emit


class CompileError(Exception):
    """A program uses something the VM refuses; str() is ``file:line:col: msg``."""

    def __init__(self, filename, node, message):
        self.filename = filename
        self.lineno = getattr(node, "lineno", 1)
        self.col = getattr(node, "col_offset", 0) + 1
        self.message = message
        super().__init__(f"{filename}:{self.lineno}:{self.col}: {message}")


@dataclass
class Code:
    name: str
    qualname: str
    filename: str
    firstlineno: int
    argcount: int = 0             # positional parameters
    kwonlyargcount: int = 0
    posonlyargcount: int = 0      # of the positional ones, those not passed by keyword
    flags: int = 0
    varnames: list = field(default_factory=list)   # every local slot's name
    cellvars: list = field(default_factory=list)   # slot indices that hold cells
    nfree: int = 0                                 # free vars: the last nfree slots
    code: list = field(default_factory=list)       # op, arg, op, arg, ...
    lines: list = field(default_factory=list)      # one per instruction
    consts: list = field(default_factory=list)
    names: list = field(default_factory=list)
    exctable: list = field(default_factory=list)   # (start, end, handler, depth)
    maxstack: int = 0
    defaults_count: int = 0
    doc: str | None = None                         # a function's docstring (its __doc__)

    @property
    def nlocals(self):
        return len(self.varnames)

    def dis(self):
        """Human-readable listing (for debugging and tests)."""
        out = []
        for i in range(0, len(self.code), 2):
            op, arg = self.code[i], self.code[i + 1]
            out.append(f"{self.lines[i // 2]:4} {i // 2:4} {Op(op).name:22} {arg}")
        for row in self.exctable:
            out.append(f"  handler {row}")
        return "\n".join(out)


class Label:
    __slots__ = ("target", "uses")

    def __init__(self):
        self.target = None
        self.uses = []


# Refusals.  What the VM lacks is refused where it runs, not where it is
# written: the construct compiles to an UNSUPPORTED instruction that raises
# NotImplementedError("file:line:col: <construct> is not supported by
# vmsample"), so a program whose unsupported code never runs -- an uncalled
# function, a test only `__main__` runs, an `except ImportError` fallback --
# runs to the end.  Every refusal, and every import of a module the VM does
# not have (which fails as ImportError when it runs), is also recorded in the
# compilation's `refusals`: what `vmsample run --check` lists.  Errors that
# CPython raises too (SyntaxError) stay compile-time errors.
_UNSUPPORTED_STMT = {
    ast.Match: "'match' statement", ast.TryStar: "'except*'",
}
_UNSUPPORTED_EXPR = {}

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


@dataclass
class _Module:
    """What every scope of one compiled file shares."""
    filename: str
    package: str                    # for relative imports: "" for a top-level module
    search_path: list               # where imports are found (vmsample.lang.modules)
    refusals: list                  # ((line, col), message): see "Refusals"
    future_annotations: bool = False    # `from __future__ import annotations`: kept as strings


def compile_source(source: str, filename: str, refusals: list | None = None, *,
                   package: str = "", search_path: list | None = None) -> Code:
    """Compile a module; raises SyntaxError for what CPython refuses (its own
    compiler decides, so the messages are CPython's).  What the VM does not
    support compiles to code that refuses it when it runs; the refusals'
    ``file:line:col: ...`` messages are appended to [refusals].  Imports
    are resolved against [search_path] (default: the file's directory, then
    the VM's library); [package] is the module's package."""
    check_no_nul(source, filename)
    compile(source, filename, "exec", dont_inherit=True)
    tree = ast.parse(source, filename)
    table = symtable.symtable(source, filename, "exec")
    # CPython compiles expressions ~3000 deep (3 x its recursion limit); this
    # compiler takes a few Python frames per level (Python-to-Python calls,
    # which use no C stack in 3.11).
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, _COMPILER_RECURSION_LIMIT))
    try:
        module = _Module(filename, package,
                         default_search_path(filename) if search_path is None else search_path,
                         [] if refusals is None else refusals,
                         any(isinstance(s, ast.ImportFrom) and s.module == "__future__"
                             and any(a.name == "annotations" for a in s.names) for s in tree.body))
        unit = _Unit(module, table, "<module>", "<module>", 1, CO_MODULE)
        unit.compile_module(tree)
        code = unit.finish()
    finally:
        sys.setrecursionlimit(limit)
    verify_tree(code)           # the eval loop trusts its code: see verify.py
    return code


_COMPILER_RECURSION_LIMIT = 20000


def compile_dynamic(source, filename: str, mode: str, *, package: str = "") -> Code:
    """compile() for exec, eval and single (the builtins compile, exec and
    eval; vmsample/lang/app/builtins.py): [source] is the text or an ``ast``
    tree of CPython's.  The code reads and writes its top-level names
    through a namespace, as CPython's does (LOAD_NAME: the locals mapping
    exec was given, else the globals); 'eval' returns its expression's
    value; 'single' passes each expression statement's value to
    sys.displayhook."""
    if isinstance(source, ast.AST):
        tree = source
        text = ast.unparse(tree)                # for symtable: the scopes, not the lines
        compile(tree, filename, mode, dont_inherit=True)
    else:
        check_no_nul(source, filename)
        compile(source, filename, mode, dont_inherit=True)
        tree = ast.parse(source, filename, mode)
        text = source
    table = symtable.symtable(text, filename, "eval" if mode == "eval" else "exec")
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, _COMPILER_RECURSION_LIMIT))
    try:
        module = _Module(filename, package, [], [], False)
        unit = _Unit(module, table, "<module>", "<module>", 1, CO_MODULE | CO_CLASSBODY)
        unit.setup_function_slots(None)
        if mode == "eval":
            unit.set_line(tree.body)
            unit.expr(tree.body)
            unit.emit(Op.RETURN_VALUE)
        else:
            unit.interactive = mode == "single"
            unit.setup_annotations(tree.body)
            unit.compile_body(tree.body)
        code = unit.finish()
    finally:
        sys.setrecursionlimit(limit)
    verify_tree(code)
    return code


def check_source(source: str, filename: str) -> list[str]:
    """Everything in a program that the VM does not support, as
    ``file:line:col: ... is not supported by vmsample`` lines in source order
    (``vmsample run --check``).  Raises SyntaxError like compile_source."""
    refusals = []
    compile_source(source, filename, refusals)
    return [message for _, message in sorted(refusals)]


class _Block:
    """An entry of the compile-time block stack, for break/continue/return."""
    __slots__ = ("kind", "depth", "brk", "cont", "node", "handler")

    def __init__(self, kind, depth, brk=None, cont=None, node=None, handler=None):
        self.kind, self.depth, self.brk, self.cont = kind, depth, brk, cont
        self.node, self.handler = node, handler


class _Unit:
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

    # ------------------------------------------------------------ helpers
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

    def child_table(self, name, node):
        # A node compiled twice (a finally body is, once per way out) has
        # one scope: the one its first compilation took.
        table = self._table_of_node.get(id(node))
        if table is not None:
            return table[0]
        key = (name, node.lineno)
        tables = self._children.get(key)
        if not tables:
            raise CompileError(self.filename, node, f"internal error: no scope for {name}")
        table = tables.pop(0)
        self._table_of_node[id(node)] = (table, node)      # (the node kept: its id stays its own)
        return table

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

    def const(self, value):
        key = (type(value), value) if not isinstance(value, (Code, tuple)) else (id(value),)
        if isinstance(value, tuple):
            key = ("tuple", tuple((type(v), v) for v in value))
        if key not in self._consts:
            self._consts[key] = len(self.co.consts)
            self.co.consts.append(value)
        return self._consts[key]

    def name(self, s):
        if s not in self._names:
            self._names[s] = len(self.co.names)
            self.co.names.append(s)
        return self._names[s]

    def set_line(self, node):
        if hasattr(node, "lineno"):
            self.lineno = node.lineno

    # ------------------------------------------------------------ scopes
    def setup_function_slots(self, args: ast.arguments | None):
        co = self.co
        params = []
        if args is not None:
            # (positional-only parameters are ordinary positionals here)
            params += [a.arg for a in args.posonlyargs + args.args]
            co.posonlyargcount = len(args.posonlyargs)
            co.argcount = len(params)
            params += [a.arg for a in args.kwonlyargs]
            co.kwonlyargcount = len(args.kwonlyargs)
            if args.vararg:
                params.append(args.vararg.arg)
                co.flags |= CO_VARARGS
            if args.kwarg:
                params.append(args.kwarg.arg)
                co.flags |= CO_VARKEYWORDS
        for p in params:
            self.add_slot(p)
        frees = []
        cells = set()
        for sym in self.table.get_symbols():
            n = sym.get_name()
            if n == "__class__":
                if sym.is_free():
                    co.flags |= CO_NEEDS_CLASS
                continue
            if sym.is_free():
                frees.append(n)
            elif sym.is_local() and not self.is_class and not self.is_module:
                self.add_slot(n)
        if self.is_class:
            # A class body passes its methods' free variables through from
            # the enclosing function, even a name the class binds itself
            # (CPython's DEF_FREE_CLASS: the method sees the function's).
            for child in self.table.get_children():
                for n in sorted(self._free_in(child)):
                    if n not in frees and n != "__class__":
                        frees.append(n)
        # Cells: our locals that a nested scope reads as free.
        for child in self.table.get_children():
            cells |= self._free_in(child)
        for n in sorted(cells):
            if n in self.slots and self.is_local_name(n):
                co.cellvars.append(self.slots[n])
        for n in frees:
            self.add_slot(n)
        co.nfree = len(frees)
        self.frees = frees

    def _free_in(self, table):
        """The names scope [table] takes from its enclosing functions: its
        free variables, and for a class those of its methods too (a class
        body passes them through)."""
        names = set()
        for sym in table.get_symbols():
            if sym.is_free():
                names.add(sym.get_name())
        if table.get_type() == "class":
            for child in table.get_children():
                names |= self._free_in(child)
        return names

    def is_local_name(self, n):
        try:
            sym = self.table.lookup(n)
        except KeyError:
            return False
        return sym.is_local() and not sym.is_free()

    def add_slot(self, n):
        if n not in self.slots:
            self.slots[n] = len(self.co.varnames)
            self.co.varnames.append(n)
        return self.slots[n]

    def scope_of(self, n):
        """'fast', 'deref', 'global', 'name' (class/module namespace)."""
        try:
            sym = self.table.lookup(n)
        except KeyError:
            return "name" if self.is_class else "global"
        if sym.is_free():
            return "deref"
        if self.is_module:
            # a module's names are its globals, unless it runs in a
            # namespace (exec with locals: compile_dynamic)
            return "name" if self.is_class and not sym.is_declared_global() else "global"
        if sym.is_declared_global() or (sym.is_global() and not sym.is_local()):
            return "global"
        if self.is_class:
            return "name"
        if n in self.slots:
            return "deref" if self.slots[n] in self.co.cellvars else "fast"
        return "global"

    def load_name(self, n):
        scope = self.scope_of(n)
        if scope == "fast":
            self.emit(Op.LOAD_FAST, self.slots[n])
        elif scope == "deref":
            self.emit(Op.LOAD_DEREF, self.slots[n])
        elif scope == "global":
            self.emit(Op.LOAD_GLOBAL, self.name(n))
        else:
            self.emit(Op.LOAD_NAME, self.name(n))

    def store_name(self, n):
        scope = self.scope_of(n)
        if scope == "fast":
            self.emit(Op.STORE_FAST, self.slots[n])
        elif scope == "deref":
            self.emit(Op.STORE_DEREF, self.slots[n])
        elif scope == "global":
            self.emit(Op.STORE_GLOBAL, self.name(n))
        else:
            self.emit(Op.STORE_NAME, self.name(n))

    def delete_name(self, n):
        scope = self.scope_of(n)
        if scope == "fast":
            self.emit(Op.DELETE_FAST, self.slots[n])
        elif scope == "deref":
            self.emit(Op.DELETE_DEREF, self.slots[n])
        elif scope == "global":
            self.emit(Op.DELETE_GLOBAL, self.name(n))
        else:
            self.emit(Op.DELETE_NAME, self.name(n))

    def prologue(self):
        for slot in self.co.cellvars:
            self.emit(Op.MAKE_CELL, slot)
        if self.co.nfree:
            self.emit(Op.COPY_FREE_VARS, self.co.nfree)

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

    # ------------------------------------------------------------ statements
    def stmt(self, node):
        self.set_line(node)
        t = type(node)
        method = getattr(self, "stmt_" + t.__name__, None)
        if t in _UNSUPPORTED_STMT or method is None:
            self.refuse_stmt(node, _UNSUPPORTED_STMT.get(t, f"'{t.__name__}' statement"))
            return
        method(node)

    def stmt_Expr(self, node):
        if getattr(self, "interactive", False) and self.is_module:
            # compile(..., "single"): the value goes to sys.displayhook
            self.emit(Op.IMPORT_NAME, self.name("sys"))
            self.emit(Op.LOAD_ATTR, self.name("displayhook"))
            self.expr(node.value)
            self.emit(Op.CALL, 1)
            self.emit(Op.POP_TOP)
            return
        if isinstance(node.value, ast.Constant):
            return  # docstrings and bare constants do nothing
        self.expr(node.value)
        self.emit(Op.POP_TOP)

    def stmt_Pass(self, node):
        pass

    def stmt_Assign(self, node):
        self.expr(node.value)
        for i, target in enumerate(node.targets):
            if i < len(node.targets) - 1:
                self.emit(Op.DUP_TOP)
            self.assign(target)

    def stmt_AnnAssign(self, node):
        if node.value is not None:
            self.expr(node.value)
            self.assign(node.target)
        if node.simple and (self.is_module or self.is_class):
            # __annotations__[name] = the annotation (its text, with the future import)
            if self.module.future_annotations:
                self.emit(Op.LOAD_CONST, self.const(ast.unparse(node.annotation)))
            else:
                self.expr(node.annotation)
            self.load_name("__annotations__")
            self.emit(Op.LOAD_CONST, self.const(node.target.id))
            self.emit(Op.STORE_SUBSCR)

    def stmt_AugAssign(self, node):
        op = _BINOPS.get(type(node.op))
        if op is None:
            self.refuse_stmt(node, "operator " + type(node.op).__name__)
            return
        t = node.target
        if isinstance(t, ast.Name):
            self.load_name(t.id)
            self.expr(node.value)
            self.emit(Op.INPLACE_OP, op)
            self.store_name(t.id)
        elif isinstance(t, ast.Attribute):
            self.expr(t.value)
            self.emit(Op.DUP_TOP)
            self.emit(Op.LOAD_ATTR, self.name(t.attr))
            self.expr(node.value)
            self.emit(Op.INPLACE_OP, op)
            self.emit(Op.ROT_TWO)
            self.emit(Op.STORE_ATTR, self.name(t.attr))
        elif isinstance(t, ast.Subscript):
            self.expr(t.value)
            self.subscript_index(t.slice)
            self.emit(Op.DUP_TOP_TWO)
            self.emit(Op.BINARY_SUBSCR)
            self.expr(node.value)
            self.emit(Op.INPLACE_OP, op)
            self.emit(Op.ROT_THREE)
            self.emit(Op.STORE_SUBSCR)
        else:
            raise CompileError(self.filename, t, "internal error: augmented assignment target")

    def assign(self, target):
        """Store TOS into [target]."""
        self.set_line(target)
        if isinstance(target, ast.Name):
            self.store_name(target.id)
        elif isinstance(target, ast.Attribute):
            self.expr(target.value)
            self.emit(Op.STORE_ATTR, self.name(target.attr))
        elif isinstance(target, ast.Subscript):
            self.expr(target.value)
            self.subscript_index(target.slice)
            self.emit(Op.STORE_SUBSCR)
        elif isinstance(target, (ast.Tuple, ast.List)):
            stars = [i for i, e in enumerate(target.elts) if isinstance(e, ast.Starred)]
            if len(stars) > 1:
                raise CompileError(self.filename, target, "multiple starred expressions in assignment")
            if stars:
                i = stars[0]
                after = len(target.elts) - i - 1
                self.emit(Op.UNPACK_EX, i | (after << 8))
            else:
                self.emit(Op.UNPACK_SEQUENCE, len(target.elts))
            for e in target.elts:
                self.assign(e.value if isinstance(e, ast.Starred) else e)
        else:
            raise CompileError(self.filename, target, "internal error: assignment to " + type(target).__name__)

    def stmt_Delete(self, node):
        for t in node.targets:
            if isinstance(t, ast.Name):
                self.delete_name(t.id)
            elif isinstance(t, ast.Attribute):
                self.expr(t.value)
                self.emit(Op.DELETE_ATTR, self.name(t.attr))
            elif isinstance(t, ast.Subscript):
                self.expr(t.value)
                self.subscript_index(t.slice)
                self.emit(Op.DELETE_SUBSCR)
            elif isinstance(t, (ast.Tuple, ast.List)):
                self.stmt_Delete(ast.Delete(targets=t.elts))
            else:
                raise CompileError(self.filename, t, "internal error: del of " + type(t).__name__)

    def stmt_Global(self, node):
        pass

    def stmt_Nonlocal(self, node):
        pass

    def stmt_If(self, node):
        end = self.new_label()
        orelse = self.new_label() if node.orelse else end
        self.cond_jump(node.test, False, orelse)
        self.compile_body(node.body)
        if node.orelse:
            self.emit(Op.JUMP, end)
            self.mark(orelse)
            self.compile_body(node.orelse)
        self.mark(end)

    def cond_jump(self, test, jump_if, label):
        """Jump to [label] if bool(test) == jump_if; short-circuits and/or/not."""
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            return self.cond_jump(test.operand, not jump_if, label)
        if isinstance(test, ast.BoolOp):
            is_and = isinstance(test.op, ast.And)
            if is_and != jump_if:
                # and/False or or/True: any operand decides.
                for v in test.values:
                    self.cond_jump(v, jump_if, label)
            else:
                skip = self.new_label()
                for v in test.values[:-1]:
                    self.cond_jump(v, not jump_if, skip)
                self.cond_jump(test.values[-1], jump_if, label)
                self.mark(skip)
            return
        self.expr(test)
        self.emit(Op.POP_JUMP_IF_TRUE if jump_if else Op.POP_JUMP_IF_FALSE, label)

    def stmt_While(self, node):
        top, end, brk = self.new_label(), self.new_label(), self.new_label()
        self.mark(top)
        self.cond_jump(node.test, False, end)
        self.blocks.append(_Block("loop", self.depth, brk=brk, cont=top))
        self.compile_body(node.body)
        self.blocks.pop()
        self.emit(Op.JUMP, top)
        self.mark(end)
        self.compile_body(node.orelse)
        self.mark(brk)

    def stmt_For(self, node):
        top, end, brk = self.new_label(), self.new_label(), self.new_label()
        self.expr(node.iter)
        self.emit(Op.GET_ITER)
        self.mark(top)
        self.emit(Op.FOR_ITER, end)
        self.assign(node.target)
        self.loop_body(node, top, brk)
        self.mark(end, self.depth - 1)
        self.compile_body(node.orelse)
        self.mark(brk)

    def loop_body(self, node, top, brk):
        """A for loop's body, with the iterator below it, and the jump back."""
        self.blocks.append(_Block("for", self.depth, brk=brk, cont=top))
        self.compile_body(node.body)
        self.blocks.pop()
        self.set_line(node)
        self.emit(Op.JUMP, top)

    def stmt_AsyncFor(self, node):
        # As a for loop, with the iterator's __anext__() awaited for each
        # item; the StopAsyncIteration it raises at the end (caught by the
        # handler around the await) ends the loop.
        top, end, brk = self.new_label(), self.new_label(), self.new_label()
        self.expr(node.iter)
        self.set_line(node)
        self.emit(Op.GET_AITER)
        depth = self.depth
        self.mark(top)
        outer = self.protect(end, depth)
        self.emit(Op.GET_ANEXT)
        self.emit(Op.GET_AWAITABLE)
        self.delegate()
        self.handler = outer
        self.assign(node.target)
        self.loop_body(node, top, brk)
        self.mark(end, depth + 1)
        self.emit(Op.END_ASYNC_FOR)
        self.compile_body(node.orelse)
        self.mark(brk)

    def unwind_to(self, stop_kind, node, keep_top=False):
        """Emit the cleanup of the blocks between here and the nearest loop
        ([stop_kind] "loop", for break/continue) or the function's end (None,
        for return; [keep_top]: the return value is on the stack).  Returns
        the loop block.  The caller restores handler and depth afterwards."""
        blocks = self.blocks
        for i in range(len(blocks) - 1, -1, -1):
            block = blocks[i]
            if block.kind in ("loop", "for"):
                if stop_kind == "loop":
                    return block
                if block.kind == "for" and any(b.kind == "with" for b in blocks[:i]):
                    # An __exit__ below the iterator is called next: drop the iterator.
                    self.emit(Op.ROT_TWO)
                    self.emit(Op.POP_TOP)
                continue  # return: otherwise the frame dies with its iterators
            if block.kind in ("except", "finally_exc"):
                # Leaving a handler: forget the handled exception ([prev, exc]).
                if keep_top:
                    self.emit(Op.ROT_THREE)
                self.emit(Op.POP_EXCEPT)
                self.handler = block.handler
            elif block.kind == "with":
                # Leaving a with body: __exit__(None, None, None), below the return value.
                self.handler = block.handler
                if keep_top:
                    self.emit(Op.ROT_TWO)
                self.call_exit_without_exception(isinstance(block.node, ast.AsyncWith))
            elif block.kind == "pop_value":
                # A return's value waits below a finally body that leaves
                # another way: drop it (CPython's POP_VALUE block).
                if keep_top:
                    self.emit(Op.ROT_TWO)
                self.emit(Op.POP_TOP)
            elif block.kind == "finally":
                # Run the finally body inline, outside its own protection
                # (for a return, above the value it returns).
                self.handler = block.handler
                self.blocks = blocks[:i] + ([_Block("pop_value", self.depth)] if keep_top else [])
                self.compile_body(block.node.finalbody)
                self.blocks = blocks
        if stop_kind == "loop":
            raise CompileError(self.filename, node, "'break' or 'continue' outside loop")
        return None

    def stmt_Break(self, node):
        saved = (self.handler, self.depth)
        block = self.unwind_to("loop", node)
        if block.kind == "for":
            self.emit(Op.POP_TOP)
        self.emit(Op.JUMP, block.brk)
        self.handler, self.depth = saved

    def stmt_Continue(self, node):
        saved = (self.handler, self.depth)
        block = self.unwind_to("loop", node)
        self.emit(Op.JUMP, block.cont)
        self.handler, self.depth = saved

    def stmt_Return(self, node):
        if self.is_module or self.is_class:
            raise CompileError(self.filename, node, "'return' outside function")
        saved = (self.handler, self.depth)      # what follows starts at the statement's depth
        if node.value is not None:
            self.expr(node.value)
        else:
            self.emit(Op.LOAD_CONST, self.const(None))
        if any(b.kind in ("except", "finally", "finally_exc", "with") for b in self.blocks):
            self.unwind_to(None, node, keep_top=True)
        self.set_line(node)
        self.emit(Op.RETURN_VALUE)
        self.handler, self.depth = saved

    def stmt_Raise(self, node):
        if node.exc is None:
            self.emit(Op.RAISE, 0)
        elif node.cause is None:
            self.expr(node.exc)
            self.emit(Op.RAISE, 1)
        else:
            self.expr(node.exc)
            self.expr(node.cause)
            self.emit(Op.RAISE, 2)

    def stmt_Assert(self, node):
        end = self.new_label()
        self.cond_jump(node.test, True, end)
        self.emit(Op.LOAD_GLOBAL, self.name("AssertionError"))
        if node.msg is not None:
            self.expr(node.msg)
            self.emit(Op.CALL, 1)
        self.emit(Op.RAISE, 1)
        self.mark(end)

    def stmt_Try(self, node):
        if node.finalbody:
            self.try_finally(node)
        else:
            self.try_except(node)

    def protect(self, handler, depth):
        """Make [handler] the innermost handler, entered with [depth] items."""
        self.handler_depth[handler] = depth
        saved = self.handler
        self.handler = handler
        return saved

    def try_finally(self, node):
        exc = self.new_label()
        end = self.new_label()
        depth = self.depth
        outer = self.protect(exc, depth)
        self.blocks.append(_Block("finally", depth, node=node, handler=outer))
        if node.handlers:
            self.try_except(node)
        else:
            self.compile_body(node.body)
        self.blocks.pop()
        self.handler = outer
        self.compile_body(node.finalbody)       # the normal path
        self.emit(Op.JUMP, end)
        # The exception path: [prev_exc, exc] while the finally body runs.
        self.mark(exc, depth + 1)
        self.emit(Op.PUSH_EXC_INFO)
        cleanup = self.new_label()
        self.protect(cleanup, depth + 1)
        self.blocks.append(_Block("finally_exc", depth, handler=outer))
        self.compile_body(node.finalbody)
        self.blocks.pop()
        self.emit(Op.RERAISE)
        self.handler = outer
        self.mark(cleanup, depth + 2)
        self.emit(Op.EXC_CLEANUP)
        self.mark(end, depth)

    def try_except(self, node):
        handler = self.new_label()
        end = self.new_label()
        depth = self.depth
        outer = self.protect(handler, depth)
        self.compile_body(node.body)
        self.handler = outer
        self.compile_body(node.orelse)
        self.emit(Op.JUMP, end)
        # Handlers: stack [prev_exc, exc].
        self.mark(handler, depth + 1)
        self.emit(Op.PUSH_EXC_INFO)
        cleanup = self.new_label()
        self.protect(cleanup, depth + 1)
        for h in node.handlers:
            self.set_line(h)
            nxt = self.new_label()
            if h.type is not None:
                self.emit(Op.DUP_TOP)
                self.expr(h.type)
                self.emit(Op.CHECK_EXC_MATCH)
                self.emit(Op.POP_JUMP_IF_FALSE, nxt)
            if h.name:
                self.emit(Op.DUP_TOP)
                self.store_name(h.name)
            self.blocks.append(_Block("except", depth, handler=outer))
            self.compile_body(h.body)
            self.blocks.pop()
            self.emit(Op.POP_EXCEPT)
            if h.name:
                # As in CPython, the name is unbound after the clause.
                self.emit(Op.LOAD_CONST, self.const(None))
                self.store_name(h.name)
                self.delete_name(h.name)
            self.emit(Op.JUMP, end)
            self.mark(nxt, depth + 2)
        self.emit(Op.RERAISE)
        self.handler = outer
        self.mark(cleanup, depth + 2)
        self.emit(Op.EXC_CLEANUP)
        self.mark(end, depth)

    def stmt_With(self, node):
        self.with_items(node, node.items)

    def stmt_AsyncWith(self, node):
        self.with_items(node, node.items)

    def with_items(self, node, items):
        """``with A as a, B as b: body`` is ``with A as a: with B as b: body``.
        While a body runs, its manager's bound ``__exit__`` waits on the stack
        below it: the body's end, an exception (WITH_EXCEPT_START passes it
        on; a true result suppresses it) and break/continue/return (unwind_to)
        all call it, as CPython does."""
        item = items[0]
        is_async = isinstance(node, ast.AsyncWith)     # __aenter__ / __aexit__, awaited
        self.expr(item.context_expr)
        self.set_line(node)
        self.emit(Op.BEFORE_ASYNC_WITH if is_async else Op.BEFORE_WITH)
        self.emit(Op.CALL, 0)
        if is_async:
            self.emit(Op.GET_AWAITABLE)
            self.delegate()
        depth = self.depth - 1                  # [exit] under the entered value
        exc, end = self.new_label(), self.new_label()
        outer = self.protect(exc, depth)
        self.blocks.append(_Block("with", depth, node=node, handler=outer))
        if item.optional_vars is not None:
            self.assign(item.optional_vars)
        else:
            self.emit(Op.POP_TOP)
        if len(items) > 1:
            self.with_items(node, items[1:])
        else:
            self.compile_body(node.body)
        self.blocks.pop()
        self.handler = outer
        self.set_line(node)
        self.call_exit_without_exception(is_async)
        self.emit(Op.JUMP, end)
        # The exception path: [exit, prev_exc, exc] while __exit__ runs.
        self.mark(exc, depth + 1)
        self.emit(Op.PUSH_EXC_INFO)
        cleanup, suppress = self.new_label(), self.new_label()
        self.protect(cleanup, depth + 1)
        self.emit(Op.WITH_EXCEPT_START)
        self.emit(Op.CALL, 3)
        if is_async:
            self.emit(Op.GET_AWAITABLE)
            self.delegate()
        self.emit(Op.POP_JUMP_IF_TRUE, suppress)
        self.emit(Op.RERAISE)
        self.mark(suppress, depth + 2)
        self.emit(Op.POP_EXCEPT)
        self.emit(Op.POP_TOP)
        self.emit(Op.JUMP, end)
        self.handler = outer
        self.mark(cleanup, depth + 2)
        self.emit(Op.EXC_CLEANUP)
        self.mark(end, depth - 1)

    def call_exit_without_exception(self, is_async=False):
        """[exit] -> []: exit(None, None, None) (awaited for async with),
        its result dropped."""
        for _ in range(3):
            self.emit(Op.LOAD_CONST, self.const(None))
        self.emit(Op.CALL, 3)
        if is_async:
            self.emit(Op.GET_AWAITABLE)
            self.delegate()
        self.emit(Op.POP_TOP)

    def stmt_FunctionDef(self, node):
        for d in node.decorator_list:
            self.expr(d)
        self.make_function(node, node.name, node.args, node.body)
        for _ in node.decorator_list:
            self.emit(Op.CALL, 1)
        self.store_name(node.name)

    def stmt_AsyncFunctionDef(self, node):
        # A coroutine function: a generator function whose calls make
        # coroutine objects (vm/coroutines.pxi); one that also yields makes
        # async generators (vm/async_generators.pxi).
        self.stmt_FunctionDef(node)

    def make_function(self, node, name, args, body, is_lambda=False):
        table = self.child_table(name if not is_lambda else "lambda", node)
        mflags = 0
        if args.defaults:
            for d in args.defaults:
                self.expr(d)
            self.emit(Op.BUILD_TUPLE, len(args.defaults))
            mflags |= 1
        kwd = [(a.arg, d) for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None]
        if kwd:
            for k, d in kwd:
                self.emit(Op.LOAD_CONST, self.const(k))
                self.expr(d)
            self.emit(Op.BUILD_MAP, len(kwd))
            mflags |= 2
        qual = name if self.is_module else f"{self.co.qualname}.{name}"
        unit = _Unit(self.module, table, name, qual, node.lineno, 0)
        unit.setup_function_slots(args)
        if isinstance(node, ast.AsyncFunctionDef):
            unit.co.flags |= CO_GENERATOR | CO_COROUTINE
            if _has_yield(body):
                unit.co.flags |= CO_ASYNC_GENERATOR
        elif _has_yield(body if not is_lambda else [body]):
            unit.co.flags |= CO_GENERATOR
        unit.prologue()
        if is_lambda:
            unit.set_line(body)
            unit.expr(body)
            unit.emit(Op.RETURN_VALUE)
        else:
            unit.co.doc = ast.get_docstring(node, clean=False)
            unit.compile_body(body)
        co = unit.finish()
        co.defaults_count = len(args.defaults)
        self.emit_closure(unit)
        if unit.frees:
            mflags |= 4
        self.emit(Op.LOAD_CONST, self.const(co))
        self.emit(Op.MAKE_FUNCTION, mflags)

    def emit_closure(self, unit):
        if unit.frees:
            for n in unit.frees:
                self.emit(Op.LOAD_CLOSURE, self.slots[n])
            self.emit(Op.BUILD_TUPLE, len(unit.frees))

    def stmt_ClassDef(self, node):
        # As CPython: __build_class__(body function, name, *bases, **keywords)
        # (vm/types.pxi); the body runs with the class namespace as its locals.
        for d in node.decorator_list:
            self.expr(d)
        table = self.child_table(node.name, node)
        qual = node.name if self.is_module else f"{self.co.qualname}.{node.name}"
        unit = _Unit(self.module, table, node.name, qual, node.lineno, CO_CLASSBODY)
        unit.setup_function_slots(None)
        unit.prologue()
        # As CPython's class bodies begin: __module__ and __qualname__.
        unit.emit(Op.LOAD_NAME, unit.name("__name__"))
        unit.emit(Op.STORE_NAME, unit.name("__module__"))
        unit.emit(Op.LOAD_CONST, unit.const(qual))
        unit.emit(Op.STORE_NAME, unit.name("__qualname__"))
        unit.store_docstring(node)
        unit.setup_annotations(node.body)
        unit.compile_body(node.body)
        co = unit.finish()

        def emit_body_function():
            self.emit_closure(unit)
            self.emit(Op.LOAD_CONST, self.const(co))
            self.emit(Op.MAKE_FUNCTION, 4 if unit.frees else 0)

        self.set_line(node)
        self.emit(Op.LOAD_BUILD_CLASS)
        call = ast.Call(func=None, args=[_Emitted(emit_body_function), ast.Constant(node.name), *node.bases],
                        keywords=node.keywords)
        op, arg = self.call_args(call)
        self.set_line(node)
        self.emit(op, arg)
        for _ in node.decorator_list:
            self.emit(Op.CALL, 1)
        self.store_name(node.name)

    def module_exists(self, name):
        if is_provided_c_module(name) or find_module(name, self.module.search_path) is not None:
            return True
        # A module that is not a package may put a submodule in sys.modules
        # as it runs (os puts os.path): nothing to say before it runs.
        parent = name.rpartition(".")[0]
        found = find_module(parent, self.module.search_path) if parent else None
        return found is not None and not found[1]

    def stmt_Import(self, node):
        for alias in node.names:
            mod = alias.name
            top = mod.partition(".")[0]
            if not self.module_exists(mod):
                # found or not when it runs (sys.path may change); --check lists it
                self.note_unsupported(node, f"import of module '{mod}'")
            if alias.asname or mod == top:
                self.emit(Op.IMPORT_NAME, self.name(mod))
            else:
                # `import a.b` imports a, then a.b, and binds a.
                self.emit(Op.IMPORT_NAME, self.name(mod))
                self.emit(Op.POP_TOP)
                self.emit(Op.IMPORT_NAME, self.name(top))
            self.store_name(alias.asname or top)

    def stmt_ImportFrom(self, node):
        written = "." * node.level + (node.module or "")
        if written == "__future__":
            return          # every feature CPython accepts is the 3.11 default or only about annotations
        mod = self.absolute_module(node)
        if mod is None:
            # As CPython says it for a script (or past the top-level package).
            self.raise_when_run("ImportError", "attempted relative import with no known parent package")
            self.emit(Op.POP_TOP)
            return
        if not self.module_exists(mod):
            self.note_unsupported(node, f"import from module '{written}'")
        if node.names[0].name == "*":
            if self.is_class:
                self.refuse_stmt(node, "'import *' in a class body")
            else:
                self.emit(Op.IMPORT_NAME, self.name(mod))
                self.emit(Op.IMPORT_STAR)       # (CPython allows it at module level only)
            return
        self.emit(Op.IMPORT_NAME, self.name(mod))
        for alias in node.names:
            self.emit(Op.IMPORT_FROM, self.name(alias.name))        # [module] -> [module, value]
            self.store_name(alias.asname or alias.name)
        self.emit(Op.POP_TOP)

    def absolute_module(self, node):
        """The module a ``from`` import names, relative ones resolved against
        this module's package; None if they go past the top."""
        if not node.level:
            return node.module
        parts = self.module.package.split(".") if self.module.package else []
        if node.level - 1 >= len(parts):
            return None
        base = parts[:len(parts) - (node.level - 1)]
        return ".".join(base + ([node.module] if node.module else []))

    # ------------------------------------------------------------ expressions
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
        if node.id == "__class__" and "__class__" not in self.slots and self.scope_of("__class__") == "deref":
            # the implicit __class__ cell of a method (zero-argument super() works)
            self.refuse(node, "the name __class__ in a method")
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
            if not self.co.varnames or self.is_class or self.is_module:
                raise CompileError(self.filename, node, "super(): no arguments")
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
        if any(gen.is_async for gen in node.generators):
            self.child_table(kind, node)        # (its scope is never compiled)
            self.refuse(node, "async comprehension")
            return
        # The first iterable is evaluated here, in the enclosing scope, before
        # the comprehension's own scope exists (symtable orders its children
        # that way too): [iter, function] -> ROT_TWO -> CALL 1.
        self.expr(node.generators[0].iter)
        self.emit(Op.GET_ITER)
        table = self.child_table(kind, node)
        qual = f"<{kind}>" if self.is_module else f"{self.co.qualname}.<{kind}>"
        unit = _Unit(self.module, table, f"<{kind}>", qual, node.lineno,
                     CO_GENERATOR if kind == "genexpr" else 0)
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

    def comp_loop(self, node, gens, i, kind):
        gen = gens[i]
        if gen.is_async:
            raise CompileError(self.filename, gen, "internal error: async comprehension")  # refused above
        top, end = self.new_label(), self.new_label()
        if i == 0:
            self.emit(Op.LOAD_FAST, 0)
        else:
            self.expr(gen.iter)
            self.emit(Op.GET_ITER)
        self.mark(top)
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
                self.emit(Op.YIELD_VALUE)
                self.emit(Op.POP_TOP)
        self.emit(Op.JUMP, top)
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
            # In a comprehension or generator expression of an async def
            # (CPython's compiler refuses await anywhere else): that makes an
            # async comprehension.
            self.refuse(node, "'await' in a comprehension")
            return
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


def _has_yield(body):
    """Whether a function body (not nested scopes) contains yield."""
    stack = list(body) if isinstance(body, list) else [body]
    while stack:
        n = stack.pop()
        if isinstance(n, (ast.Yield, ast.YieldFrom)):
            return True
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda,
                          ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            if isinstance(n, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
                stack.append(n.generators[0].iter)
            continue
        stack.extend(ast.iter_child_nodes(n))
    return False
