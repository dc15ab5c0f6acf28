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


def decode(data):
    return "".join(TEXT.get(b, chr(b)) for b in data)


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
