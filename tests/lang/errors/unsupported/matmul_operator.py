# Refused when it runs: the matrix-multiplication operator @.
# refused: 7:7 operator MatMult
class M:
    def __matmul__(self, other):
        return 42
a = M()
print(a @ a)
