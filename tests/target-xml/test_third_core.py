#!/usr/bin/env python3
"""A third Power core is a registry edit, not a C edit: a copy of the
shipped registry with one more power core (its [[cores]] entry, its
control-register fields, the ppce500 board's list) goes through gen_pmu.py, and the layers' own C, unchanged, picks it up:
- vboard: ppc_personality() of the new key has the registry's PVR, TLB1,
  time-base divider and PMLCb masks, pmu_family_power_keys lists it
  (vboard's --cpu list), and its events are bound with the quirks its
  vboard.quirks names, not another core's (ppc_pmu_model_for);
- the stub: ppc_core_lookup() of its PVR is the new core with its debug
  level and HID0 bits;
- pmuctl: its catalogue is found by name and by PVR.
Compiled with the host compiler against the generated headers.

usage: test_third_core.py TOP_SRC_DIR CC
"""
import os
import shutil
import subprocess
import sys
import tempfile

TOP, CC = sys.argv[1], sys.argv[2]

CORE = '''
[[cores]]
key = "z3rd"
family = "power"
title = "third Power core"
id = { mask = 0xffff0000, value = 0x81230000 }
counters = 4
discovery = "fixed"
irq = "ivor35"
events = "events/e200z7.csv"
generic = { dcache_misses = "dcache_linefills", icache_misses = "icache_linefills" }
vboard = { id = 0x81230007, icache = [8192, 2, 32], dcache = [8192, 2, 32], quirks = ["interrupts_unfiltered"] }
qemu_cpu = "e500v2"
booke = { debug_apu = true, hid0 = ["TBEN", "DAPUEN"], svr = 0x123, tlb1_entries = 32, tlb0 = false, pid12 = false, tid_mask = 0xff, tlb0cfg = 0, tlb1cfg = 0x401bc020, mmucfg = 0, vle = true, tb_div = 3, pmlcb_writable = [0x73f, 0x73f, 0x7, 0] }
'''

MAIN = r'''
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include "pmu_catalog.h"
#include "ppc_cpu.h"
#include "ppc_pmu.h"
#include "ppc_port.h"

int main(void)
{
    const struct ppc_personality *p = ppc_personality("z3rd");
    assert(p && p->pvr == 0x81230007u && p->svr == 0x123u && p->tlb1_entries == 32);
    assert(p->tb_div == 3 && p->vle_pages && p->debug_dsrr && p->icache_size == 8192);
    const struct pmu_catalog *c = pmu_catalog_find("power", "z3rd");
    assert(c && pmu_catalog_by_id("power", 0x81230007u) == c);
    assert(c->booke->pmlcb_writable[2] == 0x7u && c->booke->pmlcb_writable[3] == 0);
    int listed = 0;
    for (const char *const *k = pmu_family_power_keys; *k; k++)
        listed += !strcmp(*k, "z3rd");
    assert(listed == 1);
    struct ppc_pmu_model md;
    assert(ppc_pmu_model_for("z3rd", "interrupts", &md) && md.unfiltered);
    assert(ppc_pmu_model_for("e500v2", "interrupts", &md) && !md.unfiltered);
    assert(!ppc_pmu_model_for("z3rd", "dmmu_misses", NULL)); /* no dtlb_dmmu_misses */
    assert(ppc_pmu_model_for("z3rd", "instructions", NULL));
    const struct pmu_core *s = ppc_core_lookup(0x81230007u);
    assert(!strcmp(s->key, "z3rd") && PPC_DEBUG_LEVEL(s) == PPC_LEVEL_DEBUG);
    assert(s->hid0_set == (0x4000u | 0x0100u));
    puts("ok: z3rd in vboard, the stub and pmuctl's tables");
    return 0;
}
'''


def run(*args, **kw):
    r = subprocess.run(args, capture_output=True, text=True, **kw)
    if r.returncode:
        sys.exit(f"FAIL: {' '.join(args)}\n{r.stdout}{r.stderr}")
    return r


with tempfile.TemporaryDirectory() as tmp:
    reg = os.path.join(tmp, "target-xml")
    shutil.copytree(os.path.join(TOP, "target-xml"), reg,
                    ignore=shutil.ignore_patterns("tests", "__pycache__"))
    # How deep the stub's cursor nests rules (TDESC_RULE_DEPTH), which the
    # generator reads beside the registry (tdesc_compact.py).
    os.makedirs(os.path.join(tmp, "stub", "include", "pmustub"))
    shutil.copy(os.path.join(TOP, "stub", "include", "pmustub", "tdesc.h"),
                os.path.join(tmp, "stub", "include", "pmustub"))
    toml = os.path.join(reg, "cores.toml")
    text = open(toml).read()
    text = text.replace('cores = ["e200z7", "e500v2"]', 'cores = ["e200z7", "e500v2", "z3rd"]', 1)
    assert '"z3rd"' in text, "the ppce500 board's core list is not where the test expects it"
    open(toml, "w").write(text + CORE)
    # Its control-register fields: the e200z7's rows, under its key.
    fields = os.path.join(reg, "power", "pmr-fields.csv")
    rows = [l for l in open(fields) if l.startswith("e200z7,")]
    with open(fields, "a") as f:
        f.writelines("z3rd," + l.split(",", 1)[1] for l in rows)
    gen = os.path.join(tmp, "gen")
    os.makedirs(gen)
    run(sys.executable, os.path.join(reg, "gen_pmu.py"), "host", toml, gen)
    run(sys.executable, os.path.join(reg, "gen_pmu.py"), "stub", toml, "ppce500",
        os.path.join(gen, "pmu_registry.c"), os.path.join(gen, "pmu_registry.h"))
    main = os.path.join(tmp, "main.c")
    open(main, "w").write(MAIN)
    inc = ["-I" + gen] + ["-I" + os.path.join(TOP, d) for d in
                          ("vboard/ppc", "vboard/common", "stub/include", "stub/arch/ppc32",
                           "stub/arch/common")]
    srcs = [main, os.path.join(TOP, "vboard/ppc/ppc_personality.c"),
            os.path.join(TOP, "vboard/ppc/ppc_pmu_bind.c"),
            os.path.join(TOP, "stub/arch/ppc32/cores.c"), os.path.join(gen, "pmu_registry.c")]
    exe = os.path.join(tmp, "third")
    run(CC, "-std=gnu11", "-Wall", "-Wextra", "-Werror", *inc, *srcs, "-o", exe)
    print(run(exe).stdout.strip())
