# Checks: sys.__excepthook__ prints a SyntaxError's carets as CPython's PyErr_Display: from offset to end_offset, clipped to just past the text, to the text's end when the end is on a later line, one caret when the end is at or before the start, none when the start is left of the text.
import io
import sys

CASES = [
    (1, 2, "abcdefg", 1, 7),
    (1, 2, "abcdefg", 1, 3),
    (1, 2, "abcdefg", 1, -2),
    (1, 4, "abcdefg", 1, 2),
    (1, -4, "abcdefg", 1, -2),
    (1, -4, "abcdefg", 1, -5),
    (1, 0, "abcdefg", 1, 0),
    (1, 0, "abcdefg", 1, 5),
    (1, 2, "abcdefg", 1, 100),
    (1, 3, "  indented\n", 1, 6),
    (1, 5, "abcdefg", None, None),
    (1, 3, "  indented\n", 1, 60),
    (1, 3, "  ind\n", 2, 1),
    (1, 3, "  ind", 2, 5),
    (1, 3, "  ind", 1, -1),
]

for lineno, offset, text, end_lineno, end_offset in CASES:
    err = SyntaxError("bad bad", ("bad.py", lineno, offset, text, end_lineno, end_offset))
    captured = io.StringIO()
    saved, sys.stderr = sys.stderr, captured
    try:
        sys.__excepthook__(SyntaxError, err, None)
    finally:
        sys.stderr = saved
    print((offset, end_offset), captured.getvalue(), sep="\n")
