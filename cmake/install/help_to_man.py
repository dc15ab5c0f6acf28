#!/usr/bin/env python3
"""vboard(1) from vboard --help: the page says what the help says.

Usage: help_to_man.py VBOARD VERSION OUT

The help's first line is the synopsis, its second what vboard is; every
line that starts "  --NAME" is an option (its argument, then its text on
the same line or the lines below, indented). A text that ends in ":" is
followed by a list, one item a line (the CPUs, the machines): the page
keeps those lines apart. Nothing is added but the page's frame (NAME,
SEE ALSO), so that the help stays the one source.
"""
import re
import subprocess
import sys

VBOARD, VERSION, OUT = sys.argv[1:4]


def roff(text):
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + text if text[:1] in (".", "'") else text


def bold(text):
    return "\\fB" + roff(text) + "\\fR"


def italic(text):
    return "\\fI" + roff(text) + "\\fR"


lines = subprocess.run([VBOARD, "--help"], capture_output=True, text=True,
                       check=True).stdout.splitlines()
usage, about, rest = lines[0], lines[1], lines[2:]
m = re.match(r"usage: vboard (\S+) (\S+) \[options\]$", usage)
if not m:
    sys.exit(f"help_to_man.py: unexpected first line {usage!r}")
page = [
    f'.TH VBOARD 1 "" "pmustub {VERSION}" "User Commands"',
    ".SH NAME",
    "vboard \\- " + roff(about[0].lower() + about[1:].split(";")[0]),
    ".SH SYNOPSIS",
    f".B vboard\n{bold(m.group(1))} {italic(m.group(2))} [{italic('options')}]",
    ".SH DESCRIPTION",
    roff(about),
    ".SH OPTIONS",
]
listing = False
for line in rest:
    o = re.match(r"  (--\S+)(?: (\S+))?(?:\s{2,}(\S.*))?$", line)
    if o:
        page.append(".TP")
        page.append(bold(o.group(1)) + (" " + italic(o.group(2)) if o.group(2) else ""))
        text = o.group(3) or ""
        if text:
            page.append(roff(text))
        listing = text.endswith(":")
    elif line.startswith("      "):
        if listing:
            page.append(".br")
        page.append(roff(line.strip()))
    else:
        sys.exit(f"help_to_man.py: unexpected line {line!r}")
page += [".SH SEE ALSO", ".BR pmuctl (1),", ".BR pmustub (7),",
         ".BR qemu\\-system\\-mips (1)"]
with open(OUT, "w") as f:
    f.write("\n".join(page) + "\n")
