/*
 * vle_forms.h - the shape shared by vle_forms_booke.S and vle_forms_vle.S,
 * the same computation written in Book E and in VLE: uint32_t
 * forms(uint32_t *buf) stores each result with a store-word-with-update
 * through r31 (PUT) and returns how many words it stored. r14 keeps buf, r30
 * points at the scratch area (buf + SCRATCH), r24-r29 hold the constants
 * every case starts from; only values, never addresses, are stored, since
 * the two ELFs place their code and data differently. r8, r9 and r0 are
 * the Book E version's scratch registers (a case that stores one sets it
 * first).
 */
#define SCRATCH 2048
#define FRAME 96
