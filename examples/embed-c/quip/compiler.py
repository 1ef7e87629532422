"""quip's compiler: source text to the codes the C VM runs.

quip is a small concatenative language: words take their arguments from a
data stack and leave their results on it.  A definition may name its
parameters, which it pops into locals; ``-> x`` pops into a local too;
``[ ... ]`` is a quotation, a closure that captures (by value) the locals
it uses, run by ``call`` and ``if``; everything else is a word::

    : square ( n ) n n * ;
    : adder ( n ) [ n + ] ;          # a closure over n
    "hi" 3 adder 4 swap call square  # strings, closures
    # comment

A program is compiled into codes: the top level (code 0), each definition
and each quotation.  Each code is a list of (op, arg) instructions with the
source line of each; the VM (``_vm.c``) defines the opcodes' numbers and
the primitives' (OPCODES, PRIMITIVES), so they have one home.
"""

import re
from dataclasses import dataclass, field
from pathlib import Path

from quip._vm import OPCODES as OP, PRIMITIVES

PRELUDE = Path(__file__).with_name("prelude.qp")

_TOKEN = re.compile(r'(?P<space>\s+|#[^\n]*)|(?P<string>"(?:[^"\\\n]|\\.)*")|(?P<bad>")|[^\s"#]+')
_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
CONSTANTS = ("false", "true", "nil")         # the VM's immediates 0, 1, 2 under tag 2


class QuipSyntaxError(Exception):
    """``file:line:col: message``"""


@dataclass
class Code:
    name: str
    file: str
    first_line: int
    nparams: int = 0
    locals: list = field(default_factory=list)     # names; slot 0 is the running closure
    free: list = field(default_factory=list)       # captured names, in closure order
    ops: list = field(default_factory=list)        # flat: op, arg, op, arg, ...
    lines: list = field(default_factory=list)


@dataclass
class Program:
    filename: str
    codes: list
    strings: list


@dataclass
class Token:
    kind: str           # "word" or "string"
    text: str
    file: str
    line: int
    col: int

    def where(self):
        return f"{self.file}:{self.line}:{self.col}"


def tokens(text, filename):
    line, line_start = 1, 0
    for m in _TOKEN.finditer(text):
        tok = m.group()
        col = m.start() - line_start + 1
        if m.lastgroup == "bad":
            raise QuipSyntaxError(f"{filename}:{line}:{col}: unterminated string")
        if m.lastgroup == "string":
            yield Token("string", _unescape(tok[1:-1], f"{filename}:{line}:{col}"), filename, line, col)
        elif m.lastgroup != "space":
            yield Token("word", tok, filename, line, col)
        if "\n" in tok:
            line += tok.count("\n")
            line_start = m.start() + tok.rindex("\n") + 1


def _unescape(body, where):
    out, chars = [], iter(body)
    for c in chars:
        if c == "\\":
            c = next(chars, "")
            if c not in _ESCAPES:
                raise QuipSyntaxError(f"{where}: unknown escape \\{c}")
            c = _ESCAPES[c]
        out.append(c)
    return "".join(out)


class Compiler:
    def __init__(self, filename):
        self.filename = filename
        self.codes = []
        self.strings = []
        self.words = {}         # definition name -> its Code

    def new_code(self, name, file, line):
        self.codes.append(Code(name, file, line, locals=["<closure>"]))
        return self.codes[-1]

    def compile(self, toks):
        """Definitions are collected first, so a word may call one defined after it."""
        main = self.new_code("<main>", self.filename, 1)
        for i, tok in enumerate(toks[:-1]):
            if tok.kind == "word" and tok.text == ":":
                name = toks[i + 1]
                if name.kind != "word" or name.text in ":;[]()" or name.text == "->":
                    raise QuipSyntaxError(f"{name.where()}: expected a name after ':'")
                if name.text in self.words:
                    raise QuipSyntaxError(f"{name.where()}: '{name.text}' is defined twice")
                self.words[name.text] = self.new_code(name.text, tok.file, tok.line)
        self.toks, self.pos = toks, 0
        while self.pos < len(toks):
            if toks[self.pos].text == ":" and toks[self.pos].kind == "word":
                self.definition()
            else:
                self.word([main])
        self.emit(main, "RET", 0, toks[-1].line if toks else 1)
        return self.codes

    def next(self, what):
        if self.pos >= len(self.toks):
            raise QuipSyntaxError(f"{self.toks[-1].where()}: unexpected end of file: expected {what}")
        self.pos += 1
        return self.toks[self.pos - 1]

    def peek(self, text):
        return self.pos < len(self.toks) and self.toks[self.pos].kind == "word" \
            and self.toks[self.pos].text == text

    def definition(self):
        start = self.next(":")
        code = self.words[self.next("a name").text]
        if self.peek("("):
            self.pos += 1
            while not self.peek(")"):
                tok = self.next("')'")
                if tok.kind != "word" or tok.text in code.locals:
                    raise QuipSyntaxError(f"{tok.where()}: bad parameter {tok.text!r}")
                code.locals.append(tok.text)
            self.pos += 1
            code.nparams = len(code.locals) - 1
            for slot in range(code.nparams, 0, -1):     # the last parameter is the top of the stack
                self.emit(code, "SETLOCAL", slot, start.line)
        while not self.peek(";"):
            if self.pos >= len(self.toks) or self.peek(":"):
                raise QuipSyntaxError(f"{start.where()}: definition of '{code.name}' has no ';'")
            self.word([code])
        self.emit(code, "RET", 0, self.next(";").line)
        self.tail_calls(code)

    def word(self, scopes):
        tok = self.next("a word")
        code, text, line = scopes[-1], tok.text, tok.line
        if tok.kind == "string":
            self.strings.append(text)
            return self.emit(code, "STRING", len(self.strings) - 1, line)
        if re.fullmatch(r"-?\d+", text):
            if not -(1 << 62) <= int(text) < 1 << 62:
                raise QuipSyntaxError(f"{tok.where()}: integer {text} does not fit in 63 bits")
            return self.emit(code, "INT", int(text), line)
        if text in CONSTANTS:
            return self.emit(code, "CONST", CONSTANTS.index(text), line)
        if text == "[":
            return self.quotation(scopes, tok)
        if text == "->":
            name = self.next("a name after '->'")
            if name.kind != "word" or name.text in ":;[]()":
                raise QuipSyntaxError(f"{name.where()}: expected a name after '->'")
            if name.text not in code.locals:
                code.locals.append(name.text)
            return self.emit(code, "SETLOCAL", code.locals.index(name.text), line)
        if text in (";", "]", ")", "(", ":"):
            raise QuipSyntaxError(f"{tok.where()}: unexpected '{text}'")
        ref = self.variable(scopes, text)
        if ref is not None:
            return self.emit(code, *ref, line)
        if text in self.words:
            return self.emit(code, "CALL", self.codes.index(self.words[text]), line)
        if text in PRIMITIVES:
            return self.emit(code, "PRIM", PRIMITIVES[text], line)
        raise QuipSyntaxError(f"{tok.where()}: unknown word '{text}'")

    def variable(self, scopes, name):
        """(op, arg) that pushes local [name], captured through the enclosing
        quotations when it belongs to an outer code; None if no scope has it."""
        for depth in range(len(scopes) - 1, -1, -1):
            if name in scopes[depth].locals[1:]:
                break
        else:
            return None
        if depth == len(scopes) - 1:
            return "LOCAL", scopes[depth].locals.index(name)
        for inner in scopes[depth + 1:]:
            if name not in inner.free:
                inner.free.append(name)
        return "FREE", scopes[-1].free.index(name)

    def quotation(self, scopes, start):
        code = self.new_code(f"{scopes[0].name}[{start.line}]", start.file, start.line)
        while not self.peek("]"):
            if self.pos >= len(self.toks):
                raise QuipSyntaxError(f"{start.where()}: '[' without ']'")
            self.word(scopes + [code])
        self.emit(code, "RET", 0, self.next("]").line)
        self.tail_calls(code)
        # Push the captured values, then make the closure of them.
        for name in code.free:
            self.emit(scopes[-1], *self.variable(scopes, name), start.line)
        self.emit(scopes[-1], "CLOSURE", self.codes.index(code), start.line)

    def emit(self, code, op, arg, line):
        code.ops += [OP[op], arg]
        code.lines.append(line)

    def tail_calls(self, code):
        """A call right before RET becomes its tail form (there are no jumps:
        the instruction before the last is in tail position)."""
        ops = code.ops
        if len(ops) >= 4:
            if ops[-4] == OP["CALL"]:
                ops[-4] = OP["TAILCALL"]
            elif ops[-4] == OP["PRIM"] and ops[-3] in (PRIMITIVES["call"], PRIMITIVES["if"]):
                ops[-4] = OP["TAILPRIM"]


def compile_source(text, filename="<string>"):
    """Compile a program, after the prelude; raises QuipSyntaxError."""
    toks = list(tokens(PRELUDE.read_text(encoding="utf-8"), "<prelude>")) + list(tokens(text, filename))
    compiler = Compiler(filename)
    return Program(filename, compiler.compile(toks), compiler.strings)
