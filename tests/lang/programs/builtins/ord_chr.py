# Checks: ord and chr on ASCII and non-ASCII characters, round trips and errors.
print(ord("a"), ord("A"), ord("0"), ord(" "), ord("\n"), ord("é"), ord("€"), ord("😀"))
print(chr(97), chr(65), chr(48), chr(233), chr(8364), chr(128512), repr(chr(10)), repr(chr(0)))
print("".join(chr(c) for c in range(ord("a"), ord("f"))), [ord(c) - ord("a") for c in "hello"])
try:
    ord("ab")
except TypeError as e:
    print("TypeError:", e)
try:
    chr(-1)
except ValueError as e:
    print("ValueError:", e)
