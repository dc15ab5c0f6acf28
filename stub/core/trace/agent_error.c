/*
 * agent_error.c - the texts of the errors that end an expression or a
 * collection (agent.h), for qTStatus's "terror": a tracepoint's memory or
 * register collection fails with them too, with or without agent
 * expressions (PMUSTUB_TRACE_AGENT).
 */
#include "trace.h"
#include "trace/agent.h"

/* Without agent expressions (PMUSTUB_TRACE_AGENT=0) only a collection's
 * own errors can stop a run (a full buffer has a reason of its own): the
 * bytecode's texts are left out. */
static const char *const error_text[AGENT_N_ERRORS] = {
    [AGENT_OK] = "no error",
#if PMUSTUB_TRACE_AGENT
    [AGENT_BAD_OPCODE] = "bad bytecode",
    [AGENT_UNSUPPORTED] = "floating point or printf bytecode is not supported",
    [AGENT_TRUNCATED] = "bytecode ends without end",
    [AGENT_BAD_JUMP] = "goto outside the expression",
    [AGENT_STACK_OVERFLOW] = "agent stack overflow",
    [AGENT_STACK_UNDERFLOW] = "agent stack underflow",
    [AGENT_DIV_ZERO] = "division by zero",
    [AGENT_BAD_VARIABLE] = "no such trace state variable",
    [AGENT_TOO_LONG] = "expression ran too long",
#endif
    [AGENT_MEM_FAULT] = "memory read failed",
    [AGENT_BAD_REGISTER] = "no such register",
    [AGENT_BUFFER_FULL] = "trace buffer full",
};

const char *agent_error_text(enum agent_error e)
{
    return (unsigned)e < AGENT_N_ERRORS && error_text[e] ? error_text[e]
                                                         : "unknown error";
}
