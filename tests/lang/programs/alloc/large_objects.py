# Checks: objects too big for the nursery (long lists, long strings, big dicts) hold and receive young objects correctly.
# gc-debug: VMSAMPLE_GC_STRESS=97
big = [None] * 200000
for i in range(0, 200000, 1000):
    big[i] = [i, str(i)]
text = "abcdefghij" * 100000
for round_ in range(5):
    fresh = [(round_, j) for j in range(500)]
    for i in range(500, 200000, 1000):
        big[i] = fresh[i % 500]
    text = text[1:] + text[0]
check = 0
for i in range(0, 200000, 500):
    item = big[i]
    if item is not None:
        check += item[0] + item[1] if isinstance(item[1], int) else item[0]
print(check, len(text), text[:12], text.count("j"))
table = {}
for i in range(30000):
    table[i] = (i * 2,)
print(len(table), table[29999], sum(v[0] for v in table.values()))
