# pmustub.py - GDB convenience function $pmu("EVENT"): the 64-bit count of
# the counter whose control register counts EVENT, by the event names of
# the target description GDB read from the stub (docs/pmu.md, "Choosing
# events by name in GDB"). Load it with: source gdb/pmustub.py
# It reads only registers GDB already has: the control registers decode
# their EVENT field through the description's enum (GDB manual, "Target
# Description Format", "Enum"), and the function API is GDB's
# (GDB manual, "Functions In Python").
import re

import gdb

# The PMU's control and 64-bit count registers, per family (target-xml/
# cores.toml: MIPS perfctlN / perfcntN_64, Power pmlcaN / pmcN_64), and
# whether a decoded control counts at all (MIPS: one of the mode bits
# EXL K S U set; Power: FC, the counter's freeze, clear).
FAMILIES = (("perfctl", "perfcnt{}_64", lambda s: re.search(r"\b(EXL|K|S|U)\b", s)),
            ("pmlca", "pmc{}_64", lambda s: not re.search(r"\bFC\b", s)))
MAX_COUNTERS = 4


def register(name):
    try:
        return gdb.selected_frame().read_register(name)
    except (ValueError, gdb.error):
        return None


class Pmu(gdb.Function):
    """$pmu("EVENT"): the 64-bit count of the counter set to EVENT
(monitor pmu set EVENT, or set $perfctlN by hand). An error names the
events the counters are set to when none is EVENT."""

    def __init__(self):
        super().__init__("pmu")

    def invoke(self, event):
        want = event.string()
        seen = []
        for ctl, count, counting in FAMILIES:
            for n in range(MAX_COUNTERS):
                value = register(f"{ctl}{n}")
                if value is None:
                    continue
                m = re.search(r"\bEVENT=(\w+)", str(value))
                if not m or not counting(str(value)):
                    continue
                seen.append(f"{ctl}{n} {m.group(1)}")
                if m.group(1) == want:
                    return register(count.format(n))
        raise gdb.GdbError(f"$pmu: no counter is set to {want!r} ("
                           + (", ".join(seen) or "no PMU registers") + ")")


Pmu()
