/*
 * tdesc.h - the compact form the stub stores its target description in.
 *
 * target.xml repeats the same markup for every register, field and enum
 * value (GDB manual, "Target Descriptions": <reg name=".." bitsize=".."
 * regnum=".." .../>). The generator (target-xml/tdesc_compact.py) stores
 * each piece with every such word replaced by one byte, 0x80 + its index
 * in TDESC_WORDS; qXfer:features:read puts the words back as it sends, so
 * GDB reads the same text byte for byte. Every word holds a '<', '>' or
 * '"', which no name or number in the description does: a name stays
 * plain text, ended by the byte of the word after it.
 *
 * Event names, most of the text, share parts ("instruction", "_stall",
 * "cache_"): each part of TDESC_PARTS is one byte, 0x01 + its index, in
 * names and anywhere else it fits. The parts were picked by how many bytes
 * they saved over every catalogue of the registry (target-xml/events/); a
 * catalogue changed since is still stored right, perhaps less tightly.
 *
 * The generator reads both lists (the X(...) and P(...) lines, in order):
 * an entry added, removed or moved here changes both sides at the next
 * build.
 */
#ifndef PMUSTUB_TDESC_H
#define PMUSTUB_TDESC_H

#include <stdint.h>

#define TDESC_WORDS(X)                                           \
    X(REG, "<reg name=\"")                                       \
    X(BITS32_REGNUM, "\" bitsize=\"32\" regnum=\"")              \
    X(SINGLE_REGNUM, "\" bitsize=\"32\" type=\"ieee_single\" regnum=\"") \
    X(BITSIZE, "\" bitsize=\"")                                  \
    X(REGNUM, "\" regnum=\"")                                    \
    X(TYPE_PMU, "\" type=\"pmu_")                                \
    X(TYPE_UINT32, "\" type=\"uint32\"/>")                       \
    X(TYPE, "\" type=\"")                                        \
    X(PMU_GROUP, "\" group=\"pmu\" save-restore=\"no\"/>")       \
    X(END, "\"/>")                                               \
    X(EVALUE, "<evalue name=\"")                                 \
    X(VALUE, "\" value=\"")                                      \
    X(FIELD, "<field name=\"")                                   \
    X(START, "\" start=\"")                                      \
    X(END_AT, "\" end=\"")                                       \
    X(ENUM_PMU, "<enum id=\"pmu_")                               \
    X(FLAGS_PMU, "<flags id=\"pmu_")                             \
    X(SIZE4, "\" size=\"4\">")                                   \
    X(ENUM_END, "</enum>")                                       \
    X(FLAGS_END, "</flags>")                                     \
    X(FEATURE, "<feature name=\"")                               \
    X(FEATURE_END, "</feature>")                                 \
    X(OPEN_END, "\">")

#define TDESC_PARTS(P)                                           \
    P("instruction") P("_cycles") P("_stall") P("cache_")        \
    P("watchpoint") P("mispredict") P("accesses") P("miss")      \
    P("branch") P("tion") P("store") P("_requests") P("load")    \
    P("_event") P("external_in") P("_quarter_to_half")           \
    P("_transla") P("_below_quarter") P("ed_") P("_full")        \
    P("impl_") P("fetch") P("writeback") P("_over_half")         \
    P("tlb_") P("gradua") P("interrupt") P("u_dsp_satura")       \
    P("_threshold") P("_issue") P("_hits")

/* A byte at or above TDESC_WORD stands for word (byte - TDESC_WORD); a
 * byte from TDESC_PART below 0x20 for part (byte - TDESC_PART). */
#define TDESC_WORD 0x80
#define TDESC_PART 0x01
#define TDESC_X_INDEX(name, text) TDESC_##name##_I,
enum { TDESC_WORDS(TDESC_X_INDEX) TDESC_N_WORDS };
#undef TDESC_X_INDEX
/* The byte that stands for word `name` (e.g. TDESC_BYTE(EVALUE)). */
#define TDESC_BYTE(name) (TDESC_WORD + TDESC_##name##_I)

#define TDESC_P_COUNT(text) +1
enum { TDESC_N_PARTS = 0 TDESC_PARTS(TDESC_P_COUNT) };
#undef TDESC_P_COUNT

/* The text byte b of the compact form stands for, or NULL when it stands
 * for itself or for a rule. */
const char *stub_tdesc_text(unsigned char b);

/* Rules: a byte from TDESC_RULE up stands for two symbols, rules[byte -
 * TDESC_RULE][0] then [1], each a character, a word, a part or an earlier
 * rule. The generator makes them of the pairs that recur in a build's
 * description, its PMU features and the arch's own (target-xml/
 * tdesc_compact.py, pair_rules; the table is pmu_registry.c's
 * pmu_tdesc_rules, which the port gives the core as
 * stub_target.tdesc_rules), nested at most TDESC_RULE_DEPTH deep. Rules
 * may stand in a run's template, never for a run's own bytes. */
#define TDESC_RULE (TDESC_RUN + 2)
#define TDESC_RULE_DEPTH 12

/* Runs: the registers of a core feature that differ only in numbers one up
 * from the last (r0..r28, f0..f31) are stored once. TDESC_RUN, a count
 * byte, the template, TDESC_RUN: the template is spelled out count times,
 * for i = 0, 1, ..., where TDESC_NUM and a byte k > 0 in it spell
 * i + k - 1 in decimal. Runs do not nest and are not inside rules; the
 * generator (tdesc_compact.py, runs) makes them only where they save. */
#define TDESC_RUN (TDESC_WORD + TDESC_N_WORDS)
#define TDESC_NUM (TDESC_RUN + 1)

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
