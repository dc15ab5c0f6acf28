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
  gen_pmu.py stub REGISTRY BOARD OUT.c OUT.h [CORES] [--table TABLE.h]
             [--core ARCH SYMBOL FEATURE...]
      the stub's core table for BOARD (only the cores it can meet, or the
      comma-separated CORES): PMU feature pieces, event-name tables,
      identification, register numbers; with --core, the arch's own
      description (gen_target_xml.py) too, as SYMBOL, its words, parts
      and rules shared; TABLE.h, the words and parts for stub/core/tdesc.c

Errors name the file and line and exit with status 1.
"""
import os
import sys

from emit_cmake import emit_cmake  # same folder
from emit_host import emit_host
from emit_stub import emit_stub
from pmu_registry import RegistryError, load


def main(argv):
    try:
        if len(argv) == 4 and argv[1] == "cmake":
            reg, inputs = load(argv[2])
            emit_cmake(reg, inputs, argv[3])
        elif len(argv) == 4 and argv[1] == "host":
            reg, _ = load(argv[2])
            os.makedirs(argv[3], exist_ok=True)
            emit_host(reg, argv[3])
        elif len(argv) >= 6 and argv[1] == "stub" and \
                (len(argv) in (6, 7) or "--core" in argv[6:8] or "--table" in argv[6:8]):
            core, table = None, None
            if "--table" in argv:
                at = argv.index("--table")
                table = argv[at + 1]
                argv = argv[:at] + argv[at + 2:]
            if "--core" in argv:
                at = argv.index("--core")
                argv, core = argv[:at], (argv[at + 1], argv[at + 2], argv[at + 3:])
                if not core[2]:
                    raise RegistryError("--core ARCH SYMBOL FEATURE...: no feature file")
            reg, _ = load(argv[2])
            only = argv[6].split(",") if len(argv) == 7 and argv[6] else None
            emit_stub(reg, argv[3], argv[4], argv[5], only, core, table)
        else:
            print(__doc__.split("usage:")[1].split("\n\n")[0], file=sys.stderr)
            return 2
    except (RegistryError, OSError) as e:
        print(f"gen_pmu.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
