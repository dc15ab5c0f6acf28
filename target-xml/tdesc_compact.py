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


RUN = WORD + len(WORDS)  # begins and ends a run's template (runs)
NUM = RUN + 1  # in a template, with a byte k: the number i + k - 1
RULE = NUM + 1  # the first byte that stands for a rule
RULE_DEPTH = load_rule_depth()
_NUMBER = re.compile(rb"[0-9]+")


def _records(data):
    """data cut before each <reg name=" word: the records a run repeats."""
    cuts = [i for i, b in enumerate(data) if b == BYTE["REG"]]
    bounds = [0] + cuts + [len(data)]
    return [data[a:b] for a, b in zip(bounds, bounds[1:]) if a < b]


def _shape(record):
    """A record's bytes with its numbers taken out, and the numbers (None
    if one is not written as Python writes it, e.g. a leading zero)."""
    nums = _NUMBER.findall(record)
    if any(n != str(int(n)).encode() for n in nums):
        return None, None
    return _NUMBER.sub(b"#", record), [int(n) for n in nums]


def runs(data):
    """data (compact bytes, no rules) with each stretch of three or more
    records (<reg .../> each, the text between them with them) that differ
    only in numbers one up from the last stored once as a run
    (stub/include/pmustub/tdesc.h): RUN, count, the first record with
    NUM, k (k - 1 the number there) for each number, RUN."""
    recs, out, i = _records(data), bytearray(), 0
    while i < len(recs):
        shape, nums = _shape(recs[i])
        j = i + 1
        while shape is not None and nums and j < len(recs) and j - i < 255:
            s, n = _shape(recs[j])
            if s != shape or n != [x + (j - i) for x in nums]:
                break
            j += 1
        if j - i >= 3 and all(x + 1 <= 255 for x in nums) and \
                all(x + (j - i - 1) <= 254 + 255 - 1 for x in nums):
            parts = shape.split(b"#")
            tmpl = bytearray(parts[0])
            for x, rest in zip(nums, parts[1:]):
                tmpl += bytes([NUM, x + 1]) + rest
            out += bytes([RUN, j - i]) + tmpl + bytes([RUN])
            i = j
        else:
            out += recs[i]
            i += 1
    assert expand_runs(bytes(out)) == data
    return bytes(out)


def _tokens(data):
    """Compact bytes as (kind, value): ("byte", b); a run's opening RUN
    with its count, ("run", count); its closing RUN, ("end", None); NUM
    and its k in a template, ("num", k). A count or k is an operand,
    whatever its value (the stub reads them so too)."""
    i, in_run = 0, False
    while i < len(data):
        b = data[i]
        if b == RUN and not in_run:
            yield "run", data[i + 1]
            i += 2
        elif b == RUN:
            yield "end", None
            i += 1
        elif b == NUM and in_run:
            yield "num", data[i + 1]
            i += 2
        else:
            yield "byte", b
            i += 1
            continue
        in_run = in_run != (b == RUN)


def expand_runs(data):
    """Compact bytes with their runs spelled out (numbers as digits)."""
    toks, out, t = list(_tokens(data)), bytearray(), 0
    while t < len(toks):
        kind, count = toks[t]
        if kind != "run":
            out.append(count)
            t += 1
            continue
        end = toks.index(("end", None), t)
        for n in range(count):
            for kind, v in toks[t + 1:end]:
                out += str(n + v - 1).encode() if kind == "num" else bytes([v])
        t = end + 1
    return bytes(out)


def pair_rules(pieces):
    """Pairs of symbols that recur in the compact pieces, each made a rule:
    a byte from RULE up that stands for its two symbols (a character, a
    word, a part or an earlier rule; Re-Pair, Larsson and Moffat 2000),
    the most frequent pair first, as long as a pair occurs three times
    (two bytes of rule for at least three saved) and no rule nests deeper
    than RULE_DEPTH. Runs (runs) may be in the pieces: their TDESC_RUN,
    count, TDESC_NUM and k bytes are in no pair, the stub reads them
    itself. Returns the pieces rewritten and the rules [(a, b)]."""
    seqs = [_symbols(p) for p in pieces]
    rules, height = [], {}
    while RULE + len(rules) <= 0xff:
        count = {}
        for s in seqs:
            for pair in zip(s, s[1:]):
                if type(pair[0]) is int and type(pair[1]) is int:
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
    return [bytes(b if type(b) is int else b[0] for b in s) for s in seqs], rules


def _symbols(piece):
    """piece's bytes as pair_rules' symbols: an int each, but a run's
    control and operand bytes as (byte,), which no pair holds."""
    out = []
    for kind, v in _tokens(piece):
        if kind == "byte":
            out.append(v)
        elif kind == "run":
            out += [(RUN,), (v,)]
        elif kind == "end":
            out.append((RUN,))
        else:
            out += [(NUM,), (v,)]
    return out


def decode(data, rules=()):
    """The text of compact bytes, runs and rules spelled out."""
    out = []
    for b in expand_runs(data):
        if b >= RULE:
            out.append(decode(rules[b - RULE], rules))
        else:
            out.append(TEXT.get(b, chr(b)))
    return "".join(out)


def c_bytes(data):
    """A C string literal of data; word and part bytes as octal escapes (an
    octal escape takes at most three digits, so a digit after one is safe),
    and '?' too, which a run's number byte may be and two of which could
    begin a trigraph (C99 5.2.1.1)."""
    out = []
    for b in data:
        if b >= WORD or b < 0x20 or b == ord("?"):
            out.append(f"\\{b:03o}")
        elif chr(b) in '"\\':
            out.append("\\" + chr(b))
        else:
            out.append(chr(b))
    return '"' + "".join(out) + '"'
