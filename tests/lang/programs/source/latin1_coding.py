# -*- coding: latin-1 -*-
# Checks: a PEP 263 declaration on line 1 decodes the file as Latin-1 (bytes 0x80-0xff in strings, comments, names).
# Ça marche: ½ × ÿ
café = "naïve résumé ± 3°"
print(café, len(café), [hex(ord(c)) for c in café if ord(c) > 127])
print("é" == "é", "ÿ".upper(), "ß" * 2)
