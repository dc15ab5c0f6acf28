#!/usr/bin/env python3
"""The registry of cores, read and checked: target-xml/cores.toml, the
control-register field files, the event catalogues and the metrics it
names. load() returns the registry every emitter writes from (emit_*.py);
errors name the file and line (RegistryError).
"""
import csv
import os
import re
import tomllib

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
# Which change of an event's count or a metric's value is the worse one
# (pmuctl compare gates on it by default): "increase" (more cycles,
# misses, stalls), "decrease" (a lower IPC or hit rate), "any" (neither
# by itself: hits, multiple-issue cycles, watchpoints). In the order of
# the C enum pmu_worse.
WORSE = ("increase", "decrease", "any")


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


# The compressed instruction sets a core of a family may execute besides
# its base one; the stub's own code is built in it when every core of a
# build has it (stub/CMakeLists.txt).
COMPRESSED_ISAS = {"mips32": ("", "mips16e")}


def load_events(path, counters):
    """The catalogue: [(code, [counters], name, type, perfex, vboard, worse,
    description)]."""
    header, rows = read_csv(path)
    has_perfex = "perfex" in header
    want = ["code", "counters", "name", "type"]
    want += ["perfex"] if has_perfex else []
    want += ["vboard", "worse", "description"]
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
        if row["worse"] not in WORSE:
            raise RegistryError(f"{where}: worse must be one of {', '.join(WORSE)}")
        both = (row["vboard"], row["worse"])
        if names.setdefault(row["name"], both) != both:
            raise RegistryError(f"{where}: {row['name']} has another vboard or worse value "
                                f"on another line")
        events.append((code, ctrs, row["name"], row["type"], perfex, row["vboard"], row["worse"],
                       desc))
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


def load_costs(where, core):
    """A core's perfex -y time costs (cores.toml "costs"): [(event, min,
    typical, max)] in cycles, None where the source gives no number."""
    cost = core["costs"]
    if not isinstance(cost.get("mhz"), (int, float)) or isinstance(cost["mhz"], bool) \
            or cost["mhz"] <= 0:
        raise RegistryError(f"{where}: costs.mhz must be a clock rate in MHz")
    path = cost["path"]
    header, rows = read_csv(path)
    if header != ["event", "min", "typical", "max"]:
        raise RegistryError(f"{path}: header must be event,min,typical,max")
    names = {e[2] for e in core["event_list"]}
    out = []
    for where_row, _, rec in rows:
        if len(rec) != 4:
            raise RegistryError(f"{where_row}: {len(rec)} fields, want 4")
        if rec[0] not in names or rec[0] in [o[0] for o in out]:
            raise RegistryError(f"{where_row}: {rec[0]!r} is no event of {core['key']} "
                                f"or is there twice")
        try:
            vals = [float(v) if v else None for v in rec[1:]]
        except ValueError:
            raise RegistryError(f"{where_row}: costs must be numbers of cycles or empty")
        given = [v for v in vals if v is not None]
        if any(v < 0 for v in given) or given != sorted(given):
            raise RegistryError(f"{where_row}: costs must be 0 or more, min <= typical <= max")
        out.append((rec[0], *vals))
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
    quirks = fam.setdefault("vboard_quirks", [])
    if not isinstance(quirks, list) or not all(isinstance(q, str) and NAME_RE.match(q)
                                               for q in quirks) or len(set(quirks)) != len(quirks):
        raise RegistryError(f"{where}: vboard_quirks must be distinct lower_case names")
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
        if c.setdefault("compressed_isa", "") not in COMPRESSED_ISAS.get(c["family"], ("",)):
            raise RegistryError(f"{where}: compressed_isa must be one of "
                                f"{COMPRESSED_ISAS.get(c['family'], ())} or absent")
        check_quirks(where, c, fam)
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
        if "costs" in c:
            c["costs"]["path"] = os.path.join(base, c["costs"].get("table", ""))
            inputs.append(c["costs"]["path"])
            c["cost_list"] = load_costs(where, c)
        if "booke" in c:
            check_booke(where, c, fam)
    for fname, fam in families.items():
        with_booke = {"booke" in c for c in cores if c["family"] == fname}
        if len(with_booke) > 1:
            raise RegistryError(f"{registry_path}: family {fname}: every core or none has booke")
        fam["booke"] = with_booke == {True}
        if "unknown" in fam:
            u = fam["unknown"]
            fam["unknown_fields"] = load_fields(fam["fields_path"], u.get("fields", ""), fam)
            if not 1 <= u.get("counters", 0) <= fam["max_counters"]:
                raise RegistryError(f"{registry_path}: family {fname}: unknown.counters "
                                    f"must be 1..{fam['max_counters']}")
    check_quirk_names(registry_path, families)
    for bname, b in boards.items():
        if b.get("cores") and b.get("family") not in families:
            raise RegistryError(f"{registry_path}: board {bname} has cores but no known family")
        if b.get("cores") and b.get("default_core") not in b["cores"]:
            raise RegistryError(f"{registry_path}: board {bname}: default_core must be one "
                                f"of its cores")
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


def check_quirks(where, core, fam):
    """A core's vboard.quirks: some of its family's vboard_quirks."""
    quirks = core["vboard"].setdefault("quirks", [])
    if not isinstance(quirks, list) or any(q not in fam["vboard_quirks"] for q in quirks):
        raise RegistryError(f"{where}: vboard.quirks must name some of the family's "
                            f"vboard_quirks ({', '.join(fam['vboard_quirks']) or 'none'})")


def check_quirk_names(registry_path, families):
    """vboard's quirks are one set of flags: no name in two families."""
    seen = {}
    for fname, fam in families.items():
        for q in fam["vboard_quirks"]:
            if seen.setdefault(q, fname) != fname:
                raise RegistryError(f"{registry_path}: vboard quirk {q} is in families "
                                    f"{seen[q]} and {fname}")
    if len(seen) > 32:
        raise RegistryError(f"{registry_path}: {len(seen)} vboard quirks, at most 32 (bits "
                            f"of one word)")


# A Book E core's machine facts besides its PMU (cores.toml "booke"), for
# the stub (debug_apu, hid0) and vboard (all): key -> type.
BOOKE_KEYS = {"debug_apu": bool, "hid0": list, "svr": int, "tlb1_entries": int, "tlb0": bool,
              "pid12": bool, "tid_mask": int, "tlb0cfg": int, "tlb1cfg": int, "mmucfg": int,
              "vle": bool, "tb_div": int, "pmlcb_writable": list}


def check_booke(where, core, fam):
    b = core["booke"]
    for k, t in BOOKE_KEYS.items():
        if not isinstance(b.get(k), t) or (t is int and isinstance(b[k], bool)):
            raise RegistryError(f"{where}: booke.{k} must be a {t.__name__}")
    extra = set(b) - set(BOOKE_KEYS)
    if extra:
        raise RegistryError(f"{where}: booke has unknown keys {sorted(extra)}")
    bits = fam.get("hid0_bits", {})
    for name in b["hid0"]:
        if name not in bits:
            raise RegistryError(f"{where}: booke.hid0 names {name}, none of the family's hid0_bits")
    b["hid0_mask"] = sum(bits[n] for n in b["hid0"])
    if len(b["pmlcb_writable"]) != core["counters"] or \
            not all(isinstance(v, int) for v in b["pmlcb_writable"]):
        raise RegistryError(f"{where}: booke.pmlcb_writable must have one mask per counter")
    if b["tb_div"] < 1:
        raise RegistryError(f"{where}: booke.tb_div must be 1 or more")


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
    worse = {}
    for i, m in enumerate(metrics, start=1):
        where = f"{path}: metric {i} ({m.get('name', '?')})"
        if not m.get("name") or not m.get("unit") or not m.get("plus") or not m.get("den"):
            raise RegistryError(f"{where}: needs name, unit, plus and den")
        if m.get("worse") not in WORSE:
            raise RegistryError(f"{where}: worse must be one of {', '.join(WORSE)}")
        if worse.setdefault(m["name"], m["worse"]) != m["worse"]:
            raise RegistryError(f"{where}: another metric of this name is worse on "
                                f"{worse[m['name']]}")
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


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)

