#!/usr/bin/env python3
"""The build options the pages name are the ones the build declares.

Every `-DPMUSTUB_<NAME>` that README.md or a page of docs/ names is
declared in cmake/options.cmake (by pmustub_option() or as a cache
entry), where both the top level and the stub's project take it from,
and every option declared there is named as `-DPMUSTUB_<NAME>` in one of
those pages. Fails naming each one that is not, with its file and line.

usage: options_documented.py SOURCE_DIR
       options_documented.py --selftest
"""
import glob
import os
import re
import sys

from layout_check import run_check, run_selftest  # same folder

NAMED = re.compile(r"-D(PMUSTUB_[A-Z0-9_]+)")
DECLARED = re.compile(r"^\s*(?:pmustub_option|set)\((PMUSTUB_[A-Z0-9_]+)\b(.*)$", re.M)


def declared(top):
    """The options cmake/options.cmake declares."""
    text = open(os.path.join(top, "cmake", "options.cmake"), encoding="utf-8").read()
    return {m.group(1) for m in DECLARED.finditer(text)
            if m.group(0).lstrip().startswith("pmustub_option") or "CACHE" in m.group(2)}


def check(top):
    options = declared(top)
    pages = [os.path.join(top, "README.md")] + sorted(glob.glob(os.path.join(top, "docs", "*.md")))
    problems, named = [], set()
    for p in pages:
        text = open(p, encoding="utf-8").read()
        for m in NAMED.finditer(text):
            named.add(m.group(1))
            if m.group(1) not in options:
                line = text.count("\n", 0, m.start()) + 1
                problems.append(f"{os.path.relpath(p, top)}:{line}: -D{m.group(1)} "
                                "is not declared in cmake/options.cmake")
    for o in sorted(options - named):
        problems.append(f"cmake/options.cmake: {o} is named in no page (README.md, docs/)")
    return problems


# The selftest's tree: one option named and declared each way, one named
# but not declared (README, and a plain cache variable), one declared but
# never named.
FIXTURE = {
    "cmake/options.cmake": 'pmustub_option(PMUSTUB_A ON "a")\n'
                           'set(PMUSTUB_B "" CACHE STRING "b")\n'
                           'set(PMUSTUB_LIST "")\n'
                           'pmustub_option(PMUSTUB_HIDDEN 4 "never named" MIN 1)\n',
    "README.md": "`-DPMUSTUB_A=OFF` and\n`-DPMUSTUB_GONE=1`\n",
    "docs/x.md": "cmake -DPMUSTUB_B=34k -DPMUSTUB_LIST=x\n",
}


def selftest():
    return run_selftest(FIXTURE, check, [
        "README.md:2: -DPMUSTUB_GONE is not declared in cmake/options.cmake",
        "docs/x.md:1: -DPMUSTUB_LIST is not declared in cmake/options.cmake",
        "cmake/options.cmake: PMUSTUB_HIDDEN is named in no page (README.md, docs/)"],
        "options named but not declared, and declared but not named, found")


if __name__ == "__main__":
    sys.exit(run_check(
        sys.argv[1:], check, selftest,
        lambda top: f"ok: the {len(declared(top))} options of cmake/options.cmake are the "
                    "ones README.md and docs/ name",
        lambda n: f"FAILED: {n} options named and declared apart"))
