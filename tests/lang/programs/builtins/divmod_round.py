# Checks: divmod with ints and floats of all sign combinations; round to ints and digits; divmod as
# a binary operator (__rdivmod__, a subclass's first).
for a in [7, -7, 7.5, -7.5]:
    for b in [2, -2, 0.5]:
        print(a, b, divmod(a, b))
print(round(2.5), round(3.5), round(-2.5), round(0.4999), round(1.23456, 3), round(-1.5, 0), round(15, -1), round(25, -1))
try:
    divmod(1, 0)
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)


# divmod() is a binary operator: the right operand's __rdivmod__, first when
# its class is a subclass of the left's that overrides it (CPython's
# binary_op1 for nb_divmod).
class Reflected:
    def __rdivmod__(self, other):
        return ("rdivmod", other)


class Both:
    def __divmod__(self, other):
        return ("divmod", type(self).__name__)

    def __rdivmod__(self, other):
        return ("rdivmod", type(self).__name__)


class Sub(Both):
    def __rdivmod__(self, other):
        return ("Sub.rdivmod", type(other).__name__)


class Declines:
    def __divmod__(self, other):
        return NotImplemented


print(divmod(5, Reflected()), divmod(2.5, Reflected()))
print(divmod(Both(), Sub()), divmod(Sub(), Both()), divmod(Both(), Both()))
print(divmod(Declines(), Reflected())[0])
for a, b in [(Reflected(), 5), (Declines(), 1), ("x", 1)]:
    try:
        divmod(a, b)
    except TypeError as e:
        print("TypeError:", e)
