/*
 * test_agent.c - the agent-expression interpreter (stub/core/trace/agent.c):
 * every opcode class of the GDB manual's "Bytecode Descriptions" on
 * values worked out by hand, and every error, which must end the
 * expression and never touch memory or registers. Registers and memory
 * are the fake port's (big-endian, like both real ports).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "trace/agent.h"
#include "exchange.h"

/* ---- a small assembler: opcodes from gdbsupport/ax.def ---- */
enum {
    FLOAT = 0x01, ADD, SUB, MUL, DIV_S, DIV_U, REM_S, REM_U, LSH, RSH_S,
    RSH_U, TRACE, TRACE_QUICK, LOG_NOT, BIT_AND, BIT_OR, BIT_XOR, BIT_NOT,
    EQUAL, LESS_S, LESS_U, EXT, REF8, REF16, REF32, REF64, REF_FLOAT,
    REF_DOUBLE, REF_LDOUBLE, L_TO_D, D_TO_L, IF_GOTO, GOTO, C8, C16, C32, C64,
    REG, END, DUP, POP, ZERO_EXT, SWAP, GETV, SETV, TRACEV, TRACENZ, TRACE16,
    INVALID2, PICK, ROT, PRINTF,
};

/* A constant as const64 (big-endian operand). */
#define K64(v)                                                              \
    C64, (uint8_t)((uint64_t)(v) >> 56), (uint8_t)((uint64_t)(v) >> 48),    \
        (uint8_t)((uint64_t)(v) >> 40), (uint8_t)((uint64_t)(v) >> 32),     \
        (uint8_t)((uint64_t)(v) >> 24), (uint8_t)((uint64_t)(v) >> 16),     \
        (uint8_t)((uint64_t)(v) >> 8), (uint8_t)(v)
#define K32(v)                                                              \
    C32, (uint8_t)((v) >> 24), (uint8_t)((v) >> 16), (uint8_t)((v) >> 8),   \
        (uint8_t)(v)

/* ---- the environment: two variables, and a log of what is recorded ---- */
static int64_t var[3];
static char log_[256];

static int getv(unsigned n, int64_t *v)
{
    if (n == 0 || n > 2)
        return -1;
    *v = var[n];
    return 0;
}

static int setv(unsigned n, int64_t v)
{
    if (n == 0 || n > 2)
        return -1;
    var[n] = v;
    return 0;
}

static enum agent_error full; /* what the recorders answer */

static enum agent_error rec_mem(stub_addr_t addr, unsigned len)
{
    snprintf(log_ + strlen(log_), sizeof log_ - strlen(log_), "M%x,%u;",
             addr, len);
    return full;
}

static enum agent_error rec_var(unsigned n)
{
    snprintf(log_ + strlen(log_), sizeof log_ - strlen(log_), "V%u;", n);
    return full;
}

static const struct agent_env env = {getv, setv, rec_mem, rec_var};
static const struct agent_env cond_env = {getv, setv, 0, 0};

static int setup(void **state)
{
    (void)state;
    fake_reset();
    var[1] = 10, var[2] = -3;
    log_[0] = 0;
    full = AGENT_OK;
    return 0;
}

#define RUN(want_err, want_val, ...)                                        \
    do {                                                                    \
        static const uint8_t code_[] = {__VA_ARGS__};                       \
        int64_t v_ = 0x5a5a;                                                \
        enum agent_error e_ = agent_eval(&env, code_, sizeof code_, &v_);   \
        assert_int_equal(e_, want_err);                                     \
        if (e_ == AGENT_OK)                                                 \
            assert_int_equal((uint64_t)v_, (uint64_t)(want_val));          \
    } while (0)
#define OK(want, ...) RUN(AGENT_OK, want, __VA_ARGS__, END)
#define ERR(e, ...) RUN(e, 0, __VA_ARGS__)

static void arithmetic(void **st)
{
    (void)st;
    OK(7, C8, 3, C8, 4, ADD);
    OK(-1, C8, 3, C8, 4, SUB); /* a b => a - b */
    OK(0xfffffffe00000001ull, K32(0xffffffffu), K32(0xffffffffu), MUL);
    OK(-3, K64(-7), C8, 2, DIV_S);   /* toward zero */
    OK(-1, K64(-7), C8, 2, REM_S);   /* the dividend's sign */
    OK(1, K64(7), K64(-2), REM_S);
    OK(0x7fffffffffffffffull, K64(-2), C8, 2, DIV_U);
    OK(1, K64(-1), C8, 2, REM_U);
    OK(INT64_MIN, K64(INT64_MIN), K64(-1), DIV_S); /* wraps, no trap */
    OK(0, K64(INT64_MIN), K64(-1), REM_S);
    OK(12345678901234ull / 97, K64(12345678901234ull), C8, 97, DIV_U);
}

static void shifts(void **st)
{
    (void)st;
    OK(0x100000000ull, C8, 1, C8, 32, LSH);
    OK(0x8000000000000000ull, C8, 1, C8, 63, LSH);
    OK(0, C8, 1, C8, 64, LSH);
    OK(0x123456789ull >> 4, K64(0x123456789ull), C8, 4, RSH_U);
    OK(0x12345678, K64(0x1234567800000000ull), C8, 32, RSH_U);
    OK(0x1234, K64(0x1234567800000000ull), C8, 48, RSH_U);
    OK(0, K64(-1), C8, 200, RSH_U);
    OK(-2, K64(-8), C8, 2, RSH_S);
    OK(-1, K64(-8), C8, 40, RSH_S);
    OK(0xffffffff80000000ull, K64(0x8000000000000000ull), C8, 32, RSH_S);
    OK(-1, K64(-8), C8, 99, RSH_S);
    OK(4, K64(0x4000000000000000ull), C8, 60, RSH_S);
}

static void logic_and_comparisons(void **st)
{
    (void)st;
    OK(1, C8, 0, LOG_NOT);
    OK(0, C8, 5, LOG_NOT);
    OK(0x0c, C8, 0x0e, C8, 0x3c, BIT_AND);
    OK(0x3e, C8, 0x0e, C8, 0x3c, BIT_OR);
    OK(0x32, C8, 0x0e, C8, 0x3c, BIT_XOR);
    OK(~(uint64_t)5, C8, 5, BIT_NOT);
    OK(1, C8, 9, C8, 9, EQUAL);
    OK(0, C8, 9, C8, 8, EQUAL);
    OK(1, K64(-1), C8, 0, LESS_S);
    OK(0, K64(-1), C8, 0, LESS_U);
    OK(1, C8, 0, K64(-1), LESS_U);
}

static void constants_and_extension(void **st)
{
    (void)st;
    OK(0xff, C8, 0xff);
    OK(0xfffe, C16, 0xff, 0xfe);
    OK(0x80000001u, K32(0x80000001u));
    OK(0x0123456789abcdefull, K64(0x0123456789abcdefull));
    OK(-1, C8, 0xff, EXT, 8);
    OK(0x7f, C8, 0x7f, EXT, 8);
    OK(-2, C16, 0xff, 0xfe, EXT, 16);
    OK(0xffffffff80000001ull, K32(0x80000001u), EXT, 32);
    OK(0x34, C16, 0x12, 0x34, ZERO_EXT, 8);
    OK(0x80000001u, K64(0xffffffff80000001ull), ZERO_EXT, 32);
    OK(-5, K64(-5), ZERO_EXT, 64);
}

static void memory_and_registers(void **st)
{
    const uint32_t a = FAKE_RAM_BASE + 0x40;
    uint64_t want = 0;
    (void)st;
    for (int i = 0; i < 8; i++)
        want = want << 8 | fake_mem_pattern(a + (uint32_t)i);
    OK(want >> 56, K32(a), REF8);
    OK(want >> 48, K32(a), REF16);
    OK(want >> 32, K32(a), REF32);
    OK(want, K32(a), REF64);
    OK(fake_pc(), REG, 0, FAKE_REG_PC);
    OK(fake_pc() + 4, REG, 0, FAKE_REG_PC, C8, 4, ADD);
}

static void control_and_stack(void **st)
{
    (void)st;
    /* if_goto: taken to 8 (const8 2) or not (const8 1, end) */
    OK(2, C8, 1, IF_GOTO, 0, 8, C8, 1, END, C8, 2);
    OK(1, C8, 0, IF_GOTO, 0, 8, C8, 1, END, C8, 2);
    OK(9, GOTO, 0, 5, C8, 1, C8, 9);
    OK(6, C8, 3, DUP, ADD);
    OK(3, C8, 3, C8, 4, POP);
    OK(1, C8, 3, C8, 4, SWAP, SUB); /* 4 - 3 */
    OK(5, C8, 5, C8, 6, C8, 7, PICK, 2);
    OK(7, C8, 5, C8, 6, C8, 7, PICK, 0);
    /* rot: a b c => c a b; then the top is b */
    OK(2, C8, 1, C8, 2, C8, 3, ROT);
    OK(3, C8, 1, C8, 2, C8, 3, ROT, POP, POP);
    OK(0, C8, 1, POP); /* an empty stack ends with 0 */
}

static void variables_and_tracing(void **st)
{
    (void)st;
    OK(11, GETV, 0, 1, C8, 1, ADD, SETV, 0, 1);
    assert_int_equal(var[1], 11);
    OK(-3, GETV, 0, 2);
    /* trace: addr size =>; trace_quick/trace16: addr => addr */
    OK(0, K32(0x80001000u), C8, 8, TRACE, TRACEV, 0, 2, C8, 0);
    OK(0x80001010u, K32(0x80001010u), TRACE_QUICK, 4, TRACE16, 0x01, 0x00);
    assert_string_equal(log_, "M80001000,8;V2;M80001010,4;M80001010,256;");
    /* tracenz: up to the first zero byte, which is included. */
    log_[0] = 0;
    fake.ram[0x7e] = fake.ram[0x7f] = fake.ram[0x80] = 1;
    fake.ram[0x81] = 0;
    OK(0, K32(FAKE_RAM_BASE + 0x7e), C8, 100, TRACENZ, C8, 0);
    assert_string_equal(log_, "M8000107e,4;");
}

static void conditions_record_nothing(void **st)
{
    static const uint8_t code[] = {K32(0x80001000u), C8, 8, TRACE,
                                   TRACEV, 0, 1, C8, 1, END};
    int64_t v;
    (void)st;
    assert_int_equal(agent_eval(&cond_env, code, sizeof code, &v), AGENT_OK);
    assert_int_equal(v, 1);
    assert_string_equal(log_, "");
}

static void errors(void **st)
{
    (void)st;
    ERR(AGENT_BAD_OPCODE, 0x00);
    ERR(AGENT_BAD_OPCODE, INVALID2);
    ERR(AGENT_BAD_OPCODE, 0x35);
    ERR(AGENT_BAD_OPCODE, 0xff);
    ERR(AGENT_BAD_OPCODE, C8, 1, EXT, 0, END);
    ERR(AGENT_UNSUPPORTED, FLOAT);
    ERR(AGENT_UNSUPPORTED, C8, 0, REF_DOUBLE);
    ERR(AGENT_UNSUPPORTED, L_TO_D);
    ERR(AGENT_UNSUPPORTED, PRINTF);
    ERR(AGENT_TRUNCATED, C8, 1);           /* no end */
    ERR(AGENT_TRUNCATED, C32, 0, 0);       /* operand cut short */
    ERR(AGENT_BAD_JUMP, GOTO, 0, 4, END);  /* past the end */
    ERR(AGENT_BAD_JUMP, C8, 1, IF_GOTO, 0xff, 0xff, END);
    ERR(AGENT_STACK_UNDERFLOW, C8, 1, ADD, END);
    ERR(AGENT_STACK_UNDERFLOW, POP, END);
    ERR(AGENT_STACK_UNDERFLOW, C8, 1, PICK, 1, END);
    ERR(AGENT_STACK_UNDERFLOW, C8, 1, C8, 2, ROT, END);
    ERR(AGENT_DIV_ZERO, C8, 1, C8, 0, DIV_S, END);
    ERR(AGENT_DIV_ZERO, C8, 1, C8, 0, DIV_U, END);
    ERR(AGENT_DIV_ZERO, C8, 1, C8, 0, REM_S, END);
    ERR(AGENT_DIV_ZERO, C8, 1, C8, 0, REM_U, END);
    ERR(AGENT_MEM_FAULT, C16, 0x01, 0x00, REF32, END);
    ERR(AGENT_MEM_FAULT, K32(FAKE_RAM_BASE + FAKE_RAM_SIZE - 2), REF32, END);
    ERR(AGENT_MEM_FAULT, C16, 0x01, 0x00, C8, 8, TRACENZ, END);
    ERR(AGENT_BAD_REGISTER, REG, 0, FAKE_REG_HOLE, END);
    ERR(AGENT_BAD_REGISTER, REG, 0, FAKE_REG_F0, END); /* unavailable */
    ERR(AGENT_BAD_REGISTER, REG, 0x12, 0x34, END);
    ERR(AGENT_BAD_VARIABLE, GETV, 0, 3, END);
    ERR(AGENT_BAD_VARIABLE, C8, 1, SETV, 0, 0, END);
    ERR(AGENT_BAD_VARIABLE, TRACEV, 0, 9, END);
    ERR(AGENT_TOO_LONG, GOTO, 0, 0);       /* forever */
    full = AGENT_BUFFER_FULL;
    ERR(AGENT_BUFFER_FULL, C8, 0, C8, 4, TRACE, END);
}

static void stack_overflow(void **st)
{
    uint8_t code[2 * (PMUSTUB_AGENT_STACK + 1) + 1];
    int64_t v;
    (void)st;
    for (unsigned i = 0; i <= PMUSTUB_AGENT_STACK; i++)
        code[2 * i] = C8, code[2 * i + 1] = (uint8_t)i;
    code[sizeof code - 1] = END;
    assert_int_equal(agent_eval(&env, code, sizeof code, &v),
                     AGENT_STACK_OVERFLOW);
    /* One less fits. */
    code[sizeof code - 3] = END;
    assert_int_equal(agent_eval(&env, code, sizeof code - 2, &v), AGENT_OK);
    assert_int_equal(v, PMUSTUB_AGENT_STACK - 1);
}

static void errors_leave_the_program_alone(void **st)
{
    (void)st;
    errors(st);
    assert_int_equal(fake.mem_writes + fake.reg_writes, 0);
    for (int e = AGENT_OK; e < AGENT_N_ERRORS; e++)
        assert_true(strlen(agent_error_text((enum agent_error)e)) > 0);
    assert_string_equal(agent_error_text(AGENT_DIV_ZERO), "division by zero");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(arithmetic, setup),
        cmocka_unit_test_setup(shifts, setup),
        cmocka_unit_test_setup(logic_and_comparisons, setup),
        cmocka_unit_test_setup(constants_and_extension, setup),
        cmocka_unit_test_setup(memory_and_registers, setup),
        cmocka_unit_test_setup(control_and_stack, setup),
        cmocka_unit_test_setup(variables_and_tracing, setup),
        cmocka_unit_test_setup(conditions_record_nothing, setup),
        cmocka_unit_test_setup(errors, setup),
        cmocka_unit_test_setup(stack_overflow, setup),
        cmocka_unit_test_setup(errors_leave_the_program_alone, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
