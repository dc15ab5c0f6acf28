/*
 * test_trace_area.c - the trace buffer as the one area of the tracepoint
 * support (docs/tracepoints.md, "Sizes"): definitions are taken from it
 * as they are sent and refused with E10 when it is full, or with E02
 * while a run is on; QTinit frees all of it; the frames get what is left,
 * and qTStatus's tsize and tfree say so. The frames' sizes are worked out
 * here from the frame format (trace_frames.c's header comment), not read
 * from the stub.
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

#define A TRACE_A
/* sp (29) and the p-only register 72: mask bytes 3 and 9. */
#define MASK "01000000000020000000"
/* A frame of MASK: header 6, two registers of 3 + 4 bytes. */
#define FRAME_BYTES (6 + 7 + 7)
/* A variable's name of 32 bytes, hex. */
#define NAME32 "6162636465666768696a6b6c6d6e6f707172737475767778797a303132333435"

/* A number of qTStatus's reply: ";name:HEX". */
static unsigned long status_num(const char *name)
{
    char key[32];
    const char *r = exchange("qTStatus"), *p;
    snprintf(key, sizeof key, ";%s:", name);
    p = strstr(r, key);
    if (!p)
        fail_msg("no %s in %s", name, r);
    return strtoul(p + strlen(key), NULL, 16);
}

/* fmt with v in it is answered OK. */
static void send_ok(const char *fmt, unsigned long v)
{
    char pkt[256];
    const char *r;
    snprintf(pkt, sizeof pkt, fmt, v);
    if (strcmp(r = exchange(pkt), "OK"))
        fail_msg("%s -> %s", pkt, r);
}

/* A trap at A and the step over it, both the stub's own (no step when
 * the hit ended the run: the program just goes on). */
static void hit(void)
{
    struct stub_stop trap = {STUB_SIGTRAP, 1, 0, 0}, step = {STUB_SIGTRAP, 0, 0, 0};
    trace_set_pc(A);
    fake.prepare_calls = 0;
    stub_stopped(&trap);
    assert_int_equal(fake.prepare_calls, 1);
    if (fake.prepare_how != STUB_STEP)
        return;
    trace_set_pc(A + 4);
    stub_stopped(&step);
    assert_int_equal(fake.prepare_how, STUB_CONTINUE);
}

/* Definitions fmt (of a number) from number first until one is
 * refused: how many fit; each took the same room, *each. */
static unsigned fill(const char *fmt, unsigned first, unsigned long *each)
{
    char pkt[128];
    unsigned n = 0;
    unsigned long before = status_num("tsize"), after;

    for (;; n++) {
        const char *r;
        snprintf(pkt, sizeof pkt, fmt, first + n);
        r = exchange(pkt);
        if (strcmp(r, "OK")) {
            assert_string_equal(r, "E10"); /* full, the error GDB shows */
            break;
        }
        after = status_num("tsize");
        if (n == 0)
            *each = before - after;
        /* Every such record takes the same room. */
        assert_int_equal(before - after, *each);
        before = after;
    }
    /* Refused only when another would not fit (as the first did not
     * when none fitted). */
    if (n)
        assert_true(status_num("tsize") < *each);
    return n;
}

/* Variables with names of 32 bytes: each takes that much at least. */
static unsigned fill_with_variables(unsigned first, unsigned long *each)
{
    unsigned n = fill("QTDV:%x:0:0:" NAME32, first, each);
    assert_true(*each >= 32);
    return n;
}

static void an_empty_buffer_is_all_the_frames_room(void **st)
{
    (void)st;
    assert_int_equal(status_num("tsize"), TRACE_AREA_BYTES);
    assert_int_equal(status_num("tfree"), TRACE_AREA_BYTES);
    assert_int_equal(status_num("tframes"), 0);
}

static void definitions_are_refused_when_full_and_freed_by_qtinit(void **st)
{
    unsigned long each = 0, tp_each = 0;
    unsigned n;
    (void)st;
    n = fill_with_variables(1, &each);
    /* The buffer held about as many as its size says. */
    assert_true(n * each <= TRACE_AREA_BYTES);
    assert_true((n + 1) * each > TRACE_AREA_BYTES);
    /* Tracepoints come out of the same room, till it is full. */
    (void)fill("QTDP:%x:80001200:E:0:0", 1, &tp_each);
    assert_string_equal(exchange("QTinit"), "OK");
    assert_int_equal(status_num("tsize"), TRACE_AREA_BYTES);
    assert_int_equal(fill_with_variables(1, &each), n);
}

/* What the definitions leave, the frames get: as many frames as fit in
 * tsize, and tfree what is left over. */
static void the_frames_get_the_rest(void **st)
{
    unsigned long each, room, frames = 0;
    (void)st;
    send_ok("QTDP:1:%lx:E:0:0-", A);
    send_ok("QTDP:-1:%lx:R" MASK, A);
    /* Some room for frames, less than one variable. */
    (void)fill_with_variables(1, &each);
    room = status_num("tsize");
    assert_int_equal(status_num("tfree"), room);
    assert_string_equal(exchange("QTStart"), "OK");
    while (strstr(exchange("qTStatus"), "T1;") && frames <= room) {
        hit();
        frames++;
    }
    assert_true(strstr(exchange("qTStatus"), "T0;tfull:1;") != NULL);
    assert_int_equal(status_num("tframes"), room / FRAME_BYTES);
    assert_int_equal(status_num("tfree"), room % FRAME_BYTES);
    assert_int_equal(status_num("tsize"), room);
}

/* A native bracket's binding takes its room from the same area; QTinit
 * gives it back. */
static void a_native_bracket_takes_room_too(void **st)
{
    unsigned long before;
    (void)st;
    send_ok("QTDP:1:%lx:E:0:0", A);
    for (unsigned v = 1; v <= 8; v++)
        send_ok("QTDV:%lx:0:0:76", v);
    before = status_num("tsize");
    assert_string_equal(exchange("QPmustub.Bracket:1,1,3,1,2;2,3"), "OK");
    assert_true(status_num("tsize") < before);
    assert_string_equal(exchange("QTinit"), "OK");
    assert_int_equal(status_num("tsize"), TRACE_AREA_BYTES);
}

static void definitions_are_refused_while_a_run_is_on(void **st)
{
    static const char *const defs[] = {
        "QTDP:2:80001200:E:0:0", "QTDV:1:0:0:61", "QTNotes:user:61",
        "QTro:80001000,80002000", "QPmustub.Bracket:1,1,3,1,1;2,1",
    };
    (void)st;
    send_ok("QTDP:1:%lx:E:0:0", A);
    assert_string_equal(exchange("QTStart"), "OK");
    for (unsigned i = 0; i < sizeof defs / sizeof *defs; i++)
        assert_string_equal(exchange(defs[i]), "E02");
    /* tstop's notes are not kept: GDB sends them while the run is on. */
    assert_string_equal(exchange("QTNotes:tstop:61"), "OK");
    assert_string_equal(exchange("QTStop"), "OK");
}

/* A definition sent after a run leaves its frames as they were. */
static void a_definition_after_a_run_keeps_its_frames(void **st)
{
    char want[16];
    (void)st;
    send_ok("QTDP:1:%lx:E:0:0-", A);
    send_ok("QTDP:-1:%lx:R" MASK, A);
    assert_string_equal(exchange("QTStart"), "OK");
    hit();
    assert_string_equal(exchange("QTStop"), "OK");
    assert_string_equal(exchange("QTNotes:user:6162636465666768"), "OK");
    assert_string_equal(exchange("QTDV:7:0:0:" NAME32), "OK");
    assert_true(strstr(exchange("qTStatus"), ";username:6162636465666768") != NULL);
    assert_int_equal(status_num("tframes"), 1);
    assert_int_equal(status_num("tfree"), status_num("tsize") - FRAME_BYTES);
    /* The frame's header: tracepoint 1, FRAME_BYTES - 6 bytes of blocks. */
    snprintf(want, sizeof want, "0001%08x", FRAME_BYTES - 6);
    assert_memory_equal(exchange("qTBuffer:0,6"), want, 12);
    assert_string_equal(exchange("QTFrame:0"), "F0T1");
    assert_string_equal(exchange("p1d"), to_hex(want, fake.regs[29], 4));
    assert_string_equal(exchange("QTFrame:-1"), "OK");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup_teardown(f, trace_setup, trace_teardown)
        T(an_empty_buffer_is_all_the_frames_room),
        T(definitions_are_refused_when_full_and_freed_by_qtinit),
        T(the_frames_get_the_rest),
        T(a_native_bracket_takes_room_too),
        T(definitions_are_refused_while_a_run_is_on),
        T(a_definition_after_a_run_keeps_its_frames),
#undef T
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
