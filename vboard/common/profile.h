/*
 * profile.h - --profile FILE: how many times each instruction address was
 * about to execute, for finding where a program (or the stub in it)
 * spends its instructions. A fixed open-addressing table, so the cost per
 * instruction is one hash and a compare; addresses past its capacity are
 * counted together as "other".
 */
#ifndef VBOARD_PROFILE_H
#define VBOARD_PROFILE_H

#include <stdint.h>
#include <stdio.h>

#define VB_PROFILE_SLOTS (1u << 17)

struct vb_profile {
    uint32_t pc[VB_PROFILE_SLOTS];
    uint64_t count[VB_PROFILE_SLOTS]; /* 0: slot free */
    uint64_t other;                   /* addresses that found no slot */
};

/* NULL if out of memory. */
struct vb_profile *vb_profile_new(void);
void vb_profile_free(struct vb_profile *p);

static inline void vb_profile_hit(struct vb_profile *p, uint32_t pc)
{
    uint32_t i = (pc >> 1) * 2654435761u >> 15; /* 17 bits: Knuth's multiplier;
                                                 * >> 1: MIPS16e code is 2-byte aligned */
    for (unsigned probe = 0; probe < 64; probe++, i = (i + 1) & (VB_PROFILE_SLOTS - 1)) {
        if (p->count[i] && p->pc[i] == pc) {
            p->count[i]++;
            return;
        }
        if (!p->count[i]) {
            p->pc[i] = pc;
            p->count[i] = 1;
            return;
        }
    }
    p->other++;
}

/* "0xADDRESS COUNT" per address, in address order, then "other N" if any. */
void vb_profile_write(const struct vb_profile *p, FILE *f);

#endif
