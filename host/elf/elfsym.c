/*
 * elf/elfsym.c - ELF symbol table reading with libelf (gelf API, elf(3)).
 */
#include "elf/elfsym.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "elf/crc32.h"

static int add_sym(struct elfsym *e, size_t *cap, const char *name,
                   const GElf_Sym *sym)
{
    if (e->nsyms == *cap) {
        size_t c = *cap ? 2 * *cap : 256;
        struct elfsym_entry *s = realloc(e->syms, c * sizeof *s);
        if (!s)
            return -1;
        e->syms = s;
        *cap = c;
    }
    e->syms[e->nsyms].name = strdup(name);
    if (!e->syms[e->nsyms].name)
        return -1;
    e->syms[e->nsyms].value = (unsigned long)sym->st_value;
    e->syms[e->nsyms].size = (unsigned long)sym->st_size;
    e->syms[e->nsyms++].object = GELF_ST_TYPE(sym->st_info) == STT_OBJECT;
    return 0;
}

static int read_symtab(struct elfsym *e, Elf *elf, Elf_Scn *scn,
                       const GElf_Shdr *sh, size_t *cap)
{
    Elf_Data *data = elf_getdata(scn, NULL);
    size_t n = sh->sh_entsize ? sh->sh_size / sh->sh_entsize : 0;
    for (size_t i = 0; data && i < n; i++) {
        GElf_Sym s;
        const char *name;
        if (!gelf_getsym(data, (int)i, &s) || s.st_shndx == SHN_UNDEF)
            continue;
        int type = GELF_ST_TYPE(s.st_info);
        if (type != STT_FUNC && type != STT_NOTYPE && type != STT_OBJECT)
            continue;
        name = elf_strptr(elf, sh->sh_link, s.st_name);
        if (name && *name && add_sym(e, cap, name, &s))
            return -1;
    }
    return 0;
}

/* The file images of the PT_LOAD segments: what a loader (QEMU, vboard,
 * GDB's load, a flash tool) puts on the target. */
#define MAX_SEGMENTS 16
struct segments {
    unsigned long start[MAX_SEGMENTS], end[MAX_SEGMENTS];
    size_t n;
};

static int read_segments(Elf *elf, struct segments *sg)
{
    size_t n;
    sg->n = 0;
    if (elf_getphdrnum(elf, &n))
        return -1;
    for (size_t i = 0; i < n; i++) {
        GElf_Phdr ph;
        if (!gelf_getphdr(elf, (int)i, &ph))
            return -1;
        if (ph.p_type != PT_LOAD || !ph.p_filesz)
            continue;
        if (sg->n == MAX_SEGMENTS)
            return -1;
        sg->start[sg->n] = (unsigned long)ph.p_vaddr;
        sg->end[sg->n++] = (unsigned long)(ph.p_vaddr + ph.p_filesz);
    }
    return 0;
}

/* Is the section code that a segment loads? */
static int loaded_code(const struct segments *sg, const GElf_Shdr *sh)
{
    if (!(sh->sh_flags & SHF_EXECINSTR) || sh->sh_type != SHT_PROGBITS ||
        !(sh->sh_flags & SHF_ALLOC) || !sh->sh_size)
        return 0;
    for (size_t i = 0; i < sg->n; i++)
        if (sh->sh_addr >= sg->start[i] && sh->sh_addr + sh->sh_size <= sg->end[i])
            return 1;
    return 0;
}

/* Records a section of loaded code and the CRC of its contents. */
static int add_loaded(struct elfsym *e, Elf *elf, size_t shstrndx, Elf_Scn *scn,
                      const GElf_Shdr *sh)
{
    struct elf_section *s = &e->loaded[e->nloaded];
    const char *name = elf_strptr(elf, shstrndx, sh->sh_name);
    /* The bytes as in the file, as the target holds them. */
    Elf_Data *d = elf_rawdata(scn, NULL);

    if (e->nloaded == ELFSYM_MAX_LOADED || !d || d->d_size != sh->sh_size ||
        !(s->bytes = malloc(d->d_size ? d->d_size : 1)))
        return -1;
    memcpy(s->bytes, d->d_buf, d->d_size);
    snprintf(s->name, sizeof s->name, "%s", name ? name : "?");
    s->addr = (unsigned long)sh->sh_addr & 0xffffffffUL;
    s->size = (unsigned long)sh->sh_size;
    s->crc = gdb_crc32(0xffffffffu, d->d_buf, d->d_size); /* gdb/remote.c */
    s->writable = (sh->sh_flags & SHF_WRITE) != 0;
    e->nloaded++;
    return 0;
}

/* SHF_PPC_VLE (binutils include/elf/ppc.h; readelf's flag 'v'): the
 * section holds VLE code (Power ISA Book VLE; mpc5674f_vle.md section 2). */
#define SHF_PPC_VLE 0x10000000u

static int add_vle(struct elfsym *e, Elf_Scn *scn, const GElf_Shdr *sh)
{
    struct elfsym_vle *v = &e->vle[e->nvle];
    Elf_Data *d = elf_rawdata(scn, NULL);

    if (e->nvle == ELFSYM_MAX_VLE || !d || d->d_size != sh->sh_size ||
        !(v->bytes = malloc(sh->sh_size)))
        return -1;
    memcpy(v->bytes, d->d_buf, sh->sh_size);
    v->start = (unsigned long)sh->sh_addr & 0xffffffffUL;
    v->end = v->start + (unsigned long)sh->sh_size;
    e->nvle++;
    return 0;
}

int elfsym_open(struct elfsym *e, const char *path, char *err, size_t errlen)
{
    int fd, rc = -1;
    Elf *elf = NULL;
    Elf_Scn *scn = NULL;
    size_t cap = 0, shstrndx;
    GElf_Ehdr eh;
    struct segments sg;

    memset(e, 0, sizeof *e);
    if (elf_version(EV_CURRENT) == EV_NONE) {
        snprintf(err, errlen, "libelf: %s", elf_errmsg(-1));
        return -1;
    }
    fd = open(path, O_RDONLY);
    if (fd < 0) {
        snprintf(err, errlen, "cannot open ELF '%s'", path);
        return -1;
    }
    elf = elf_begin(fd, ELF_C_READ, NULL);
    if (!elf || elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &eh) ||
        elf_getshdrstrndx(elf, &shstrndx) || read_segments(elf, &sg)) {
        snprintf(err, errlen, "'%s' is not an ELF file", path);
        goto out;
    }
    e->big_endian = eh.e_ident[EI_DATA] == ELFDATA2MSB;
    e->machine = eh.e_machine;
    while ((scn = elf_nextscn(elf, scn))) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh))
            continue;
        if (sh.sh_type == SHT_SYMTAB && read_symtab(e, elf, scn, &sh, &cap)) {
            snprintf(err, errlen, "out of memory reading '%s'", path);
            goto out;
        }
        if (eh.e_machine == EM_PPC && (sh.sh_flags & SHF_EXECINSTR) &&
            (sh.sh_flags & SHF_PPC_VLE) && sh.sh_type == SHT_PROGBITS &&
            sh.sh_size && add_vle(e, scn, &sh)) {
            snprintf(err, errlen, "'%s': cannot read its VLE code", path);
            goto out;
        }
        if (loaded_code(&sg, &sh) && add_loaded(e, elf, shstrndx, scn, &sh)) {
            snprintf(err, errlen, "'%s': cannot read its code sections", path);
            goto out;
        }
    }
    if (!e->nsyms) {
        snprintf(err, errlen, "'%s' has no symbol table", path);
        goto out;
    }
    rc = 0;
out:
    if (elf)
        elf_end(elf);
    close(fd);
    if (rc)
        elfsym_close(e);
    return rc;
}

const char *elfsym_arch(const struct elfsym *e)
{
    switch (e->machine) {
    case EM_MIPS: return "mips";
    case EM_PPC: return "powerpc";
    default: return NULL;
    }
}

void elfsym_close(struct elfsym *e)
{
    for (size_t i = 0; i < e->nvle; i++)
        free(e->vle[i].bytes);
    for (size_t i = 0; i < e->nloaded; i++)
        free(e->loaded[i].bytes);
    for (size_t i = 0; i < e->nsyms; i++)
        free(e->syms[i].name);
    free(e->syms);
    memset(e, 0, sizeof *e);
}

const struct elfsym_entry *elfsym_find(const struct elfsym *e, const char *name)
{
    for (size_t i = 0; i < e->nsyms; i++)
        if (!strcmp(e->syms[i].name, name))
            return &e->syms[i];
    return NULL;
}

int elfsym_lookup(const struct elfsym *e, const char *name,
                  unsigned long *addr)
{
    const struct elfsym_entry *s = elfsym_find(e, name);
    if (!s)
        return -1;
    *addr = s->value;
    return 0;
}

static const struct elfsym_vle *vle_at(const struct elfsym *e, unsigned long addr)
{
    for (size_t i = 0; e && i < e->nvle; i++)
        if (addr >= e->vle[i].start && addr < e->vle[i].end)
            return &e->vle[i];
    return NULL;
}

int elfsym_break_kind(const struct elfsym *e, unsigned long addr)
{
    const struct elfsym_vle *v = vle_at(e, addr & 0xffffffffUL);
    unsigned long off;
    unsigned hw;

    if (!v)
        return 0;
    off = (addr & 0xffffffffUL) - v->start;
    if (off + 1 >= v->end - v->start)
        return 2;
    /* Big-endian (VLE pages are: PEM 1.1); 32-bit iff the first
     * halfword's top bits are 0xx1 (binutils ppc-opc.c vle_opcodes[];
     * mpc5674f_vle.md section 1). */
    hw = (unsigned)v->bytes[off] << 8 | v->bytes[off + 1];
    return (hw & 0x9000u) == 0x1000u ? 4 : 2;
}

int loc_resolve(const char *loc, const struct elfsym *e, unsigned long *addr,
                char *err, size_t errlen)
{
    unsigned align;

    char name[256], *end;
    const char *plus;
    unsigned long off = 0;

    if (*loc == '*')
        loc++;
    if (loc[0] >= '0' && loc[0] <= '9') {
        *addr = strtoul(loc, &end, 0);
        if (*end || end == loc) {
            snprintf(err, errlen, "bad address '%s'", loc);
            return -1;
        }
    } else {
        plus = strchr(loc, '+');
        size_t n = plus ? (size_t)(plus - loc) : strlen(loc);
        if (!n || n >= sizeof name) {
            snprintf(err, errlen, "bad location '%s'", loc);
            return -1;
        }
        memcpy(name, loc, n);
        name[n] = 0;
        if (plus) {
            off = strtoul(plus + 1, &end, 0);
            if (*end || end == plus + 1) {
                snprintf(err, errlen, "bad offset in '%s'", loc);
                return -1;
            }
        }
        if (!e) {
            snprintf(err, errlen, "'%s' is a symbol: give the program with "
                     "--elf FILE, or an address", name);
            return -1;
        }
        if (elfsym_lookup(e, name, addr)) {
            snprintf(err, errlen, "no symbol '%s' in the ELF", name);
            return -1;
        }
        *addr += off;
    }
    *addr &= 0xffffffffUL;
    /* MIPS32 and Power Book E instructions are 4-byte aligned (MIPS32
     * Architecture Vol. I, 2.8; Power ISA Book I 1.6), VLE ones 2-byte
     * (VLE PEM 1.1): a breakpoint elsewhere would split an instruction. */
    align = vle_at(e, *addr) ? 2 : 4;
    if (*addr % align) {
        snprintf(err, errlen, "0x%08lx (%s) is not a %u-byte aligned "
                 "instruction address", *addr, loc, align);
        return -1;
    }
    if (e) {
        size_t i;
        for (i = 0; i < e->nloaded; i++)
            if (*addr >= e->loaded[i].addr &&
                *addr < e->loaded[i].addr + e->loaded[i].size)
                break;
        if (i == e->nloaded) {
            snprintf(err, errlen, "0x%08lx (%s) is not in the program's code, "
                     "so it will not take a breakpoint", *addr, loc);
            return -1;
        }
    }
    return 0;
}
