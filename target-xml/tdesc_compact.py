"""The compact form the stub stores target-description pieces in
(stub/include/pmustub/tdesc.h): each word of TDESC_WORDS becomes one byte,
0x80 + its index; the stub's qXfer:features:read puts the text back.
The words are read from that header, so the two sides cannot disagree."""
import os
import re

HEADER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "stub",
                      "include", "pmustub", "tdesc.h")
WORD = 0x80


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


WORDS = load_words()
BYTE = {name: WORD + i for i, (name, _) in enumerate(WORDS)}
# Longest first, so that the longest word at a position wins.
_BY_LENGTH = sorted(((t, WORD + i) for i, (_, t) in enumerate(WORDS)), key=lambda w: -len(w[0]))


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
            if not 0 < c < WORD:
                raise ValueError(f"character {text[i]!r} cannot be stored in the compact form")
            out.append(c)
            i += 1
    return bytes(out)


def decode(data):
    return "".join(WORDS[b - WORD][1] if b >= WORD else chr(b) for b in data)


def c_bytes(data):
    """A C string literal of data; word bytes as octal escapes (an octal
    escape takes at most three digits, so a digit after one is safe)."""
    out = []
    for b in data:
        if b >= WORD:
            out.append(f"\\{b:03o}")
        elif chr(b) in '"\\':
            out.append("\\" + chr(b))
        else:
            out.append(chr(b))
    return '"' + "".join(out) + '"'
