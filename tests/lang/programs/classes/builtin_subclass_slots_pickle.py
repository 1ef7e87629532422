# Checks: copy and pickle keep the slots and the __dict__ of an instance of a bytearray, set or frozenset subclass (their __reduce__'s state is __getstate__'s)
import copy, pickle
class S(set):
    __slots__ = ('x', '__dict__')
class F(frozenset):
    __slots__ = ('x', '__dict__')
class B(bytearray):
    __slots__ = ('x', 'y', '__dict__')
for cls, init in ((S, {1, 2}), (F, {3}), (B, b"abc")):
    o = cls(init)
    o.x = 10
    o.z = "zz"
    for c in (copy.copy(o), copy.deepcopy(o), pickle.loads(pickle.dumps(o, 2)), pickle.loads(pickle.dumps(o, 0))):
        print(type(c).__name__, sorted(c), c.x, c.z, c.__dict__)
    plain = cls(init)
    print(pickle.loads(pickle.dumps(plain)) == plain)
o = B(b"q"); o.y = 1; print(o.__reduce__()[2], S().__reduce__()[2])
