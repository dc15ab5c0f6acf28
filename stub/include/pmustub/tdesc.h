/*
 * tdesc.h - the compact form the stub stores its target description in.
 *
 * target.xml repeats the same markup for every register, field and enum
 * value (GDB manual, "Target Descriptions": <reg name=".." bitsize=".."
 * regnum=".." .../>). The generator (target-xml/tdesc_compact.py) stores
 * each piece with every such word replaced by one byte; qXfer:features:read
 * puts the words back as it sends, so GDB reads the same text byte for
 * byte. Event names, most of the text, share parts ("instruction",
 * "_stall", "cache_"): each part is one byte too, in names and anywhere
 * else it fits.
 *
 * Which byte is what is the build's: the generator keeps the one list of
 * words and parts and writes the table of those the build's description
 * uses (tdesc_table.h, which only tdesc.c includes). The characters the
 * description holds stand for themselves; the other bytes are codes, in
 * ranges that may wrap past 0xff: the rules' (TDESC_RULE, TDESC_N_RULES),
 * TDESC_RUN, TDESC_NUM, then the entries (TDESC_TEXT, TDESC_N_TEXTS): the
 * words and parts, with the texts TDESC_TEXTS, each ended by its NUL.
 */
#ifndef PMUSTUB_TDESC_H
#define PMUSTUB_TDESC_H

#include <stdint.h>

/* The text byte b of the compact form stands for, or NULL when it stands
 * for itself or for a rule. */
const char *stub_tdesc_text(unsigned char b);

/* Rules: a byte of the rules' range stands for two symbols,
 * rules[(unsigned char)(byte - TDESC_RULE)][0] then [1], each a
 * character, a word, a part or an earlier rule. The generator makes them
 * of the pairs that recur in a build's description, its PMU features and
 * the arch's own (target-xml/tdesc_compact.py, pair_rules; the table is
 * pmu_registry.c's pmu_tdesc_rules, which the port gives the core as
 * stub_target.tdesc_rules), nested at most TDESC_RULE_DEPTH deep. Rules
 * may stand in a run's template, never for a run's own bytes. */
#define TDESC_RULE_DEPTH 12

/* Runs: the registers of a core feature that differ only in numbers one up
 * from the last (r0..r28, f0..f31) are stored once. TDESC_RUN, a count
 * byte, the template, TDESC_RUN: the template is spelled out count times,
 * for i = 0, 1, ..., where TDESC_NUM and a byte k > 0 in it spell
 * i + k - 1 in decimal. Runs do not nest and are not inside rules; the
 * generator (tdesc_compact.py, runs) makes them only where they save. */

/* Walks the text of a NULL-terminated list of pieces in the compact form,
 * words, parts and rules spelled out, so that a read costs its length. */
struct tdesc_cursor {
    const char *const *piece;
    const unsigned char *s;     /* next byte of the piece; NULL at the end */
    const char *w;              /* inside a word or part: the rest of it */
    const uint8_t (*rules)[2];
    int ch;                     /* a character of a rule, not yet passed */
    unsigned char depth;        /* symbols of rules pending, last first: */
    unsigned char pending[TDESC_RULE_DEPTH];
    const unsigned char *run;   /* inside a run: its template; else NULL */
    unsigned char run_left;     /* the run's count: times the template is
                                 * spelled out */
    unsigned char run_i;        /* its i (TDESC_NUM) */
    char num[4];                /* a number of the run, spelled out: at
                                 * most 254 + 255 - 1, three digits */
};
void tdesc_start(struct tdesc_cursor *c, const char *const *pieces,
                 const uint8_t (*rules)[2]);
/* The character under the cursor, or -1 at the end. */
int tdesc_peek(struct tdesc_cursor *c);
/* Past that character (after a tdesc_peek that did not return -1). */
void tdesc_next(struct tdesc_cursor *c);
/* Past off characters, or to the end. */
void tdesc_skip(struct tdesc_cursor *c, uint32_t off);

#endif
