# Checks: nested dicts and lists, iteration over keys/values/items, and dict views after mutation.
inventory = {"fruit": {"apple": 3, "pear": 0}, "veg": {"kale": 2}}
inventory["veg"]["leek"] = 7
inventory["grain"] = {}
for cat, items in inventory.items():
    total = sum(items.values())
    print(cat, sorted(items), total)
keys = inventory.keys()
inventory["new"] = {"x": 1}
print(list(keys), len(keys))
print(inventory)
groups = {}
for word in ["ant", "bee", "asp", "cat", "bat", "ape"]:
    groups.setdefault(word[0], []).append(word)
print(groups)
