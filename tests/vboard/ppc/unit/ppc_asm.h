/*
 * ppc_asm.h - encoders for the Book E instructions the unit tests put in
 * RAM (Power ISA 2.06 Book I/III-E encodings; SPR and PMR numbers with
 * their two 5-bit halves swapped, e.g. mfpmr r3,16 = 0x7C70029C:
 * docs/hardware-facts.md, "Book E: how mfpmr and mtpmr name a PMR").
 */
#ifndef VBOARD_PPC_TEST_ASM_H
#define VBOARD_PPC_TEST_ASM_H

#include <stdint.h>

#define D_FORM(op, rt, ra, imm) ((uint32_t)(op) << 26 | (uint32_t)(rt) << 21 | \
                                 (uint32_t)(ra) << 16 | ((uint32_t)(imm) & 0xffffu))
#define X_FORM(rt, ra, rb, xo) (31u << 26 | (uint32_t)(rt) << 21 | (uint32_t)(ra) << 16 | \
                                (uint32_t)(rb) << 11 | (uint32_t)(xo) << 1)
#define SWAP10(n) ((((uint32_t)(n) & 31u) << 5) | (((uint32_t)(n) >> 5) & 31u))

static inline uint32_t i_addi(unsigned rt, unsigned ra, int imm) { return D_FORM(14, rt, ra, imm); }
static inline uint32_t i_li(unsigned rt, int imm) { return i_addi(rt, 0, imm); }
static inline uint32_t i_lis(unsigned rt, unsigned imm) { return D_FORM(15, rt, 0, imm); }
static inline uint32_t i_ori(unsigned ra, unsigned rs, unsigned imm) { return D_FORM(24, rs, ra, imm); }
static inline uint32_t i_nop(void) { return i_ori(0, 0, 0); }
static inline uint32_t i_lwz(unsigned rt, int d, unsigned ra) { return D_FORM(32, rt, ra, d); }
static inline uint32_t i_stw(unsigned rs, int d, unsigned ra) { return D_FORM(36, rs, ra, d); }
static inline uint32_t i_mtspr(unsigned spr, unsigned rs) { return X_FORM(rs, 0, 0, 467) | SWAP10(spr) << 11; }
static inline uint32_t i_mfspr(unsigned rt, unsigned spr) { return X_FORM(rt, 0, 0, 339) | SWAP10(spr) << 11; }
static inline uint32_t i_mtpmr(unsigned pmr, unsigned rs) { return X_FORM(rs, 0, 0, 462) | SWAP10(pmr) << 11; }
static inline uint32_t i_mfpmr(unsigned rt, unsigned pmr) { return X_FORM(rt, 0, 0, 334) | SWAP10(pmr) << 11; }
static inline uint32_t i_mtmsr(unsigned rs) { return X_FORM(rs, 0, 0, 146); }
static inline uint32_t i_wrteei(unsigned e) { return X_FORM(0, 0, 0, 163) | (e ? 0x8000u : 0); }
static inline uint32_t i_tw(unsigned to, unsigned ra, unsigned rb) { return X_FORM(to, ra, rb, 4); }
static inline uint32_t i_rfi(void) { return 19u << 26 | 50u << 1; }
static inline uint32_t i_rfci(void) { return 19u << 26 | 51u << 1; }
static inline uint32_t i_rfdi(void) { return 19u << 26 | 39u << 1; }
static inline uint32_t i_sc(void) { return 0x44000002u; }
static inline uint32_t i_b(int off) { return 18u << 26 | ((uint32_t)off & 0x03fffffcu); }
static inline uint32_t i_bdnz(int off) { return D_FORM(16, 16, 0, off) & ~3u; }
static inline uint32_t i_tlbwe(void) { return X_FORM(0, 0, 0, 978); }

#endif
