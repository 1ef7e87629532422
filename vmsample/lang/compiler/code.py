"""What the compiler makes: the code object ([Code]), jump labels, and the
error for what a program may not do ([CompileError])."""

from __future__ import annotations

from dataclasses import dataclass, field

from vmsample.lang.opcodes import Op


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
