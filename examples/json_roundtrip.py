"""JSON round trip: build documents, serialise them, tokenize and parse them back.

A small hand-written JSON encoder, tokenizer and recursive-descent parser.  The
allocation profile has three distinct shapes: the document tree (dicts, lists,
strings, floats) is built once per round and lives until the round ends; the
encoder makes many short string pieces that only live until they are joined;
the tokenizer makes one short-lived token tuple and one string per token.
The parsed document must equal the original, and the report at the end is
deterministic.

Usage:  python examples/json_roundtrip.py [ROUNDS]
        vmsample run examples/json_roundtrip.py [ROUNDS]

ROUNDS defaults to 60; each round builds a document of a few hundred records.
"""

import sys

ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t"}
UNESCAPES = {'"': '"', "\\": "\\", "n": "\n", "t": "\t", "/": "/"}
WORDS = ["alpha", "beta", "gamma", "delta", "quote\"d", "tab\there", "line\nbreak", "x"]


class Lcg:
    """Park and Miller's minimal standard generator: the documents are the same
    everywhere, and its products stay far inside the VM's 62-bit ints."""

    def __init__(self, seed):
        self.state = seed

    def next(self, bound):
        self.state = self.state * 48271 % 2147483647
        return self.state % bound


# ---------------------------------------------------------------- encoding

def encode(value, out):
    if value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, (int, float)):
        out.append(repr(value))
    elif isinstance(value, str):
        out.append('"' + "".join(ESCAPES.get(c, c) for c in value) + '"')
    elif isinstance(value, list):
        out.append("[")
        for i, item in enumerate(value):
            if i:
                out.append(",")
            encode(item, out)
        out.append("]")
    elif isinstance(value, dict):
        out.append("{")
        first = True
        for key, item in value.items():
            if not first:
                out.append(",")
            first = False
            encode(key, out)
            out.append(":")
            encode(item, out)
        out.append("}")
    else:
        raise TypeError("cannot encode " + type(value).__name__)
    return out


def dumps(value):
    return "".join(encode(value, []))


# ---------------------------------------------------------------- decoding

def tokenize(text):
    """Yield (kind, value) tokens: punctuation, strings, numbers, literals."""
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c in " \t\n\r":
            i += 1
        elif c in "[]{},:":
            yield (c, None)
            i += 1
        elif c == '"':
            chars = []
            i += 1
            while text[i] != '"':
                if text[i] == "\\":
                    chars.append(UNESCAPES[text[i + 1]])
                    i += 2
                else:
                    chars.append(text[i])
                    i += 1
            yield ("str", "".join(chars))
            i += 1
        elif c in "-0123456789":
            j = i + 1
            while j < n and text[j] in "0123456789.eE+-":
                j += 1
            number = text[i:j]
            is_float = "." in number or "e" in number or "E" in number
            yield ("num", float(number) if is_float else int(number))
            i = j
        else:
            for word, value in (("true", True), ("false", False), ("null", None)):
                if text.startswith(word, i):
                    yield ("lit", value)
                    i += len(word)
                    break
            else:
                raise ValueError("unexpected character " + repr(c) + " at " + str(i))


class Parser:
    def __init__(self, text):
        self.tokens = tokenize(text)
        self.advance()

    def advance(self):
        self.kind, self.value = next(self.tokens, ("eof", None))

    def expect(self, kind):
        if self.kind != kind:
            raise ValueError("expected " + kind + ", got " + self.kind)
        self.advance()

    def parse_value(self):
        kind = self.kind
        if kind == "{":
            self.advance()
            result = {}
            while self.kind != "}":
                key = self.value
                self.expect("str")
                self.expect(":")
                result[key] = self.parse_value()
                if self.kind == ",":
                    self.advance()
            self.advance()
            return result
        if kind == "[":
            self.advance()
            items = []
            while self.kind != "]":
                items.append(self.parse_value())
                if self.kind == ",":
                    self.advance()
            self.advance()
            return items
        if kind in ("str", "num", "lit"):
            value = self.value
            self.advance()
            return value
        raise ValueError("unexpected token " + kind)


def loads(text):
    parser = Parser(text)
    value = parser.parse_value()
    parser.expect("eof")
    return value


# ---------------------------------------------------------------- workload

def make_record(rng, i):
    return {
        "id": i,
        "name": WORDS[rng.next(len(WORDS))] + "-" + str(i),
        "score": rng.next(100000) / 64.0,
        "tags": [WORDS[rng.next(len(WORDS))] for _ in range(rng.next(4))],
        "active": rng.next(2) == 1,
        "parent": None if i == 0 else rng.next(i),
        "point": {"x": rng.next(1000) - 500, "y": -rng.next(1000) / 8.0},
    }


def main(rounds):
    rng = Lcg(2024)
    total_chars = 0
    total_tokens = 0
    score_sum = 0.0
    for r in range(rounds):
        doc = {"round": r, "records": [make_record(rng, i) for i in range(200 + rng.next(100))]}
        text = dumps(doc)
        back = loads(text)
        if back != doc:
            raise AssertionError("round trip changed the document in round " + str(r))
        total_chars += len(text)
        total_tokens += sum(1 for _ in tokenize(text))
        score_sum += sum(rec["score"] for rec in back["records"])
    print(f"rounds: {rounds}")
    print(f"characters encoded: {total_chars}, tokens parsed: {total_tokens}")
    print(f"sum of scores: {score_sum:.3f}")
    print("last document starts:", text[:72])


if len(sys.argv) > 2 or (len(sys.argv) == 2 and not sys.argv[1].isdigit()):
    raise SystemExit("usage: json_roundtrip.py [ROUNDS]")
main(int(sys.argv[1]) if len(sys.argv) == 2 else 60)
