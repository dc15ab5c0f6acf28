/*
 * fake_port.c - see fake_port.h.
 */
#include "fake_port.h"

#include <stddef.h>
#include <string.h>

#include "rsp_frames.h"

struct fake_port fake;
/* The program's stack top the board's linker script gives the stub
 * (sampling's stack copy stops there): a host address, whose low 32 bits
 * the tests keep their stack pointers clear of. */
char _stack_top[4];

const uint8_t fake_break_insn[4] = {0x00, 0x05, 0x00, 0x0d};

/* The generated MIPS description (target-xml/gen_target_xml.py), the
 * same pieces the target build embeds. */
extern const char *const pmustub_mips_target_xml[];

uint8_t fake_reg_pattern(unsigned regno, unsigned byte)
{
    return (uint8_t)(0x10 * (byte + 1) + regno * 3);
}

uint8_t fake_mem_pattern(uint32_t addr)
{
    return (uint8_t)(addr * 7 + (addr >> 8) + 3);
}

/* ---- character I/O ---- */
static int f_getc(void)
{
    return fake.in_pos < fake.in_len ? fake.in[fake.in_pos++] : -1;
}

static void f_putc(int c)
{
    if (fake.out_len < FAKE_OUT_MAX)
        fake.out[fake.out_len++] = (char)c;
    else
        fake.out_overflow = 1;
}

/* ---- registers ---- */
static int unavailable(unsigned regno)
{
    return regno == FAKE_REG_F0 || regno == FAKE_REG_FIR;
}

static unsigned f_reg_size(unsigned regno)
{
    return regno < FAKE_NREGS && regno != FAKE_REG_HOLE ? FAKE_REG_BYTES : 0;
}

static int f_reg_read(unsigned regno, uint8_t *buf)
{
    fake.reg_reads++;
    if (!f_reg_size(regno) || unavailable(regno))
        return STUB_REG_UNAVAILABLE;
    memcpy(buf, fake.regs[regno], FAKE_REG_BYTES);
    return STUB_REG_OK;
}

static int f_reg_write(unsigned regno, const uint8_t *buf)
{
    fake.reg_writes++;
    if (!f_reg_size(regno) || regno == FAKE_REG_BADVADDR)
        return STUB_REG_READONLY;
    if (unavailable(regno))
        return STUB_REG_UNAVAILABLE;
    memcpy(fake.regs[regno], buf, FAKE_REG_BYTES);
    return STUB_REG_OK;
}

const int fake_expedite[] = {FAKE_REG_PC, FAKE_REG_SP, FAKE_REG_F0,
                             FAKE_REG_FP, -1};

/* ---- memory ---- */
/* The fake's byte for addr, or NULL outside RAM and ROM. */
static uint8_t *byte_at(uint32_t addr, int *rom)
{
    *rom = 0;
    if (addr - FAKE_RAM_BASE < FAKE_RAM_SIZE)
        return &fake.ram[addr - FAKE_RAM_BASE];
    if (addr - FAKE_ROM_BASE < FAKE_ROM_SIZE) {
        *rom = 1;
        return &fake.rom[addr - FAKE_ROM_BASE];
    }
    return NULL;
}

int fake_mem_byte(uint32_t addr)
{
    int rom;
    const uint8_t *p = byte_at(addr, &rom);
    return p ? *p : -1;
}

/* Like a real port, a fault anywhere in the range fails the whole access
 * and changes nothing. */
static int range_ok(uint32_t addr, unsigned len)
{
    int rom;
    for (unsigned i = 0; i < len; i++)
        if (!byte_at(addr + i, &rom))
            return 0;
    return 1;
}

static int f_mem_read(stub_addr_t addr, uint8_t *buf, unsigned len)
{
    int rom;
    fake.mem_reads++;
    if (!range_ok(addr, len))
        return STUB_MEM_FAULT;
    for (unsigned i = 0; i < len; i++)
        buf[i] = *byte_at(addr + i, &rom);
    return STUB_MEM_OK;
}

static int f_mem_write(stub_addr_t addr, const uint8_t *buf, unsigned len)
{
    int rom;
    fake.mem_writes++;
    if (fake.write_fault || !range_ok(addr, len))
        return STUB_MEM_FAULT;
    for (unsigned i = 0; i < len; i++) {
        uint8_t *p = byte_at(addr + i, &rom);
        if (!rom) /* ROM takes the write silently and keeps its bytes */
            *p = buf[i];
    }
    return STUB_MEM_OK;
}

/* ---- execution ---- */
uint32_t fake_pc(void)
{
    const uint8_t *b = fake.regs[FAKE_REG_PC]; /* big-endian, as on MIPS */
    return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 |
           b[3];
}

static stub_addr_t f_get_pc(void)
{
    return fake_pc();
}

static void f_set_pc(stub_addr_t pc)
{
    uint8_t *b = fake.regs[FAKE_REG_PC];
    fake.set_pc_calls++;
    b[0] = (uint8_t)(pc >> 24), b[1] = (uint8_t)(pc >> 16);
    b[2] = (uint8_t)(pc >> 8), b[3] = (uint8_t)pc;
}

static int f_prepare_resume(enum stub_resume how)
{
    fake.prepare_calls++;
    fake.prepare_how = how;
    return fake.prepare_fail ? -1 : 0;
}

static void f_kill(void)
{
    fake.kill_calls++;
}

/* ---- monitor commands ---- */
static int mon_echo(const char *args)
{
    stub_mon_puts("echo:");
    stub_mon_puts(args);
    stub_mon_puts("\n");
    return 0;
}

static int mon_fail(const char *args)
{
    (void)args;
    stub_mon_puts("fail: always\n");
    return -1;
}

static int mon_silent(const char *args)
{
    (void)args;
    return 0;
}

static int mon_num(const char *args)
{
    (void)args;
    stub_mon_putx(0xdeadbeefu);
    stub_mon_puts(" ");
    stub_mon_putu(4294967295u);
    stub_mon_puts(" ");
    stub_mon_putu(0);
    return 0;
}

/* More output than one reply can hold: the core must send it all ('O'
 * packets), not overrun. */
static int mon_flood(const char *args)
{
    (void)args;
    for (int i = 0; i < 100; i++)
        stub_mon_puts("0123456789");
    return 0;
}

const struct stub_monitor_cmd fake_monitor_cmds[] = {
    {"echo", "print the arguments", mon_echo},
    {"fail", "print an error", mon_fail},
    {"silent", "print nothing", mon_silent},
    {"num", "print numbers", mon_num},
    {"flood", "print 1000 characters", mon_flood},
    {0, 0, 0},
};

struct stub_target fake_target;

static const struct stub_target pristine = {
    .getc = f_getc,
    .poll_getc = 0,
    .putc = f_putc,
    .nregs = FAKE_NREGS,
    .nregs_g = FAKE_NREGS_G,
    .reg_size = f_reg_size,
    .reg_read = f_reg_read,
    .reg_write = f_reg_write,
    .expedite = fake_expedite,
    .mem_read = f_mem_read,
    .mem_write = f_mem_write,
    .break_insn = fake_break_insn,
    .break_len = 4,
    .get_pc = f_get_pc,
    .set_pc = f_set_pc,
    .prepare_resume = f_prepare_resume,
    .kill = f_kill,
    .keep = fake.keep,
    .target_xml = pmustub_mips_target_xml,
    /* Not the MIPS ports' values: the tests see that the core says what
     * the port says. */
    .triple = "mipsel",
    .big_endian = 0,
    .monitor_cmds = fake_monitor_cmds,
};

void fake_clear_io(void)
{
    fake.in_len = fake.in_pos = 0;
    fake.out_len = 0;
    fake.out_overflow = 0;
}

void fake_reset(void)
{
    static uint8_t ram[FAKE_RAM_SIZE], rom[FAKE_ROM_SIZE];
    static int patterned;

    /* Everything but the I/O buffers, which only need their lengths (the
     * fuzz target resets the fake for every input). */
    memset(&fake.regs, 0, sizeof fake - offsetof(struct fake_port, regs));
    fake_clear_io();
    for (unsigned r = 0; r < FAKE_NREGS; r++)
        for (unsigned b = 0; b < FAKE_REG_BYTES; b++)
            fake.regs[r][b] = fake_reg_pattern(r, b);
    if (!patterned) { /* once: the fuzz target resets for every input */
        for (uint32_t i = 0; i < FAKE_RAM_SIZE; i++)
            ram[i] = fake_mem_pattern(FAKE_RAM_BASE + i);
        for (uint32_t i = 0; i < FAKE_ROM_SIZE; i++)
            rom[i] = fake_mem_pattern(FAKE_ROM_BASE + i);
        patterned = 1;
    }
    memcpy(fake.ram, ram, sizeof ram);
    memcpy(fake.rom, rom, sizeof rom);
    f_set_pc(FAKE_RAM_BASE + 0x100);
    fake.set_pc_calls = 0;
    fake_target = pristine;
    stub_init(&fake_target);
}

void fake_input(const void *bytes, size_t n)
{
    if (n > FAKE_IN_MAX - fake.in_len)
        n = FAKE_IN_MAX - fake.in_len;
    memcpy(fake.in + fake.in_len, bytes, n);
    fake.in_len += n;
}

void fake_input_str(const char *s)
{
    fake_input(s, strlen(s));
}

void fake_input_packet(const void *payload, size_t n)
{
    char frame[FAKE_IN_MAX];
    if (n + 4 > sizeof frame)
        n = sizeof frame - 4;
    fake_input(frame, rsp_frame(frame, payload, n));
}

void fake_input_packet_str(const char *payload)
{
    fake_input_packet(payload, strlen(payload));
}
