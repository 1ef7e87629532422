# Refused: the with statement (context managers are outside the subset).
# refused: 10:1 'with' statement
print("never printed: the whole file is compiled before anything runs")
class Managed:
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        return False

with Managed() as m:
    print(m)
