/*
 * agent.c - the agent-expression interpreter (agent.h).
 *
 * Opcodes, operand sizes and stack effects: GDB manual "Bytecode
 * Descriptions" and gdbsupport/ax.def (the numbers are fixed there for
 * independent implementations such as this one); checked against
 * gdbserver's ax.cc. Values are 64-bit two's complement; a and b are the
 * next-to-top and top of the stack, "a b => a op b".
 */
#include "trace/agent.h"

enum {
    OP_FLOAT = 0x01, OP_ADD, OP_SUB, OP_MUL, OP_DIV_SIGNED, OP_DIV_UNSIGNED,
    OP_REM_SIGNED, OP_REM_UNSIGNED, OP_LSH, OP_RSH_SIGNED, OP_RSH_UNSIGNED,
    OP_TRACE, OP_TRACE_QUICK, OP_LOG_NOT, OP_BIT_AND, OP_BIT_OR, OP_BIT_XOR,
    OP_BIT_NOT, OP_EQUAL, OP_LESS_SIGNED, OP_LESS_UNSIGNED, OP_EXT, OP_REF8,
    OP_REF16, OP_REF32, OP_REF64, OP_REF_FLOAT, OP_REF_DOUBLE,
    OP_REF_LONG_DOUBLE, OP_L_TO_D, OP_D_TO_L, OP_IF_GOTO, OP_GOTO, OP_CONST8,
    OP_CONST16, OP_CONST32, OP_CONST64, OP_REG, OP_END, OP_DUP, OP_POP,
    OP_ZERO_EXT, OP_SWAP, OP_GETV, OP_SETV, OP_TRACEV, OP_TRACENZ, OP_TRACE16,
    OP_INVALID2, OP_PICK, OP_ROT, OP_PRINTF, OP_LAST = OP_PRINTF
};

/* Per opcode: operand bytes in the code, values popped, values pushed
 * (pick checks its depth itself). A zero entry is no opcode. */
static const struct op_shape {
    uint8_t valid : 1, unsupported : 1, args : 4;
    uint8_t pops : 4, pushes : 4;
} shapes[OP_LAST + 1] = {
#define BIN {1, 0, 0, 2, 1}
#define UN {1, 0, 0, 1, 1}
#define NOFP {1, 1, 0, 0, 0}
    [OP_FLOAT] = NOFP, [OP_ADD] = BIN, [OP_SUB] = BIN, [OP_MUL] = BIN,
    [OP_DIV_SIGNED] = BIN, [OP_DIV_UNSIGNED] = BIN, [OP_REM_SIGNED] = BIN,
    [OP_REM_UNSIGNED] = BIN, [OP_LSH] = BIN, [OP_RSH_SIGNED] = BIN,
    [OP_RSH_UNSIGNED] = BIN, [OP_TRACE] = {1, 0, 0, 2, 0},
    [OP_TRACE_QUICK] = {1, 0, 1, 1, 1}, [OP_LOG_NOT] = UN,
    [OP_BIT_AND] = BIN, [OP_BIT_OR] = BIN, [OP_BIT_XOR] = BIN,
    [OP_BIT_NOT] = UN, [OP_EQUAL] = BIN, [OP_LESS_SIGNED] = BIN,
    [OP_LESS_UNSIGNED] = BIN, [OP_EXT] = {1, 0, 1, 1, 1}, [OP_REF8] = UN,
    [OP_REF16] = UN, [OP_REF32] = UN, [OP_REF64] = UN,
    [OP_REF_FLOAT] = NOFP, [OP_REF_DOUBLE] = NOFP,
    [OP_REF_LONG_DOUBLE] = NOFP, [OP_L_TO_D] = NOFP, [OP_D_TO_L] = NOFP,
    [OP_IF_GOTO] = {1, 0, 2, 1, 0}, [OP_GOTO] = {1, 0, 2, 0, 0},
    [OP_CONST8] = {1, 0, 1, 0, 1}, [OP_CONST16] = {1, 0, 2, 0, 1},
    [OP_CONST32] = {1, 0, 4, 0, 1}, [OP_CONST64] = {1, 0, 8, 0, 1},
    [OP_REG] = {1, 0, 2, 0, 1}, [OP_END] = {1, 0, 0, 0, 0},
    [OP_DUP] = {1, 0, 0, 1, 2}, [OP_POP] = {1, 0, 0, 1, 0},
    [OP_ZERO_EXT] = {1, 0, 1, 1, 1}, [OP_SWAP] = {1, 0, 0, 2, 2},
    [OP_GETV] = {1, 0, 2, 0, 1}, [OP_SETV] = {1, 0, 2, 1, 1},
    /* tracev pushes nothing (manual; gdbserver's ax.cc), whatever ax.def's
     * bookkeeping column says. */
    [OP_TRACEV] = {1, 0, 2, 0, 0}, [OP_TRACENZ] = {1, 0, 0, 2, 0},
    [OP_TRACE16] = {1, 0, 2, 1, 1}, [OP_PICK] = {1, 0, 1, 0, 1},
    [OP_ROT] = {1, 0, 0, 3, 3}, [OP_PRINTF] = NOFP,
#undef BIN
#undef UN
#undef NOFP
};

/* The code's operands are big-endian whatever the target (ax.def users
 * such as gdbserver's ax.cc read them most significant byte first). */
static uint64_t operand(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    while (n--)
        v = v << 8 | *p++;
    return v;
}

/* 64-bit division, and shifts by a variable count, are libgcc calls on a
 * 32-bit core (__udivdi3, __ashldi3 ... at -Os), and the stub links no
 * library: these do them with constant shifts and 32-bit halves. */

/* Shift-and-subtract division; d != 0. */
static uint64_t udivmod(uint64_t n, uint64_t d, uint64_t *rem)
{
    uint64_t q = 0, r = 0;
    for (int i = 0; i < 64; i++) {
        r = r << 1 | n >> 63;
        n <<= 1;
        q <<= 1;
        if (r >= d) {
            r -= d;
            q |= 1;
        }
    }
    *rem = r;
    return q;
}

/* v << n, 0 for n >= 64. */
static uint64_t shl(uint64_t v, uint64_t n)
{
    uint32_t hi = (uint32_t)(v >> 32), lo = (uint32_t)v;
    if (n >= 64)
        return 0;
    if (n >= 32)
        hi = lo << (n - 32), lo = 0;
    else if (n)
        hi = hi << n | lo >> (32 - n), lo <<= n;
    return (uint64_t)hi << 32 | lo;
}

/* v >> n with zeros (or with copies of bit 63 if arith) shifted in; all
 * bits out for n >= 64. */
static uint64_t shr(uint64_t v, uint64_t n, int arith)
{
    uint32_t fill = arith && (int64_t)v < 0 ? 0xffffffffu : 0;
    uint32_t hi = (uint32_t)(v >> 32), lo = (uint32_t)v;
    if (n >= 64)
        return (uint64_t)fill << 32 | fill;
    if (n > 32)
        lo = hi >> (n - 32) | fill << (64 - n), hi = fill;
    else if (n == 32)
        lo = hi, hi = fill;
    else if (n)
        lo = lo >> n | hi << (32 - n), hi = hi >> n | fill << (32 - n);
    return (uint64_t)hi << 32 | lo;
}

/* Signed: truncating toward zero, the remainder with the dividend's sign
 * (C's rules, which GDB's own evaluation follows). INT64_MIN / -1 wraps. */
static uint64_t sdivmod(uint64_t a, uint64_t b, uint64_t *rem)
{
    int na = (int64_t)a < 0, nb = (int64_t)b < 0;
    uint64_t r, q = udivmod(na ? -a : a, nb ? -b : b, &r);
    *rem = na ? -r : r;
    return na != nb ? -q : q;
}

/* Sign-extends v from its low n bits (1..64). */
static uint64_t sign_extend(uint64_t v, unsigned n)
{
    return n >= 64 ? v : shr(shl(v, 64 - n), 64 - n, 1);
}

static uint64_t zero_extend(uint64_t v, unsigned n)
{
    return n >= 64 ? v : shr(shl(v, 64 - n), 64 - n, 0);
}

static enum agent_error read_mem(stub_addr_t addr, unsigned n, uint64_t *v)
{
    uint8_t b[8];
    if (STUB_T(mem_read)(addr, b, n) != STUB_MEM_OK)
        return AGENT_MEM_FAULT;
    *v = agent_from_target(b, n);
    return AGENT_OK;
}

static enum agent_error read_reg(unsigned regno, uint64_t *v)
{
    uint8_t b[8];
    unsigned n = regno < STUB_T(nregs) ? STUB_T(reg_size)(regno) : 0;
    if (n == 0 || n > sizeof b || STUB_T(reg_read)(regno, b) != STUB_REG_OK)
        return AGENT_BAD_REGISTER;
    *v = agent_from_target(b, n);
    return AGENT_OK;
}

/* Binary arithmetic and comparison on a (next-to-top) and b (top). */
static enum agent_error binary(unsigned op, uint64_t a, uint64_t b,
                               uint64_t *out)
{
    uint64_t rem;

    switch (op) {
    case OP_ADD: *out = a + b; break;
    case OP_SUB: *out = a - b; break;
    case OP_MUL: *out = a * b; break;
    case OP_DIV_SIGNED: case OP_DIV_UNSIGNED:
    case OP_REM_SIGNED: case OP_REM_UNSIGNED:
        if (b == 0)
            return AGENT_DIV_ZERO;
        *out = op == OP_DIV_SIGNED || op == OP_REM_SIGNED ? sdivmod(a, b, &rem)
                                                          : udivmod(a, b, &rem);
        if (op == OP_REM_SIGNED || op == OP_REM_UNSIGNED)
            *out = rem;
        break;
    /* Shifts of 64 or more: all bits out (sign bits for rsh_signed), as
     * the arithmetic means; C leaves them undefined. */
    case OP_LSH: *out = shl(a, b); break;
    case OP_RSH_UNSIGNED: *out = shr(a, b, 0); break;
    case OP_RSH_SIGNED: *out = shr(a, b, 1); break;
    case OP_BIT_AND: *out = a & b; break;
    case OP_BIT_OR: *out = a | b; break;
    case OP_BIT_XOR: *out = a ^ b; break;
    case OP_EQUAL: *out = a == b; break;
    case OP_LESS_SIGNED: *out = (int64_t)a < (int64_t)b; break;
    case OP_LESS_UNSIGNED: *out = a < b; break;
    }
    return AGENT_OK;
}

/* The opcodes that record into the trace frame; without a frame (a
 * condition) they only do their stack effect. */
static enum agent_error record(const struct agent_env *env, unsigned op,
                               uint64_t addr, uint64_t len)
{
    uint8_t b;

    if (op == OP_TRACEV)
        return env->record_var ? env->record_var((unsigned)addr)
                               : AGENT_OK;
    if (!env->record_mem)
        return AGENT_OK;
    if (op == OP_TRACENZ) {
        /* Up to len bytes or the first zero, which is recorded too. */
        uint64_t n = 0;
        while (n < len) {
            if (STUB_T(mem_read)((stub_addr_t)(addr + n), &b, 1) != STUB_MEM_OK)
                return AGENT_MEM_FAULT;
            n++;
            if (b == 0)
                break;
        }
        len = n;
    }
    if (len > 0xffff)
        return AGENT_BUFFER_FULL; /* no frame block is that large */
    return env->record_mem((stub_addr_t)addr, (unsigned)len);
}

enum agent_error agent_eval(const struct agent_env *env, const uint8_t *code,
                            unsigned len, int64_t *value)
{
    uint64_t st[PMUSTUB_AGENT_STACK], v;
    unsigned sp = 0, pc = 0, steps = 0;
    enum agent_error e = AGENT_OK;

    for (;;) {
        unsigned op, arg;
        const struct op_shape *s;

        if (pc >= len)
            return AGENT_TRUNCATED;
        if (++steps > PMUSTUB_AGENT_STEPS)
            return AGENT_TOO_LONG;
        op = code[pc];
        s = op <= OP_LAST ? &shapes[op] : 0;
        if (!s || !s->valid)
            return AGENT_BAD_OPCODE;
        if (s->unsupported)
            return AGENT_UNSUPPORTED;
        if (len - pc - 1 < s->args)
            return AGENT_TRUNCATED;
        arg = (unsigned)operand(code + pc + 1, s->args < 4 ? s->args : 0);
        v = operand(code + pc + 1, s->args);
        pc += 1 + s->args;
        if (sp < s->pops)
            return AGENT_STACK_UNDERFLOW;
        if (sp - s->pops + s->pushes > PMUSTUB_AGENT_STACK)
            return AGENT_STACK_OVERFLOW;

        switch (op) {
        case OP_END:
            *value = sp ? (int64_t)st[sp - 1] : 0;
            return AGENT_OK;
        case OP_CONST8: case OP_CONST16: case OP_CONST32: case OP_CONST64:
            st[sp++] = v;
            break;
        case OP_REG:
            if ((e = read_reg(arg, &v)) != AGENT_OK)
                return e;
            st[sp++] = v;
            break;
        case OP_REF8: case OP_REF16: case OP_REF32: case OP_REF64:
            if ((e = read_mem((stub_addr_t)st[sp - 1], 1u << (op - OP_REF8),
                              &st[sp - 1])) != AGENT_OK)
                return e;
            break;
        case OP_LOG_NOT: st[sp - 1] = !st[sp - 1]; break;
        case OP_BIT_NOT: st[sp - 1] = ~st[sp - 1]; break;
        case OP_EXT:
            if (arg == 0)
                return AGENT_BAD_OPCODE;
            st[sp - 1] = sign_extend(st[sp - 1], arg);
            break;
        case OP_ZERO_EXT:
            st[sp - 1] = zero_extend(st[sp - 1], arg);
            break;
        case OP_IF_GOTO: case OP_GOTO:
            if (op == OP_IF_GOTO && !st[--sp])
                break;
            if (arg >= len)
                return AGENT_BAD_JUMP;
            pc = arg;
            break;
        case OP_DUP: st[sp] = st[sp - 1]; sp++; break;
        case OP_POP: sp--; break;
        case OP_SWAP:
            v = st[sp - 1], st[sp - 1] = st[sp - 2], st[sp - 2] = v;
            break;
        case OP_PICK: /* 0 is dup */
            if (arg >= sp)
                return AGENT_STACK_UNDERFLOW;
            st[sp] = st[sp - 1 - arg];
            sp++;
            break;
        case OP_ROT: /* a b c => c a b */
            v = st[sp - 1];
            st[sp - 1] = st[sp - 2];
            st[sp - 2] = st[sp - 3];
            st[sp - 3] = v;
            break;
        case OP_GETV: {
            int64_t x;
            if (!env->getv || env->getv(arg, &x) != 0)
                return AGENT_BAD_VARIABLE;
            st[sp++] = (uint64_t)x;
            break;
        }
        case OP_SETV:
            if (!env->setv || env->setv(arg, (int64_t)st[sp - 1]) != 0)
                return AGENT_BAD_VARIABLE;
            break;
        case OP_TRACEV: {
            int64_t x;
            if (!env->getv || env->getv(arg, &x) != 0)
                return AGENT_BAD_VARIABLE;
            if ((e = record(env, op, arg, 0)) != AGENT_OK)
                return e;
            break;
        }
        case OP_TRACE: case OP_TRACENZ: /* addr size => */
            sp -= 2;
            if ((e = record(env, op, st[sp], st[sp + 1])) != AGENT_OK)
                return e;
            break;
        case OP_TRACE_QUICK: case OP_TRACE16: /* addr => addr */
            if ((e = record(env, op, st[sp - 1], arg)) != AGENT_OK)
                return e;
            break;
        default: /* the binary operations */
            sp--;
            if ((e = binary(op, st[sp - 1], st[sp], &st[sp - 1])) != AGENT_OK)
                return e;
            break;
        }
    }
}
