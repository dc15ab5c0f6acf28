/*
 * trace_hit.c - what the stub does at a trap of its own before GDB hears
 * of it: collect at a tracepoint, evaluate a breakpoint's conditions, and
 * step over the trap to let the program go on.
 *
 * The port calls stub_stopped() with the counters frozen (as at any
 * stop), so collecting and evaluating add nothing to any count. Going on
 * uses only the port's own resume: the trap is lifted (the original
 * instruction written back), the port single-steps that one instruction
 * (a branch with its delay slot on MIPS) with the counters running, and at
 * the step's stop the trap goes back in and the program continues. So the
 * instruction under a tracepoint runs once and is counted once, and no
 * port needs a hook of its own for tracepoints.
 */
#include "trace/trace_native.h"
#include "sample/sample.h"

/* A step over the trap at addr is under way; then_continue: it is the
 * stub's own (GDB waits for a later stop), else GDB's "step". */
static struct {
    stub_addr_t addr;
    uint8_t active, then_continue;
} over;

/* Collects for each enabled tracepoint at pc, in the order GDB defined
 * them (several may share an address). */
static void hits_at(stub_addr_t pc)
{
    struct tracepoint *t = 0;

    while (trace_running() && (t = trace_next_point(t)) != 0) {
        enum agent_error e;
#if PMUSTUB_TRACE_AGENT
        int64_t v = 1;
#endif

        if (!t->h.flag || t->addr != pc)
            continue;
        if (t->native) {
            if (t->native & (NATIVE_FROM | NATIVE_TO))
                trace_native_hit(t->native);
            sample_hit(t->native);
            t->hits++;
            continue;
        }
#if PMUSTUB_TRACE_AGENT
        if (t->act) {
            e = agent_eval(&trace_live_env, TP_BYTES(t) + 2,
                           trace_get16(TP_BYTES(t)), &v);
            if (e != AGENT_OK) {
                trace_stop(TR_ERROR, t->number, e);
                return;
            }
        }
        if (!v)
            continue;
#endif
        t->hits++;
        e = trace_collect(t);
        if (e == AGENT_BUFFER_FULL)
            trace_stop(TR_FULL, t->number, AGENT_OK);
        else if (e != AGENT_OK)
            trace_stop(TR_ERROR, t->number, e);
        else if (t->pass && t->hits >= t->pass)
            trace_stop(TR_PASSCOUNT, t->number, AGENT_OK);
    }
}

static int step_over(stub_addr_t pc, int then_continue)
{
    bp_lift(pc);
    over.addr = pc;
    over.active = 1;
    over.then_continue = (uint8_t)then_continue;
    if (STUB_T(prepare_resume)(STUB_STEP) != 0) {
        bp_lay(pc);
        over.active = 0;
        return -1;
    }
    return 0;
}

/* The program stopped on a trap of ours (state: bp_state's); see
 * trace_on_stop. Apart from it so that the end of a step over a trap,
 * the other half of every hit, pays for none of this. */
static __attribute__((noinline)) int at_trap(struct stub_stop *why,
                                             stub_addr_t pc, int hidden,
                                             unsigned state)
{
    if (trace_running())
        hits_at(pc);
    if (trace_native_stop()) {
        why->swbreak = 1; /* the k-th bracket: pmuctl's stop */
        return 0;
    }
    if (!hidden && !why->swbreak)
        return 0; /* GDB's own step ended on a trap: it stops there */
    if ((state & BP_STATE_GDB) && bp_cond_true(pc)) {
        why->swbreak = 1; /* also when a step over led here */
        return 0;
    }
    /* A trap that is not GDB's is the run's, gone if the run just
     * stopped (a pass count, a full buffer, an error). */
    if (!trace_running() && !bp_trap_at(pc))
        return STUB_T(prepare_resume)(STUB_CONTINUE) == 0;
    return step_over(pc, 1) == 0;
}

int trace_on_stop(struct stub_stop *why)
{
    int hidden = 0;
    stub_addr_t pc;
    unsigned state;

    if (over.active) {
        bp_lay(over.addr);
        over.active = 0;
        hidden = over.then_continue;
    }
    /* Anything but a trap (a fault of the stepped instruction, GDB's
     * 0x03) is GDB's to see, even in the middle of a step over. */
    if (why->signal != STUB_SIGTRAP || why->interrupted)
        return 0;
    pc = STUB_T(get_pc)();
    state = bp_state(pc);
    if (!(state & BP_STATE_TRAP))
        return hidden && STUB_T(prepare_resume)(STUB_CONTINUE) == 0;
    return at_trap(why, pc, hidden, state);
}

int trace_prepare_resume(enum stub_resume how)
{
    stub_addr_t pc;

    trace_frame_none();
    pc = STUB_T(get_pc)();
    /* Only the tracepoints' own trap is stepped over. One that GDB left in
     * at the pc is GDB's: resuming onto it stops there again before the
     * instruction runs, as it always did (pmuctl's empty bracket,
     * --calibrate, is made so). */
    if (!bp_trap_at(pc) || bp_is_ours(pc))
        return STUB_T(prepare_resume)(how);
    return step_over(pc, how == STUB_CONTINUE);
}
