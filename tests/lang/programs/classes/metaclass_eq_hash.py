# Checks: a metaclass's __eq__ and __hash__ decide for its classes: ==, in a tuple or list, as dict keys (typing_extensions.Protocol == typing.Protocol).
class M(type):
    def __eq__(cls, other):
        return other is int or type.__eq__(cls, other)
    def __hash__(cls):
        return hash(int)
class A(metaclass=M):
    pass
print(A == int, A in (str, int), A in [int], int == A, A != int, {int: 1}.get(A))
