# coding: latin-1
# Rejected: a UTF-8 BOM together with a declaration of another encoding.
print("before")
