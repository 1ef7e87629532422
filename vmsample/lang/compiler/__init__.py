"""The vmsample language compiler: stdlib ``ast`` -> VM bytecode.

The language is a subset of Python 3.  Parsing is the standard library's
(``ast.parse``), name resolution is the standard library's (``symtable``), so
scoping follows CPython exactly; this package only lowers the tree to the
VM's instruction set (``vmsample.lang.opcodes``) and refuses what the VM does
not implement with ``file:line:col: <construct> is not supported by
vmsample`` -- when that code runs, not before (``unit.py``, "Refusals").

One scope (module, function, lambda, comprehension, class body) is compiled
by one [_Unit] (``unit.py``: the emitter, labels, the exception table), whose
concept files are mixins:

  * ``scopes.py``       names and slots: locals, cells, free variables;
  * ``constants.py``    the constant table, CPython's constant folding;
  * ``statements.py``   statements and the block stack;
  * ``patterns.py``     the match statement;
  * ``expressions.py``  expressions, calls, comprehensions, yield and await;
  * ``code.py``         jump labels; what they make, [Code], and [CompileError]
                        are ``vmsample/lang/code_object.py``'s.

This module is the entry points.

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
import copy
import symtable
import sys

from vmsample.lang.modules import search_path as default_search_path
from vmsample.lang.opcodes import Op, CO_CLASSBODY, CO_MODULE
from vmsample.lang.source import check_no_nul
from vmsample.lang.verify import verify_tree
from vmsample.lang.compiler.code import Code, CompileError
from vmsample.lang.compiler.private_names import mangle_private_names
from vmsample.lang.compiler.unit import _Module, _Unit

__all__ = ["CompileError", "Code", "compile_source", "check_source"]


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
        mangle_private_names(tree)
        module = _Module(filename, package,
                         default_search_path(filename) if search_path is None else search_path,
                         [] if refusals is None else refusals, _future_annotations(tree))
        unit = _Unit(module, table, "<module>", "<module>", 1, CO_MODULE)
        unit.compile_module(tree)
        code = unit.finish()
    finally:
        sys.setrecursionlimit(limit)
    verify_tree(code)           # the eval loop trusts its code: see verify.py
    return code


_COMPILER_RECURSION_LIMIT = 20000


def _future_annotations(tree) -> bool:
    # `from __future__ import annotations` at the top of a module's tree
    return any(isinstance(s, ast.ImportFrom) and s.module == "__future__"
               and any(a.name == "annotations" for a in s.names) for s in tree.body)


def compile_dynamic(source, filename: str, mode: str, *, package: str = "") -> Code:
    """compile() for exec, eval and single (the builtins compile, exec and
    eval; vmsample/lang/app/builtins.py): [source] is the text or an ``ast``
    tree of CPython's.  The code reads and writes its top-level names
    through a namespace, as CPython's does (LOAD_NAME: the locals mapping
    exec was given, else the globals); 'eval' returns its expression's
    value; 'single' passes each expression statement's value to
    sys.displayhook."""
    if isinstance(source, ast.AST):
        tree = copy.deepcopy(source)            # (mangled below: the caller's tree stays as it was)
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
        mangle_private_names(tree)
        module = _Module(filename, package, [], [], mode != "eval" and _future_annotations(tree))
        unit = _Unit(module, table, "<module>", "<module>", 1, CO_MODULE | CO_CLASSBODY)
        unit.setup_function_slots(None)
        if mode == "eval":
            unit.set_line(tree.body)
            unit.expr(tree.body)
            unit.emit(Op.RETURN_VALUE)
        else:
            unit.interactive = mode == "single"
            if mode == "exec":
                unit.store_docstring(tree)      # as CPython's: exec() of a module's code sets __doc__
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
    (the constructs of ``vmsample run --check``, whose names vmsample.lang.check
    adds).  Raises SyntaxError like compile_source."""
    refusals = []
    compile_source(source, filename, refusals)
    return [message for _, message in sorted(refusals)]
