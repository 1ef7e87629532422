# Checks: and/or/not return operand values and short-circuit; conditional expressions and their laziness.
print(1 and 2, 0 and 2, 1 or 2, 0 or 2, None or "default", "" or [] or 0, [] and "x")
print(not 0, not 1, not "", not [1], not None)
def t(label, v):
    print("eval", label)
    return v
print(t("a", 0) and t("b", 1))
print(t("c", 1) or t("d", 1))
print(t("e", 1) and t("f", 0) or t("g", 2))
x = 5
print("big" if x > 3 else "small", "even" if x % 2 == 0 else "odd")
print(t("yes", 1) if x else t("no", 0))
y = x if x > 10 else (x * 2 if x > 4 else -1)
print(y)
print(not 1 == 2, not (1 and 0), (1 or 0) and not 0)
