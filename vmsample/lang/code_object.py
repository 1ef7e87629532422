"""The code object: what the compiler makes (``vmsample.lang.compiler``),
the compile cache keeps (``code_cache.py``) and the VM loads
(``vm/loading.pxi``), and [CompileError], what the compiler raises instead.

It lives outside the compiler package, and imports nothing, because a run
whose every module is in the compile cache never imports the compiler (nor
``ast``, ``symtable`` or ``dataclasses``): start-up is issue 28's.

Code layout (the compiler's docstring says how it is built): ``code`` is the
instructions as ``op, arg`` pairs flattened into one sequence of ints,
``lines`` one source line per instruction -- lists as the compiler builds
them, ``array('i')`` as the cache loads them (the VM copies either into C
arrays); ``consts`` may hold nested [Code] objects (functions, class bodies,
comprehensions).
"""

from __future__ import annotations

__all__ = ["Code", "CompileError"]


class CompileError(Exception):
    """A program uses something the VM refuses; str() is ``file:line:col: msg``."""

    def __init__(self, filename, node, message):
        self.filename = filename
        self.lineno = getattr(node, "lineno", 1)
        self.col = getattr(node, "col_offset", 0) + 1
        self.message = message
        super().__init__(f"{filename}:{self.lineno}:{self.col}: {message}")


_SEQUENCES = ("varnames", "cellvars", "code", "lines", "consts", "names", "exctable")


class Code:
    # The fields, in the order the compile cache stores them.
    __slots__ = (
        "name", "qualname", "filename", "firstlineno",
        "argcount",             # positional parameters
        "kwonlyargcount",
        "posonlyargcount",      # of the positional ones, those not passed by keyword
        "flags",
        "varnames",             # every local slot's name
        "cellvars",             # slot indices that hold cells
        "nfree",                # free vars: the last nfree slots
        "code",                 # op, arg, op, arg, ...
        "lines",                # one per instruction
        "consts",
        "names",
        "exctable",             # (start, end, handler, depth)
        "maxstack",
        "defaults_count",
        "doc",                  # a function's docstring (its __doc__)
    )

    def __init__(self, name, qualname, filename, firstlineno, argcount=0, kwonlyargcount=0,
                 posonlyargcount=0, flags=0, varnames=None, cellvars=None, nfree=0, code=None,
                 lines=None, consts=None, names=None, exctable=None, maxstack=0, defaults_count=0,
                 doc=None):
        self.name = name
        self.qualname = qualname
        self.filename = filename
        self.firstlineno = firstlineno
        self.argcount = argcount
        self.kwonlyargcount = kwonlyargcount
        self.posonlyargcount = posonlyargcount
        self.flags = flags
        self.varnames = [] if varnames is None else varnames
        self.cellvars = [] if cellvars is None else cellvars
        self.nfree = nfree
        self.code = [] if code is None else code
        self.lines = [] if lines is None else lines
        self.consts = [] if consts is None else consts
        self.names = [] if names is None else names
        self.exctable = [] if exctable is None else exctable
        self.maxstack = maxstack
        self.defaults_count = defaults_count
        self.doc = doc

    @property
    def nlocals(self):
        return len(self.varnames)

    def fields(self):
        """The field values, in __slots__ order."""
        return tuple(getattr(self, f) for f in Code.__slots__)

    def replace(self, **changes):
        """A copy with some fields changed."""
        values = dict(zip(Code.__slots__, self.fields()))
        values.update(changes)
        return Code(**values)

    def __eq__(self, other):
        if not isinstance(other, Code):
            return NotImplemented
        # (sequences compare by their items: the compiler's lists, the cache's tuples and memoryviews)
        return all(list(a) == list(b) if f in _SEQUENCES else a == b
                   for f, a, b in zip(Code.__slots__, self.fields(), other.fields()))

    __hash__ = None

    def __repr__(self):
        return f"<Code {self.qualname} {self.filename}:{self.firstlineno}>"

    def dis(self):
        """Human-readable listing (for debugging and tests)."""
        from vmsample.lang.opcodes import Op

        out = []
        for i in range(0, len(self.code), 2):
            op, arg = self.code[i], self.code[i + 1]
            out.append(f"{self.lines[i // 2]:4} {i // 2:4} {Op(op).name:22} {arg}")
        for row in self.exctable:
            out.append(f"  handler {row}")
        return "\n".join(out)
