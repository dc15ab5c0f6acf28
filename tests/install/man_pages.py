#!/usr/bin/env python3
"""The installed man pages say what the installed programs take.

Usage: man_pages.py PREFIX TOP_SRC_DIR

pmuctl(1): every option that pmuctl --help or any pmuctl COMMAND --help
lists is in the page, and the page is what that pmuctl --man writes now
(tests/pmuctl/help_man.py checks --man against --help in detail).
vboard(1): every option vboard --help lists, with its argument, is an
option of the page. pmustub(7): every monitor command in the stub's
tables (the stub_monitor_cmd tables of stub/, and monitor pmu's
subcommands) and every board the install has (lib/pmustub/) is in the
page. All three render with groff -man -ww without a warning.
"""
import os
import re
import subprocess
import sys

PREFIX, TOP = sys.argv[1:3]
MAN = os.path.join(PREFIX, "share/man")
failures, checks = [], 0
env = {k: v for k, v in os.environ.items() if k != "PMUCTL_TARGET"}


def check(what, ok):
    global checks
    checks += 1
    print(("ok - " if ok else "FAIL - ") + what)
    if not ok:
        failures.append(what)


def run(*args):
    return subprocess.run(args, capture_output=True, text=True, env=env).stdout


def plain(roff):
    """The page's text as man shows it, near enough for a search."""
    for a, b in (("\\fB", ""), ("\\fI", ""), ("\\fR", ""), ("\\-", "-"),
                 ("\\&", ""), ("\\e", "\\")):
        roff = roff.replace(a, b)
    return roff


def options(help_text):
    return re.findall(r"^  (?:-., |    |)(--[a-z0-9-]+)", help_text, re.M)


def page(path):
    with open(path) as f:
        return f.read()


# ---- pmuctl(1)
pmuctl = os.path.join(PREFIX, "bin/pmuctl")
p1 = page(os.path.join(MAN, "man1/pmuctl.1"))
check("pmuctl.1 is what the installed pmuctl --man writes", p1 == run(pmuctl, "--man"))
top = run(pmuctl, "--help")
names = re.findall(r"^  ([a-z]+)  ", top.split("Commands:\n")[1].split("\n\n")[0], re.M)
text1 = plain(p1)
check(f"pmuctl --help lists commands ({len(names)})", len(names) > 5)
for name in names:
    check(f"pmuctl.1 has a section for {name}", f"\n.SS {name}\n" in p1)
    for opt in options(run(pmuctl, name, "--help")) + options(top):
        check(f"pmuctl.1 names {name}'s {opt}", opt in text1)

# ---- vboard(1)
vhelp = run(os.path.join(PREFIX, "bin/vboard"), "--help")
p2 = plain(page(os.path.join(MAN, "man1/vboard.1")))
tps = re.findall(r"^\.TP\n(--\S+)(?: (\S+))?$", p2, re.M)
vopts = re.findall(r"^  (--\S+)(?: (\S+))?", vhelp, re.M)
check(f"vboard --help lists options ({len(vopts)})", len(vopts) > 10)
for opt, arg in vopts:
    check(f"vboard.1 has {opt} {arg}".rstrip(), (opt, arg) in tps)
check("vboard.1 has no option vboard --help lacks", len(tps) == len(vopts))

# ---- pmustub(7)
p7 = plain(page(os.path.join(MAN, "man7/pmustub.7")))
cmds = set()
for root, _, files in os.walk(os.path.join(TOP, "stub")):
    for fn in files:
        if fn.endswith(".c"):
            src = page(os.path.join(root, fn))
            for table in re.findall(r"stub_monitor_cmd \w+\[\] = \{(.*?)\};", src, re.S):
                cmds.update(re.findall(r'\{"(\w+)",', table))
            m = re.search(r"\} subcommands\[\] = \{(.*?)\};", src, re.S)
            if m and fn == "monitor_pmu.c":
                cmds.update("pmu " + s for s in re.findall(r'\{"(\w+)",', m.group(1)))
check(f"the stub's tables have monitor commands ({sorted(cmds)})",
      {"help", "pmu", "ctrlc", "pmu freeze"} <= cmds)
for c in sorted(cmds):
    check(f"pmustub.7 documents monitor {c}",
          re.search(rf"^\.BR? \"?monitor {c}\b", p7, re.M) is not None)
for board in sorted(os.listdir(os.path.join(PREFIX, "lib/pmustub"))):
    check(f"pmustub.7 has the board {board}", f"\n.TP\n.B {board}\n" in p7)

for path in ("man1/pmuctl.1", "man1/vboard.1", "man7/pmustub.7"):
    g = subprocess.run(["groff", "-man", "-ww", "-z", os.path.join(MAN, path)],
                       capture_output=True, text=True)
    check(f"groff -man -ww {path}: no warning ({g.stderr.strip()!r})",
          g.returncode == 0 and not g.stderr)
    m = subprocess.run(["man", "--warnings", "-l", "-Tutf8", os.path.join(MAN, path)],
                       capture_output=True, text=True, env=dict(env, MANWIDTH="80"))
    check(f"man --warnings -l {path}: no warning ({m.stderr.strip()!r})",
          m.returncode == 0 and not m.stderr)

print(f"{checks} checks, {len(failures)} failed")
sys.exit(1 if failures else 0)
