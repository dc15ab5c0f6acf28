/*
 * fuzz_stub.c - libFuzzer target: arbitrary bytes on the debug line into
 * the stub core (packet framing plus command dispatch) through the fake
 * port of the unit tests, with invariants checked as it runs:
 *
 *  - everything the stub sends is '+', '-' or "$payload#cs" with the right
 *    checksum, no payload longer than the PacketSize buffer and no
 *    unescaped '$' or '*' in it (GDB manual, "Overview");
 *  - the breakpoint table agrees with memory: each trap the core wrote
 *    and nothing has overwritten since is still there and is the core's;
 *  - a closing D is answered OK (the stub is not wedged), takes every
 *    breakpoint out and leaves memory as the program should see it: what
 *    it had plus GDB's data writes.
 *
 * When the input resumes the program, the "program" stops at once (at a
 * live breakpoint if there is one), so stop replies are fuzzed too.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fake_port.h"
#include "breakpoints.h" /* STUB_PKT_MAX, bp_trap_at(), bp_lifted() */
#include "trace.h"       /* trace_native_publish() */

#define CHECK(cond)                                                         \
    do {                                                                    \
        if (!(cond)) {                                                      \
            fprintf(stderr, "invariant broken: %s (%s:%d)\n", #cond,        \
                    __FILE__, __LINE__);                                    \
            abort();                                                        \
        }                                                                   \
    } while (0)

/* The harness's own per-byte checks are not coverage for the fuzzer to
 * chase, and instrumenting them would cost most of the run time. */
#define NO_COVERAGE __attribute__((no_sanitize("coverage")))

/* ---- the line from the stub: validated byte by byte ---- */
static struct {
    enum { IDLE, PAYLOAD, CS_HI, CS_LO } state;
    unsigned len, sum, cs;
    char head[4];     /* the first bytes of the packet being sent */
    char last[5];     /* ... and of the last complete one, NUL-ended */
    unsigned packets; /* complete packets sent */
} line;

NO_COVERAGE static int nibble(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1; /* the stub sends lower-case checksums */
}

NO_COVERAGE static void check_putc(int c)
{
    CHECK(c >= 0 && c <= 255);
    switch (line.state) {
    case IDLE:
        CHECK(c == '+' || c == '-' || c == '$');
        if (c == '$')
            line.state = PAYLOAD, line.len = 0, line.sum = 0;
        break;
    case PAYLOAD:
        if (c == '#') {
            line.state = CS_HI;
            break;
        }
        CHECK(c != '$' && c != '*');
        if (line.len < sizeof line.head)
            line.head[line.len] = (char)c;
        CHECK(++line.len <= STUB_PKT_MAX);
        line.sum = (line.sum + (unsigned)c) & 0xff;
        break;
    case CS_HI:
        CHECK(nibble(c) >= 0);
        line.cs = (unsigned)nibble(c) << 4;
        line.state = CS_LO;
        break;
    case CS_LO:
        CHECK(nibble(c) >= 0);
        CHECK((line.cs | (unsigned)nibble(c)) == line.sum);
        line.state = IDLE;
        memset(line.last, 0, sizeof line.last);
        memcpy(line.last, line.head,
               line.len < sizeof line.head ? line.len : sizeof line.head);
        line.packets++;
        break;
    }
}

/* ---- memory as the program should see it, and the traps in it ----
 * The fake's writes are sorted by their source: the port's trap
 * instruction (a breakpoint going in), the buffer the core read the
 * original bytes into just before that (the breakpoint coming out), or
 * anything else (GDB writing data: M, X). */
#define TRAPS 256
static struct trap {
    uint32_t addr;
    const uint8_t *saved; /* where the core keeps the original bytes */
    uint8_t live;         /* not taken out yet */
    uint8_t dirty;        /* GDB wrote data over it since */
} traps[TRAPS];
static unsigned ntraps;
static uint8_t shadow[FAKE_RAM_SIZE];  /* the program's view of RAM */
static uint8_t excused[FAKE_RAM_SIZE]; /* data written over a live trap */
static const uint8_t *last_read_buf;
static uint32_t last_read_addr;
static int (*fake_read)(stub_addr_t, uint8_t *, unsigned);
static int (*fake_write)(stub_addr_t, const uint8_t *, unsigned);

static int overlap(uint32_t a, unsigned alen, uint32_t b, unsigned blen)
{
    return (uint32_t)(a - b) < blen || (uint32_t)(b - a) < alen;
}

static int in_ram(uint32_t addr, unsigned len)
{
    return addr - FAKE_RAM_BASE < FAKE_RAM_SIZE &&
           FAKE_RAM_SIZE - (addr - FAKE_RAM_BASE) >= len;
}

static int ledger_read(stub_addr_t addr, uint8_t *buf, unsigned len)
{
    last_read_buf = buf;
    last_read_addr = addr;
    return fake_read(addr, buf, len);
}

static struct trap *restoring(stub_addr_t addr, const uint8_t *buf)
{
    for (unsigned i = 0; i < ntraps; i++)
        if (traps[i].live && traps[i].addr == addr && traps[i].saved == buf)
            return &traps[i];
    return NULL;
}

/* A trap the core lifted to step over it (tracepoints, conditions),
 * whose original it still keeps. */
static struct trap *relaid(stub_addr_t addr)
{
    for (unsigned i = ntraps; i-- > 0;) /* the latest record of addr */
        if (!traps[i].live && traps[i].addr == addr && bp_lifted(addr))
            return &traps[i];
    return NULL;
}

static int ledger_write(stub_addr_t addr, const uint8_t *buf, unsigned len)
{
    int insert = buf == fake_break_insn;
    struct trap *t = insert ? NULL : restoring(addr, buf);
    int rc = fake_write(addr, buf, len);

    if (rc != STUB_MEM_OK || !in_ram(addr, len))
        return rc;
    if (insert && (t = relaid(addr)) != NULL) {
        t->live = 1; /* back after a step over it: the same original */
    } else if (insert) {
        CHECK(last_read_addr == addr); /* the original was read first */
        if (ntraps < TRAPS)
            traps[ntraps++] = (struct trap){addr, last_read_buf, 1, 0};
    } else if (t) {
        t->live = 0;
    } else {
        for (unsigned i = 0; i < ntraps; i++) {
            if (!traps[i].live || !overlap(addr, len, traps[i].addr, 4))
                continue;
            traps[i].dirty = 1;
            for (unsigned k = 0; k < len; k++)
                if (overlap(addr + k, 1, traps[i].addr, 4))
                    excused[addr + k - FAKE_RAM_BASE] = 1;
        }
        memcpy(shadow + (addr - FAKE_RAM_BASE), buf, len);
    }
    return rc;
}

/* Each live trap nothing has written over is in memory and is the
 * core's. */
static void check_traps(void)
{
    for (unsigned i = 0; i < ntraps; i++) {
        const struct trap *t = &traps[i];
        if (!t->live || t->dirty)
            continue;
        CHECK(bp_trap_at(t->addr));
        for (int k = 0; k < 4; k++)
            CHECK(fake_mem_byte(t->addr + (uint32_t)k) == fake_break_insn[k]);
    }
}

/* Stops in a row that the stub kept to itself (tracepoints, false
 * conditions): a program that never stops where GDB wants it. */
static unsigned silent;

/* The "program" stops right after a resume: after a step, at the next
 * instruction; after a continue, at a live trap if any. A program the stub
 * keeps running is interrupted, as GDB's Ctrl-C would. */
static void program_stops(void)
{
    struct stub_stop why = {STUB_SIGTRAP, 1, 0, 0};
    size_t before = fake.in_pos;

    if (silent >= 16) {
        why = (struct stub_stop){STUB_SIGINT, 0, 1, 0};
    } else if (fake.prepare_how == STUB_STEP) {
        uint8_t *pc = fake.regs[FAKE_REG_PC];
        uint32_t next = fake_pc() + 4;
        pc[0] = (uint8_t)(next >> 24), pc[1] = (uint8_t)(next >> 16);
        pc[2] = (uint8_t)(next >> 8), pc[3] = (uint8_t)next;
        why.swbreak = 0;
    } else for (unsigned i = 0; i < ntraps; i++) {
        if (traps[i].live) {
            uint8_t *pc = fake.regs[FAKE_REG_PC];
            pc[0] = (uint8_t)(traps[i].addr >> 24);
            pc[1] = (uint8_t)(traps[i].addr >> 16);
            pc[2] = (uint8_t)(traps[i].addr >> 8);
            pc[3] = (uint8_t)traps[i].addr;
            break;
        }
    }
    stub_stopped(&why);
    silent = fake.in_pos == before ? silent + 1 : 0;
}

/* GDB's "detach": must leave no trap in the program, and memory as the
 * program should see it. */
static void close_session(void)
{
    fake_clear_io();
    fake_input_str("$D#44+");
    line.packets = 0;
    (void)stub_serve();
    CHECK(line.state == IDLE);
    /* Whatever came before, the stub still answers: not wedged. */
    CHECK(line.packets == 1 && !strcmp(line.last, "OK"));
    for (unsigned i = 0; i < ntraps; i++)
        CHECK(!bp_trap_at(traps[i].addr));
    if (memcmp(fake.ram, shadow, sizeof shadow)) /* the quick way first */
        for (uint32_t k = 0; k < FAKE_RAM_SIZE; k++)
            CHECK(excused[k] || fake.ram[k] == shadow[k]);
}

/* Input starting with '\n': each further line is one packet, framed here
 * with its checksum and followed by GDB's '+', so that mutations reach the
 * command handlers instead of dying on the checksum. Otherwise the input
 * is the raw line. */
static void feed(const uint8_t *data, size_t size)
{
    if (size == 0 || data[0] != '\n') {
        fake_input(data, size);
        return;
    }
    for (size_t i = 1, j; i <= size; i = j + 1) {
        unsigned sum = 0;
        char tail[4];
        for (j = i; j < size && data[j] != '\n'; j++)
            sum += data[j];
        fake_input("$", 1);
        fake_input(data + i, j - i);
        snprintf(tail, sizeof tail, "#%02x", sum & 0xff);
        fake_input(tail, 3);
        fake_input("+", 1);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FAKE_IN_MAX / 4)
        return -1; /* not worth keeping (framing may quadruple it) */
    fake_reset();
    fake_target.putc = check_putc;
    fake_read = fake_target.mem_read;
    fake_target.mem_read = ledger_read;
    fake_write = fake_target.mem_write;
    fake_target.mem_write = ledger_write;
    memcpy(shadow, fake.ram, sizeof shadow);
    memset(excused, 0, sizeof excused);
    last_read_buf = NULL;
    /* Every 8th input's resumes cannot be armed. */
    fake.prepare_fail = size % 8 == 7;
    ntraps = 0;
    silent = 0;
    memset(&line, 0, sizeof line);

    feed(data, size);
    if (stub_serve()) {
        /* Resumed: the program stops again, and the stub serves on until
         * the next resume or the end of the input. */
        while (check_traps(), fake.in_pos < fake.in_len)
            program_stops();
    }
    check_traps();
    CHECK(fake.in_pos == fake.in_len); /* nothing left unread: no wedge */
    close_session();
    return 0;
}
