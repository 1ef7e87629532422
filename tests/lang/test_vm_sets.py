"""Property tests: random programs over sets and dicts print exactly what
CPython prints -- including the iteration order of int sets, which depends on
CPython's probing, resizing and tombstone reuse (replicated in vm/set.pxi)."""

from hypothesis import given, settings, strategies as st

from differential import run_both

ints = st.integers(min_value=-40, max_value=200) | st.sampled_from([2**40, -2**33, 8, 16, 24, 32])
int_lists = st.lists(ints, max_size=30)


set_ops = st.one_of(
    st.tuples(st.just("add"), ints),
    st.tuples(st.just("discard"), ints),
    st.tuples(st.just("update"), int_lists),
    st.tuples(st.just("|="), int_lists),
    st.tuples(st.just("&="), int_lists),
    st.tuples(st.just("-="), int_lists),
    st.tuples(st.just("^="), int_lists),
    st.tuples(st.just("pop"), st.none()),
    st.tuples(st.just("copy"), st.none()),
    st.tuples(st.just("clear"), st.none()),
)


@settings(max_examples=60)
@given(start=int_lists, literal=st.booleans(), ops=st.lists(set_ops, max_size=25))
def test_set_operation_sequences(start, literal, ops):
    lines = [f"s = {{{', '.join(map(str, start))}}}" if literal and start else f"s = set({start!r})",
             "print(s)"]
    for op, arg in ops:
        if op in ("add", "discard"):
            lines.append(f"s.{op}({arg})")
        elif op == "update":
            lines.append(f"s.update({arg!r})")
        elif op in ("|=", "&=", "-=", "^="):
            lines.append(f"s {op} set({arg!r})")
        elif op == "pop":
            lines.append("if s: print('pop', s.pop())")
        elif op == "copy":
            lines.append("s = s.copy()")
        else:
            lines.append("s.clear()")
        lines.append("print(s, len(s))")
    run_both("\n".join(lines) + "\n")


@settings(max_examples=60)
@given(a=int_lists, b=int_lists)
def test_set_binary_operators(a, b):
    run_both(f"""
a = set({a!r})
b = set({b!r})
print(a | b, a & b, a - b, b - a, a ^ b, b ^ a)
print(a.union(b, [1, 2]), a.intersection(b), a.difference(b), a.symmetric_difference(b))
print(a <= b, a < b, a >= b, a == b, a != b, a.isdisjoint(b), a.issubset(b | a))
print({{x for x in a if x % 3}}, set(b) == b, sorted(a ^ b))
d = {{k: 1 for k in b}}
print(set(d), a - set(d))
""")


@settings(max_examples=40)
@given(keys=int_lists, deletes=int_lists)
def test_dict_insertion_order(keys, deletes):
    run_both(f"""
d = {{}}
for k in {keys!r}:
    d[k] = d.get(k, 0) + 1
for k in {deletes!r}:
    d.pop(k, None)
d[999] = 1
print(d, list(d), list(d.values()), len(d))
print({{v: k for k, v in d.items()}})
""")
