"""minilisp, the embedding example's VM, against models of its semantics.

The language is only the vehicle (the point of the example is the nursery
API), but a VM whose results are wrong would prove nothing about its heap:
every test here also runs in a heap that collects at every allocation and
verifies itself after each collection.
"""

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vmsample import Nursery


def run(minilisp, source, *, stress=False, nursery=None, **options):
    """(exit status, stdout, stderr) of [source]; [stress]: in a 1K nursery that
    collects at every allocation and verifies the heap after each collection."""
    out, err = io.StringIO(), io.StringIO()
    if stress:
        nursery = Nursery(1024, debug=True, stress=1)
    status = minilisp.run_source(source, "test.scm", stdout=out, stderr=err, nursery=nursery, **options)
    return status, out.getvalue(), err.getvalue()


def output(minilisp, source, **options):
    status, out, err = run(minilisp, source, **options)
    assert status == 0, err
    return out


# ---------------------------------------------------------------- arithmetic

def _trunc_div(a, b):
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


OPS = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "quotient": _trunc_div,
    "remainder": lambda a, b: a - b * _trunc_div(a, b),
    "modulo": lambda a, b: a % b,
}

exprs = st.recursive(
    st.integers(-1000, 1000),
    lambda sub: st.tuples(st.sampled_from(sorted(OPS)), sub, sub),
    max_leaves=12,
)


def to_lisp(e):
    return str(e) if isinstance(e, int) else f"({e[0]} {to_lisp(e[1])} {to_lisp(e[2])})"


def evaluate(e):
    """The Python model; None when a division by zero or a fixnum overflow happens."""
    if isinstance(e, int):
        return e
    a, b = evaluate(e[1]), evaluate(e[2])
    if a is None or b is None or (b == 0 and e[0] in ("quotient", "remainder", "modulo")):
        return None
    r = OPS[e[0]](a, b)
    return r if -(1 << 62) <= r < 1 << 62 else None


@given(st.lists(exprs, min_size=1, max_size=5))
def test_arithmetic_matches_python(minilisp, es):
    es = [e for e in es if evaluate(e) is not None]
    source = "".join(f"(display {to_lisp(e)}) (newline)\n" for e in es)
    assert output(minilisp, source) == "".join(f"{evaluate(e)}\n" for e in es)


def test_division_by_zero_and_overflow_are_errors(minilisp):
    status, _, err = run(minilisp, "(define (f x) (quotient 7 x))\n(f 0)\n")
    assert status == 1
    assert err.endswith("Error: quotient: division by zero\n")
    assert 'File "test.scm", line 1, in f' in err
    status, _, err = run(minilisp, "(* 4611686018427387903 2)")
    assert status == 1 and "*: integer overflow" in err


def test_fixnum_literal_range_is_checked_at_compile_time(minilisp):
    assert output(minilisp, "(display 4611686018427387903)") == "4611686018427387903"
    with pytest.raises(minilisp.LispSyntaxError, match=r"test.scm:1:10: integer 4611686018427387904 "):
        run(minilisp, "(display 4611686018427387904)")


# ---------------------------------------------------------------- data

data = st.recursive(
    st.one_of(st.integers(-99, 99), st.sampled_from(["a", "foo", "x-y", "list?"]).map(lambda s: ("sym", s)),
              st.sampled_from(["#t", "#f"])),
    lambda sub: st.lists(sub, max_size=5),
    max_leaves=25,
)


def datum_text(d):
    if isinstance(d, list):
        return "(" + " ".join(datum_text(x) for x in d) + ")"
    if isinstance(d, tuple):
        return d[1]
    return str(d)


def build_expr(d):
    """An expression that builds [d] at run time with list, cons and vector."""
    if isinstance(d, list):
        if len(d) == 2:
            return f"(cons {build_expr(d[0])} (cons {build_expr(d[1])} '()))"
        return "(list " + " ".join(build_expr(x) for x in d) + ")"
    return datum_text(d) if not isinstance(d, tuple) else f"'{d[1]}"


@given(data)
def test_quoted_and_built_data_display_and_compare(minilisp, d):
    text = datum_text(d)
    source = (f"(define q '{text})\n(define b {build_expr(d)})\n"
              "(display q) (newline) (display b) (newline)\n"
              "(display (equal? q b)) (display (eq? q q)) (newline)\n")
    for stress in (False, True):
        assert output(minilisp, source, stress=stress) == f"{text}\n{text}\n#t#t\n"


@given(st.lists(st.integers(-50, 50), max_size=30), st.data())
def test_vectors_and_lists_match_python(minilisp, xs, draw):
    # vector-set! into a vector that a collection has already made old
    # (collect-garbage) exercises the write barrier.
    i = draw.draw(st.integers(0, max(len(xs) - 1, 0)))
    source = f"""
(define v (vector {' '.join(map(str, xs))}))
(define (reverse-list xs acc) (if (null? xs) acc (reverse-list (cdr xs) (cons (car xs) acc))))
(define (vector->list v)
  (let loop ((i (- (vector-length v) 1)) (acc '()))
    (if (< i 0) acc (loop (- i 1) (cons (vector-ref v i) acc)))))
(collect-garbage)
(when (> (vector-length v) 0) (vector-set! v {i} (list "fresh" {i})))
(display (reverse-list (vector->list v) '()))
(display (length (vector->list v)))
"""
    ys = list(map(str, xs))
    if xs:
        ys[i] = f"(fresh {i})"
    expected = "(" + " ".join(reversed(ys)) + f"){len(xs)}"
    for stress in (False, True):
        assert output(minilisp, source, stress=stress) == expected


heap_ops = st.lists(st.one_of(
    st.tuples(st.just("push"), st.integers(0, 7), st.integers(-9, 9)),
    st.tuples(st.just("pop"), st.integers(0, 7)),
    st.tuples(st.just("setcar"), st.integers(0, 7), st.integers(-9, 9)),
    st.tuples(st.just("str"), st.integers(0, 7), st.integers(0, 999)),
    st.tuples(st.just("vec"), st.integers(0, 7), st.integers(0, 40)),
    st.tuples(st.just("gc")),
), max_size=60)


@given(heap_ops)
def test_heap_mutations_match_a_model(minilisp, ops):
    # Eight stacks in a vector that a major collection made old: every store
    # into it, and into its (soon old) pairs, needs the write barrier.
    forms = {
        "push": "(vector-set! v {0} (cons {1} (vector-ref v {0})))",
        "pop": "(when (pair? (vector-ref v {0})) (vector-set! v {0} (cdr (vector-ref v {0}))))",
        "setcar": "(when (pair? (vector-ref v {0})) (set-car! (vector-ref v {0}) {1}))",
        "str": '(vector-set! v {0} (cons (string-append "s" (number->string {1})) (vector-ref v {0})))',
        "vec": "(vector-set! v {0} (cons (make-vector {1} {0}) (vector-ref v {0})))",
        "gc": "(collect-garbage)",
    }
    model = [[] for _ in range(8)]
    for op, *args in ops:
        if op in ("push", "str", "vec"):
            item = str(args[1]) if op == "push" else f"s{args[1]}" if op == "str" else \
                "#(" + " ".join([str(args[0])] * args[1]) + ")"
            model[args[0]].insert(0, item)
        elif op == "pop" and model[args[0]]:
            model[args[0]].pop(0)
        elif op == "setcar" and model[args[0]]:
            model[args[0]][0] = str(args[1])
    source = "(define v (make-vector 8 '()))\n(collect-garbage)\n" + "\n".join(
        forms[op].format(*args) for op, *args in ops) + "\n(display v)"
    expected = "#(" + " ".join("(" + " ".join(stack) + ")" for stack in model) + ")"
    for stress in (False, True):
        assert output(minilisp, source, stress=stress) == expected


# ---------------------------------------------------------------- functions

def test_closures_capture_values(minilisp):
    source = """
(define (make-adder n) (lambda (x) (+ x n)))
(define add5 (make-adder 5))
(define (compose f g) (lambda (x) (f (g x))))
(display ((compose add5 (make-adder 10)) 1)) (newline)
(define (map f xs) (if (null? xs) '() (cons (f (car xs)) (map f (cdr xs)))))
(display (map (lambda (x) (* x x)) '(1 2 3))) (newline)
(display (map car '((1 2) (3 4)))) (newline)
(display add5) (newline)
"""
    for stress in (False, True):
        assert output(minilisp, source, stress=stress) == "16\n(1 4 9)\n(1 3)\n#<procedure make-adder.<lambda>>\n"


def test_named_let_and_tail_calls_run_in_constant_stack(minilisp):
    source = """
(define (count-to n) (let loop ((i 0)) (if (= i n) i (loop (+ i 1)))))
(define (even? n) (if (= n 0) #t (odd? (- n 1))))
(define (odd? n) (if (= n 0) #f (even? (- n 1))))
(display (count-to 100000)) (display (even? 100001))
"""
    assert output(minilisp, source, max_depth=50) == "100000#f"


def test_special_forms(minilisp):
    source = """
(define x 1)
(display (let* ((a 2) (b (* a 3))) (list a b)))
(display (cond ((= x 2) 'two) ((= x 1) 'one) (else 'other)))
(display (cond (#f 1)))
(display (and 1 2 3)) (display (and 1 #f 3)) (display (and))
(display (or #f 2)) (display (or #f #f)) (display (or))
(when (= x 1) (set! x 10))
(unless (= x 1) (display x))
(display (begin 1 2))
(display (if #f #f))
(display '(a "s" #t))
(write-nothing-here)
"""
    with pytest.raises(minilisp.LispSyntaxError, match=r"test.scm:13:2: unbound variable 'write-nothing-here'"):
        run(minilisp, source)
    assert output(minilisp, source.replace("(write-nothing-here)", "")) == \
        "(2 6)one#<unspecified>3#f#t2#f#f102#<unspecified>(a s #t)"


def test_strings(minilisp):
    source = """
(define s (string-append "hello" ", " "world"))
(display s) (display (string-length s)) (display (substring s 7 12))
(display (string-ref s 0)) (display (string=? s "hello, world"))
(display (number->string -42)) (display (string->number "123")) (display (string->number "x"))
(display (symbol->string 'abc))
(display (list "a" (string-append)))
"""
    for stress in (False, True):
        assert output(minilisp, source, stress=stress) == "hello, world12world104#t-42123#fabc(a )"


def test_circular_lists_terminate(minilisp):
    source = """
(define l (list 1 2 3))
(set-cdr! (cdr (cdr l)) l)
(display (car (cdr (cdr (cdr l)))))
(display (length l))
"""
    status, out, err = run(minilisp, source)
    assert (status, out) == (1, "1")
    assert err.endswith(" ...)\n") and "Error: length: not a proper list: (1 2 3 1" in err
    status, out, err = run(minilisp, "(define l (list 1 2))\n(set-cdr! (cdr l) l)\n(display l)")
    assert status == 0 and out.startswith("(1 2 1") and out.endswith(" ...)")


def test_large_objects(minilisp):
    # Objects above the large-object threshold (nursery_size // 8) skip the nursery.
    source = """
(define big (make-vector 5000 'x))
(vector-set! big 4999 (list 1 2))
(collect-garbage)
(vector-set! big 0 (make-vector 3000 (string-append "y" "z")))
(display (vector-ref big 4999)) (display (vector-ref (vector-ref big 0) 2999))
(display (vector-length big))
"""
    assert output(minilisp, source, nursery=Nursery(65536)) == "(1 2)yz5000"
    assert output(minilisp, source, stress=True) == "(1 2)yz5000"


# ---------------------------------------------------------------- errors

@pytest.mark.parametrize("source, message", [
    ("(car 5)", "Error: car: expected a pair, got 5"),
    ("(define (f) (g))\n(define (g) (vector-ref (vector 1) 3))\n(f)",
     "Error: vector-ref: index 3 out of range for a vector of length 1"),
    ("((lambda (x) x))", "Error: <lambda>: expected 1 argument, got 0"),
    ("(5 1)", "Error: not a procedure: 5"),
    ('(error "bad thing:" 42 "s")', 'Error: bad thing: 42 "s"'),
    ("(define (f2) x)\n(define (f) (f2))\n(define x (f))", "Error: unbound variable 'x'"),
    ("(define (deep n) (+ 1 (deep n)))\n(deep 1)", "Error: maximum recursion depth (10000 frames) exceeded"),
])
def test_runtime_errors(minilisp, source, message):
    status, out, err = run(minilisp, source)
    assert status == 1
    assert err.startswith("Traceback (most recent call last):\n")
    assert err.endswith(message + "\n")


def test_runtime_error_traceback_names_frames(minilisp):
    # (A tail call replaces its caller's frame, as in any Scheme; f's is not one.)
    source = "(define (f x)\n  (+ 1 (g x)))\n(define (g x)\n  (car x))\n(display 1)\n(f 2)\n"
    status, out, err = run(minilisp, source)
    assert (status, out) == (1, "1")
    assert err == ("Traceback (most recent call last):\n"
                   '  File "test.scm", line 6, in <toplevel>\n'
                   '  File "test.scm", line 2, in f\n'
                   '  File "test.scm", line 4, in g\n'
                   "Error: car: expected a pair, got 2\n")


@pytest.mark.parametrize("source, message", [
    ("(display 1", "test.scm:1:1: '(' is never closed"),
    ("(display 1))", "test.scm:1:12: unexpected ')'"),
    ('(display "abc)', 'test.scm:1:10: unterminated string'),
    ("(a . b)", "test.scm:1:4: dotted pairs are not supported"),
    ("(define (f x) (lambda () (set! x 1)))", "test.scm:1:32: cannot set! 'x'"),
    ("(define (f x) (lambda () x) (set! x 1))", "test.scm:1:35: cannot set! 'x': a closure captures it"),
    ("(define (f) (define y 1) y)", "test.scm:1:13: define is only allowed at the top level"),
    ("(if)", "test.scm:1:1: if: expected (if test then [else])"),
    ("(car 1 2)", "test.scm:1:1: car: expected 1 argument, got 2"),
    ("(display +)", "test.scm:1:10: '+' takes any number of arguments"),
    ("(f)", "test.scm:1:2: unbound variable 'f'"),
    ("()", "test.scm:1:1: empty combination"),
    ("'", "test.scm:1:1: quote (') must be followed by a datum"),
])
def test_compile_errors(minilisp, source, message):
    with pytest.raises(minilisp.LispSyntaxError) as info:
        run(minilisp, source)
    assert str(info.value).startswith(message)


def test_primitives_are_values(minilisp):
    source = "(define (apply2 f a b) (f a b))\n(display (apply2 cons 1 2)) (display (apply2 quotient 7 2))"
    assert output(minilisp, source) == "(1 . 2)3"


def test_machines_share_a_nursery(minilisp):
    # Each machine's globals and constants are root tables of its own, so
    # machines that share a nursery (and its types) run in turn, and a
    # closed one leaves the other's roots alone.
    from minilisp._vm import Machine
    from minilisp.compiler import compile_source

    nursery = Nursery(4096)
    outs = [io.StringIO(), io.StringIO()]
    first = Machine(compile_source("(define kept (list 'a \"b\")) (display kept)"), nursery,
                    stdout=outs[0])
    second = Machine(compile_source("(define v (make-vector 300 \"x\")) (display (vector-length v))"),
                     nursery, stdout=outs[1])
    first.run()
    second.run()
    first.close()
    nursery.collect_major()
    nursery.check_heap()
    second.run()
    second.close()
    assert [o.getvalue() for o in outs] == ["(a b)", "300300"]
    assert sorted(nursery.type_names.values()) == ["closure", "cons", "string", "vector"]
    nursery.collect_major()
    nursery.check_heap()


def test_machine_refuses_a_clashing_type(minilisp):
    from minilisp._vm import Machine
    from minilisp.compiler import compile_source

    nursery = Nursery(4096)
    nursery.register_type("cons", fixed_size=24, ref_offsets=(0,))
    with pytest.raises(ValueError, match="type 'cons' is already registered .* with another layout"):
        Machine(compile_source("1"), nursery)
