#!/usr/bin/env python3
"""Every repository path a comment or a page names exists.

Finds paths that start at a top-level folder of the repository (stub/,
host/, tests/, docs/, vboard/, target-xml/, cmake/) in the comments of
the sources (C and assembly /* */ and //, # in shell, CMake, Python,
TOML, linker and OpenOCD scripts, Python docstrings, XML <!-- -->) and in
every Markdown page, and fails naming each one that is not there, with
its file and line. A path counts as there when it names a file or folder
from the top of the repository or from the folder of the file that names
it. `a/{b,c}.c` stands for a/b.c and a/c.c; `*` and placeholders in
capitals or in angle brackets (`events/CORE.csv`, `<board>/`) match any
name. Build outputs are named from build/, which is not checked.

usage: paths_exist.py SOURCE_DIR
       paths_exist.py --selftest
"""
import glob
import os
import re
import sys
import tempfile

TOP_FOLDERS = ("stub", "host", "tests", "docs", "vboard", "target-xml", "cmake")
PATH = re.compile(r"(?<![\w.$-])((?:%s)/[\w./*{},<>+-]*)"
                  % "|".join(re.escape(t) for t in TOP_FOLDERS))
SKIP_DIRS = {".git", "__pycache__"}

C_LIKE = (".c", ".h", ".S", ".ld")
HASH = (".sh", ".cmake", ".py", ".toml", ".cfg", ".txt")


def comments(name, text):
    """(offset, comment text) of each comment of the file; the whole text
    for Markdown."""
    if name.endswith(".md"):
        return [(0, text)]
    out = []
    if name.endswith(C_LIKE):
        for m in re.finditer(r"/\*.*?\*/|//[^\n]*", text, re.S):
            out.append((m.start(), m.group(0)))
        if name.endswith(".S"):  # gas: '#' lines that are not cpp's
            for m in re.finditer(r"^[ \t]*#(?![ \t]*(?:include|define|if|ifdef|ifndef|"
                                 r"else|elif|endif|undef|error)\b)[^\n]*", text, re.M):
                out.append((m.start(), m.group(0)))
    elif name.endswith(".xml"):
        for m in re.finditer(r"<!--.*?-->", text, re.S):
            out.append((m.start(), m.group(0)))
    elif name.endswith(HASH) or name == "CMakeLists.txt":
        for m in re.finditer(r"(?:^|(?<=\s))#[^\n]*", text, re.M):
            out.append((m.start(), m.group(0)))
        if name.endswith(".py"):
            for m in re.finditer(r'"""(.*?)"""', text, re.S):
                out.append((m.start(), m.group(0)))
    return out


def candidates(path):
    """The names a written path stands for, as glob patterns."""
    path = path.rstrip(".,:;")
    names = [path]
    brace = re.search(r"\{([^}]*)\}", path)
    if brace:
        names = [path[:brace.start()] + alt + path[brace.end():]
                 for alt in brace.group(1).split(",")]
    out = []
    for n in names:
        parts = [re.sub(r"<[^>]*>|(?<![A-Za-z0-9])[A-Z][A-Z0-9]+(?![A-Za-z0-9])", "*", p)
                 for p in n.split("/")]
        out.append("/".join(parts).rstrip(".,:;"))
    return out


def exists(pattern, bases):
    return any(glob.glob(os.path.join(b, pattern)) for b in bases)


def check(top):
    missing = []
    for d, dirs, files in os.walk(top):
        rel = os.path.relpath(d, top)
        dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS and
                         not (rel == "." and x.startswith("build")))
        for f in sorted(files):
            p = os.path.join(d, f)
            try:
                text = open(p, encoding="utf-8").read()
            except (UnicodeDecodeError, OSError):
                continue
            for off, com in comments(f, text):
                for m in PATH.finditer(com):
                    # after a '/' only as ../x, ${DIR}/x or $(dir)/x: not
                    # another project's path (lldb/docs/..., hw/ppc/...)
                    if (m.start() > 0 and com[m.start() - 1] == "/" and
                            com[m.start() - 2:m.start() - 1] not in (".", "}", ")")):
                        continue
                    for pat in candidates(m.group(1)):
                        if not exists(pat, (top, d)):
                            line = text.count("\n", 0, off + m.start()) + 1
                            missing.append(f"{os.path.relpath(p, top)}:{line}: {pat}")
    return missing


def selftest():
    with tempfile.TemporaryDirectory() as t:
        os.makedirs(f"{t}/stub/core")
        os.makedirs(f"{t}/docs")
        open(f"{t}/stub/core/a.c", "w").write(
            "/* stub/core/a.c, stub/core/{a,b}.c and docs/gone.md, not lldb/docs/x.md */\n"
            "const char *s = \"stub/none.c\"; // tests/none.sh\n")
        open(f"{t}/docs/x.md", "w").write("`stub/core/` and `stub/CORE/a.c`, `stub/core/<f>.c`, vboard/x.c\n")
        got = sorted(check(t))
        want = sorted(["stub/core/a.c:1: stub/core/b.c", "stub/core/a.c:1: docs/gone.md",
                       "stub/core/a.c:2: tests/none.sh", "docs/x.md:1: vboard/x.c"])
        if got != want:
            sys.exit(f"selftest FAILED: found {got}, expected {want}")
    print("ok: selftest (missing paths in comments and pages found, code strings left alone)")


if __name__ == "__main__":
    if sys.argv[1:] == ["--selftest"]:
        selftest()
        sys.exit(0)
    missing = check(sys.argv[1])
    for m in missing:
        print(m)
    if missing:
        sys.exit(f"FAILED: {len(missing)} paths named in comments or pages do not exist")
    print("ok: every repository path named in comments and pages exists")
