# pmuctl_lib.sh - sourced by pmuctl's end-to-end scripts (pmuctl_*.sh).
#
# Ports come from 29000-29999, below Linux's ephemeral range (32768 and
# up), so that no other test's free_port (a bind to port 0) can be handed
# the port of one of our servers between our pick and its bind; the start
# is offset by the PID so that our own scripts, run in parallel, rarely
# meet. A port is taken only if a bind to it succeeds now; it is never
# probed with a connect, which a server would take for its first client.

PM_NEXT=$((29000 + $$ % 1000))

# pm_pick_port VAR: the next free port of the range into VAR.
pm_pick_port() {
    local tries=0 p
    while [ $tries -lt 1000 ]; do
        p=$PM_NEXT
        PM_NEXT=$((29000 + (PM_NEXT - 29000 + 1) % 1000))
        tries=$((tries + 1))
        if python3 -c 'import socket, sys
s = socket.socket(); s.bind(("127.0.0.1", int(sys.argv[1])))' "$p" 2>/dev/null; then
            printf -v "$1" '%s' "$p"
            return 0
        fi
    done
    echo "no free port in 29000-29999" >&2
    return 1
}
