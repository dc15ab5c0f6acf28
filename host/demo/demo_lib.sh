# demo_lib.sh - sourced by the main job's scripts (host/demo/*_table.sh):
# a scratch directory and one vboard, both gone when the script ends.
# Usage: . demo_lib.sh; demo_vboard VBOARD CPU ELF -> $PORT (its serial
# socket, the stub's line), $TMP
TMP=$(mktemp -d)
VB=
trap '[ -n "$VB" ] && kill "$VB" 2>/dev/null; wait 2>/dev/null; rm -rf "$TMP"' EXIT

demo_vboard() {
    PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    "$1" --cpu "$2" --no-reboot --kernel "$3" \
        --serial "tcp:127.0.0.1:$PORT,server" >"$TMP/vboard.log" 2>&1 &
    VB=$!
    sleep 0.5
}
