/*
 * serial.c - stdio and TCP-server backends for the UART (serial.h).
 * Option syntax follows QEMU's character devices ("tcp:host:port,server,
 * nowait" and the newer "server=on,wait=off"); vboard only listens.
 */
#define _POSIX_C_SOURCE 200809L
#include "serial.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

bool serial_parse(struct serial *s, const char *spec, const char *core, char *err,
                  unsigned errlen)
{
    memset(s, 0, sizeof(*s));
    s->listen_fd = s->client_fd = -1;
    sim_query_init(&s->query, core);
    if (strcmp(spec, "stdio") == 0) {
        s->kind = SERIAL_STDIO;
        return true;
    }
    if (strncmp(spec, "tcp:", 4) != 0) {
        snprintf(err, errlen, "--serial: want stdio or tcp:HOST:PORT[,server][,nowait], got '%s'", spec);
        return false;
    }
    char buf[sizeof(s->host)];
    snprintf(buf, sizeof(buf), "%s", spec + 4);
    char *opts = strchr(buf, ',');
    if (opts)
        *opts++ = '\0';
    char *colon = strrchr(buf, ':');
    char *end = NULL;
    long port = colon ? strtol(colon + 1, &end, 10) : -1;
    if (!colon || !end || *end || port < 1 || port > 65535) {
        snprintf(err, errlen, "--serial: bad TCP address '%s' (want HOST:PORT)", spec + 4);
        return false;
    }
    *colon = '\0';
    memcpy(s->host, buf[0] ? buf : "127.0.0.1", strlen(buf[0] ? buf : "127.0.0.1") + 1);
    s->port = (unsigned)port;
    s->kind = SERIAL_TCP;
    s->wait_first = true;
    while (opts && *opts) {
        char *next = strchr(opts, ',');
        if (next)
            *next++ = '\0';
        if (strcmp(opts, "nowait") == 0 || strcmp(opts, "wait=off") == 0)
            s->wait_first = false;
        else if (strcmp(opts, "wait") == 0 || strcmp(opts, "wait=on") == 0)
            s->wait_first = true;
        else if (strcmp(opts, "server") != 0 && strcmp(opts, "server=on") != 0 &&
                 strcmp(opts, "nodelay") != 0 && strcmp(opts, "nodelay=on") != 0) {
            snprintf(err, errlen, "--serial: unsupported option '%s' (vboard always listens)", opts);
            return false;
        }
        opts = next;
    }
    return true;
}

static void set_nonblock(int fd)
{
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0)
        fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

bool serial_open(struct serial *s)
{
    if (s->kind == SERIAL_STDIO) {
        if (isatty(0) || fcntl(0, F_GETFL) >= 0)
            set_nonblock(0);
        return true;
    }
    if (s->kind != SERIAL_TCP)
        return true;
    struct addrinfo hints = { .ai_family = AF_INET, .ai_socktype = SOCK_STREAM,
                              .ai_flags = AI_PASSIVE };
    struct addrinfo *ai = NULL;
    char port[16];
    snprintf(port, sizeof(port), "%u", s->port);
    if (getaddrinfo(s->host, port, &hints, &ai) != 0 || !ai) {
        fprintf(stderr, "vboard: --serial: cannot resolve '%s'\n", s->host);
        return false;
    }
    int fd = socket(ai->ai_family, ai->ai_socktype, 0);
    int one = 1;
    if (fd >= 0)
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
    if (fd < 0 || bind(fd, ai->ai_addr, ai->ai_addrlen) != 0 || listen(fd, 1) != 0) {
        fprintf(stderr, "vboard: --serial: cannot listen on %s:%u: %s\n", s->host,
                s->port, strerror(errno));
        if (fd >= 0)
            close(fd);
        freeaddrinfo(ai);
        return false;
    }
    freeaddrinfo(ai);
    set_nonblock(fd);
    s->listen_fd = fd;
    return true;
}

void serial_close(struct serial *s)
{
    if (s->client_fd >= 0)
        close(s->client_fd);
    if (s->listen_fd >= 0)
        close(s->listen_fd);
    s->client_fd = s->listen_fd = -1;
}

static void try_accept(struct serial *s)
{
    if (s->listen_fd < 0 || s->client_fd >= 0)
        return;
    int fd = accept(s->listen_fd, NULL, NULL);
    if (fd < 0)
        return;
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
    set_nonblock(fd);
    s->client_fd = fd;
    sim_query_reset(&s->query);
}

bool serial_wait_client(struct serial *s)
{
    if (s->kind != SERIAL_TCP || !s->wait_first)
        return true;
    fprintf(stderr, "vboard: waiting for a serial client on %s:%u\n", s->host, s->port);
    while (s->client_fd < 0) {
        struct pollfd p = { .fd = s->listen_fd, .events = POLLIN };
        if (poll(&p, 1, -1) < 0 && errno != EINTR)
            return false;
        try_accept(s);
    }
    return true;
}

unsigned serial_pollfds(const struct serial *s, struct pollfd *pfds)
{
    if (s->kind == SERIAL_STDIO && !s->in_eof) {
        pfds[0] = (struct pollfd){ .fd = 0, .events = POLLIN };
        return 1;
    }
    if (s->kind == SERIAL_TCP) {
        int fd = s->client_fd >= 0 ? s->client_fd : s->listen_fd;
        pfds[0] = (struct pollfd){ .fd = fd, .events = POLLIN };
        return 1;
    }
    return 0;
}

static void drop_client(struct serial *s)
{
    close(s->client_fd);
    s->client_fd = -1;
}

static void write_all(struct serial *s, int fd, const uint8_t *p, unsigned n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w > 0) {
            p += w;
            n -= (unsigned)w;
            continue;
        }
        if (w < 0 && (errno == EAGAIN || errno == EINTR)) {
            struct pollfd pf = { .fd = fd, .events = POLLOUT };
            poll(&pf, 1, 100);
            continue;
        }
        if (s->kind == SERIAL_TCP)
            drop_client(s);
        return;
    }
}

/* Where bytes for the host go: the client, or stdout. */
static void to_host(struct serial *s, const uint8_t *p, unsigned n)
{
    if (s->kind == SERIAL_STDIO)
        write_all(s, 1, p, n);
    else if (s->kind == SERIAL_TCP && s->client_fd >= 0)
        write_all(s, s->client_fd, p, n);
    /* no client: the bytes are lost, as on a line nobody listens to */
}

void serial_service(struct serial *s, struct uart *u)
{
    uint8_t buf[512], board[512 + SIM_QUERY_HOLD], answer[2 * SIM_QUERY_ANSWER_MAX];
    if (s->kind == SERIAL_TCP)
        try_accept(s);
    /* What the board sent first, so that an answer of our own never cuts
     * into it. */
    unsigned n;
    while ((n = uart_tx_take(u, buf, sizeof(buf))) > 0)
        to_host(s, buf, n);
    int in = s->kind == SERIAL_STDIO ? (s->in_eof ? -1 : 0) : s->client_fd;
    unsigned space = uart_rx_space(u);
    /* held-back bytes of a query may come out with the next read */
    space = space > SIM_QUERY_HOLD ? space - (unsigned)SIM_QUERY_HOLD : 0;
    if (in >= 0 && space > 0) {
        ssize_t r = read(in, buf, space < sizeof(buf) ? space : sizeof(buf));
        if (r > 0) {
            unsigned nans;
            unsigned nb = sim_query_filter(&s->query, buf, (unsigned)r, board,
                                           answer, &nans);
            uart_rx_push(u, board, nb);
            if (nans)
                to_host(s, answer, nans);
        } else if (r == 0) {
            if (s->kind == SERIAL_TCP)
                drop_client(s); /* the next client may connect */
            else
                s->in_eof = true;
        }
    }
}

void serial_flush(struct serial *s, struct uart *u)
{
    bool eof = s->in_eof;
    s->in_eof = true; /* output only */
    serial_service(s, u);
    s->in_eof = eof;
}
