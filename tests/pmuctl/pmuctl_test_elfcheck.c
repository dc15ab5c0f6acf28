/*
 * pmuctl_test_elfcheck.c - is --elf the program on the target? An ELF
 * written here with libelf (big-endian MIPS, as the stub's boards) has
 * .text "123456789" at 0x80001000, .rodata at 0x80001010, .data and .bss
 * in a PT_LOAD segment at 0x80001000; a GNU build-id note in a segment of
 * its own at 0x00400118 (where a default linker script puts such
 * metadata: no memory on a bare board); .init, code that no segment
 * loads; and .comment. Only .text may be read: the rest is not code, or
 * not on the target (ELF gABI, "Program Header": PT_LOAD). A scripted
 * peer answers qCRC as GDB's manual says ("C" + 8 hex digits, "E NN", or
 * empty: not supported).
 * Oracle for the CRC: the published check value of its parameters,
 * CRC("123456789") = 0x0376e6e7 (pmuctl_test_crc.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "elf/elfcheck.h"
#include "elf/elfsym.h"
#include "pmuctl_peer.h"

static char path[] = "/tmp/pmuctl_test_elfXXXXXX";
static const char shstr[] = "\0.text\0.rodata\0.note.gnu.build-id\0.data\0.bss\0.comment"
                            "\0.init\0.symtab\0.strtab\0.shstrtab";
static const char strtab[] = "\0region_begin";
static unsigned char text[] = "123456789";
static unsigned char rodata[] = {1, 2, 3, 4, 5, 6, 7, 8};
static unsigned char data[] = {9, 9, 9, 9};
/* namesz 4, descsz 4, type 3 (NT_GNU_BUILD_ID), "GNU\0", id: big-endian */
static unsigned char note[] = {0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0, 3, 'G', 'N', 'U', 0,
                               0xde, 0xad, 0xbe, 0xef};
static unsigned char comment[] = "GCC";
static unsigned char init[] = {0, 0, 0, 0};

static unsigned name_at(const char *name)
{
    for (unsigned i = 0; i < sizeof shstr; i += (unsigned)strlen(shstr + i) + 1)
        if (!strcmp(shstr + i, name))
            return i;
    fail_msg("no section name %s", name);
    return 0;
}

static Elf_Scn *section(Elf *elf, const char *name, unsigned type, unsigned flags,
                        unsigned addr, void *buf, size_t size, Elf_Type dtype)
{
    Elf_Scn *scn = elf_newscn(elf);
    Elf_Data *d = elf_newdata(scn);
    Elf32_Shdr *sh = elf32_getshdr(scn);
    d->d_buf = buf;
    d->d_size = size;
    d->d_type = dtype;
    d->d_align = 1;
    sh->sh_name = name_at(name);
    sh->sh_type = type;
    sh->sh_flags = flags;
    sh->sh_addr = addr;
    sh->sh_entsize = dtype == ELF_T_SYM ? sizeof(Elf32_Sym) : 0;
    return scn;
}

/* Writes the test program's ELF to path. */
static int write_elf(void **s)
{
    static Elf32_Sym syms[2];
    (void)s;
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_not_equal(elf_version(EV_CURRENT), EV_NONE);
    Elf *elf = elf_begin(fd, ELF_C_WRITE, NULL);
    Elf32_Ehdr *eh = elf32_newehdr(elf);
    eh->e_ident[EI_DATA] = ELFDATA2MSB;
    eh->e_machine = EM_MIPS;
    eh->e_type = ET_EXEC;
    eh->e_version = EV_CURRENT;
    Elf_Scn *t = section(elf, ".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR,
                         0x80001000, text, 9, ELF_T_BYTE);
    section(elf, ".rodata", SHT_PROGBITS, SHF_ALLOC, 0x80001010, rodata,
            sizeof rodata, ELF_T_BYTE);
    section(elf, ".note.gnu.build-id", SHT_NOTE, SHF_ALLOC, 0x00400118, note,
            sizeof note, ELF_T_BYTE);
    section(elf, ".data", SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, 0x80001020, data,
            sizeof data, ELF_T_BYTE);
    section(elf, ".bss", SHT_NOBITS, SHF_ALLOC | SHF_WRITE, 0x80001030, NULL, 64,
            ELF_T_BYTE);
    section(elf, ".comment", SHT_PROGBITS, 0, 0, comment, sizeof comment, ELF_T_BYTE);
    section(elf, ".init", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, 0x90000000, init,
            sizeof init, ELF_T_BYTE);
    /* The segments' addresses and sizes are what is read (offsets are
     * libelf's, laid out at elf_update). */
    Elf32_Phdr *ph = elf32_newphdr(elf, 2);
    ph[0].p_type = PT_LOAD;
    ph[0].p_vaddr = ph[0].p_paddr = 0x80001000;
    ph[0].p_filesz = 0x24; /* .text, .rodata, .data */
    ph[0].p_memsz = 0x70;  /* and .bss */
    ph[1].p_type = PT_LOAD;
    ph[1].p_vaddr = ph[1].p_paddr = 0x00400118;
    ph[1].p_filesz = ph[1].p_memsz = sizeof note;
    syms[1].st_name = 1;
    syms[1].st_value = 0x80001000;
    syms[1].st_shndx = (Elf32_Half)elf_ndxscn(t);
    syms[1].st_info = ELF32_ST_INFO(STB_GLOBAL, STT_FUNC);
    Elf_Scn *sym = section(elf, ".symtab", SHT_SYMTAB, 0, 0, syms, sizeof syms, ELF_T_SYM);
    Elf_Scn *str = section(elf, ".strtab", SHT_STRTAB, 0, 0, (void *)strtab,
                           sizeof strtab, ELF_T_BYTE);
    elf32_getshdr(sym)->sh_link = (Elf32_Word)elf_ndxscn(str);
    elf32_getshdr(sym)->sh_info = 1;
    Elf_Scn *shs = section(elf, ".shstrtab", SHT_STRTAB, 0, 0, (void *)shstr,
                           sizeof shstr, ELF_T_BYTE);
    eh->e_shstrndx = (Elf32_Half)elf_ndxscn(shs);
    assert_true(elf_update(elf, ELF_C_WRITE) > 0);
    elf_end(elf);
    close(fd);
    return 0;
}

static int remove_elf(void **s)
{
    (void)s;
    unlink(path);
    return 0;
}

/* The peer's answer to one request, framed, after its '+'. */
static void peer_answers(int peer, const char *payload)
{
    assert_int_equal(peer_packet(peer, "+", payload), 0);
}

static void reads_only_loaded_code(void **s)
{
    struct elfsym e;
    char err[256];
    (void)s;
    assert_int_equal(elfsym_open(&e, path, err, sizeof err), 0);
    assert_true(e.big_endian);
    assert_int_equal(e.nloaded, 1); /* not .rodata, the note, .data, .bss, .init */
    assert_string_equal(e.loaded[0].name, ".text");
    assert_int_equal(e.loaded[0].addr, 0x80001000);
    assert_int_equal(e.loaded[0].size, 9);
    assert_int_equal(e.loaded[0].crc, 0x0376e6e7u);
    /* A breakpoint goes only into loaded code. */
    unsigned long at;
    assert_int_equal(loc_resolve("region_begin", &e, &at, err, sizeof err), 0);
    assert_int_equal(at, 0x80001000);
    assert_int_equal(loc_resolve("0x90000000", &e, &at, err, sizeof err), -1);
    assert_non_null(strstr(err, "is not in the program's code"));
    elfsym_close(&e);
}

static void compares_with_qcrc(void **s)
{
    struct elfsym e;
    struct rsp *r = calloc(1, sizeof *r);
    char err[256];
    (void)s;
    assert_int_equal(elfsym_open(&e, path, err, sizeof err), 0);
    int peer = peer_connect(r, 500);

    /* The same program: its code matches, and nothing else is asked. */
    peer_answers(peer, "C0376e6e7");
    assert_int_equal(elfcheck_compare(r, e.loaded, e.nloaded, 500, err, sizeof err),
                     ELFCHECK_SAME);
    const char *heard = peer_heard(peer);
    assert_non_null(strstr(heard, "$qCRC:80001000,9#"));
    assert_null(strstr(heard + 1, "$qCRC"));

    /* Other code: the section that differs is named. */
    peer_answers(peer, "C12345678");
    assert_int_equal(elfcheck_compare(r, e.loaded, e.nloaded, 500, err, sizeof err),
                     ELFCHECK_DIFFERS);
    assert_non_null(strstr(err, "section .text (0x80001000, 9 bytes) differs"));

    /* Memory the target cannot read: not this program either. */
    peer_answers(peer, "E01");
    assert_int_equal(elfcheck_compare(r, e.loaded, e.nloaded, 500, err, sizeof err),
                     ELFCHECK_DIFFERS);
    assert_non_null(strstr(err, "section .text (0x80001000, 9 bytes) is not readable"));

    /* No qCRC: the empty reply. */
    peer_answers(peer, "");
    assert_int_equal(elfcheck_compare(r, e.loaded, e.nloaded, 500, err, sizeof err),
                     ELFCHECK_UNANSWERED);
    peer_heard(peer);
    close(peer);
    conn_close(&r->conn);
    free(r);
    elfsym_close(&e);
}

/* The ELF's machine against the target's description. */
static void refuses_another_architecture(void **s)
{
    char err[128];
    (void)s;
    assert_int_equal(elfcheck_arch("mips", 8, "mips:isa32r2", NULL, err, sizeof err), 0);
    assert_int_equal(elfcheck_arch("powerpc", 20, "powerpc:e500", NULL, err, sizeof err), 0);
    assert_int_equal(elfcheck_arch("powerpc", 20, "", "org.gnu.gdb.power.core",
                                   err, sizeof err), 0);
    assert_int_equal(elfcheck_arch("powerpc", 20, "mips:isa32r2", NULL, err, sizeof err), 1);
    assert_string_equal(err, "is a PowerPC ELF (e_machine 20), and the target is MIPS");
    assert_int_equal(elfcheck_arch(NULL, 62, "", "org.gnu.gdb.mips.cpu", err, sizeof err), 1);
    assert_non_null(strstr(err, "e_machine 62"));
    /* Nothing tells: not refused. */
    assert_int_equal(elfcheck_arch(NULL, 62, "", NULL, err, sizeof err), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reads_only_loaded_code),
        cmocka_unit_test(compares_with_qcrc),
        cmocka_unit_test(refuses_another_architecture),
    };
    return cmocka_run_group_tests(tests, write_elf, remove_elf);
}
