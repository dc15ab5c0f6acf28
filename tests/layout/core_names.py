#!/usr/bin/env python3
"""No core is named as data in hand-written C: the registry says it.

Which facts go with which core (its catalogue, its board's default core,
vboard's quirks of its events ...) is written once, in
target-xml/cores.toml, and the C of stub/, host/ and vboard/ takes it from
the generated tables (docs/porting.md, "The registry"). So no
string literal there names a core: neither a registry key ("34k") nor a
title ("R10000") of any [[cores]] entry, in any case, at the start of a
word ("34Kf" too). Comments may name cores (they say why); #include names
are not string literals; generated files live in the build tree, not
here. Fails naming each literal with its file and line.

usage: core_names.py SOURCE_DIR
       core_names.py --selftest
"""
import os
import re
import sys
import tomllib

from layout_check import run_check, run_selftest  # same folder

TREES = ("stub", "host", "vboard")
INCLUDE = re.compile(r"#\s*include\b[^\n]*")


def core_names(top):
    """Every [[cores]] entry's key and title, lower case."""
    with open(os.path.join(top, "target-xml", "cores.toml"), "rb") as f:
        cores = tomllib.load(f).get("cores", [])
    return sorted({n.lower() for c in cores for n in (c["key"], c["title"])})


def literals(src):
    """(line, text) of each string literal of C source src, outside
    comments, character constants and #include lines."""
    i, line, n = 0, 1, len(src)
    while i < n:
        if src.startswith("//", i):
            j = src.find("\n", i)
            i = n if j < 0 else j
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2)
            j = n if j < 0 else j + 2
            line += src.count("\n", i, j)
            i = j
        elif src[i] == "#" and INCLUDE.match(src, i):
            i = INCLUDE.match(src, i).end()
        elif src[i] in "\"'":
            q, j = src[i], i + 1
            while j < n and src[j] != q:
                j += 2 if src[j] == "\\" else 1
            if q == '"':
                yield line, src[i + 1:j]
            line += src.count("\n", i, j)
            i = j + 1
        else:
            line += src[i] == "\n"
            i += 1


def check(top):
    names = core_names(top)
    if not names:
        return ["target-xml/cores.toml: no cores to look for"]
    word = re.compile(r"(?<![A-Za-z0-9_])(?:" + "|".join(map(re.escape, names)) + ")", re.I)
    problems = []
    for tree in TREES:
        for root, dirs, files in os.walk(os.path.join(top, tree)):
            dirs.sort()
            for f in sorted(files):
                if not f.endswith((".c", ".h")):
                    continue
                path = os.path.join(root, f)
                with open(path, encoding="utf-8", errors="replace") as fh:
                    src = fh.read()
                for line, text in literals(src):
                    m = word.search(text)
                    if m:
                        problems.append(f"{os.path.relpath(path, top)}:{line}: \"{text}\" names "
                                        f"core {m.group(0)!r} (take it from the registry)")
    return problems


# The selftest's tree: a registry of two cores, a key in a string (found),
# a title in another case inside a longer word's start (found), the names
# in comments, a character constant, an #include and the middle of a word
# (not found).
FIXTURE = {
    "target-xml/cores.toml": '[[cores]]\nkey = "k9"\ntitle = "Kilo9"\n'
                             '[[cores]]\nkey = "zz1"\ntitle = "ZZ1"\n',
    "vboard/a.c": '#include "k9.h"\n/* k9 and "k9" */\n// "zz1"\n'
                  'static const char *d = "k9";\nchar c = \'"\';\n',
    "host/b.h": 'x = "the KILO9x core";\ny = "ak9, bzz1";\n',
    "stub/c.c": 'z = "a\\"b" "\n"; w = "zz1";\n',
}


def selftest():
    return run_selftest(FIXTURE, check, ["stub/c.c:2", "host/b.h:1", "vboard/a.c:4"],
                        "a key and a title in strings found; comments, character "
                        "constants, #include and the middle of a word passed over",
                        key=lambda p: ":".join(p.split(":")[:2]))


if __name__ == "__main__":
    sys.exit(run_check(
        sys.argv[1:], check, selftest,
        lambda top: f"ok: no string literal in {', '.join(t + '/' for t in TREES)} names a "
                    f"core ({len(core_names(top))} names of target-xml/cores.toml)",
        lambda n: f"FAILED: {n} core names in strings"))
