"""gen_pmu.py host: the tables pmuctl and vboard build from (pmu_catalog.h,
pmuctl_fields.h, pmu_metrics.h, pmu_features.h)."""
import os

from feature_xml import feature_pieces  # same folder
from gen_target_xml import c_string
from pmu_registry import (GENERATED, METRIC_TERMS, ROLES, VBOARD, WORSE, RegistryError, event_field,
                          header_guard, ident, irq_line, writable, write, control_fields,
                          per_counter)


# How every layer finds a core or an event: through these, never by
# looping over the tables itself.
LOOKUPS = """
/* The core of registry key core (of family family; NULL: any), or NULL. */
static inline const struct pmu_catalog *pmu_catalog_find(const char *family, const char *core)
{
    for (unsigned i = 0; i < PMU_CATALOG_COUNT; i++)
        if (!strcmp(pmu_catalogs[i].core, core) &&
            (!family || !strcmp(pmu_catalogs[i].family, family)))
            return &pmu_catalogs[i];
    return 0;
}

/* The core of family family whose identification register reads id. */
static inline const struct pmu_catalog *pmu_catalog_by_id(const char *family, uint32_t id)
{
    for (unsigned i = 0; i < PMU_CATALOG_COUNT; i++)
        if (!strcmp(pmu_catalogs[i].family, family) &&
            (id & pmu_catalogs[i].id_mask) == pmu_catalogs[i].id_value)
            return &pmu_catalogs[i];
    return 0;
}

/* Catalogue c's event called name, or NULL. */
static inline const struct pmu_catalog_event *pmu_catalog_event_named(const struct pmu_catalog *c,
                                                                      const char *name)
{
    for (unsigned i = 0; c && i < c->n_events; i++)
        if (!strcmp(c->events[i].name, name))
            return &c->events[i];
    return 0;
}

/* Catalogue c's event with code code on counter n, or NULL. */
static inline const struct pmu_catalog_event *pmu_catalog_event_coded(const struct pmu_catalog *c,
                                                                      unsigned code, unsigned n)
{
    for (unsigned i = 0; c && i < c->n_events; i++)
        if (c->events[i].code == code && (c->events[i].counters >> n & 1u))
            return &c->events[i];
    return 0;
}""".split("\n")


def emit_worse(outdir):
    """pmu_worse.h: enum pmu_worse and its words, written once and included
    by pmu_catalog.h and pmu_metrics.h."""
    words = ", ".join(f'"{w}"' for w in WORSE)
    body = ["/* Which change of an event's count or a metric's value is the worse",
            "   one (target-xml/pmu_registry.py WORSE): pmuctl compare's default. */",
            "enum pmu_worse { " + ", ".join(f"PMU_WORSE_{w.upper()}" for w in WORSE) + " };",
            "static inline const char *pmu_worse_name(enum pmu_worse w)",
            "{",
            f"    static const char *const names[] = {{ {words} }};",
            "    return names[w];",
            "}"]
    write(os.path.join(outdir, "pmu_worse.h"), header_guard(GENERATED, "PMU_WORSE_H", body))


def emit_host(reg, outdir):
    emit_worse(outdir)
    body = [
        "#include <stdint.h>",
        "#include <string.h>",
        "#include \"pmu_worse.h\"",
        "",
        "/* vboard's quirks (cores.toml families' vboard_quirks): an event name a",
        "   core reads otherwise than its family; a core's vboard_quirks has the",
        "   bits of those it has. */",
        *[f"#define PMU_QUIRK_{ident(q).upper()} 0x{1 << n:x}u"
          for n, q in enumerate(all_quirks(reg))],
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
        "    enum pmu_worse worse;   /* which change of its count is the worse */",
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
        "    int mips16e;            /* runs MIPS16e code too (cores.toml compressed_isa) */",
        "    uint32_t vboard_id;     /* the id register vboard shows for it */",
        "    uint32_t vboard_quirks; /* PMU_QUIRK_* bits: event names it reads its own way */",
        "    unsigned icache[3], dcache[3]; /* vboard's cache model: bytes, ways, line */",
        "    const struct pmu_catalog_event *events;",
        "    unsigned n_events;",
        "    /* The generic names (cycles, loads, dcache_misses ...) the catalogue",
        "       does not name itself, mapped to its events (cores.toml generic). */",
        "    const struct pmu_generic_name *generic;",
        "    unsigned n_generic;",
        "    /* A Book E core's machine facts besides its PMU (cores.toml booke),",
        "       NULL for other families. */",
        "    const struct pmu_booke *booke;",
        "};",
        "",
    ]
    body[body.index("/* One core of the registry (target-xml/cores.toml). */"):0] = [
        "/* A generic name and the catalogue's event it stands for. */",
        "struct pmu_generic_name {",
        "    const char *generic, *event;",
        "};",
        "",
        "/* A Book E core besides its PMU (cores.toml booke): the debug level,",
        "   the HID0 bits the stub sets, and vboard's machine. */",
        "struct pmu_booke {",
        "    int debug_apu;          /* debug interrupt: DSRR0/1 and rfdi (else CSRR0/1) */",
        "    uint32_t hid0_set;",
        "    uint32_t svr;",
        "    unsigned tlb1_entries;",
        "    int tlb0, pid12, vle;   /* has TLB0, PID1/PID2, VLE pages */",
        "    uint32_t tid_mask, tlb0cfg, tlb1cfg, mmucfg;",
        "    unsigned tb_div;        /* model cycles a time-base tick */",
        "    uint32_t pmlcb_writable[4]; /* PMLCb bits per counter */",
        "};",
        "",
    ]
    for c in reg["cores"]:
        if c["generic_map"]:
            body.append(f"static const struct pmu_generic_name pmu_catalog_{ident(c['key'])}_generic[] = {{")
            body += [f'    {{ "{g}", "{e}" }},' for g, e in c["generic_map"]]
            body += ["};", ""]
    for c in reg["cores"]:
        if "booke" in c:
            b = c["booke"]
            w = (b["pmlcb_writable"] + [0, 0, 0, 0])[:4]
            body += [f"static const struct pmu_booke pmu_catalog_{ident(c['key'])}_booke = {{",
                     f"    {int(b['debug_apu'])}, 0x{b['hid0_mask']:08x}u, 0x{b['svr']:08x}u, "
                     f"{b['tlb1_entries']}, {int(b['tlb0'])}, {int(b['pid12'])}, {int(b['vle'])},",
                     f"    0x{b['tid_mask']:x}u, 0x{b['tlb0cfg']:08x}u, 0x{b['tlb1cfg']:08x}u, "
                     f"0x{b['mmucfg']:08x}u, {b['tb_div']},",
                     "    { " + ", ".join(f"0x{v:08x}u" for v in w) + " },", "};", ""]
    for c in reg["cores"]:
        body.append(f"static const struct pmu_catalog_event pmu_catalog_{ident(c['key'])}_events[] = {{")
        for code, ctrs, name, typ, perfex, vboard, worse, desc in c["event_list"]:
            mask = sum(1 << n for n in ctrs)
            body.append(f'    {{ {code}, 0x{mask:x}u, "{name}", \'{typ}\', {perfex}, '
                        f'PMU_VBOARD_{vboard.upper()}, PMU_WORSE_{worse.upper()}, "{desc}" }},')
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
            f'{int(any(t == "mt_en" for *_, t in ctl))}, {int(c["compressed_isa"] == "mips16e")}, '
            f'0x{vb["id"]:08x}u, {quirk_bits(reg, vb["quirks"])}, '
            f'{{ {ic[0]}, {ic[1]}, {ic[2]} }}, {{ {dc[0]}, {dc[1]}, {dc[2]} }}, '
            f'pmu_catalog_{ident(c["key"])}_events, {len(c["event_list"])}, {generic}, '
            f'{"&pmu_catalog_" + ident(c["key"]) + "_booke" if "booke" in c else "0"} }},')
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
    for bname, b in reg.get("boards", {}).items():
        keys = ", ".join(f'"{k}"' for k in b["cores"])
        body.append(f"/* The cores board {bname} can have (cores.toml boards), NULL-terminated. */")
        body.append(f"static const char *const pmu_board_{ident(bname)}_keys[] = {{{keys}, 0}};")
        if b.get("cores"):
            body.append(f"/* The core vboard's board {bname} runs when none is named. */")
            body.append(f'static const char pmu_board_{ident(bname)}_default_core[] = '
                        f'"{b["default_core"]}";')
    body += LOOKUPS
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
            "    /* The MT filter (34K PerfCtl MT_EN, VPEID, TCID; cores.toml",
            "       mt_filter): has_mt 0 on a core without it. A field is",
            "       (ctl >> shift) & mask; mt_vpe, mt_tc the MT_EN values that",
            "       count one VPE, one TC. */",
            "    int has_mt;",
            "    unsigned mt_en_shift, mt_en_mask, vpeid_shift, vpeid_mask, tcid_shift, tcid_mask;",
            "    unsigned mt_vpe, mt_tc;",
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
                    f'"{names.get("count64", "")}", {glob}, {mt_filter(fam, c)} }},')
    body += ["};", f"#define PMUCTL_CTL_LAYOUT_COUNT {len(reg['cores'])}", ""]
    body += cost_tables(reg)
    body += host_families(reg)
    emit_host_features(reg, outdir)
    write(os.path.join(outdir, "pmuctl_fields.h"), header_guard(GENERATED, "PMUCTL_FIELDS_H", body))

    def terms(names):
        return "{" + ", ".join(f'"{n}"' for n in names) + "}" if names else "{0}"
    body = ["#include \"pmu_worse.h\"", "", f"#define METRIC_TERMS {METRIC_TERMS}", "",
            "struct metric_def {",
            "    const char *name;",
            "    const char *unit;",
            "    const char *plus[METRIC_TERMS];  /* numerator: sum of these ... */",
            "    const char *minus[METRIC_TERMS]; /* ... minus these */",
            "    const char *den[METRIC_TERMS];   /* denominator: sum of these */",
            "    double scale;                    /* 100 for percentages */",
            "    int one_minus;                   /* value = 1 - ratio (hit rates) */",
            "    enum pmu_worse worse;            /* which change is the worse */",
            "};", "",
            "static const struct metric_def metric_defs[] = {"]
    for m in reg.get("metric_list", []):
        body.append(f'    {{"{m["name"]}", "{m["unit"]}", {terms(m["plus"])}, '
                    f'{terms(m.get("minus", []))}, {terms(m["den"])}, {m.get("scale", 1)}, '
                    f'{int(m.get("one_minus", False))}, PMU_WORSE_{m["worse"].upper()}}},')
    body += ["};", "#define METRIC_COUNT (sizeof metric_defs / sizeof *metric_defs)"]
    write(os.path.join(outdir, "pmu_metrics.h"), header_guard(GENERATED, "PMU_METRICS_H", body))


def all_quirks(reg):
    """Every family's vboard quirks, in registry order: bit n is the n-th."""
    return [q for fam in reg["families"].values() for q in fam["vboard_quirks"]]


def quirk_bits(reg, quirks):
    """A core's quirks as the C expression of their PMU_QUIRK_* bits."""
    return " | ".join(f"PMU_QUIRK_{ident(q).upper()}" for q in quirks) or "0"


def mt_filter(fam, core):
    """The layout's MT filter initialisers: has_mt, the fields' shifts and
    masks, the MT_EN values of one VPE and one TC (all 0 without)."""
    mt = fam.get("mt_filter")
    fl = {n: (s, e) for n, s, e, t in control_fields(fam, core)}
    if not mt or mt["select"] not in fl:
        return "0, 0, 0, 0, 0, 0, 0, 0, 0"
    for k in ("vpe", "tc"):
        if mt[k] not in fl:
            raise RegistryError(f"{os.path.basename(fam['fields_path'])}: core {core['key']} has "
                                f"{mt['select']} but no {mt[k]} field (cores.toml mt_filter)")
    enum = fam["enums"][mt["enum"]]

    def field(name):
        s, e = fl[name]
        return f"{s}u, 0x{(1 << (e - s + 1)) - 1:x}u"
    return (f'1, {field(mt["select"])}, {field(mt["vpe"])}, {field(mt["tc"])}, '
            f'{enum["vpe"]}u, {enum["tc"]}u')


def cost_tables(reg):
    """perfex -y's time costs per core (cores.toml costs): pmuctl measure
    --cost. A cost < 0 is one the source does not give."""
    body = ["/* An event's time cost in cycles (perfex -y); < 0: not given. */",
            "struct pmuctl_cost {",
            "    const char *event;",
            "    double min, typical, max;",
            "};", "",
            "struct pmuctl_cost_table {",
            "    const char *core;",
            "    double mhz;                 /* the clock when --mhz is not given */",
            "    const struct pmuctl_cost *rows;",
            "    unsigned n;",
            "};", ""]
    with_costs = [c for c in reg["cores"] if "cost_list" in c]
    for c in with_costs:
        body.append(f"static const struct pmuctl_cost pmuctl_costs_{ident(c['key'])}[] = {{")
        for ev, *vals in c["cost_list"]:
            body.append(f'    {{ "{ev}", ' + ", ".join("-1" if v is None else repr(float(v))
                                                      for v in vals) + " },")
        body += ["};", ""]
    body.append("static const struct pmuctl_cost_table pmuctl_cost_tables[] = {")
    body += [f'    {{ "{c["key"]}", {float(c["costs"]["mhz"])!r}, pmuctl_costs_{ident(c["key"])}, '
             f'{len(c["cost_list"])} }},' for c in with_costs]
    if not with_costs:
        body.append("    { 0, 0, 0, 0 },")
    body += ["};", f"#define PMUCTL_COST_TABLE_COUNT {len(with_costs)}", ""]
    return body


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
