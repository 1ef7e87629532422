# Refused: bytes literals (there is no bytes type in the VM).
# refused: 3:8 bytes literal
data = b"\x00\x01"
print(len(data))
