/*
 * elf/elfvar.c - a variable's size and signedness (elf/elfvar.h). The
 * DWARF side walks each compilation unit's top-level DW_TAG_variable
 * entries (DWARF 4, section 4.1; elfutils' libdw.h) for the one of that
 * name whose DW_AT_location is DW_OP_addr of the symbol's address (a
 * static of the same name in another file has another address), follows
 * DW_AT_type through typedef, const and volatile to a base, enum or
 * pointer type, and takes its byte size (dwarf_aggregate_size) and, for
 * a base type, DW_AT_encoding (DWARF 4, 5.1: DW_ATE_signed ...).
 */
#include "elf/elfvar.h"

#include <stdio.h>
#include <string.h>

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <unistd.h>

/* Does die's DW_AT_location say DW_OP_addr addr? */
static int located_at(Dwarf_Die *die, unsigned long addr)
{
    Dwarf_Attribute a;
    Dwarf_Op *expr;
    size_t n;
    if (!dwarf_attr(die, DW_AT_location, &a) ||
        dwarf_getlocation(&a, &expr, &n) != 0 || n < 1 || expr[0].atom != DW_OP_addr)
        return 0;
    return ((unsigned long)expr[0].number & 0xffffffffUL) == (addr & 0xffffffffUL);
}

/* The type of die past typedefs and qualifiers into *type; 0 or -1. */
static int base_of(Dwarf_Die *die, Dwarf_Die *type)
{
    Dwarf_Attribute a;
    Dwarf_Die cur = *die;
    for (int depth = 0; depth < 32; depth++) {
        if (!dwarf_attr_integrate(&cur, DW_AT_type, &a) || !dwarf_formref_die(&a, type))
            return -1;
        int tag = dwarf_tag(type);
        if (tag != DW_TAG_typedef && tag != DW_TAG_const_type &&
            tag != DW_TAG_volatile_type && tag != DW_TAG_restrict_type &&
            tag != DW_TAG_atomic_type)
            return 0;
        cur = *type;
    }
    return -1;
}

/* 1: found and typed; 0: no DWARF entry for it; -1: found, not an
 * integer (err says). */
static int from_dwarf(const char *path, const char *name, struct elfvar *v,
                      char *err, size_t errlen)
{
    int fd = open(path, O_RDONLY), rc = 0;
    Dwarf *dw;
    Dwarf_Off off = 0, next;
    size_t hsize;

    if (fd < 0)
        return 0;
    if (!(dw = dwarf_begin(fd, DWARF_C_READ))) {
        close(fd);
        return 0;
    }
    while (!rc && dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
        Dwarf_Die cu, die, type;
        Dwarf_Word size;
        Dwarf_Attribute a;
        Dwarf_Word enc;
        int more = dwarf_offdie(dw, off + hsize, &cu) && dwarf_child(&cu, &die) == 0;
        off = next;
        for (; more && !rc; more = dwarf_siblingof(&die, &die) == 0) {
            const char *n = dwarf_diename(&die);
            if (dwarf_tag(&die) != DW_TAG_variable || !n || strcmp(n, name) ||
                !located_at(&die, v->addr))
                continue;
            if (base_of(&die, &type) || dwarf_aggregate_size(&type, &size)) {
                snprintf(err, errlen, "'%s': its DWARF type has no size", name);
                rc = -1;
                break;
            }
            int tag = dwarf_tag(&type);
            v->size = (unsigned)size;
            v->is_signed = -1;
            if (tag == DW_TAG_pointer_type) {
                v->is_signed = 0;
            } else if (tag == DW_TAG_base_type &&
                       dwarf_attr(&type, DW_AT_encoding, &a) &&
                       dwarf_formudata(&a, &enc) == 0) {
                if (enc == DW_ATE_float || enc == DW_ATE_complex_float) {
                    snprintf(err, errlen, "'%s' is a floating-point variable; "
                             "--sweep writes integers", name);
                    rc = -1;
                    break;
                }
                v->is_signed = enc == DW_ATE_signed || enc == DW_ATE_signed_char;
            } else if (tag != DW_TAG_enumeration_type && tag != DW_TAG_base_type) {
                snprintf(err, errlen, "'%s' is not an integer variable (its "
                         "type is a DWARF tag 0x%x, %u bytes)", name, tag,
                         (unsigned)size);
                rc = -1;
                break;
            }
            v->from_dwarf = 1;
            rc = 1;
        }
    }
    dwarf_end(dw);
    close(fd);
    return rc;
}

int elfvar_find(const char *path, const struct elfsym *e, const char *name,
                struct elfvar *v, char *err, size_t errlen)
{
    const struct elfsym_entry *s = elfsym_find(e, name);
    int rc;

    memset(v, 0, sizeof *v);
    if (!s) {
        snprintf(err, errlen, "--sweep: no symbol '%s' in %s", name, path);
        return -1;
    }
    if (!s->object) {
        snprintf(err, errlen, "--sweep: '%s' is not a variable (its symbol is "
                 "no data object) in %s", name, path);
        return -1;
    }
    v->addr = s->value & 0xffffffffUL;
    if ((rc = from_dwarf(path, name, v, err, errlen)) < 0)
        return -1;
    if (rc == 0) {
        v->size = (unsigned)s->size;
        v->is_signed = -1;
    }
    if (v->size == 0) {
        snprintf(err, errlen, "--sweep: '%s' has no size in %s (no DWARF type, "
                 "st_size 0)", name, path);
        return -1;
    }
    return 0;
}
