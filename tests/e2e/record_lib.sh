# Sourced by record.sh and record_multi.sh (after lib.sh, with ARCH, ELF,
# LIB and HERE set): the architecture's tools, nm's address of a symbol,
# and QEMU's share of each function's instructions between region_begin
# and region_end of ELF, the record tests' oracle.
if [ "$ARCH" = ppc ]; then
    . "$HERE/ppc_lib.sh"
    OBJDUMP=powerpc-linux-gnu-objdump
else
    OBJDUMP=mips-linux-gnu-objdump
fi
addr() { $ORACLE_NM "$1" | awk -v s="$2" '$3 == s { print substr($1, length($1) - 7) }'; }

# FROM and TO set; $E2E_TMP/oracle: "FUNCTION PERCENT" lines.
record_oracle() {
    FROM=$(addr "$ELF" region_begin) TO=$(addr "$ELF" region_end)
    qemu_program_log "$ELF" "$LIB"
    python3 "$HERE/record_shares.py" "$ARCH" "$E2E_TMP/program.log" "$ELF" \
        "$ORACLE_NM" "$OBJDUMP" "$FROM" "$TO" >"$E2E_TMP/oracle"
    echo "# QEMU's shares of region_begin..region_end: $(tr '\n' ' ' <"$E2E_TMP/oracle")"
}
