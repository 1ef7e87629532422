# Checks: building strings incrementally, chr/ord round trips, and str() of many value kinds.
parts = []
for i in range(26):
    parts.append(chr(ord("a") + i))
alpha = "".join(parts)
print(alpha, alpha.upper())
shifted = "".join(chr((ord(c) - 97 + 13) % 26 + 97) for c in "hello")
print(shifted)
print(str(None), str(True), str(3.0), str([1, "a"]), str((1,)), str({"k": [1]}), str(""))
print(repr(None), repr([None, True, "x"]), repr(("a", 1.5)))
acc = ""
for n in range(100):
    acc = acc + str(n % 10)
print(len(acc), acc[:20], acc[-5:])
