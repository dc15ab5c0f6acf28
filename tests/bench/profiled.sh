# profiled.sh - what trace_cost.sh and sample_cost.sh share: a fresh
# vboard counting every instruction address (--profile), and the ELF's
# functions with their source files, for tests/bench/stub_cost.py.
# Needs VBOARD, TMP and PIDS (and PMUCTL for profiled_measure) set by the
# script that sources it.

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

# profiled_vboard CPU ELF OUT: vboard --cpu CPU running ELF, its profile to
# OUT when it ends; sets VB (its pid) and PORT (its serial line), and
# returns once it listens.
profiled_vboard() {
    PORT=$(free_port)
    "$VBOARD" --cpu "$1" --no-reboot --kernel "$2" --profile "$3" \
        --serial "tcp:127.0.0.1:$PORT,server" 2>"$TMP/vboard.err" &
    VB=$!
    PIDS+=($VB)
    for _ in $(seq 100); do
        python3 -c 'import socket,sys; s=socket.socket(); s.bind(("127.0.0.1",int(sys.argv[1])))' \
            "$PORT" 2>/dev/null || break
        sleep 0.1
    done
}

# symbols CPU ELF BINUTILS_PREFIX: $TMP/CPU.syms ("ADDRESS NAME" of each
# function) and $TMP/CPU.files (addr2line's FILE:LINE of each).
symbols() {
    "$3nm" -n --defined-only "$2" | awk '$2 ~ /^[tTwW]$/ { print $1, $3 }' >"$TMP/$1.syms"
    awk '{ print $1 }' "$TMP/$1.syms" | "$3addr2line" -e "$2" >"$TMP/$1.files"
}

# profiled_measure CPU ELF OUT PMUCTL-MEASURE-ARGS...: pmuctl measures on
# a fresh vboard --cpu CPU running ELF (profiled_vboard), which it then
# ends; vboard's profile goes to OUT. pmuctl's output in $TMP/pmuctl.out;
# a failure ends the script.
profiled_measure() {
    profiled_vboard "$1" "$2" "$3"
    if ! "$PMUCTL" -t "127.0.0.1:$PORT" measure --elf "$2" "${@:4}" \
        >"$TMP/pmuctl.out" 2>"$TMP/pmuctl.err"; then
        echo "pmuctl failed:" >&2
        cat "$TMP/pmuctl.err" >&2
        exit 1
    fi
    kill "$VB"
    wait "$VB" 2>/dev/null
}
