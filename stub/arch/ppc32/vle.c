/*
 * vle.c - what the port needs to know of Power ISA VLE code (Book VLE,
 * "Variable Length Encoding"), which the e200z7 runs from pages whose TLB
 * entry has MAS2[VLE] (e200z7 RM Table 10-11). Plain C (host unit tests);
 * vle_page.c finds a page's kind on the target.
 *
 * Breakpoints in VLE pages are se_illegal (0x0000) on the instruction's
 * first halfword, whatever the instruction's length:
 *  - the core takes an instruction's length from its first halfword
 *    (32-bit iff (hw & 0x9000) == 0x1000: binutils opcodes/ppc-opc.c
 *    vle_opcodes[]; mpc5674f_vle.md section 1), so 0x0000 there is a
 *    complete 16-bit instruction on its own and the program interrupt is
 *    taken at that address, SRR0 = the instruction, ESR = PIL|VLEMI (RM
 *    Table 7-19), before anything of the rest is decoded;
 *  - one halfword written never reaches the next instruction, whatever
 *    size GDB guessed (GDB sends kind 4 even at a 16-bit instruction), and
 *    breakpoints on neighbouring 16-bit instructions do not overlap;
 *  - `trap` (0x7FE00008, 4 bytes) would do on a 32-bit instruction too,
 *    but gives nothing se_illegal does not, and would make two stop paths
 *    and two save sizes where one does. se_illegal is also what zeroed
 *    memory holds, so the stub calls it a breakpoint only where its table
 *    has a trap (port.c), and SIGILL elsewhere, as before.
 */
#include "booke.h"
#include "ppc_port.h"

/* "twge r2,r2", the trap GDB itself uses for Power breakpoints
 * (gdb/rs6000-tdep.c big_breakpoint; docs/hardware-facts.md, "GDB's
 * Power breakpoint"). */
const uint8_t ppc_booke_trap[4] = {0x7d, 0x82, 0x10, 0x08};
/* se_illegal (VLE PEM ch. 2, C form 0x0000; mpc5674f_vle.md section 3). */
static const uint8_t vle_trap[2] = {0x00, 0x00};

#define PROGRAM_VECTOR 6

unsigned ppc_vle_insn_len(uint16_t hw)
{
    return (hw & 0x9000u) == 0x1000u ? 4 : 2;
}

/* se_rfi 0x0008, se_rfci 0x0009, se_rfdi 0x000A, se_rfmci 0x000B (C form;
 * e200z7 RM ch. 3, mpc5674f_vle.md section 1). VLE has no 32-bit forms of
 * them: primary opcode 19 is not VLE (PEM 2.4). */
int ppc_vle_is_return(uint16_t hw)
{
    return hw >= 0x0008u && hw <= 0x000bu;
}

unsigned ppc_trap_for(int vle, stub_addr_t addr, unsigned kind,
                      const uint8_t **insn)
{
    if (vle) {
        /* Halfword instructions (PEM 1.1); GDB's kind 2 or 4 both take
         * the 2-byte trap (above). */
        *insn = vle_trap;
        return (addr & 1) == 0 && (kind == 0 || kind == 2 || kind == 4) ? 2 : 0;
    }
    *insn = ppc_booke_trap;
    return (addr & 3) == 0 && (kind == 0 || kind == 4) ? 4 : 0;
}

int ppc_vle_illegal_stop(unsigned vector, uint32_t esr)
{
    return vector == PROGRAM_VECTOR &&
           (esr & (ESR_PIL | ESR_VLEMI)) == (ESR_PIL | ESR_VLEMI);
}
