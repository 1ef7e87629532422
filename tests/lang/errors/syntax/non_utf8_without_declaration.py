# Rejected: a Latin-1 byte in a file that declares no encoding (UTF-8 by default).
print("before")
name = "café"
