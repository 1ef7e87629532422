# Checks: dicts keep insertion order after pop, re-insertion, and overwriting existing keys.
d = {}
for i in range(10):
    d[i * 7 % 10] = i
print(d)
d.pop(3)
d.pop(0)
print(d)
d[3] = "back"
d[5] = "overwritten"
print(d)
print(list(d), [k for k in d])
for k in [9, 8, 7]:
    d.pop(k, None)
d["z"] = 0
print(d, len(d))
churn = {}
for i in range(200):
    churn[i] = i
    if i % 3:
        churn.pop(i - 1, None)
print(list(churn)[:10], len(churn))
