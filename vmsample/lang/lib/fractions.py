"""fractions for the vmsample VM: Fraction, exact rational numbers (CPython's
API, results, reprs, hashes and messages for ints, floats, strings and
Fractions), in Python source so that the arithmetic allocates in the VM's
frames.  Not provided: Decimal operands (the VM has no decimal) and complex.
"""

import math

__all__ = ["Fraction"]

_PyHASH_MODULUS = 2 ** 61 - 1
_PyHASH_INF = 314159


def _float_ratio(x):
    # x.as_integer_ratio(), exactly: a float is m * 2**e with an integer m
    if x != x:
        raise ValueError("cannot convert NaN to integer ratio")
    if x in (math.inf, -math.inf):
        raise OverflowError("cannot convert Infinity to integer ratio")
    m, e = math.frexp(x)
    n = int(m * 2 ** 53)
    e -= 53
    if e >= 0:
        return n * 2 ** e, 1
    d = 2 ** -e
    g = math.gcd(n, d)
    return n // g, d // g


def _parse(text):
    # "[sign] int [/ int]" or a decimal "[sign] digits [.digits] [e[sign]digits]",
    # with surrounding whitespace and "_" between digits, as CPython accepts
    s = text.strip()
    bad = ValueError(f"Invalid literal for Fraction: {text!r}")
    if not s:
        raise bad
    sign = 1
    if s[0] in "+-":
        sign = -1 if s[0] == "-" else 1
        s = s[1:]

    def digits(part):
        if not part or part[0] == "_" or part[-1] == "_" or "__" in part:
            raise bad
        plain = part.replace("_", "")
        for c in plain:
            if not "0" <= c <= "9":
                raise bad
        return plain

    if "/" in s:
        num, _, den = s.partition("/")
        den = den.strip()
        return sign * int(digits(num)), int(digits(den))
    mantissa, exponent = s, 0
    for mark in "eE":
        if mark in s:
            mantissa, _, exp_text = s.partition(mark)
            exp_sign = 1
            if exp_text[:1] in ("+", "-"):
                exp_sign = -1 if exp_text[0] == "-" else 1
                exp_text = exp_text[1:]
            exponent = exp_sign * int(digits(exp_text))
            break
    whole, dot, frac = mantissa.partition(".")
    if not whole and not frac:
        raise bad
    whole = digits(whole) if whole else "0"
    frac = digits(frac) if frac else ""
    n = int(whole + frac)
    exponent -= len(frac)
    if exponent >= 0:
        return sign * n * 10 ** exponent, 1
    return sign * n, 10 ** -exponent


class Fraction:
    """A rational number numerator/denominator, always in lowest terms with
    a positive denominator."""

    def __init__(self, numerator=0, denominator=None, _normalize=True):
        if denominator is None:
            if type(numerator) is int:
                self._numerator = numerator
                self._denominator = 1
                return
            if isinstance(numerator, Fraction):
                self._numerator = numerator._numerator
                self._denominator = numerator._denominator
                return
            if isinstance(numerator, float):
                self._numerator, self._denominator = _float_ratio(numerator)
                return
            if isinstance(numerator, int):      # bool
                self._numerator = int(numerator)
                self._denominator = 1
                return
            if isinstance(numerator, str):
                numerator, denominator = _parse(numerator)
            else:
                raise TypeError("argument should be a string or a Rational instance")
        elif type(numerator) is int and type(denominator) is int:
            pass
        elif isinstance(numerator, (int, Fraction)) and isinstance(denominator, (int, Fraction)):
            if isinstance(numerator, Fraction) or isinstance(denominator, Fraction):
                n1, d1 = _pair(numerator)
                n2, d2 = _pair(denominator)
                numerator, denominator = n1 * d2, d1 * n2
            else:
                numerator, denominator = int(numerator), int(denominator)
        else:
            raise TypeError("both arguments should be Rational instances")
        if denominator == 0:
            raise ZeroDivisionError(f"Fraction({numerator}, 0)")
        if _normalize:
            g = math.gcd(numerator, denominator)
            if denominator < 0:
                g = -g
            numerator //= g
            denominator //= g
        self._numerator = numerator
        self._denominator = denominator

    @classmethod
    def from_float(cls, f):
        if isinstance(f, int):
            return cls(f)
        if not isinstance(f, float):
            raise TypeError(f"{cls.__name__}.from_float() only takes floats, not {f!r} ({type(f).__name__})")
        n, d = _float_ratio(f)
        return cls(n, d)

    @property
    def numerator(self):
        return self._numerator

    @property
    def denominator(self):
        return self._denominator

    def as_integer_ratio(self):
        return self._numerator, self._denominator

    def limit_denominator(self, max_denominator=1000000):
        # the closest fraction with a denominator at most max_denominator
        # (CPython's continued-fraction algorithm)
        if max_denominator < 1:
            raise ValueError("max_denominator should be at least 1")
        if self._denominator <= max_denominator:
            return Fraction(self)
        p0, q0, p1, q1 = 0, 1, 1, 0
        n, d = self._numerator, self._denominator
        while True:
            a = n // d
            q2 = q0 + a * q1
            if q2 > max_denominator:
                break
            p0, q0, p1, q1 = p1, q1, p0 + a * p1, q2
            n, d = d, n - a * d
        k = (max_denominator - q0) // q1
        if 2 * d * (q0 + k * q1) <= self._denominator:
            return Fraction(p1, q1, _normalize=False)
        return Fraction(p0 + k * p1, q0 + k * q1, _normalize=False)

    def __repr__(self):
        return f"Fraction({self._numerator}, {self._denominator})"

    def __str__(self):
        if self._denominator == 1:
            return str(self._numerator)
        return f"{self._numerator}/{self._denominator}"

    # -- arithmetic: a Fraction with an int or a Fraction is exact, with a
    # float it is a float (CPython's _operator_fallbacks)

    def __add__(a, b):
        if isinstance(b, (int, Fraction)):
            nb, db = _pair(b)
            return Fraction(a._numerator * db + nb * a._denominator, a._denominator * db)
        if isinstance(b, float):
            return float(a) + b
        return NotImplemented

    def __radd__(b, a):
        if isinstance(a, int):
            return Fraction(a * b._denominator + b._numerator, b._denominator)
        if isinstance(a, float):
            return a + float(b)
        return NotImplemented

    def __sub__(a, b):
        if isinstance(b, (int, Fraction)):
            nb, db = _pair(b)
            return Fraction(a._numerator * db - nb * a._denominator, a._denominator * db)
        if isinstance(b, float):
            return float(a) - b
        return NotImplemented

    def __rsub__(b, a):
        if isinstance(a, int):
            return Fraction(a * b._denominator - b._numerator, b._denominator)
        if isinstance(a, float):
            return a - float(b)
        return NotImplemented

    def __mul__(a, b):
        if isinstance(b, (int, Fraction)):
            nb, db = _pair(b)
            return Fraction(a._numerator * nb, a._denominator * db)
        if isinstance(b, float):
            return float(a) * b
        return NotImplemented

    def __rmul__(b, a):
        if isinstance(a, int):
            return Fraction(a * b._numerator, b._denominator)
        if isinstance(a, float):
            return a * float(b)
        return NotImplemented

    def __truediv__(a, b):
        if isinstance(b, (int, Fraction)):
            nb, db = _pair(b)
            if nb == 0:
                raise ZeroDivisionError(f"Fraction({a._numerator * db}, 0)")
            return Fraction(a._numerator * db, a._denominator * nb)
        if isinstance(b, float):
            return float(a) / b
        return NotImplemented

    def __rtruediv__(b, a):
        if isinstance(a, int):
            if b._numerator == 0:
                raise ZeroDivisionError(f"Fraction({a * b._denominator}, 0)")
            return Fraction(a * b._denominator, b._numerator)
        if isinstance(a, float):
            return a / float(b)
        return NotImplemented

    def __floordiv__(a, b):
        if isinstance(b, (int, Fraction)):
            nb, db = _pair(b)
            return (a._numerator * db) // (a._denominator * nb)
        if isinstance(b, float):
            return float(a) // b
        return NotImplemented

    def __rfloordiv__(b, a):
        if isinstance(a, int):
            return (a * b._denominator) // b._numerator
        if isinstance(a, float):
            return a // float(b)
        return NotImplemented

    def __mod__(a, b):
        if isinstance(b, (int, Fraction)):
            nb, db = _pair(b)
            return Fraction((a._numerator * db) % (nb * a._denominator), a._denominator * db)
        if isinstance(b, float):
            return float(a) % b
        return NotImplemented

    def __rmod__(b, a):
        if isinstance(a, int):
            return Fraction((a * b._denominator) % b._numerator, b._denominator)
        if isinstance(a, float):
            return a % float(b)
        return NotImplemented

    def __divmod__(a, b):
        return a // b, a % b

    def __pow__(a, b):
        if isinstance(b, int) or isinstance(b, Fraction) and b._denominator == 1:
            power = b if isinstance(b, int) else b._numerator
            if power >= 0:
                return Fraction(a._numerator ** power, a._denominator ** power, _normalize=False)
            if a._numerator == 0:
                raise ZeroDivisionError(f"Fraction({a._denominator ** -power}, 0)")
            if a._numerator > 0:
                return Fraction(a._denominator ** -power, a._numerator ** -power, _normalize=False)
            return Fraction((-a._denominator) ** -power, (-a._numerator) ** -power, _normalize=False)
        if isinstance(b, (float, Fraction)):
            return float(a) ** float(b)
        return NotImplemented

    def __rpow__(b, a):
        if b._denominator == 1 and b._numerator >= 0:
            return a ** b._numerator
        if isinstance(a, int):
            return Fraction(a) ** b
        return a ** float(b)

    def __pos__(a):
        return Fraction(a._numerator, a._denominator, _normalize=False)

    def __neg__(a):
        return Fraction(-a._numerator, a._denominator, _normalize=False)

    def __abs__(a):
        return Fraction(abs(a._numerator), a._denominator, _normalize=False)

    def __int__(a):
        if a._numerator < 0:
            return -(-a._numerator // a._denominator)
        return a._numerator // a._denominator

    __trunc__ = __int__

    def __floor__(a):
        return a._numerator // a._denominator

    def __ceil__(a):
        return -(-a._numerator // a._denominator)

    def __round__(self, ndigits=None):
        if ndigits is None:
            floor, remainder = divmod(self._numerator, self._denominator)
            if remainder * 2 < self._denominator:
                return floor
            if remainder * 2 > self._denominator:
                return floor + 1
            return floor if floor % 2 == 0 else floor + 1        # half to even
        shift = 10 ** abs(ndigits)
        if ndigits > 0:
            return Fraction(round(self * shift), shift)
        return Fraction(round(self / shift) * shift)

    def __float__(a):
        return a._numerator / a._denominator

    def __bool__(a):
        return a._numerator != 0

    def __hash__(self):
        # CPython's: numbers that are equal hash equal, so a Fraction n/1
        # hashes as the int n and 1/2 as 0.5
        dinv = pow(self._denominator, _PyHASH_MODULUS - 2, _PyHASH_MODULUS)
        if not dinv:
            hash_ = _PyHASH_INF
        else:
            hash_ = hash(hash(abs(self._numerator)) * dinv)
        result = hash_ if self._numerator >= 0 else -hash_
        return -2 if result == -1 else result

    def __eq__(a, b):
        if type(b) is int:
            return a._numerator == b and a._denominator == 1
        if isinstance(b, Fraction):
            return a._numerator == b._numerator and a._denominator == b._denominator
        if isinstance(b, int):
            return a._numerator == b and a._denominator == 1
        if isinstance(b, float):
            if b != b or b in (math.inf, -math.inf):
                return 0.0 == b
            return a == Fraction(b)
        return NotImplemented

    def _richcmp(self, other, op):
        if isinstance(other, (int, Fraction)):
            n, d = _pair(other)
            return op(self._numerator * d, self._denominator * n)
        if isinstance(other, float):
            if other != other or other in (math.inf, -math.inf):
                return op(0.0, other)
            return op(self, Fraction(other))
        return NotImplemented

    def __lt__(a, b):
        return a._richcmp(b, _lt)

    def __gt__(a, b):
        return a._richcmp(b, _gt)

    def __le__(a, b):
        return a._richcmp(b, _le)

    def __ge__(a, b):
        return a._richcmp(b, _ge)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


def _pair(x):
    # (numerator, denominator) of an int or a Fraction
    if isinstance(x, Fraction):
        return x._numerator, x._denominator
    return int(x), 1


def _lt(a, b):
    return a < b


def _gt(a, b):
    return a > b


def _le(a, b):
    return a <= b


def _ge(a, b):
    return a >= b
