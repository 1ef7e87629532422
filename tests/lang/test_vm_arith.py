"""Property test: random arithmetic and comparison expressions over ints
(small and big), floats and bools evaluate in the VM to exactly what CPython
prints -- values, float repr, and the exception type and message when one is
raised (ZeroDivisionError, OverflowError, TypeError, ValueError)."""

from hypothesis import given, settings, strategies as st

from differential import run_both

leaves = st.one_of(
    st.integers(min_value=-10, max_value=10),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([2**62 - 1, -(2**62), 2**62, 2**63, -(2**63) - 1]),   # the tagged-int edges
    st.floats(allow_nan=False, allow_infinity=False, width=32).map(lambda f: round(f, 3)),
    st.sampled_from([0.0, -0.0, 0.5, 1e300, -2.5, True, False]),
).map(repr)

BINOPS = ["+", "-", "*", "/", "//", "%", "**", "<<", ">>", "&", "|", "^",
          "<", "<=", "==", "!=", ">", ">="]


def exprs():
    return st.recursive(
        leaves,
        lambda inner: st.one_of(
            st.tuples(inner, st.sampled_from(BINOPS), inner).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
            st.tuples(st.sampled_from(["-", "+", "~", "not "]), inner).map(lambda t: f"({t[0]}{t[1]})"),
            st.tuples(inner, inner).map(lambda t: f"({t[0]} < {t[1]} <= {t[0]})"),
        ),
        max_leaves=6,
    )


def program(expressions):
    lines = []
    for e in expressions:
        lines += ["try:",
                  f"    v = {e}",
                  "    print(repr(v), type(v).__name__)",
                  "except Exception as ex:",
                  "    print(type(ex).__name__, ex)"]
    return "\n".join(lines) + "\n"


def too_big(e):
    # Keep CPython from computing astronomically large powers and shifts.
    return "**" in e or "<<" in e


@settings(max_examples=150)
@given(st.lists(exprs().filter(lambda e: not too_big(e)), min_size=1, max_size=8))
def test_expressions_match_cpython(expressions):
    run_both(program(expressions))


@settings(max_examples=60)
@given(st.lists(st.tuples(exprs().filter(lambda e: not too_big(e)),
                          exprs().filter(lambda e: not too_big(e))), min_size=1, max_size=8))
def test_divmod_matches_cpython(pairs):
    # (only at the top: a tuple times a huge int would ask for gigabytes)
    run_both(program([f"divmod({a}, {b})" for a, b in pairs]))


@settings(max_examples=80)
@given(st.lists(st.tuples(leaves, st.sampled_from(["**", "<<", ">>"]),
                          st.integers(min_value=-3, max_value=70).map(repr)), min_size=1, max_size=8))
def test_powers_and_shifts_match_cpython(triples):
    run_both(program([f"({a} {op} {b})" for a, op, b in triples]))



# Complex numbers among the others: arithmetic, equality and ordering with
# ints, floats and bools (1 == 1+0j), hashes that agree (dict keys), abs().
complex_leaves = st.one_of(leaves, st.sampled_from(
    ["0j", "1j", "(2.5+0j)", "(-1-3j)", "(-0.0-0j)", "complex(1e300, -0.0)", "complex(0.0, -0.0)", "(3+4j)"]))


@settings(max_examples=80)
@given(st.lists(st.tuples(complex_leaves, st.sampled_from(["+", "-", "*", "/", "==", "!=", "<", "//", "%"]),
                          complex_leaves), min_size=1, max_size=6))
def test_complex_mixed_match_cpython(triples):
    expressions = []
    for a, op, b in triples:
        expressions += [f"({a} {op} {b})", f"hash({a}) == hash(complex({a}))", f"{{{a}: 0}}.get({b})",
                        f"(abs({a}), bool({a}), -({a}))"]
    run_both(program(expressions))
