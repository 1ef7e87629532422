# Checks: the SyntaxErrors of global and nonlocal declarations (symtable's) that compile() raises carry CPython's line, offset and file name, not only the message.
for src in ("def wrong1():\n    a = 1\n    b = 2\n    global a\n    global b\n", "def f():\n    print(x)\n    global x\n", "x = 1\ndef f(a):\n    global a\n", "def f():\n    nonlocal q\n", "def f():\n    x = 1\n    def g():\n        print(x)\n        nonlocal x\n"):
    try:
        compile(src, "<test string>", "exec")
        print("compiles")
    except SyntaxError as e:
        print(repr(e.msg), e.lineno, e.offset, e.filename, repr(e.text))
