# Checks: bytearray mutation: item and slice assignment (growing, shrinking, extended slices), del, append/extend/insert/pop/remove/clear/reverse/copy, and that aliases see every change.
ba = bytearray(b"abcdef")
alias = ba
ba[0] = 65
ba[-1] = 0x46
print(ba)
ba[1:3] = b"XYZ"
print(ba)
ba[1:4] = b""
print(ba)
ba[::2] = b"12"
print(ba)
ba[len(ba):] = [33, 63]
print(ba)
ba[0:0] = bytearray(b">>")
print(ba, alias is ba)
del ba[0]
del ba[-2:]
del ba[::3]
print(ba)
ba.append(120)
ba.extend(b"yz")
ba.extend([49, 50])
ba.extend(bytearray(b"!"))
ba.extend(range(97, 99))
ba.insert(0, 60)
ba.insert(100, 62)
print(ba, ba.pop(), ba.pop(0), ba)
ba.remove(ord("y"))
ba.reverse()
print(ba)
c = ba.copy()
c.append(0)
print(c, ba, c == ba, c is ba)
ba.extend(ba)
print(ba, len(ba))
ba.clear()
print(ba, len(ba), alias)
line = bytearray(8)
for i in range(8):
    line[i] = 48 + i
line[7] = 10
print(line, bytes(line), line[:3] + b"\n")
grow = bytearray()
for i in range(1000):
    grow.append(i % 256)
    grow += b"."
print(len(grow), grow[:10], grow[-4:], sum(grow) % 1000)
