# Checks: each builtin of fixed id called with 0 to 5 positional arguments:
# CPython refuses a wrong count before it looks at the arguments, in one of
# three wordings (METH_NOARGS, METH_O, Argument Clinic), then checks their
# types; the unbound forms need their self.
import builtins


def gen():
    yield 1


SAMPLES = {"list": lambda: [1, 2], "dict": lambda: {1: 2}, "set": lambda: {1, 2},
           "tuple": lambda: (1, 2), "int": lambda: 5, "float": lambda: 1.5,
           "property": lambda: property(lambda s: 1), "generator": gen}

NAMES = """len range isinstance repr abs min max sum sorted reversed enumerate zip map filter any all
hasattr getattr setattr iter next divmod round ord chr hash id callable issubclass pow delattr format
bin hex oct list.append list.pop list.insert list.index list.count list.sort list.reverse list.extend
list.remove list.clear list.copy dict.get dict.setdefault dict.pop dict.update dict.keys dict.values
dict.items dict.copy dict.clear dict.popitem dict.fromkeys set.add set.remove set.discard set.pop
set.union set.intersection set.difference set.copy set.update set.clear set.issubset set.issuperset
set.symmetric_difference set.isdisjoint set.difference_update set.intersection_update
set.symmetric_difference_update tuple.index tuple.count int.bit_length float.is_integer
generator.send generator.throw generator.close property staticmethod classmethod property.setter
property.getter property.deleter""".split()

for name in NAMES:
    owner, _, attr = name.rpartition(".")
    for n in range(6):
        f = getattr(SAMPLES[owner](), attr) if owner else getattr(builtins, name)
        try:
            f(*[[1]] * n)
            outcome = "ok"
        except TypeError as e:
            outcome = f"TypeError: {e}"
        except Exception as e:
            outcome = type(e).__name__
        print(name, n, outcome)

# The argument checks behind the count, and the unbound forms
for source in ["[].pop([1])", "[1].pop(5)", "[].pop(0)", "[1, 2].pop(-1)", "chr(3.5)", "chr(65)",
               "dict([[1, 2], 'ab'])", "dict([1])", "dict(['abc'])", "issubclass(int, 1)",
               "issubclass(1, int)", "format(1, 2)", "[1, 2].index(1, None, 2)", "round()", "pow(2)",
               "round(number=2.5)", "list.append()", "dict.keys()", "sorted()", "{}.keys(1)", "sum()",
               "sum([], 1, 2)", "[].sort(1)", "[].sort(1, 2, 3)", "iter()", "list.pop([], 0)",
               "set.add(set())", "dict.fromkeys()"]:
    try:
        print(source, "->", eval(source))
    except Exception as e:
        print(source, "->", type(e).__name__, e)
