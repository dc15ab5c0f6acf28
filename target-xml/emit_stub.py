"""gen_pmu.py stub: a board's core table for the stub (PMU feature pieces,
event-name tables, identification, register numbers)."""
import os
import re
import xml.etree.ElementTree as ET

from feature_xml import feature_pieces  # same folder
from gen_target_xml import target_pieces, write_pieces
from tdesc_compact import BYTES, c_bytes, compact
from pmu_registry import (GENERATED, ROLES, RegistryError, event_field, header_guard, ident,
                          irq_line, write, control_fields, per_counter, regnum_of, at_of)


def role_macro(r):
    return ("RO_" if r.get("readonly") else "") + r["role"].upper()


def emit_stub(reg, board, out_c, out_h, only=None, core=None, out_table=None):
    """only: the cores to build for (a board's own that are listed), or
    None for every core the board can meet. core: (arch, symbol, feature
    files) of the arch's own description (gen_target_xml.py), written
    into out_c too as `symbol`, so that its pieces and the PMU features'
    share one table and one set of rules; None: out_c has the PMU
    features only. out_table: where to write that table, the header
    stub/core/tdesc.c is compiled with (tdesc_compact.py, Table)."""
    b = reg.get("boards", {}).get(board)
    if b is None:
        raise RegistryError(f"no board {board} in the registry")
    if not b.get("cores"):
        raise RegistryError(f"board {board} meets no core of the registry")
    fam = reg["families"][b["family"]]
    keys = [k for k in b["cores"] if only is None or k in only]
    if not keys:
        raise RegistryError(f"board {board} meets none of the cores {', '.join(only)}")
    cores = [c for c in reg["cores"] if c["key"] in keys]
    unknown = fam.get("unknown")
    # Header: the types and the register numbering of the board's family.
    body = ["#include <stdint.h>", "",
            f"#define PMU_MAX_COUNTERS {fam['max_counters']}",
            "struct pmu_core {",
            "    const char *name;    /* as the manuals write it */",
            "    const char *key;     /* registry key */",
            "    uint32_t id_mask, id_value; /* (id register & mask) == value */",
            "    uint8_t has_m_chain; /* PerfCtl.M says whether another counter follows */",
            "    uint8_t max_counters;",
            "    /* Interrupt line (2..7) of the counter overflow; 0 = the family's own",
            "       source (MIPS IntCtl.IPPCI, Power IVOR35). */",
            "    uint8_t irq_line;",
            "    uint8_t event_shift, event_mask; /* EVENT = (control >> shift) & mask */",
            "    /* The PMU feature, in pieces, in the compact form (pmustub/tdesc.h). */",
            "    const char *xml_head;",
            "    const char *const *xml_counters;",
            "    /* The catalogue's events: the <evalue>s of counter n's event enum",
            "       start at character event_at[n] of xml_head's text (names are",
            "       stored there only). */",
            "    uint16_t n_events; /* 0: raw event numbers */",
            "    uint16_t event_at[PMU_MAX_COUNTERS];",
            *(["    /* Book E (cores.toml booke): the debug interrupt's level, DSRR0/1",
               "       and rfdi (else CSRR0/1 and rfci); the HID0 bits to set; whether",
               "       pages can hold VLE code (MAS2 0x20 is VLE, not the e500's X1). */",
               "    uint8_t debug_apu;",
               "    uint32_t hid0_set;",
               "    uint8_t vle;"] if fam.get("booke") else []),
            "};", "",
            f"#define PMU_N_CORES {len(cores)}",
            "extern const struct pmu_core pmu_cores[PMU_N_CORES];",
            "/* The core whose identification register (MIPS PRId, Power PVR) reads",
            "   id, or NULL: how a port finds its core. */",
            "const struct pmu_core *pmu_core_find(uint32_t id);",
            "extern const char pmu_xml_tail[];",
            "/* The rules of the PMU features' compact form (pmustub/tdesc.h,",
            "   TDESC_RULE): the pairs of symbols each byte from TDESC_RULE up",
            "   stands for. */",
            "extern const uint8_t pmu_tdesc_rules[][2];"]
    if unknown:
        body += ["/* A core of the family whose id is in no entry: its registers with",
                 "   raw event numbers (cores.toml, family unknown). */",
                 "#define PMU_HAS_UNKNOWN_CORE 1",
                 "extern const struct pmu_core pmu_core_unknown;"]
    body += ["/* Pieces a PMU feature adds to target.xml: head, counters, tail. */",
             "#define PMU_XML_PIECES (2 + PMU_MAX_COUNTERS)",
             "/* GDB register numbers and hardware numbers (cores.toml, family",
             "   registers); RO_: the read-only copies. */"]
    for r in fam["registers"]:
        m = role_macro(r)
        if per_counter(r):
            body.append(f"#define PMU_REGNUM_{m}(n) ({r['regnum'][0]} + {r['regnum'][1]} * (n))")
            body.append(f"#define PMU_AT_{m}(n) ({r['at'][0]} + {r['at'][1]} * (n))")
        else:
            body.append(f"#define PMU_REGNUM_{m} {r['regnum']}")
            body.append(f"#define PMU_AT_{m} {r['at']}")
    nums = [regnum_of(r, n) for r in fam["registers"]
            for n in (range(fam["max_counters"]) if per_counter(r) else [0])]
    body += [f"#define PMU_REGNUM_FIRST {min(nums)}", f"#define PMU_REGNUM_LAST {max(nums)}",
             "/* Every register: X(regnum, hardware number, role, counter, read-only,",
             "   bits), for tables and accessors the port builds from it. */",
             "#define PMU_REGISTERS(X) \\"]
    for r in fam["registers"]:
        for n in range(fam["max_counters"]) if per_counter(r) else [0]:
            body.append(f"    X({regnum_of(r, n)}, {at_of(r, n)}, PMU_ROLE_{r['role'].upper()}, {n}, "
                        f"{int(bool(r.get('readonly')))}, {r['bits']}) \\")
    body += mode_macros(fam, cores)
    body += ["", "enum pmu_role {",
             *[f"    PMU_ROLE_{ro.upper()}," for ro in ROLES], "};"]
    write(out_h, header_guard(GENERATED, "PMUSTUB_PMU_REGISTRY_H", body))

    def core_entry(name, key, idm, idv, c_events, counters, chain, irq, ctl, booke=None):
        shift, mask = event_field(ctl)
        k = ident(key)
        at = ", ".join(str(a) for a in event_at.get(key, [0]))
        ev = f"{len(c_events) if c_events else 0}, {{{at}}}"
        extra = ""
        if fam.get("booke"):  # Book E itself for the unknown core: critical, no HID0
            extra = (f", {int(booke['debug_apu'])}, 0x{booke['hid0_mask']:08x}u, "
                     f"{int(booke.get('vle', False))}" if booke else ", 0, 0, 0")
        return (f'{{"{name}", "{key}", 0x{idm:08x}u, 0x{idv:08x}u, {chain}, {counters}, {irq}, '
                f'{shift}, 0x{mask:x}, head_{k}, counters_{k}, {ev}{extra}}}')

    event_at = {}
    parts = [(c["key"], c["counters"], c["field_list"], c["event_list"]) for c in cores]
    if unknown:
        parts.append(("unknown", unknown["counters"], fam["unknown_fields"], None))
    # Every piece of every core in the compact form of one table, the
    # words and parts they use, and the pairs that recur over all of them
    # made rules (tdesc_compact.py, compact).
    texts = ["</feature>"]
    for key, counters, fields, events in parts:
        head, pieces, tail = feature_pieces(fam, key, counters, fields, events)
        event_at[key] = event_offsets(head, pieces, tail, events)
        texts += [head] + pieces
    plain = len(texts)
    core_pieces = target_pieces(core[0], core[2]) if core else []
    texts += [t for _, t in core_pieces]
    table, codes, rules = compact(texts, plain)
    # The proof that the compact form changes no byte GDB reads.
    if [table.decode(c, rules) for c in codes] != texts:
        raise RegistryError("the compact pieces do not spell the text out as it was")
    if out_table:
        write(out_table, table.header())
    with open(out_c, "w", encoding="utf-8") as f:
        f.write(GENERATED + "\n")
        f.write(f'#include "{os.path.basename(out_h)}"\n\n')
        f.write("const uint8_t pmu_tdesc_rules[][2] = {\n" +
                "".join(f"    {{0x{a:02x}, 0x{b:02x}}},\n" for a, b in rules) +
                ("" if rules else "    {0, 0},\n") + "};\n\n")
        f.write(f"const char pmu_xml_tail[] {BYTES} = {c_bytes(codes[0])};\n\n")
        at = 1
        for key, counters, _, _ in parts:
            k = ident(key)
            f.write(f"static const char head_{k}[] {BYTES} =\n    {c_bytes(codes[at])};\n")
            for n in range(counters):
                f.write(f"/* {key} counter {n} */\n"
                        f"static const char ctr_{k}_{n}[] {BYTES} =\n    {c_bytes(codes[at + 1 + n])};\n")
            f.write(f"const char *const counters_{k}[] = {{\n" +
                    "".join(f"    ctr_{k}_{n},\n" for n in range(counters)) + "    0,\n};\n")
            at += 1 + counters
        f.write("const struct pmu_core pmu_cores[PMU_N_CORES] = {\n")
        for c in cores:
            f.write("    " + core_entry(c["title"], c["key"], c["id"]["mask"], c["id"]["value"],
                                        c["event_list"], c["counters"],
                                        int(c["discovery"] == "m_chain"), irq_line(fam, c),
                                        control_fields(fam, c), c.get("booke")) + ",\n")
        f.write("};\n\n")
        f.write("const struct pmu_core *pmu_core_find(uint32_t id)\n{\n"
                "    for (unsigned i = 0; i < PMU_N_CORES; i++)\n"
                "        if ((id & pmu_cores[i].id_mask) == pmu_cores[i].id_value)\n"
                "            return &pmu_cores[i];\n"
                "    return 0;\n}\n")
        if unknown:
            f.write("\nconst struct pmu_core pmu_core_unknown = " +
                    core_entry(unknown.get("title", "unknown core"), "unknown", 0, 0, None,
                               unknown["counters"], 0, 0, fam["unknown_fields"][fam["field_sets"][0]]) + ";\n")
        if core:
            f.write("\n")
            write_pieces(f, core[1], core_pieces, "core_piece", codes[plain:])


# The privilege modes "monitor pmu set EVENT:MODES" takes, in the order
# the stub prints them (pmuctl's words: host/pmu/perfctl.c).
STUB_MODES = ("u", "s", "k", "exl")


def mode_macros(fam, cores):
    """PMU_MODES(X): X("word", bit) for each privilege mode of the
    family's control register (cores.toml family modes), the same bit on
    every core of the board (checked); PMU_MODES_FREEZE: a set bit freezes
    counting in its mode (Power FCU, FCS) instead of enabling it (MIPS U,
    S, K, EXL); PMU_MODES_DEFAULT: the modes of an event named without
    any, pmuctl's (user and kernel, else supervisor)."""
    modes = fam["modes"]
    bits = {}
    for c in cores:
        fl = {n: s for n, s, e, t in control_fields(fam, c)}
        for w in STUB_MODES:
            if w in modes:
                b = 1 << fl[modes[w]]
                if bits.setdefault(w, b) != b:
                    raise RegistryError(f"mode {w}: not the same bit on every core of the board")
    xs = " ".join(f'X("{w}", 0x{bits[w]:x}u)' for w in STUB_MODES if w in bits)
    dflt = bits["u"] | bits.get("k", bits.get("s", 0))
    off = 0
    if modes["sense"] == "freeze":
        fl = {n: s for n, s, e, t in control_fields(fam, cores[0])}
        off = 1 << fl[modes["fc"]]
    return ["", "/* The privilege modes of the control register: X(word, bit); FREEZE 1:",
            "   a set bit freezes counting in its mode, 0: enables it; DEFAULT: the",
            "   modes of an event named without any; OFF: a control that counts",
            "   nothing (cores.toml family modes: 0, or the freeze bit fc). */",
            f"#define PMU_MODES(X) {xs}",
            f"#define PMU_MODES_FREEZE {int(modes['sense'] == 'freeze')}",
            f"#define PMU_MODES_DEFAULT 0x{dflt:x}u",
            f"#define PMU_CTL_OFF 0x{off:x}u"]


def event_offsets(head, pieces, tail, events):
    """For each counter, the offset in the PMU feature head's text of its
    event enum's first <evalue> (0 for all without events). The stub's
    pmu_events_next() reads the names there, so the enum must hold
    only <evalue name="N" value="V"/>s: checked."""
    root = ET.fromstring(head + "".join(pieces) + tail)
    event_enums = event_enum_ids(root)
    # The control register's flags type: its EVENT field has an event enum.
    flags_event = {fl.get("id"): fd.get("type") for fl in root.iter("flags")
                   for fd in fl.iter("field") if fd.get("type") in event_enums}
    starts = {}
    for eid in event_enums if events else []:
        opening = f'<enum id="{eid}" size="4">'
        starts[eid] = head.index(opening) + len(opening)
        if not _EVALUES.match(head, starts[eid]):
            raise RegistryError(f"enum {eid}: not a list of <evalue>s the stub can read"
                                " (names of 1 to 40 characters)")
    counters = []
    for piece in pieces:
        types = [r.get("type") for r in ET.fromstring(f"<x>{piece}</x>").iter("reg")]
        eid = next((flags_event[t] for t in types if t in flags_event), None)
        counters.append(starts.get(eid, 0))
    if len(head) > 0xffff:
        raise RegistryError("a PMU feature head over 64 KiB: event_at is 16 bits")
    return counters or [0]


# What pmu_events_next() reads from an enum's start: names of at most
# PMU_EVENT_NAME_MAX (stub/arch/common/pmu_core.h) characters, decimal values.
_EVALUES = re.compile(r'(?:<evalue name="[^"]{1,40}" value="[0-9]+"/>)+</enum>')


def event_enum_ids(root):
    """Enums of events: those named ..._event<k> by feature_pieces."""
    return [e.get("id") for e in root.iter("enum")
            if e.get("id", "").rsplit("_", 1)[-1].startswith("event")]
