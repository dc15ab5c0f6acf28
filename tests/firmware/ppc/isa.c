/* isa.c - one result line per instruction (or form) of the Book E integer
 * set vboard implements: arithmetic with its carry, overflow and record
 * forms, logical, shifts and rotates, compares and CR logic, isel, XER and
 * CR moves, loads and stores of every form (update, indexed, byte-reversed,
 * multiple, misaligned, reserved), cache and synchronization instructions,
 * SPR and MSR moves, and the TLB instructions. Each value is printed in
 * report(); the same ELF on QEMU must print the same. Branches and the
 * rest of the control flow are in isa_asm.S. */
#include "fw.h"

#define MAX_RESULTS 512
static const char *names[MAX_RESULTS];
static uint32_t values[MAX_RESULTS];
static unsigned count;

static void rec(const char *name, uint32_t v)
{
    if (count < MAX_RESULTS) {
        names[count] = name;
        values[count++] = v;
    }
}

/* operands in memory so that -O2 cannot fold them */
static volatile uint32_t in[] = { 0x12345678u, 0x80000001u, 0xfffffff0u, 0x0000ff00u,
                                  7u, 0x7fffffffu, 0x80000000u, 0xffffffffu, 0u, 33u };
enum { A, B, C, D, SEVEN, MAXI, MINI, ONES, ZERO, N33 };

/* rD = a op b with XER preset: the result, then CR and XER after */
#define XO(op, a, b, xin)                                                       \
    do {                                                                        \
        uint32_t d_, cr_, xer_;                                                 \
        __asm__ volatile("mtcrf 0xff, %5\n\tmtxer %4\n\t" op " %0, %3, %6\n\t"  \
                         "mfcr %1\n\tmfxer %2"                                  \
                         : "=&r"(d_), "=&r"(cr_), "=&r"(xer_)                    \
                         : "r"(a), "r"(xin), "r"(0u), "r"(b) : "cr0", "xer");   \
        rec(op, d_);                                                            \
        rec(op " cr", cr_);                                                     \
        rec(op " xer", xer_);                                                   \
    } while (0)
/* rD = op a (one operand) */
#define XO1(op, a, xin)                                                         \
    do {                                                                        \
        uint32_t d_, cr_, xer_;                                                 \
        __asm__ volatile("mtcrf 0xff, %5\n\tmtxer %4\n\t" op " %0, %3\n\t"      \
                         "mfcr %1\n\tmfxer %2"                                  \
                         : "=&r"(d_), "=&r"(cr_), "=&r"(xer_)                    \
                         : "r"(a), "r"(xin), "r"(0u) : "cr0", "xer");           \
        rec(op, d_);                                                            \
        rec(op " cr", cr_);                                                     \
        rec(op " xer", xer_);                                                   \
    } while (0)
/* rD = a op immediate */
#define XI(op, a, imm)                                                          \
    do {                                                                        \
        uint32_t d_, cr_, xer_;                                                 \
        __asm__ volatile("mtcrf 0xff, %4\n\tmtxer %4\n\t" op " %0, %3, %5\n\t"  \
                         "mfcr %1\n\tmfxer %2"                                  \
                         : "=&r"(d_), "=&r"(cr_), "=&r"(xer_)                    \
                         : "r"(a), "r"(0u), "i"(imm) : "cr0", "xer");           \
        rec(op " " #imm, d_);                                                   \
        rec(op " " #imm " cr", cr_);                                            \
        rec(op " " #imm " xer", xer_);                                          \
    } while (0)

static void arithmetic(void)
{
    XO("add", in[A], in[B], 0u);
    XO("addo.", in[MAXI], in[SEVEN], 0u);
    XO("addc", in[C], in[D], 0u);
    XO("addco.", in[MINI], in[MINI], 0u);
    XO("adde", in[C], in[D], 0x20000000u);
    XO("addeo", in[MAXI], in[ZERO], 0x20000000u);
    XO1("addze", in[ONES], 0x20000000u);
    XO1("addzeo.", in[MAXI], 0x20000000u);
    XO1("addme", in[ZERO], 0u);
    XO1("addmeo", in[MINI], 0u);
    XO("subf", in[B], in[A], 0u);
    XO("subfo.", in[SEVEN], in[MINI], 0u);
    XO("subfc", in[C], in[D], 0u);
    XO("subfc.", in[D], in[C], 0u);
    XO("subfe", in[A], in[B], 0u);
    XO("subfeo.", in[ONES], in[MAXI], 0x20000000u);
    XO1("subfze", in[ZERO], 0x20000000u);
    XO1("subfze.", in[A], 0u);
    XO1("subfme", in[ZERO], 0u);
    XO1("subfmeo", in[MAXI], 0x20000000u);
    XO1("neg", in[A], 0u);
    XO1("nego.", in[MINI], 0u);
    XO("mullw", in[A], in[C], 0u);
    XO("mullwo.", in[A], in[A], 0u);
    XO("mulhw", in[A], in[C], 0u);
    XO("mulhw.", in[MINI], in[MINI], 0u);
    XO("mulhwu", in[A], in[C], 0u);
    XO("mulhwu.", in[ONES], in[ONES], 0u);
    XO("divw", in[C], in[SEVEN], 0u);
    XO("divwo.", in[MINI], in[ONES], 0u);  /* overflow: QEMU divides by 1 */
    XO("divwo", in[A], in[ZERO], 0u);      /* by zero */
    XO("divwu", in[C], in[SEVEN], 0u);
    XO("divwuo.", in[A], in[ZERO], 0u);
    XI("addic", in[ONES], 1);
    XI("addic.", in[A], -0x5678);
    XI("subfic", in[A], 0x100);
    XI("subfic", in[ZERO], 0);
    XI("mulli", in[A], -3);
    XI("addi", in[A], -1);
    XI("addis", in[A], 0x7fff);
}

static void logical(void)
{
    XO("and", in[A], in[C], 0u);
    XO("and.", in[A], in[D], 0u);
    XO("andc", in[A], in[C], 0u);
    XO("or", in[A], in[D], 0u);
    XO("orc.", in[ZERO], in[ONES], 0u);
    XO("xor", in[A], in[B], 0u);
    XO("nand", in[A], in[C], 0u);
    XO("nor.", in[A], in[B], 0u);
    XO("eqv", in[A], in[C], 0u);
    XO1("extsb", in[A] | 0x80u, 0u);
    XO1("extsh.", in[D] | 0x8000u, 0u);
    XO1("cntlzw", in[D], 0u);
    XO1("cntlzw.", in[ZERO], 0x80000000u);
    XI("andi.", in[A], 0xf0f0);
    XI("andis.", in[A], 0x0f0f);
    XI("ori", in[A], 0xffff);
    XI("oris", in[A], 0x8000);
    XI("xori", in[A], 0xffff);
    XI("xoris", in[A], 0xffff);
    XO("slw", in[A], in[SEVEN], 0u);
    XO("slw.", in[A], in[N33], 0u);
    XO("srw", in[B], in[SEVEN], 0u);
    XO("srw", in[B], in[N33], 0u);
    XO("sraw", in[B], in[SEVEN], 0u);
    XO("sraw.", in[B], in[N33], 0u);
    XO("sraw", in[A], in[N33], 0u);
    XO("sraw", in[C], in[ZERO], 0u);
    XI("srawi", in[B], 4);
    XI("srawi.", in[C], 4);
    XI("srawi", in[C], 0);
    XI("srawi", in[A], 31);
}

/* rotates: rlwinm/rlwnm/rlwimi with masks that wrap */
#define ROT(op, sh, mb, me)                                                     \
    do {                                                                        \
        uint32_t d_ = in[D], cr_;                                               \
        __asm__ volatile("mtcrf 0xff, %3\n\t" op " %0, %2, " #sh ", " #mb ", "  \
                         #me "\n\tmfcr %1"                                      \
                         : "+r"(d_), "=&r"(cr_) : "r"(in[A]), "r"(0u) : "cr0");  \
        rec(op " " #sh " " #mb " " #me, d_);                                    \
        rec(op " " #sh " " #mb " " #me " cr", cr_);                             \
    } while (0)

static void rotates(void)
{
    ROT("rlwinm", 4, 0, 27);
    ROT("rlwinm.", 8, 24, 7);
    ROT("rlwinm", 31, 31, 31);
    ROT("rlwinm.", 0, 16, 15);
    ROT("rlwimi", 8, 8, 15);
    ROT("rlwimi.", 28, 28, 3);
    uint32_t d, cr;
    __asm__ volatile("mtcrf 0xff, %4\n\trlwnm %0, %2, %3, 4, 27\n\tmfcr %1"
                     : "=r"(d), "=&r"(cr) : "r"(in[A]), "r"(in[N33] + 2), "r"(0u) : "cr0");
    rec("rlwnm", d);
    __asm__ volatile("mtcrf 0xff, %4\n\trlwnm. %0, %2, %3, 30, 1\n\tmfcr %1"
                     : "=r"(d), "=&r"(cr) : "r"(in[B]), "r"(in[SEVEN]), "r"(0u) : "cr0");
    rec("rlwnm.", d);
    rec("rlwnm. cr", cr);
}

/* compares into different CR fields, CR logic, CR moves, isel */
static void condition(void)
{
    uint32_t cr;
    __asm__ volatile("mtcrf 0xff, %3\n\tcmpw cr1, %1, %2\n\tcmplw cr2, %1, %2\n\t"
                     "cmpwi cr3, %1, -1\n\tcmplwi cr4, %2, 7\n\tcmpw cr5, %2, %2\n\t"
                     "cmpwi cr6, %2, 8\n\tcmplwi cr7, %1, 0xffff\n\tmfcr %0"
                     : "=r"(cr) : "r"(in[C]), "r"(in[SEVEN]), "r"(0u) : "cr0", "cr1", "cr2", "cr3", "cr4", "cr5", "cr6", "cr7");
    rec("compares", cr);
    /* SO reaches CR0 of a compare */
    __asm__ volatile("mtcrf 0xff, %3\n\tmtxer %4\n\tcmpw %1, %2\n\tmfcr %0"
                     : "=r"(cr) : "r"(in[A]), "r"(in[B]), "r"(0u), "r"(0x80000000u)
                     : "cr0", "xer");
    rec("cmpw so", cr);
    __asm__ volatile("mtcrf 0xff, %1\n\tcrand 0, 4, 8\n\tcror 1, 2, 3\n\tcrxor 2, 4, 5\n\t"
                     "crnand 3, 6, 7\n\tcrnor 4, 8, 9\n\tcreqv 5, 10, 11\n\t"
                     "crandc 6, 12, 13\n\tcrorc 7, 14, 15\n\tmcrf 7, 1\n\tmfcr %0"
                     : "=r"(cr) : "r"(0x0f5a3c96u)
                     : "cr0", "cr1", "cr2", "cr3", "cr4", "cr5", "cr6", "cr7");
    rec("cr logic", cr);
    uint32_t f;
    __asm__ volatile("mtcrf 0xff, %1\n\tmtocrf 0x10, %2\n\tmfocrf %0, 0x10"
                     : "=&r"(f) : "r"(0x12345678u), "r"(0xabcdef01u)
                     : "cr0", "cr1", "cr2", "cr3", "cr4", "cr5", "cr6", "cr7");
    rec("mfocrf", f);
    __asm__ volatile("mtcrf 0x81, %1\n\tmfcr %0" : "=r"(cr) : "r"(0xffffffffu) : "cr0", "cr7");
    rec("mtcrf", cr);
    uint32_t r1, r2, r3;
    __asm__ volatile("cmpw cr6, %3, %4\n\tisel %0, %3, %4, 24\n\tisel %1, %3, %4, 25\n\t"
                     "li %2, 5\n\tisel %2, 0, %4, 26"
                     : "=&r"(r1), "=&r"(r2), "=&r"(r3) : "r"(in[A]), "r"(in[B]) : "cr6");
    rec("isel lt", r1);
    rec("isel gt", r2);
    rec("isel 0", r3);
    /* the defined XER bits only: QEMU keeps the reserved ones, the cores
     * do not (Book E leaves them undefined) */
    uint32_t x;
    __asm__ volatile("mtxer %1\n\tmfxer %0" : "=r"(x) : "r"(0xa0000015u) : "xer");
    rec("mtxer", x);
}

static uint8_t buf[64] __attribute__((aligned(32)));
static uint32_t words[4];

static void memory(void)
{
    for (unsigned i = 0; i < sizeof(buf); i++)
        buf[i] = (uint8_t)(i * 7 + 1);
    volatile uint8_t *p = buf;
    uint32_t v, base;
    __asm__ volatile("lhz %0, 2(%1)" : "=r"(v) : "b"(p)); rec("lhz", v);
    __asm__ volatile("lha %0, 16(%1)" : "=r"(v) : "b"(p)); rec("lha", v);
    __asm__ volatile("lbz %0, 37(%1)" : "=r"(v) : "b"(p)); rec("lbz", v);
    __asm__ volatile("lwz %0, 5(%1)" : "=r"(v) : "b"(p)); rec("lwz misaligned", v);
    __asm__ volatile("lhz %0, 3(%1)" : "=r"(v) : "b"(p)); rec("lhz misaligned", v);
    base = (uint32_t)(uintptr_t)p;
    __asm__ volatile("lwzu %0, 8(%1)" : "=r"(v), "+b"(base)); rec("lwzu", v);
    rec("lwzu ea", base - (uint32_t)(uintptr_t)p);
    __asm__ volatile("lbzu %0, 1(%1)\n\tlhzu %0, 2(%1)\n\tlhau %0, 2(%1)"
                     : "=&r"(v), "+b"(base));
    rec("lhau", v);
    rec("lhau ea", base - (uint32_t)(uintptr_t)p);
    uint32_t idx = 12;
    __asm__ volatile("lwzx %0, %1, %2" : "=r"(v) : "b"(p), "r"(idx)); rec("lwzx", v);
    __asm__ volatile("lbzx %0, %1, %2" : "=r"(v) : "b"(p), "r"(idx)); rec("lbzx", v);
    __asm__ volatile("lhzx %0, %1, %2" : "=r"(v) : "b"(p), "r"(idx)); rec("lhzx", v);
    __asm__ volatile("lhax %0, %1, %2" : "=r"(v) : "b"(p), "r"(idx + 4)); rec("lhax", v);
    __asm__ volatile("lwbrx %0, %1, %2" : "=r"(v) : "b"(p), "r"(idx)); rec("lwbrx", v);
    __asm__ volatile("lhbrx %0, %1, %2" : "=r"(v) : "b"(p), "r"(idx)); rec("lhbrx", v);
    base = (uint32_t)(uintptr_t)p;
    __asm__ volatile("lwzux %0, %1, %2\n\tlbzux %0, %1, %2\n\tlhzux %0, %1, %2\n\t"
                     "lhaux %0, %1, %2" : "=&r"(v), "+b"(base) : "r"(idx / 4));
    rec("lhaux", v);
    rec("ux ea", base - (uint32_t)(uintptr_t)p);
    base = (uint32_t)(uintptr_t)p + 40;
    __asm__ volatile("stw %1, 0(%0)\n\tstb %1, 5(%0)\n\tsth %1, 6(%0)\n\t"
                     "stwu %1, -4(%0)\n\tstbu %1, -1(%0)\n\tsthu %1, -2(%0)"
                     : "+b"(base) : "r"(in[A]) : "memory");
    rec("stores ea", base - (uint32_t)(uintptr_t)p);
    __asm__ volatile("stwx %1, %0, %2\n\tstbx %1, %0, %3\n\tsthx %1, %0, %4\n\t"
                     "stwbrx %1, %0, %5\n\tsthbrx %1, %0, %6\n\tstw %1, 49(%0)"
                     : : "b"(p), "r"(in[B]), "r"(52u), "r"(56u), "r"(58u), "r"(60u), "r"(44u)
                     : "memory");
    base = (uint32_t)(uintptr_t)p + 20;
    __asm__ volatile("stwux %1, %0, %2\n\tstbux %1, %0, %2\n\tsthux %1, %0, %2"
                     : "+b"(base) : "r"(in[C]), "r"(2u) : "memory");
    rec("stores ux ea", base - (uint32_t)(uintptr_t)p);
    for (unsigned i = 0; i < sizeof(buf); i += 4)
        rec("buf", (uint32_t)buf[i] << 24 | (uint32_t)buf[i + 1] << 16 |
                   (uint32_t)buf[i + 2] << 8 | buf[i + 3]);
    /* lwarx/stwcx.: a reserved pair succeeds, a second stwcx. fails */
    uint32_t old, ok1, ok2;
    words[0] = 41;
    __asm__ volatile("lwarx %0, 0, %3\n\taddi %0, %0, 1\n\tstwcx. %0, 0, %3\n\tmfcr %1\n\t"
                     "stwcx. %0, 0, %3\n\tmfcr %2"
                     : "=&r"(old), "=&r"(ok1), "=&r"(ok2) : "r"(&words[0]) : "cr0", "memory");
    rec("stwcx ok", ok1 >> 28);
    rec("stwcx again", ok2 >> 28);
    rec("stwcx word", words[0]);
    /* cache and synchronization instructions; dcbz zeroes the 32-byte line */
    __asm__ volatile("dcbt 0, %0\n\tdcbtst 0, %0\n\tdcbf 0, %0\n\tdcbst 0, %0\n\t"
                     "icbi 0, %0\n\tsync\n\tisync\n\tmbar\n\tmsync\n\tdcbz %1, %0"
                     : : "b"(p), "b"(4u) : "memory");
    rec("dcbz 0", (uint32_t)buf[0] | buf[31]);
    rec("dcbz 32", buf[32]);
}

/* SPRs, the MSR and the TLB. The values are those of QEMU's e500v2. */
static void system(void)
{
    MTSPR(SPR_SPRG0, 0x5a5a0000u);
    MTSPR(SPR_SPRG0 + 7, 0x0000a5a5u);
    MTSPR(256, 0x12121212u); /* USPRG0 */
    rec("sprg0", MFSPR(SPR_SPRG0));
    rec("sprg7r", MFSPR(263)); /* SPRG7 through its user-readable number */
    rec("usprg0", MFSPR(256));
    rec("pvr", MFSPR(SPR_PVR));
    MTSPR(SPR_DEAR, 0xdeadbeefu);
    MTSPR(SPR_ESR, 0x00800000u);
    rec("dear", MFSPR(SPR_DEAR));
    rec("esr", MFSPR(SPR_ESR));
    MTSPR(SPR_SRR0, 0x1234u);
    MTSPR(SPR_CSRR1, 0x5678u);
    rec("srr0", MFSPR(SPR_SRR0));
    rec("csrr1", MFSPR(SPR_CSRR1));
    rec("ivpr", MFSPR(SPR_IVPR));
    rec("ivor6", MFSPR(406));
    uint32_t msr = MFMSR();
    rec("msr", msr);
    __asm__ volatile("wrteei 1");
    rec("msr wrteei 1", MFMSR());
    __asm__ volatile("wrtee %0" : : "r"(0u));
    rec("msr wrtee 0", MFMSR());
    /* not MSR[PMM] or MSR[ME]: QEMU's e500v2 cannot set them (the unit
     * tests check them on vboard) */
    /* TLB1 entry 5: write, read back, search, invalidate */
    MTSPR(SPR_MAS0, 0x10050000u);
    MTSPR(SPR_MAS1, 0x80000300u);   /* V, 64 KiB */
    MTSPR(SPR_MAS2, 0x20010000u | 0x08u);
    MTSPR(SPR_MAS3, 0x00200000u | 0x15u);
    MTSPR(SPR_MAS7, 0u);
    __asm__ volatile("isync\n\ttlbwe\n\tisync");
    MTSPR(SPR_MAS1, 0);
    MTSPR(SPR_MAS2, 0);
    MTSPR(SPR_MAS3, 0);
    __asm__ volatile("tlbre");
    rec("tlbre mas1", MFSPR(SPR_MAS1));
    rec("tlbre mas2", MFSPR(SPR_MAS2));
    rec("tlbre mas3", MFSPR(SPR_MAS3));
    MTSPR(SPR_MAS6, 0);
    __asm__ volatile("tlbsx 0, %0" : : "r"(0x20018000u));
    rec("tlbsx mas0", MFSPR(SPR_MAS0) & 0x3fff0000u);
    rec("tlbsx mas1", MFSPR(SPR_MAS1));
    rec("tlbsx mas2", MFSPR(SPR_MAS2));
    /* the mapping works: RAM at 2 MiB seen at 0x20010000 */
    volatile uint32_t *alias = (volatile uint32_t *)0x20010010u;
    *(volatile uint32_t *)0x00200010u = 0xcafef00du;
    rec("alias", *alias);
    __asm__ volatile("tlbivax 0, %0\n\tisync" : : "r"(0x20010000u | 8u));
    MTSPR(SPR_MAS6, 0);
    __asm__ volatile("tlbsx 0, %0" : : "r"(0x20010000u));
    rec("tlbsx gone mas1", MFSPR(SPR_MAS1) & 0x80000000u);
}

extern void isa_branches(uint32_t *out);
static uint32_t branch_out[16];

void setup(void) {}

void work(void)
{
    arithmetic();
    logical();
    rotates();
    condition();
    memory();
    system();
    isa_branches(branch_out);
    for (unsigned i = 0; i < 16; i++)
        rec("branches", branch_out[i]);
}

void report(void)
{
    fw_puts("isa\n");
    for (unsigned i = 0; i < count; i++) {
        fw_dec(i);
        fw_putc(' ');
        fw_puts(names[i]);
        fw_putc(' ');
        fw_hex(values[i]);
        fw_putc('\n');
    }
}
