/*
 * sample/attrib.c - see attrib.h. The program is reported to libdwfl
 * offline (dwfl_report_offline), as eu-addr2line does with -e: an
 * ET_EXEC is placed where it is linked, so a target address is a module
 * address as it is. Symbols by dwfl_module_addrname (the symbol whose
 * range covers the address), lines by dwfl_module_getsrc and
 * dwfl_lineinfo (elfutils libdwfl.h).
 */
#include "sample/attrib.h"

#include <elfutils/libdwfl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct attrib {
    Dwfl *dwfl;
    Dwfl_Module *mod;
};

static const Dwfl_Callbacks callbacks = {
    .find_debuginfo = dwfl_standard_find_debuginfo,
    .section_address = dwfl_offline_section_address,
};

struct attrib *attrib_open(const char *elf, char *err, size_t errlen)
{
    struct attrib *a = calloc(1, sizeof *a);

    if (!a || !(a->dwfl = dwfl_begin(&callbacks))) {
        snprintf(err, errlen, "out of memory");
        free(a);
        return NULL;
    }
    a->mod = dwfl_report_offline(a->dwfl, "", elf, -1);
    if (!a->mod || dwfl_report_end(a->dwfl, NULL, NULL)) {
        snprintf(err, errlen, "cannot read '%s': %s", elf, dwfl_errmsg(-1));
        attrib_close(a);
        return NULL;
    }
    return a;
}

void attrib_close(struct attrib *a)
{
    if (!a)
        return;
    if (a->dwfl)
        dwfl_end(a->dwfl);
    free(a);
}

const char *attrib_function(struct attrib *a, unsigned long addr)
{
    return dwfl_module_addrname(a->mod, (Dwarf_Addr)addr);
}

const char *attrib_function_offset(struct attrib *a, unsigned long addr,
                                   unsigned long *offset)
{
    GElf_Off off = 0;
    GElf_Sym sym;
    const char *name = dwfl_module_addrinfo(a->mod, (Dwarf_Addr)addr, &off, &sym,
                                            NULL, NULL, NULL);
    *offset = (unsigned long)off;
    return name;
}

int attrib_line(struct attrib *a, unsigned long addr, const char **file,
                int *line)
{
    Dwfl_Line *l = dwfl_module_getsrc(a->mod, (Dwarf_Addr)addr);
    const char *f, *slash;

    if (!l || !(f = dwfl_lineinfo(l, NULL, line, NULL, NULL, NULL)))
        return -1;
    slash = strrchr(f, '/');
    *file = slash ? slash + 1 : f;
    return 0;
}
