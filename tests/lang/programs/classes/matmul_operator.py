# Checks: the matrix-multiplication operator @ calls __matmul__.
class M:
    def __matmul__(self, other):
        return 42
a = M()
print(a @ a)
