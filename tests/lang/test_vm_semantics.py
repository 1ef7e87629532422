"""Differential tests of the VM: each snippet runs under CPython and under
``python -m vmsample.lang``; stdout and the exit status must be identical.

The snippets are small and each exercises one corner of the language; the
corpus under tests/lang/programs/ covers whole programs.
"""

import subprocess
import sys
import textwrap

import pytest

from differential import GC_DEBUG_KNOBS, clean_env, run_timeout

SNIPPETS = {
    "arith": """
        print(7 // 2, -7 // 2, 7 // -2, 7 % 3, -7 % 3, 7 % -3, 2 ** 10, 2 ** -1, 2 ** 100)
        print(1 << 70, (1 << 70) >> 3, -5 >> 1, 5 & 3, 5 | 3, 5 ^ 3, ~5)
        print(7 / 2, 1 / 3, 10 / 5, 0.1 + 0.2, 1e16, 1.5e-7, -0.0, 3.0 * 2)
        print(divmod(7, 2), divmod(-7, 2), divmod(7.5, 2), round(2.5), round(3.5), round(2.675, 2))
        print(abs(-3), abs(-2.5), int("42"), int(3.9), int(-3.9), float("1.5"), int("ff", 16))
        print(4611686018427387903 + 1, -4611686018427387904 - 1, 3037000500 * 3037000500)
        print(True + True, True * 3, 10 - True, 1 == 1.0, hash(1) == hash(1.0))
    """,
    "compare": """
        print(1 < 2 < 3, 1 < 3 < 2, 1 == 1 != 2, "a" < "b", [1, 2] < [1, 3], (1, 2) == (1, 2))
        print(None is None, 1 is not None, "ab" in "cabd", 3 in [1, 2, 3], 4 not in {1: 2})
        x = 5
        print(0 < x <= 5, not x, x and 0, x or 0, None or "d", [] or {})
        print(1 if x > 3 else 2, max(3, 7, 1), min([4, 2, 8]), max("abc", key=ord))
    """,
    "strings": """
        s = "Hello, World"
        print(s[0], s[-1], s[2:5], s[::-1], s[::2], len(s), s.upper(), s.lower())
        print(s.split(", "), "-".join(["a", "b", "c"]), "  x ".strip(), s.replace("l", "L"))
        print(s.find("World"), s.startswith("Hell"), s.endswith("x"), "ab" * 3, "a" + "b")
        print("%d items at %.2f: %s %r" % (3, 1.5, "x", "y"), "%5d|%-5s|" % (42, "ab"))
        print("{} and {}".format(1, "two"), "{0:>5}|{1:<4}|".format("a", "b"), "{:.3f}".format(3.14159))
        name, n = "vm", 3
        print(f"{name!r} has {n:03d} parts, {n * 1.5:.1f}", f"{name:>6}", f"{{}}")
        print(repr("it's"), repr('say "hi"'), str(12), str(1.0), ord("a"), chr(98))
        for ch in "abc":
            print(ch, end=" ")
        print()
    """,
    "lists": """
        a = [3, 1, 2]
        a.append(5); a.insert(0, 9); print(a, a.pop(), a.pop(0), a)
        a.sort(); print(a, a.index(2), a.count(3)); a.reverse(); print(a)
        b = list(range(10))
        print(b[1:8:2], b[::-3], b[-3:], b[:2] + b[8:], [0] * 3)
        b[2:5] = ["x", "y"]; print(b)
        b[::2] = [0] * len(b[::2]); print(b)
        del b[0]; del b[1:3]; print(b, len(b))
        c = [[1, 2], [3]]; c[0].append(9); print(c, sorted([3, 1, 2], reverse=True))
        print(sorted(["bb", "a", "ccc"], key=len), list(reversed([1, 2, 3])), sum([1, 2, 3], 10))
        x = [1, 2]; y = x; x += [3]; print(y, x * 2)
    """,
    "dicts": """
        d = {"b": 1, "a": 2}
        d["c"] = 3; print(d, d.get("z"), d.get("a"), d.setdefault("e", 5), d)
        print(list(d.keys()), list(d.values()), list(d.items()), d.pop("b"), d)
        d.update({"a": 10}, z=1); print(d, "a" in d, len(d))
        del d["a"]; print(d)
        for k, v in d.items():
            print(k, v)
        print({k: v for k, v in zip("xyz", range(3))}, dict(a=1), dict([(1, 2)]))
        print(d.keys(), d.values(), d.items())
        e = {1: "a", 1.0: "b", True: "c"}; print(e)
    """,
    "sets": """
        s = {5, 3, 100, 17, 33, 1}
        print(s, len(s), 3 in s)
        s.add(8); s.discard(100); print(s)
        t = set(range(20, 0, -3)); print(t)
        print(s | t, s & t, s - t, s ^ t)
        print({x % 7 for x in range(50)}, set(), {1, 2} <= {1, 2, 3}, sorted({"b", "a"}))
        big = set()
        for i in range(100):
            big.add(i * 37 % 101)
        print(big)
        for i in range(0, 100, 3):
            big.discard(i)
        print(big)
    """,
    "tuples_unpack": """
        t = (1, 2, 3)
        a, b, c = t; print(a, b, c, t[1:], t + (4,), t * 2, len(t), (1,), ())
        first, *rest = [1, 2, 3, 4]; print(first, rest)
        *init, last = "abc"; print(init, last)
        (x, y), z = (1, 2), 3; print(x, y, z)
        for i, (p, q) in enumerate([(1, 2), (3, 4)]):
            print(i, p, q)
        print(t.index(2), t.count(1), tuple([1, 2]), t == (1, 2, 3), t < (1, 2, 4))
    """,
    "control": """
        for i in range(5):
            if i == 1:
                continue
            if i == 4:
                break
            print(i)
        else:
            print("no")
        for i in range(2):
            pass
        else:
            print("else ran")
        n = 0
        while n < 3:
            n += 1
        else:
            print("while else", n)
        while True:
            n -= 1
            if n == 0:
                break
        print(n)
    """,
    "functions": """
        def f(a, b=2, *args, c=3, **kw):
            return a, b, args, c, kw
        print(f(1), f(1, 5, 6, 7, c=8, d=9), f(*[1, 2, 3], **{"c": 0}))
        def g(x, y):
            return x - y
        print(g(y=1, x=5), (lambda x, y=1: x + y)(2))
        def counter():
            count = 0
            def inc():
                nonlocal count
                count += 1
                return count
            return inc
        c = counter(); c(); print(c(), c())
        total = 0
        def add(n):
            global total
            total += n
        add(5); add(6); print(total)
        def fact(n):
            return 1 if n <= 1 else n * fact(n - 1)
        print(fact(30))
        print(list(map(lambda x: x * 2, [1, 2])), list(filter(None, [0, 1, 2])), any([0, 1]), all([]))
    """,
    "classes": """
        class Animal:
            kind = "animal"
            def __init__(self, name):
                self.name = name
            def speak(self):
                return f"{self.name} makes a sound"
            def __repr__(self):
                return f"Animal({self.name!r})"
        class Dog(Animal):
            def __init__(self, name, breed):
                super().__init__(name)
                self.breed = breed
            def speak(self):
                return super().speak() + " (woof)"
        d = Dog("Rex", "lab")
        print(d.speak(), d.kind, d.breed, isinstance(d, Animal), type(d).__name__, [d])
        print(Animal.kind, Dog.__name__, issubclass(Dog, Animal), hasattr(d, "x"), getattr(d, "name"))
        setattr(d, "age", 3); print(d.age)
        class V:
            __slots__ = ("x", "y")
            def __init__(self, x, y):
                self.x, self.y = x, y
            def __add__(self, o):
                return V(self.x + o.x, self.y + o.y)
            def __eq__(self, o):
                return self.x == o.x and self.y == o.y
            def __hash__(self):
                return hash((self.x, self.y))
            def __lt__(self, o):
                return (self.x, self.y) < (o.x, o.y)
            def __str__(self):
                return f"<{self.x}, {self.y}>"
            def __len__(self):
                return 2
        v = V(1, 2) + V(3, 4)
        print(v, str(v), len(v), V(1, 2) == V(1, 2), V(1, 2) in {V(1, 2)}, sorted([V(2, 1), V(1, 5)])[0])
        class Seq:
            def __init__(self):
                self.items = [1, 2, 3]
            def __getitem__(self, i):
                return self.items[i]
            def __iter__(self):
                return iter(self.items)
            def __contains__(self, x):
                return x == 2
        s = Seq(); print(s[1], list(s), 2 in s, 3 in s)
    """,
    "exceptions": """
        class MyError(Exception):
            pass
        class Detailed(ValueError):
            def __init__(self, code):
                super().__init__(f"code {code}")
                self.code = code
        def risky(n):
            if n == 0:
                raise MyError("zero")
            if n == 1:
                raise Detailed(42)
            return 10 // (n - 2)
        for n in range(4):
            try:
                print(risky(n))
            except MyError as e:
                print("my", e, e.args)
            except ValueError as e:
                print("value", e, e.code)
            except ZeroDivisionError as e:
                print("zero", e)
            else:
                print("no error")
            finally:
                print("finally", n)
        try:
            [][1]
        except IndexError as e:
            print(type(e).__name__, e)
        try:
            {}["k"]
        except KeyError as e:
            print(repr(e), str(e))
        try:
            undefined_name
        except NameError as e:
            print(e)
        try:
            None.foo
        except AttributeError as e:
            print(e)
        try:
            int("x")
        except ValueError as e:
            print(e)
        try:
            assert 1 == 2, "nope"
        except AssertionError as e:
            print("assert", e)
        def f():
            try:
                return "try"
            finally:
                print("cleanup")
        print(f())
        try:
            try:
                raise KeyError("a")
            except KeyError:
                raise
        except Exception as e:
            print("re", repr(e))
    """,
    "generators": """
        def gen(n):
            for i in range(n):
                yield i * i
            return "done"
        print(list(gen(4)), sum(x for x in range(5)))
        g = gen(2); print(next(g), next(g), next(g, "end"))
        def chain(*its):
            for it in its:
                yield from it
        print(list(chain([1, 2], "ab", gen(3))))
        def fib():
            a, b = 0, 1
            while True:
                yield a
                a, b = b, a + b
        f = fib(); print([next(f) for _ in range(10)])
        def outer():
            r = yield from gen(2)
            yield r
        print(list(outer()))
    """,
    "comprehensions": """
        print([x * y for x in range(3) for y in range(3) if x != y])
        print({x: [y for y in range(x)] for x in range(4)})
        print([[i for i in range(j)] for j in range(3)], {c for c in "hello"} == set("helo"))
        n = 10
        print([n + i for i in range(3)], list(zip([1, 2], "ab", (True, False))))
        print(list(enumerate("ab", 1)), list(zip()))
    """,
    "modules": """
        import math
        import random
        import time
        from typing import List, Dict
        import gc
        print(math.sqrt(16), math.pi, math.floor(2.7), math.ceil(2.1), math.gcd(12, 18))
        random.seed(5)
        x = random.random(); print(0 <= x < 1, 1 <= random.randint(1, 6) <= 6)
        t = time.time(); print(t > 0)
        gc.collect()
        def f(xs: List[int]) -> Dict[str, int]:
            return {"n": len(xs)}
        y: int = 5
        print(f([1, 2]), y)
    """,
    "str_fast_paths": """
        s = "hello world"
        print(s.startswith("he"), s.startswith("lo", 3), s.startswith("", 11), s.startswith("", 12))
        print(s.endswith("ld"), s.endswith("wor", 0, 9), s.startswith("h", -20))
        print(s.find("o"), s.find("o", 5), s.find("z"), s.find("", 20), s.find("", 11), s.find("l", -3))
        print("".isdigit(), "123".isdigit(), "12a".isalnum(), " \t".isspace(), "abc".isalpha(), "\u00b2".isdigit())
        print("-".join(["a", "b"]), ",".join(c for c in "xyz"), "".join([]), "ab" in "cabd", "" in "x", "x" in "")
        try:
            ",".join([1, 2])
        except TypeError as e:
            print(e)
        print(s[::-1], s[2:8:2], s[-3:], s[100:], s[3:1], s[-1], s[4:5])
    """,
    "misc": r"""
        d = dict.fromkeys("abc", 0)
        print(d, sorted({"x": 3, "y": 1}.items(), key=lambda kv: -kv[1]))
        print(list(enumerate("ab", start=1)), min([], default=None), max([3, 1], key=lambda v: -v))
        class C:
            n = 0
            def __init__(self):
                C.n += 1
                self.n += 10
        c = C(); C()
        print(C.n, c.n)
        def gen():
            try:
                yield 1
                raise ValueError("in gen")
            except ValueError as e:
                yield str(e)
            finally:
                print("gen finally")
        print(list(gen()))
        print("%(a)s-%(b)d" % {"a": "x", "b": 3}, "{:,}".format(10**9), f"{10**6:_}")
        print(*[1, 2, 3], sep="|")
        fs = [lambda i=i: i for i in range(3)]
        print([f() for f in fs])
        class Bad:
            def __init__(self):
                raise RuntimeError("nope")
        try:
            Bad()
        except RuntimeError as e:
            print("caught", e)
        print(repr(1e100), 1/3, 2**0.5, -0.0, float("inf"), float("nan"), 1e-5, 123456789.123456789)
        print(round(0.5), round(1.5), round(-2.5), round(3.14159, 3), int(-7 / 2), 7 // -2, -7 % 3)
        print(sorted([3, 1, 2], reverse=True), list(reversed(range(5))), list(range(10, 0, -3)))
        x = [1, [2, [3]]]
        y = x[:]
        y[1][1].append(4)
        print(x, y is x, y == x)
        print(str(None), str(True), repr("a'b\"c"), "\\n", "tab\there")
        print(divmod(-7, 2), pow(2, 10, 1000), abs(-0.5), hash((1, 2)) == hash((1, 2)))
        s = set()
        for w in "the quick brown the fox".split():
            s.add(w)
        print(sorted(s), len(s))
        print(chr(65) + chr(0x263A), ord("€"), "ABC".lower(), "abc".title(), " x ".strip() or "empty")
        def f(*args, **kw):
            return args, sorted(kw.items())
        print(f(1, *[2, 3], a=1, **{"b": 2}))
        import math
        print(math.floor(-2.5), math.ceil(-2.5), math.isclose(1.0, 1.0 + 1e-12), math.inf > 10**100)
    """,
    "generator_throw_close": """
        def g():
            try:
                yield 1
                yield 2
            except ValueError as e:
                print("caught in gen:", e)
                yield 99
            finally:
                print("finally")
        it = g()
        print(next(it))
        print(it.throw(ValueError("boom")))
        it.close()
        print("closed")
        it2 = g()
        next(it2)
        it2.close()
        try:
            next(it2)
        except StopIteration:
            print("done after close")
        it3 = g()
        try:
            it3.throw(KeyError("k"))
        except KeyError as e:
            print("unstarted throw", repr(e))
        def counter():
            n = 0
            while True:
                got = yield n
                n = got if got is not None else n + 1
        c = counter()
        print(next(c), c.send(10), next(c))
        def h():
            yield 1
            raise RuntimeError("inside")
        try:
            for x in h():
                print("x", x)
        except RuntimeError as e:
            print("propagated", e)
    """,
    "properties_and_methods": """
        class A:
            count = 0
            def __init__(self, v):
                self._v = v
            @property
            def v(self):
                return self._v
            @v.setter
            def v(self, x):
                self._v = x * 2
            @staticmethod
            def s(x):
                return x + 1
            @classmethod
            def make(cls, v):
                return cls(v)
        a = A.make(3)
        print(a.v, A.s(4), a.s(5))
        a.v = 10
        print(a.v, type(a).__name__)
        def k(a, *, b=2, c):
            return a, b, c
        print(k(1, c=3))
        print(2 ** 100, -(2 ** 70) // 3, int("123456789012345678901234567890") % 97)
    """,
    "uncaught": """
        def inner():
            raise RuntimeError("bad")
        def outer():
            inner()
        print("before")
        outer()
    """,
    "exit": """
        import sys
        print("x")
        sys.exit(3)
    """,
}


KNOBS = {"default": {}, "gc-debug": GC_DEBUG_KNOBS}


def _run(argv, path, knobs=None):
    return subprocess.run([*argv, str(path)], capture_output=True, text=True, timeout=run_timeout(knobs),
                          env=clean_env(**(knobs or {})))


@pytest.mark.parametrize("mode", sorted(KNOBS))
@pytest.mark.parametrize("name", sorted(SNIPPETS))
def test_snippet_matches_cpython(name, mode, tmp_path):
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(SNIPPETS[name]))
    expected = _run([sys.executable], path)
    actual = _run([sys.executable, "-m", "vmsample.lang"], path, KNOBS[mode])
    assert actual.stdout == expected.stdout
    assert actual.returncode == expected.returncode, actual.stderr
    if expected.returncode == 1:
        # the traceback names the same frames, lines and exception
        assert actual.stderr.splitlines()[-1] == expected.stderr.splitlines()[-1]
        assert [l for l in actual.stderr.splitlines() if l.startswith("  File")] == \
               [l for l in expected.stderr.splitlines() if l.startswith("  File")]


@pytest.mark.parametrize("how", ["body", "assigned"])
@pytest.mark.parametrize("hook", ["__getattribute__", "__setattr__", "__delattr__"])
def test_attribute_hooks_are_called_as_cpython_calls_them(hook, how, tmp_path):
    # Defined in the class body or assigned to the class later: every
    # attribute access, assignment and deletion goes through the hook.
    body = {"__getattribute__": "return ('got', name, object.__getattribute__(self, name))",
            "__setattr__": "print('set', name, args); object.__setattr__(self, name, *args)",
            "__delattr__": "print('del', name); object.__delattr__(self, name)"}[hook]
    define = (f"class K:\n    def {hook}(self, name, *args):\n        {body}\n" if how == "body" else
              f"class K:\n    pass\ndef hook(self, name, *args):\n    {body}\nK.{hook} = hook\n")
    use = ("k = K()\nobject.__setattr__(k, 'a', 1)\nk.b = 2\nprint(getattr(k, 'a', None), k.b)\n"
           "del k.a\nprint(hasattr(k, 'a'), vars(k))\n")
    path = tmp_path / "hook.py"
    path.write_text(f"print('before')\n{define}{use}print('after')\n")
    expected = _run([sys.executable], path)
    actual = _run([sys.executable, "-m", "vmsample.lang"], path)
    assert (actual.returncode, actual.stdout) == (expected.returncode, expected.stdout), actual.stderr


BROKEN_PIPE = {
    "caught": """
        import sys
        try:
            for i in range(100000):
                print("line", i)
        except BrokenPipeError as e:
            code = 40 + e.errno
        except OSError:
            code = 3
        sys.exit(code)
    """,
    "uncaught": """
        for i in range(100000):
            print("line", i)
    """,
}


@pytest.mark.parametrize("name", sorted(BROKEN_PIPE))
def test_a_closed_stdout_is_broken_pipe_error(name, tmp_path):
    # `prog | head -1`: writing to a pipe whose reader has gone raises
    # BrokenPipeError (it was once a plain OSError), as in CPython.
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(BROKEN_PIPE[name]))

    def head_1(argv):
        proc = subprocess.Popen([*argv, str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                env=clean_env())
        first = proc.stdout.readline()
        proc.stdout.close()
        err = proc.stderr.read().decode()
        proc.wait(timeout=120)
        return first, proc.returncode, err.strip().splitlines()[-1:] if err.strip() else []

    expected = head_1([sys.executable])
    assert head_1([sys.executable, "-m", "vmsample.lang"]) == expected
    assert expected[1] == (72 if name == "caught" else 1)
