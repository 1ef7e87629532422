# Checks: heavy string allocation: concatenation, slicing, join, split and replace in a loop; results checked by counts.
# gc-debug: VMSAMPLE_GC_STRESS=61
lines = []
for i in range(3000):
    s = "item-" + str(i) + ":" + "x" * (i % 17)
    lines.append(s.upper()[2:] + s[-3:])
text = "\n".join(lines)
words = text.replace("-", " ").replace(":", " ").split()
print(len(text), len(words), words[0], words[-1])
counts = {}
for w in words:
    key = w[:2]
    counts[key] = counts.get(key, 0) + 1
print(sorted(counts.items())[:5], len(counts))
acc = ""
for i in range(2000):
    acc = acc[-50:] + str(i)
print(acc)
