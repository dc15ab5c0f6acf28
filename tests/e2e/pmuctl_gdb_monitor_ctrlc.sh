#!/usr/bin/env bash
# End to end: a Ctrl-C (SIGINT to gdb-multiarch) during a long 'monitor
# pmuctl stat' through pmuctl proxy in front of the stub on vboard's 34K
# (docs/proxy.md, "Ctrl-C during a monitor pmuctl command"). GDB 13.1
# sends nothing for it: it prints "Quit" once its read of the answer
# times out and goes on with its next command, whose packet ends the
# command in the proxy. Then: the stat's table (so far) comes before the
# next monitor pmuctl's output, the PMU registers are as before the
# stat, and 'continue' stops at the user's breakpoint.
# Usage: pmuctl_gdb_monitor_ctrlc.sh PMUCTL VBOARD FIRMWARE.elf
# Oracles: nm for region_begin; the registers GDB read before the stat.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/pmuctl_lib.sh"
PMUCTL=$1 VBOARD=$2 ELF=$3
OUT=$E2E_TMP/out
FROM=$(sym_addr "$ELF" region_begin)

pm_start_vboard "$ELF"
pm_pick_port PP
"$PMUCTL" -t "127.0.0.1:$VPORT" proxy --listen "127.0.0.1:$PP" 2>"$E2E_TMP/proxy.log" &
E2E_PIDS+=($!)
for _ in $(seq 100); do grep -q "listening for GDB" "$E2E_TMP/proxy.log" && break; sleep 0.1; done

# A stat that would run 300 s; GDB gets SIGINT once it has started.
# Bounds are generous: only a hang exceeds them.
python3 - "$ELF" "$PP" "$OUT" <<'PY' >"$E2E_TMP/times"
import signal, subprocess, sys, time
elf, port, out = sys.argv[1:4]
cmds = ["file " + elf, "target remote 127.0.0.1:" + port, "break region_begin",
        "echo @@PMU0\\n", "info registers pmu", "echo @@STAT\\n",
        "monitor pmuctl stat -e instructions --duration 300",
        "echo @@NEXT\\n", "monitor pmuctl info", "echo @@PMU1\\n",
        "info registers pmu", "echo @@CONT\\n", "maint flush register-cache",
        "continue", "printf \"PC=%x\\n\", $pc", "echo @@END\\n"]
args = ["gdb-multiarch", "-q", "-nx", "-batch"]
for c in cmds:
    args += ["-ex", c]
with open(out, "w") as f:
    g = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=f, stderr=subprocess.STDOUT)
    t0 = time.time()
    while "@@STAT" not in open(out).read() and time.time() - t0 < 60:
        time.sleep(0.2)
    time.sleep(3)  # the stat runs
    g.send_signal(signal.SIGINT)
    t1 = time.time()
    while "@@NEXT" not in open(out).read() and time.time() - t1 < 120:
        time.sleep(0.2)
    print("next %.1f" % (time.time() - t1))
    try:
        g.wait(120)
    except subprocess.TimeoutExpired:
        g.kill()
    print("end %.1f" % (time.time() - t1))
PY
echo "# gdb ($(tr '\n' ' ' <"$E2E_TMP/times")s after SIGINT):"; sed 's/^/#   /' "$OUT"
echo "# proxy:"; sed 's/^/#   /' "$E2E_TMP/proxy.log"
section() { sed -n "/@@$1/,/@@$2/p" "$OUT"; }
check "GDB gave up the monitor command after the Ctrl-C well before its 300 s (at most 60 s)" \
    awk '$1 == "next" && $2 < 60 { ok = 1 } END { exit !ok }' "$E2E_TMP/times"
section STAT NEXT >"$E2E_TMP/stat"
check "GDB says Quit for the interrupted monitor command" grep -qx Quit "$E2E_TMP/stat"
check "the proxy ended the command because GDB stopped waiting" \
    grep -q "GDB stopped waiting for monitor pmuctl" "$E2E_TMP/proxy.log"
section NEXT PMU1 >"$E2E_TMP/next"
check "the next monitor pmuctl shows the stat's table (to Ctrl-C), where it stopped, then its own output" \
    python3 - "$E2E_TMP/next" <<'PY'
import re, sys
t = open(sys.argv[1]).read()
want = ["Performance counter stats", "to Ctrl-C", "the program ran and is stopped at pc 0x",
        "core: 34k, 4 counters"]
at = [t.find(w) for w in want]
ok = -1 not in at and at == sorted(at) and re.search(r"^ +[0-9,]+ +instructions", t, re.M)
sys.exit(0 if ok else print(at) or 1)
PY
section PMU0 STAT | grep ' 0x' >"$E2E_TMP/pmu0"
section PMU1 CONT | grep ' 0x' >"$E2E_TMP/pmu1"
check "the PMU registers are as before the stat (counters put back; $(wc -l <"$E2E_TMP/pmu0") registers)" \
    bash -c "test -s '$E2E_TMP/pmu0' && cmp -s '$E2E_TMP/pmu0' '$E2E_TMP/pmu1'"
section CONT END >"$E2E_TMP/cont"
check "continue then stops at the user's breakpoint (region_begin, 0x$FROM)" \
    bash -c "grep -q '^Breakpoint 1, ' '$E2E_TMP/cont' && grep -qx 'PC=$FROM' '$E2E_TMP/cont'"
check "the proxy is still serving" kill -0 "${E2E_PIDS[-1]}"
finish
