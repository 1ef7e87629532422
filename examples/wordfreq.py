"""Word frequencies: a text-processing pipeline over generated prose.

Generates sentences from a fixed vocabulary with a deterministic random
source, then tokenizes them (lower-casing, stripping punctuation), counts
words and word pairs in dicts, and prints the most common ones.  Strings
dominate: every sentence, word and pair key is a fresh object; most are
garbage right away, while the vocabulary and the count tables live for the
whole run and keep receiving new entries.

Usage:  python examples/wordfreq.py [SENTENCES]
        vmsample run examples/wordfreq.py [SENTENCES]

SENTENCES defaults to 50000.
"""

import sys

VOCABULARY = (
    "the a an of to in is was it that for on with as by at from this be are or "
    "garbage collector nursery object young old survive die sample profile heap "
    "allocate pointer reference root barrier arena sweep mark copy promote trace "
    "stack frame function program memory byte page minor major collection"
).split()
PUNCTUATION = ",.;:!?"


class Lcg:
    """Park and Miller's minimal standard generator: deterministic everywhere,
    and its products stay far inside the VM's 62-bit ints."""

    def __init__(self, seed):
        self.state = seed

    def next(self, bound):
        self.state = self.state * 48271 % 2147483647
        return self.state % bound


def sentence(rng):
    """One sentence: a capitalised first word, Zipf-ish word choice, punctuation."""
    words = []
    for i in range(4 + rng.next(12)):
        # The smaller of two uniform indices favours the front of the vocabulary.
        word = VOCABULARY[min(rng.next(len(VOCABULARY)), rng.next(len(VOCABULARY)))]
        if rng.next(10) == 0:
            word += PUNCTUATION[rng.next(len(PUNCTUATION))]
        words.append(word)
    words[0] = words[0][0].upper() + words[0][1:]
    return " ".join(words) + "."


def tokens(text):
    for raw in text.split():
        word = raw.strip(PUNCTUATION).lower()
        if word:
            yield word


def top(counts, n):
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:n]


def main(n_sentences):
    rng = Lcg(42)
    words = {}
    pairs = {}
    lengths = {}
    n_words = 0
    for _ in range(n_sentences):
        previous = None
        for word in tokens(sentence(rng)):
            n_words += 1
            words[word] = words.get(word, 0) + 1
            lengths[len(word)] = lengths.get(len(word), 0) + 1
            if previous is not None:
                key = previous + " " + word
                pairs[key] = pairs.get(key, 0) + 1
            previous = word
    print(f"{n_sentences} sentences, {n_words} words, {len(words)} distinct, {len(pairs)} distinct pairs")
    print("top words: " + ", ".join(f"{w}={c}" for w, c in top(words, 8)))
    print("top pairs: " + ", ".join(f"'{p}'={c}" for p, c in top(pairs, 5)))
    print("word lengths: " + " ".join(f"{k}:{lengths[k]}" for k in sorted(lengths)))


if len(sys.argv) > 2 or (len(sys.argv) == 2 and not sys.argv[1].isdigit()):
    raise SystemExit("usage: wordfreq.py [SENTENCES]")
main(int(sys.argv[1]) if len(sys.argv) == 2 else 50000)
