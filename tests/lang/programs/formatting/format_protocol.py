# Checks: format(), f-strings and str.format call the class's __format__ (also with no spec), a builtin's
# __format__ with an empty spec is str(self) (a subclass's __str__ included), and a __format__ that
# returns a non-str is refused; enum members mixed with str format through their class's __format__.
from enum import Enum, IntEnum, StrEnum, auto


class Spec:
    def __format__(self, spec):
        return f"<{spec}>"


print(format(Spec()), f"{Spec()}", f"{Spec():>3}", "{}|{:x}".format(Spec(), Spec()), f"{Spec()!r:.3}")


class Shout(str):
    def __str__(self):
        return self.upper() + "!"


class Count(int):
    def __str__(self):
        return f"{int(self)} items"


class Ratio(float):
    def __str__(self):
        return "ratio"


for value in (Shout("hey"), Count(3), Ratio(0.5)):
    print(format(value), f"{value}", format(value, ""), "{}".format(value), f"{value:>12}|", str(value))


class Plain(str):
    pass


print(format(Plain("p")), format(Plain("p"), "^5"), f"{Plain('q')!s}")
print(str.__format__(Shout("hey"), ""), int.__format__(Count(2), ""), int.__format__(Count(2), "03"))


class Wrong:
    def __format__(self, spec):
        return 5


for attempt in (lambda: format(Wrong()), lambda: f"{Wrong()}", lambda: f"{Wrong():x}",
                lambda: "{}".format(Wrong()), lambda: format(object(), "x")):
    try:
        attempt()
    except TypeError as e:
        print("TypeError:", str(e).replace(hex(id(e)), "?"))

for base in (Enum, IntEnum, StrEnum):
    class Reversed(base):
        def __str__(self):
            return self.name.title()

        def __format__(self, spec):
            return self.name[::-1]
        first = auto()

    class Upper(base):
        def __format__(self, spec):
            return self.name.upper()
        first = auto()

    print(base.__name__, str(Reversed.first), format(Reversed.first), f"{Reversed.first}", format(Upper.first))
