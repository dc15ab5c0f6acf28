/*
 * main.c - vboard: options, then the single-threaded main loop: poll() the
 * sockets, run a slice of instructions, deliver timer/counter interrupts,
 * repeat. Everything printed about counts is labelled as simulated.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "ejtag.h"
#include "elf_load.h"
#include "list_events.h"
#include "serial.h"

#define SLICE 20000u /* instructions between polls of the sockets */

struct options {
    const char *kernel;
    const char *serial;
    const char *count_insns;
    enum cpu_model cpu;
    uint32_t ram_mib;
    uint32_t baud;
    uint64_t max_insns;    /* 0: no limit */
    int rbb_port;          /* -1: no EJTAG port */
    bool list_events;
    bool no_reboot;
    bool stats;
};

static void usage(FILE *f)
{
    fputs("usage: vboard --kernel FILE.elf [options]\n"
          "A simulated Malta-compatible MIPS32 board with performance counters.\n"
          "  --kernel FILE.elf        big-endian MIPS32 ELF to run (as QEMU -kernel)\n"
          "  --serial stdio|tcp:HOST:PORT[,server][,nowait]\n"
          "                           UART backend (default stdio); TCP listens and,\n"
          "                           unless nowait, waits for the first client\n"
          "  --cpu 34k|r10k|r12k      CPU personality (PRId, counters; default 34k)\n"
          "  --ram MiB                RAM size (default 128)\n"
          "  --baud N                 pace the UART at N baud (10 bits per byte)\n"
          "  --max-insns N            stop with status 3 after N instructions\n"
          "  --count-insns FROM:TO    print (on stderr) how many instructions ran from\n"
          "                           the first time FROM executes until TO is reached\n"
          "                           (addresses or ELF symbols)\n"
          "  --no-reboot              exit (status 0) when the guest resets the board,\n"
          "                           as QEMU -no-reboot; default: reset and run again\n"
          "  --remote-bitbang PORT    EJTAG TAP for OpenOCD's remote_bitbang driver\n"
          "  --list-events            list the --cpu's counter events and exit\n"
          "  --stats                  at exit, print simulated instructions and speed\n"
          "  --help                   this text\n", f);
}

static bool parse_u64(const char *s, uint64_t *out)
{
    char *end = NULL;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || !end || *end || s[0] == '-' || s[0] == '\0')
        return false;
    *out = v;
    return true;
}

/* One-line error and exit status 2 for any bad argument. */
static void bad(const char *fmt, const char *arg)
{
    fprintf(stderr, "vboard: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, " (see --help)\n");
    exit(2);
}

static void parse_options(int argc, char **argv, struct options *o)
{
    enum { O_KERNEL = 1, O_SERIAL, O_CPU, O_RAM, O_BAUD, O_MAX, O_COUNT, O_RBB,
           O_LIST, O_NOREBOOT, O_STATS, O_HELP };
    static const struct option longopts[] = {
        { "kernel", required_argument, NULL, O_KERNEL },
        { "serial", required_argument, NULL, O_SERIAL },
        { "cpu", required_argument, NULL, O_CPU },
        { "ram", required_argument, NULL, O_RAM },
        { "baud", required_argument, NULL, O_BAUD },
        { "max-insns", required_argument, NULL, O_MAX },
        { "count-insns", required_argument, NULL, O_COUNT },
        { "remote-bitbang", required_argument, NULL, O_RBB },
        { "list-events", no_argument, NULL, O_LIST },
        { "no-reboot", no_argument, NULL, O_NOREBOOT },
        { "stats", no_argument, NULL, O_STATS },
        { "help", no_argument, NULL, O_HELP },
        { NULL, 0, NULL, 0 },
    };
    uint64_t v;
    *o = (struct options){ .serial = "stdio", .cpu = CPU_34K, .ram_mib = 128,
                           .rbb_port = -1 };
    opterr = 0;
    int ch;
    while ((ch = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (ch) {
        case O_KERNEL: o->kernel = optarg; break;
        case O_SERIAL: o->serial = optarg; break;
        case O_CPU:
            if (!cpu_model_from_name(optarg, &o->cpu))
                bad("--cpu: unknown CPU '%s' (want 34k, r10k or r12k)", optarg);
            break;
        case O_RAM:
            if (!parse_u64(optarg, &v) || v == 0 || v > 2048)
                bad("--ram: want 1..2048 MiB, got '%s'", optarg);
            o->ram_mib = (uint32_t)v;
            break;
        case O_BAUD:
            if (!parse_u64(optarg, &v) || v < 50 || v > 10000000)
                bad("--baud: want 50..10000000, got '%s'", optarg);
            o->baud = (uint32_t)v;
            break;
        case O_MAX:
            if (!parse_u64(optarg, &v) || v == 0)
                bad("--max-insns: want a positive count, got '%s'", optarg);
            o->max_insns = v;
            break;
        case O_COUNT: o->count_insns = optarg; break;
        case O_RBB:
            if (!parse_u64(optarg, &v) || v == 0 || v > 65535)
                bad("--remote-bitbang: want a TCP port 1..65535, got '%s'", optarg);
            o->rbb_port = (int)v;
            break;
        case O_LIST: o->list_events = true; break;
        case O_NOREBOOT: o->no_reboot = true; break;
        case O_STATS: o->stats = true; break;
        case O_HELP: usage(stdout); exit(0);
        default:
            bad("unknown or incomplete option '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        bad("unexpected argument '%s'", argv[optind]);
    if (!o->list_events && !o->kernel)
        bad("%s", "--kernel FILE.elf is required");
}

/* FROM or TO of --count-insns: a number or an ELF symbol. */
static uint32_t resolve(const char *kernel, const char *what)
{
    uint64_t v;
    uint32_t s;
    if (parse_u64(what, &v) && v <= UINT32_MAX)
        return (uint32_t)v;
    if (elf_symbol(kernel, what, &s))
        return s;
    bad("--count-insns: '%s' is neither an address nor a symbol of the kernel", what);
    return 0;
}

static void setup_watch(struct cpu *c, const char *kernel, const char *spec)
{
    char buf[256];
    snprintf(buf, sizeof(buf), "%s", spec);
    char *colon = strchr(buf, ':');
    if (!colon)
        bad("--count-insns: want FROM:TO, got '%s'", spec);
    *colon = '\0';
    c->watch_from = resolve(kernel, buf);
    c->watch_to = resolve(kernel, colon + 1);
    c->watch_on = true;
    c->slow_checks = true;
}

static bool load_kernel(struct board *b, const char *path)
{
    char err[512];
    uint32_t entry;
    if (!elf_load(path, b->ram, b->ram_low_size, &entry, err, sizeof(err))) {
        fprintf(stderr, "vboard: --kernel %s\n", err);
        return false;
    }
    b->entry = entry;
    b->kernel_path = path;
    return true;
}

static void report_watch(const struct cpu *c)
{
    fprintf(stderr, "vboard (simulated): %" PRIu64 " instructions from 0x%08" PRIx32
            " to 0x%08" PRIx32 "\n", c->watch_count, c->watch_from, c->watch_to);
}

static volatile sig_atomic_t got_signal;
static void on_signal(int sig) { got_signal = sig; }

int main(int argc, char **argv)
{
    struct options o;
    static struct board b;
    struct serial ser;
    char err[512];
    parse_options(argc, argv, &o);
    if (o.list_events)
        return list_events(stdout, o.cpu) ? 0 : 1;
    if (!serial_parse(&ser, o.serial, cpu_model_name(o.cpu), err, sizeof(err))) {
        fprintf(stderr, "vboard: %s\n", err);
        return 2;
    }
    if (!board_init(&b, o.cpu, o.ram_mib))
        return 1;
    struct cpu *c = &b.cpu;
    b.uart.baud = o.baud;
    if (!load_kernel(&b, o.kernel))
        return 1;
    board_boot(&b);
    if (o.count_insns)
        setup_watch(c, o.kernel, o.count_insns);

    struct ejtag *ej = NULL;
    struct rbb *rbb = NULL;
    if (o.rbb_port > 0) {
        ej = ejtag_new(c);
        rbb = ej ? rbb_listen(ej, (uint16_t)o.rbb_port) : NULL;
        if (!rbb)
            return 1;
        c->ejtag = ej;
        c->slow_checks = true;
    }
    signal(SIGPIPE, SIG_IGN);
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    if (!serial_open(&ser) || !serial_wait_client(&ser))
        return 1;

    int status = 0;
    bool reported = false;
    double t0 = uart_now_ns();
    for (;;) {
        struct pollfd pfds[4];
        unsigned n = serial_pollfds(&ser, pfds);
        if (rbb)
            pfds[n++] = (struct pollfd){ .fd = rbb_fd(rbb), .events = POLLIN };
        bool idle = c->probe_stalled || c->waiting;
        poll(pfds, n, idle ? 5 : 0);
        serial_service(&ser, &b.uart);
        if (rbb)
            while (rbb_service(rbb))
                ;
        if (got_signal) {
            fprintf(stderr, "vboard: stopped by signal %d\n", (int)got_signal);
            status = 130;
            break;
        }
        if (b.reset_requested) {
            /* QEMU: SOFTRES 0x42 -> qemu_system_reset_request(GUEST_RESET);
             * with -no-reboot that is a shutdown (exit 0), else the machine
             * resets: ROM blobs (the ELF) are reloaded and the bootloader
             * jumps to the entry again. */
            if (o.no_reboot)
                break;
            if (!load_kernel(&b, o.kernel)) {
                status = 1;
                break;
            }
            board_boot(&b);
        }
        uint64_t budget = SLICE;
        uint64_t quiet = cpu_quiet_budget(c);
        if (quiet < budget)
            budget = quiet ? quiet : 1;
        /* instructions completed or abandoned by an exception: a firmware
         * stuck in a loop of faults must still reach the bound */
        uint64_t progress = c->ev[EV_INSNS] + c->ev[EV_EXC];
        if (o.max_insns) {
            if (progress >= o.max_insns) {
                fprintf(stderr, "vboard: stopped after --max-insns %" PRIu64
                        " simulated instructions (pc 0x%08" PRIx32 ")\n",
                        o.max_insns, c->pc);
                status = 3;
                break;
            }
            if (o.max_insns - progress < budget)
                budget = o.max_insns - progress;
        }
        enum run_stop r = cpu_run(c, budget);
        if (r == RUN_WAIT && c->timer_armed && !(cpu_count(c) == c->compare)) {
            /* nothing runs until the timer: skip the idle cycles */
            uint64_t now = cpu_cycles(c);
            if (c->timer_cycle > now)
                c->ev[EV_IDLE] += c->timer_cycle - now;
        }
        cpu_update_timer(c);
        cpu_check_interrupts(c);
        if (c->watch_done && !reported) {
            report_watch(c);
            reported = true;
        }
    }
    serial_flush(&ser, &b.uart);
    if (o.stats) {
        double secs = (uart_now_ns() - t0) / 1e9;
        fprintf(stderr, "vboard (simulated): %" PRIu64 " instructions, %" PRIu64
                " cycles (timing model) in %.3f s: %.1f million simulated"
                " instructions per second\n", c->ev[EV_INSNS], cpu_cycles(c), secs,
                secs > 0 ? c->ev[EV_INSNS] / secs / 1e6 : 0.0);
    }
    if (c->watch_on && !reported)
        fprintf(stderr, "vboard (simulated): --count-insns: 0x%08" PRIx32
                " %s; counted %" PRIu64 " instructions\n", c->watch_to,
                c->watch_counting ? "never reached" : "FROM never executed",
                c->watch_count);
    serial_close(&ser);
    if (rbb)
        rbb_close(rbb);
    if (ej)
        ejtag_free(ej);
    board_free(&b);
    return status;
}
