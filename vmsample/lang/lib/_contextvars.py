"""Context Variables

CPython 3.11's ``_contextvars`` (a C module there, PEP 567), written in
Python for the VM; ``contextvars`` of the host's standard library imports
everything from it.

A Context is an immutable mapping from ContextVar to value, changed by
copying: ``ContextVar.set`` gives the current context a new mapping, so
that a context copied before (``copy_context``, as asyncio does for every
callback) keeps the values it had.  CPython shares structure between the
copies (a HAMT); here each set copies a dict, which suits the handful of
variables programs have.  Each thread has its current context; a thread
starts in an empty one.
"""

from _thread import get_ident as _get_ident

from _capi import GenericAlias as _GenericAlias, not_a_base_type as _not_a_base_type


class Context:
    # [_vars] is never changed in place: it may be shared with copies.
    __slots__ = ("_vars", "_entered", "_prev")
    __init_subclass__ = _not_a_base_type

    def __new__(cls, *args, **kwargs):
        if args or kwargs:
            raise TypeError("Context() does not accept any arguments")
        return cls._with({})

    @classmethod
    def _with(cls, variables):
        self = object.__new__(cls)
        self._vars = variables
        self._entered = False
        self._prev = None
        return self

    def run(self, callable, *args, **kwargs):
        if self._entered:
            raise RuntimeError(f"cannot enter context: {self!r} is already entered")
        thread = _get_ident()
        self._prev = _current()
        _current_by_thread[thread] = self
        self._entered = True
        try:
            return callable(*args, **kwargs)
        finally:
            _current_by_thread[thread], self._prev = self._prev, None
            self._entered = False

    def copy(self):
        """Return a shallow copy of the context object."""
        return Context._with(self._vars)

    def __getitem__(self, var):
        if not isinstance(var, ContextVar):
            raise TypeError(f"a ContextVar key was expected, got {var!r}")
        return self._vars[var]

    def __contains__(self, var):
        if not isinstance(var, ContextVar):
            raise TypeError(f"a ContextVar key was expected, got {var!r}")
        return var in self._vars

    def get(self, key, default=None):
        """Return the value for `key` if `key` has the value in the context object.

If `key` does not exist, return `default`. If `default` is not given,
return None."""
        if not isinstance(key, ContextVar):
            raise TypeError(f"a ContextVar key was expected, got {key!r}")
        return self._vars.get(key, default)

    def __len__(self):
        return len(self._vars)

    def __iter__(self):
        return iter(self._vars)

    def keys(self):
        """Return a list of all variables in the context object."""
        return self._vars.keys()

    def values(self):
        """Return a list of all variables' values in the context object."""
        return self._vars.values()

    def items(self):
        """Return all variables and their values in the context object.

The result is returned as a list of 2-tuples (variable, value)."""
        return self._vars.items()

    def __eq__(self, other):
        if not isinstance(other, Context):
            return NotImplemented
        return self._vars == other._vars

    __hash__ = None

    def __repr__(self):
        return f"<_contextvars.Context object at {id(self):#x}>"

    def __reduce__(self):
        raise TypeError("cannot pickle '_contextvars.Context' object")


_current_by_thread = {}


def _current():
    context = _current_by_thread.get(_get_ident())
    if context is None:
        context = _current_by_thread[_get_ident()] = Context()
    return context


def copy_context():
    return Context._with(_current()._vars)


class _Missing:
    __slots__ = ()

    def __repr__(self):
        return "<Token.MISSING>"


_MISSING = _Missing()


class ContextVar:
    __slots__ = ("_name", "_default", "__weakref__")
    __init_subclass__ = _not_a_base_type

    def __new__(cls, *args, default=_MISSING):
        if len(args) != 1:
            word = "exactly" if not args else "at most"
            raise TypeError(f"ContextVar() takes {word} 1 positional argument ({len(args)} given)")
        name = args[0]
        if not isinstance(name, str):
            raise TypeError("context variable name must be a str")
        self = object.__new__(cls)
        self._name = name
        self._default = default
        return self

    @property
    def name(self):
        return self._name

    def get(self, *default):
        """Return a value for the context variable for the current context.

If there is no value for the variable in the current context, the method will:
 * return the value of the default argument of the method, if provided; or
 * return the default value for the context variable, if it was created
   with one; or
 * raise a LookupError."""
        if len(default) > 1:
            raise TypeError(f"get expected at most 1 argument, got {len(default)}")
        variables = _current()._vars
        if self in variables:
            return variables[self]
        if default:
            return default[0]
        if self._default is not _MISSING:
            return self._default
        raise LookupError(self)

    def set(self, value):
        """Call to set a new value for the context variable in the current context.

The required value argument is the new value for the context variable.

Returns a Token object that can be used to restore the variable to its previous
value via the `ContextVar.reset()` method."""
        context = _current()
        old = context._vars.get(self, _MISSING)
        variables = dict(context._vars)
        variables[self] = value
        context._vars = variables
        return Token._make(context, self, old)

    def reset(self, token):
        """Reset the context variable.

The variable is reset to the value it had before the `ContextVar.set()` that
created the token was used."""
        if not isinstance(token, Token):
            raise TypeError(f"expected an instance of Token, got {token!r}")
        if token._used:
            raise RuntimeError(f"{token!r} has already been used once")
        if token._var is not self:
            raise ValueError(f"{token!r} was created by a different ContextVar")
        context = _current()
        if token._context is not context:
            raise ValueError(f"{token!r} was created in a different Context")
        token._used = True
        variables = dict(context._vars)
        if token._old_value is _MISSING:
            variables.pop(self, None)
        else:
            variables[self] = token._old_value
        context._vars = variables

    def __hash__(self):
        return object.__hash__(self)

    def __repr__(self):
        default = "" if self._default is _MISSING else f" default={self._default!r}"
        return f"<ContextVar name={self._name!r}{default} at {id(self):#x}>"

    def __reduce__(self):
        raise TypeError("cannot pickle 'ContextVar' object")

    __class_getitem__ = classmethod(_GenericAlias)


class Token:
    __slots__ = ("_context", "_var", "_old_value", "_used")
    __init_subclass__ = _not_a_base_type

    MISSING = _MISSING

    def __new__(cls, *args, **kwargs):
        raise RuntimeError("Tokens can only be created by ContextVars")

    @classmethod
    def _make(cls, context, var, old_value):
        self = object.__new__(cls)
        self._context = context
        self._var = var
        self._old_value = old_value
        self._used = False
        return self

    @property
    def var(self):
        return self._var

    @property
    def old_value(self):
        return self._old_value

    def __repr__(self):
        used = " used" if self._used else ""
        return f"<Token{used} var={self._var!r} at {id(self):#x}>"

    __class_getitem__ = classmethod(_GenericAlias)
