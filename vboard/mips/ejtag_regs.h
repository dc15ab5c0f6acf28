/*
 * ejtag_regs.h - EJTAG register encodings used by vboard's probe port.
 *
 * Source of truth is the MIPS EJTAG Specification MD00047 (not read here
 * directly). Every value below was taken from two public transcriptions of
 * it that agree with each other:
 *   [OCD] openocd-org/openocd v0.12.0 src/target/mips_ejtag.h
 *   [GLA] GlasgowEmbedded/glasgow software/glasgow/arch/mips/ejtag.py
 *         ("Ref: MD00047 Revision 6.10")
 * Where only one of them has a value, the comment says so.
 */
#ifndef VBOARD_EJTAG_REGS_H
#define VBOARD_EJTAG_REGS_H

#include <stdint.h>

/* ---- TAP instruction register (5 bits) -------------------------------- */
/* MD00047 "Instruction Register": Capture-IR loads 0b00001 ([OCD] tcl
 * configs use -ircapture 0x1; IEEE 1149.1 requires the two LSBs to be 01). */
#define EJTAG_IR_LEN        5u
#define EJTAG_IR_CAPTURE    0x01u
#define EJTAG_IR_IDCODE     0x01u /* [OCD] EJTAG_INST_IDCODE */
#define EJTAG_IR_IMPCODE    0x03u /* [OCD] + [GLA] IR_IMPCODE   00011 */
#define EJTAG_IR_ADDRESS    0x08u /* [OCD] + [GLA] IR_ADDRESS   01000 */
#define EJTAG_IR_DATA       0x09u /* [OCD] + [GLA] IR_DATA      01001 */
#define EJTAG_IR_CONTROL    0x0Au /* [OCD] + [GLA] IR_CONTROL   01010 */
#define EJTAG_IR_ALL        0x0Bu /* [OCD] + [GLA] IR_ALL       01011 */
#define EJTAG_IR_EJTAGBOOT  0x0Cu /* [OCD] + [GLA] IR_EJTAGBOOT 01100 */
#define EJTAG_IR_NORMALBOOT 0x0Du /* [OCD] + [GLA] IR_NORMALBOOT 01101 */
#define EJTAG_IR_FASTDATA   0x0Eu /* [OCD] + [GLA] IR_FASTDATA  01110 */
#define EJTAG_IR_BYPASS     0x1Fu /* all ones: IEEE 1149.1 BYPASS */

/* ---- IMPCODE (IR 0x03) -------------------------------------------------- */
/* [GLA] DR_IMPCODE: MIPS32_64 bit 0, NoDMA 14, MIPS16 16, ASID_Size 22:21,
 * DINT_sup 24, R4k_R3k 28, EJTAGver 31:29; [OCD] EJTAG_IMP_NODMA (1<<14),
 * EJTAG_IMP_MIPS16 (1<<16), EJTAG_IMP_ASID8 (1<<22), EJTAG_V26_IMP_DINT
 * (1<<24), EJTAG_VERSION_31 = 3. */
#define EJTAG_IMP_VER_SHIFT 29
#define EJTAG_IMP_VER_31    3u
#define EJTAG_IMP_DINT      (1u << 24)
#define EJTAG_IMP_ASID8     (1u << 22)
#define EJTAG_IMP_MIPS16    (1u << 16)
#define EJTAG_IMP_NODMA     (1u << 14)
#define EJTAG_IMP_MIPS64    (1u << 0)

/* ---- EJTAG Control Register (IR 0x0A) ----------------------------------- */
/* [OCD] EJTAG_CTRL_* and [GLA] DR_CONTROL agree bit for bit. */
#define ECR_ROCC     (1u << 31)  /* reset occurred; write 0 clears      */
#define ECR_PSZ_SHIFT 29         /* 30:29 access size, [GLA] Psz        */
#define ECR_PSZ_MASK (3u << 29)
#define ECR_PERRST   (1u << 20)  /* peripheral reset                    */
#define ECR_PRNW     (1u << 19)  /* pending access is a store           */
#define ECR_PRACC    (1u << 18)  /* processor access pending            */
#define ECR_PRRST    (1u << 16)  /* processor reset                     */
#define ECR_PROBEN   (1u << 15)  /* probe serves dmseg                  */
#define ECR_PROBTRAP (1u << 14)  /* [OCD] calls it SETDEV; vector FF200200 */
#define ECR_ISAONDBG (1u << 13)  /* [OCD] DBGISA: microMIPS in debug    */
#define ECR_EJTAGBRK (1u << 12)  /* debug interrupt request             */
#define ECR_DM       (1u << 3)   /* [OCD] BRKST: processor in debug mode */
/* Psz encodings (MD00047 via [GLA] field name; sizes per reference
 * ejtag_openocd.md section 3): 0 byte, 1 halfword, 2 word. */
#define ECR_PSZ_BYTE 0u
#define ECR_PSZ_HALF 1u
#define ECR_PSZ_WORD 2u

/* ---- FASTDATA (IR 0x0E): 33 bits, bit 0 = SPrAcc ([OCD] mips32_pracc.c
 * mips_ejtag_fastdata_scan shifts 1 bit then 32). Fastdata area is the first
 * 16 bytes of dmseg ([OCD] mips32_pracc.h MIPS32_PRACC_FASTDATA_AREA/SIZE). */
#define EJTAG_FASTDATA_AREA 0xFF200000u
#define EJTAG_FASTDATA_SIZE 16u

/* ---- drseg (EJTAG >= 2.5 map) ------------------------------------------- */
/* [OCD] EJTAG_DCR / EJTAG_V25_* and [GLA] DRSEG_*_addr agree. */
#define DRSEG_BASE     0xFF300000u
#define DRSEG_DCR      0xFF300000u
#define DRSEG_IBS      0xFF301000u
#define DRSEG_IBA0     0xFF301100u
#define DRSEG_IBM_OFF  0x08u
#define DRSEG_IBASID_OFF 0x10u
#define DRSEG_IBC_OFF  0x18u
#define DRSEG_IB_STEP  0x100u
#define DRSEG_DBS      0xFF302000u

/* DCR bits: [OCD] EJTAG_DCR_ENM BIT(29), DB BIT(17), IB BIT(16), INTE BIT(4);
 * [GLA] DRSEG_DCR: ProbEn 0, IntE 4, InstBrk 16, DataBrk 17, ENM 29. */
#define DCR_ENM    (1u << 29)
#define DCR_DB     (1u << 17)
#define DCR_IB     (1u << 16)
#define DCR_INTE   (1u << 4)
#define DCR_PROBEN (1u << 0)

/* IBS/DBS: [GLA] DRSEG_IBS BS 14:0, BCN 27:24, ASIDsup 30; [OCD]
 * mips32_configure_ibs reads BCN as (ibs >> 24) & 0x0F. */
#define BS_MASK    0x7FFFu
#define BCN_SHIFT  24
/* IBCn: [GLA] DRSEG_IBC BE bit 0, TE bit 2, ASIDuse bit 23; [OCD]
 * mips32_set_breakpoint writes 1 to enable (BE). */
#define IBC_BE     (1u << 0)
#define IBC_TE     (1u << 2)

#endif
