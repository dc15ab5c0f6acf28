/*
 * test_pass.c - --count-events' pass tracker (common/pass.h): the pass rule
 * on a known sequence of pcs, and on the MIPS CPU a known loop whose pass
 * counts follow by arithmetic and whose simulation is the same with the
 * tracker armed as without it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "asm.h"
#include "pass.h"

/* Feeds pcs one by one; ev[1] counts instructions entered. Returns the
 * index of the pc at which pass N ended, or -1. */
static int feed(struct vb_pass *p, const uint32_t *pcs, unsigned n, uint64_t *ev)
{
    for (unsigned i = 0; i < n; i++) {
        if (vb_pass_at(p, pcs[i], ev))
            return (int)i;
        ev[1]++;
    }
    return -1;
}

static void test_pass_rule(void **state)
{
    (void)state;
    /* 0x10 = FROM, 0x20 = TO; FROM again inside a pass is ignored */
    const uint32_t pcs[] = { 4, 0x10, 8, 0x10, 0x20, 4, 0x10, 8, 0x20, 0x10 };
    struct vb_pass p;
    uint64_t ev[2] = { 0, 0 };
    vb_pass_arm(&p, 0x10, 0x20, 1, 2);
    assert_int_equal(feed(&p, pcs, 10, ev), 4);
    assert_int_equal(p.delta[1], 3); /* 0x10 8 0x10, not 0x20 */
    ev[1] = 0;
    vb_pass_arm(&p, 0x10, 0x20, 2, 2);
    assert_int_equal(feed(&p, pcs, 10, ev), 8);
    assert_int_equal(p.delta[1], 2); /* the second pass: 0x10 8 */
    /* FROM = TO: pass k runs from arrival k to arrival k + 1 */
    ev[1] = 0;
    vb_pass_arm(&p, 0x10, 0x10, 2, 2);
    assert_int_equal(feed(&p, pcs, 10, ev), 6);
    assert_int_equal(p.delta[1], 3); /* 0x10 0x20 4 */
    vb_pass_arm(&p, 0x10, 0x20, 3, 2);
    assert_int_equal(feed(&p, pcs, 10, ev), -1);
    assert_false(p.done);
    assert_int_equal(p.completed, 2);
}

enum { WORDS = 4096 };

/* t2 = 2 rounds of a walk over 16 KiB: lw, addiu, addiu, bne, nop per word. */
static struct cpu *loop_cpu(struct malta_machine *b)
{
    LOAD(b, ADDIU(10, 0, 2),
         LUI(8, 0x8004), ADDIU(9, 0, WORDS),
         LW(11, 0, 8), ADDIU(8, 8, 4), ADDIU(9, 9, -1), BNE(9, 0, -4), NOP,
         ADDIU(10, 10, -1), BNE(10, 0, -9), NOP, SYSCALL);
    return &b->cpu;
}

static void test_loop_pass_and_unchanged_simulation(void **state)
{
    (void)state;
    struct cpu *c = loop_cpu(fixture(PMU_CORE_34K));
    /* one round: FROM = TO = the lui at the loop's top */
    vb_pass_arm(&c->pass, CODE + 4, CODE + 4, 1, EV_COUNT);
    c->slow_checks = true;
    cpu_run(c, 1000000);
    assert_true(c->pass.done);
    assert_int_equal(c->pc, CODE + 4); /* stopped at TO, not run */
    const uint64_t *d = c->pass.delta;
    /* lui, addiu, 5 per word, addiu, bne, nop */
    assert_int_equal(d[EV_INSNS], 5 + 5 * WORDS);
    assert_int_equal(d[EV_LOAD], WORDS);
    assert_int_equal(d[EV_BRANCH], WORDS + 1);
    assert_int_equal(d[EV_DC_MISS], 16384 / 32); /* cold: one per line */
    assert_int_equal(d[EV_DC_STALL], 50 * (16384 / 32));
    uint64_t done = c->ev[EV_INSNS] + c->ev[EV_EXC];
    uint64_t ev[EV_COUNT];
    memcpy(ev, c->ev, sizeof(ev));

    /* the same instructions with nothing armed: the same totals (caches,
     * stalls, everything), so arming changed nothing */
    c = loop_cpu(fixture(PMU_CORE_34K));
    cpu_run(c, done);
    assert_int_equal(c->pc, CODE + 4);
    assert_memory_equal(c->ev, ev, sizeof(ev));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pass_rule),
        cmocka_unit_test(test_loop_pass_and_unchanged_simulation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
