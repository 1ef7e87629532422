"""decimal for the vmsample VM: Decimal and Context, delegated to CPython's
decimal arithmetic (``_decimal``: vmsample/lang/delegated/decimal_engine.py).

A Decimal is a VM object holding the string CPython's Decimal prints as; a
Context is a VM object holding its settings, flags and traps.  Each
operation sends the operands and the context's settings to CPython, which
computes the result and says which signals it raised: this module records
them in the context's flags and raises the VM's own exception for a trapped
one, with CPython's arguments.  So results, rounding, signals and messages
are CPython's, and every Decimal the program gets is allocated in the VM.

Differences from CPython: the VM has no multiple inheritance, so each signal
derives from its first base only (DivisionByZero and DivisionUndefined are
not ZeroDivisionError, FloatOperation is not TypeError, Overflow and
Underflow are Inexact but not Rounded); one context for the whole program
(no threads); type names in messages are 'Decimal', not 'decimal.Decimal'.
"""

import _decimal

__all__ = ["Decimal", "Context", "DecimalTuple", "DefaultContext", "BasicContext",
           "ExtendedContext", "DecimalException", "Clamped", "InvalidOperation",
           "DivisionByZero", "Inexact", "Rounded", "Subnormal", "Overflow", "Underflow",
           "FloatOperation", "DivisionImpossible", "InvalidContext", "ConversionSyntax",
           "DivisionUndefined", "ROUND_DOWN", "ROUND_HALF_UP", "ROUND_HALF_EVEN",
           "ROUND_CEILING", "ROUND_FLOOR", "ROUND_UP", "ROUND_HALF_DOWN", "ROUND_05UP",
           "setcontext", "getcontext", "localcontext", "MAX_PREC", "MAX_EMAX", "MIN_EMIN",
           "MIN_ETINY", "HAVE_THREADS", "HAVE_CONTEXTVAR"]

__version__ = "1.70"
__libmpdec_version__ = "2.5.1"

ROUND_DOWN = "ROUND_DOWN"
ROUND_HALF_UP = "ROUND_HALF_UP"
ROUND_HALF_EVEN = "ROUND_HALF_EVEN"
ROUND_CEILING = "ROUND_CEILING"
ROUND_FLOOR = "ROUND_FLOOR"
ROUND_UP = "ROUND_UP"
ROUND_HALF_DOWN = "ROUND_HALF_DOWN"
ROUND_05UP = "ROUND_05UP"
_ROUNDINGS = (ROUND_DOWN, ROUND_HALF_UP, ROUND_HALF_EVEN, ROUND_CEILING, ROUND_FLOOR,
              ROUND_UP, ROUND_HALF_DOWN, ROUND_05UP)

MAX_PREC = 999999999999999999
MAX_EMAX = 999999999999999999
MIN_EMIN = -999999999999999999
MIN_ETINY = MIN_EMIN - (MAX_PREC - 1)
HAVE_THREADS = True
HAVE_CONTEXTVAR = True


# ---------------------------------------------------------------- signals

class DecimalException(ArithmeticError):
    pass


class Clamped(DecimalException):
    pass


class InvalidOperation(DecimalException):
    pass


class ConversionSyntax(InvalidOperation):
    pass


class DivisionByZero(DecimalException):
    pass


class DivisionImpossible(InvalidOperation):
    pass


class DivisionUndefined(InvalidOperation):
    pass


class Inexact(DecimalException):
    pass


class InvalidContext(InvalidOperation):
    pass


class Rounded(DecimalException):
    pass


class Subnormal(DecimalException):
    pass


class Overflow(Inexact):
    pass


class Underflow(Inexact):
    pass


class FloatOperation(DecimalException):
    pass


# The signals, in the order CPython lists them (a context's repr, traps).
_SIGNALS = [InvalidOperation, FloatOperation, DivisionByZero, Overflow, Underflow, Subnormal,
            Inexact, Rounded, Clamped]
_EXCEPTIONS = {cls.__name__: cls for cls in _SIGNALS + [ConversionSyntax, DivisionImpossible,
                                                        DivisionUndefined, InvalidContext]}


# ---------------------------------------------------------------- contexts

class Context:
    """The environment of arithmetic: precision, rounding, exponent limits,
    and which signals have happened (flags) and raise (traps)."""

    def __init__(self, prec=None, rounding=None, Emin=None, Emax=None, capitals=None,
                 clamp=None, flags=None, traps=None):
        # Unset settings come from DefaultContext (the module's own contexts,
        # DefaultContext first, are made before it exists).
        default = DefaultContext if "DefaultContext" in globals() else None
        self.prec = prec if prec is not None else (default.prec if default else 28)
        self.rounding = rounding if rounding is not None else (
            default.rounding if default else ROUND_HALF_EVEN)
        self.Emin = Emin if Emin is not None else (default.Emin if default else -999999)
        self.Emax = Emax if Emax is not None else (default.Emax if default else 999999)
        self.capitals = capitals if capitals is not None else (default.capitals if default else 1)
        self.clamp = clamp if clamp is not None else (default.clamp if default else 0)
        self._cached = None
        self.flags = _SignalDict(self, flags, None)
        if traps is None and default is not None:
            self.traps = _SignalDict(self, default.traps, None, True)
        else:
            self.traps = _SignalDict(self, traps, [InvalidOperation, DivisionByZero, Overflow], True)

    # The settings CPython checks when they are set.
    @property
    def prec(self):
        return self._prec

    @prec.setter
    def prec(self, value):
        if not isinstance(value, int):
            raise TypeError("'" + type(value).__name__ + "' object cannot be interpreted as an integer")
        if not 1 <= value <= MAX_PREC:
            raise ValueError("valid range for prec is [1, MAX_PREC]")
        self._prec = value
        self._cached = None

    @property
    def rounding(self):
        return self._rounding

    @rounding.setter
    def rounding(self, value):
        if value not in _ROUNDINGS:
            raise TypeError("valid values for rounding are:\n"
                            "  [ROUND_CEILING, ROUND_FLOOR, ROUND_UP, ROUND_DOWN,\n"
                            "   ROUND_HALF_UP, ROUND_HALF_DOWN, ROUND_HALF_EVEN,\n"
                            "   ROUND_05UP]")
        self._rounding = value
        self._cached = None

    @property
    def capitals(self):
        return self._capitals

    @capitals.setter
    def capitals(self, value):
        if value not in (0, 1):
            raise ValueError("valid values for capitals are 0 or 1")
        self._capitals = value
        self._cached = None

    @property
    def clamp(self):
        return self._clamp

    @clamp.setter
    def clamp(self, value):
        if value not in (0, 1):
            raise ValueError("valid values for clamp are 0 or 1")
        self._clamp = value
        self._cached = None

    @property
    def Emin(self):
        return self._Emin

    @Emin.setter
    def Emin(self, value):
        self._Emin = value
        self._cached = None

    @property
    def Emax(self):
        return self._Emax

    @Emax.setter
    def Emax(self, value):
        self._Emax = value
        self._cached = None

    @property
    def traps(self):
        return self._traps

    @traps.setter
    def traps(self, value):
        if not (isinstance(value, _SignalDict) and value._context is self):
            if not isinstance(value, (dict, _SignalDict)):
                raise TypeError("argument must be a signal dict")
            if len(value) != len(_SIGNALS) or any(s not in value for s in _SIGNALS):
                raise KeyError("invalid signal dict")
            value = _SignalDict(self, value, None, True)
        self._traps = value
        self._cached = None

    @property
    def flags(self):
        return self._flags

    @flags.setter
    def flags(self, value):
        if not isinstance(value, _SignalDict) or value._context is not None:
            if not isinstance(value, (dict, _SignalDict)):
                raise TypeError("argument must be a signal dict")
            value = _SignalDict(self, value, None)
        self._flags = value

    def _run(self, op, args):
        """The result of [op] on [args] (Decimals and plain values) in this
        context; its signals are recorded, a trapped one raised."""
        encoded = []
        for a in args:
            encoded.append(("D", a._s) if isinstance(a, Decimal) else a)
        return self._call(op, encoded)

    def _call(self, op, encoded):
        # _run on encoded operands (the arithmetic operators' short way).
        settings = self._cached
        if settings is None:
            # (kept until a setting or a trap changes: see _SignalDict)
            settings = self._cached = [self.prec, self.rounding, self.Emin, self.Emax,
                                       self.capitals, self.clamp,
                                       [cls.__name__ for cls in _SIGNALS if self.traps[cls]]]
        result = _decimal.run(op, encoded, *settings)
        if result[-1]:
            for name in result[-1]:
                self.flags[_EXCEPTIONS[name]] = True
            if result[0] == "trap":
                raise _EXCEPTIONS[result[1]]([_EXCEPTIONS[name] for name in result[2]])
        value = result[1]
        if isinstance(value, tuple) and len(value) == 2 and value[0] == "D":
            d = object.__new__(Decimal)
            d._s = value[1]
            return d
        return _decoded(value)

    def copy(self):
        return Context(self.prec, self.rounding, self.Emin, self.Emax, self.capitals, self.clamp,
                       [s for s in _SIGNALS if self.flags[s]], [s for s in _SIGNALS if self.traps[s]])

    __copy__ = copy

    def clear_flags(self):
        for s in _SIGNALS:
            self.flags[s] = False

    def clear_traps(self):
        for s in _SIGNALS:
            self.traps[s] = False

    def Etiny(self):
        return self.Emin - self.prec + 1

    def Etop(self):
        return self.Emax - self.prec + 1

    def __repr__(self):
        flags = ", ".join(s.__name__ for s in _SIGNALS if self.flags[s])
        traps = ", ".join(s.__name__ for s in _SIGNALS if self.traps[s])
        return (f"Context(prec={self.prec}, rounding={self.rounding}, Emin={self.Emin}, "
                f"Emax={self.Emax}, capitals={self.capitals}, clamp={self.clamp}, "
                f"flags=[{flags}], traps=[{traps}])")

    def create_decimal(self, num="0"):
        return self._run("c:create_decimal", [_operand(num, True)])

    def create_decimal_from_float(self, f):
        return self._run("c:create_decimal_from_float", [f])

    # Context methods with Decimal (or int) operands
    def _op(name, arity):
        op = "c:" + name
        def method(self, *args):
            if len(args) != arity:
                raise TypeError(f"{name}() takes exactly {arity} argument"
                                f"{'s' if arity != 1 else ''} ({len(args)} given)")
            for a in args:
                if not (isinstance(a, Decimal) or isinstance(a, int)):
                    _operand(a, False)          # (raises CPython's TypeError)
            return self._run(op, args)
        method.__name__ = name
        return method

    abs = _op("abs", 1)
    add = _op("add", 2)
    compare = _op("compare", 2)
    divide = _op("divide", 2)
    divide_int = _op("divide_int", 2)
    divmod = _op("divmod", 2)
    exp = _op("exp", 1)
    fma = _op("fma", 3)
    ln = _op("ln", 1)
    log10 = _op("log10", 1)
    max = _op("max", 2)
    min = _op("min", 2)
    minus = _op("minus", 1)
    multiply = _op("multiply", 2)
    normalize = _op("normalize", 1)
    plus = _op("plus", 1)
    quantize = _op("quantize", 2)
    remainder = _op("remainder", 2)
    sqrt = _op("sqrt", 1)
    subtract = _op("subtract", 2)
    to_integral_value = _op("to_integral_value", 1)
    to_integral = _op("to_integral", 1)
    to_sci_string = _op("to_sci_string", 1)
    to_eng_string = _op("to_eng_string", 1)
    del _op

    def power(self, a, b, modulo=None):
        args = [_operand(a, False), _operand(b, False)]
        if modulo is not None:
            args.append(_operand(modulo, False))
        return self._run("c:power", args)


class _SignalDict:
    """A context's flags or traps: a mapping of the signals to bools (as
    CPython's, not a dict); changing one tells the context, which keeps its
    settings ready for the next operation."""

    def __init__(self, context, given, default, traps=False):
        self._context = context if traps else None      # (flags are not settings)
        if isinstance(given, (dict, _SignalDict)):
            self._values = {s: bool(given.get(s, False)) for s in _SIGNALS}
        else:
            chosen = given if given is not None else (default or [])
            self._values = {s: s in chosen for s in _SIGNALS}

    def __getitem__(self, signal):
        return self._values[signal]

    def __setitem__(self, signal, value):
        if signal not in self._values:
            raise KeyError("invalid error flag")
        self._values[signal] = bool(value)
        if self._context is not None:
            self._context._cached = None

    def __delitem__(self, signal):
        raise ValueError("signal keys cannot be deleted")

    def __contains__(self, signal):
        return signal in self._values

    def __iter__(self):
        return iter(list(self._values))

    def __len__(self):
        return len(self._values)

    def get(self, signal, default=None):
        return self._values.get(signal, default)

    def keys(self):
        return self._values.keys()

    def values(self):
        return self._values.values()

    def items(self):
        return self._values.items()

    def copy(self):
        return dict(self._values)

    def __eq__(self, other):
        if isinstance(other, _SignalDict):
            return self._values == other._values
        return self._values == other

    def __repr__(self):
        return "{" + ", ".join(f"{s!r}:{v}" for s, v in self._values.items()) + "}"


def _signal_dict(given, default):
    # a plain dict of the signals (localcontext's flags= and traps=)
    if isinstance(given, (dict, _SignalDict)):
        return {s: bool(given.get(s, False)) for s in _SIGNALS}
    chosen = given if given is not None else (default or [])
    return {s: s in chosen for s in _SIGNALS}


DefaultContext = Context(prec=28, rounding=ROUND_HALF_EVEN, Emin=-999999, Emax=999999,
                         capitals=1, clamp=0, flags=[],
                         traps=[InvalidOperation, DivisionByZero, Overflow])
BasicContext = Context(prec=9, rounding=ROUND_HALF_UP, flags=[],
                       traps=[InvalidOperation, DivisionByZero, Overflow, Underflow, Clamped])
ExtendedContext = Context(prec=9, rounding=ROUND_HALF_EVEN, flags=[], traps=[])

_current = None


def getcontext():
    """The current context (a copy of DefaultContext at first)."""
    global _current
    if _current is None:
        _current = DefaultContext.copy()
    return _current


def setcontext(context):
    global _current
    if not isinstance(context, Context):
        raise TypeError("argument must be a context")
    if context is DefaultContext or context is BasicContext or context is ExtendedContext:
        context = context.copy()
        context.clear_flags()
    _current = context


class _ContextManager:
    def __init__(self, new_context):
        self.new_context = new_context

    def __enter__(self):
        self.saved_context = getcontext()
        setcontext(self.new_context)
        return self.new_context

    def __exit__(self, t, v, tb):
        setcontext(self.saved_context)


def localcontext(ctx=None, **kwargs):
    """A context manager: a copy of [ctx] (default: the current context),
    with [kwargs] set, is current inside the with block."""
    new = (ctx if ctx is not None else getcontext()).copy()
    for key, value in kwargs.items():
        if key not in ("prec", "rounding", "Emin", "Emax", "capitals", "clamp", "flags", "traps"):
            raise TypeError(f"'{key}' is an invalid keyword argument for this function")
        setattr(new, key, value)
    return _ContextManager(new)


# ---------------------------------------------------------------- Decimal

class DecimalTuple:
    """Decimal.as_tuple()'s named tuple (sign, digits, exponent)."""

    def __init__(self, sign, digits, exponent):
        self.sign, self.digits, self.exponent = sign, digits, exponent

    def __iter__(self):
        return iter((self.sign, self.digits, self.exponent))

    def __getitem__(self, i):
        return (self.sign, self.digits, self.exponent)[i]

    def __len__(self):
        return 3

    def __eq__(self, other):
        return tuple(self) == tuple(other)

    def __hash__(self):
        return hash(tuple(self))

    def __repr__(self):
        return f"DecimalTuple(sign={self.sign!r}, digits={self.digits!r}, exponent={self.exponent!r})"


def _decoded(v):
    # A result from _decimal: ("D", str) is a Decimal, ("T", ...) a DecimalTuple.
    if isinstance(v, tuple):
        if len(v) == 2 and v[0] == "D":
            d = object.__new__(Decimal)
            d._s = v[1]
            return d
        if len(v) == 4 and v[0] == "T":
            return DecimalTuple(v[1], tuple(v[2]), v[3])
        return tuple(_decoded(x) for x in v)
    return v


def _operand(v, allow_other):
    # What an operation takes: Decimals and ints (and, where CPython does,
    # strs, floats and tuples); anything else is CPython's TypeError.
    if isinstance(v, Decimal) or isinstance(v, int):
        return v
    if allow_other and (isinstance(v, str) or isinstance(v, float)):
        return v
    if allow_other and (isinstance(v, tuple) or isinstance(v, list) or isinstance(v, DecimalTuple)):
        sign, digits, exponent = v
        return ("T", sign, list(digits), exponent)
    raise TypeError(f"conversion from {type(v).__name__} to Decimal is not supported")


def _compare_other(v):
    if isinstance(v, Decimal) or isinstance(v, int) or isinstance(v, float):
        return v
    return None


class Decimal:
    """A decimal floating-point number, exact and immutable."""

    def __new__(cls, value="0", context=None):
        ctx = context if context is not None else getcontext()
        if isinstance(value, Decimal) and cls is Decimal:
            return value
        if isinstance(value, Decimal):
            s = value._s
        else:
            s = ctx._run("new", [_operand(value, True)])._s
        self = object.__new__(cls)
        self._s = s
        return self

    @classmethod
    def from_float(cls, f):
        if isinstance(f, int):
            return cls(f)
        if not isinstance(f, float):
            raise TypeError("argument must be int or float")
        return cls(getcontext()._run("new", [f]))

    def __str__(self):
        ctx = getcontext()
        if ctx.capitals == 1:
            return self._s
        return ctx._run("str", [self])

    def __repr__(self):
        return f"Decimal('{self}')"

    def __format__(self, spec):
        return getcontext()._run("format", [self, spec])

    def __hash__(self):
        return getcontext()._run("hash", [self])

    def __bool__(self):
        return getcontext()._run("bool", [self])

    def __int__(self):
        return getcontext()._run("int", [self])

    __trunc__ = __int__

    def __float__(self):
        return getcontext()._run("float", [self])

    def __round__(self, *n):
        return getcontext()._run("round", [self] + list(n))

    def __neg__(self):
        return getcontext()._run("neg", [self])

    def __pos__(self):
        return getcontext()._run("pos", [self])

    def __abs__(self):
        return getcontext()._run("abs", [self])

    def _binary(self, op, other, reflected):
        if isinstance(other, Decimal):
            other = ("D", other._s)
        elif not isinstance(other, int):
            return NotImplemented
        ctx = _current if _current is not None else getcontext()
        mine = ("D", self._s)
        return ctx._call(op, [other, mine] if reflected else [mine, other])

    def __add__(self, other):
        return self._binary("add", other, False)

    def __radd__(self, other):
        return self._binary("add", other, True)

    def __sub__(self, other):
        return self._binary("sub", other, False)

    def __rsub__(self, other):
        return self._binary("sub", other, True)

    def __mul__(self, other):
        return self._binary("mul", other, False)

    def __rmul__(self, other):
        return self._binary("mul", other, True)

    def __truediv__(self, other):
        return self._binary("truediv", other, False)

    def __rtruediv__(self, other):
        return self._binary("truediv", other, True)

    def __floordiv__(self, other):
        return self._binary("floordiv", other, False)

    def __rfloordiv__(self, other):
        return self._binary("floordiv", other, True)

    def __mod__(self, other):
        return self._binary("mod", other, False)

    def __rmod__(self, other):
        return self._binary("mod", other, True)

    def __divmod__(self, other):
        return self._binary("divmod", other, False)

    def __pow__(self, other):
        return self._binary("pow", other, False)

    def __rpow__(self, other):
        return self._binary("pow", other, True)

    def _compare(self, op, other):
        other = _compare_other(other)
        if other is None:
            return NotImplemented
        return getcontext()._run(op, [self, other])

    def __eq__(self, other):
        return self._compare("eq", other)

    def __ne__(self, other):
        result = self._compare("eq", other)
        return result if result is NotImplemented else not result

    def __lt__(self, other):
        return self._compare("lt", other)

    def __le__(self, other):
        return self._compare("le", other)

    def __gt__(self, other):
        return self._compare("gt", other)

    def __ge__(self, other):
        return self._compare("ge", other)

    def _method(self, name, *args, context=None):
        ctx = context if context is not None else getcontext()
        return ctx._run("m:" + name, [self] + list(args))

    def quantize(self, exp, rounding=None, context=None):
        ctx = context if context is not None else getcontext()
        if rounding is not None:
            ctx = ctx.copy()
            ctx.rounding = rounding
        result = ctx._run("c:quantize", [self, _operand(exp, False)])
        if ctx is not context and ctx is not getcontext():
            for s in _SIGNALS:                  # the flags go to the caller's context
                if ctx.flags[s]:
                    (context if context is not None else getcontext()).flags[s] = True
        return result

    def to_integral_value(self, rounding=None, context=None):
        ctx = context if context is not None else getcontext()
        if rounding is not None:
            ctx = ctx.copy()
            ctx.rounding = rounding
        return ctx._run("c:to_integral_value", [self])

    to_integral = to_integral_value

    def to_integral_exact(self, rounding=None, context=None):
        ctx = context if context is not None else getcontext()
        if rounding is not None:
            ctx = ctx.copy()
            ctx.rounding = rounding
        return ctx._run("c:to_integral_exact", [self])

    def sqrt(self, context=None):
        return self._method("sqrt", context=context)

    def exp(self, context=None):
        return self._method("exp", context=context)

    def ln(self, context=None):
        return self._method("ln", context=context)

    def log10(self, context=None):
        return self._method("log10", context=context)

    def normalize(self, context=None):
        return self._method("normalize", context=context)

    def compare(self, other, context=None):
        return self._method("compare", _operand(other, False), context=context)

    def max(self, other, context=None):
        return self._method("max", _operand(other, False), context=context)

    def min(self, other, context=None):
        return self._method("min", _operand(other, False), context=context)

    def fma(self, other, third, context=None):
        return self._method("fma", _operand(other, False), _operand(third, False), context=context)

    def copy_abs(self):
        return self._method("copy_abs")

    def copy_negate(self):
        return self._method("copy_negate")

    def copy_sign(self, other, context=None):
        return self._method("copy_sign", _operand(other, False))

    def adjusted(self):
        return self._method("adjusted")

    def as_tuple(self):
        return self._method("as_tuple")

    def as_integer_ratio(self):
        return self._method("as_integer_ratio")

    def to_eng_string(self, context=None):
        return self._method("to_eng_string", context=context)

    def is_nan(self):
        return self._method("is_nan")

    def is_qnan(self):
        return self._method("is_qnan")

    def is_snan(self):
        return self._method("is_snan")

    def is_infinite(self):
        return self._method("is_infinite")

    def is_finite(self):
        return self._method("is_finite")

    def is_zero(self):
        return self._method("is_zero")

    def is_signed(self):
        return self._method("is_signed")

    def is_normal(self, context=None):
        return self._method("is_normal", context=context)

    def is_subnormal(self, context=None):
        return self._method("is_subnormal", context=context)

    def is_canonical(self):
        return True

    def canonical(self):
        return self

    def conjugate(self):
        return self

    @property
    def real(self):
        return self

    @property
    def imag(self):
        return Decimal(0)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (self.__class__, (str(self),))
