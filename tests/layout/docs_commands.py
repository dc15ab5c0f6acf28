#!/usr/bin/env python3
"""docs_commands.py - every pmuctl command line the pages show names a
command pmuctl has, and only options that command takes, as pmuctl's own
--help says them.

The pages are README.md and docs/*.md. A command line is a `pmuctl ...`
inside code: an inline code span or a code block (fenced, or indented by
four spaces), with its backslash continuations joined. The word after
pmuctl and its target options (-t, -T, --no-ack) is the command; each
--option or -x after it must be in `pmuctl COMMAND --help`. Placeholders
(`pmuctl COMMAND`), global options (`pmuctl --help`) and pmuctl's output
quoted in a page (`pmuctl record: 1072 samples`) are not checked.

Usage: docs_commands.py PMUCTL REPO_ROOT     (exit 0: all agree; 1: the
       lines that do not, with page and line; 2: usage)
       docs_commands.py --selftest PMUCTL
"""
import glob
import os
import re
import subprocess
import sys
import tempfile

OPTION = re.compile(r"(?<![\w-])(--[a-z][a-z0-9-]*|-[a-zA-Z])\b")
TARGET_OPTS = {"-t", "--target", "-T", "--timeout", "--no-ack"}


def help_text(pmuctl, *args):
    r = subprocess.run([pmuctl, *args, "--help"], capture_output=True, text=True,
                       env=dict(os.environ, PMUCTL_TARGET=""))
    return r.stdout + r.stderr


def commands(pmuctl):
    """{command: set of the options its --help lists}."""
    text = help_text(pmuctl)
    names = re.findall(r"^  ([a-z]+)  +\S", text.split("Commands:", 1)[1].split("\n\n")[0],
                       re.M)
    out = {}
    for name in names:
        opts = set()
        for line in help_text(pmuctl, name).splitlines():
            m = re.match(r"\s+((?:-\w, )?--[a-z][a-z0-9-]*|-\w)", line)
            if m:
                opts.update(o.strip(", ") for o in m.group(1).split())
        out[name] = opts | {"--help"}
    return out


def code_of(text):
    """(line number, code) of each inline code span and code block line,
    continuations joined."""
    out, fenced, lines = [], False, text.split("\n")
    i = 0
    while i < len(lines):
        line, n = lines[i], i + 1
        if line.lstrip().startswith("```"):
            fenced = not fenced
            i += 1
            continue
        if fenced or line.startswith("    "):
            while line.rstrip().endswith("\\") and i + 1 < len(lines):
                i += 1
                line = line.rstrip()[:-1] + " " + lines[i].strip()
            out.append((n, line))
        else:
            out += [(n, m) for m in re.findall(r"`([^`]+)`", line)]
        i += 1
    return out


def check_page(path, cmds, seen):
    bad = []
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for n, code in code_of(text):
        for m in re.finditer(r"(?:^|[\s/|;(])pmuctl((?:\s+\S+)*)", code):
            words = m.group(1).split()
            k = 0
            while k < len(words) and words[k] in TARGET_OPTS:
                k += 2 if words[k] in ("-t", "--target", "-T", "--timeout") else 1
            if k >= len(words):
                continue
            cmd = words[k]
            # Not a command: a placeholder (COMMAND), a global option
            # (--help, --version), or pmuctl's own output quoted in a page
            # ("pmuctl record: 1072 samples ...").
            if cmd == "help" or not re.fullmatch(r"[a-z]+", cmd):
                continue
            if cmd not in cmds:
                bad.append(f"{path}:{n}: 'pmuctl {cmd}': no such command")
                continue
            seen.append(cmd)
            rest = " ".join(w for w in words[k + 1:])
            rest = re.split(r"[|;>]|&&", rest)[0]  # this command only
            for opt in OPTION.findall(rest):
                if opt not in cmds[cmd] and opt not in TARGET_OPTS:
                    bad.append(f"{path}:{n}: 'pmuctl {cmd} ... {opt}': {cmd} takes no {opt}")
    return bad


def run(pmuctl, root):
    cmds = commands(pmuctl)
    if not cmds:
        print(f"docs_commands: {pmuctl} --help lists no commands", file=sys.stderr)
        return 2
    pages = [os.path.join(root, "README.md")] + sorted(glob.glob(os.path.join(root, "docs", "*.md")))
    seen = []
    bad = [b for p in pages for b in check_page(p, cmds, seen)]
    for b in bad:
        print(os.path.relpath(b, root) if b.startswith(root) else b)
    if bad:
        print(f"FAILED: {len(bad)} pmuctl command lines in the pages that pmuctl does not take")
        return 1
    print(f"ok: the pages' {len(seen)} pmuctl command lines ({len(set(seen))} of the "
          f"{len(cmds)} commands) name options as --help does")
    return 0


def selftest(pmuctl):
    """A page with a made-up command and a wrong option fails, naming both;
    the same page fixed passes."""
    root = tempfile.mkdtemp()
    os.makedirs(os.path.join(root, "docs"))
    with open(os.path.join(root, "README.md"), "w") as f:
        f.write("Run `pmuctl -t h:1 measure --from a --to b -e cycles`.\n\n"
                "    pmuctl -t h:1 read \\\n        --rsp-stats\n")
    good = run(pmuctl, root) == 0
    with open(os.path.join(root, "docs", "bad.md"), "w") as f:
        f.write("```\npmuctl measure --frob 3\n```\nAnd `pmuctl mesure`.\n")
    out = subprocess.run([sys.executable, __file__, pmuctl, root], capture_output=True, text=True)
    found = out.returncode == 1 and "takes no --frob" in out.stdout and "'pmuctl mesure'" in out.stdout
    ok = good and found
    print("ok: docs_commands finds a wrong command and a wrong option" if ok
          else f"FAIL: docs_commands selftest (good {good}, found {found}): {out.stdout}")
    return 0 if ok else 1


def main(argv):
    if len(argv) == 3 and argv[1] == "--selftest":
        return selftest(argv[2])
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    return run(argv[1], os.path.abspath(argv[2]))


if __name__ == "__main__":
    sys.exit(main(sys.argv))
