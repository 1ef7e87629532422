"""The host's abstract syntax tree classes as one table, for the VM's
``_ast`` (``lib/_ast.py``, which delegates this module): the VM makes its
own node classes from it at each start of a program that imports ``ast``.
Read here, on the host, a class's own ``__dict__`` holds the defaults of
its optional fields; the VM's stand-in for a host class leaves them out,
since a host node's own values must not be shadowed by them
(``vm/host_modules.pxi``)."""

import _ast

__all__ = ["node_table"]


def node_table():
    """A row per node class of the host's ``_ast`` but AST itself, each
    after its bases, in the host's order (a class's ``__subclasses__()``
    order, which ast's docstrings follow): (name, its bases' names,
    ``_fields``, ``__match_args__``, ``_attributes`` if the class sets its
    own else None, its docstring, ((field, default), ...) for the optional
    fields and attributes, whose defaults the class holds)."""
    rows = []
    made = {"AST"}
    pending = [_ast.AST]
    while pending:
        host_class = pending.pop(0)
        for sub in host_class.__subclasses__():
            name = sub.__name__
            if name in made or getattr(_ast, name, None) is not sub:
                continue                    # ast.py's own subclasses (Num...)
            own = sub.__dict__
            fields = tuple(sub._fields)
            defaults = tuple((field, own[field]) for field in fields + tuple(getattr(sub, "_attributes", ()))
                             if field in own)
            rows.append((name, tuple(base.__name__ for base in sub.__bases__), fields,
                         tuple(getattr(sub, "__match_args__", ())),
                         tuple(sub._attributes) if "_attributes" in own else None, sub.__doc__, defaults))
            made.add(name)
            pending.append(sub)
    return tuple(rows)
