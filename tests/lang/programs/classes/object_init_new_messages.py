# Checks: object.__new__ and object.__init__ refuse extra arguments with CPython's messages, which name the class, object.__new__ or object.__init__ by which of the two the class overrides (bpo-31506; the VM said "C() takes no arguments" for C().__init__(42)).
def attempt(call):
    try:
        call()
        print("no error")
    except TypeError as e:
        print("TypeError:", e)


class C:
    pass


class D:
    def __new__(cls, *args, **kwargs):
        return super().__new__(cls, *args, **kwargs)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)


class E:
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)


class F:
    def __new__(cls, *args, **kwargs):
        return super().__new__(cls)


for call in (lambda: C(42), lambda: C.__new__(C, 42), lambda: C().__init__(42), lambda: object.__new__(C, 42),
             lambda: object.__init__(C(), 42), lambda: D(42), lambda: D.__new__(D, 42),
             lambda: object.__new__(D, 42), lambda: E(42), lambda: E.__new__(E, 42), lambda: object.__new__(E, 42),
             lambda: F(42), lambda: object.__init__(F(), 42), lambda: C(x=1), lambda: C().__init__(x=1)):
    attempt(call)
