/*
 * rsp/trace_exprs.c - the agent expressions of a traced measurement
 * (trace_exprs.h). Stack comments: the values left, top last.
 */
#include "rsp/trace_exprs.h"

unsigned trace_var(int slot, int which)
{
    return TRACE_VARS_BASE + (unsigned)(slot * V_PER_EVENT + which);
}

uint64_t trace_var_initial(int which)
{
    return which == V_MIN ? ~(uint64_t)0 : 0;
}

/* Pushes this bracket's count of slot s. */
static void emit_count(struct ax *a, const struct trace_group *gr, int s)
{
    ax_op16(a, AX_REG, (unsigned)gr->reg[s]);
    ax_op16(a, AX_GETV, trace_var(s, V_START));
    ax_op(a, AX_SUB);
    if (!gr->wide[s])
        ax_zero_ext(a, 32);
}

/* var = the count on top of the stack (which stays), the code that the
 * conditional jump skip leaps over. */
static void set_if(struct ax *a, unsigned v, size_t skip)
{
    ax_op(a, AX_DUP);
    ax_op16(a, AX_SETV, v);
    ax_op(a, AX_POP);
    ax_land(a, skip);
}

/* var += the top of the stack, which is used up. */
static void add_to_var(struct ax *a, unsigned v)
{
    ax_op16(a, AX_GETV, v);
    ax_op(a, AX_ADD);
    ax_op16(a, AX_SETV, v);
    ax_op(a, AX_POP);
}

/* With the count on top: if (count < v) v = count, or with greater
 * if (v < count); the count stays. */
static void keep_extreme(struct ax *a, unsigned v, int greater)
{
    size_t j;
    ax_op(a, AX_DUP);
    ax_op16(a, AX_GETV, v);
    if (greater)
        ax_op(a, AX_SWAP);
    ax_op(a, AX_LESS_UNSIGNED);
    ax_op(a, AX_LOG_NOT);
    j = ax_jump(a, AX_IF_GOTO);
    set_if(a, v, j);
}

/* Adds slot s's count to its sums; leaves the stack as it found it. */
static void emit_accumulate(struct ax *a, const struct trace_group *gr, int s,
                            int per_iteration)
{
    size_t j;

    emit_count(a, gr, s);
    /* the first bracket: ref = count */
    ax_op16(a, AX_GETV, TRACE_VAR_N);
    j = ax_jump(a, AX_IF_GOTO);
    set_if(a, trace_var(s, V_REF), j);
    /* sum += count */
    ax_op(a, AX_DUP);
    add_to_var(a, trace_var(s, V_SUM));
    /* sq += (count - ref)^2 */
    ax_op(a, AX_DUP);
    ax_op16(a, AX_GETV, trace_var(s, V_REF));
    ax_op(a, AX_SUB);
    ax_op(a, AX_DUP);
    ax_op(a, AX_MUL);
    add_to_var(a, trace_var(s, V_SQ));
    /* min starts at ~0: the comparisons are unsigned */
    keep_extreme(a, trace_var(s, V_MIN), 0);
    keep_extreme(a, trace_var(s, V_MAX), 1);
    if (per_iteration) {
        ax_op16(a, AX_SETV, trace_var(s, V_DELTA));
        ax_op16(a, AX_TRACEV, trace_var(s, V_DELTA));
    }
    ax_op(a, AX_POP);
}

/* start = the count now, for every slot. */
static void emit_starts(struct ax *a, const struct trace_group *gr)
{
    for (int s = 0; s < gr->ns; s++) {
        ax_op16(a, AX_REG, (unsigned)gr->reg[s]);
        ax_op16(a, AX_SETV, trace_var(s, V_START));
        ax_op(a, AX_POP);
    }
}

static void emit_setv_const(struct ax *a, unsigned v, uint64_t value)
{
    ax_const(a, value);
    ax_op16(a, AX_SETV, v);
    ax_op(a, AX_POP);
}

static void emit_n_plus_1(struct ax *a)
{
    ax_const(a, 1);
    add_to_var(a, TRACE_VAR_N);
}

/* One point (FROM = TO): per slot, end a pass if armed (the count from
 * start), then start the next. */
static void one_point_slot(struct ax *a, const struct trace_group *gr, int s,
                           int per_iteration)
{
    size_t j;
    ax_op16(a, AX_GETV, TRACE_VAR_ARMED);
    ax_op(a, AX_LOG_NOT);
    j = ax_jump(a, AX_IF_GOTO);
    emit_accumulate(a, gr, s, per_iteration);
    ax_land(a, j);
    ax_op16(a, AX_REG, (unsigned)gr->reg[s]);
    ax_op16(a, AX_SETV, trace_var(s, V_START));
    ax_op(a, AX_POP);
    ax_op(a, AX_END);
}

void trace_exprs_build(struct trace_exprs *x, const struct trace_group *gr,
                       int one_point, int per_iteration, uint64_t k)
{
    struct ax *last;
    size_t j;
    int s;

    x->one_point = one_point;
    ax_init(&x->from_act[0]);
    ax_init(&x->to_cond);
    ax_init(&x->stop_cond);
    for (s = 0; s < gr->ns; s++) {
        ax_init(&x->to_act[s]);
        if (one_point) {
            one_point_slot(&x->to_act[s], gr, s, per_iteration);
        } else {
            emit_accumulate(&x->to_act[s], gr, s, per_iteration);
            ax_op(&x->to_act[s], AX_END);
        }
    }
    x->n_to_act = gr->ns + 1;
    last = &x->to_act[gr->ns];
    ax_init(last);
    if (one_point) {
        /* n counts passes: only a hit that ended one */
        ax_op16(last, AX_GETV, TRACE_VAR_ARMED);
        ax_op(last, AX_LOG_NOT);
        j = ax_jump(last, AX_IF_GOTO);
        emit_n_plus_1(last);
        ax_land(last, j);
        emit_setv_const(last, TRACE_VAR_ARMED, 1);
    } else {
        emit_n_plus_1(last);
        emit_setv_const(last, TRACE_VAR_ARMED, 0);
        emit_starts(&x->from_act[0], gr);
        emit_setv_const(&x->from_act[0], TRACE_VAR_ARMED, 1);
        ax_op(&x->from_act[0], AX_END);
        ax_op16(&x->to_cond, AX_GETV, TRACE_VAR_ARMED);
        ax_op(&x->to_cond, AX_END);
    }
    ax_op(last, AX_END);
    ax_op16(&x->stop_cond, AX_GETV, TRACE_VAR_N);
    ax_const(&x->stop_cond, k);
    ax_op(&x->stop_cond, AX_LESS_UNSIGNED);
    ax_op(&x->stop_cond, AX_LOG_NOT);
    ax_op(&x->stop_cond, AX_END);
}
