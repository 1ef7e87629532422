# Checks: __qualname__ of nested functions, lambdas, comprehensions and classes as CPython's compiler sets it: '<locals>' under a function, none under a class, a global-declared name at the top.
def f():
    def g(): pass
    return g
class C:
    def m(self):
        def h(): pass
        class D:
            def n(self): pass
        return h, D, lambda: 0
print(f().__qualname__, [getattr(x, "__qualname__") for x in C().m()], C().m()[1].n.__qualname__)
def top():
    global later
    def later(): pass
    return [x for x in (lambda: 1,)][0], (y for y in ())
top()
print(later.__qualname__, [v.__qualname__ for v in top()])
class K:
    class L:
        def m(self): return (lambda: 0)
print(K.L.m.__qualname__, K.L().m().__qualname__)
