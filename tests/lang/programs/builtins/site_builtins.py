# Checks: the names CPython's site module puts into builtins (exit, quit, copyright, credits,
# license, help): their reprs, exit()/quit() raising SystemExit with their argument.
import builtins

print(repr(exit), repr(quit), type(exit).__name__, type(help).__name__)
print(repr(help))
print(str(credits).split()[:4], type(copyright).__name__, type(license).__name__)
print(sorted(n for n in ("exit", "quit", "copyright", "credits", "license", "help") if hasattr(builtins, n)))
for f, args in ((exit, ()), (exit, (3,)), (quit, ("bye",))):
    try:
        f(*args)
    except SystemExit as e:
        print("SystemExit", e.code)
exit(0)
