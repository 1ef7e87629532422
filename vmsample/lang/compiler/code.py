"""Jump labels.  What the compiler makes, the code object [Code], and the
error for what a program may not do, [CompileError], live in
``vmsample.lang.code_object`` (the VM loads code without importing the
compiler); they are re-exported here for the compiler's modules."""

from __future__ import annotations

from vmsample.lang.code_object import Code, CompileError

__all__ = ["Code", "CompileError", "Label"]


class Label:
    __slots__ = ("target", "uses")

    def __init__(self):
        self.target = None
        self.uses = []
