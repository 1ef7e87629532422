# Rejected: a statement that does not parse.
print("before")
for x in range(3) print(x)
