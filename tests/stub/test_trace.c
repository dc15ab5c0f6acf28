/*
 * test_trace.c - the tracepoint packets (GDB manual, "Tracepoint
 * Packets") and target-evaluated breakpoint conditions, on the fake port:
 * what a hit collects, how the stub steps over its trap without a word to
 * GDB, what a selected frame answers, the run's stop reasons, and the
 * upload of definitions. Values are the fake's register and memory
 * patterns, worked out here independently of the stub.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "exchange.h"
#include "trace_fixture.h"
#include "trace/trace_internal.h"
#include "pmustub/quick.h"

#define A TRACE_A
#define DATA (FAKE_RAM_BASE + 0x40)

/* The program stops at pc (by a trap, or at the end of a step): returns
 * the stop reply the stub sent, or "" if it kept the stop to itself. */
static const char *stop_at(uint32_t pc, int swbreak)
{
    struct stub_stop why = {STUB_SIGTRAP, swbreak, 0, 0};
    struct rsp_unit *u;
    int n;

    trace_set_pc(pc);
    fake_clear_io();
    fake_input_str("+");
    fake.prepare_calls = 0;
    stub_stopped(&why);
    n = out_units(&u);
    if (n == 0) {
        assert_int_equal(fake.prepare_calls, 1); /* it resumed */
        return "";
    }
    assert_int_equal(u[0].kind, '$');
    return u[0].payload;
}

/* A hit at A that the stub handles alone: the trap is lifted for a step
 * over the original instruction, then put back and the program goes on. */
static void silent_hit(void)
{
    assert_string_equal(stop_at(A, 1), "");
    assert_int_equal(fake.prepare_how, STUB_STEP);
    assert_mem_pristine(A, 4);
    assert_string_equal(stop_at(A + 4, 0), "");
    assert_int_equal(fake.prepare_how, STUB_CONTINUE);
    assert_mem(A, fake_break_insn, 4);
}

static const char *hexreg(unsigned regno)
{
    static char s[9];
    return to_hex(s, fake.regs[regno], 4);
}

static const char *hexmem(uint32_t addr, unsigned n)
{
    static char s[64];
    uint8_t b[32];
    for (unsigned i = 0; i < n; i++)
        b[i] = (uint8_t)fake_mem_byte(addr + i);
    return to_hex(s, b, n);
}

static void qtdp(const char *fmt)
{
    char pkt[256];
    const char *r;
    snprintf(pkt, sizeof pkt, fmt, A, A);
    if (strcmp(r = exchange(pkt), "OK"))
        fail_msg("%s -> %s", pkt, r);
}

/* pkt's reply is fmt with A in it. */
static void expect_at(const char *pkt, const char *fmt)
{
    char want[128];
    snprintf(want, sizeof want, fmt, A);
    assert_string_equal(exchange(pkt), want);
}

/* Appends text hex-encoded, as qTStatus carries its texts. */
static void append_hex(char *dst, const char *text)
{
    for (; *text; text++)
        sprintf(dst + strlen(dst), "%02x", (unsigned char)*text);
}

static int has(const char *s, const char *part)
{
    return strstr(s, part) != NULL;
}

/* sp (29) and the p-only register 72: mask bytes 3 and 9. */
#define MASK "01000000000020000000"
/* $v1 = $v1 + 1 (getv 1, const8 1, add, setv 1, pop, end) */
#define INC_V1 "b,2c00012201022d00012927"

#if PMUSTUB_TRACE_AGENT
static void a_hit_collects_and_the_frame_answers(void **st)
{
    char want[64];
    unsigned writes;
    (void)st;
    assert_string_equal(exchange("QTDV:1:0000000000000005:0:7631"), "OK");
    qtdp("QTDP:1:%08x:E:0:0-");
    qtdp("QTDP:-1:%08x:R" MASK "-");
    qtdp("QTDP:-1:%08x:M-1,80001040,8X" INC_V1);
    assert_string_equal(exchange("QTStart"), "OK");
    assert_mem(A, fake_break_insn, 4);
    silent_hit();
    assert_true(has(exchange("qTStatus"), "T1;tframes:1;"));
    assert_string_equal(exchange("qTV:1"), "V6");
    snprintf(want, sizeof want, "V1:%x", 6 + 7 + 7 + 19);
    snprintf(want + 32, 32, "qTP:1:%08x", A);
    assert_string_equal(exchange(want + 32), want);
    assert_string_equal(exchange("QTStop"), "OK");
    assert_mem_pristine(A, 4);
    assert_true(has(exchange("qTStatus"), "T0;tstop::0;tframes:1;"));

    assert_string_equal(exchange("QTFrame:0"), "F0T1");
    assert_string_equal(exchange("p1d"), hexreg(29));
    assert_string_equal(exchange("p48"), hexreg(72));
    assert_string_equal(exchange("p1e"), "xxxxxxxx"); /* not collected */
    snprintf(want, sizeof want, "%08x", A);            /* the pc: the tp's */
    assert_string_equal(exchange("p25"), want);
    assert_string_equal(exchange("m80001040,8"), hexmem(DATA, 8));
    assert_string_equal(exchange("m80001044,10"), hexmem(DATA + 4, 4));
    assert_error_reply(exchange("m80001080,4"));
    assert_string_equal(exchange("qTV:1"), "U"); /* teval records nothing */
    /* Every packet that reads for GDB reads the frame: g ("info
     * registers"), the stop reply's registers ('?') and qCRC
     * (compare-sections), which fails on memory the frame did not
     * collect although the program's is readable. */
    snprintf(want, sizeof want, "%s", exchange("g") + 8 * 29);
    assert_memory_equal(want, hexreg(29), 8);
    assert_memory_equal(want + 8, "xxxxxxxx", 8);
    snprintf(want, sizeof want, "25:%08x;1d:%s;", A, hexreg(29));
    assert_true(has(exchange("?"), want));
    assert_false(has(exchange("?"), ";1e:"));
    assert_error_reply(exchange("qCRC:80001080,4"));
    writes = fake.mem_writes + fake.reg_writes;
    assert_error_reply(exchange("M80001040,1:00")); /* a frame is history */
    assert_error_reply(exchange("P1d=00000000"));
    assert_int_equal(fake.mem_writes + fake.reg_writes, writes);

    /* Breakpoints still go into the program's memory. */
    assert_string_equal(exchange("Z0,80001208,4"), "OK");
    assert_mem(A + 8, fake_break_insn, 4);
    assert_string_equal(exchange("z0,80001208,4"), "OK");
    assert_mem_pristine(A + 8, 4);

    assert_string_equal(exchange("QTFrame:1"), "F-1"); /* and back to live */
    assert_string_equal(exchange("p1e"), hexreg(30));
    assert_true(has(exchange("qCRC:80001080,4"), "C"));
    assert_string_equal(exchange("QTFrame:0"), "F0T1");
    assert_string_equal(exchange("QTFrame:-1"), "OK");
    assert_string_equal(exchange("p1e"), hexreg(30));
    assert_string_equal(exchange("QTFrame:ffffffff"), "OK");
}
#endif

static void frames_are_found_by_pc_tracepoint_and_range(void **st)
{
    char pkt[64];
    (void)st;
    qtdp("QTDP:1:%08x:E:0:0-");
    qtdp("QTDP:-1:%08x:R" MASK);
    qtdp("QTDP:2:%08x:E:0:0-");
    qtdp("QTDP:-2:%08x:R" MASK);
    assert_string_equal(exchange("QTStart"), "OK");
    silent_hit(); /* frames 0 (tp 1) and 1 (tp 2) */
    silent_hit(); /* 2 and 3 */
    assert_string_equal(exchange("QTStop"), "OK");
    assert_string_equal(exchange("QTFrame:tdp:2"), "F1T2");
    assert_string_equal(exchange("QTFrame:tdp:2"), "F3T2"); /* after 1 */
    assert_string_equal(exchange("QTFrame:tdp:2"), "F-1");
    snprintf(pkt, sizeof pkt, "QTFrame:pc:%x", A);
    assert_string_equal(exchange(pkt), "F0T1");
    snprintf(pkt, sizeof pkt, "QTFrame:range:%x:%x", A - 4, A);
    assert_string_equal(exchange(pkt), "F1T2");
    snprintf(pkt, sizeof pkt, "QTFrame:outside:%x:%x", A - 4, A);
    assert_string_equal(exchange(pkt), "F-1");
    assert_string_equal(exchange("QTFrame:3"), "F3T2");
    assert_string_equal(exchange("QTFrame:4"), "F-1");
    /* A sign-extended address, as GDB sends MIPS ones. */
    snprintf(pkt, sizeof pkt, "QTFrame:pc:ffffffff%08x", A);
    assert_string_equal(exchange(pkt), "F0T1");
    assert_string_equal(exchange("QTFrame:-1"), "OK");
}

#if PMUSTUB_TRACE_AGENT
static void definitions_upload_as_sent(void **st)
{
    (void)st;
    assert_string_equal(exchange("QTDV:1:0000000000000005:0:7631"), "OK");
    assert_string_equal(exchange("QTDV:2:ffffffffffffffff:0:7632"), "OK");
    qtdp("QTDP:1:ffffffff%08x:E:0:3:X3,220127-");
    qtdp("QTDP:-1:%08x:R" MASK "-");
    qtdp("QTDP:-1:%08x:M-1,80001040,8-");
    qtdp("QTDP:-1:%08x:M1d,10,4X" INC_V1);
    qtdp("QTDP:2:%08x:D:0:0");
    expect_at("qTfP", "T1:%08x:E:0:3:X3,220127");
    expect_at("qTsP", "A1:%08x:R" MASK);
    expect_at("qTsP", "A1:%08x:M-1,80001040,8");
    expect_at("qTsP", "A1:%08x:M1d,10,4");
    expect_at("qTsP", "A1:%08x:X" INC_V1);
    expect_at("qTsP", "T2:%08x:D:0:0");
    assert_string_equal(exchange("qTsP"), "l");
    assert_string_equal(exchange("qTfV"), "1:5:0:7631");
    assert_string_equal(exchange("qTsV"), "2:ffffffffffffffff:0:7632");
    assert_string_equal(exchange("qTsV"), "l");
    assert_string_equal(exchange("qTV:2"), "Vffffffffffffffff");
    assert_string_equal(exchange("qTV:3"), "U");
    /* A disabled tracepoint puts no trap in. */
    assert_string_equal(exchange("QTStart"), "OK");
    assert_string_equal(exchange("QTStop"), "OK");
}

static void conditions_and_pass_counts(void **st)
{
    (void)st;
    /* Tracepoint 1 never collects (const8 0); 2 stops the run at 2 hits. */
    qtdp("QTDP:1:%08x:E:0:0:X3,220027-");
    qtdp("QTDP:-1:%08x:R" MASK);
    qtdp("QTDP:2:%08x:E:0:2:X3,220127-");
    qtdp("QTDP:-2:%08x:R" MASK);
    assert_string_equal(exchange("QTStart"), "OK");
    silent_hit();
    assert_true(has(exchange("qTStatus"), "T1;tframes:1;"));
    /* The second hit ends the run: the trap goes, the program just
     * continues. */
    assert_string_equal(stop_at(A, 1), "");
    assert_int_equal(fake.prepare_how, STUB_CONTINUE);
    assert_mem_pristine(A, 4);
    assert_true(has(exchange("qTStatus"), "T0;tpasscount:2;tframes:2;"));
}
#endif

static void a_full_buffer_stops_the_run(void **st)
{
    char pkt[32];
    const char *tsize;
    (void)st;
    /* A frame: header 6 + sp 7 + register 72 7 = 20 bytes; 30 fit one. */
    assert_string_equal(exchange("QTBuffer:size:1e"), "OK");
    qtdp("QTDP:1:%08x:E:0:0-");
    qtdp("QTDP:-1:%08x:R" MASK);
    assert_string_equal(exchange("QTStart"), "OK");
    silent_hit();
    assert_string_equal(stop_at(A, 1), "");
    assert_mem_pristine(A, 4);
    assert_true(has(exchange("qTStatus"),
                    "T0;tfull:1;tframes:1;tcreated:1;tfree:a;tsize:1e;"));
    snprintf(pkt, sizeof pkt, "QTBuffer:size:%x", PMUSTUB_TRACE_BUFFER_BYTES + 1);
    assert_error_reply(exchange(pkt)); /* beyond the build */
    /* All the buffer but what the tracepoint's definition takes
     * (test_trace_area.c measures that). */
    assert_string_equal(exchange("QTBuffer:size:-1"), "OK");
    tsize = strstr(exchange("qTStatus"), ";tsize:");
    assert_non_null(tsize);
    assert_in_range(strtoul(tsize + 7, NULL, 16), PMUSTUB_TRACE_BUFFER_BYTES - 64,
                    PMUSTUB_TRACE_BUFFER_BYTES - 1);
}

#if PMUSTUB_TRACE_AGENT
static void an_error_in_an_action_stops_the_run_with_its_reason(void **st)
{
    char want[96] = "T0;terror:";
    (void)st;
    append_hex(want, "division by zero");
    strcat(want, ":1;");
    /* const8 1, const8 0, div_signed, end */
    qtdp("QTDP:1:%08x:E:0:0-");
    qtdp("QTDP:-1:%08x:X6,220122000527");
    assert_string_equal(exchange("QTStart"), "OK");
    assert_string_equal(stop_at(A, 1), "");
    assert_mem_pristine(A, 4);
    assert_true(has(exchange("qTStatus"), want));
}
#endif

static void unsupported_definitions_are_refused(void **st)
{
    (void)st;
    static const char *const bad[] = {
        "QTDP:1:80001200:E:1:0",          /* while-stepping */
        "QTDP:1:80001200:E:0:0:F4",       /* fast */
        "QTDP:1:80001200:E:0:0:S",        /* static */
        "QTDP:-1:80001200:R1",            /* actions of no open tracepoint */
        "QTDP:1:80001200:Y:0:0",
        "QTDP:1:80001200:E:0:0:X3,2201",  /* cut short */
        "QTDP:1:80001200:E:0:0:X3,220127zz", /* more after its condition */
        "QTDV:0:0:0:61",
        "QTBuffer:circular:1",
        "QTFrame:zz",
    };
    assert_errors(bad, sizeof bad / sizeof *bad);
    qtdp("QTDP:1:%08x:E:0:0-");
    assert_error_reply(exchange("QTDP:-1:80001200:S" "R1")); /* stepping */
    qtdp("QTDP:2:%08x:E:0:0");
    assert_string_equal(exchange("QTStart"), "OK");
    assert_error_reply(exchange("QTDP:3:80001200:E:0:0"));
    assert_error_reply(exchange("QTStart"));
}

/* Tracepoint 0 (GDB numbers from 1) and places no trap can go: refused
 * when defined, not at QTStart, and nothing is left defined. */
static void impossible_tracepoints_are_refused_at_once(void **st)
{
    char pkt[64];
    (void)st;
    snprintf(pkt, sizeof pkt, "QTDP:0:%08x:E:0:0", A);
    assert_error_reply(exchange(pkt));
    assert_error_reply(exchange("QTDP:1:ffffffff:E:0:0"));   /* unaligned */
    snprintf(pkt, sizeof pkt, "QTDP:1:%08x:E:0:0", A + 2);
    assert_error_reply(exchange(pkt));
    assert_string_equal(exchange("qTfP"), "l");
}

/* QTNotes (GDB's trace-user, trace-notes, tstart/tstop NOTES): the user
 * and the notes come back in qTStatus as sent. */
static void notes_are_kept_for_the_status(void **st)
{
    char want[96] = ";username:", pkt[96] = "QTNotes:user:";
    (void)st;
    append_hex(pkt, "pmuctl");
    strcat(pkt, ";notes:");
    append_hex(pkt, "run 7");
    strcat(pkt, ";tstart:");
    append_hex(pkt, "go");
    assert_string_equal(exchange(pkt), "OK");
    append_hex(want, "pmuctl");
    strcat(want, ";notes:");
    append_hex(want, "run 7");
    assert_true(has(exchange("qTStatus"), want));
    assert_error_reply(exchange("QTNotes:colour:00"));
    assert_error_reply(exchange("QTNotes:user:zz"));
    assert_string_equal(exchange("QTinit"), "OK");
    assert_false(has(exchange("qTStatus"), "username"));
    assert_false(has(exchange("qTStatus"), "notes"));
}

/* GDB's own breakpoint at a tracepoint: the hit collects and stops; GDB's
 * continue steps over the trap without collecting again. */
static void continuing_from_a_tracepoint_does_not_collect_twice(void **st)
{
    (void)st;
    qtdp("QTDP:1:%08x:E:0:0-");
    qtdp("QTDP:-1:%08x:R" MASK);
    assert_string_equal(exchange("Z0,80001200,4"), "OK");
    assert_string_equal(exchange("QTStart"), "OK");
    expect_resume("c"); /* GDB waits for a stop */
    assert_true(has(stop_at(A, 1), "T05swbreak:;"));
    assert_string_equal(exchange("z0,80001200,4"), "OK");
    assert_mem(A, fake_break_insn, 4); /* still the tracepoint's */
    expect_resume("c");
    assert_int_equal(fake.prepare_how, STUB_STEP);
    assert_mem_pristine(A, 4);
    assert_string_equal(stop_at(A + 4, 0), "");
    assert_mem(A, fake_break_insn, 4);
    assert_true(has(exchange("qTStatus"), "tframes:1;"));
}

/* A trap GDB left in at the pc is GDB's: resuming onto it is not stepped
 * over, it stops there again (pmuctl's --calibrate measures that empty
 * bracket). */
static void resuming_onto_gdbs_own_trap_is_left_to_gdb(void **st)
{
    (void)st;
    assert_string_equal(exchange("Z0,80001200,4"), "OK");
    expect_resume("c");
    assert_true(has(stop_at(A, 1), "T05swbreak:;"));
    expect_resume("c");
    assert_int_equal(fake.prepare_how, STUB_CONTINUE);
    assert_mem(A, fake_break_insn, 4);
    assert_true(has(stop_at(A, 1), "T05swbreak:;"));
}

#if PMUSTUB_TRACE_AGENT
static void breakpoint_conditions(void **st)
{
    char want[128] = ";notes:";
    (void)st;
    append_hex(want, "breakpoint condition at 0x80001200: division by zero");
    /* reg 29 (sp) == its value: true; const8 0: false. Any true stops. */
    char cond_true[64];
    snprintf(cond_true, sizeof cond_true,
             "Z0,80001200,4;Xa,26001d24%s1327X3,220027", hexreg(29));
    assert_string_equal(exchange("Z0,80001200,4;X3,220027X3,220027"), "OK");
    expect_resume("c"); /* GDB waits for a stop */
    silent_hit();
    assert_string_equal(exchange(cond_true), "OK"); /* replaces the list */
    assert_true(has(stop_at(A, 1), "T05swbreak:;"));
    /* Without a list, unconditional again. */
    assert_string_equal(exchange("Z0,80001200,4;X3,220027"), "OK");
    silent_hit();
    assert_string_equal(exchange("Z0,80001200,4"), "OK");
    assert_true(has(stop_at(A, 1), "T05swbreak:;"));
    /* One that cannot be evaluated stops, and qTStatus says why. */
    assert_string_equal(exchange("Z0,80001200,4;X6,220122000527"), "OK");
    assert_true(has(stop_at(A, 1), "T05swbreak:;"));
    assert_true(has(exchange("qTStatus"), want));
    assert_string_equal(exchange("z0,80001200,4"), "OK");
    /* A bad list: an error, and no breakpoint. */
    assert_error_reply(exchange("Z0,80001204,4;Xzz"));
    assert_error_reply(exchange("Z0,80001204,4;X3,2200"));
    assert_error_reply(exchange("Z0,80001204,4junk"));
    assert_mem_pristine(A + 4, 4);
}
#endif

#if !PMUSTUB_TRACE_AGENT
/* Built without agent expressions (PMUSTUB_TRACE_AGENT=0): qSupported
 * offers no conditions, every X (a tracepoint's condition or action, a
 * breakpoint's condition list) is refused, and R and M actions collect a
 * frame that GDB's packets read as with them. */
static void without_agent_expressions_registers_and_memory_collect(void **st)
{
    char want[64];
    const char *r = exchange("qSupported");
    (void)st;
    assert_true(has(r, ";TraceStateVariables+;QTBuffer:size+;qPmustub.Bracket+"));
    assert_false(has(r, "ConditionalTracepoints+"));
    assert_false(has(r, "ConditionalBreakpoints+"));
    snprintf(want, sizeof want, "QTDP:1:%08x:E:0:0:X3,220127", A);
    assert_error_reply(exchange(want));
    assert_error_reply(exchange("Z0,80001200,4;X3,220027"));
    assert_mem_pristine(A, 4);
    qtdp("QTDP:1:%08x:E:0:0-");
    qtdp("QTDP:-1:%08x:R" MASK "-");
    qtdp("QTDP:-1:%08x:M-1,80001040,8");
    qtdp("QTDP:2:%08x:D:0:0-");
    snprintf(want, sizeof want, "QTDP:-2:%08x:X3,220127", A);
    assert_error_reply(exchange(want));
    expect_at("qTfP", "T1:%08x:E:0:0");
    expect_at("qTsP", "A1:%08x:R" MASK);
    expect_at("qTsP", "A1:%08x:M-1,80001040,8");
    expect_at("qTsP", "T2:%08x:D:0:0");
    assert_string_equal(exchange("qTsP"), "l");
    assert_string_equal(exchange("QTStart"), "OK");
    silent_hit();
    assert_true(has(exchange("qTStatus"), "T1;tframes:1;"));
    assert_string_equal(exchange("QTStop"), "OK");
    assert_string_equal(exchange("QTFrame:0"), "F0T1");
    assert_string_equal(exchange("p1d"), hexreg(29));
    assert_string_equal(exchange("p48"), hexreg(72));
    assert_string_equal(exchange("p1e"), "xxxxxxxx");
    assert_string_equal(exchange("m80001040,8"), hexmem(DATA, 8));
    assert_string_equal(exchange("QTFrame:-1"), "OK");
}
#endif

/* ---- the native bracket (QPmustub.Bracket, trace_native.h) ---- */

#define B (A + 0x40) /* TO, when FROM is A */

static void set_reg(unsigned regno, uint32_t v)
{
    uint8_t *b = fake.regs[regno];
    b[0] = (uint8_t)(v >> 24), b[1] = (uint8_t)(v >> 16);
    b[2] = (uint8_t)(v >> 8), b[3] = (uint8_t)v;
}

static void expect_var(unsigned n, uint64_t v)
{
    char pkt[32], want[32];
    snprintf(pkt, sizeof pkt, "qTV:%x", n);
    snprintf(want, sizeof want, "V%llx", (unsigned long long)v);
    assert_string_equal(exchange(pkt), want);
}

/* The variables of a bracket: n 1, armed 2 (armed at the start: 1), and
 * six per counter from 3 and from 9, min starting at all ones. */
static void bracket_vars(int armed)
{
    char pkt[64];
    assert_string_equal(exchange("QTDV:1:0:0:6e"), "OK");
    snprintf(pkt, sizeof pkt, "QTDV:2:%x:0:61", armed);
    assert_string_equal(exchange(pkt), "OK");
    for (unsigned v = 3; v < 15; v++) {
        snprintf(pkt, sizeof pkt, "QTDV:%x:%s:0:76", v,
                 (v - 3) % 6 == 4 ? "ffffffffffffffff" : "0");
        assert_string_equal(exchange(pkt), "OK");
    }
}

/* A hit at pc with counters (registers 2 and 3) at c2 and c3 that the
 * stub handles alone (it steps over the trap and goes on). */
static void counted_hit(uint32_t pc, uint32_t c2, uint32_t c3)
{
    set_reg(2, c2);
    set_reg(3, c3);
    assert_string_equal(stop_at(pc, 1), "");
    assert_int_equal(fake.prepare_how, STUB_STEP);
    assert_string_equal(stop_at(pc + 4, 0), "");
    assert_int_equal(fake.prepare_how, STUB_CONTINUE);
}

/* The numbers of bracket_started's three brackets: counter 2 counts 50,
 * 70, 40; counter 3 32, 0, 5. */
static void expect_three_brackets(void)
{
    /* counter 2: ref 50; sum 160; squares about 50: 0 + 400 + 100 */
    expect_var(4, 50);
    expect_var(5, 160);
    expect_var(6, 500);
    expect_var(7, 40);
    expect_var(8, 70);
    /* counter 3: ref 32; sum 37; squares 0 + 1024 + 729 */
    expect_var(10, 32);
    expect_var(11, 37);
    expect_var(12, 1753);
    expect_var(13, 0);
    expect_var(14, 32);
}

/* FROM at A, TO at B, k = 3, counters in registers 2 and 3; started,
 * and the program resumed (pmuctl waits for a stop). */
static void bracket_started(void)
{
    char pkt[64];

    bracket_vars(0);
    qtdp("QTDP:1:%08x:E:0:0");
    snprintf(pkt, sizeof pkt, "QTDP:2:%08x:E:0:0", B);
    assert_string_equal(exchange(pkt), "OK");
    assert_string_equal(exchange("QPmustub.Bracket:1,2,3,1,2;2,3;3,9"), "OK");
    assert_string_equal(exchange("QTStart"), "OK");
    expect_resume("c");
}

static void the_native_bracket_adds_up_and_stops_at_the_kth(void **st)
{
    const char *r;
    (void)st;
    assert_true(has(exchange("qSupported"), ";qPmustub.Bracket+"));
    bracket_started();
    assert_mem(B, fake_break_insn, 4);
    /* TO before any FROM (a run that began mid-bracket): no bracket. */
    counted_hit(B, 5, 5);
    expect_var(1, 0);
    /* Counter 2 counts 50, 70, 40; counter 3 wraps past 2^32 in the
     * first bracket (0x20), then 0 and 5. */
    counted_hit(A, 100, 0xfffffff0u);
    counted_hit(B, 150, 0x10);
    counted_hit(A, 1000, 5);
    counted_hit(B, 1070, 5);
    expect_var(1, 2);
    counted_hit(A, 2000, 0x7fffffffu);
    set_reg(2, 2040);
    set_reg(3, 0x80000004u);
    /* The third bracket is the k-th: the stop is GDB's (pmuctl's), at TO
     * before its instruction runs, the trap still in. */
    r = stop_at(B, 1);
    assert_true(r[0] == 'T' && r[1] == '0' && r[2] == '5');
    assert_mem(B, fake_break_insn, 4);
    expect_var(1, 3);
    expect_var(2, 0);
    expect_three_brackets();
    assert_string_equal(exchange("QTStop"), "OK");
    assert_mem_pristine(B, 4);
}

static void one_point_and_a_run_that_begins_armed(void **st)
{
    (void)st;
    /* One point (FROM = TO): each hit ends a pass and starts the next.
     * Armed at the start with start = 10: the first hit ends a pass. */
    bracket_vars(1);
    assert_string_equal(exchange("QTDV:3:a:0:76"), "OK");
    qtdp("QTDP:1:%08x:E:0:0");
    assert_string_equal(exchange("QPmustub.Bracket:1,1,3,1,2;2,3"), "OK");
    assert_string_equal(exchange("QTStart"), "OK");
    expect_resume("c");
    counted_hit(A, 25, 0);  /* 15 */
    counted_hit(A, 40, 0);  /* 15 */
    expect_var(1, 2);
    set_reg(2, 61);         /* 21: the third, the stop */
    assert_true(stop_at(A, 1)[0] == 'T');
    expect_var(1, 3);
    expect_var(2, 1);       /* the next pass has begun */
    expect_var(3, 61);
    expect_var(5, 51);
    expect_var(6, 36);      /* 0 + 0 + 6^2 about 15 */
    expect_var(7, 15);
    expect_var(8, 21);
    assert_string_equal(exchange("QTStop"), "OK");
}

static void a_gdb_tracepoint_beside_the_bound_pair_collects(void **st)
{
    (void)st;
    bracket_vars(0);
    qtdp("QTDP:1:%08x:E:0:0");
    assert_string_equal(exchange("QTDP:2:80001240:E:0:0"), "OK");
    qtdp("QTDP:3:%08x:E:0:0-"); /* GDB's, at FROM: collects sp */
    qtdp("QTDP:-3:%08x:R" MASK);
    assert_string_equal(exchange("QPmustub.Bracket:1,2,5,1,2;2,3"), "OK");
    assert_string_equal(exchange("QTStart"), "OK");
    expect_resume("c");
    counted_hit(A, 7, 0);
    counted_hit(B, 19, 0);
    counted_hit(A, 20, 0);
    assert_true(has(exchange("qTStatus"), "T1;tframes:2;"));
    expect_var(1, 1);
    expect_var(5, 12);
    assert_string_equal(exchange("QTStop"), "OK");
    assert_string_equal(exchange("QTFrame:0"), "F0T3");
    assert_string_equal(exchange("p1d"), hexreg(29));
    assert_string_equal(exchange("QTFrame:-1"), "OK");
}

#if PMUSTUB_TRACE_QUICK
/* ---- the port's quick path (pmustub/quick.h) ---- */

/* What the core last told the fake port it may serve quickly. */
static struct {
    int calls, on;
    struct stub_quick q;
} published;

static void fake_quick_set(const struct stub_quick *q)
{
    published.calls++;
    published.on = q != 0;
    if (q)
        published.q = *q;
}

/* bracket_started's, with the fake offering the quick path. */
static void quick_bracket(void)
{
    memset(&published, 0, sizeof published);
    fake_target.quick_set = fake_quick_set;
    bracket_started();
    trace_native_publish(); /* as stub_stopped does before the program goes on */
}

/* qTP's answer for tracepoint n at addr. */
static const char *tp_status(unsigned n, uint32_t addr)
{
    char pkt[32];
    snprintf(pkt, sizeof pkt, "qTP:%x:%x", n, addr);
    return exchange(pkt);
}

static void the_quick_path_adds_up_as_the_full_path_does(void **st)
{
    /* Each bracket's counts as the port keeps them, one entry of four
     * words a bracket, counter n's in word n (registers 2 and 3 are
     * counters 1 and 0): the brackets of the full-path test above. */
    static const uint32_t runs[3][4] = {{0x20, 50}, {0, 70}, {5, 40}};
    static const uint8_t at[2] = {1, 0};
    (void)st;
    quick_bracket();
    assert_true(published.on);
    assert_int_equal(published.q.from, A);
    assert_int_equal(published.q.to, B);
    assert_int_equal(published.q.n, 2);
    assert_int_equal(published.q.reg[0], 2);
    assert_int_equal(published.q.reg[1], 3);
    assert_int_equal(published.q.left, 3);
    assert_int_equal(stub_quick_end(runs[0], 2, 4, at), 0);
    stub_quick_started(2, 1, (const uint64_t[]){0, 0});
    expect_var(1, 2);
    assert_int_equal(stub_quick_end(runs[2], 1, 4, at), 1); /* the k-th */
    /* The port's full path then reports the stop, at TO, counting it once. */
    set_reg(2, 1234);
    assert_true(stop_at(B, 1)[0] == 'T');
    expect_var(1, 3);
    expect_three_brackets();
    /* Hits: FROM 2 (the port said so), TO 3; no frames. */
    assert_string_equal(tp_status(1, A), "V2:0");
    assert_string_equal(tp_status(2, B), "V3:0");
    assert_string_equal(exchange("QTStop"), "OK");
    fake_target.quick_set = 0;
}

static void a_bracket_the_quick_path_left_open_ends_on_the_full_path(void **st)
{
    (void)st;
    quick_bracket();
    /* The port's full path ran between FROM and TO: the bracket opened
     * at counts 100 and 7 is the core's now, and nothing is published
     * until it ends. */
    stub_quick_started(1, 1, (const uint64_t[]){100, 7});
    expect_var(2, 1);
    expect_var(3, 100);
    trace_native_publish();
    assert_false(published.on);
    counted_hit(B, 130, 9);
    expect_var(1, 1);
    expect_var(5, 30);
    expect_var(11, 2);
    /* Ended: the quick path may serve again, two brackets left. */
    assert_true(published.on);
    assert_int_equal(published.q.left, 2);
    assert_string_equal(exchange("QTStop"), "OK");
    fake_target.quick_set = 0;
}

static void the_quick_path_is_not_offered_where_a_trap_is_shared(void **st)
{
    char pkt[64];
    (void)st;
    quick_bracket();
    assert_true(published.on);
    /* GDB's own breakpoint at FROM: its stop is GDB's business. */
    assert_string_equal(stop_at(A, 1), "");
    snprintf(pkt, sizeof pkt, "Z0,%08x,4", A);
    assert_string_equal(exchange(pkt), "OK");
    published.calls = 0;
    assert_string_equal(stop_at(A + 4, 0), "");
    assert_int_equal(published.calls, 1);
    assert_false(published.on);
    snprintf(pkt, sizeof pkt, "z0,%08x,4", A);
    assert_string_equal(exchange(pkt), "OK");
    /* Without it, and the bracket ended at TO: served again. */
    counted_hit(B, 5, 5);
    assert_true(published.on);
    /* The run stopped: nothing to serve. */
    assert_string_equal(exchange("QTStop"), "OK");
    trace_native_publish();
    assert_false(published.on);
    fake_target.quick_set = 0;
}
#endif

static void native_bracket_refusals(void **st)
{
    (void)st;
    bracket_vars(0);
    qtdp("QTDP:1:%08x:E:0:0");
    /* no tracepoint 2; no variable 0x20; register 73 has no size; k = 0;
     * no counter; malformed */
    assert_error_reply(exchange("QPmustub.Bracket:1,2,3,1,2;2,3"));
    assert_error_reply(exchange("QPmustub.Bracket:1,1,3,1,20;2,3"));
    assert_error_reply(exchange("QPmustub.Bracket:1,1,3,1,2;2,20"));
    assert_error_reply(exchange("QPmustub.Bracket:1,1,3,1,2;49,3"));
    assert_error_reply(exchange("QPmustub.Bracket:1,1,0,1,2;2,3"));
    assert_error_reply(exchange("QPmustub.Bracket:1,1,3,1,2"));
    assert_error_reply(exchange("QPmustub.Bracket:1,1,3,1,2;2,3x"));
    /* A refused binding leaves a plain tracepoint: its hit adds nothing. */
    assert_string_equal(exchange("QTStart"), "OK");
    counted_hit(A, 1, 1);
    counted_hit(A, 2, 2);
    expect_var(1, 0);
    assert_error_reply(exchange("QPmustub.Bracket:1,1,3,1,2;2,3")); /* running */
    assert_string_equal(exchange("QTStop"), "OK");
    /* QTinit forgets the binding with the tracepoints. */
    assert_string_equal(exchange("QPmustub.Bracket:1,1,3,1,2;2,3"), "OK");
    assert_string_equal(exchange("QTinit"), "OK");
    bracket_vars(0);
    qtdp("QTDP:1:%08x:E:0:0");
    assert_string_equal(exchange("QTStart"), "OK");
    counted_hit(A, 1, 1);
    counted_hit(A, 2, 2);
    expect_var(1, 0);
    assert_string_equal(exchange("QTStop"), "OK");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup_teardown(f, trace_setup, trace_teardown)
#if PMUSTUB_TRACE_AGENT
        T(a_hit_collects_and_the_frame_answers),
#endif
        T(frames_are_found_by_pc_tracepoint_and_range),
#if PMUSTUB_TRACE_AGENT
        T(definitions_upload_as_sent),
        T(conditions_and_pass_counts),
#endif
        T(a_full_buffer_stops_the_run),
#if PMUSTUB_TRACE_AGENT
        T(an_error_in_an_action_stops_the_run_with_its_reason),
#endif
        T(unsupported_definitions_are_refused),
        T(impossible_tracepoints_are_refused_at_once),
        T(notes_are_kept_for_the_status),
        T(continuing_from_a_tracepoint_does_not_collect_twice),
        T(resuming_onto_gdbs_own_trap_is_left_to_gdb),
#if PMUSTUB_TRACE_AGENT
        T(breakpoint_conditions),
#endif
        T(the_native_bracket_adds_up_and_stops_at_the_kth),
        T(one_point_and_a_run_that_begins_armed),
        T(a_gdb_tracepoint_beside_the_bound_pair_collects),
        T(native_bracket_refusals),
#if PMUSTUB_TRACE_QUICK
        T(the_quick_path_adds_up_as_the_full_path_does),
        T(a_bracket_the_quick_path_left_open_ends_on_the_full_path),
        T(the_quick_path_is_not_offered_where_a_trap_is_shared),
#endif
#if !PMUSTUB_TRACE_AGENT
        T(without_agent_expressions_registers_and_memory_collect),
#endif
#undef T
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
