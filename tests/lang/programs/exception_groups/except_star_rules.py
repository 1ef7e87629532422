# Checks: except*'s rules: what a clause raises joins what no clause matched (raised first, the re-raised part in the original's structure), a bare raise keeps the original's metadata, the handled exception in a clause is its match, a clause's name is unbound after it, derive() of a subclass, and the compile-time rule that break/continue/return cannot leave an except* clause (a loop inside one is fine).
import sys


def show(e, ind=""):
    if isinstance(e, BaseExceptionGroup):
        print(ind + type(e).__name__, repr(e.message))
        for x in e.exceptions:
            show(x, ind + "  ")
    else:
        print(ind + repr(e))


def leaves(e):
    if isinstance(e, BaseExceptionGroup):
        return [x for sub in e.exceptions for x in leaves(sub)]
    return [e]


orig = ExceptionGroup("orig", [ValueError(1), ExceptionGroup("nested", [TypeError(2), ValueError(3)]), OSError(4)])
try:
    try:
        raise orig
    except* TypeError:
        print("handled is match:", type(sys.exc_info()[1]).__name__, sys.exc_info()[1].message)
        raise
    except* ValueError as v:
        print("v leaves", leaves(v))
        raise RuntimeError("from a clause")
except BaseExceptionGroup as e:
    show(e)
    print("context of the new one:", type(e.exceptions[0].__context__).__name__)
    print("traceback kept:", e.exceptions[1].__traceback__ is orig.__traceback__)

try:
    v = "before"
    try:
        raise ExceptionGroup("x", [ValueError()])
    except* ValueError as v:
        pass
    print(v)
except NameError as e:
    print("NameError:", e)


class MyEG(ExceptionGroup):
    def derive(self, excs):
        return MyEG(self.message + "+", excs)


m, r = MyEG("mine", [ValueError(1), KeyError(2)]).split(KeyError)
show(m)
show(r)
print(type(MyEG("m", [ValueError()]).subgroup(lambda e: True)).__name__)

try:
    raise ExceptionGroup("loop", [ValueError(i) for i in range(3)])
except* ValueError as g:
    for e in g.exceptions:
        if e.args[0] == 1:
            break
    print("broke at", e)

for text in ["for i in range(3):\n    try:\n        pass\n    except* ValueError:\n        break\n",
             "def f():\n    try:\n        pass\n    except* ValueError:\n        return 1\n",
             "while True:\n    try:\n        pass\n    except* ValueError:\n        continue\n"]:
    try:
        compile(text, "<s>", "exec")
    except SyntaxError as e:
        print(e.msg, e.lineno, e.offset)

deep = TypeError(1)
for i in range(2000):
    deep = ExceptionGroup("eg", [deep])
for method in (deep.split, deep.subgroup):
    try:
        method(TypeError)
    except RecursionError as e:
        print("RecursionError", e)
