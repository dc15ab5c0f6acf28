/*
 * markers.c - a program measured the way users mark regions: empty
 * functions that are never inlined, called around the region (LIKWID's
 * and PAPI's style). With GCC -O2 an empty function is its return alone
 * (MIPS "jr ra" and its delay slot, Power "blr"); the empty asm keeps
 * the calls (GCC manual, "noinline": "To keep such calls from being
 * optimized away, put asm ("");" in the called function).
 *
 * Each round also passes, once, every other kind of instruction a
 * bracket's FROM or TO may sit on (tests/bench/quick_cost.sh and
 * tests/e2e/quick_markers.sh find them by name in the disassembly):
 *   - stmt_begin/stmt_end: their first instruction is an ordinary
 *     statement's (lui / lis of mk_count's address);
 *   - branch_begin/branch_end: a conditional branch on the round's parity;
 *   - jump_begin/jump_end: a tail call through a function pointer (MIPS
 *     "jr" through a register, Power "bctr");
 *   - main's loop: the call of region_begin ("jal" / "bl") and the call
 *     through mk_fn ("jalr" / "bctrl").
 * main runs mk_rounds rounds (a test may lower it from GDB before the
 * program starts) and returns 42 if every marker, statement and branch
 * ran as often as it should, else 1.
 */
#define MARKER __attribute__((noinline))

volatile unsigned mk_rounds = 20000;
unsigned mk_count, mk_odd, mk_data[64];
unsigned mk_sum;

MARKER void region_begin(void) { __asm__(""); }
MARKER void region_end(void) { __asm__(""); }

MARKER void stmt_begin(void) { mk_count++; }
MARKER void stmt_end(void) { mk_count++; }

MARKER void branch_begin(unsigned i)
{
    if (i & 1)
        mk_odd++;
}
MARKER void branch_end(unsigned i)
{
    if (i & 1)
        mk_odd++;
}

/* The region's work: arithmetic, loads, stores and branches. */
MARKER unsigned mk_work(unsigned n)
{
    unsigned s = 0;
    for (unsigned i = 1; i <= n; i++) {
        unsigned *p = &mk_data[(i * 5) & 63];
        *p += i;
        s += *p & 1 ? *p : i;
    }
    return s;
}

MARKER void mk_nothing(void) { __asm__(""); }
unsigned (*volatile mk_fn)(unsigned) = mk_work;
void (*volatile mk_tail)(void) = mk_nothing;

MARKER void jump_begin(void) { mk_tail(); }
MARKER void jump_end(void) { mk_tail(); }

int main(void)
{
    for (unsigned i = 0; i < mk_rounds; i++) {
        region_begin();
        stmt_begin();
        branch_begin(i);
        jump_begin();
        mk_sum += mk_fn(20);
        jump_end();
        branch_end(i);
        stmt_end();
        region_end();
    }
    return mk_count == 2 * mk_rounds && mk_odd == mk_rounds / 2 * 2 ? 42 : 1;
}
