# Checks: the optional fields and position attributes of the nodes ast.parse makes (a keyword's arg, a
# slice's bounds, a return's value, end_lineno), which the host's node classes default to None while each
# node holds its own: a tree unparses to its source, and compiles and runs.
import ast

for src in ("f(k=2)", "f(*a, k=2, **kw)", "y[1:2]", "y[::3]", "def g():\n    return 3",
            "def h():\n    return", "x", "try:\n    pass\nexcept E as e:\n    pass",
            "import a.b as c", "lambda q=1: q"):
    tree = ast.parse(src)
    node = tree.body[0]
    print(repr(ast.unparse(tree)), node.lineno, node.end_lineno, node.col_offset, node.end_col_offset)
    print(ast.dump(tree))
print(ast.keyword.arg, ast.Slice.lower, ast.Return.value)
namespace = {}
exec(compile("def g(k=2):\n    return k * 3\n", "<ast>", "exec"), namespace)
print(namespace["g"]())
