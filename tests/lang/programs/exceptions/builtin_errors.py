# Checks: messages of common built-in runtime errors caught by the program.
def show(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)
show(lambda: 1 // 0)
show(lambda: 1 % 0)
show(lambda: [1][5])
show(lambda: {"a": 1}["b"])
show(lambda: "x" + 1)
show(lambda: 1 + "x")
show(lambda: undefined_name)
show(lambda: None.attr)
show(lambda: (1).missing)
show(lambda: int("nope"))
show(lambda: [].pop())
show(lambda: len(5))
show(lambda: "abc"[10])
not_callable = None
show(lambda: not_callable())
show(lambda: [1, 2] < "a")
show(lambda: {}.pop("k"))
show(lambda: next(iter([])))
show(lambda: "%d" % "s")
