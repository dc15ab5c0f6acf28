#!/usr/bin/env python3
"""The one generator: reads the registry of cores (target-xml/cores.toml),
the control-register field files and the event catalogues it names, checks
them, and writes each layer's tables.

usage:
  gen_pmu.py cmake REGISTRY OUT.cmake
      the CMake lists of cores (all, per board) and the input files
  gen_pmu.py host REGISTRY OUT_DIR
      pmu_catalog.h (catalogues and core facts for pmuctl and vboard),
      pmuctl_fields.h (control-register layouts and each family's feature
      and registers by role, for pmuctl) and
      pmu_metrics.h (derived metrics, their events checked)
  gen_pmu.py stub REGISTRY BOARD OUT.c OUT.h [OUT.xml-dir]
      the stub's core table for BOARD (only the cores it can meet): PMU
      feature pieces, event-name tables, identification, register numbers

Errors name the file and line and exit with status 1.
"""
import csv
import os
import re
import sys
import tomllib
import xml.etree.ElementTree as ET

from gen_target_xml import c_string, write_pieces  # same folder

NAME_RE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")
KEY_RE = re.compile(r"^[a-z0-9]+$")
QEMU_CPU_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
REQUIRED_EVENTS = ("cycles", "instructions")
EVENT_TYPES = ("P", "V", "T", "-")
ROLES = ("control", "count", "count64")
# Field types: "event" (the event number), "mt_en" (34K MT filter enum),
# "chain" (read-only: another counter follows, the M bit), "" (plain).
FIELD_TYPES = ("", "event", "mt_en", "chain")
# How vboard, the project's simulator, counts an event (docs/vboard.md), in
# the order of the C enum pmu_vboard.
VBOARD = ("none", "model", "exact")
MT_EN = [("all", 0), ("vpe", 1), ("tc", 2)]  # MD00548 Table 2 MT_EN


class RegistryError(Exception):
    pass


# ------------------------------------------------------------------ reading --

def read_csv(path):
    """Rows of a CSV whose '#' lines are comments, with line numbers."""
    with open(path, newline="", encoding="utf-8") as f:
        numbered = [(i, l) for i, l in enumerate(f, start=1) if not l.startswith("#")]
    if not numbered:
        raise RegistryError(f"{path}: empty file")
    reader = csv.reader([l for _, l in numbered])
    header = next(reader)
    rows = []
    for (lineno, _), rec in zip(numbered[1:], reader):
        rows.append((f"{path}:{lineno}", header, rec))
    return header, rows


def load_events(path, counters):
    """The catalogue: [(code, [counters], name, type, perfex, vboard, description)]."""
    header, rows = read_csv(path)
    has_perfex = "perfex" in header
    want = ["code", "counters", "name", "type"]
    want += ["perfex"] if has_perfex else []
    want += ["vboard", "description"]
    if header != want:
        raise RegistryError(f"{path}: header must be {','.join(want)}")
    events, seen, names = [], {}, {}
    for where, _, rec in rows:
        if len(rec) != len(want):
            raise RegistryError(f"{where}: {len(rec)} fields, want {len(want)}")
        row = dict(zip(want, rec))
        try:
            code = int(row["code"])
            ctrs = [int(x) for x in row["counters"].split()]
            perfex = int(row["perfex"]) if has_perfex else -1
        except ValueError:
            raise RegistryError(f"{where}: code, counters and perfex must be integers")
        if not ctrs or not 0 <= code <= 255:
            raise RegistryError(f"{where}: bad code or empty counters")
        if not NAME_RE.match(row["name"]):
            raise RegistryError(f"{where}: name {row['name']!r} is not lower_case_with_underscores")
        if row["type"] not in EVENT_TYPES:
            raise RegistryError(f"{where}: type must be one of {' '.join(EVENT_TYPES)}")
        desc = row["description"]
        if not desc or '"' in desc or "\\" in desc:
            raise RegistryError(f"{where}: description empty or has a quote/backslash")
        for n in ctrs:
            if not 0 <= n < counters:
                raise RegistryError(f"{where}: counter {n} out of range (the core has {counters})")
            if (code, n) in seen:
                raise RegistryError(f"{where}: code {code} on counter {n} already at {seen[(code, n)]}")
            seen[(code, n)] = where
        if row["vboard"] not in VBOARD:
            raise RegistryError(f"{where}: vboard must be one of {', '.join(VBOARD)}")
        if names.setdefault(row["name"], row["vboard"]) != row["vboard"]:
            raise RegistryError(f"{where}: {row['name']} has another vboard value on another line")
        events.append((code, ctrs, row["name"], row["type"], perfex, row["vboard"], desc))
    for req in REQUIRED_EVENTS:
        if req not in names:
            raise RegistryError(f"{path}: no event named {req!r} (every core answers to it)")
    return events


def load_fields(path, key):
    """[(field, start, end, type)] of key's control register."""
    header, rows = read_csv(path)
    if header != ["core", "field", "start", "end", "type"]:
        raise RegistryError(f"{path}: header must be core,field,start,end,type")
    out = []
    for where, _, rec in rows:
        if len(rec) != 5:
            raise RegistryError(f"{where}: {len(rec)} fields, want 5")
        if rec[0] != key:
            continue
        try:
            start, end = int(rec[2]), int(rec[3])
        except ValueError:
            raise RegistryError(f"{where}: start and end must be integers")
        if not 0 <= start <= end <= 31 or rec[4] not in FIELD_TYPES:
            raise RegistryError(f"{where}: bad bit range or type")
        out.append((rec[1], start, end, rec[4]))
    if not any(f[3] == "event" for f in out):
        raise RegistryError(f"{path}: core {key} has no EVENT field of type event")
    return out


def load(registry_path):
    """The registry with every file it names loaded and checked."""
    base = os.path.dirname(os.path.abspath(registry_path))
    try:
        with open(registry_path, "rb") as f:
            reg = tomllib.load(f)
    except tomllib.TOMLDecodeError as e:
        raise RegistryError(f"{registry_path}: {e}")
    families = reg.get("families", {})
    boards = reg.get("boards", {})
    cores = reg.get("cores", [])
    inputs = [os.path.abspath(registry_path)]
    for fname, fam in families.items():
        for k in ("title", "feature", "fields", "id_register", "max_counters", "registers"):
            if k not in fam:
                raise RegistryError(f"{registry_path}: family {fname} has no {k}")
        for r in fam["registers"]:
            if r.get("role") not in ROLES or "{n}" not in r.get("name", ""):
                raise RegistryError(f"{registry_path}: family {fname}: bad register {r}")
        fam["fields_path"] = os.path.join(base, fam["fields"])
        inputs.append(fam["fields_path"])
    keys = set()
    for c in cores:
        where = f"{registry_path}: core {c.get('key', '?')}"
        for k in ("key", "family", "title", "id", "counters", "discovery", "irq", "events",
                  "vboard", "qemu_cpu"):
            if k not in c:
                raise RegistryError(f"{where}: no {k}")
        if not KEY_RE.match(c["key"]) or c["key"] in keys:
            raise RegistryError(f"{where}: key must be unique lower-case letters and digits")
        keys.add(c["key"])
        fam = families.get(c["family"])
        if fam is None:
            raise RegistryError(f"{where}: unknown family {c['family']}")
        if not 1 <= c["counters"] <= fam["max_counters"]:
            raise RegistryError(f"{where}: counters must be 1..{fam['max_counters']}")
        if c["discovery"] not in ("m_chain", "fixed"):
            raise RegistryError(f"{where}: discovery must be m_chain or fixed")
        if c["irq"] != "intctl" and not (isinstance(c["irq"], int) and 2 <= c["irq"] <= 7):
            raise RegistryError(f"{where}: irq must be \"intctl\" or a line 2..7")
        if not isinstance(c["qemu_cpu"], str) or not QEMU_CPU_RE.match(c["qemu_cpu"]):
            raise RegistryError(f"{where}: qemu_cpu must be a QEMU -cpu name")
        c["events_path"] = os.path.join(base, c["events"])
        inputs.append(c["events_path"])
        c["event_list"] = load_events(c["events_path"], c["counters"])
        c["field_list"] = load_fields(fam["fields_path"], c["key"])
    for bname, b in boards.items():
        for k in b.get("cores", []):
            if k not in keys:
                raise RegistryError(f"{registry_path}: board {bname} names unknown core {k}")
    if "metrics" in reg:
        path = os.path.join(base, reg["metrics"])
        inputs.append(path)
        reg["metric_list"] = load_metrics(path, {e[2] for c in cores for e in c["event_list"]})
    return reg, inputs


METRIC_TERMS = 3


def load_metrics(path, event_names):
    """The metrics, each event name checked against the catalogues."""
    try:
        with open(path, "rb") as f:
            metrics = tomllib.load(f).get("metrics", [])
    except tomllib.TOMLDecodeError as e:
        raise RegistryError(f"{path}: {e}")
    for i, m in enumerate(metrics, start=1):
        where = f"{path}: metric {i} ({m.get('name', '?')})"
        if not m.get("name") or not m.get("unit") or not m.get("plus") or not m.get("den"):
            raise RegistryError(f"{where}: needs name, unit, plus and den")
        for part in ("plus", "minus", "den"):
            names = m.get(part, [])
            if len(names) > METRIC_TERMS:
                raise RegistryError(f"{where}: at most {METRIC_TERMS} events in {part}")
            for n in names:
                if n not in event_names:
                    raise RegistryError(f"{where}: {n!r} is no event of any catalogue")
    return metrics


def ident(s):
    return re.sub(r"[^a-z0-9]", "_", s.lower())


def header_guard(lines, guard, body):
    return "\n".join([lines, f"#ifndef {guard}", f"#define {guard}", "", *body, "", "#endif", ""])


GENERATED = "/* Generated by target-xml/gen_pmu.py from target-xml/cores.toml: do not edit. */"


def writable(core):
    """Control bits that hold a value: every field but the read-only chain bit."""
    return sum(((1 << (e - s + 1)) - 1) << s for n, s, e, t in core["field_list"] if t != "chain")


def event_field(core):
    s, e = next((s, e) for n, s, e, t in core["field_list"] if t == "event")
    return s, (1 << (e - s + 1)) - 1


# -------------------------------------------------------------------- cmake --

def emit_cmake(reg, inputs, out):
    lines = ["# Generated by target-xml/gen_pmu.py from cores.toml: do not edit.",
             f"set(PMUSTUB_CORES {' '.join(c['key'] for c in reg['cores'])})",
             f"set(PMUSTUB_BOARDS {' '.join(reg.get('boards', {}))})"]
    for bname, b in reg.get("boards", {}).items():
        lines.append(f"set(PMUSTUB_BOARD_{bname}_CORES {' '.join(b['cores'])})")
    for c in reg["cores"]:
        lines.append(f"set(PMUSTUB_CORE_{c['key']}_FAMILY {c['family']})")
        lines.append(f"set(PMUSTUB_CORE_{c['key']}_COUNTERS {c['counters']})")
        lines.append(f"set(PMUSTUB_CORE_{c['key']}_QEMU_CPU {c['qemu_cpu']})")
    lines.append("set(PMUSTUB_REGISTRY_INPUTS")
    lines += [f"    {p}" for p in inputs]
    lines.append(")")
    write(out, "\n".join(lines) + "\n")


# --------------------------------------------------------------------- host --

def emit_host(reg, outdir):
    body = [
        "#include <stdint.h>",
        "",
        "/* How vboard, the project's simulator, counts an event: not at all, from",
        "   its timing and cache model, or exactly (docs/vboard.md). */",
        "enum pmu_vboard { " + ", ".join(f"PMU_VBOARD_{v.upper()}" for v in VBOARD) + " };",
        "",
        "struct pmu_catalog_event {",
        "    unsigned code;          /* value written to the EVENT field */",
        "    unsigned counters;      /* bit n set: counter n counts it with this code */",
        "    const char *name;       /* lower_case_with_underscores */",
        "    char type;              /* 'P', 'V', 'T' (34K) or '-' */",
        "    int perfex;             /* perfex/IRIX event number, -1 if none */",
        "    enum pmu_vboard vboard; /* how vboard counts it */",
        "    const char *description;",
        "};",
        "",
        "/* One core of the registry (target-xml/cores.toml). */",
        "struct pmu_catalog {",
        "    const char *core;       /* registry key: \"34k\", \"r10k\" ... */",
        "    const char *family;     /* \"mips32\" ... */",
        "    const char *title;      /* as the manuals write it */",
        "    uint32_t id_mask, id_value; /* recognised when (id & mask) == value */",
        "    unsigned n_counters;",
        "    int m_chain;            /* counters found by the M chain (else fixed) */",
        "    int irq_line;           /* overflow interrupt line; 0 = IntCtl.IPPCI */",
        "    unsigned event_shift, event_mask; /* EVENT = (control >> shift) & mask */",
        "    uint32_t ctl_writable;  /* control bits that hold a value; the rest read 0 */",
        "    int has_mt;             /* MT filter fields (34K VPEID/MT_EN/TCID) */",
        "    uint32_t vboard_id;     /* the id register vboard shows for it */",
        "    unsigned icache[3], dcache[3]; /* vboard's cache model: bytes, ways, line */",
        "    const struct pmu_catalog_event *events;",
        "    unsigned n_events;",
        "};",
        "",
    ]
    for c in reg["cores"]:
        body.append(f"static const struct pmu_catalog_event pmu_catalog_{ident(c['key'])}_events[] = {{")
        for code, ctrs, name, typ, perfex, vboard, desc in c["event_list"]:
            mask = sum(1 << n for n in ctrs)
            body.append(f'    {{ {code}, 0x{mask:x}u, "{name}", \'{typ}\', {perfex}, '
                        f'PMU_VBOARD_{vboard.upper()}, "{desc}" }},')
        body += ["};", ""]
    body.append("static const struct pmu_catalog pmu_catalogs[] = {")
    for c in reg["cores"]:
        shift, mask = event_field(c)
        vb = c["vboard"]
        ic, dc = vb["icache"], vb["dcache"]
        irq = 0 if c["irq"] == "intctl" else c["irq"]
        body.append(
            f'    {{ "{c["key"]}", "{c["family"]}", "{c["title"]}", 0x{c["id"]["mask"]:08x}u, '
            f'0x{c["id"]["value"]:08x}u, {c["counters"]}, {int(c["discovery"] == "m_chain")}, '
            f'{irq}, {shift}, 0x{mask:x}, 0x{writable(c):08x}u, '
            f'{int(any(t == "mt_en" for *_, t in c["field_list"]))}, 0x{vb["id"]:08x}u, '
            f'{{ {ic[0]}, {ic[1]}, {ic[2]} }}, {{ {dc[0]}, {dc[1]}, {dc[2]} }}, '
            f'pmu_catalog_{ident(c["key"])}_events, {len(c["event_list"])} }},')
    body += ["};", f"#define PMU_CATALOG_COUNT {len(reg['cores'])}", "",
             "/* Indexes into pmu_catalogs[]. */",
             "enum pmu_core_id {"]
    body += [f"    PMU_CORE_{ident(c['key']).upper()}," for c in reg["cores"]]
    body += ["};", "",
             "/* The CSV's words for enum pmu_vboard. */",
             "static inline const char *pmu_vboard_name(enum pmu_vboard v)",
             "{",
             "    static const char *const names[] = { " + ", ".join(f'"{v}"' for v in VBOARD) + " };",
             "    return names[v];",
             "}", ""]
    for fname in reg["families"]:
        keys = ", ".join(f'"{c["key"]}"' for c in reg["cores"] if c["family"] == fname)
        body.append(f"/* The cores of family {fname}, NULL-terminated. */")
        body.append(f"static const char *const pmu_family_{ident(fname)}_keys[] = {{{keys}, 0}};")
    write(os.path.join(outdir, "pmu_catalog.h"), header_guard(GENERATED, "PMU_CATALOG_H", body))

    # pmuctl's control layouts: the mode, interrupt and event bits.
    body = ["struct pmuctl_ctl_layout {",
            "    const char *core;",
            "    unsigned exl, k, s, u, ie; /* bit masks */",
            "    unsigned event_shift, event_mask; /* EVENT = (ctl >> shift) & mask */",
            "};", "",
            "static const struct pmuctl_ctl_layout pmuctl_ctl_layouts[] = {"]
    for c in reg["cores"]:
        fl = {n: s for n, s, e, t in c["field_list"]}
        for need in ("EXL", "K", "S", "U", "IE"):
            if need not in fl:
                raise RegistryError(f"core {c['key']}: control register has no {need} field")
        shift, mask = event_field(c)
        bits = ", ".join(f"0x{1 << fl[k]:x}u" for k in ("EXL", "K", "S", "U", "IE"))
        body.append(f'    {{ "{c["key"]}", {bits}, {shift}u, 0x{mask:x}u }},')
    body += ["};", f"#define PMUCTL_CTL_LAYOUT_COUNT {len(reg['cores'])}", ""]
    body += host_families(reg)
    write(os.path.join(outdir, "pmuctl_fields.h"), header_guard(GENERATED, "PMUCTL_FIELDS_H", body))

    def terms(names):
        return "{" + ", ".join(f'"{n}"' for n in names) + "}" if names else "{0}"
    body = [f"#define METRIC_TERMS {METRIC_TERMS}", "",
            "struct metric_def {",
            "    const char *name;",
            "    const char *unit;",
            "    const char *plus[METRIC_TERMS];  /* numerator: sum of these ... */",
            "    const char *minus[METRIC_TERMS]; /* ... minus these */",
            "    const char *den[METRIC_TERMS];   /* denominator: sum of these */",
            "    double scale;                    /* 100 for percentages */",
            "    int one_minus;                   /* value = 1 - ratio (hit rates) */",
            "};", "",
            "static const struct metric_def metric_defs[] = {"]
    for m in reg.get("metric_list", []):
        body.append(f'    {{"{m["name"]}", "{m["unit"]}", {terms(m["plus"])}, '
                    f'{terms(m.get("minus", []))}, {terms(m["den"])}, {m.get("scale", 1)}, '
                    f'{int(m.get("one_minus", False))}}},')
    body += ["};", "#define METRIC_COUNT (sizeof metric_defs / sizeof *metric_defs)"]
    write(os.path.join(outdir, "pmu_metrics.h"), header_guard(GENERATED, "PMU_METRICS_H", body))


def host_families(reg):
    """pmuctl's view of each family: the feature it looks for in a target
    description and its registers by role, named as printf patterns (%u:
    the counter). pmuctl takes the numbers from the description."""
    body = ["/* A register's role in its family (cores.toml, registers). */",
            "enum pmu_role { " + ", ".join(f"PMU_ROLE_{ident(r).upper()}" for r in ROLES) + " };",
            "",
            "struct pmu_family_reg {",
            "    const char *name;      /* printf pattern, %u: the counter */",
            "    enum pmu_role role;",
            "    unsigned bits;",
            "};",
            "",
            "struct pmu_family {",
            "    const char *key;          /* \"mips32\" ... */",
            "    const char *feature;      /* its feature in target.xml */",
            "    const char *id_register;  /* how its cores are told apart */",
            "    unsigned max_counters;",
            "    const struct pmu_family_reg *regs;",
            "    unsigned n_regs;",
            "};",
            ""]
    for fname, fam in reg["families"].items():
        body.append(f"static const struct pmu_family_reg pmu_family_{ident(fname)}_regs[] = {{")
        for r in fam["registers"]:
            body.append(f'    {{ "{r["name"].replace("{n}", "%u")}", '
                        f'PMU_ROLE_{ident(r["role"]).upper()}, {r["bits"]} }},')
        body += ["};", ""]
    body.append("static const struct pmu_family pmu_families[] = {")
    for fname, fam in reg["families"].items():
        body.append(f'    {{ "{fname}", "{fam["feature"]}", "{fam["id_register"]}", '
                    f'{fam["max_counters"]}, pmu_family_{ident(fname)}_regs, '
                    f'{len(fam["registers"])} }},')
    body += ["};", f"#define PMU_FAMILY_COUNT {len(reg['families'])}"]
    return body


# --------------------------------------------------------------------- stub --

def enum_xml(ident_, values):
    vals = "".join(f'<evalue name="{n}" value="{v}"/>' for v, n in sorted(values))
    return f'<enum id="{ident_}" size="4">{vals}</enum>'


def feature_pieces(fam, core):
    """The PMU feature of core as pieces: head (feature and types), one per
    counter (its registers), and the tail. The stub serves the counters the
    core really has."""
    key = core["key"]
    per_counter = {}
    for code, ctrs, name, *_ in core["event_list"]:
        for n in ctrs:
            per_counter.setdefault(n, []).append((code, name))
    # Counters with the same event list share one enum and flags type
    # (34K: even/odd; R10000: counter 0/1; R12000: one for both).
    kinds, kind_of = [], {}
    for n in range(core["counters"]):
        evs = sorted(per_counter.get(n, []))
        if evs not in kinds:
            kinds.append(evs)
        kind_of[n] = kinds.index(evs)
    head = [f'<feature name="{fam["feature"]}">']
    fields = core["field_list"]
    if any(t == "mt_en" for *_, t in fields):
        head.append(enum_xml(f"pmu_{key}_mt_en", [(v, n) for n, v in MT_EN]))
    for k, evs in enumerate(kinds):
        head.append(enum_xml(f"pmu_{key}_event{k}", evs))
        fx = []
        for name, s, e, t in fields:
            typ = {"event": f' type="pmu_{key}_event{k}"', "mt_en": f' type="pmu_{key}_mt_en"'}.get(t, "")
            fx.append(f'<field name="{name}" start="{s}" end="{e}"{typ}/>')
        head.append(f'<flags id="pmu_{key}_perfctl{k}" size="4">{"".join(fx)}</flags>')
    counters = []
    for n in range(core["counters"]):
        regs = []
        for r in fam["registers"]:
            typ = {"control": f"pmu_{key}_perfctl{kind_of[n]}", "count": "uint32",
                   "count64": "uint64"}[r["role"]]
            regs.append(f'<reg name="{r["name"].format(n=n)}" bitsize="{r["bits"]}" '
                        f'regnum="{r["regnum"][0] + r["regnum"][1] * n}" type="{typ}" '
                        f'group="pmu" save-restore="no"/>')
        counters.append("".join(regs))
    tail = "</feature>"
    ET.fromstring("".join(head) + "".join(counters) + tail)  # well-formed
    return "".join(head), counters, tail


def emit_stub(reg, board, out_c, out_h):
    b = reg.get("boards", {}).get(board)
    if b is None:
        raise RegistryError(f"no board {board} in the registry")
    fam = reg["families"][b["family"]]
    cores = [c for c in reg["cores"] if c["key"] in b["cores"]]
    roles = {r["role"]: r for r in fam["registers"]}
    # Header: the types and the register numbering of the board's family.
    body = ["#include <stdint.h>", "",
            "/* An event the catalogue names: code, counters (bit n = counter n). */",
            "struct pmu_event_name {",
            "    uint8_t code, counters;",
            "    const char *name;",
            "};", "",
            "struct pmu_core {",
            "    const char *name;    /* as the manuals write it */",
            "    const char *key;     /* registry key */",
            "    uint32_t id_mask, id_value; /* (id register & mask) == value */",
            "    uint8_t has_m_chain; /* PerfCtl.M says whether another counter follows */",
            "    uint8_t max_counters;",
            "    /* Interrupt line (2..7) of the counter overflow; 0 = IntCtl.IPPCI says. */",
            "    uint8_t irq_line;",
            "    uint8_t event_shift, event_mask; /* EVENT = (control >> shift) & mask */",
            "    const char *xml_head;           /* the PMU feature, in pieces */",
            "    const char *const *xml_counters;",
            "    const struct pmu_event_name *events;",
            "    uint16_t n_events;",
            "};", "",
            f"#define PMU_N_CORES {len(cores)}",
            "extern const struct pmu_core pmu_cores[PMU_N_CORES];",
            "extern const char pmu_xml_tail[];",
            f"#define PMU_MAX_COUNTERS {fam['max_counters']}",
            "/* Pieces a PMU feature adds to target.xml: head, counters, tail. */",
            "#define PMU_XML_PIECES (2 + PMU_MAX_COUNTERS)",
            "/* GDB register numbers (cores.toml, family registers). */"]
    for role, r in roles.items():
        m = ident(role).upper()
        body.append(f"#define PMU_REGNUM_{m}(n) ({r['regnum'][0]} + {r['regnum'][1]} * (n))")
        body.append(f"#define PMU_AT_{m}(n) ({r['at'][0]} + {r['at'][1]} * (n))")
    lo = min(r["regnum"][0] for r in fam["registers"])
    hi = max(r["regnum"][0] + r["regnum"][1] * (fam["max_counters"] - 1) for r in fam["registers"])
    body += [f"#define PMU_REGNUM_FIRST {lo}", f"#define PMU_REGNUM_LAST {hi}"]
    write(out_h, header_guard(GENERATED, "PMUSTUB_PMU_REGISTRY_H", body))

    with open(out_c, "w", encoding="utf-8") as f:
        f.write(GENERATED + "\n")
        f.write(f'#include "{os.path.basename(out_h)}"\n\n')
        f.write(f"const char pmu_xml_tail[] = {c_string('</feature>')};\n\n")
        for c in cores:
            k = ident(c["key"])
            head, counters, _ = feature_pieces(fam, c)
            f.write(f"static const char head_{k}[] =\n    {c_string(head)};\n")
            write_pieces(f, f"counters_{k}", [(f"{c['key']} counter {n}", t)
                                             for n, t in enumerate(counters)], f"ctr_{k}_")
            f.write(f"static const struct pmu_event_name events_{k}[] = {{\n")
            for code, ctrs, name, *_ in c["event_list"]:
                f.write(f'    {{{code}, 0x{sum(1 << n for n in ctrs):x}, "{name}"}},\n')
            f.write("};\n\n")
        f.write("const struct pmu_core pmu_cores[PMU_N_CORES] = {\n")
        for c in cores:
            k = ident(c["key"])
            shift, mask = event_field(c)
            irq = 0 if c["irq"] == "intctl" else c["irq"]
            f.write(f'    {{"{c["title"]}", "{c["key"]}", 0x{c["id"]["mask"]:08x}u, '
                    f'0x{c["id"]["value"]:08x}u, {int(c["discovery"] == "m_chain")}, '
                    f'{c["counters"]}, {irq}, {shift}, 0x{mask:x}, head_{k}, counters_{k}, '
                    f'events_{k}, {len(c["event_list"])}}},\n')
        f.write("};\n")


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def main(argv):
    try:
        if len(argv) == 4 and argv[1] == "cmake":
            reg, inputs = load(argv[2])
            emit_cmake(reg, inputs, argv[3])
        elif len(argv) == 4 and argv[1] == "host":
            reg, _ = load(argv[2])
            os.makedirs(argv[3], exist_ok=True)
            emit_host(reg, argv[3])
        elif len(argv) == 6 and argv[1] == "stub":
            reg, _ = load(argv[2])
            emit_stub(reg, argv[3], argv[4], argv[5])
        else:
            print(__doc__.split("usage:")[1].split("\n\n")[0], file=sys.stderr)
            return 2
    except (RegistryError, OSError) as e:
        print(f"gen_pmu.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
