/*
 * elf/elfid.c - see elfid.h. The build ID is the descriptor of the note
 * of type NT_GNU_BUILD_ID (3) named "GNU" (elf(5), "Notes"; ld's
 * --build-id), read with libelf's gelf_getnote.
 */
#include "elf/elfid.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "elf/crc32.h"

/* The build ID's bytes in hex into out (len bytes); out stays "" if the
 * ELF has none. */
static void build_id(Elf *elf, char *out, size_t len)
{
    Elf_Scn *scn = NULL;

    while ((scn = elf_nextscn(elf, scn))) {
        GElf_Shdr sh;
        GElf_Nhdr nh;
        Elf_Data *d;
        size_t off = 0, name, desc, next;

        if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE ||
            !(d = elf_getdata(scn, NULL)))
            continue;
        while ((next = gelf_getnote(d, off, &nh, &name, &desc)) > 0) {
            const unsigned char *b = (const unsigned char *)d->d_buf;
            off = next;
            if (nh.n_type != NT_GNU_BUILD_ID || nh.n_namesz != 4 ||
                memcmp(b + name, "GNU", 4) || !nh.n_descsz ||
                len < 2 * nh.n_descsz + 1)
                continue;
            for (size_t i = 0; i < nh.n_descsz; i++)
                snprintf(out + 2 * i, 3, "%02x", b[desc + i]);
            return;
        }
    }
}

int elf_identity(const char *path, const struct elfsym *e, struct elf_id *id,
                 char *err, size_t errlen)
{
    uint32_t crc = 0xffffffffu;
    Elf *elf;
    int fd;

    memset(id, 0, sizeof *id);
    if (elf_version(EV_CURRENT) == EV_NONE || (fd = open(path, O_RDONLY)) < 0) {
        snprintf(err, errlen, "cannot open ELF '%s'", path);
        return -1;
    }
    if ((elf = elf_begin(fd, ELF_C_READ, NULL))) {
        build_id(elf, id->build_id, sizeof id->build_id);
        elf_end(elf);
    }
    close(fd);
    for (size_t i = 0; i < e->nloaded; i++) {
        uint32_t w[3] = {(uint32_t)e->loaded[i].addr, (uint32_t)e->loaded[i].size,
                         e->loaded[i].crc};
        unsigned char b[sizeof w]; /* little-endian: the same on any host */
        for (size_t k = 0; k < sizeof b; k++)
            b[k] = (unsigned char)(w[k / 4] >> (8 * (k % 4)));
        crc = gdb_crc32(crc, b, sizeof b);
    }
    id->code_crc = crc;
    return 0;
}

int elf_id_same(const struct elf_id *a, const struct elf_id *b)
{
    if (a->build_id[0] && b->build_id[0])
        return !strcmp(a->build_id, b->build_id);
    return a->code_crc == b->code_crc;
}

void elf_id_format(const struct elf_id *a, const struct elf_id *b, char *out,
                   size_t len)
{
    if (a->build_id[0] && b->build_id[0])
        snprintf(out, len, "build-id %s", a->build_id);
    else
        snprintf(out, len, "code-crc32 %08x", (unsigned)a->code_crc);
}
