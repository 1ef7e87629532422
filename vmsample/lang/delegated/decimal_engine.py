"""``_decimal``: the CPython half of the VM's ``decimal``
(vmsample/lang/lib/decimal.py).

A VM Decimal holds the string CPython's Decimal prints as (which converts
back exactly: sign, digits, exponent, NaN payloads); a VM Context holds its
settings.  Every operation comes here as one call of [run]: the operands
(Decimal strings tagged "D", or ints, floats, strs), the context's
settings; it runs CPython's decimal arithmetic in that context and returns
the result (a Decimal tagged "D", or a plain value) with the signals it
raised, or the trap it hit -- the exception's class name and the signals it
names -- for the VM side to raise its own exception classes.
"""

import decimal as _decimal

__all__ = ["run"]

_SIGNALS = [("InvalidOperation", _decimal.InvalidOperation),
            ("FloatOperation", _decimal.FloatOperation),
            ("DivisionByZero", _decimal.DivisionByZero),
            ("Overflow", _decimal.Overflow), ("Underflow", _decimal.Underflow),
            ("Subnormal", _decimal.Subnormal), ("Inexact", _decimal.Inexact),
            ("Rounded", _decimal.Rounded), ("Clamped", _decimal.Clamped)]
_BY_NAME = dict(_SIGNALS)


def _operation(op):
    # op: an operator ("add", "lt"...), "new" (the constructor), "m:NAME"
    # (a Decimal method) or "c:NAME" (a Context method).
    kind, _, name = op.partition(":")
    if kind == "m":
        return lambda ctx, d, *args: getattr(d, name)(*args)
    if kind == "c":
        return lambda ctx, *args: getattr(ctx, name)(*args)
    return _OPERATORS[op]


_OPERATORS = {
    "new": lambda ctx, v: _decimal.Decimal(v),
    "add": lambda ctx, a, b: a + b, "sub": lambda ctx, a, b: a - b,
    "mul": lambda ctx, a, b: a * b, "truediv": lambda ctx, a, b: a / b,
    "floordiv": lambda ctx, a, b: a // b, "mod": lambda ctx, a, b: a % b,
    "divmod": lambda ctx, a, b: divmod(a, b),
    "pow": lambda ctx, a, b, m=None: pow(a, b, m),
    "neg": lambda ctx, a: -a, "pos": lambda ctx, a: +a, "abs": lambda ctx, a: abs(a),
    "eq": lambda ctx, a, b: a == b, "lt": lambda ctx, a, b: a < b,
    "le": lambda ctx, a, b: a <= b, "gt": lambda ctx, a, b: a > b,
    "ge": lambda ctx, a, b: a >= b,
    "hash": lambda ctx, a: hash(a), "str": lambda ctx, a: str(a),
    "int": lambda ctx, a: int(a), "float": lambda ctx, a: float(a),
    "bool": lambda ctx, a: bool(a), "format": lambda ctx, a, spec: format(a, spec),
    "round": lambda ctx, a, *n: round(a, *n),
    "context_repr": lambda ctx: repr(ctx),
}


def _decode(v):
    if type(v) is tuple and len(v) == 2 and v[0] == "D":
        return _Decimal(v[1])
    if type(v) is tuple and len(v) == 4 and v[0] == "T":     # a DecimalTuple
        return (v[1], tuple(v[2]), v[3])
    return v


_Decimal = _decimal.Decimal


def _encode(v):
    if type(v) is _Decimal:
        return ("D", str(v))
    if isinstance(v, tuple):
        if type(v).__name__ == "DecimalTuple":
            return ("T", v.sign, list(v.digits), v.exponent)
        return tuple(_encode(x) for x in v)
    return v


_contexts = {}          # settings -> the CPython Context for them (flags cleared per call)
_operations = {}        # op -> its function


def run(op, args, prec, rounding, emin, emax, capitals, clamp, traps):
    """("ok", result, [signals raised]) or ("trap", exception class name,
    [signal names it carries], [signals raised])."""
    key = (prec, rounding, emin, emax, capitals, clamp, tuple(traps))
    ctx = _contexts.get(key)
    if ctx is None:
        ctx = _contexts[key] = _decimal.Context(
            prec=prec, rounding=rounding, Emin=emin, Emax=emax, capitals=capitals, clamp=clamp,
            flags=[], traps=[_BY_NAME[t] for t in traps])
    else:
        ctx.clear_flags()
    function = _operations.get(op)
    if function is None:
        function = _operations[op] = _operation(op)
    values = [_decode(a) for a in args]
    saved = _decimal.getcontext()
    _decimal.setcontext(ctx)        # (the operators use the thread's context)
    try:
        result = function(ctx, *values)
    except _decimal.DecimalException as e:
        raised = [name for name, signal in _SIGNALS if ctx.flags[signal]]
        return ("trap", type(e).__name__, [s.__name__ for s in e.args[0]], raised)
    finally:
        _decimal.setcontext(saved)
    if any(ctx.flags.values()):
        return ("ok", _encode(result), [name for name, signal in _SIGNALS if ctx.flags[signal]])
    return ("ok", _encode(result), _NONE)


_NONE = []
