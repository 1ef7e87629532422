# Checks: decimal (delegated to CPython): construction, arithmetic with ints, rounding and quantize, contexts (getcontext, Context, localcontext, flags, traps and the exceptions they raise), formatting, hashing, comparisons, conversions, and the telco benchmark's loop.
from decimal import *
import decimal
c = getcontext(); print(repr(c))
try:
    Decimal(1) / 0
except DivisionByZero as e:
    print(type(e).__name__, e.args, str(e))
try:
    Decimal('abc')
except InvalidOperation as e:
    print(type(e).__name__, e)
try:
    Decimal('NaN') < 1
except InvalidOperation as e:
    print(type(e).__name__, e)
print(c.flags[DivisionByZero], c.flags[InvalidOperation])
c.clear_flags()
print(repr(Decimal('1.5')), str(Decimal('1E+5')), Decimal(0.1), Decimal('1.30').as_tuple())
print(c.flags[FloatOperation])
print(hash(Decimal(5)) == hash(5), hash(Decimal('1.5')) == hash(1.5))
c.capitals = 0
print(str(Decimal('1E+5')))
c.capitals = 1
print(Decimal('2.675').quantize(Decimal('0.01')), round(Decimal('2.675'), 2), round(Decimal('2.5')), type(round(Decimal('2.5'))).__name__)
print(format(Decimal('1234.5678'), ',.2f'), Decimal(10) ** -2, divmod(Decimal(7), 2), -Decimal('0'), Decimal('-0') + 0)
try:
    Decimal(1) + 1.5
except TypeError as e:
    print("TypeError")
print(Decimal(1) == 1.0, Decimal('1.1') < 2, 3 * Decimal('1.1'), 1 - Decimal('0.1'), Decimal(2).sqrt())
print(repr(Context(rounding=ROUND_DOWN)))
getcontext().rounding = ROUND_DOWN
rates = list(map(Decimal, ('0.0013', '0.00894')))
twodig = Decimal('0.01')
Banker = Context(rounding=ROUND_HALF_EVEN)
basictax = Decimal("0.0675")
sumT = Decimal("0")
for n in range(1, 200, 7):
    r = rates[n & 1]
    p = Banker.quantize(r * n, twodig)
    b = (p * basictax).quantize(twodig)
    t = p + b
    sumT += t
    print(t, end=" ")
print()
print(sumT, getcontext().rounding)
with localcontext() as ctx:
    ctx.prec = 5
    print(Decimal(1) / Decimal(7), ctx.prec)
print(Decimal(1) / Decimal(7))
with localcontext(prec=3):
    print(Decimal('3.14159') + 0, +Decimal('2.71828'))
print(Decimal('1.23456789').quantize(Decimal('0.001'), rounding=ROUND_UP))
print(Decimal((0, (1, 4, 1), -2)), Decimal(' 12_3.5 '), Decimal('-Infinity'), Decimal('nan'))
print(int(Decimal('42.9')), float(Decimal('0.5')), bool(Decimal(0)), Decimal('7.5') // 2, Decimal('7.5') % 2)
print(sorted([Decimal('1.5'), Decimal('-2'), Decimal('0.75')]), max(Decimal(1), Decimal(2)))
print(Decimal('1.10').normalize(), Decimal('123.456').adjusted(), Decimal('0.75').as_integer_ratio())
print(Decimal(5).compare(Decimal(6)), Decimal('-3').copy_abs(), Decimal('1E+2').to_eng_string())
getcontext().traps[DivisionByZero] = False
print(Decimal(1) / 0, getcontext().flags[DivisionByZero])
try:
    getcontext().prec = 0
except ValueError as e:
    print(e)
print(decimal.__name__, ExtendedContext.prec, BasicContext.rounding)
ctx = Context(prec=6)
print(repr(ctx.traps), len(ctx.flags), ctx.traps.get(Inexact), isinstance(ctx.traps, dict))
ctx.traps[Inexact] = True
try:
    ctx.divide(Decimal(1), Decimal(3))
except Inexact as e:
    print("Inexact trapped", e, ctx.flags[Inexact], ctx.flags[Rounded])
try:
    ctx.traps = [DivisionByZero]
except TypeError as e:
    print(e)
traps = ctx.traps.copy()
for signal in traps:
    traps[signal] = signal is DivisionByZero
ctx.traps = traps
print(ctx.divide(Decimal(1), Decimal(3)), repr(ctx))
ctx.prec = 2
print(ctx.divide(Decimal(1), Decimal(3)), ctx.power(Decimal(2), 10), ctx.add(1, 2))
try:
    ctx.add(1.5, 2)
except TypeError as e:
    print(e)
