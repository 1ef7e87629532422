# Checks: int(), float(), str(), bool(), repr() conversions between basic types.
print(int("12"), int(12.7), int(-12.7), int(True), float("2.5"), float(2), float("-inf"), float(" 1e3 "))
print(str(12), str(1.0), str(None), str([1, "2"]), bool(0), bool(3), bool(""), bool("0"), bool([]), bool(None))
print(repr("a'b"), repr(1.0), repr([1.5, "x"]), repr({1: (2,)}), repr(True))
print(int(), float(), str(), bool(), int("-0"), float("nan") != float("nan"))
for bad in ["1.5x", "", "--1"]:
    try:
        float(bad)
    except ValueError as e:
        print("ValueError:", e)
