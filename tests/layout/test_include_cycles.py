#!/usr/bin/env python3
"""test_include_cycles.py - include_cycles.py finds the circles it is for
and none where there is none, on small trees written here (the shapes
host/ had: two files sharing one header and calling each other; and a
header circle), so that the check of host/ cannot pass by finding
nothing."""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CHECK = os.path.join(HERE, "include_cycles.py")


def tree(files):
    root = tempfile.mkdtemp()
    for path, text in files.items():
        p = os.path.join(root, "host", path)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w") as f:
            f.write(text)
    return root


def check(files):
    root = tree(files)
    try:
        out = subprocess.run([sys.executable, CHECK, root, "host"],
                             capture_output=True, text=True)
    finally:
        shutil.rmtree(root)
    return out.returncode, out.stdout


# measure.c and measure_trace.c before the change: one header declares
# both files' functions and each file calls the other's.
SHARED_HEADER = {
    "m.h": "int run(void);\nint trace(void);\n"
           "int group(int g) __attribute__((warn_unused_result));\n",
    "m.c": '#include "m.h"\nint group(int g) { return g; }\n'
           "int run(void) { return trace(); }\n",
    "m_trace.c": '#include "m.h"\nint trace(void) { return group(1); }\n',
}

# The same after the change: the shared part in a file of its own.
SPLIT = {
    "m/group.h": "int group(int g);\n",
    "m/group.c": '#include "m/group.h"\nint group(int g) { return g; }\n',
    "m/trace.h": "int trace(void);\n",
    "m/trace.c": '#include "m/trace.h"\n#include "m/group.h"\n'
                 "int trace(void) { return group(1); }\n",
    "m/run.h": "int run(void);\n",
    "m/run.c": '#include "m/run.h"\n#include "m/trace.h"\n'
               "int run(void) { return trace(); }\n",
}

HEADER_CIRCLE = {
    "a.h": '#include "b.h"\n',
    "b.h": '#include "c.h"\n',
    "c.h": '#include "a.h"\n',
}

# Two ports of one interface (each defines port_go, one calls it): no
# circle, though each file defines what the shared header declares.
PORTS = {
    "port.h": "int port_go(void);\nint port_id(void);\n",
    "arch1/port.c": '#include "port.h"\nint port_go(void) { return port_id(); }\n'
                    "int port_id(void) { return 1; }\n",
    "arch2/port.c": '#include "port.h"\nint port_go(void) { return port_id(); }\n'
                    "int port_id(void) { return 2; }\n",
}

# Two layers that call each other, though no two files do.
FOLDER_CIRCLE = {
    "lo/a.h": "int a(void);\n",
    "lo/a.c": '#include "lo/a.h"\n#include "hi/d.h"\nint a(void) { return d(); }\n',
    "lo/b.h": "int b(void);\n",
    "lo/b.c": '#include "lo/b.h"\nint b(void) { return 1; }\n',
    "hi/c.h": "int c(void);\n",
    "hi/c.c": '#include "hi/c.h"\n#include "lo/b.h"\nint c(void) { return b(); }\n',
    "hi/d.h": "int d(void);\n",
    "hi/d.c": '#include "hi/d.h"\nint d(void) { return 4; }\n',
}

# A call in a comment or a string is no call.
COMMENTED = {
    "x.h": "int x(void);\n",
    "y.h": "int y(void);\n",
    "x.c": '#include "x.h"\n#include "y.h"\nint x(void) { return y(); }\n',
    "y.c": '#include "y.h"\n#include "x.h"\n/* x() */\n'
           'int y(void) { const char *s = "x()"; return s[0]; }\n',
}


def main():
    failed = 0
    cases = [
        ("shared header, mutual calls", SHARED_HEADER, 1, "m.c <-> host/m_trace.c"),
        ("split", SPLIT, 0, None),
        ("header circle", HEADER_CIRCLE, 1, "among headers"),
        ("folder circle", FOLDER_CIRCLE, 1, "among folders: host/hi <-> host/lo"),
        ("two ports", PORTS, 0, None),
        ("comments and strings", COMMENTED, 0, None),
    ]
    for name, files, want_rc, want_text in cases:
        rc, out = check(files)
        ok = rc == want_rc and (want_text is None or want_text in out)
        print(f"{'ok' if ok else 'FAIL'}: {name} (exit {rc})")
        if not ok:
            print(out)
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
