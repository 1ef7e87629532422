# Rejected: a parenthesis that is never closed.
print("before")
total = (1 +
         2
print(total)
