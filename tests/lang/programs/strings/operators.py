# Checks: str +, *, in, not in, comparisons, iteration and equality.
a = "foo"
b = "bar"
print(a + b, a * 3, 3 * b, a * 0, a * -2, "" + "")
print("o" in a, "oo" in a, "x" in a, "" in a, "z" not in b)
print(a < b, a > b, "abc" < "abd", "ab" < "abc", "Z" < "a", a == "foo", a != "foo")
for ch in "hey":
    print(ch, end=".")
print()
s = ""
for i in range(5):
    s += str(i)
print(s, len(s))
print("tab\there", "new\\nline", 'quote"s', "it's")
print(repr("tab\there"), repr("it's"), repr('say "hi"'), repr("both ' and \""), repr("back\\slash"))
print("é" + "ü", len("héllo"), "ñ" in "España")
