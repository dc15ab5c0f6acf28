#!/usr/bin/env python3
"""pmuctl's help and its man page say the same, and the page renders.

Usage: help_man.py PMUCTL

pmuctl --help lists the commands; pmuctl CMD --help (and pmuctl help CMD)
that command's synopsis and options under their headings. pmuctl --man
writes pmuctl(1) in roff: a .SS section per command with its own options,
and a .SH section per group of options (Target options ...) saying which
commands take them. Every command and every option (name, argument, help
text) the help shows must be in the page, in the same place, and nothing
else; groff -man -ww and man --warnings -l must render the page silently.
"""
import os
import re
import subprocess
import sys
import tempfile

PMUCTL = sys.argv[1]
failures, checks = [], 0


def check(what, ok):
    global checks
    checks += 1
    if not ok:
        print("FAIL " + what)
        failures.append(what)


def run(*args, env=None):
    p = subprocess.run(args, capture_output=True, text=True, env=env)
    if p.returncode != 0:
        sys.exit(f"{args} exited {p.returncode}: {p.stderr}")
    return p.stdout


def words(text):
    return " ".join(text.split())


def help_sections(text):
    """{heading: {option label: help}} of a command's --help; '' holds the
    synopsis and what the command does."""
    sections, heading, label = {"": []}, "", None
    for line in text.splitlines():
        if not line:
            continue
        if not line.startswith(" ") and line.endswith(":"):
            heading, label = line[:-1], None
            sections[heading] = {}
        elif heading == "":
            sections[""].append(line)
        elif re.match(r"  (-., |    )--", line):
            m = re.match(r"  (?:(-.), |    )(--\S+(?: \S+)?)(?:\s{2,}(.*))?$", line)
            label = ((m.group(1) + ", ") if m.group(1) else "") + m.group(2)
            sections[heading][label] = m.group(3) or ""
        elif label:  # a continuation line (Environment's, Exit status' are not options)
            sections[heading][label] += " " + line.strip()
    sections[""] = words(" ".join(sections[""]))
    return {h: (v if h == "" else {k: words(t) for k, t in v.items()})
            for h, v in sections.items()}


def plain(roff):
    for a, b in (("\\fB", ""), ("\\fI", ""), ("\\fR", ""), ("\\-", "-"),
                 ("\\&", ""), ("\\e", "\\")):
        roff = roff.replace(a, b)
    return roff


def man_sections(page):
    """{command: {...}} and {group title: (commands, {label: help})}."""
    commands, groups, cur, label = {}, {}, None, None
    lines = page.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith(".SS "):
            cur = {"": [], "options": {}}
            commands[line[4:]] = cur
            label = None
        elif line.startswith(".SH "):
            title = line[4:].strip('"')
            cur = None
            if title.endswith("OPTIONS"):
                who = lines[i + 1]
                cur = {"": [], "options": {},
                       "who": re.findall(r"[a-z]+", who[3:])}
                groups[title] = cur
                i += 1
            label = None
        elif line == ".TP" and cur is not None:
            label = plain(lines[i + 1])
            cur["options"][label] = []
            i += 1
        elif cur is not None and not line.startswith("."):
            (cur["options"][label] if label else cur[""]).append(plain(line))
        i += 1
    for sec in list(commands.values()) + list(groups.values()):
        sec[""] = words(" ".join(sec[""]))
        sec["options"] = {k: words(" ".join(v)) for k, v in sec["options"].items()}
    return commands, groups


env = dict(os.environ)
env.pop("PMUCTL_TARGET", None)
page = run(PMUCTL, "--man", env=env)
top = run(PMUCTL, "--help", env=env)
names = re.findall(r"^  ([a-z]+)  ", top.split("Commands:\n")[1].split("\n\n")[0],
                   re.M)
man_cmds, man_groups = man_sections(page)
check(f"the page's commands are --help's, in order ({len(names)})",
      names == list(man_cmds))
check("the page has the three groups of options",
      sorted(man_groups) == ["DIAGNOSTIC OPTIONS", "GENERAL OPTIONS",
                             "TARGET OPTIONS"])
top_sections = help_sections(top)
for title, sec in man_groups.items():
    heading = title.capitalize()
    check(f"{heading}: pmuctl --help's options are the page's",
          top_sections.get(heading) == sec["options"])

for name in names:
    text = run(PMUCTL, name, "--help", env=env)
    check(f"pmuctl help {name} is pmuctl {name} --help",
          run(PMUCTL, "help", name, env=env) == text)
    h = help_sections(text)
    usage = h[""].split(" ", 1)[1]  # after "usage:"
    man = man_cmds.get(name, {"": "", "options": {}})
    check(f"{name}: synopsis and description as in the page",
          man[""] == usage)
    check(f"{name}: its options ({len(h.get('Options', {}))}) as in the page",
          h.get("Options", {}) == man["options"])
    for title, sec in man_groups.items():
        heading = title.capitalize()
        takes = heading in h
        check(f"{name}: {heading} {'listed' if takes else 'not listed'}, "
              "as the page says", takes == (name in sec["who"]))
        if takes:
            check(f"{name}: {heading} as in the page",
                  h[heading] == sec["options"])

with tempfile.NamedTemporaryFile("w", suffix=".1") as f:
    f.write(page)
    f.flush()
    g = subprocess.run(["groff", "-man", "-ww", "-z", f.name],
                       capture_output=True, text=True)
    check(f"groff -man -ww: no warning ({g.stderr.strip()!r})",
          g.returncode == 0 and not g.stderr)
    m = subprocess.run(["man", "--warnings", "-l", "-Tutf8", f.name],
                       capture_output=True, text=True,
                       env=dict(env, MANWIDTH="80"))
    check(f"man --warnings -l: no warning ({m.stderr.strip()!r})",
          m.returncode == 0 and not m.stderr)
    t = subprocess.run(["man", "-l", f.name], capture_output=True, text=True,
                       env=dict(env, MANWIDTH="80", MANPAGER="cat"))
    check("man -l renders PMUCTL(1) with every command",
          t.stdout.startswith("PMUCTL(1)") and
          all(re.search(rf"^   {n}$", t.stdout, re.M) for n in names))

print(f"{checks} checks, {len(failures)} failed")
sys.exit(1 if failures else 0)
