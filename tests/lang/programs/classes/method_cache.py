# Checks: a method call site that has seen a class answers as the lookup would after every change
# that could change the answer: the method replaced on the class or a base, an instance attribute of
# the same name (a new instance key, or in a materialised __dict__), __getattribute__ defined, the
# bases replaced, and another class with a method of the same name.


class Base:
    def greet(self):
        return "base"


class Child(Base):
    pass


class Other:
    def greet(self):
        return "other"


def call_all(objs):
    return [o.greet() for o in objs]       # one LOAD_METHOD site for every change below


c, d = Child(), Child()
print(call_all([c, d, c]))
Base.greet = lambda self: "base replaced"
print(call_all([c, d]))
Child.greet = lambda self: "child's own"
print(call_all([c, d]))
del Child.greet
print(call_all([c, Other(), d]))
d.greet = lambda: "instance attribute"         # a new key of Child's instances
print(call_all([c, d, c]))
e = Child()
print(call_all([e, c]))
e.__dict__["greet"] = lambda: "in __dict__"
print(call_all([e, c]))


class Alt:
    def greet(self):
        return "alt"


c.__class__ = Alt
print(call_all([c, e, Child()]))


class Loud(Base):
    pass


loud = Loud()
print(call_all([loud, loud]))
Loud.__getattribute__ = lambda self, name: (lambda: "intercepted " + name)
print(call_all([loud]))
del Loud.__getattribute__
print(call_all([loud]))


class P1:
    def greet(self):
        return "p1"


class P2:
    def greet(self):
        return "p2"


class Q(P1):
    pass


q = Q()
print(call_all([q, q]))
Q.__bases__ = (P2,)
print(call_all([q, q]))
for i in range(3):                           # a site in a loop, over instances of many classes
    objs = [cls() for cls in (Base, Child, Other, Alt, Loud, P1, P2, Q)]
    print(call_all(objs))
