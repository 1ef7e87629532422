# Checks: a small tokenizer state machine using while True, string indexing and appends.
def tokenize(src):
    toks = []
    i = 0
    while True:
        if i >= len(src):
            break
        c = src[i]
        if c.isspace():
            i += 1
        elif c.isdigit():
            j = i
            while j < len(src) and src[j].isdigit():
                j += 1
            toks.append(("num", int(src[i:j])))
            i = j
        elif c.isalpha():
            j = i
            while j < len(src) and (src[j].isalpha() or src[j] == "_"):
                j += 1
            toks.append(("name", src[i:j]))
            i = j
        else:
            toks.append(("op", c))
            i += 1
    return toks
print(tokenize("x = 12 + foo_bar*(3-y)"))
print(tokenize(""), tokenize("   "), len(tokenize("a b c 1 2 3 + - *")))
