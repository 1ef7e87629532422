# Checks: the common bytes and bytearray methods: join, find/index/count, startswith/endswith, split/strip/replace, partition, case, padding, decode/encode, hex/fromhex, translate/maketrans, and the is* predicates.
s = b"  Hello, World! Hello!  "
print(s.strip(), s.lstrip(), s.rstrip(), b"xxhixx".strip(b"x"), s.split(), b"a,b,,c".split(b","))
print(b"a-b-c-d".split(b"-", 2), b"a-b-c".rsplit(b"-", 1), b"l1\nl2\r\nl3".splitlines(), b"l\n".splitlines(True))
print(s.replace(b"Hello", b"Bye"), s.replace(b"l", b"L", 2), b"abc".replace(b"", b"-"))
print(s.find(b"Hello"), s.find(b"Hello", 5), s.find(b"zz"), s.rfind(b"Hello"), s.find(72), s.find(b"o", 3, 9))
print(s.index(b"World"), s.count(b"l"), s.count(b"Hello"), s.count(108), b"abcabc".rindex(b"b"))
print(b"abc".startswith(b"ab"), b"abc".startswith(b"bc", 1), b"abc".endswith(b"bc"), b"abc".endswith(b"a", 0, 1),
      b"abc".startswith((b"x", b"a")), b"abc".startswith(b""), b"abc".startswith(b"c", 5))
print(b"-".join([b"a", b"b", b"c"]), b"".join([]), b", ".join((bytearray(b"x"), b"y")), b"".join(b"%d" % i for i in range(3)))
print(bytearray(b"+").join([b"a", b"b"]), b"k=v".partition(b"="), b"a.b.c".rpartition(b"."), b"none".partition(b"x"))
print(b"MiXed".upper(), b"MiXed".lower(), b"MiXed".swapcase(), b"hello world".title(), b"hello".capitalize())
print(b"ab".center(6, b"*"), b"ab".ljust(4), b"ab".rjust(4, b"0"), b"42".zfill(5), b"a\tb".expandtabs(4))
print(b"prefix-body".removeprefix(b"prefix-"), b"body.txt".removesuffix(b".txt"), b"x".removeprefix(b"y"))
print(b"123".isdigit(), b"12a".isalnum(), b"abc".isalpha(), b" \t".isspace(), b"ABC".isupper(), b"abc".islower(),
      b"Title Case".istitle(), b"\x80".isascii(), b"".isdigit())
print(b"caf\xc3\xa9".decode(), b"caf\xc3\xa9".decode("utf-8"), b"\xff".decode("latin-1"),
      b"\xff".decode("utf-8", "replace"), "naïve".encode(), "naïve".encode("latin-1"), "abc".encode("ascii"))
print(b"\x00\x0f\xff".hex(), bytearray(b"AB").hex(), b"abc".hex(":"), bytes.fromhex("de ad BE EF"),
      bytearray.fromhex("0102"))
table = bytes.maketrans(b"abc", b"xyz")
print(b"aabbcc".translate(table), b"hello".translate(None, b"l"), len(table))
ba = bytearray(b"Hello")
print(ba.upper(), type(ba.upper()).__name__, ba.find(b"l"), ba.split(b"l"), ba.startswith(b"He"),
      ba.decode(), ba.replace(b"l", b"L"), ba.strip(b"Ho"), ba)
