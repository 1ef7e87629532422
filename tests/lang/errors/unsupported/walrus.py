# Refused: assignment expressions (:=), found inside a comprehension inside a function.
# refused: 4:34 assignment expression ':='
def lengths(words):
    return [n for w in words if (n := len(w)) > 2]
print(lengths(["a", "abc"]))
