"""Names and slots: how a scope's names are resolved (the standard library's
``symtable`` decides, so scoping is CPython's), its local, cell and free
slots, and the instructions that load, store and delete a name."""

from __future__ import annotations

import ast

from vmsample.lang.opcodes import Op, CO_VARARGS, CO_VARKEYWORDS, CO_NEEDS_CLASS
from vmsample.lang.compiler.code import CompileError


class Scopes:
    """Where the scope's names live and how they are reached: a mixin of [_Unit] (unit.py)."""

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
        if sym.is_declared_global():
            return "global"
        if self.is_class:
            # an implicit global too (CPython's compiler_nameop: LOAD_NAME
            # outside functions): SETUP_ANNOTATIONS's __annotations__ is the
            # class's even where the body reads it before it annotates
            return "name"
        if sym.is_global() and not sym.is_local():
            return "global"
        if n in self.slots:
            return "deref" if self.slots[n] in self.co.cellvars else "fast"
        return "global"

    def is_class_cell(self, n):
        """Whether [n] is a method's implicit __class__ here: its function's
        defining class (CO_NEEDS_CLASS), read by LOAD_CLASS as zero-argument
        super() finds it; it has no slot."""
        return n == "__class__" and n not in self.slots and self.scope_of(n) == "deref"

    def load_name(self, n):
        scope = self.scope_of(n)
        if scope == "fast":
            self.emit(Op.LOAD_FAST, self.slots[n])
        elif scope == "deref":
            self.emit(Op.LOAD_CLASSDEREF if self.is_class else Op.LOAD_DEREF, self.slots[n])
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
