"""Exception groups (PEP 654), after CPython 3.11's Objects/exceptions.c and
the two steps of an except* statement in Python/ceval.c.

BaseExceptionGroup's own behaviour: construction (which class a group
gets, what it may hold), str(), derive/split/subgroup, message and
exceptions.  CPython keeps message and exceptions in members; here they
are instance attributes under private names, read through read-only
properties (so they show in the group's __dict__).

And the run-time half of ``try: ... except* T: ...`` (the compiler's half
is compiler/statements.py, except_star_clauses): [except_star_match] splits what is
left of the caught exception by each clause's type, [prepare_reraise_star]
makes from what the clauses raised and re-raised the one exception the
statement raises in the end.
"""

import sys
from _vm import install, register

_MESSAGE = "_BaseExceptionGroup__message"
_EXCEPTIONS = "_BaseExceptionGroup__exceptions"
_FunctionType = type(lambda: None)
_GenericAlias = type(list[int])


def _new(cls, *args, **kwargs):
    # BaseExceptionGroup_new: ExceptionGroup if every member is an Exception
    # (BaseExceptionGroup(...) picks it), never a BaseException in an
    # ExceptionGroup or in a subclass of Exception.
    if len(args) != 2:
        raise TypeError(f"BaseExceptionGroup.__new__() takes exactly 2 arguments ({len(args)} given)")
    message, exceptions = args
    if not isinstance(message, str):
        raise TypeError(f"BaseExceptionGroup.__new__() argument 1 must be str, not {type(message).__name__}")
    if isinstance(exceptions, dict) or not hasattr(type(exceptions), "__getitem__"):
        raise TypeError("second argument (exceptions) must be a sequence")
    exceptions = tuple(exceptions)
    if not exceptions:
        raise ValueError("second argument (exceptions) must be a non-empty sequence")
    nested_base_exceptions = False
    for i, exc in enumerate(exceptions):
        if not isinstance(exc, BaseException):
            raise ValueError(f"Item {i} of second argument (exceptions) is not an exception")
        if not isinstance(exc, Exception):
            nested_base_exceptions = True
    if cls is ExceptionGroup:
        if nested_base_exceptions:
            raise TypeError("Cannot nest BaseExceptions in an ExceptionGroup")
    elif cls is BaseExceptionGroup:
        if not nested_base_exceptions:
            cls = ExceptionGroup
    elif nested_base_exceptions and issubclass(cls, Exception):
        raise TypeError(f"Cannot nest BaseExceptions in '{cls.__name__}'")
    self = BaseException.__new__(cls, *args, **kwargs)
    setattr(self, _MESSAGE, message)
    setattr(self, _EXCEPTIONS, exceptions)
    return self


def _init(self, *args, **kwargs):
    if kwargs:
        raise TypeError(f"{type(self).__name__}() takes no keyword arguments")
    BaseException.__init__(self, *args)


def _str(self):
    n = len(self.exceptions)
    return f"{self.message} ({n} sub-exception{'s' if n > 1 else ''})"


def derive(self, excs):
    return BaseExceptionGroup(self.message, excs)


def _matcher(value):
    # get_matcher_type: a function, an exception class or a tuple of them
    if type(value) is _FunctionType:
        return lambda exc: value(exc)
    if isinstance(value, type) and issubclass(value, BaseException) or type(value) is tuple and all(
            isinstance(t, type) and issubclass(t, BaseException) for t in value):
        return lambda exc: isinstance(exc, value)
    raise TypeError("expected a function, exception type or tuple of exception types")


def _subset(group, excs):
    # exception_group_subset: a group of [excs] (empty: None) made by the
    # group's derive(), with the group's traceback, cause, context and a copy
    # of its notes.
    if not excs:
        return None
    eg = group.derive(excs)
    if not isinstance(eg, BaseExceptionGroup):
        raise TypeError("derive must return an instance of BaseExceptionGroup")
    tb = group.__traceback__
    if tb is not None:
        eg.__traceback__ = tb
    eg.__context__ = group.__context__
    eg.__cause__ = group.__cause__
    try:
        notes = group.__notes__
    except AttributeError:
        pass
    else:
        if hasattr(type(notes), "__getitem__") and not isinstance(notes, dict):
            eg.__notes__ = list(notes)      # (notes of another kind are left behind)
    return eg


def _enter(depth, where):
    # This code's frames are hidden and not counted: nesting past the
    # recursion limit is refused as CPython's _Py_EnterRecursiveCall does.
    if depth > sys.getrecursionlimit():
        raise RecursionError(f"maximum recursion depth exceeded in {where}")
    return depth + 1


def _split(exc, matches, construct_rest, depth=0):
    # exceptiongroup_split_recursive: (match, rest), None for an empty part
    # (rest always None unless [construct_rest]).
    depth = _enter(depth, "exceptiongroup_split_recursive")
    if matches(exc):
        return exc, None
    if not isinstance(exc, BaseExceptionGroup):
        return None, exc if construct_rest else None
    match_list, rest_list = [], []
    for e in exc.exceptions:
        match, rest = _split(e, matches, construct_rest, depth)
        if match is not None:
            match_list.append(match)
        if rest is not None:
            rest_list.append(rest)
    match = _subset(exc, match_list)
    return match, _subset(exc, rest_list) if construct_rest else None


def split(self, matcher_value):
    return _split(self, _matcher(matcher_value), True)


def subgroup(self, matcher_value):
    return _split(self, _matcher(matcher_value), False)[0]


for _name, _value in [("__new__", _new), ("__init__", _init), ("__str__", _str), ("derive", derive),
                      ("split", split), ("subgroup", subgroup),
                      ("message", property(lambda self: getattr(self, _MESSAGE),
                                           doc="exception message")),
                      ("exceptions", property(lambda self: getattr(self, _EXCEPTIONS),
                                              doc="nested exceptions")),
                      ("__class_getitem__", classmethod(_GenericAlias))]:
    install(BaseExceptionGroup, _name, _value)


# ---------------------------------------------------------------- except*

def except_star_match(exc, match_type):
    """One except* clause: (match, rest) of [exc] (what earlier clauses left,
    None once nothing is left) for [match_type]; match None: the clause does
    not run (CPython's CHECK_EG_MATCH and _PyEval_ExceptionGroupMatch)."""
    types = match_type if type(match_type) is tuple else (match_type,)
    for t in types:
        if not (isinstance(t, type) and issubclass(t, BaseException)):
            raise TypeError("catching classes that do not inherit from BaseException is not allowed")
        if issubclass(t, BaseExceptionGroup):
            raise TypeError("catching ExceptionGroup with except* is not allowed. Use except instead.")
    if exc is None:
        return None, None
    if isinstance(exc, match_type):
        if isinstance(exc, BaseExceptionGroup):
            return exc, None
        # A naked exception is wrapped, with a traceback of the handling frame.
        wrapped = BaseExceptionGroup("", [exc])
        from types import TracebackType
        frame = sys._getframe(0)
        wrapped.__traceback__ = TracebackType(None, frame, frame.f_lasti, frame.f_lineno)
        return wrapped, None
    if isinstance(exc, BaseExceptionGroup):
        return exc.split(match_type)
    return None, exc


def _leaves(exc, into, depth=0):
    # collect_exception_group_leaf_ids
    depth = _enter(depth, "collect_exception_group_leaf_ids")
    if isinstance(exc, BaseExceptionGroup):
        for e in exc.exceptions:
            _leaves(e, into, depth)
    else:
        into.append(exc)
    return into


def prepare_reraise_star(orig, excs):
    """What an except* statement raises in the end (None: nothing), from
    [orig], the exception it caught, and [excs], what its clauses raised
    (an exception with orig's traceback, cause and context was re-raised)
    and what no clause matched, last (CPython's _PyExc_PrepReraiseStar)."""
    excs = [e for e in excs if e is not None]
    if not excs:
        return None
    if not isinstance(orig, BaseExceptionGroup):
        return excs[0]      # a naked exception: one clause ran at most
    raised, reraised = [], []
    for e in excs:
        same = (e.__traceback__ is orig.__traceback__ and e.__cause__ is orig.__cause__
                and e.__context__ is orig.__context__)
        (reraised if same else raised).append(e)
    # the part of orig whose leaves were re-raised, in orig's structure
    leaves = []
    for e in reraised:
        _leaves(e, leaves)
    reraised_eg = _split(orig, lambda exc: not isinstance(exc, BaseExceptionGroup) and any(
        exc is leaf for leaf in leaves), False)[0]
    if not raised:
        return reraised_eg
    if reraised_eg is not None:
        raised.append(reraised_eg)
    return raised[0] if len(raised) == 1 else BaseExceptionGroup("", raised)


register("except_star_match", except_star_match)
register("prepare_reraise_star", prepare_reraise_star)
