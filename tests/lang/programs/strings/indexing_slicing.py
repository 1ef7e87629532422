# Checks: str indexing (incl. negative), slicing with steps, negative steps and out-of-range bounds.
s = "abcdefghij"
print(s[0], s[-1], s[3], s[-4], len(s))
print(s[2:5], s[:3], s[7:], s[-3:], s[:-3], s[:], s[5:2], s[100:], s[-100:2])
print(s[::2], s[1::2], s[::-1], s[::-2], s[8:2:-1], s[8:2:-3], s[-1:-5:-1], s[2:8:10])
print(s[::-1][::-1] == s, s[len(s):], ""[0:0] == "")
for i in range(-3, 3):
    print(i, s[i:], s[:i])
try:
    s[10]
except IndexError as e:
    print("IndexError:", e)
