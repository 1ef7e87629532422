"""The abstract syntax tree's node classes, for ``ast``.

CPython 3.11's ``_ast`` (built into the interpreter there) for the VM:
``ast.py`` of the host's standard library imports every class from it and
subclasses them, and programs build, walk and change trees, so the node
classes are classes of the VM.  They are made when this module starts from
the host's own, read in one delegated call (``vmsample/lang/ast_nodes.py``):
each one's name, bases, ``_fields``, ``_attributes``, ``__match_args__``,
docstring and the defaults of its optional fields -- the grammar is the
host's, never written out here.

Parsing and compiling stay the host's: the VM's ``compile()`` turns what
the host parses into these nodes (``from_host``) and, given a tree of them,
compiles a host copy (``to_host``).
"""

import sys as _sys

import _vmhost

_host = _vmhost.delegate("_ast")

PyCF_ONLY_AST = _host.PyCF_ONLY_AST
PyCF_TYPE_COMMENTS = _host.PyCF_TYPE_COMMENTS
PyCF_ALLOW_TOP_LEVEL_AWAIT = _host.PyCF_ALLOW_TOP_LEVEL_AWAIT


class AST:
    _fields = ()
    _attributes = ()
    __match_args__ = ()
    __module__ = "ast"

    def __new__(cls, *args, **kwargs):
        return object.__new__(cls)

    def __init__(self, *args, **kwargs):
        fields = type(self)._fields
        if len(args) > len(fields):
            count = len(fields)
            raise TypeError(f"{type(self).__name__} constructor takes at most "
                            f"{count} positional argument{'' if count == 1 else 's'}")
        for name, value in zip(fields, args):
            setattr(self, name, value)
        for name, value in kwargs.items():
            if name in fields[:len(args)]:
                raise TypeError(f"{type(self).__name__} got multiple values for argument {name!r}")
            setattr(self, name, value)

    def __reduce__(self):
        state = getattr(self, "__dict__", None)
        return (type(self), (), state) if state else (type(self), ())


def _node_classes():
    """{name: class} of every node class of the host's _ast, made here in
    the host's order (a class's __subclasses__() are in that order, which
    ast's docstrings follow)."""
    made = {"AST": AST}
    for name, bases, fields, match_args, attributes, doc, defaults in \
            _vmhost.delegate("vmsample.lang.ast_nodes").node_table():
        namespace = {"__module__": "ast", "__doc__": doc, "_fields": fields, "__match_args__": match_args}
        if attributes is not None:
            namespace["_attributes"] = attributes
        namespace.update(defaults)          # the optional fields' (None)
        made[name] = type(name, tuple(made[base] for base in bases), namespace)
    return made


_CLASSES = _node_classes()
globals().update(_CLASSES)


def from_host(tree):
    """This VM's copy of a tree the host's parser made (without recursion:
    a tree may be deeper than the recursion limit)."""
    return _copy(tree, lambda node: isinstance(node, _host.AST),
                 lambda node: _CLASSES[type(node).__name__], None)


def to_host(tree):
    """The host's copy of a tree of this module's nodes (or of subclasses
    of them), for the host's compiler."""
    def host_class(node):
        cls = next(c for c in type(node).__mro__ if _CLASSES.get(c.__name__) is c)
        return getattr(_host, cls.__name__)
    # As CPython's conversion, as deep as the recursion limit (a tree of
    # the program's may even contain itself).
    return _copy(tree, lambda node: isinstance(node, AST), host_class, _sys.getrecursionlimit())


def _copy(tree, is_node, class_of, limit):
    # Each node is made empty, then its fields are filled from the work
    # list; lists are copied as they are met.
    def new(value, depth):
        if isinstance(value, list):
            copy = [None] * len(value)
            work.extend((copy, i, item, depth) for i, item in enumerate(value))
            return copy
        if not is_node(value):
            return value                    # a name, a constant, None
        if limit is not None and depth > limit:
            raise RecursionError("maximum recursion depth exceeded during ast construction")
        cls = class_of(value)
        copy = cls.__new__(cls)
        for name in tuple(type(value)._fields) + tuple(type(value)._attributes):
            if hasattr(value, name):
                work.append((copy, name, getattr(value, name), depth + 1))
        return copy

    work = []
    root = new(tree, 0)
    while work:
        target, key, value, depth = work.pop()
        if isinstance(target, list):
            target[key] = new(value, depth)
        else:
            setattr(target, key, new(value, depth))
    return root
