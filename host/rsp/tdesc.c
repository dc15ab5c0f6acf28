/*
 * rsp/tdesc.c - target description reading with libexpat.
 * Register numbering follows GDB ("Target Description Format", <reg>): a
 * regnum attribute sets the number, otherwise a register takes the number
 * after the previous one in document order, across features and includes.
 */
#include "rsp/tdesc.h"

#include <expat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_INCLUDE_DEPTH 4

struct parse_state {
    struct tdesc *d;
    tdesc_fetch_fn fetch;
    void *ctx;
    char feature[64];
    int next_regnum;
    int in_arch;
    int depth;
    int failed;
    char *err;
    size_t errlen;
};

static int parse_doc(struct parse_state *st, const char *xml, size_t len,
                     const char *what);

static const char *attr(const XML_Char **a, const char *name)
{
    for (; a && a[0]; a += 2)
        if (!strcmp(a[0], name))
            return a[1];
    return NULL;
}

static void copy(char *dst, size_t cap, const char *src)
{
    snprintf(dst, cap, "%s", src ? src : "");
}

static void add_reg(struct parse_state *st, const XML_Char **a)
{
    const char *name = attr(a, "name"), *num = attr(a, "regnum"),
               *bits = attr(a, "bitsize");
    struct tdesc_reg *r;

    if (!name || !bits) {
        snprintf(st->err, st->errlen, "<reg> without name or bitsize");
        st->failed = 1;
        return;
    }
    if (st->d->nregs >= TDESC_MAX_REGS) {
        snprintf(st->err, st->errlen, "more than %d registers", TDESC_MAX_REGS);
        st->failed = 1;
        return;
    }
    r = &st->d->regs[st->d->nregs++];
    copy(r->name, sizeof r->name, name);
    copy(r->group, sizeof r->group, attr(a, "group"));
    copy(r->type, sizeof r->type, attr(a, "type"));
    copy(r->feature, sizeof r->feature, st->feature);
    r->regnum = num ? atoi(num) : st->next_regnum;
    r->bitsize = (unsigned)atoi(bits);
    st->next_regnum = r->regnum + 1;
}

static void include(struct parse_state *st, const char *href)
{
    char *text = NULL;
    size_t len = 0;

    if (!href || !st->fetch || st->depth >= MAX_INCLUDE_DEPTH) {
        snprintf(st->err, st->errlen, "cannot follow xi:include of '%s'",
                 href ? href : "?");
        st->failed = 1;
        return;
    }
    if (st->fetch(st->ctx, href, &text, &len) != 0) {
        snprintf(st->err, st->errlen, "cannot read included '%s'", href);
        st->failed = 1;
        return;
    }
    st->depth++;
    if (parse_doc(st, text, len, href) != 0)
        st->failed = 1;
    st->depth--;
    free(text);
}

static void XMLCALL on_start(void *data, const XML_Char *el,
                             const XML_Char **a)
{
    struct parse_state *st = data;
    if (st->failed)
        return;
    if (!strcmp(el, "feature"))
        copy(st->feature, sizeof st->feature, attr(a, "name"));
    else if (!strcmp(el, "reg"))
        add_reg(st, a);
    else if (!strcmp(el, "architecture"))
        st->in_arch = 1;
    else if (!strcmp(el, "xi:include"))
        include(st, attr(a, "href"));
}

static void XMLCALL on_end(void *data, const XML_Char *el)
{
    struct parse_state *st = data;
    if (!strcmp(el, "architecture"))
        st->in_arch = 0;
}

static void XMLCALL on_text(void *data, const XML_Char *s, int len)
{
    struct parse_state *st = data;
    if (st->in_arch) {
        size_t have = strlen(st->d->arch);
        size_t n = (size_t)len;
        if (have + n >= sizeof st->d->arch)
            n = sizeof st->d->arch - 1 - have;
        memcpy(st->d->arch + have, s, n);
        st->d->arch[have + n] = 0;
    }
}

static int parse_doc(struct parse_state *st, const char *xml, size_t len,
                     const char *what)
{
    XML_Parser p = XML_ParserCreate(NULL);
    int rc = 0;

    if (!p) {
        snprintf(st->err, st->errlen, "out of memory");
        return -1;
    }
    XML_SetUserData(p, st);
    XML_SetElementHandler(p, on_start, on_end);
    XML_SetCharacterDataHandler(p, on_text);
    if (XML_Parse(p, xml, (int)len, 1) == XML_STATUS_ERROR) {
        snprintf(st->err, st->errlen, "%s: XML error at line %lu: %s", what,
                 (unsigned long)XML_GetCurrentLineNumber(p),
                 XML_ErrorString(XML_GetErrorCode(p)));
        rc = -1;
    } else if (st->failed) {
        rc = -1;
    }
    XML_ParserFree(p);
    return rc;
}

int tdesc_parse(struct tdesc *d, const char *xml, size_t len,
                tdesc_fetch_fn fetch, void *ctx, char *err, size_t errlen)
{
    struct parse_state st = {0};

    memset(d, 0, sizeof *d);
    st.d = d;
    st.fetch = fetch;
    st.ctx = ctx;
    st.err = err;
    st.errlen = errlen;
    return parse_doc(&st, xml, len, "target.xml");
}

const struct tdesc_reg *tdesc_find(const struct tdesc *d, const char *name)
{
    for (int i = 0; i < d->nregs; i++)
        if (!strcmp(d->regs[i].name, name))
            return &d->regs[i];
    return NULL;
}

const struct tdesc_reg *tdesc_find_in(const struct tdesc *d, const char *feature,
                                      const char *name)
{
    for (int i = 0; i < d->nregs; i++)
        if (!strcmp(d->regs[i].name, name) && !strcmp(d->regs[i].feature, feature))
            return &d->regs[i];
    return NULL;
}

int tdesc_has_feature(const struct tdesc *d, const char *feature)
{
    for (int i = 0; i < d->nregs; i++)
        if (!strcmp(d->regs[i].feature, feature))
            return 1;
    return 0;
}

int tdesc_pc_regnum(const struct tdesc *d)
{
    static const char gdb_feature[] = "org.gnu.gdb.";
    for (int i = 0; i < d->nregs; i++)
        if (!strcmp(d->regs[i].name, "pc") &&
            !strncmp(d->regs[i].feature, gdb_feature, sizeof gdb_feature - 1))
            return d->regs[i].regnum;
    return -1;
}
