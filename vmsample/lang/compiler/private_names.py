"""Private name mangling, as CPython's compiler does it (``_Py_Mangle``).

Inside a class body, and in everything nested in it up to the next class,
an identifier ``__spam`` (two leading underscores, not two trailing, no dot)
stands for ``_Class__spam``, the class's name stripped of its leading
underscores: names, attribute names, parameters, the names that ``def``,
``class``, ``import``, ``except ... as``, ``global``, ``nonlocal`` and
``match`` patterns bind.  Keyword arguments of calls are not mangled, nor
the ``__name__`` of a function or class: ``def __f`` binds ``_Class__f`` to
a function named ``__f``.  The compiler reads names from the tree and their
scopes from the standard library's ``symtable``, which mangles on its own;
so the tree is mangled in place before it is compiled, and both agree (a
``def`` or ``class`` keeps its name and gets the name it binds as
``bound_name``).
"""

import ast


def mangle(private: str | None, name: str) -> str:
    """[name] as written inside the class named [private] (None: no class)."""
    if private is None or not name.startswith("__") or name.endswith("__") or "." in name:
        return name
    owner = private.lstrip("_")
    return f"_{owner}{name}" if owner else name


def mangle_private_names(tree: ast.AST) -> None:
    """Rewrite the identifiers of [tree] in place as CPython reads them."""
    _mangle(tree, None)


def bound_name(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> str:
    """The name a ``def`` or ``class`` statement binds."""
    return getattr(node, "bound_name", node.name)


# The fields that hold one identifier bound or read by the node.
_IDENTIFIER_FIELDS = {ast.Name: "id", ast.Attribute: "attr", ast.arg: "arg",
                      ast.ExceptHandler: "name", ast.MatchAs: "name", ast.MatchStar: "name",
                      ast.MatchMapping: "rest"}
_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def _mangle(node, private):
    field = _IDENTIFIER_FIELDS.get(type(node))
    if private is not None:
        if isinstance(node, _DEFINITIONS):
            node.bound_name = mangle(private, node.name)
        elif field is not None and getattr(node, field) is not None:
            setattr(node, field, mangle(private, getattr(node, field)))
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            node.names = [mangle(private, n) for n in node.names]
        elif isinstance(node, ast.alias) and "." not in node.name:
            bound = mangle(private, node.asname or node.name)
            if bound != (node.asname or node.name):
                node.asname = bound
    if isinstance(node, ast.ClassDef):
        for child in (*node.decorator_list, *node.bases, *node.keywords):
            _mangle(child, private)
        for child in node.body:
            _mangle(child, node.name)
        return
    for child in ast.iter_child_nodes(node):
        _mangle(child, private)
