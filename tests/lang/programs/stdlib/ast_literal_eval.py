# Checks: ast.parse and ast.literal_eval (compile with PyCF_ONLY_AST through the host's parser, jinja2's lexer), the tree's fields, and unparse.  (compile() of a tree the host parsed is not here: the VM's to_host copies fields onto host handles, which do not reach the host's nodes yet.)
import ast

print(ast.literal_eval("1_0".replace("_", "")), ast.literal_eval("[1, (2, 'x'), {'k': None}]"))
tree = ast.parse("x = f(1) + 2\n")
print(type(tree).__name__, [type(n).__name__ for n in ast.walk(tree)][:6])
print(ast.dump(tree.body[0].value, include_attributes=False))
print(ast.unparse(tree))
e = compile("a + 1", "<expr>", "eval", ast.PyCF_ONLY_AST)
print(type(e).__name__, type(e.body).__name__, e.body.op.__class__.__name__)
