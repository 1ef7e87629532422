# Driver (written for vmsample's corpus) of wcwidth: the terminal width of characters and strings.
from wcwidth import list_versions, wcswidth, wcwidth

for text in ["abc", "コンニチハ", "한국어", "\u0301e", "a\u200bb", "\x1b[0m", "👍🏽", "👨‍👩‍👧", "🇯🇵", "\u2029", "ｗｉｄｅ", "⌚⌛", "ℝ∞"]:
    print(repr(text), [wcwidth(c) for c in text], wcswidth(text))
print(wcwidth("\x00"), wcwidth("\x07"), wcwidth("\u00ad"), wcwidth("\u1160"), wcwidth("\u3000"), wcwidth("\U0001f600"))
print(wcswidth("コンニチハ", 3), wcswidth("abc", unicode_version="4.1.0"), wcwidth("\U0001f9d1", unicode_version="9.0.0"), list_versions()[:4], list_versions()[-1])
print(sum(wcwidth(chr(c)) for c in range(0x1100, 0x1200)), sum(wcwidth(chr(c)) == 2 for c in range(0x4e00, 0x4f00)))
