# Checks: an uncaught NameError suggests the nearest global name, then the nearest builtin.
counter = 0
print(isinstance(counter, int))
print(lenn([1]) if counter else coutner)
