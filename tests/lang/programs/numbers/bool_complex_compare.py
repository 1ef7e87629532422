# Checks: ordering a bool and a complex is refused in CPython's words, which name bool (the VM compared them as CPython ints and said 'int'; found by the complex property test in a fresh clone).
for src in ["0 + 0", "hash(0) == hash(complex(0))", "{0: 0}.get(0)", "(abs(0), bool(0), -(0))", "True < 0j", "hash(True) == hash(complex(True))", "{True: 0}.get(0j)", "(abs(True), bool(True), -(True))", "True + 0j", "True - 0j", "True * 0j", "True / 0j", "True == 0j", "True != 0j", "True // 0j", "True % 0j", "0j + True", "complex(True)", "{True: 0}.get(complex(True))", "{0j: 1}.get(False)", "{complex(True): 1}.get(True)"]:
    try:
        v = eval(src)
        print(src, repr(v), type(v).__name__)
    except Exception as ex:
        print(src, type(ex).__name__, ex)
