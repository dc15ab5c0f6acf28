/*
 * pmuctl_test_trace_exprs.c - the expressions pmuctl hands the stub for
 * a traced measurement (host/rsp/trace_exprs.c), run by the stub's own
 * interpreter (stub/core/trace/agent.c, compiled in here) over counter values
 * this test chooses. The variables must come out as the arithmetic on
 * those brackets says: n, sum, the squares about the first bracket, min
 * and max; 32-bit counts modulo 2^32, 64-bit counts whole; a TO reached
 * before any FROM no bracket; one point (FROM = TO) a bracket per pass
 * after the first; the breakpoint's condition true from the k-th bracket.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "trace/agent.h"
#include "rsp/trace_exprs.h"

/* ---- the stub's side: registers 72.. are counters, big-endian ---- */
#define REG0 72
static uint64_t regs[4];
static unsigned reg_bytes[4] = {4, 4, 8, 8};
static int64_t vars[64];

static unsigned reg_size(unsigned n)
{
    return n >= REG0 && n < REG0 + 4 ? reg_bytes[n - REG0] : 0;
}

static int reg_read(unsigned n, uint8_t *b)
{
    agent_to_target(b, regs[n - REG0], reg_size(n));
    return STUB_REG_OK;
}

static const struct stub_target fake = {
    .nregs = REG0 + 4, .reg_size = reg_size, .reg_read = reg_read,
};
const struct stub_target *stub_port = &fake;

static int getv(unsigned n, int64_t *v)
{
    if (n == 0 || n >= 64)
        return -1;
    *v = vars[n];
    return 0;
}

static int setv(unsigned n, int64_t v)
{
    if (n == 0 || n >= 64)
        return -1;
    vars[n] = v;
    return 0;
}

static unsigned recorded[64];
static enum agent_error record_var(unsigned n)
{
    recorded[n]++;
    return AGENT_OK;
}

static const struct agent_env env = {getv, setv, NULL, record_var};

static int64_t eval(const struct ax *a)
{
    int64_t v = -1;
    assert_false(a->overflow);
    assert_int_equal(agent_eval(&env, a->code, (unsigned)a->len, &v), AGENT_OK);
    return v;
}

/* ---- a run ---- */
static struct trace_exprs x;
static struct trace_group g;

static void start_run(int ns, const int *wide, int one_point, int per_it,
                      uint64_t k)
{
    memset(vars, 0, sizeof vars);
    memset(recorded, 0, sizeof recorded);
    g.ns = ns;
    for (int s = 0; s < ns; s++) {
        g.wide[s] = wide[s];
        g.reg[s] = REG0 + (wide[s] ? 2 : 0); /* 72: 32-bit, 74: 64-bit */
    }
    trace_exprs_build(&x, &g, one_point, per_it, k);
    for (int s = 0; s < ns; s++)
        for (int w = 0; w < V_PER_EVENT; w++)
            vars[trace_var(s, w)] = (int64_t)trace_var_initial(w);
}

/* A hit at FROM (two points). */
static void hit_from(void)
{
    eval(&x.from_act[0]);
}

/* A hit at TO (or at the one point): the actions run if the condition
 * holds, as stub/core/trace/trace_hit.c does. */
static void hit_to(void)
{
    if (!x.one_point && !eval(&x.to_cond))
        return;
    for (int i = 0; i < x.n_to_act; i++)
        eval(&x.to_act[i]);
}

static uint64_t v(int s, int w) { return (uint64_t)vars[trace_var(s, w)]; }

static void two_points_32_and_64_bit(void **state)
{
    /* slot 0: 32-bit register 72, wrapping; slot 1: 64-bit register 74 */
    static const int wide[] = {0, 1};
    static const uint64_t c0[] = {100, 250, 90};           /* counts */
    static const uint64_t c1[] = {5000000000ull, 7, 123456};
    (void)state;
    start_run(2, wide, 0, 0, 3);

    regs[0] = 0xffffff00; /* crosses 2^32 in the first bracket */
    regs[2] = 0xffffffff00ull;
    hit_to(); /* mid-bracket at the start: no bracket */
    assert_int_equal(v(0, V_SUM), 0);
    assert_int_equal(vars[TRACE_VAR_N], 0);
    for (int i = 0; i < 3; i++) {
        hit_from();
        regs[0] = (uint32_t)(regs[0] + c0[i]);
        regs[2] += c1[i];
        assert_int_equal(eval(&x.stop_cond), 0);
        hit_to();
        regs[0] += 17; /* between brackets: not counted */
        regs[2] += 17;
    }
    assert_int_equal(vars[TRACE_VAR_N], 3);
    assert_int_equal(eval(&x.stop_cond), 1);
    assert_int_equal(v(0, V_SUM), 440);
    assert_int_equal(v(0, V_REF), 100);
    /* (0)^2 + 150^2 + (-10)^2 */
    assert_int_equal(v(0, V_SQ), 22600);
    assert_int_equal(v(0, V_MIN), 90);
    assert_int_equal(v(0, V_MAX), 250);
    assert_int_equal(v(1, V_SUM), 5000000000ull + 7 + 123456);
    assert_int_equal(v(1, V_MIN), 7);
    assert_int_equal(v(1, V_MAX), 5000000000ull);
    assert_int_equal(v(1, V_REF), 5000000000ull);
    /* nothing recorded without --per-iteration */
    assert_int_equal(recorded[trace_var(0, V_DELTA)], 0);
}

static void one_point_counts_passes(void **state)
{
    static const int wide[] = {0};
    (void)state;
    start_run(1, wide, 1, 1, 2);
    regs[0] = 1000;
    hit_to(); /* arms */
    assert_int_equal(vars[TRACE_VAR_N], 0);
    regs[0] += 30;
    hit_to();
    assert_int_equal(eval(&x.stop_cond), 0);
    regs[0] += 50;
    hit_to();
    assert_int_equal(vars[TRACE_VAR_N], 2);
    assert_int_equal(eval(&x.stop_cond), 1);
    assert_int_equal(v(0, V_SUM), 80);
    assert_int_equal(v(0, V_MIN), 30);
    assert_int_equal(v(0, V_MAX), 50);
    assert_int_equal(v(0, V_SQ), 400);
    /* --per-iteration: each pass's count recorded, the last one kept */
    assert_int_equal(recorded[trace_var(0, V_DELTA)], 2);
    assert_int_equal(v(0, V_DELTA), 50);
}

static void four_slots_fit(void **state)
{
    /* Power's four counters, 64-bit, per iteration: each expression fits
     * the stub's packet (1024 bytes of hex, with the header). */
    static const int wide[] = {1, 1, 1, 1};
    (void)state;
    start_run(4, wide, 1, 1, 1000000);
    for (int i = 0; i < x.n_to_act; i++) {
        assert_false(x.to_act[i].overflow);
        assert_true(2 * x.to_act[i].len + 40 < 1024);
    }
    assert_int_equal(x.n_to_act, 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(two_points_32_and_64_bit),
        cmocka_unit_test(one_point_counts_passes),
        cmocka_unit_test(four_slots_fit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
