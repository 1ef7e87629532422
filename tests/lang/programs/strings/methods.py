# Checks: split/join/strip/replace/find/startswith/endswith/upper/lower on ordinary and edge inputs.
s = "  Hello, World! Hello!  "
print(repr(s.strip()), repr(s.lstrip()), repr(s.rstrip()), repr("xxhixx".strip("x")))
print(s.split(), "a,b,,c".split(","), "a b  c".split(" "), "one".split(","), "".split(), "".split(","))
print("a-b-c-d".split("-", 2), "  lead and trail  ".split())
print("-".join(["a", "b", "c"]), "".join(["x", "y"]), ", ".join([]), "+".join("abc"))
print(s.replace("Hello", "Bye"), "aaaa".replace("a", "b", 2), "abc".replace("", "-"))
print(s.find("Hello"), s.find("Hello", 5), s.find("nope"), "abc".find(""), "banana".find("an", 2, 4))
print(s.strip().startswith("Hello"), s.endswith("!  "), "file.py".endswith(".py"), "x".startswith(""))
print("MiXeD 123".upper(), "MiXeD 123".lower(), "ÄÖÜ".lower())
words = "the quick brown fox".split()
print(" ".join(w.upper() for w in words), [w[0] for w in words])
print("a,b;c".replace(";", ",").split(","))
