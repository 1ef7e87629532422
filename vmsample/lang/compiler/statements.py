"""Statements: assignments, control flow and the block stack for
break/continue/return, try/except/finally and with, function and class
definitions, imports."""

from __future__ import annotations

import ast

from vmsample.lang.modules import find_module, is_provided_c_module
from vmsample.lang.opcodes import Op, CmpOp, AppObject, CO_GENERATOR, CO_COROUTINE, CO_CLASSBODY, CO_ASYNC_GENERATOR
from vmsample.lang.compiler.code import CompileError
from vmsample.lang.compiler.private_names import bound_name
from vmsample.lang.compiler.expressions import _BINOPS, _Emitted


_UNSUPPORTED_STMT = {}


class _Block:
    """An entry of the compile-time block stack, for break/continue/return."""
    __slots__ = ("kind", "depth", "brk", "cont", "node", "handler")

    def __init__(self, kind, depth, brk=None, cont=None, node=None, handler=None):
        self.kind, self.depth, self.brk, self.cont = kind, depth, brk, cont
        self.node, self.handler = node, handler


def _has_yield(body):
    """Whether a function body (not nested scopes) contains yield."""
    stack = list(body) if isinstance(body, list) else [body]
    while stack:
        n = stack.pop()
        if isinstance(n, (ast.Yield, ast.YieldFrom)):
            return True
        if isinstance(n, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            stack.append(n.generators[0].iter)      # (evaluated in this scope)
            continue
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            # defaults and decorators are evaluated in this scope: `lambda x=(yield): 1`
            stack.extend(n.args.defaults)
            stack.extend(d for d in n.args.kw_defaults if d is not None)
            stack.extend(getattr(n, "decorator_list", ()))
            continue
        if isinstance(n, ast.ClassDef):
            stack.extend(n.decorator_list)
            stack.extend(n.bases)
            stack.extend(k.value for k in n.keywords)
            continue
        stack.extend(ast.iter_child_nodes(n))
    return False


class Statements:
    """The compilation of statements: a mixin of [_Unit] (unit.py)."""

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
        if isinstance(target, ast.Name) and self.is_class_cell(target.id):
            self.emit(Op.STORE_CLASS)       # `nonlocal __class__` in a method or a class body in one
        elif isinstance(target, ast.Name):
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
            if isinstance(t, ast.Name) and self.is_class_cell(t.id):
                self.refuse_stmt(t, "deleting a method's implicit __class__")
            elif isinstance(t, ast.Name):
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
            if block.kind == "except_star":
                raise CompileError(self.filename, node,
                                   "'break', 'continue' and 'return' cannot appear in an except* block")
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
        if any(b.kind in ("except", "except_star", "finally", "finally_exc", "with") for b in self.blocks):
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
        # (the builtin, whatever the globals call AssertionError: CPython's
        # LOAD_ASSERTION_ERROR)
        self.emit(Op.LOAD_APP, AppObject.ASSERTION_ERROR)
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

    stmt_TryStar = stmt_Try

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
        if isinstance(node, ast.TryStar):
            self.except_star_clauses(node, depth, cleanup, end)
        else:
            self.except_clauses(node, depth, outer, end)
        self.handler = outer
        self.mark(cleanup, depth + 2)
        self.emit(Op.EXC_CLEANUP)
        self.mark(end, depth)

    def except_clauses(self, node, depth, outer, end):
        """except clauses on [prev_exc, exc]: the first that matches runs;
        if none does, exc is raised again."""
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
            self.forget_handler_name(h)
            self.emit(Op.JUMP, end)
            self.mark(nxt, depth + 2)
        saved = self.lineno
        self.set_line(node.handlers[-1])        # no clause matched: the last one's line (CPython's)
        self.emit(Op.RERAISE)
        self.lineno = saved

    def except_star_clauses(self, node, depth, cleanup, end):
        """except* clauses (PEP 654) on [prev_exc, exc], as CPython 3.11
        compiles them.  The caught exception stays below the clauses as
        [orig]; each clause takes its match from what the ones before it
        left ([rest]), runs with the match as the handled exception, and
        what it raises goes into [raised]; at the end what no clause
        matched joins it and prepare_reraise_star (app/exception_groups.py)
        makes what the statement raises (at [cleanup]), if anything.  A
        clause cannot break, continue or return (the "except_star" block)."""
        self.emit(Op.DUP_TOP)
        self.emit(Op.BUILD_LIST, 0)
        self.emit(Op.ROT_TWO)                   # [prev, orig, raised, rest]
        for h in node.handlers:
            self.set_line(h)
            no_match, raised, done = self.new_label(), self.new_label(), self.new_label()
            self.emit(Op.LOAD_APP, AppObject.EXCEPT_STAR_MATCH)
            self.emit(Op.ROT_TWO)
            self.expr(h.type)
            self.emit(Op.CALL, 2)
            self.emit(Op.UNPACK_SEQUENCE, 2)    # [.., rest, match]
            self.emit(Op.DUP_TOP)
            self.emit(Op.LOAD_CONST, self.const(None))
            self.emit(Op.COMPARE_OP, CmpOp.IS)
            self.emit(Op.POP_JUMP_IF_TRUE, no_match)
            self.emit(Op.PUSH_EXC_INFO)         # [.., rest, handled, match]: the match is handled
            if h.name:
                self.store_name(h.name)
            else:
                self.emit(Op.POP_TOP)
            self.protect(raised, depth + 5)
            self.blocks.append(_Block("except_star", depth))
            self.compile_body(h.body)
            self.blocks.pop()
            self.protect(cleanup, depth + 1)
            self.emit(Op.LOAD_CONST, self.const(None))
            self.emit(Op.POP_EXCEPT)
            self.forget_handler_name(h)
            self.emit(Op.JUMP, done)
            self.mark(raised, depth + 6)        # [.., raised, rest, handled, exc]
            self.emit(Op.LIST_APPEND, 3)
            self.emit(Op.LOAD_CONST, self.const(None))
            self.emit(Op.POP_EXCEPT)
            self.forget_handler_name(h)
            self.emit(Op.JUMP, done)
            self.mark(no_match, depth + 5)
            self.emit(Op.POP_TOP)
            self.mark(done, depth + 4)
        self.emit(Op.LIST_APPEND, 1)            # [prev, orig, raised + [rest]]
        self.emit(Op.LOAD_APP, AppObject.PREPARE_RERAISE_STAR)
        self.emit(Op.ROT_THREE)
        self.emit(Op.CALL, 2)                   # [prev, what to raise or None]
        self.emit(Op.DUP_TOP)
        self.emit(Op.LOAD_CONST, self.const(None))
        self.emit(Op.COMPARE_OP, CmpOp.IS)
        self.emit(Op.POP_JUMP_IF_FALSE, cleanup)     # (which raises it)
        self.emit(Op.POP_EXCEPT)
        self.emit(Op.JUMP, end)

    def forget_handler_name(self, h):
        """As in CPython, an except clause's name is unbound after it."""
        if h.name:
            self.emit(Op.LOAD_CONST, self.const(None))
            self.store_name(h.name)
            self.delete_name(h.name)

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
            self.emit(Op.GET_AWAITABLE, 1)
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
            self.emit(Op.GET_AWAITABLE, 2)
            self.delegate()
        self.emit(Op.POP_JUMP_IF_TRUE, suppress)
        self.emit(Op.RERAISE, 1)                # the frame's line goes back to the raise
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
            self.emit(Op.GET_AWAITABLE, 2)
            self.delegate()
        self.emit(Op.POP_TOP)

    def stmt_FunctionDef(self, node):
        for d in node.decorator_list:
            self.expr(d)
        self.make_function(node, node.name, node.args, node.body)
        for _ in node.decorator_list:
            self.emit(Op.CALL, 1)
        self.store_name(bound_name(node))

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
        if not is_lambda and self.function_annotations(args, node.returns):
            mflags |= 8
        qual = self.child_qualname(name)
        unit = self.child_unit(table, name, qual, node.lineno, 0)
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

    def function_annotations(self, args, returns):
        """Emit the dict of a def's annotations, in CPython 3.11's order (the
        positional-or-keyword parameters before the positional-only ones,
        *args, keyword-only ones, **kwargs, then 'return'), each evaluated
        here, or its text under the future import; False (nothing emitted)
        if it has none."""
        params = [*args.args, *args.posonlyargs, args.vararg, *args.kwonlyargs, args.kwarg]
        items = [(a.arg, a.annotation) for a in params if a is not None and a.annotation is not None]
        if returns is not None:
            items.append(("return", returns))
        for key, annotation in items:
            self.emit(Op.LOAD_CONST, self.const(key))
            if self.module.future_annotations:
                self.emit(Op.LOAD_CONST, self.const(ast.unparse(annotation)))
            elif isinstance(annotation, ast.Starred):
                # `*args: *Ts` (PEP 646): the iterable's one item, as CPython's compiler unpacks it
                self.expr(annotation.value)
                self.emit(Op.UNPACK_SEQUENCE, 1)
            else:
                self.expr(annotation)
        if items:
            self.emit(Op.BUILD_MAP, len(items))
        return bool(items)

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
        qual = self.child_qualname(node.name)
        unit = self.child_unit(table, node.name, qual, node.lineno, CO_CLASSBODY)
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
        self.store_name(bound_name(node))

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
            if self.is_class and not self.is_module:
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
