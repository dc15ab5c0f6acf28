/*
 * elf_load.c - see elf_load.h. Uses libelf (Debian libelf-dev), never a
 * hand-written ELF parser.
 */
#define _POSIX_C_SOURCE 200809L
#include "elf_load.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static Elf *open_elf(const char *path, int *fd)
{
    if (elf_version(EV_CURRENT) == EV_NONE)
        return NULL;
    *fd = open(path, O_RDONLY);
    if (*fd < 0)
        return NULL;
    Elf *e = elf_begin(*fd, ELF_C_READ, NULL);
    if (!e) {
        close(*fd);
        *fd = -1;
    }
    return e;
}

static void close_elf(Elf *e, int fd)
{
    elf_end(e);
    if (fd >= 0)
        close(fd);
}

bool elf_load(const char *path, const struct elf_target *t, uint8_t *ram,
              uint32_t ram_size, uint32_t *entry, char *err, size_t errlen)
{
    int fd = -1;
    bool ok = false;
    Elf *e = open_elf(path, &fd);
    GElf_Ehdr eh;
    size_t nph;
    if (!e) {
        snprintf(err, errlen, "%s: cannot open", path);
        return false;
    }
    const char *ident = elf_getident(e, NULL);
    if (elf_kind(e) != ELF_K_ELF || !ident || !gelf_getehdr(e, &eh)) {
        snprintf(err, errlen, "%s: not an ELF file", path);
        goto out;
    }
    if (ident[EI_CLASS] != ELFCLASS32 || ident[EI_DATA] != ELFDATA2MSB ||
        eh.e_machine != t->machine) {
        snprintf(err, errlen, "%s: not a 32-bit big-endian %s ELF", path, t->arch);
        goto out;
    }
    if (eh.e_type != ET_EXEC) {
        snprintf(err, errlen, "%s: not an executable (ET_EXEC) ELF", path);
        goto out;
    }
    if (elf_getphdrnum(e, &nph) != 0 || nph == 0) {
        snprintf(err, errlen, "%s: no program headers", path);
        goto out;
    }
    for (size_t i = 0; i < nph; i++) {
        GElf_Phdr ph;
        if (!gelf_getphdr(e, (int)i, &ph)) {
            snprintf(err, errlen, "%s: bad program header %zu", path, i);
            goto out;
        }
        if (ph.p_type != PT_LOAD || ph.p_memsz == 0)
            continue;
        uint64_t pa = ph.p_paddr & t->paddr_mask;
        if (ph.p_filesz > ph.p_memsz || pa + ph.p_memsz > ram_size) {
            snprintf(err, errlen, "%s: segment at 0x%llx (%llu bytes) is outside RAM",
                     path, (unsigned long long)ph.p_paddr,
                     (unsigned long long)ph.p_memsz);
            goto out;
        }
        if (ph.p_filesz) {
            char *data = elf_rawfile(e, NULL);
            size_t fsize = 0;
            elf_rawfile(e, &fsize);
            if (!data || ph.p_offset + ph.p_filesz > fsize) {
                snprintf(err, errlen, "%s: segment data beyond end of file", path);
                goto out;
            }
            memcpy(ram + pa, data + ph.p_offset, ph.p_filesz);
        }
        memset(ram + pa + ph.p_filesz, 0, ph.p_memsz - ph.p_filesz);
    }
    *entry = (uint32_t)eh.e_entry;
    ok = true;
out:
    close_elf(e, fd);
    return ok;
}

bool elf_symbol(const char *path, const char *name, uint32_t *value)
{
    int fd = -1;
    bool found = false;
    Elf *e = open_elf(path, &fd);
    if (!e)
        return false;
    Elf_Scn *scn = NULL;
    while (!found && (scn = elf_nextscn(e, scn)) != NULL) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB || !sh.sh_entsize)
            continue;
        Elf_Data *d = elf_getdata(scn, NULL);
        size_t n = sh.sh_size / sh.sh_entsize;
        for (size_t i = 0; d && i < n; i++) {
            GElf_Sym sym;
            if (!gelf_getsym(d, (int)i, &sym))
                continue;
            const char *s = elf_strptr(e, sh.sh_link, sym.st_name);
            if (s && strcmp(s, name) == 0) {
                *value = (uint32_t)sym.st_value;
                found = true;
                break;
            }
        }
    }
    close_elf(e, fd);
    return found;
}
