"""The bytecode verifier (vmsample/lang/verify.py): every code object the
compiler builds for the corpus and the examples passes it, and hand-made
bad code objects -- one broken promise each -- are refused with the reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from vmsample.lang.compiler import Code, CompileError, compile_source
from vmsample.lang.opcodes import BinOp, Op
from vmsample.lang.source import read_source
from vmsample.lang.verify import BytecodeError, verify, verify_tree

ROOT = Path(__file__).resolve().parent.parent.parent
CORPUS = sorted((ROOT / "tests" / "lang").rglob("*.py")) + sorted((ROOT / "examples").glob("*.py"))
CORPUS = [p for p in CORPUS if not p.name.startswith("test_")]


def compiled(path):
    try:
        return compile_source(read_source(path), str(path))
    except (CompileError, SyntaxError):
        return None                     # refused on purpose (errors/unsupported, errors/syntax)


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_corpus_program_verifies(path):
    code = compiled(path)
    if code is not None:
        verify_tree(code)


def test_the_corpus_is_compiled():
    assert sum(compiled(p) is not None for p in CORPUS) >= 150


def code(*instrs, consts=(None,), names=(), varnames=(), exctable=(), maxstack=4, nfree=0):
    words = [int(w) for ins in instrs for w in (ins if len(ins) == 2 else (ins[0], 0))]
    return Code(name="f", qualname="f", filename="bad.py", firstlineno=1, varnames=list(varnames),
                code=words, lines=[1 + i for i in range(len(instrs))], consts=list(consts),
                names=list(names), exctable=list(exctable), maxstack=maxstack, nfree=nfree)


RETURN_NONE = [(Op.LOAD_CONST, 0), (Op.RETURN_VALUE,)]


def test_a_good_hand_made_code_verifies():
    # if x: y = 1 / for-loop / try-except: every edge kind, one consistent depth.
    verify(code((Op.LOAD_FAST, 0), (Op.POP_JUMP_IF_FALSE, 4), (Op.LOAD_CONST, 0), (Op.STORE_FAST, 1),
                (Op.LOAD_FAST, 0), (Op.GET_ITER,), (Op.FOR_ITER, 9), (Op.STORE_FAST, 1), (Op.JUMP, 6),
                (Op.LOAD_CONST, 0), (Op.RETURN_VALUE,),
                (Op.PUSH_EXC_INFO,), (Op.POP_EXCEPT,), (Op.LOAD_CONST, 0), (Op.RETURN_VALUE,),
                varnames=("x", "y"), exctable=[(0, 4, 11, 0)]))


BAD = {
    "falls off the end": code((Op.LOAD_CONST, 0), (Op.POP_TOP,)),
    # The compiler bug of issue 11: a jump to one past the last instruction.
    "jump target outside": code((Op.LOAD_CONST, 0), (Op.POP_JUMP_IF_TRUE, 3), (Op.RAISE, 0)),
    "unknown opcode": code((1057, 0), *RETURN_NONE),
    "no constant 5": code((Op.LOAD_CONST, 5), (Op.RETURN_VALUE,)),
    "no name 0": code((Op.LOAD_GLOBAL, 0), (Op.RETURN_VALUE,)),
    "no local slot 2": code((Op.LOAD_FAST, 2), (Op.RETURN_VALUE,), varnames=("a", "b")),
    f"operand outside 0..{len(BinOp) - 1}": code((Op.LOAD_CONST, 0), (Op.LOAD_CONST, 0), (Op.BINARY_OP, len(BinOp)),
                                  (Op.RETURN_VALUE,)),
    "operand outside 0..": code((Op.LOAD_CONST, 0), (Op.BUILD_TUPLE, -1), (Op.RETURN_VALUE,)),
    "copies 1 free variables": code((Op.COPY_FREE_VARS, 1), *RETURN_NONE),
    "pops from an empty stack": code((Op.POP_TOP,), *RETURN_NONE),
    "above maxstack": code((Op.LOAD_CONST, 0), (Op.LOAD_CONST, 0), (Op.BUILD_TUPLE, 2),
                           (Op.RETURN_VALUE,), maxstack=1),
    # Two paths meet with different depths: the loop would leave a value behind.
    "reached with stack depth": code((Op.LOAD_CONST, 0), (Op.POP_JUMP_IF_FALSE, 3), (Op.LOAD_CONST, 0),
                                     (Op.LOAD_CONST, 0), (Op.RETURN_VALUE,)),
    "exception-table row": code(*RETURN_NONE, exctable=[(0, 5, 1, 0)]),
    "whole, non-empty": code(),
}


@pytest.mark.parametrize("why", BAD)
def test_a_bad_code_object_is_refused(why):
    with pytest.raises(BytecodeError, match=why):
        verify(BAD[why])


def test_lines_must_match_the_instructions():
    c = code(*RETURN_NONE)
    with pytest.raises(BytecodeError, match="1 lines for 2 instructions"):
        verify(c.replace(lines=[1]))


def test_an_odd_word_count_is_refused():
    c = code(*RETURN_NONE)
    with pytest.raises(BytecodeError, match="whole"):
        verify(c.replace(code=c.code + [int(Op.NOP)]))


def test_nested_code_objects_are_verified():
    inner = BAD["falls off the end"]
    outer = code((Op.LOAD_CONST, 1), (Op.RETURN_VALUE,), consts=(None, inner))
    verify(outer)
    with pytest.raises(BytecodeError, match="falls off the end"):
        verify_tree(outer)


def test_the_compiler_verifies_what_it_builds(monkeypatch):
    # compile_source runs the verifier: a compiler that built bad code is
    # caught before the eval loop sees it.
    import vmsample.lang.compiler as compiler
    real_finish = compiler._Unit.finish

    def broken_finish(self):
        co = real_finish(self)
        co.code[-2:] = [int(Op.NOP), 0]         # drop the final return
        return co

    monkeypatch.setattr(compiler._Unit, "finish", broken_finish)
    with pytest.raises(BytecodeError, match="falls off the end"):
        compile_source("x = 1\n", "prog.py")
