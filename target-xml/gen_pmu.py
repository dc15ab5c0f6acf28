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
      and registers by role, for pmuctl),
      pmu_metrics.h (derived metrics, their events checked) and
      pmu_features.h (each core's PMU feature, as the stub serves it, for
      pmuctl proxy to number after another debugger's registers)
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
# Register roles: "control" (holds the EVENT field: MIPS PerfCtl, Power
# PMLCa), "control_b" (a second per-counter control: Power PMLCb), "global"
# (one for all counters: Power PMGC0), "count" (the hardware counter),
# "count64" (the stub's 64-bit count). A register named without "{n}" is
# a singleton; "readonly" marks a copy GDB may read but not write (Power's
# UPMRs), numbered as its own role with the prefix "ro_".
ROLES = ("control", "control_b", "global", "count", "count64")
# Field types: "event" (the event number), "chain" (read-only: another
# counter follows, the M bit), "" (plain), or the name of one of the
# family's enums (MIPS mt_en, Power tbsel).
FIELD_TYPES = ("", "event", "chain")
# pmuctl's mode words and what a family maps them to (family "modes"):
# "sense" says whether a mode's bit enables counting in that mode (MIPS
# PerfCtl U/S/K/EXL) or freezes it there (Power PMLCa FCU/FCS).
MODE_KEYS = ("exl", "k", "s", "u", "ie", "fc", "marked", "unmarked")
MODE_SENSES = ("enable", "freeze")
# The names pmuctl accepts on every core: a core whose catalogue does not
# name one itself maps it to one of its events (cores.toml "generic").
GENERIC_NAMES = ("cycles", "instructions", "branches", "branch_mispredictions", "loads",
                 "stores", "dcache_misses", "icache_misses")
# How vboard, the project's simulator, counts an event (docs/vboard.md), in
# the order of the C enum pmu_vboard.
VBOARD = ("none", "model", "exact")


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


def load_fields(path, key, fam):
    """{register: [(field, start, end, type)]} of key's registers with fields."""
    header, rows = read_csv(path)
    if header != ["core", "register", "field", "start", "end", "type"]:
        raise RegistryError(f"{path}: header must be core,register,field,start,end,type")
    types = FIELD_TYPES + tuple(fam.get("enums", {}))
    out = {}
    for where, _, rec in rows:
        if len(rec) != 6:
            raise RegistryError(f"{where}: {len(rec)} fields, want 6")
        if rec[0] != key:
            continue
        try:
            start, end = int(rec[3]), int(rec[4])
        except ValueError:
            raise RegistryError(f"{where}: start and end must be integers")
        if not 0 <= start <= end <= 31 or rec[5] not in types:
            raise RegistryError(f"{where}: bad bit range or type (types: {' '.join(types)})")
        if rec[1] not in fam["field_sets"]:
            raise RegistryError(f"{where}: no register of the family takes fields {rec[1]!r}")
        out.setdefault(rec[1], []).append((rec[2], start, end, rec[5]))
    ctl = fam["field_sets"][0]
    if not any(f[3] == "event" for f in out.get(ctl, [])):
        raise RegistryError(f"{path}: core {key} has no EVENT field of type event in {ctl}")
    return out


def check_family(registry_path, fname, fam):
    """A family's registers, enums and modes; fam gains field_sets (the
    fields keys, the control register's first)."""
    where = f"{registry_path}: family {fname}"
    for k in ("title", "feature", "fields", "id_register", "max_counters", "registers", "modes"):
        if k not in fam:
            raise RegistryError(f"{where} has no {k}")
    roles = set()
    for r in fam["registers"]:
        per_counter = "{n}" in r.get("name", "")
        want = list if per_counter else int
        if (r.get("role") not in ROLES or not isinstance(r.get("regnum"), want)
                or not isinstance(r.get("at"), want) or r.get("bits") not in (32, 64)):
            raise RegistryError(f"{where}: bad register {r}")
        role = ("ro_" if r.get("readonly") else "") + r["role"]
        if role in roles:
            raise RegistryError(f"{where}: two registers of role {role}")
        roles.add(role)
    if "control" not in roles or "count" not in roles:
        raise RegistryError(f"{where}: needs a control and a count register")
    sets = [r["fields"] for r in fam["registers"] if r["role"] == "control" and "fields" in r][:1]
    if not sets:
        raise RegistryError(f"{where}: the control register names no fields")
    for r in fam["registers"]:
        if "fields" in r and r["fields"] not in sets:
            sets.append(r["fields"])
    fam["field_sets"] = sets
    m = fam["modes"]
    if m.get("sense") not in MODE_SENSES or any(k not in MODE_KEYS + ("sense",) for k in m):
        raise RegistryError(f"{where}: modes needs sense ({'/'.join(MODE_SENSES)}) and "
                            f"only {', '.join(MODE_KEYS)}")
    for e, vals in fam.get("enums", {}).items():
        if not KEY_RE.match(e.replace("_", "")) or not all(
                NAME_RE.match(n) and isinstance(v, int) for n, v in vals.items()):
            raise RegistryError(f"{where}: bad enum {e}")


def per_counter(r):
    return "{n}" in r["name"]


def regnum_of(r, n=0):
    return r["regnum"][0] + r["regnum"][1] * n if per_counter(r) else r["regnum"]


def at_of(r, n=0):
    return r["at"][0] + r["at"][1] * n if per_counter(r) else r["at"]


def control_fields(fam, core):
    return core["field_list"][fam["field_sets"][0]]


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
        check_family(registry_path, fname, fam)
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
        named = fam.get("irq_names", [])
        if c["irq"] not in named and not (isinstance(c["irq"], int) and 2 <= c["irq"] <= 7):
            raise RegistryError(f"{where}: irq must be one of {named} or a line 2..7")
        if not isinstance(c["qemu_cpu"], str) or not QEMU_CPU_RE.match(c["qemu_cpu"]):
            raise RegistryError(f"{where}: qemu_cpu must be a QEMU -cpu name")
        c["events_path"] = os.path.join(base, c["events"])
        inputs.append(c["events_path"])
        c["event_list"] = load_events(c["events_path"], c["counters"])
        c["field_list"] = load_fields(fam["fields_path"], c["key"], fam)
        _, emask = event_field(control_fields(fam, c))
        for code, *_ in c["event_list"]:
            if code > emask:
                raise RegistryError(f"{c['events_path']}: code {code} does not fit core "
                                    f"{c['key']}'s EVENT field (at most {emask})")
        c["generic_map"] = check_generic(where, c)
    for fname, fam in families.items():
        if "unknown" in fam:
            u = fam["unknown"]
            fam["unknown_fields"] = load_fields(fam["fields_path"], u.get("fields", ""), fam)
            if not 1 <= u.get("counters", 0) <= fam["max_counters"]:
                raise RegistryError(f"{registry_path}: family {fname}: unknown.counters "
                                    f"must be 1..{fam['max_counters']}")
    for bname, b in boards.items():
        if b.get("cores") and b.get("family") not in families:
            raise RegistryError(f"{registry_path}: board {bname} has cores but no known family")
        for k in b.get("cores", []):
            if k not in keys:
                raise RegistryError(f"{registry_path}: board {bname} names unknown core {k}")
            if next(c for c in cores if c["key"] == k)["family"] != b["family"]:
                raise RegistryError(f"{registry_path}: board {bname}: core {k} is not of "
                                    f"family {b['family']}")
    if "metrics" in reg:
        path = os.path.join(base, reg["metrics"])
        inputs.append(path)
        reg["metric_list"] = load_metrics(path, {e[2] for c in cores for e in c["event_list"]})
    return reg, inputs


def check_generic(where, core):
    """Core's generic names: [(generic, event name)] for those its catalogue
    does not name itself, each mapped to an event it has."""
    names = {e[2] for e in core["event_list"]}
    out = []
    for g, ev in core.get("generic", {}).items():
        if g not in GENERIC_NAMES:
            raise RegistryError(f"{where}: generic {g} is none of {', '.join(GENERIC_NAMES)}")
        if g in names:
            raise RegistryError(f"{where}: generic {g} is an event of the catalogue already")
        if ev not in names:
            raise RegistryError(f"{where}: generic {g} maps to {ev!r}, no event of "
                                f"{os.path.basename(core['events'])}")
        out.append((g, ev))
    return out


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


def irq_line(fam, core):
    """The overflow interrupt line, 0 for the family's named source."""
    return 0 if core["irq"] in fam.get("irq_names", []) else core["irq"]


def ident(s):
    return re.sub(r"[^a-z0-9]", "_", s.lower())


def header_guard(lines, guard, body):
    return "\n".join([lines, f"#ifndef {guard}", f"#define {guard}", "", *body, "", "#endif", ""])


GENERATED = "/* Generated by target-xml/gen_pmu.py from target-xml/cores.toml: do not edit. */"


def writable(fields):
    """Control bits that hold a value: every field but the read-only chain bit."""
    return sum(((1 << (e - s + 1)) - 1) << s for n, s, e, t in fields if t != "chain")


def event_field(fields):
    s, e = next((s, e) for n, s, e, t in fields if t == "event")
    return s, (1 << (e - s + 1)) - 1


# -------------------------------------------------------------------- cmake --

def emit_cmake(reg, inputs, out):
    lines = ["# Generated by target-xml/gen_pmu.py from cores.toml: do not edit.",
             f"set(PMUSTUB_REGISTRY_CORES {' '.join(c['key'] for c in reg['cores'])})",
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
        "    int irq_line;           /* overflow interrupt line; 0 = the family's own",
        "                               (MIPS IntCtl.IPPCI, Power IVOR35) */",
        "    unsigned event_shift, event_mask; /* EVENT = (control >> shift) & mask */",
        "    uint32_t ctl_writable;  /* control bits that hold a value; the rest read 0 */",
        "    int has_mt;             /* MT filter fields (34K VPEID/MT_EN/TCID) */",
        "    uint32_t vboard_id;     /* the id register vboard shows for it */",
        "    unsigned icache[3], dcache[3]; /* vboard's cache model: bytes, ways, line */",
        "    const struct pmu_catalog_event *events;",
        "    unsigned n_events;",
        "    /* The generic names (cycles, loads, dcache_misses ...) the catalogue",
        "       does not name itself, mapped to its events (cores.toml generic). */",
        "    const struct pmu_generic_name *generic;",
        "    unsigned n_generic;",
        "};",
        "",
    ]
    body[body.index("/* One core of the registry (target-xml/cores.toml). */"):0] = [
        "/* A generic name and the catalogue's event it stands for. */",
        "struct pmu_generic_name {",
        "    const char *generic, *event;",
        "};",
        "",
    ]
    for c in reg["cores"]:
        if c["generic_map"]:
            body.append(f"static const struct pmu_generic_name pmu_catalog_{ident(c['key'])}_generic[] = {{")
            body += [f'    {{ "{g}", "{e}" }},' for g, e in c["generic_map"]]
            body += ["};", ""]
    for c in reg["cores"]:
        body.append(f"static const struct pmu_catalog_event pmu_catalog_{ident(c['key'])}_events[] = {{")
        for code, ctrs, name, typ, perfex, vboard, desc in c["event_list"]:
            mask = sum(1 << n for n in ctrs)
            body.append(f'    {{ {code}, 0x{mask:x}u, "{name}", \'{typ}\', {perfex}, '
                        f'PMU_VBOARD_{vboard.upper()}, "{desc}" }},')
        body += ["};", ""]
    body.append("static const struct pmu_catalog pmu_catalogs[] = {")
    for c in reg["cores"]:
        fam = reg["families"][c["family"]]
        ctl = control_fields(fam, c)
        shift, mask = event_field(ctl)
        vb = c["vboard"]
        ic, dc = vb["icache"], vb["dcache"]
        irq = irq_line(fam, c)
        generic = (f'pmu_catalog_{ident(c["key"])}_generic, {len(c["generic_map"])}'
                   if c["generic_map"] else "0, 0")
        body.append(
            f'    {{ "{c["key"]}", "{c["family"]}", "{c["title"]}", 0x{c["id"]["mask"]:08x}u, '
            f'0x{c["id"]["value"]:08x}u, {c["counters"]}, {int(c["discovery"] == "m_chain")}, '
            f'{irq}, {shift}, 0x{mask:x}, 0x{writable(ctl):08x}u, '
            f'{int(any(t == "mt_en" for *_, t in ctl))}, 0x{vb["id"]:08x}u, '
            f'{{ {ic[0]}, {ic[1]}, {ic[2]} }}, {{ {dc[0]}, {dc[1]}, {dc[2]} }}, '
            f'pmu_catalog_{ident(c["key"])}_events, {len(c["event_list"])}, {generic} }},')
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

    # pmuctl's control layouts: the mode, interrupt and event bits, and the
    # register names (cores.toml family "modes", "registers", "freeze_all").
    body = ["struct pmuctl_ctl_layout {",
            "    const char *core;",
            "    unsigned exl, k, s, u, ie; /* bit masks; 0: the core has no such bit */",
            "    unsigned event_shift, event_mask; /* EVENT = (ctl >> shift) & mask */",
            "    /* 1: the mode bits freeze counting in their mode (Power FCU/FCS:",
            "       count in a mode = clear its bit); 0: they enable it (MIPS). */",
            "    int mode_freezes;",
            "    unsigned fc;               /* this counter frozen (Power PMLCa FC) */",
            "    /* counted only while MSR[PMM] is 1 / 0 (Power FCM0 / FCM1). */",
            "    unsigned marked, unmarked;",
            "    /* GDB register names, printf with the counter number. */",
            "    const char *control, *count, *count64;",
            "    /* The register that freezes all counters and its bit (Power PMGC0",
            "       FAC); NULL, 0 without one. */",
            "    const char *global;",
            "    unsigned global_freeze;",
            "};", "",
            "static const struct pmuctl_ctl_layout pmuctl_ctl_layouts[] = {"]
    for c in reg["cores"]:
        fam = reg["families"][c["family"]]
        ctl = control_fields(fam, c)
        modes = fam["modes"]
        fl = {n: s for n, s, e, t in ctl}
        for k, f in modes.items():
            if k != "sense" and f not in fl:
                raise RegistryError(f"{os.path.basename(fam['fields_path'])}: core {c['key']}: "
                                    f"control register has no {f} field (cores.toml family "
                                    f"{c['family']} modes.{k})")

        def bit(k):
            return f"0x{1 << fl[modes[k]]:x}u" if k in modes else "0x0u"
        shift, mask = event_field(ctl)
        names = {r["role"]: r["name"].replace("{n}", "%u")
                 for r in fam["registers"] if not r.get("readonly")}
        glob = "0, 0x0u"
        if "freeze_all" in fam:
            g = next(r for r in fam["registers"] if r["role"] == "global" and not r.get("readonly"))
            gf = {n: s for n, s, e, t in c["field_list"].get(g.get("fields"), [])}
            if fam["freeze_all"] not in gf:
                raise RegistryError(f"{os.path.basename(fam['fields_path'])}: core {c['key']}: "
                                    f"{g['name']} has no field {fam['freeze_all']} (cores.toml "
                                    f"freeze_all)")
            glob = f'"{g["name"]}", 0x{1 << gf[fam["freeze_all"]]:x}u'
        body.append(f'    {{ "{c["key"]}", {", ".join(bit(k) for k in ("exl", "k", "s", "u", "ie"))}, '
                    f'{shift}u, 0x{mask:x}u, {int(modes["sense"] == "freeze")}, {bit("fc")}, '
                    f'{bit("marked")}, {bit("unmarked")}, "{names["control"]}", "{names["count"]}", '
                    f'"{names.get("count64", "")}", {glob} }},')
    body += ["};", f"#define PMUCTL_CTL_LAYOUT_COUNT {len(reg['cores'])}", ""]
    body += host_families(reg)
    emit_host_features(reg, outdir)
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


def emit_host_features(reg, outdir):
    """pmu_features.h: the PMU feature the stub serves for each core (the
    same feature name, types, enums and register names), for pmuctl proxy,
    which serves it after OpenOCD's registers (docs/proxy.md). Only the
    families whose registers are all per counter and reached as a control
    and a count (MIPS CP0 25): the 32-bit registers, without the stub's
    64-bit counts, which only target code can keep."""
    body = ["#include <stdint.h>", "",
            "/* A register of a counter: its <reg .../> without regnum (the server",
            "   numbers it), and whether it is the control (else the count). */",
            "struct pmu_feature_reg {",
            "    const char *xml;",
            "    uint8_t counter, control;",
            "};", "",
            "struct pmu_feature {",
            "    const char *core;                   /* registry key */",
            "    const char *head;                   /* <feature ...> and its types */",
            "    const struct pmu_feature_reg *regs; /* counter by counter */",
            "    unsigned n_regs;",
            "};", "",
            f"static const char pmu_feature_tail[] = {c_string('</feature>')};", ""]
    entries = []
    for c in reg["cores"]:
        fam = reg["families"][c["family"]]
        if not all(per_counter(r) and r["role"] in ("control", "count", "count64")
                   for r in fam["registers"]):
            continue
        k = ident(c["key"])
        head, pieces, _ = feature_pieces(fam, c["key"], c["counters"], c["field_list"],
                                         c["event_list"], numbered=False)
        regs = [(n, r, x) for n, piece in enumerate(pieces) for r, x in piece
                if r["role"] != "count64"]
        body.append(f"static const struct pmu_feature_reg pmu_feature_{k}_regs[] = {{")
        body += [f"    {{ {c_string(x)}, {n}, {int(r['role'] == 'control')} }},"
                 for n, r, x in regs]
        body += ["};", ""]
        entries.append(f'    {{ "{c["key"]}", {c_string(head)}, pmu_feature_{k}_regs, {len(regs)} }},')
    body += ["static const struct pmu_feature pmu_features[] = {", *entries, "};",
             f"#define PMU_FEATURE_COUNT {len(entries)}"]
    write(os.path.join(outdir, "pmu_features.h"), header_guard(GENERATED, "PMU_FEATURES_H", body))


def host_families(reg):
    """pmuctl's view of each family: the feature it looks for in a target
    description and its writable registers by role, named as printf
    patterns (%u: the counter; none in a singleton's name). pmuctl takes
    the numbers from the description."""
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
    writable = {f: [r for r in fam["registers"] if not r.get("readonly")]
                for f, fam in reg["families"].items()}
    for fname, fam in reg["families"].items():
        body.append(f"static const struct pmu_family_reg pmu_family_{ident(fname)}_regs[] = {{")
        for r in writable[fname]:
            body.append(f'    {{ "{r["name"].replace("{n}", "%u")}", '
                        f'PMU_ROLE_{ident(r["role"]).upper()}, {r["bits"]} }},')
        body += ["};", ""]
    body.append("static const struct pmu_family pmu_families[] = {")
    for fname, fam in reg["families"].items():
        body.append(f'    {{ "{fname}", "{fam["feature"]}", "{fam["id_register"]}", '
                    f'{fam["max_counters"]}, pmu_family_{ident(fname)}_regs, '
                    f'{len(writable[fname])} }},')
    body += ["};", f"#define PMU_FAMILY_COUNT {len(reg['families'])}"]
    return body


# --------------------------------------------------------------------- stub --

def enum_xml(ident_, values):
    vals = "".join(f'<evalue name="{n}" value="{v}"/>' for v, n in sorted(values))
    return f'<enum id="{ident_}" size="4">{vals}</enum>'


def feature_pieces(fam, key, counters, fields, events, numbered=True):
    """The PMU feature of core `key` as pieces: head (feature, types and the
    singleton registers), one per counter (its registers), and the tail.
    The stub serves the counters the core really has. events None: the
    EVENT field is a plain number (a core of the family not in the
    registry). numbered False: each counter's piece is instead a list of
    (register, <reg/> without its regnum), for a server that numbers them
    itself (pmu_features.h)."""
    on_counter = {}
    for code, ctrs, name, *_ in events or []:
        for n in ctrs:
            on_counter.setdefault(n, []).append((code, name))
    # Counters share one enum and flags type when one's events are all
    # another's (34K: even/odd; R10000: counter 0/1; R12000: one for both;
    # e200z7: PMC2/3's are PMC0/1's without the threshold events, so one).
    kinds, kind_of = [], {}
    order = sorted(range(counters), key=lambda n: -len(on_counter.get(n, [])))
    for n in order:
        evs = set(on_counter.get(n, []))
        k = next((i for i, kd in enumerate(kinds) if evs <= kd), None)
        if k is None:
            kinds.append(evs)
            k = len(kinds) - 1
        kind_of[n] = k
    kinds = [sorted(kd) for kd in kinds]
    head = [f'<feature name="{fam["feature"]}">']
    used = {t for fl in fields.values() for *_, t in fl}
    for e, vals in fam.get("enums", {}).items():
        if e in used:
            head.append(enum_xml(f"pmu_{key}_{e}", [(v, n) for n, v in vals.items()]))

    def flags(ident_, fl, event_type):
        fx = []
        for name, s, e, t in fl:
            typ = event_type if t == "event" else f"pmu_{key}_{t}" if t in fam.get("enums", {}) else ""
            fx.append(f'<field name="{name}" start="{s}" end="{e}"'
                      f'{f" type={chr(34)}{typ}{chr(34)}" if typ else ""}/>')
        return f'<flags id="{ident_}" size="4">{"".join(fx)}</flags>'
    ctl_set = fam["field_sets"][0]
    for fs in fam["field_sets"][1:]:
        if fs in fields:
            head.append(flags(f"pmu_{key}_{fs}", fields[fs], ""))
    for k, evs in enumerate(kinds):
        etype = ""
        if events is not None:
            etype = f"pmu_{key}_event{k}"
            head.append(enum_xml(etype, evs))
        head.append(flags(f"pmu_{key}_{ctl_set}{k}", fields[ctl_set], etype))

    def reg_xml(r, n, numbered=True):
        fs = r.get("fields")
        typ = (f"pmu_{key}_{fs}{kind_of[n]}" if fs == ctl_set else
               f"pmu_{key}_{fs}" if fs in fields else f"uint{r['bits']}")
        num = f'regnum="{regnum_of(r, n)}" ' if numbered else ""
        return (f'<reg name="{r["name"].format(n=n)}" bitsize="{r["bits"]}" '
                f'{num}type="{typ}" group="pmu" save-restore="no"/>')
    head += [reg_xml(r, 0) for r in fam["registers"] if not per_counter(r)]
    pieces = ["".join(reg_xml(r, n) for r in fam["registers"] if per_counter(r))
              for n in range(counters)]
    tail = "</feature>"
    ET.fromstring("".join(head) + "".join(pieces) + tail)  # well-formed
    if not numbered:
        pieces = [[(r, reg_xml(r, n, False)) for r in fam["registers"] if per_counter(r)]
                  for n in range(counters)]
    return "".join(head), pieces, tail


def role_macro(r):
    return ("RO_" if r.get("readonly") else "") + r["role"].upper()


def emit_stub(reg, board, out_c, out_h, only=None):
    """only: the cores to build for (a board's own that are listed), or
    None for every core the board can meet."""
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
            "    /* Interrupt line (2..7) of the counter overflow; 0 = the family's own",
            "       source (MIPS IntCtl.IPPCI, Power IVOR35). */",
            "    uint8_t irq_line;",
            "    uint8_t event_shift, event_mask; /* EVENT = (control >> shift) & mask */",
            "    const char *xml_head;           /* the PMU feature, in pieces */",
            "    const char *const *xml_counters;",
            "    const struct pmu_event_name *events; /* none: raw event numbers */",
            "    uint16_t n_events;",
            "};", "",
            f"#define PMU_N_CORES {len(cores)}",
            "extern const struct pmu_core pmu_cores[PMU_N_CORES];",
            "extern const char pmu_xml_tail[];"]
    if unknown:
        body += ["/* A core of the family whose id is in no entry: its registers with",
                 "   raw event numbers (cores.toml, family unknown). */",
                 "#define PMU_HAS_UNKNOWN_CORE 1",
                 "extern const struct pmu_core pmu_core_unknown;"]
    body += [f"#define PMU_MAX_COUNTERS {fam['max_counters']}",
             "/* Pieces a PMU feature adds to target.xml: head, counters, tail. */",
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
    body += ["", "enum pmu_role {",
             *[f"    PMU_ROLE_{ro.upper()}," for ro in ROLES], "};"]
    write(out_h, header_guard(GENERATED, "PMUSTUB_PMU_REGISTRY_H", body))

    def core_entry(name, key, idm, idv, c_events, counters, chain, irq, ctl):
        shift, mask = event_field(ctl)
        k = ident(key)
        ev = f"events_{k}, {len(c_events)}" if c_events else "0, 0"
        return (f'{{"{name}", "{key}", 0x{idm:08x}u, 0x{idv:08x}u, {chain}, {counters}, {irq}, '
                f'{shift}, 0x{mask:x}, head_{k}, counters_{k}, {ev}}}')

    with open(out_c, "w", encoding="utf-8") as f:
        f.write(GENERATED + "\n")
        f.write(f'#include "{os.path.basename(out_h)}"\n\n')
        f.write(f"const char pmu_xml_tail[] = {c_string('</feature>')};\n\n")
        parts = [(c["key"], c["counters"], c["field_list"], c["event_list"]) for c in cores]
        if unknown:
            parts.append(("unknown", unknown["counters"], fam["unknown_fields"], None))
        for key, counters, fields, events in parts:
            k = ident(key)
            head, pieces, _ = feature_pieces(fam, key, counters, fields, events)
            f.write(f"static const char head_{k}[] =\n    {c_string(head)};\n")
            write_pieces(f, f"counters_{k}", [(f"{key} counter {n}", t)
                                             for n, t in enumerate(pieces)], f"ctr_{k}_")
            if events:
                f.write(f"static const struct pmu_event_name events_{k}[] = {{\n")
                for code, ctrs, name, *_ in events:
                    f.write(f'    {{{code}, 0x{sum(1 << n for n in ctrs):x}, "{name}"}},\n')
                f.write("};\n\n")
        f.write("const struct pmu_core pmu_cores[PMU_N_CORES] = {\n")
        for c in cores:
            f.write("    " + core_entry(c["title"], c["key"], c["id"]["mask"], c["id"]["value"],
                                        c["event_list"], c["counters"],
                                        int(c["discovery"] == "m_chain"), irq_line(fam, c),
                                        control_fields(fam, c)) + ",\n")
        f.write("};\n")
        if unknown:
            f.write("\nconst struct pmu_core pmu_core_unknown = " +
                    core_entry(unknown.get("title", "unknown core"), "unknown", 0, 0, None,
                               unknown["counters"], 0, 0, fam["unknown_fields"][fam["field_sets"][0]]) + ";\n")


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
        elif len(argv) in (6, 7) and argv[1] == "stub":
            reg, _ = load(argv[2])
            only = argv[6].split(",") if len(argv) == 7 and argv[6] else None
            emit_stub(reg, argv[3], argv[4], argv[5], only)
        else:
            print(__doc__.split("usage:")[1].split("\n\n")[0], file=sys.stderr)
            return 2
    except (RegistryError, OSError) as e:
        print(f"gen_pmu.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
