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
 * The generator reads this list (the X(...) lines, in order): a word
 * added, removed or moved here changes both sides at the next build.
 */
#ifndef PMUSTUB_TDESC_H
#define PMUSTUB_TDESC_H

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

/* A byte at or above TDESC_WORD stands for word (byte - TDESC_WORD). */
#define TDESC_WORD 0x80
#define TDESC_X_INDEX(name, text) TDESC_##name##_I,
enum { TDESC_WORDS(TDESC_X_INDEX) TDESC_N_WORDS };
#undef TDESC_X_INDEX
/* The byte that stands for word `name` (e.g. TDESC_BYTE(EVALUE)). */
#define TDESC_BYTE(name) (TDESC_WORD + TDESC_##name##_I)

extern const char *const stub_tdesc_words[TDESC_N_WORDS];

#endif
