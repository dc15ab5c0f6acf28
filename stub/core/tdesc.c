/*
 * tdesc.c - the words and parts of the compact target description
 * (pmustub/tdesc.h): this build's, their texts one after the other, each
 * ended by its NUL, which is how the lookup finds where an entry starts
 * (a table of lengths took a byte an entry, one of pointers four); and
 * the cursor that spells the compact form out.
 */
#include <stdint.h>
#include "pmustub/tdesc.h"
#include "tdesc_table.h" /* generated: target-xml/tdesc_compact.py */

/* Byte-aligned, as the generator's arrays of compact bytes are
 * (tdesc_compact.py, BYTES): GCC would put it on a word boundary. */
static const char texts[] __attribute__((aligned(1))) = TDESC_TEXTS;

/* The ranges of codes in tdesc_table.h may wrap past 0xff (to use the
 * bytes below ' '): b's place in the one from first is
 * (unsigned char)(b - first), out of it where that is past its count. */
const char *stub_tdesc_text(unsigned char b)
{
    unsigned i = (unsigned char)(b - TDESC_TEXT);
    const char *t = texts;

    if (i >= TDESC_N_TEXTS) /* a character, TDESC_RUN, TDESC_NUM, a rule */
        return 0;
    /* Past i texts: at most the entries' 600 bytes, some 2,000
     * instructions, where a character takes 87 us at 115200 baud. */
    while (i--)
        while (*t++)
            ;
    return t;
}

void tdesc_start(struct tdesc_cursor *c, const char *const *pieces,
                 const uint8_t (*rules)[2])
{
    c->piece = pieces;
    c->s = (const unsigned char *)*pieces;
    c->w = 0;
    c->rules = rules;
    c->ch = -1;
    c->depth = 0;
    c->run = 0;
}

/* At a run's TDESC_RUN (pmustub/tdesc.h): the first begins it, the one
 * that closes its template starts the template again or ends the run. */
static void run_mark(struct tdesc_cursor *c)
{
    if (!c->run) {
        c->run_left = *c->s++;
        c->run_i = 0;
        c->run = c->s;
    } else if (++c->run_i < c->run_left) {
        c->s = c->run;
    } else {
        c->run = 0;
    }
}

/* At a run's TDESC_NUM k: i + k - 1 in decimal, the word under the
 * cursor. Tens by subtraction: the number is below 510, and a division
 * costs more code. */
static void run_number(struct tdesc_cursor *c)
{
    unsigned v = c->run_i + *c->s++ - 1u;
    char *p = c->num + sizeof c->num - 1;

    *p = 0;
    do {
        unsigned tens = 0;
        for (; v >= 10; v -= 10)
            tens++;
        *--p = (char)('0' + v);
        v = tens;
    } while (v);
    c->w = p;
}

int tdesc_peek(struct tdesc_cursor *c)
{
    for (;;) {
        unsigned b;

        if (c->w && *c->w)
            return (unsigned char)*c->w;
        c->w = 0;
        if (c->ch >= 0)
            return c->ch;
        if (c->depth) {
            b = c->pending[--c->depth];
        } else {
            if (!c->s)
                return -1;
            if (!(b = *c->s)) {
                c->s = (const unsigned char *)*++c->piece;
                continue;
            }
            c->s++;
            if (b == TDESC_RUN) {
                run_mark(c);
                continue;
            }
            if (b == TDESC_NUM) {
                run_number(c);
                continue;
            }
        }
        /* A rule: its second symbol waits, its first is taken now. The
         * generator nests rules at most TDESC_RULE_DEPTH deep. */
        for (unsigned r; (r = (unsigned char)(b - TDESC_RULE)) < TDESC_N_RULES;) {
            c->pending[c->depth++] = c->rules[r][1];
            b = c->rules[r][0];
        }
        if (!(c->w = stub_tdesc_text((unsigned char)b)))
            c->ch = (int)b;
    }
}

void tdesc_next(struct tdesc_cursor *c)
{
    if (c->w)
        c->w++;
    else
        c->ch = -1;
}

void tdesc_skip(struct tdesc_cursor *c, uint32_t off)
{
    while (off-- && tdesc_peek(c) >= 0)
        tdesc_next(c);
}
