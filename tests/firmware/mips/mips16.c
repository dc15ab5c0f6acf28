/* mips16.c - MIPS16e differential-test firmware: compiled with -mips16
 * -minterlink-compressed -Os (so is the UART code it prints with), it runs
 * the instruction forms of mips16_forms.S, C that GCC compiles to
 * SAVE/RESTORE, EXTEND, PC-relative loads and JALX, a loop of known
 * length (m16_loop, counted by tests/vboard/mips16_count.sh), and faults
 * in MIPS16e code that a MIPS32 handler returns from. The same ELF runs
 * on QEMU's 34Kf and on vboard's 34k; their output must be identical. */
#include "fw.h"

extern uint32_t m16_forms(uint32_t *out);
extern uint32_t m16_loop(uint32_t n);
extern void m16_exc(void);
extern void m16_fault_break(void);
extern void m16_fault_ext_adel(const uint32_t *p);
extern void m16_fault_jr_slot(const void *odd);
extern void m16_fault_jal_slot(void *odd);
extern void m16_fault_tlb(const void *kuseg);
extern void m16_fault_ri(void);
extern void m16_fault_extend_rr(void);
extern void m16_fault_ld(void);
extern void m16_fault_jalx_slot(void);

#define LOOP_N 1000u /* mips16_count.sh's arithmetic: 1 + 5 * LOOP_N */

static uint32_t forms[160];
static uint32_t n_forms, loop_sum, c_results[8];
static uint8_t bytes[64];

struct rec { int8_t b; uint8_t ub; int16_t h; uint16_t uh; int32_t w; };

/* Adler-32 (RFC 1950): byte loads, a divide, two sums */
static uint32_t adler32(const uint8_t *p, uint32_t n)
{
    uint32_t a = 1, b = 0;
    while (n--) {
        a = (a + *p++) % 65521u;
        b = (b + a) % 65521u;
    }
    return b << 16 | a;
}

/* six arguments: the callee reads two from the stack */
static __attribute__((noinline)) int32_t mix(int32_t a, int32_t b, int32_t c, int32_t d,
                                             int32_t e, int32_t f)
{
    return a * 3 - b / 7 + (c % 5) * d - (e << 3) + (f >> 2);
}

static __attribute__((noinline)) uint32_t fib(uint32_t n)
{
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static __attribute__((noinline)) uint32_t pick(uint32_t k)
{
    switch (k) { /* a jump table */
    case 0: return 0x11;
    case 1: return 0x2222;
    case 2: return 0x333333;
    case 3: return 0x44;
    case 4: return 0x5555;
    case 5: return 0x66;
    case 6: return 0x7777777;
    default: return 0;
    }
}

static void sort(int16_t *v, unsigned n)
{
    for (unsigned i = 1; i < n; i++) {
        int16_t x = v[i];
        unsigned j = i;
        while (j > 0 && v[j - 1] > x) {
            v[j] = v[j - 1];
            j--;
        }
        v[j] = x;
    }
}

void setup(void)
{
    fw_install_vector(0x000, 0x000, m16_exc); /* TLB refill */
    fw_install_vector(0x180, 0x180, m16_exc); /* general */
    fw_use_ebase_vectors();
}

void work(void)
{
    n_forms = m16_forms(forms);
    loop_sum = m16_loop(LOOP_N);

    for (unsigned i = 0; i < sizeof(bytes); i++)
        bytes[i] = (uint8_t)(i * 37u + 11u);
    c_results[0] = adler32(bytes, sizeof(bytes));
    c_results[1] = (uint32_t)mix(1000, -2000, 37, -4, 99, -1000000);
    c_results[2] = fib(15);
    uint32_t s = 0;
    for (uint32_t k = 0; k < 9; k++)
        s = s * 31u + pick(k);
    c_results[3] = s;
    int16_t v[12];
    for (unsigned i = 0; i < 12; i++)
        v[i] = (int16_t)((i * 7919u) ^ 0x8a5bu);
    sort(v, 12);
    c_results[4] = (uint16_t)v[0] | (uint32_t)(uint16_t)v[11] << 16;
    volatile struct rec r = { -5, 250, -3000, 65000, -70000 };
    c_results[5] = (uint32_t)(r.b + r.ub + r.h + r.uh + r.w);
    c_results[6] = (uint32_t)((uint64_t)0x12345678u * 0x9abcdef0u >> 32) ^ (0xfedcba98u / 13u);

    static uint32_t aligned[2];
    m16_fault_break();
    m16_fault_ext_adel(aligned);
    m16_fault_jr_slot(bytes + 1);
    m16_fault_jal_slot(bytes + 3);
    m16_fault_tlb((const void *)0x7fff0000u);
    m16_fault_ri();
    m16_fault_extend_rr();
    m16_fault_ld();
    m16_fault_jalx_slot();
}

void report(void)
{
    fw_puts("mips16 forms=");
    fw_dec(n_forms);
    fw_putc('\n');
    for (uint32_t i = 0; i < n_forms && i < sizeof(forms) / sizeof(forms[0]); i++) {
        fw_dec(i);
        fw_putc(' ');
        fw_hex(forms[i]);
        fw_putc('\n');
    }
    fw_kv("loop", loop_sum);
    for (unsigned i = 0; i < 7; i++)
        fw_kv("c", c_results[i]);
    fw_exc_report();
}
