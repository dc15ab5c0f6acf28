#!/usr/bin/env python3
"""object_cycles.py - fails when the objects of a folder reach each other
in a circle through the symbols they define and use (functions called and,
what an include check cannot see, variables shared), or when an object
uses another's writable variable: state has one owner, which gives
functions for it.

Each object file under OBJDIR is read with nm (`nm -P`): the global
symbols it defines (T, D, B, R, ...) and those it uses (U). Object a
depends on object b when a uses a symbol b defines. A circle (a strongly
connected group of more than one object) is printed with the symbols that
make each of its edges, so the variable or function to move is named.

A writable variable (nm kinds D, B, C, G, S: data, bss, common, small
data and bss) used by an object other than its owner is reported too;
constant tables (R) may be shared, and the few variables READ_EVERYWHERE
names, each with its reason, and those MODULE_STATE names, which only
the objects of their owner's folder may use.

Usage: object_cycles.py NM OBJDIR [PREFIX]
  NM      the binutils nm for the objects (mips-linux-gnu-nm ...)
  OBJDIR  the folder whose *.o / *.obj files (searched below it) are checked
  PREFIX  only objects whose path below OBJDIR starts with PREFIX
Exit 0: no circle; 1: the circles, one block each; 2: usage or nm failed.
       object_cycles.py --selftest   (builds small objects with cc)
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from include_cycles import cycles as circles  # noqa: E402 (Tarjan's groups)


def read_symbols(nm, path):
    """(defined, used): the global symbols path defines ({name: nm kind})
    and the set of those it uses."""
    out = subprocess.run([nm, "-P", path], capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"object_cycles: {nm} {path}: {out.stderr.strip()}")
    defined, used = {}, set()
    for line in out.stdout.splitlines():
        parts = line.split()
        if len(parts) < 2:
            continue
        name, kind = parts[0], parts[1]
        if kind == "U":
            used.add(name)
        elif kind.isupper():  # lower case: local to the object
            defined[name] = kind
    return defined, used


WRITABLE = set("DBCGS")

# Variables other files may read, each with why: set once by the file that
# owns them, read everywhere, where an accessor call at every use would
# cost code the smallest stub builds do not have room for.
READ_EVERYWHERE = {
    "stub_port": "the port's interface, set once by stub_init "
                 "(stub/core/port_ref.c); the core reads the board's I/O "
                 "through it",
}


# A folder's state, each variable with its folder and why: the folder is
# one module, whose files reach its state through the folder's private
# header; its owner (the file that defines it) is in that folder, and no
# object outside it may use it.
MODULE_STATE = {
    name: ("trace", "the tracepoint support's state, owned by "
                    "stub/core/trace/trace_area.c and reached through "
                    "stub/core/trace/trace_state.h: read at most hits and "
                    "packets, where a call for each read costs code the "
                    "smallest stub builds do not have room for")
    for name in ("trace_area", "trace_frames", "trace_state")
}


def allowed(s, user, owner, module_state):
    """May user use owner's writable variable s?"""
    if s in READ_EVERYWHERE:
        return True
    folder = os.path.dirname(owner)
    return (s in module_state and os.path.dirname(user) == folder
            and os.path.basename(folder) == module_state[s][0])


def graph(nm, objdir, prefix="", module_state=None):
    """{object: {object it depends on: [symbols]}} for the objects below
    objdir (names relative to it), and the uses of a writable variable
    outside its owner that READ_EVERYWHERE and module_state (MODULE_STATE
    unless given) do not allow."""
    if module_state is None:
        module_state = MODULE_STATE
    objects = []
    for root, _, files in os.walk(objdir):
        for f in files:
            if f.endswith((".o", ".obj")):
                rel = os.path.relpath(os.path.join(root, f), objdir)
                if rel.startswith(prefix):
                    objects.append(rel)
    owner, kinds, uses = {}, {}, {}
    for rel in sorted(objects):
        defined, used = read_symbols(nm, os.path.join(objdir, rel))
        for s, k in defined.items():
            owner[s], kinds[s] = rel, k
        uses[rel] = used
    edges, shared = {rel: {} for rel in uses}, []
    for rel, used in uses.items():
        for s in sorted(used):
            b = owner.get(s)
            if b and b != rel:
                edges[rel].setdefault(b, []).append(s)
                if kinds[s] in WRITABLE and not allowed(s, rel, b, module_state):
                    shared.append(f"{rel} uses {b}'s variable {s}")
    return edges, sorted(shared)


def report(edges, groups):
    lines = []
    for g in groups:
        lines.append("circle: " + " ".join(g))
        for a in g:
            for b in g:
                if b in edges.get(a, {}):
                    lines.append(f"  {a} -> {b}: {', '.join(edges[a][b])}")
    return "\n".join(lines)


def selftest():
    """A shared variable that closes a circle is found, with its name; the
    same files with the variable behind a function of its owner are not a
    circle. A module's state may be used by the files of its owner's
    folder, and by no other."""
    def build(files):
        d = tempfile.mkdtemp()
        for name, text in files.items():
            os.makedirs(os.path.join(d, os.path.dirname(name)), exist_ok=True)
            with open(os.path.join(d, name), "w") as f:
                f.write(text)
            subprocess.run(["cc", "-c", "-o", os.path.join(d, name[:-2] + ".o"),
                            os.path.join(d, name)], check=True)
        return d
    shared = build({"a.c": "int state; int b(void); int a(void) { return b(); }\n",
                    "b.c": "extern int state; int b(void) { return state; }\n"})
    owned = build({"a.c": "int b(void); int a(void) { return b(); }\n",
                   "b.c": "static int state; int b(void) { return state; }\n"})
    edges, used = graph("nm", shared)
    g = circles(edges)
    text = report(edges, g)
    ok = g == [["a.o", "b.o"]] and "b.o -> a.o: state" in text
    ok = ok and used == ["b.o uses a.o's variable state"]
    edges, used = graph("nm", owned)
    ok = ok and circles(edges) == [] and used == []
    module = build({"m/own.c": "int st;\n",
                    "m/use.c": "extern int st; int use(void) { return st; }\n",
                    "out.c": "extern int st; int out(void) { return st; }\n"})
    edges, used = graph("nm", module, module_state={"st": ("m", "a test")})
    ok = ok and used == ["out.o uses m/own.o's variable st"]
    print("ok: object_cycles finds a circle through a variable, the variable, "
          "and a module's state used outside its folder" if ok
          else f"FAIL: object_cycles selftest: {g} {text!r} {used}")
    return 0 if ok else 1


def main(argv):
    if argv[1:2] == ["--selftest"]:
        return selftest()
    if len(argv) not in (3, 4):
        print(__doc__, file=sys.stderr)
        return 2
    nm, objdir = argv[1], argv[2]
    edges, shared = graph(nm, objdir, argv[3] if len(argv) == 4 else "")
    if not edges:
        print(f"object_cycles: no objects under {objdir}", file=sys.stderr)
        return 2
    groups = circles(edges)
    if groups or shared:
        print("\n".join(filter(None, [report(edges, groups)] + shared)))
        return 1
    print(f"ok: no circle and no shared variable among the {len(edges)} objects "
          f"of {objdir}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
