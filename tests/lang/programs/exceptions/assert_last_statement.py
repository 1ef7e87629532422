# Checks: an assert with a message as the module's last statement (its jump past the raise lands on the implicit return).
x = 1
print("before", x)
assert x == 1, "base"
