"""The s-expression reader: source text -> [Datum] trees with positions.

    datum   := integer | string | #t | #f | symbol | '(' datum* ')' | "'" datum
    comment := ';' to the end of the line

Every datum remembers where it starts, so that the compiler can report
``file:line:col: ...`` and give each instruction its source line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


class LispSyntaxError(Exception):
    """A program that cannot be read or compiled; str() is ``file:line:col: message``."""

    def __init__(self, filename, line, col, message):
        super().__init__(f"{filename}:{line}:{col}: {message}")
        self.filename, self.line, self.col, self.message = filename, line, col, message


@dataclass(frozen=True)
class Symbol:
    name: str


@dataclass(frozen=True, eq=False)
class Datum:
    """One datum: [value] is an int, str, bool, Symbol or list of Datum."""

    value: object
    line: int
    col: int

    @property
    def is_list(self):
        return isinstance(self.value, list)

    def is_symbol(self, name=None):
        return isinstance(self.value, Symbol) and (name is None or self.value.name == name)


_TOKEN = re.compile(r"""
    (?P<space>\s+|;[^\n]*)
  | (?P<open>\()
  | (?P<close>\))
  | (?P<quote>')
  | (?P<string>"(?:[^"\\]|\\.)*")
  | (?P<atom>[^\s()'";]+)
  | (?P<bad>.)
""", re.VERBOSE | re.DOTALL)

_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
_INT = re.compile(r"[+-]?[0-9]+\Z")


def read_program(text: str, filename: str = "<string>") -> list[Datum]:
    """All top-level data of [text]."""
    stack: list[tuple[list, int, int]] = []     # open lists: (items, line, col)
    top: list[Datum] = []
    quotes: list[list[tuple[int, int, int]]] = [[]]   # per nesting level: pending ' marks
    line, line_start = 1, 0

    def error(pos, message):
        raise LispSyntaxError(filename, line, pos - line_start + 1, message)

    def emit(datum):
        # Wrap [datum] in the quote marks that precede it on this level.
        pending = quotes[-1]
        while pending and pending[-1][0] == len(stack):
            _, qline, qcol = pending.pop()
            datum = Datum([Datum(Symbol("quote"), qline, qcol), datum], qline, qcol)
        (stack[-1][0] if stack else top).append(datum)

    for m in _TOKEN.finditer(text):
        kind, tok, pos = m.lastgroup, m.group(), m.start()
        col = pos - line_start + 1
        if kind == "space":
            pass
        elif kind == "open":
            stack.append(([], line, col))
            quotes.append([])
        elif kind == "close":
            if not stack:
                error(pos, "unexpected ')'")
            if quotes.pop():
                error(pos, "quote (') must be followed by a datum")
            items, oline, ocol = stack.pop()
            emit(Datum(items, oline, ocol))
        elif kind == "quote":
            quotes[-1].append((len(stack), line, col))
        elif kind == "string":
            emit(Datum(_unescape(tok[1:-1], lambda msg: error(pos, msg)), line, col))
        elif kind == "atom":
            emit(_atom(tok, line, col, lambda msg: error(pos, msg)))
        elif tok == '"':
            error(pos, "unterminated string")
        else:
            error(pos, f"unexpected character {tok!r}")
        newlines = tok.count("\n")
        if newlines:
            line += newlines
            line_start = m.start() + tok.rindex("\n") + 1
    if stack:
        _, oline, ocol = stack[-1]
        raise LispSyntaxError(filename, oline, ocol, "'(' is never closed")
    if quotes[-1]:
        _, qline, qcol = quotes[-1][-1]
        raise LispSyntaxError(filename, qline, qcol, "quote (') must be followed by a datum")
    return top


def _unescape(body, error):
    out = []
    i = 0
    while i < len(body):
        c = body[i]
        if c == "\\":
            nxt = body[i + 1]
            if nxt not in _ESCAPES:
                error(f"unknown string escape '\\{nxt}'")
            out.append(_ESCAPES[nxt])
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _atom(tok, line, col, error):
    if _INT.match(tok):
        return Datum(int(tok), line, col)
    if tok == "#t":
        return Datum(True, line, col)
    if tok == "#f":
        return Datum(False, line, col)
    if tok.startswith("#"):
        error(f"unknown syntax {tok!r}")
    if tok == ".":
        error("dotted pairs are not supported")
    return Datum(Symbol(tok), line, col)
