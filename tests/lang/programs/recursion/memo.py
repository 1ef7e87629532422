# Checks: memoised recursion with a dict cache, and a recursive-descent expression evaluator.
cache = {}
def ways(n):
    if n < 0:
        return 0
    if n == 0:
        return 1
    if n in cache:
        return cache[n]
    r = ways(n - 1) + ways(n - 2) + ways(n - 3)
    cache[n] = r
    return r
print(ways(10), ways(50), len(cache))
def parse_expr(toks, i):
    v, i = parse_term(toks, i)
    while i < len(toks) and toks[i] in "+-":
        op = toks[i]
        w, i = parse_term(toks, i + 1)
        v = v + w if op == "+" else v - w
    return v, i
def parse_term(toks, i):
    v, i = parse_atom(toks, i)
    while i < len(toks) and toks[i] in "*/":
        op = toks[i]
        w, i = parse_atom(toks, i + 1)
        v = v * w if op == "*" else v // w
    return v, i
def parse_atom(toks, i):
    if toks[i] == "(":
        v, i = parse_expr(toks, i + 1)
        return v, i + 1
    return int(toks[i]), i + 1
for src in ["1+2*3", "(1+2)*3", "2*(3+4)*5-6", "100/7/2", "((((9))))"]:
    print(src, parse_expr(list(src), 0)[0])
