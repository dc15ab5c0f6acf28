#!/usr/bin/env python3
"""include_cycles.py - fails when a C file's includes, followed, lead back
to it.

Three kinds of circle are looked for in each tree given:

 - headers: a.h includes b.h which (perhaps through others) includes a.h;
 - files: a.c includes (through any headers) a header that declares a
   function b.c defines and a.c calls, and b.c, the same way, leads back
   to a.c. One header shared by two files that call each other (the way
   a file's header can declare a sister file's functions) is such a
   circle even though no header includes another;
 - folders, in a tree whose folders are layers (host/): a file of one
   folder calls into another folder from which a call leads back.

An include "x" is looked up beside the including file, then in the
tree's include roots (see TREES); one found nowhere (a generated or
system header) is not followed. Comments and strings are ignored when
reading declarations, definitions and calls.

Usage: include_cycles.py REPO_ROOT [TREE...]   (default: every tree in
TREES whose "checked" is True). Exit 0: no circle; 1: the circles, one
per line, are printed.
"""
import os
import re
import sys

# The trees checked, each with the folders its #include "..." are found
# in (relative to the repository). "checked": part of the default run
# (the ctest); a tree that still has circles is named on the command line
# until they are gone, then switched on here. "folders": the tree's
# folders are layers, so no circle among folders either (a file of one
# folder calling into another folder that calls back).
TREES = {
    "host": {"roots": ["host", "stub/include"], "checked": True,
             "folders": True},
    "stub": {"roots": ["stub/include", "stub/core", "stub"], "checked": True,
             "folders": False},
}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
IDENT = re.compile(r"[A-Za-z_]\w*")
# A name followed by "(" at brace depth 0: a declaration or a definition.
TOP_FUNC = re.compile(r"([A-Za-z_]\w*)\s*\(")
KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "defined",
            "__attribute__", "_Static_assert", "typeof", "__typeof__"}


def strip(text):
    """Comments, strings and character constants blanked; preprocessor
    lines dropped (their macros are not functions)."""
    text = re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group()),
                  text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r'"(\\.|[^"\\\n])*"', '""', text)
    text = re.sub(r"'(\\.|[^'\\\n])*'", "''", text)
    out, cont = [], False
    for line in text.split("\n"):
        pre = cont or line.lstrip().startswith("#")
        cont = pre and line.rstrip().endswith("\\")
        out.append("" if pre else line)
    return "\n".join(out)


def top_level(text):
    """The text at brace depth 0 (function bodies and struct members
    blanked), and whether each "(" found there opens a body after it."""
    depth, keep = 0, []
    for ch in text:
        if ch == "{":
            depth += 1
            keep.append("{" if depth == 1 else " ")
        elif ch == "}":
            depth -= 1
            keep.append(" ")
        else:
            keep.append(ch if depth == 0 or ch == "\n" else " ")
    return "".join(keep)


def functions(text, defined):
    """Names declared (defined=False: prototypes ending in ';') or defined
    (a parameter list followed by '{') at the top level of text."""
    top = top_level(strip(text))
    names = set()
    for m in TOP_FUNC.finditer(top):
        name = m.group(1)
        if name in KEYWORDS:
            continue
        # Skip past the parameter list (balanced parentheses).
        depth, i = 0, m.end() - 1
        while i < len(top):
            depth += top[i] == "("
            depth -= top[i] == ")"
            i += 1
            if depth == 0:
                break
        rest = top[i:].lstrip()
        # __attribute__((...)) after the parameters.
        while rest.startswith("__attribute__"):
            j, depth = len("__attribute__"), 0
            while j < len(rest):
                depth += rest[j] == "("
                depth -= rest[j] == ")"
                j += 1
                if depth == 0 and rest[j - 1] == ")":
                    break
            rest = rest[j:].lstrip()
        # "int (*fp)(...)": a pointer, not a function.
        if top[m.start():m.end()].startswith("(") or top[max(0, m.start() - 1)] == "(":
            continue
        if defined and rest.startswith("{"):
            names.add(name)
        if not defined and rest.startswith(";"):
            names.add(name)
    return names


class Tree:
    def __init__(self, repo, name):
        self.repo = repo
        self.root = os.path.join(repo, name)
        self.roots = [os.path.join(repo, r) for r in TREES[name]["roots"]]
        self.files = []
        for d, _, fs in os.walk(self.root):
            self.files += [os.path.join(d, f) for f in sorted(fs)
                           if f.endswith((".c", ".h"))]
        self.text = {f: open(f, encoding="utf-8", errors="replace").read()
                     for f in self.files}
        self.includes = {f: self.resolve(f) for f in self.files}
        self.declares = {f: functions(t, False)
                         for f, t in self.text.items() if f.endswith(".h")}
        self.definer = {}
        for f, t in self.text.items():
            if f.endswith(".c"):
                for name in functions(t, True):
                    self.definer.setdefault(name, set()).add(f)

    def resolve(self, f):
        found = []
        for inc in INCLUDE.findall(self.text[f]):
            for d in [os.path.dirname(f)] + self.roots:
                p = os.path.normpath(os.path.join(d, inc))
                if p in self.text or os.path.isfile(p):
                    if p not in self.text and p.endswith((".c", ".h")):
                        self.text[p] = open(p, encoding="utf-8",
                                            errors="replace").read()
                    found.append(p)
                    break
        return found

    def reached_headers(self, f):
        seen, todo = set(), list(self.includes.get(f, []))
        while todo:
            h = todo.pop()
            if h in seen:
                continue
            seen.add(h)
            if h not in self.includes:
                self.includes[h] = self.resolve(h)
            todo += self.includes[h]
        return seen

    def file_edges(self):
        """a.c -> b.c: a.c calls a function b.c defines, declared in a
        header a.c includes."""
        edges = {}
        for f in self.files:
            if not f.endswith(".c"):
                continue
            # A name f defines itself is its own, whoever else defines it
            # (another port of the same interface).
            used = set(IDENT.findall(strip(self.text[f]))) - functions(
                self.text[f], True)
            to = set()
            for h in self.reached_headers(f):
                if h not in self.declares:
                    self.declares[h] = functions(self.text[h], False)
                for name in self.declares[h] & used:
                    to |= self.definer.get(name, set())
            edges[f] = sorted(to)
        return edges

    def folder_edges(self, file_edges):
        """Folder (or top-level file) a -> b: a file in a calls into b."""
        def folder(p):
            return os.path.relpath(p, self.root).split(os.sep)[0]
        edges = {}
        for a, bs in file_edges.items():
            for b in bs:
                if folder(a) != folder(b):
                    edges.setdefault(folder(a), set()).add(folder(b))
        return {a: sorted(bs) for a, bs in edges.items()}

    def header_edges(self):
        return {f: sorted(i for i in self.includes[f] if i.endswith(".h"))
                for f in self.files if f.endswith(".h")}


def cycles(edges):
    """Each strongly connected set of more than one node (Tarjan), and any
    node that leads to itself."""
    index, low, stack, on, out, n = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = n[0]
        n[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, []):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 or v in edges.get(v, []):
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def main(argv):
    repo = os.path.abspath(argv[1] if len(argv) > 1 else ".")
    names = argv[2:] or [t for t, c in TREES.items() if c["checked"]]
    bad = 0
    for name in names:
        tree = Tree(repo, name)
        files = tree.file_edges()
        kinds = [("headers", tree.header_edges()), ("files", files)]
        if TREES[name]["folders"]:
            kinds.append(("folders", {
                os.path.join(tree.root, a): [os.path.join(tree.root, b) for b in bs]
                for a, bs in tree.folder_edges(files).items()}))
        for kind, edges in kinds:
            for comp in cycles(edges):
                bad += 1
                rel = [os.path.relpath(p, repo) for p in comp]
                print(f"{name}: include circle among {kind}: " + " <-> ".join(rel))
        print(f"{name}: {len(tree.files)} files read")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
