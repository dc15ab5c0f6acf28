"""The compact form the stub stores target-description pieces in
(stub/include/pmustub/tdesc.h): each word of TDESC_WORDS becomes one byte,
0x80 + its index, each part of TDESC_PARTS one byte, 0x01 + its index; the
stub's qXfer:features:read puts the text back. Both lists are read from
that header, so the two sides cannot disagree."""
import os
import re

HEADER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "stub",
                      "include", "pmustub", "tdesc.h")
WORD = 0x80
PART = 0x01


def load_words(path=HEADER):
    """[(name, text)] in the header's order."""
    words = []
    with open(path, encoding="utf-8") as f:
        for m in re.finditer(r'^\s*X\((\w+),\s*"((?:[^"\\]|\\.)*)"\)', f.read(), re.M):
            words.append((m.group(1), m.group(2).replace('\\"', '"').replace("\\\\", "\\")))
    if not words or len(words) > 0x100 - WORD:
        raise ValueError(f"{path}: {len(words)} words in TDESC_WORDS")
    for name, text in words:
        if not set(text) & set('<>"'):
            raise ValueError(f"{path}: word {name} has none of < > \" (a name could hold it)")
    return words


def load_parts(path=HEADER):
    """Parts of names, in the header's order."""
    with open(path, encoding="utf-8") as f:
        parts = re.findall(r'\bP\("([^"\\<>]*)"\)', f.read())
    if not parts or PART + len(parts) > 0x20:
        raise ValueError(f"{path}: {len(parts)} parts in TDESC_PARTS")
    for p in parts:
        if not re.search(r"[A-Za-z_]", p):
            raise ValueError(f"{path}: part {p!r} has no letter (it could match a number)")
    return parts


def load_rule_depth(path=HEADER):
    """TDESC_RULE_DEPTH: how deep rules may nest (the stub's cursor stack)."""
    with open(path, encoding="utf-8") as f:
        m = re.search(r"^#define TDESC_RULE_DEPTH (\d+)", f.read(), re.M)
    if not m:
        raise ValueError(f"{path}: no TDESC_RULE_DEPTH")
    return int(m.group(1))


WORDS = load_words()
PARTS = load_parts()
BYTE = {name: WORD + i for i, (name, _) in enumerate(WORDS)}
TEXT = {WORD + i: t for i, (_, t) in enumerate(WORDS)}
TEXT.update({PART + i: t for i, t in enumerate(PARTS)})
# Longest first, so that the longest word or part at a position wins.
_BY_LENGTH = sorted(((t, b) for b, t in TEXT.items()), key=lambda w: -len(w[0]))


def encode(text):
    """text (ASCII, no NUL) in the compact form, as bytes."""
    out = bytearray()
    i = 0
    while i < len(text):
        for word, byte in _BY_LENGTH:
            if text.startswith(word, i):
                out.append(byte)
                i += len(word)
                break
        else:
            c = ord(text[i])
            if not 0x20 <= c < WORD:
                raise ValueError(f"character {text[i]!r} cannot be stored in the compact form")
            out.append(c)
            i += 1
    return bytes(out)


RULE = WORD + len(WORDS)  # the first byte that stands for a rule
RULE_DEPTH = load_rule_depth()


def pair_rules(pieces):
    """Pairs of symbols that recur in the compact pieces, each made a rule:
    a byte from RULE up that stands for its two symbols (a character, a
    word, a part or an earlier rule; Re-Pair, Larsson and Moffat 2000),
    the most frequent pair first, as long as a pair occurs three times
    (two bytes of rule for at least three saved) and no rule nests deeper
    than RULE_DEPTH. Returns the pieces rewritten and the rules [(a, b)]."""
    seqs = [list(p) for p in pieces]
    rules, height = [], {}
    while RULE + len(rules) <= 0xff:
        count = {}
        for s in seqs:
            for pair in zip(s, s[1:]):
                count[pair] = count.get(pair, 0) + 1
        best = None
        for pair, n in sorted(count.items(), key=lambda kv: (-kv[1], kv[0])):
            h = 1 + max(height.get(pair[0], 0), height.get(pair[1], 0))
            if n >= 3 and h <= RULE_DEPTH:
                best = pair
                break
        if best is None:
            break
        code = RULE + len(rules)
        rules.append(best)
        height[code] = 1 + max(height.get(best[0], 0), height.get(best[1], 0))
        for k, s in enumerate(seqs):
            out, i = [], 0
            while i < len(s):
                if i + 1 < len(s) and (s[i], s[i + 1]) == best:
                    out.append(code)
                    i += 2
                else:
                    out.append(s[i])
                    i += 1
            seqs[k] = out
    return [bytes(s) for s in seqs], rules


def decode(data, rules=()):
    """The text of compact bytes, rules spelled out."""
    out = []
    for b in data:
        if b >= RULE:
            out.append(decode(rules[b - RULE], rules))
        else:
            out.append(TEXT.get(b, chr(b)))
    return "".join(out)


def c_bytes(data):
    """A C string literal of data; word and part bytes as octal escapes (an
    octal escape takes at most three digits, so a digit after one is safe)."""
    out = []
    for b in data:
        if b >= WORD or b < 0x20:
            out.append(f"\\{b:03o}")
        elif chr(b) in '"\\':
            out.append("\\" + chr(b))
        else:
            out.append(chr(b))
    return '"' + "".join(out) + '"'
