/*
 * rbb.c - OpenOCD remote_bitbang server for a machine's JTAG TAP (rbb.h).
 *
 * Wire protocol of OpenOCD 0.12 (openocd v0.12.0
 * src/jtag/drivers/remote_bitbang.c and doc/manual/jtag/drivers/
 * remote_bitbang.txt): one ASCII byte per command, no framing.
 *   '0'..'7'  set pins: '0' + (TCK << 2 | TMS << 1 | TDI)
 *   'R'       read TDO: answer '0' or '1' at once, in order
 *   'r'..'u'  reset lines: 'r' + (TRST << 1 | SRST), 1 = asserted
 *   'B' 'b'   blink LED: ignored (as is anything unknown, e.g. later
 *             versions' SWD and sleep commands)
 *   'Q'       quit: we close the connection and accept the next one.
 * OpenOCD is the client; one client at a time.
 *
 * While the CPU owes its next processor access (tap.waiting_for_cpu) we
 * stop clocking the TAP and return false, so that the main loop runs the
 * CPU first, even when written as "while (rbb_service(r)) ;". Bytes are read
 * with MSG_PEEK and only the ones processed are consumed, so the rest stays
 * in the socket and poll() still reports it readable. If the CPU posts
 * nothing within CPU_WAIT_MS, we go on without it.
 */
#define _POSIX_C_SOURCE 200809L
#include "rbb.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define RBB_CHUNK 4096
#define CPU_WAIT_MS 100

struct rbb {
    struct rbb_tap tap;
    int listen_fd;
    int client_fd; /* -1 when no client */
    int64_t wait_until_ms; /* give up waiting for the CPU then */
};

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int set_nonblocking(int fd)
{
    int fl = fcntl(fd, F_GETFL);
    return fl < 0 ? -1 : fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

struct rbb *rbb_listen(const struct rbb_tap *tap, uint16_t port, char *err,
                       size_t errlen)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) {
        snprintf(err, errlen, "remote-bitbang: socket: %s", strerror(errno));
        return NULL;
    }
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    struct sockaddr_in sa;
    memset(&sa, 0, sizeof sa);
    sa.sin_family = AF_INET;
    sa.sin_port = htons(port);
    sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (bind(fd, (struct sockaddr *)&sa, sizeof sa) < 0 ||
        listen(fd, 1) < 0 || set_nonblocking(fd) < 0) {
        snprintf(err, errlen, "remote-bitbang: cannot listen on "
                 "127.0.0.1:%u: %s", (unsigned)port, strerror(errno));
        close(fd);
        return NULL;
    }
    struct rbb *r = calloc(1, sizeof *r);
    if (!r) {
        close(fd);
        snprintf(err, errlen, "remote-bitbang: out of memory");
        return NULL;
    }
    r->tap = *tap;
    r->listen_fd = fd;
    r->client_fd = -1;
    return r;
}

int rbb_fd(const struct rbb *r)
{
    return r->client_fd >= 0 ? r->client_fd : r->listen_fd;
}

static void drop_client(struct rbb *r)
{
    close(r->client_fd);
    r->client_fd = -1;
}

static bool try_accept(struct rbb *r)
{
    int fd = accept(r->listen_fd, NULL, NULL);
    if (fd < 0)
        return false;
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (set_nonblocking(fd) < 0) {
        close(fd);
        return false;
    }
    r->client_fd = fd;
    return true;
}

/* Send all of buf; the socket is non-blocking, so wait for room. */
static bool send_all(int fd, const char *buf, size_t n)
{
    while (n > 0) {
        ssize_t k = send(fd, buf, n, MSG_NOSIGNAL);
        if (k < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK) {
                struct pollfd p = { .fd = fd, .events = POLLOUT };
                poll(&p, 1, 1000);
                continue;
            }
            if (errno == EINTR)
                continue;
            return false;
        }
        buf += k;
        n -= (size_t)k;
    }
    return true;
}

/* Runs the commands in in[0..n); returns how many were consumed, sets
 * *quit on 'Q' and *cpu_turn when it stopped because the CPU owes its next
 * processor access. */
static size_t run_commands(struct rbb *r, const char *in, size_t n,
                           char *out, size_t *nout, bool *quit,
                           bool *cpu_turn)
{
    size_t i = 0;
    while (i < n) {
        char c = in[i++];
        if (c >= '0' && c <= '7') {
            unsigned v = (unsigned)(c - '0');
            r->tap.pins(r->tap.ctx, v & 4u, v & 2u, v & 1u);
        } else if (c == 'R') {
            out[(*nout)++] = r->tap.tdo(r->tap.ctx) ? '1' : '0';
        } else if (c >= 'r' && c <= 'u') {
            unsigned v = (unsigned)(c - 'r');
            r->tap.reset_lines(r->tap.ctx, v & 2u, v & 1u);
        } else if (c == 'Q') {
            *quit = true;
            break;
        }
        if (r->tap.waiting_for_cpu(r->tap.ctx)) {
            r->wait_until_ms = now_ms() + CPU_WAIT_MS;
            *cpu_turn = true;
            break;
        }
    }
    return i;
}

bool rbb_service(struct rbb *r)
{
    if (r->client_fd < 0)
        return try_accept(r);
    if (r->tap.waiting_for_cpu(r->tap.ctx)) {
        if (now_ms() < r->wait_until_ms)
            return false;
        r->tap.stop_waiting_for_cpu(r->tap.ctx);
    }

    char in[RBB_CHUNK], out[RBB_CHUNK];
    ssize_t n = recv(r->client_fd, in, sizeof in, MSG_PEEK | MSG_DONTWAIT);
    if (n < 0) {
        if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
            return false;
        drop_client(r);
        return true;
    }
    if (n == 0) { /* client went away: wait for the next one */
        drop_client(r);
        return true;
    }
    size_t nout = 0;
    bool quit = false, cpu_turn = false;
    size_t used = run_commands(r, in, (size_t)n, out, &nout, &quit,
                               &cpu_turn);
    /* Consume exactly what was processed (already in the socket buffer, so
     * this does not block). */
    if (recv(r->client_fd, in, used, MSG_DONTWAIT) != (ssize_t)used ||
        !send_all(r->client_fd, out, nout) || quit)
        drop_client(r);
    return !cpu_turn;
}

void rbb_close(struct rbb *r)
{
    if (!r)
        return;
    if (r->client_fd >= 0)
        close(r->client_fd);
    close(r->listen_fd);
    free(r);
}
