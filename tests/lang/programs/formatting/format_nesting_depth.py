# Checks: str.format and format_map expand a replacement field nested in a format spec one level deep, and a field nested inside that is "Max string recursion exceeded" (CPython's build_string starts at depth 2).
print("{0:{1}}|".format("abc", ">6"), "{0:{1}{2}}|".format(3.14159, ".", "2f"))
print("{x:{w}}|".format_map({"x": "ab", "w": "^6"}))
for template, args in [("{0:{1:{2}}}", ("abc", "s", "")), ("{0:{1:{2:{3}}}}", (0, 1, 2, 3)), ("{:{:{}}}", (1, 2, 3))]:
    try:
        print(template.format(*args))
    except ValueError as e:
        print(template, "ValueError:", e)
try:
    print("{a:{b:{c}}}".format_map({"a": 1, "b": 2, "c": 3}))
except ValueError as e:
    print("format_map ValueError:", e)
