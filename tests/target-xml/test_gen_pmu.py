#!/usr/bin/env python3
"""gen_pmu.py: golden outputs from a fixture registry (fixture/), the
shipped registry accepted, broken registries and catalogues rejected with
the file named.

usage: test_gen_pmu.py GEN_PMU.py SHIPPED_REGISTRY [--update]
--update rewrites golden/ from the fixture (review the diff).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

GEN, SHIPPED = sys.argv[1], sys.argv[2]
UPDATE = "--update" in sys.argv[3:]
HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE = os.path.join(HERE, "fixture")
GOLDEN = os.path.join(HERE, "golden")


def run(*args):
    return subprocess.run([sys.executable, GEN, *args], capture_output=True, text=True)


def generate(registry, out):
    """All outputs of registry into out; returns the failures' stderr."""
    errs = []
    for args in (["cmake", registry, os.path.join(out, "cores.cmake")],
                 ["host", registry, out],
                 ["stub", registry, "b1", os.path.join(out, "pmu_registry.c"),
                  os.path.join(out, "pmu_registry.h"), "--table",
                  os.path.join(out, "tdesc_table.h")],
                 ["stub", registry, "b2", os.path.join(out, "pmu_registry_b2.c"),
                  os.path.join(out, "pmu_registry_b2.h")]):
        r = run(*args)
        if r.returncode != 0:
            errs.append(f"{args[0]}: rc {r.returncode}: {r.stderr.strip()}")
    return errs


TARGET_XML = os.path.dirname(os.path.abspath(GEN))
sys.path.insert(0, TARGET_XML)
from tdesc_compact import Table, c_literal  # noqa: E402 (the generator's folder)


def served_core(path, table, symbol):
    """The text of `symbol`'s pieces in generated C file path, rules and
    runs spelled out with the words and parts of header table: what the
    stub serves of them."""
    with open(path, encoding="latin-1") as f:
        src = f.read()
    rules = [(int(a, 16), int(b, 16)) for a, b in
             re.findall(r"\{0x([0-9a-f]{2}), 0x([0-9a-f]{2})\}", src.split("pmu_tdesc_rules")[1]
                        .split("};")[0])]
    strings = dict(re.findall(r'static const char (\w+)\[\] [^=]*=\s*"((?:[^"\\]|\\.)*)";', src))
    names = re.search(r"const char \*const " + symbol + r"\[\] = \{(.*?)\};", src, re.S).group(1)
    words = Table.read(table)
    return "".join(words.decode(c_literal(strings[n]), rules)
                   for n in re.findall(r"\w+", names) if n != "0")


failures = []
with tempfile.TemporaryDirectory() as tmp:
    # ---- golden outputs
    out = os.path.join(tmp, "out")
    os.makedirs(out)
    failures += generate(os.path.join(FIXTURE, "cores.toml"), out)
    # Input paths in cores.cmake are absolute: compare them relative.
    cm = os.path.join(out, "cores.cmake")
    with open(cm) as f:
        text = f.read().replace(FIXTURE, "<fixture>")
    with open(cm, "w") as f:
        f.write(text)
    names = sorted(os.listdir(out))
    if UPDATE:
        shutil.rmtree(GOLDEN, ignore_errors=True)
        shutil.copytree(out, GOLDEN)
        print(f"golden outputs rewritten: {', '.join(names)}")
    elif sorted(os.listdir(GOLDEN)) != names:
        failures.append(f"outputs {names} but golden has {sorted(os.listdir(GOLDEN))}")
    else:
        for n in names:
            with open(os.path.join(out, n)) as a, open(os.path.join(GOLDEN, n)) as b:
                if a.read() != b.read():
                    failures.append(f"{n} differs from golden/{n} "
                                    f"(diff it; rerun with --update if the change is meant)")

    # ---- the shipped registry
    shipped = os.path.join(tmp, "shipped")
    os.makedirs(shipped)
    for args in (["cmake", SHIPPED, os.path.join(shipped, "c.cmake")],
                 ["host", SHIPPED, shipped],
                 ["stub", SHIPPED, "malta", os.path.join(shipped, "m.c"),
                  os.path.join(shipped, "m.h")],
                 ["stub", SHIPPED, "ppce500", os.path.join(shipped, "p.c"),
                  os.path.join(shipped, "p.h")]):
        r = run(*args)
        if r.returncode != 0:
            failures.append(f"shipped registry rejected ({args[0]}): {r.stderr.strip()}")
    # The arch's description written with the board's rules (--core, as the
    # stub's build does): its tables, read back from the C and spelled out
    # here, are target.xml byte for byte.
    for board, cores, arch, feats in (
            ("malta", "34k", "mips:isa32r2", ["mips/mips-cpu.xml", "mips/mips-cp0.xml",
                                             "mips/mips-fpu.xml"]),
            ("malta", "", "mips:isa32r2", ["mips/mips-cpu.xml", "mips/mips-cp0.xml",
                                          "mips/mips-fpu.xml"]),
            ("ppce500", "e200z7", "powerpc:common", ["power/power-core.xml"]),
            ("ppce500", "", "powerpc:common", ["power/power-core.xml"])):
        feats = [os.path.join(TARGET_XML, f) for f in feats]
        c, xml = os.path.join(shipped, "core.c"), os.path.join(shipped, "target.xml")
        table = os.path.join(shipped, "tdesc_table.h")
        r = run("stub", SHIPPED, board, c, os.path.join(shipped, "core.h"), cores,
                "--table", table, "--core", arch, "sym", *feats)
        g = subprocess.run([sys.executable, os.path.join(TARGET_XML, "gen_target_xml.py"),
                            "--arch", arch, "--symbol", "sym", "--out-xml", xml, *feats],
                           capture_output=True, text=True)
        if r.returncode or g.returncode:
            failures.append(f"{board} {cores} --core: {r.stderr.strip()} {g.stderr.strip()}")
            continue
        with open(xml) as f:
            want = f.read()
        got = served_core(c, table, "sym")
        if got != want:
            failures.append(f"{board} {cores} --core: the pieces spell {len(got)} characters, "
                            f"not target.xml's {len(want)}")

    # ---- broken inputs: each is the fixture with one change
    tried = []

    def broken(what, path, old, new):
        tried.append(what)
        work = os.path.join(tmp, "broken")
        shutil.rmtree(work, ignore_errors=True)
        shutil.copytree(FIXTURE, work)
        p = os.path.join(work, path)
        with open(p) as f:
            text = f.read()
        assert old in text, (what, old)
        with open(p, "w") as f:
            f.write(text.replace(old, new, 1))
        r = run("host", os.path.join(work, "cores.toml"), os.path.join(tmp, "b"))
        named = os.path.basename(path) in r.stderr
        if r.returncode != 1 or not r.stderr.startswith("gen_pmu.py:") or not named:
            failures.append(f"{what}: not rejected with its file named "
                            f"(rc {r.returncode}: {r.stderr.strip()})")

    broken("duplicate code on a counter", "events/c1.csv", "2,1,branch_mis", "2,0 1,branch_mis")
    broken("bad event name", "events/c1.csv", "branches", "Bad-Name")
    broken("bad event type", "events/c1.csv", "2,0,branches,T", "2,0,branches,Q")
    broken("no instructions event", "events/c1.csv", "instructions,T", "insns,T")
    broken("counter beyond the core's", "events/c1.csv", "2,0,branches", "2,0 2,branches")
    broken("bad catalogue header", "events/c1.csv", "code,counters", "code,ctrs")
    broken("bad vboard word", "events/c1.csv", "P,model,increase,Cycles", "P,modeled,increase,Cycles")
    broken("bad worse word", "events/c1.csv", "P,model,increase,Cycles", "P,model,up,Cycles")
    broken("unknown family", "cores.toml", 'key = "c2"\nfamily = "mips32"', 'key = "c2"\nfamily = "nope"')
    broken("duplicate core key", "cores.toml", 'key = "c2"', 'key = "c1"')
    broken("board names an unknown core", "cores.toml", 'cores = ["c2"]', 'cores = ["c9"]')
    broken("bad discovery", "cores.toml", '"fixed"', '"guess"')
    broken("control register without EVENT", "fields.csv", "c2,perfctl,EVENT,5,8,event", "c2,perfctl,EVT,5,8,")
    broken("no qemu_cpu", "cores.toml", 'qemu_cpu = "C1f"\n', '')
    broken("qemu_cpu not a -cpu name", "cores.toml", '"C1f"', '"C1f -d exec"')
    broken("compressed ISA the family has not", "cores.toml", 'compressed_isa = "mips16e"',
           'compressed_isa = "vle"')
    broken("TOML syntax", "cores.toml", "[boards.b1]", "[boards.b1")
    broken("metric names an unknown event", "metrics.toml", '"branches"]', '"branchez"]')
    broken("metric without a denominator", "metrics.toml", 'den = ["cycles"]\n', '')
    broken("metric without worse", "metrics.toml", 'worse = "decrease"\n', '')
    broken("a metric's name worse both ways", "metrics.toml", 'worse = "decrease"\n',
           'worse = "decrease"\n\n[[metrics]]\nname = "IPC"\nunit = "insn per cycle"\n'
           'plus = ["instructions"]\nden = ["cycles"]\nworse = "increase"\n')
    # Power-shaped inputs
    broken("event code wider than EVENT", "events/p1.csv", "100,0,", "200,0,")
    broken("Power field of no register", "pfields.csv", "p1,lcb,THRESHOLD", "p1,lcz,THRESHOLD")
    broken("Power field type no enum names", "pfields.csv", "11,12,tbsel", "11,12,tbsal")
    broken("Power mode on no field", "cores.toml", 'marked = "FCM0"', 'marked = "FCM9"')
    broken("Power modes without sense", "cores.toml", 'sense = "freeze", u = "FCU"', 'u = "FCU"')
    broken("Power singleton with a regnum pair", "cores.toml", "regnum = 80,", "regnum = [80, 1],")
    broken("two registers of one role", "cores.toml", 'name = "upc{n}", role = "count", bits = 32, regnum = [88, 1], at = [0, 1], readonly = true',
           'name = "upc{n}", role = "count", bits = 32, regnum = [88, 1], at = [0, 1]')
    broken("generic name not generic", "cores.toml", "generic = { dcache_misses", "generic = { dmisses")
    broken("generic maps to no event", "cores.toml", '= "dcache_linefills" }', '= "dcache_fills" }')
    broken("generic shadows an event", "cores.toml", "generic = { dcache_misses", "generic = { cycles")
    broken("Power irq not the family's", "cores.toml", 'irq = "ivor35"', 'irq = "ivor36"')
    broken("board core of another family", "cores.toml", 'cores = ["p1"]', 'cores = ["c1"]')
    broken("unknown core without EVENT", "pfields.csv", "any,lca,EVENT,16,23,event", "any,lca,EVENT,16,23,")
    # MT filter and cost tables
    broken("MT filter field missing", "fields.csv", "c1,perfctl,TCID,22,29,\n", "")
    broken("cost of no event", "costs/c2.csv", "cycles,1,1,1", "cyclez,1,1,1")
    broken("cost min above typical", "costs/c2.csv", "cycles,1,1,1", "cycles,2,1,1")
    broken("cost not a number", "costs/c2.csv", "cycles,1,1,1", "cycles,1,one,1")
    broken("costs without a clock", "cores.toml", ', mhz = 150 }', ' }')
    # vboard's quirks and the boards' default cores
    broken("core quirk not the family's", "cores.toml", '32], quirks = ["unfiltered"]',
           '32], quirks = ["twice"]')
    broken("quirk in two families", "cores.toml", 'vboard_quirks = ["unfiltered"]',
           'vboard_quirks = ["unfiltered", "twice"]')
    broken("quirk not a lower_case name", "cores.toml", '["odd_loads", "twice"]',
           '["odd-loads", "twice"]')
    broken("board without a default core", "cores.toml", 'default_core = "c2"\n', '')
    broken("default core not the board's", "cores.toml", 'default_core = "c2"',
           'default_core = "c1"')

for f in failures:
    print("FAIL:", f)
print(f"{'FAILED' if failures else 'ok'}: golden outputs, shipped registry, "
      f"{len(tried)} broken inputs")
sys.exit(1 if failures else 0)
