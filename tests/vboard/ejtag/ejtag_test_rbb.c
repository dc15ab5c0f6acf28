/*
 * ejtag_test_rbb.c - the remote_bitbang server as OpenOCD 0.12 uses it
 * (src/jtag/drivers/remote_bitbang.c): 'R' answered with '0'/'1' in order,
 * pins '0'..'7', resets 'r'..'u', 'B'/'b' ignored, 'Q' closes, and the next
 * client is accepted after one leaves. Real TCP sockets on 127.0.0.1.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "ejtag_port.h"
#include "ejtag_test_jtag.h"

struct fixture {
    struct cpu cpu;
    struct ejtag *ej;
    struct rbb *rbb;
    uint16_t port;
};

static int setup(void **state)
{
    static struct fixture f;
    memset(&f, 0, sizeof f);
    f.ej = ejtag_new(&f.cpu);
    if (!f.ej)
        return -1;
    struct rbb_tap tap = ejtag_rbb_tap(f.ej);
    char err[256];
    f.rbb = rbb_listen(&tap, 0, err, sizeof err); /* port 0: any free port */
    if (!f.rbb) {
        print_error("%s\n", err);
        return -1;
    }
    struct sockaddr_in sa;
    socklen_t len = sizeof sa;
    if (getsockname(rbb_fd(f.rbb), (struct sockaddr *)&sa, &len) < 0)
        return -1;
    f.port = ntohs(sa.sin_port);
    *state = &f;
    return 0;
}

static int teardown(void **state)
{
    struct fixture *f = *state;
    rbb_close(f->rbb);
    ejtag_free(f->ej);
    return 0;
}

static int connect_client(struct fixture *f)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in sa;
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    sa.sin_port = htons(f->port);
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    assert_int_equal(connect(fd, (struct sockaddr *)&sa, sizeof sa), 0);
    /* Let the server accept it. */
    for (int i = 0; i < 1000; i++) {
        struct pollfd p = { .fd = rbb_fd(f->rbb), .events = POLLIN };
        poll(&p, 1, 1);
        if (rbb_service(f->rbb))
            break;
    }
    return fd;
}

/* Run the server until n reply bytes have arrived (or 2 s pass). */
static size_t exchange(struct fixture *f, int fd, const char *cmds,
                       char *reply, size_t n)
{
    size_t len = strlen(cmds), got = 0;
    assert_int_equal(send(fd, cmds, len, 0), (ssize_t)len);
    for (int spins = 0; spins < 2000 && got < n; spins++) {
        struct pollfd p = { .fd = rbb_fd(f->rbb), .events = POLLIN };
        poll(&p, 1, 1);
        rbb_service(f->rbb);
        struct pollfd q = { .fd = fd, .events = POLLIN };
        if (poll(&q, 1, 0) == 1) {
            ssize_t k = recv(fd, reply + got, n - got, 0);
            if (k <= 0)
                break;
            got += (size_t)k;
        }
    }
    return got;
}

/* One bit the way OpenOCD's bitbang driver sends it: TCK low with TMS/TDI,
 * 'R', TCK high. */
static char *put_bit(char *p, int tms, int tdi, int read)
{
    *p++ = (char)('0' + (tms << 1 | tdi));
    if (read)
        *p++ = 'R';
    *p++ = (char)('4' + (tms << 1 | tdi));
    return p;
}

/* A scan from Run-Test/Idle back to it: nbits of v (LSB first) into IR or
 * DR, with an 'R' for every bit when read. */
static char *put_scan(char *p, int ir, uint32_t v, unsigned nbits, int read)
{
    p = put_bit(p, 1, 0, 0);                    /* Select-DR */
    if (ir)
        p = put_bit(p, 1, 0, 0);                /* Select-IR */
    p = put_bit(p, 0, 0, 0);                    /* Capture */
    p = put_bit(p, 0, 0, 0);                    /* Shift */
    for (unsigned i = 0; i < nbits; i++)
        p = put_bit(p, i + 1 == nbits, (int)((v >> i) & 1u), read);
    p = put_bit(p, 1, 0, 0);                    /* Update */
    p = put_bit(p, 0, 0, 0);                    /* Idle */
    *p = 0;
    return p;
}

/* Test-Logic-Reset, then Run-Test/Idle. */
static char *put_reset(char *p)
{
    for (int i = 0; i < 5; i++)
        p = put_bit(p, 1, 0, 0);
    return put_bit(p, 0, 0, 0);
}

/* TLR, then an IR scan of 7 ones reading TDO, back to Idle. */
static void build_ir_capture(char *p)
{
    put_scan(put_reset(p), 1, 0x7F, 7, 1);
}

static void read_answers_tdo_in_order(void **state)
{
    struct fixture *f = *state;
    int fd = connect_client(f);
    char cmds[256], reply[8] = { 0 };
    build_ir_capture(cmds);
    assert_int_equal(exchange(f, fd, cmds, reply, 7), 7);
    assert_memory_equal(reply, "1000011", 7); /* 0b00001 then two ones */
    close(fd);
}

static void blink_ignored_and_quit_closes(void **state)
{
    struct fixture *f = *state;
    int fd = connect_client(f);
    char reply[4] = { 0 };
    /* 'B'/'b' produce nothing; the single 'R' gives one byte. */
    assert_int_equal(exchange(f, fd, "BbBR", reply, 1), 1);
    assert_true(reply[0] == '0' || reply[0] == '1');
    assert_int_equal(exchange(f, fd, "Q", reply, 1), 0);
    assert_int_equal(recv(fd, reply, 1, 0), 0); /* server closed */
    close(fd);
}

static void next_client_accepted_after_disconnect(void **state)
{
    struct fixture *f = *state;
    char cmds[256], reply[8];
    for (int round = 0; round < 2; round++) {
        int fd = connect_client(f);
        build_ir_capture(cmds);
        memset(reply, 0, sizeof reply);
        assert_int_equal(exchange(f, fd, cmds, reply, 7), 7);
        assert_memory_equal(reply, "1000011", 7);
        close(fd);
        /* Let the server notice the disconnect. */
        for (int i = 0; i < 100; i++) {
            struct pollfd p = { .fd = rbb_fd(f->rbb), .events = POLLIN };
            poll(&p, 1, 1);
            rbb_service(f->rbb);
        }
    }
}

/* 's' asserts SRST (processor reset), 'r' releases everything. */
static void srst_command_resets_processor(void **state)
{
    struct fixture *f = *state;
    int fd = connect_client(f);
    char reply[2];
    assert_int_equal(exchange(f, fd, "srR", reply, 1), 1);
    assert_int_equal(f->cpu.resets, 1);
    assert_int_equal(exchange(f, fd, "trR", reply, 1), 1);
    assert_int_equal(f->cpu.resets, 1); /* TRST is not a processor reset */
    close(fd);
}

/* OpenOCD's halt (mips_ejtag_enter_debug) followed at once by a CONTROL
 * capture: the server must not clock that capture before the CPU, now in
 * debug mode, has posted its fetch from the debug vector, so the capture
 * shows DM and PrAcc together. */
static void capture_waits_for_cpu_after_halt_request(void **state)
{
    struct fixture *f = *state;
    int fd = connect_client(f);
    char cmds[2048], reply[40] = { 0 }, *p = put_reset(cmds);
    p = put_scan(p, 1, 0x0A, 5, 0);                /* IR CONTROL */
    p = put_scan(p, 0, 0x0004C000u, 32, 0);        /* clear Rocc, ProbEn */
    p = put_scan(p, 0, 0x8004D000u, 32, 0);        /* EjtagBrk */
    put_scan(p, 0, 0x8004C000u, 32, 1);            /* capture ECR */
    size_t len = strlen(cmds);
    assert_int_equal(send(fd, cmds, len, 0), (ssize_t)len);
    for (int i = 0; i < 20; i++)
        rbb_service(f->rbb);
    assert_true(f->cpu.dm);
    struct pollfd q = { .fd = fd, .events = POLLIN };
    assert_int_equal(poll(&q, 1, 0), 0); /* nothing answered yet */
    uint32_t insn;
    assert_int_equal(ejtag_dmseg_access(f->ej, 0xFF200200u, 4, false, true,
                                        &insn), EJTAG_PENDING);
    assert_int_equal(exchange(f, fd, "", reply, 32), 32);
    uint32_t ecr = 0;
    for (int i = 0; i < 32; i++)
        ecr |= (uint32_t)(reply[i] == '1') << i;
    assert_true(ecr & (1u << 3));  /* DM (BRKST) */
    assert_true(ecr & (1u << 18)); /* PrAcc */
    close(fd);
}

int main(void)
{
#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)
    const struct CMUnitTest tests[] = {
        T(read_answers_tdo_in_order),
        T(blink_ignored_and_quit_closes),
        T(next_client_accepted_after_disconnect),
        T(srst_command_resets_processor),
        T(capture_waits_for_cpu_after_halt_request),
    };
#undef T
    return cmocka_run_group_tests(tests, NULL, NULL);
}
