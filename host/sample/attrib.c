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
    /* A MIPS program's CFI, read from a copy of the file (mips_cfi). */
    char *copy;
    Elf *copy_elf;
    Dwarf *copy_dwarf;
    Dwarf_CFI *copy_cfi, *copy_eh_cfi;
};

/* The DWARF register numbers of the stack pointer (GCC's: MIPS $29,
 * Power r1, as the System V ABI supplements number them). */
#define MIPS_SP 29
#define PPC_SP 1

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
    if (a->copy_eh_cfi)
        dwarf_cfi_end(a->copy_eh_cfi);
    if (a->copy_dwarf)
        dwarf_end(a->copy_dwarf);
    if (a->copy_elf)
        elf_end(a->copy_elf);
    free(a->copy);
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

static uint32_t u32(const unsigned char *p, int big_endian)
{
    return big_endian ? (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]
                      : (uint32_t)p[3] << 24 | (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

/* A ULEB128's end (DWARF 4, 7.6). */
static size_t uleb_end(const unsigned char *b, size_t p, size_t end)
{
    while (p < end && (b[p] & 0x80))
        p++;
    return p + 1;
}

/* In the .debug_frame of the copy (at off, size bytes), each CIE of
 * version 1 to 4 with no augmentation whose initial instructions start
 * with DW_CFA_def_cfa_register $29 and a DW_CFA_nop (GCC's MIPS CIE: the
 * offset is the ABI's 0, left to the default) gets DW_CFA_def_cfa $29, 0
 * in the same three bytes (DWARF 4, 6.4.2.2; the opcodes 0x0c, 0x0d). */
static void mips_cie_fix(unsigned char *b, size_t off, size_t size,
                         int big_endian)
{
    for (size_t at = 0; at + 8 <= size;) {
        const unsigned char *e = b + off + at;
        size_t len = u32(e, big_endian), end, p;
        if (!len || len >= 0xfffffff0u || at + 4 + len > size)
            return;
        end = at + 4 + len;
        p = at + 9; /* after the length, CIE_id and version */
        if (u32(e + 4, big_endian) == 0xffffffffu && e[8] >= 1 && e[8] <= 4 &&
            !b[off + p]) {
            p += 1 + (e[8] == 4 ? 2 : 0); /* "", address and segment sizes */
            p = uleb_end(b + off, p, end);            /* code alignment */
            p = uleb_end(b + off, p, end);            /* data alignment */
            p = e[8] == 1 ? p + 1 : uleb_end(b + off, p, end); /* RA column */
            if (p + 3 <= end && b[off + p] == 0x0d && b[off + p + 1] == 29 &&
                b[off + p + 2] == 0)
                b[off + p] = 0x0c;
        }
        at = end;
    }
}

/* libdw (elfutils 0.188, Debian 12's) interprets no CFI of a machine
 * whose backend gives no default register rules (libdw/cie.c asks
 * ebl_abi_cfi for the CIE's initial state and fails without it), and its
 * MIPS backend gives none: every dwarf_cfi_addrframe of a MIPS program
 * fails. What GCC's MIPS CFI leaves to that default is the CFA's offset
 * (the CIE names $29 alone: the o32 CFA is $29 + 0 at entry, which
 * mips_cie_fix writes into the copy's CIE) and the return address
 * column's rule in a function that has not saved it (a leaf: $31 is the
 * same value). So the CFI is read from a copy of the file marked EM_PPC,
 * the 32-bit machine whose defaults (elfutils backends/ppc_cfi.c) keep
 * $31 as the same value ($29 is the CFA, unwind.c). The FDEs are the
 * program's, as they are. */
static void mips_cfi(struct attrib *a, Elf *elf, int big_endian)
{
    size_t size, shstr;
    char *raw = elf_rawfile(elf, &size);
    Elf_Scn *scn = NULL;
    GElf_Shdr sh;

    if (a->copy || !raw || size < 20 || !(a->copy = malloc(size)) ||
        elf_getshdrstrndx(elf, &shstr))
        return;
    memcpy(a->copy, raw, size);
    a->copy[big_endian ? 18 : 19] = 0;
    a->copy[big_endian ? 19 : 18] = EM_PPC;
    while ((scn = elf_nextscn(elf, scn))) {
        const char *name = gelf_getshdr(scn, &sh) ? elf_strptr(elf, shstr, sh.sh_name) : NULL;
        if (name && !strcmp(name, ".debug_frame") && sh.sh_type != SHT_NOBITS &&
            sh.sh_offset + sh.sh_size <= size)
            mips_cie_fix((unsigned char *)a->copy, sh.sh_offset, sh.sh_size,
                         big_endian);
    }
    if (!(a->copy_elf = elf_memory(a->copy, size)))
        return;
    if ((a->copy_dwarf = dwarf_begin_elf(a->copy_elf, DWARF_C_READ, NULL)))
        a->copy_cfi = dwarf_getcfi(a->copy_dwarf);
    a->copy_eh_cfi = dwarf_getcfi_elf(a->copy_elf);
}

int attrib_cfi(struct attrib *a, struct Dwarf_CFI_s *cfi[2], int *sp_reg,
               int *big_endian)
{
    Dwarf_Addr bias = 0;
    Elf *elf = dwfl_module_getelf(a->mod, &bias);
    GElf_Ehdr eh;

    if (!elf || !gelf_getehdr(elf, &eh))
        return 0;
    *big_endian = eh.e_ident[EI_DATA] == ELFDATA2MSB;
    if (eh.e_machine == EM_MIPS && eh.e_ident[EI_CLASS] == ELFCLASS32) {
        *sp_reg = MIPS_SP;
        mips_cfi(a, elf, *big_endian);
        cfi[0] = a->copy_cfi;
        cfi[1] = a->copy_eh_cfi;
    } else if (eh.e_machine == EM_PPC) {
        *sp_reg = PPC_SP;
        /* dwfl_module_dwarf_cfi and _eh_cfi: libdw's dwarf_getcfi and
         * dwarf_getcfi_elf, kept by the module. */
        cfi[0] = dwfl_module_dwarf_cfi(a->mod, &bias);
        cfi[1] = dwfl_module_eh_cfi(a->mod, &bias);
    } else {
        return 0;
    }
    if (!cfi[0]) {
        cfi[0] = cfi[1];
        cfi[1] = NULL;
    }
    return !!cfi[0] + !!cfi[1];
}

int attrib_in_code(struct attrib *a, unsigned long addr)
{
    Dwarf_Addr bias = 0;
    Elf *elf = dwfl_module_getelf(a->mod, &bias);
    Elf_Scn *scn = NULL;
    GElf_Shdr sh;

    while (elf && (scn = elf_nextscn(elf, scn)))
        if (gelf_getshdr(scn, &sh) && (sh.sh_flags & SHF_EXECINSTR) &&
            (sh.sh_flags & SHF_ALLOC) && addr >= sh.sh_addr &&
            addr - sh.sh_addr < sh.sh_size)
            return 1;
    return 0;
}
