"""The compact form the stub stores target-description pieces in
(stub/include/pmustub/tdesc.h): each word of markup and each part of a
name one byte, registers numbered one up from the last as runs, pairs of
symbols that recur as rules; the stub's qXfer:features:read spells it
out. WORDS and PARTS here are the one list of what may be a byte; each
build's table (Table: compact, or Table.of without rules) holds those its
description uses and says which byte is what, and is written as the
header the stub's tdesc.c is compiled with (Table.header), so that the
two sides cannot disagree and no build stores a text it never sends."""
import os
import re

HEADER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "stub",
                      "include", "pmustub", "tdesc.h")

# Markup target.xml repeats for every register, field and enum value (GDB
# manual, "Target Descriptions"). Each holds a '<', '>' or '"', which no
# name or number in the description does: a name stays plain text, ended
# by the byte of the word after it.
WORDS = ['<reg name="', '" bitsize="32" regnum="', '" bitsize="32" type="ieee_single" regnum="',
         '" bitsize="', '" regnum="', '" type="pmu_', '" type="uint32"/>', '" type="',
         '" group="pmu" save-restore="no"/>', '"/>', '<evalue name="', '" value="',
         '<field name="', '" start="', '" end="', '<enum id="pmu_', '<flags id="pmu_',
         '" size="4">', "</enum>", "</flags>", '<feature name="', "</feature>", '">']
# Parts of event names, most of the text, picked by how many bytes they
# saved over every catalogue of the registry (target-xml/events/); a
# catalogue changed since is still stored right, perhaps less tightly.
PARTS = ["instruction", "_cycles", "_stall", "cache_", "watchpoint", "mispredict", "accesses",
         "miss", "branch", "tion", "store", "_requests", "load", "_event", "external_in",
         "_quarter_to_half", "_transla", "_below_quarter", "ed_", "_full", "impl_", "fetch",
         "writeback", "_over_half", "tlb_", "gradua", "interrupt", "u_dsp_satura",
         "_threshold", "_issue", "_hits"]

for _w in WORDS:
    assert set(_w) & set('<>"'), f"word {_w!r} has none of < > \" (a name could hold it)"
for _p in PARTS:
    assert re.search(r"[A-Za-z_]", _p) and not set(_p) & set('<>"\\'), \
        f"part {_p!r}: a letter and none of < > \" \\ (it could match a number or markup)"


def load_rule_depth(path=HEADER):
    """TDESC_RULE_DEPTH: how deep rules may nest (the stub's cursor stack)."""
    with open(path, encoding="utf-8") as f:
        m = re.search(r"^#define TDESC_RULE_DEPTH (\d+)", f.read(), re.M)
    if not m:
        raise ValueError(f"{path}: no TDESC_RULE_DEPTH")
    return int(m.group(1))


RULE_DEPTH = load_rule_depth()
# After the name of each array of compact bytes in C: GCC places a char
# array on a word boundary (MIPS's DATA_ALIGNMENT, for faster string
# copies), up to 3 bytes of padding each; the stub reads them byte by byte.
BYTES = "__attribute__((aligned(1)))"
_NUMBER = re.compile(rb"[0-9]+")


class Table:
    """The codes of one build's compact form. The characters from `low` to
    below `first` stand for themselves; the bytes around them, from first
    through 0xff and on from 0x01 (NUL ends a piece), are codes, taken in
    that order: the rules' bytes from first (as many as the rest leaves),
    TDESC_RUN, TDESC_NUM, then the entries, one byte each, the last
    low - 1: the words and parts, each character below low the build's
    text holds (a text of its own at its own byte), and, where the
    entries' bytes wrap past 0xff, an empty one at NUL's. The stub tests
    each range as (unsigned char)(b - its first byte) < its count."""

    def __init__(self, entries, low, first):
        self.entries, self.low = entries, low
        self.text_at = (low - len(entries)) & 0xff
        self.run = (self.text_at - 2) & 0xff  # begins and ends a run's template (runs)
        self.num = (self.text_at - 1) & 0xff  # in a template, with a byte k: i + k - 1
        self.rule = first  # the first byte that stands for a rule
        self.max_rules = (self.run - first) & 0xff
        if not 0x20 <= low < first <= 0x7f or len(entries) + 2 > (low - first) & 0xff:
            raise ValueError(f"{len(entries)} entries do not fit the bytes around "
                             f"{low:#x}..{first - 1:#x}")
        self.code = {t: (self.text_at + i) & 0xff for i, t in enumerate(entries) if t}
        self.text = {b: t for t, b in self.code.items()}
        # Longest first, so that the longest word or part at a position wins.
        self._by_length = sorted(self.code, key=len, reverse=True)

    @classmethod
    def laid_out(cls, texts, chars, low, first):
        """The table of words and parts texts, in their order, with the
        characters of chars (bytes) below low."""
        own = {c for c in chars if c < low}
        rest, entries, b = list(texts), [], low
        while rest or own:
            b = (b - 1) & 0xff
            if b in own:
                entries.append(chr(b))
                own.remove(b)
            else:  # NUL's byte, or one between characters when no text is left
                entries.append(rest.pop() if b and rest else "")
        return cls(entries[::-1], low, first)

    @staticmethod
    def used(texts):
        """The words and parts texts use, as encode uses them with every one
        of WORDS and PARTS (a longer one that wins leaves a shorter one
        out), and the characters they hold as themselves (bytes)."""
        every = Table.laid_out(WORDS + PARTS, (), 0x20, 0x7f)
        used = set()
        for t in texts:
            used.update(every.encode(t))
        return [t for t in WORDS + PARTS if every.code[t] in used], used - set(every.text)

    @classmethod
    def of(cls, texts):
        """A table for texts without rules: every printable character
        stands for itself."""
        return cls.laid_out(cls.used(texts)[0], (), 0x20, 0x7f)

    def size(self):
        """The bytes of its entries' texts in tdesc.c."""
        return sum(len(t) + 1 for t in self.entries)

    def is_rule(self, b):
        return (b - self.rule) & 0xff < self.max_rules

    def header(self):
        """The C header stub/core/tdesc.c is compiled with: the table's
        bytes and texts, each ended by its NUL."""
        texts = "".join(f" \\\n    {c_bytes(t.encode() + bytes(1))}" for t in self.entries)
        return ("/* Generated by target-xml/tdesc_compact.py: do not edit. The codes,\n"
                "   words and parts of this build's description (pmustub/tdesc.h). */\n"
                f"#define TDESC_RULE 0x{self.rule:02x}\n"
                f"#define TDESC_N_RULES {self.max_rules}\n"
                f"#define TDESC_RUN 0x{self.run:02x}\n"
                f"#define TDESC_NUM 0x{self.num:02x}\n"
                f"#define TDESC_TEXT 0x{self.text_at:02x}\n"
                f"#define TDESC_N_TEXTS {len(self.entries)}\n"
                f"#define TDESC_TEXTS{texts}\n")

    @classmethod
    def read(cls, path):
        """The table of a header header() wrote (for tests: what a stub
        compiled with it reads)."""
        with open(path, encoding="latin-1") as f:
            src = f.read()
        num = {k: int(v, 0) for k, v in re.findall(r"^#define TDESC_(\w+) (\w+)$", src, re.M)}
        entries = [c_literal(t)[:-1].decode() for t in
                   re.findall(r'^    "((?:[^"\\]|\\.)*)"(?: \\)?$', src.split("TDESC_TEXTS")[1], re.M)]
        return cls(entries, (num["TEXT"] + num["N_TEXTS"]) & 0xff, num["RULE"])

    def encode(self, text):
        """text (ASCII, no NUL) in the compact form, as bytes."""
        out = bytearray()
        i = 0
        while i < len(text):
            for t in self._by_length:
                if text.startswith(t, i):
                    out.append(self.code[t])
                    i += len(t)
                    break
            else:
                c = ord(text[i])
                if not self.low <= c < self.rule:
                    raise ValueError(f"character {text[i]!r} cannot be stored in the compact form")
                out.append(c)
                i += 1
        return bytes(out)

    def _records(self, data):
        """data cut before each <reg name=" word: the records a run repeats."""
        reg = self.code.get('<reg name="')
        cuts = [i for i, b in enumerate(data) if b == reg]
        bounds = [0] + cuts + [len(data)]
        return [data[a:b] for a, b in zip(bounds, bounds[1:]) if a < b]

    def runs(self, data):
        """data (compact bytes, no rules) with each stretch of three or more
        records (<reg .../> each, the text between them with them) that
        differ only in numbers one up from the last stored once as a run
        (stub/include/pmustub/tdesc.h): RUN, count, the first record with
        NUM, k (k - 1 the number there) for each number, RUN."""
        recs, out, i = self._records(data), bytearray(), 0
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
                    tmpl += bytes([self.num, x + 1]) + rest
                out += bytes([self.run, j - i]) + tmpl + bytes([self.run])
                i = j
            else:
                out += recs[i]
                i += 1
        assert self.expand_runs(bytes(out)) == data
        return bytes(out)

    def _tokens(self, data):
        """Compact bytes as (kind, value): ("byte", b); a run's opening RUN
        with its count, ("run", count); its closing RUN, ("end", None); NUM
        and its k in a template, ("num", k). A count or k is an operand,
        whatever its value (the stub reads them so too)."""
        i, in_run = 0, False
        while i < len(data):
            b = data[i]
            if b == self.run and not in_run:
                yield "run", data[i + 1]
                i += 2
            elif b == self.run:
                yield "end", None
                i += 1
            elif b == self.num and in_run:
                yield "num", data[i + 1]
                i += 2
            else:
                yield "byte", b
                i += 1
                continue
            in_run = in_run != (b == self.run)

    def expand_runs(self, data):
        """Compact bytes with their runs spelled out (numbers as digits)."""
        toks, out, t = list(self._tokens(data)), bytearray(), 0
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

    def pair_rules(self, pieces):
        """Pairs of symbols that recur in the compact pieces, each made a
        rule: a byte from RULE up that stands for its two symbols (a
        character, a word, a part or an earlier rule; Re-Pair, Larsson and
        Moffat 2000), the most frequent pair first, as long as a pair occurs
        three times (two bytes of rule for at least three saved), no rule
        nests deeper than RULE_DEPTH and bytes are left. Runs (runs) may be
        in the pieces: their TDESC_RUN, count, TDESC_NUM and k bytes are in
        no pair, the stub reads them itself. Returns the pieces rewritten
        and the rules [(a, b)]."""
        seqs = [self._symbols(p) for p in pieces]
        rules, height = [], {}
        while len(rules) < self.max_rules:
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
            code = (self.rule + len(rules)) & 0xff
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

    def _symbols(self, piece):
        """piece's bytes as pair_rules' symbols: an int each, but a run's
        control and operand bytes as (byte,), which no pair holds."""
        out = []
        for kind, v in self._tokens(piece):
            if kind == "byte":
                out.append(v)
            elif kind == "run":
                out += [(self.run,), (v,)]
            elif kind == "end":
                out.append((self.run,))
            else:
                out += [(self.num,), (v,)]
        return out

    def decode(self, data, rules=()):
        """The text of compact bytes, runs and rules spelled out."""
        out = []
        for b in self.expand_runs(data):
            if self.is_rule(b):
                out.append(self.decode(rules[(b - self.rule) & 0xff], rules))
            else:
                out.append(self.text.get(b, chr(b)))
        return "".join(out)


def _shape(record):
    """A record's bytes with its numbers taken out, and the numbers (None
    if one is not written as Python writes it, e.g. a leading zero)."""
    nums = _NUMBER.findall(record)
    if any(n != str(int(n)).encode() for n in nums):
        return None, None
    return _NUMBER.sub(b"#", record), [int(n) for n in nums]


def c_bytes(data):
    """A C string literal of data; code bytes as octal escapes (an octal
    escape takes at most three digits, so a digit after one is safe), and
    '?' too, which a run's number byte may be and two of which could begin
    a trigraph (C99 5.2.1.1)."""
    out = []
    for b in data:
        if b >= 0x7f or b < 0x20 or b == ord("?"):
            out.append(f"\\{b:03o}")
        elif chr(b) in '"\\':
            out.append("\\" + chr(b))
        else:
            out.append(chr(b))
    return '"' + "".join(out) + '"'


def c_literal(body):
    """The bytes of a C string literal's body as c_bytes writes it."""
    return re.sub(rb"\\([0-7]{3}|.)",
                  lambda m: bytes([int(m.group(1), 8)]) if len(m.group(1)) == 3 else m.group(1),
                  body.encode("latin-1"))


def compact(texts, plain):
    """texts in the compact form that takes the fewest bytes, the first
    plain stored as they are, the rest with runs (a core feature's
    registers), rules over all: (table, codes, rules). The bytes of
    characters the texts do not hold are codes: those above the highest,
    and those below where a gap of them starts (see Table): each costs
    the entry of every held character below it (two bytes each) and may
    give more rules; each window tried that gives as many codes as its
    entries cost bytes."""
    words, chars = Table.used(texts)
    first = 1 + max(chars, default=0x20)
    best = None
    for low in range(0x20, first):
        held = sum(c < low for c in chars)
        if low > 0x20 and (low not in chars or low - 1 in chars or 2 * held > low - 0x20):
            continue
        table = Table.laid_out(words, chars, low, first)
        codes = [table.encode(t) for t in texts[:plain]] + \
            [table.runs(table.encode(t)) for t in texts[plain:]]
        codes, rules = table.pair_rules(codes)
        size = sum(len(c) + 1 for c in codes) + 2 * len(rules) + table.size()
        if best is None or size < best[0]:
            best = size, table, codes, rules
    return best[1:]
