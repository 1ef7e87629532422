# Checks: implicit chaining (__context__), explicit raise ... from (__cause__), and from None.
try:
    try:
        {}["k"]
    except KeyError as e:
        raise ValueError("converted") from e
except ValueError as e:
    print(type(e.__cause__).__name__, e.__cause__, e.__context__ is e.__cause__)
try:
    try:
        1 // 0
    except ZeroDivisionError:
        raise ValueError("during handling")
except ValueError as e:
    print(type(e.__context__).__name__, e.__cause__)
try:
    try:
        1 // 0
    except ZeroDivisionError:
        raise ValueError("quiet") from None
except ValueError as e:
    print(e.__cause__, e.__suppress_context__)
