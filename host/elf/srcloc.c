/*
 * elf/srcloc.c - see srcloc.h. What GDB 13 does, from its source
 * (bminor/binutils-gdb gdb/linespec.c create_sals_line_offset,
 * decode_digits_ordinary; gdb/symtab.c find_line_common,
 * skip_prologue_sal, skip_prologue_using_sal; gdb/dwarf2/read.c
 * process_full_comp_unit), in our words:
 *  - FILE:LINE takes the line table's is_stmt rows of that line in every
 *    compilation unit; a line with none moves to the smallest line after
 *    it that has some. Of the rows in one block (a function, an inlined
 *    call, a lexical block with variables of its own) only the first, by
 *    address, stays: one breakpoint location per block.
 *  - FUNCTION is its entry, moved past the prologue unless the unit's
 *    locations are "valid" (GCC 4.5 or later wrote a location list in
 *    it: optimised code, where GDB trusts the entry). The prologue ends
 *    where the first line's range ends, absorbing ranges of smaller lines
 *    that the scheduler moved into it; a line found inside the prologue
 *    moves to its end, as GDB's line breakpoints do.
 *  - An inlined call of FUNCTION is a location too, at its entry pc.
 */
#include "elf/srcloc.h"

#include <elfutils/libdw.h>
#include <dwarf.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* GDB's compare_filenames_for_search: WANT is the whole of PATH or its
 * tail after a '/'. */
static int file_matches(const char *path, const char *want)
{
    size_t lp, lw;
    if (!path)
        return 0;
    lp = strlen(path);
    lw = strlen(want);
    if (lw > lp || strcmp(path + lp - lw, want))
        return 0;
    return lw == lp || path[lp - lw - 1] == '/' || want[0] == '/';
}

static const char *base_name(const char *p)
{
    const char *s = p ? strrchr(p, '/') : NULL;
    return s ? s + 1 : p ? p : "??";
}

/* A row of the line table as GDB keeps it. */
struct row {
    Dwarf_Addr addr;
    int line;
    int stmt;
    int end;          /* end of a sequence */
    const char *file;
};

/* One compilation unit's rows, by address. */
struct unit {
    Dwarf_Die die;
    struct row *rows;
    size_t n;
};

/* The unit's rows that GDB records (gdb/dwarf2/read.c
 * lnp_state_machine::record_line, dwarf_record_line_p): not line 0, not
 * a non-statement row at the address where its file changed, and not a
 * row that repeats the line before it once that line had a non-zero
 * discriminator (GCC's for blocks of one line, PR 17276). libdw gives
 * each sequence's rows in their order, by address. */
static int unit_rows(struct unit *u)
{
    Dwarf_Lines *lines;
    size_t n;
    const char *last_file = NULL;
    int last_line = 0, nz = 0, prev_line = -1;
    Dwarf_Addr last_addr = 0;

    if (dwarf_getsrclines(&u->die, &lines, &n) || !(u->rows = calloc(n + 1, sizeof *u->rows)))
        return -1;
    u->n = 0;
    for (size_t i = 0; i < n; i++) {
        Dwarf_Line *l = dwarf_onesrcline(lines, i);
        struct row r = {0};
        bool b = false;
        unsigned disc = 0;
        int changed;

        dwarf_lineaddr(l, &r.addr);
        dwarf_lineno(l, &r.line);
        dwarf_linebeginstatement(l, &b);
        r.stmt = b;
        b = false;
        dwarf_lineendsequence(l, &b);
        r.end = b;
        dwarf_linediscriminator(l, &disc);
        r.file = dwarf_linesrc(l, NULL, NULL);
        nz = r.line != prev_line ? disc != 0 : nz || disc != 0;
        prev_line = r.line;
        changed = !last_file || !r.file || strcmp(last_file, r.file);
        if (r.end) {
            u->rows[u->n++] = r;
            last_file = NULL;
            last_line = 0;
            prev_line = -1;
            continue;
        }
        if (!r.line || (changed && last_file && r.addr == last_addr && !r.stmt))
            continue;
        if (changed || r.line != last_line || !nz)
            u->rows[u->n++] = r;
        last_file = r.file;
        last_line = r.line;
        last_addr = r.addr;
    }
    return 0;
}

static Dwarf_Addr row_addr(const struct unit *u, size_t i)
{
    return u->rows[i].addr;
}

static int row_line(const struct unit *u, size_t i)
{
    return u->rows[i].line;
}

/* GDB's find_pc_line: the row covering pc (the last of those at the
 * greatest address not above it, an is_stmt one preferred) and where
 * its range ends (the next greater address). -1: no row covers pc. */
static long row_at(const struct unit *u, Dwarf_Addr pc, Dwarf_Addr *end)
{
    long best = -1;
    for (size_t i = 0; i < u->n; i++) {
        Dwarf_Addr a = row_addr(u, i);
        if (a > pc) {
            if (best >= 0) {
                *end = a;
                return best;
            }
            return -1;
        }
        if (u->rows[i].end) {
            best = -1;
            continue;
        }
        if (best < 0 || row_addr(u, (size_t)best) != a || u->rows[i].stmt ||
            !u->rows[(size_t)best].stmt)
            best = (long)i;
    }
    return -1;
}

/* A lexical block makes a block of GDB's only if it declares variables
 * (gdb/dwarf2/read.c read_lexical_block_scope). */
static int has_variables(Dwarf_Die *d)
{
    Dwarf_Die c;
    if (dwarf_child(d, &c))
        return 0;
    do
        if (dwarf_tag(&c) == DW_TAG_variable)
            return 1;
    while (!dwarf_siblingof(&c, &c));
    return 0;
}

/* What contains pc: its innermost block (a DIE offset), innermost function
 * (inlined ones included) and outermost, the concrete subprogram. */
struct where {
    Dwarf_Off block;
    char func[96];
    int inlined;
    Dwarf_Die subprogram;
    int have_subprogram;
};

static void where_is(struct unit *u, Dwarf_Addr pc, struct where *w)
{
    Dwarf_Die *sc = NULL;
    int n = dwarf_getscopes(&u->die, pc, &sc);

    memset(w, 0, sizeof *w);
    snprintf(w->func, sizeof w->func, "??");
    for (int i = 0; i < n; i++) {
        int tag = dwarf_tag(&sc[i]);
        if (!w->block && (tag != DW_TAG_lexical_block || has_variables(&sc[i])))
            w->block = dwarf_dieoffset(&sc[i]);
        if ((tag == DW_TAG_subprogram || tag == DW_TAG_inlined_subroutine) &&
            !strcmp(w->func, "??")) {
            const char *name = dwarf_diename(&sc[i]);
            snprintf(w->func, sizeof w->func, "%s", name ? name : "??");
            w->inlined = tag == DW_TAG_inlined_subroutine;
        }
        if (tag == DW_TAG_subprogram && !w->have_subprogram) {
            w->subprogram = sc[i];
            w->have_subprogram = 1;
        }
    }
    free(sc);
}

/* GCC 4.5 or later, and a location list in the unit: GDB's
 * locations_valid, under which it breaks at a function's entry. */
static int any_loclist(Dwarf_Die *d)
{
    Dwarf_Die c;
    Dwarf_Attribute a;
    int tag = dwarf_tag(d);
    if ((tag == DW_TAG_variable || tag == DW_TAG_formal_parameter) &&
        dwarf_attr(d, DW_AT_location, &a) &&
        (dwarf_whatform(&a) == DW_FORM_sec_offset ||
         dwarf_whatform(&a) == DW_FORM_loclistx ||
         dwarf_whatform(&a) == DW_FORM_data4))
        return 1;
    if (dwarf_child(d, &c))
        return 0;
    do
        if (any_loclist(&c))
            return 1;
    while (!dwarf_siblingof(&c, &c));
    return 0;
}

static int locations_valid(struct unit *u)
{
    Dwarf_Attribute a;
    const char *p = dwarf_formstring(dwarf_attr(&u->die, DW_AT_producer, &a));
    const char *v;
    int major = 0, minor = 0;

    if (!p || strncmp(p, "GNU ", 4) || !(v = strchr(p + 4, ' ')) ||
        sscanf(v + 1, "%d.%d", &major, &minor) < 1)
        return 0;
    if (major < 4 || (major == 4 && minor < 5))
        return 0;
    return any_loclist(&u->die);
}

/* GDB's skip_prologue_using_sal: where the function's first line (and
 * any lines smaller than it moved into it) ends; 0: GDB would read the
 * instructions instead (one line covers the function). */
static Dwarf_Addr prologue_end(struct unit *u, Dwarf_Addr start, Dwarf_Addr end)
{
    Dwarf_Addr pend, send;
    long p = row_at(u, start, &pend), s;

    if (p < 0 || row_line(u, (size_t)p) == 0)
        return 0;
    /* Two rows at the entry: the second is the function's "#line". */
    for (size_t i = 0; i + 1 < u->n; i++)
        if (row_addr(u, i) == start && row_line(u, i)) {
            if (row_addr(u, i + 1) == start && row_line(u, i + 1))
                return start;
            break;
        }
    if (pend >= end)
        return 0;
    while (pend < end) {
        struct where w;
        s = row_at(u, pend, &send);
        if (s < 0 || row_line(u, (size_t)s) == 0)
            break;
        if (row_line(u, (size_t)s) >= row_line(u, (size_t)p) && send <= end)
            break;
        where_is(u, pend, &w);
        if (w.inlined)
            break;
        p = s;
        pend = send;
    }
    return pend;
}

/* Where GDB's "break FUNCTION" stops in the subprogram f. */
static Dwarf_Addr function_break(struct unit *u, Dwarf_Die *f)
{
    Dwarf_Addr entry, hi, pc, post, e;
    long r;

    if (dwarf_entrypc(f, &entry))
        return 0;
    /* Assembly has no compiler's prologue: GDB breaks at its entry. */
    if (dwarf_srclang(&u->die) == DW_LANG_Mips_Assembler ||
        locations_valid(u) || dwarf_highpc(f, &hi))
        return entry;
    post = prologue_end(u, entry, hi);
    pc = post > entry ? post : entry;
    /* In the middle of a line: on to the next line's start. */
    r = row_at(u, pc, &e);
    if (r >= 0 && row_addr(u, (size_t)r) != pc)
        pc = e;
    return pc;
}

static void add_site(struct srcloc *r, struct unit *u, Dwarf_Addr addr,
                     int line)
{
    struct where w;
    struct srcloc_site *s;
    Dwarf_Addr e;
    long row;

    for (int i = 0; i < r->n && i < SRCLOC_MAX; i++)
        if (r->site[i].addr == addr)
            return;
    if (r->n++ >= SRCLOC_MAX)
        return;
    s = &r->site[r->n - 1];
    where_is(u, addr, &w);
    row = row_at(u, addr, &e);
    s->addr = addr;
    s->line = line ? line : row >= 0 ? row_line(u, (size_t)row) : 0;
    snprintf(s->file, sizeof s->file, "%s",
             base_name(row >= 0 ? u->rows[row].file : NULL));
    snprintf(s->func, sizeof s->func, "%s", w.func);
    s->inlined = w.inlined;
}

/* Calls fn for each unit with a line table; stops at fn's non-zero. */
static int each_unit(const char *elf, int (*fn)(struct unit *, void *),
                     void *ctx, char *err, size_t errlen)
{
    int fd = open(elf, O_RDONLY), rc = 0;
    Dwarf *dw;
    Dwarf_Off off = 0, next;
    size_t hsize;

    if (fd < 0) {
        snprintf(err, errlen, "cannot open ELF '%s'", elf);
        return -1;
    }
    if (!(dw = dwarf_begin(fd, DWARF_C_READ))) {
        snprintf(err, errlen, "'%s' has no DWARF (built without -g?): "
                 "name the location with SYMBOL or *ADDRESS", elf);
        close(fd);
        return -1;
    }
    while (!rc && dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
        struct unit u = {0};
        if (dwarf_offdie(dw, off + hsize, &u.die) && !unit_rows(&u))
            rc = fn(&u, ctx);
        free(u.rows);
        off = next;
    }
    dwarf_end(dw);
    close(fd);
    return rc;
}

struct line_q {
    const char *file;
    int line;
    int best;        /* smallest line after it with code, 0: none yet */
    struct srcloc *r;
    Dwarf_Off blocks[SRCLOC_MAX * 4];
    int nblocks;
};

static int row_is(struct unit *u, size_t i, const char *file)
{
    return u->rows[i].stmt && !u->rows[i].end &&
           file_matches(u->rows[i].file, file);
}

/* First pass: the line, or the best line after it. */
static int find_line(struct unit *u, void *ctx)
{
    struct line_q *q = ctx;
    for (size_t i = 0; i < u->n; i++) {
        int l = row_line(u, i);
        if (l < q->line || !row_is(u, i, q->file))
            continue;
        if (l == q->line)
            q->best = l;
        else if (!q->best || l < q->best)
            q->best = l;
    }
    return 0;
}

/* Second pass: the line's rows, one per block; GDB's prologue skip. */
static int take_line(struct unit *u, void *ctx)
{
    struct line_q *q = ctx;
    for (size_t i = 0; i < u->n; i++) {
        Dwarf_Addr a = row_addr(u, i), post;
        struct where w;
        int seen = 0;

        if (row_line(u, i) != q->best || !row_is(u, i, q->file))
            continue;
        where_is(u, a, &w);
        for (int b = 0; b < q->nblocks; b++)
            seen |= q->blocks[b] == w.block;
        if (seen && w.block)
            continue;
        if (q->nblocks < (int)(sizeof q->blocks / sizeof q->blocks[0]))
            q->blocks[q->nblocks++] = w.block;
        /* Inside the prologue: GDB's skip_prologue_sal moves it to the
         * prologue's end, a line of its own. */
        if (w.have_subprogram && (post = function_break(u, &w.subprogram)) > a)
            add_site(q->r, u, post, 0);
        else
            add_site(q->r, u, a, q->best);
    }
    return 0;
}

int srcloc_line(const char *elf, const char *file, int line, struct srcloc *r,
                char *err, size_t errlen)
{
    struct line_q q = {.file = file, .line = line, .r = r};

    memset(r, 0, sizeof *r);
    r->line_asked = line;
    if (each_unit(elf, find_line, &q, err, errlen))
        return -1;
    if (!q.best) {
        snprintf(err, errlen, "no code for %s:%d or any line after it in "
                 "the ELF's line table (is the file name right, and the "
                 "program built with -g?)", file, line);
        return -1;
    }
    r->line_used = q.best;
    return each_unit(elf, take_line, &q, err, errlen);
}

struct func_q {
    const char *file, *name;
    struct srcloc *r;
};

/* Where GDB 13 breaks in an inlined call: its block's entry, the start
 * of the block's first non-empty range (not DW_AT_entry_pc: gdb/block.h
 * entry_pc; GCC lists empty ranges, which GDB does not record). */
static int inlined_start(Dwarf_Die *d, Dwarf_Addr *a)
{
    Dwarf_Addr base, end;
    ptrdiff_t off = 0;
    while ((off = dwarf_ranges(d, off, &base, a, &end)) > 0)
        if (*a < end)
            return 1;
    return 0;
}

static void find_in(struct unit *u, Dwarf_Die *d, struct func_q *q)
{
    Dwarf_Die c;
    int tag = dwarf_tag(d);
    const char *name = dwarf_diename(d);
    Dwarf_Addr a;

    if (name && !strcmp(name, q->name) &&
        (!q->file || file_matches(dwarf_decl_file(d), q->file))) {
        if (tag == DW_TAG_subprogram && (a = function_break(u, d)))
            add_site(q->r, u, a, 0);
        else if (tag == DW_TAG_inlined_subroutine && inlined_start(d, &a))
            add_site(q->r, u, a, 0);
    }
    if (dwarf_child(d, &c))
        return;
    do
        find_in(u, &c, q);
    while (!dwarf_siblingof(&c, &c));
}

static int take_function(struct unit *u, void *ctx)
{
    find_in(u, &u->die, ctx);
    return 0;
}

int srcloc_function(const char *elf, const char *file, const char *name,
                    struct srcloc *r, char *err, size_t errlen)
{
    struct func_q q = {file, name, r};
    memset(r, 0, sizeof *r);
    return each_unit(elf, take_function, &q, err, errlen);
}
