# ppc_lib.sh - lib.sh plus what the Power end-to-end scripts share: QEMU's
# ppce500 (e500v2) running a firmware, and symbol addresses from the Power
# binutils.
# Usage: . ppc_lib.sh; start_qemu_ppc ELF; ... "$QEMU_PORT" ...
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# The README's boot line, -no-reboot and -monitor none added: 'k' resets the
# board, which then ends QEMU, and stdio stays free.
start_qemu_ppc() {
    qemu_serving qemu-system-ppc -M ppce500 -cpu e500v2 -m 256 -nographic \
        -nic none -vga none -no-reboot -monitor none -kernel "$1"
}

# Address of symbol $2 in ELF $1, lower-case hex without 0x.
ppc_sym_addr() {
    powerpc-linux-gnu-nm "$1" | awk -v s="$2" '$3 == s { sub(/^0+/, "", $1); print $1 }'
}

# lib.sh's qemu_program_log on Power: the same ELF on QEMU's ppce500 as the
# e500v2 (count with tests/vboard/ppc/qemu_count_ppc.py).
qemu_oracle_machine() { echo qemu-system-ppc -M ppce500 -cpu e500v2 -m 256 -nic none -vga none; }
ORACLE_NM=powerpc-linux-gnu-nm
