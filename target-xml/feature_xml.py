"""A core's PMU feature of the GDB target description, as pieces (the
head, one piece per counter, the enums), for the stub (emit_stub.py) and
for pmuctl proxy's copy of it (emit_host.py)."""
import xml.etree.ElementTree as ET

from pmu_registry import per_counter, regnum_of  # same folder


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
