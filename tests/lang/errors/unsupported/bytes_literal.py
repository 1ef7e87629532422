# Refused when it runs: bytes literals (there is no bytes type in the VM yet).
# refused: 3:8 bytes literal
data = b"\x00\x01"
print(len(data))
