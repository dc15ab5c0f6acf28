/*
 * main.c - vboard: options, then the single-threaded main loop: poll() the
 * sockets, let the machine run a slice of instructions (it delivers its
 * timer and counter interrupts), repeat. The machine is picked by --cpu and
 * reached only through common/machine.h. Everything printed about counts is
 * labelled as simulated.
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

#include "elf_load.h"
#include "idle.h"
#include "machine.h"
#include "profile.h"
#include "rbb.h"
#include "serial.h"
#include "uart.h"

#define SLICE 20000u /* instructions between polls of the sockets */

/* Idle loops (common/idle.h, docs/vboard.md "Idle loops"): a second of
 * sleep is IDLE_HZ timing-model cycles of the loop, about what vboard
 * simulates in a second. A slice with IDLE_POLLS quiet status reads makes
 * the main loop look for one; after a search that found none it waits
 * IDLE_BACKOFF slices (a search runs at most a few hundred instructions
 * one at a time). */
#define IDLE_HZ 100e6
#define IDLE_POLLS 16u
#define IDLE_BACKOFF 64u
#define IDLE_MAX_SLEEP_MS 1000.0

struct options {
    const char *kernel;
    const char *serial;
    const char *count_insns;
    const char *count_events;
    const char *profile;   /* --profile FILE */
    const char *cpu;       /* --cpu, or the machine's default_cpu */
    const char *machine;   /* --machine NAME, or NULL: the board --cpu picks */
    uint32_t ram_mib;
    uint32_t baud;
    uint64_t max_insns;    /* 0: no limit */
    int rbb_port;          /* -1: no EJTAG port */
    bool list_events;
    bool no_reboot;
    bool stats;
    bool no_idle_skip;     /* simulate idle loops instruction by instruction */
};

/* The --cpu keys of every machine class, as "a, b or c". */
static void cpu_keys(char *out, size_t len)
{
    unsigned total = 0, i = 0;
    for (const struct vb_machine_class *const *c = vb_machines; *c; c++)
        for (const char *const *k = (*c)->cpus; *k && !(*c)->machine; k++)
            total++;
    size_t at = 0;
    out[0] = '\0';
    for (const struct vb_machine_class *const *c = vb_machines; *c; c++)
        for (const char *const *k = (*c)->cpus; *k && at < len && !(*c)->machine; k++, i++)
            at += (size_t)snprintf(out + at, len - at, "%s%s",
                                   i == 0 ? "" : i + 1 == total ? " or " : ", ", *k);
}

static void usage(FILE *f)
{
    fputs("usage: vboard --kernel FILE.elf [options]\n"
          "A simulated board with performance counters; --cpu picks the machine.\n"
          "  --kernel FILE.elf        big-endian ELF to run (as QEMU -kernel)\n"
          "  --serial stdio|tcp:HOST:PORT[,server][,nowait]\n"
          "                           UART backend (default stdio); TCP listens and,\n"
          "                           unless nowait, waits for the first client\n"
          "  --cpu CPU                CPU personality (PRId, counters; default ", f);
    fprintf(f, "%s):\n", vb_machines[0]->default_cpu);
    for (const struct vb_machine_class *const *c = vb_machines; *c; c++) {
        if ((*c)->machine)
            continue;
        fputs("                          ", f);
        for (const char *const *k = (*c)->cpus; *k; k++)
            fprintf(f, " %s", *k);
        fprintf(f, " (%s)\n", (*c)->name);
    }
    fputs("  --machine NAME           a chip instead of the board --cpu picks:\n", f);
    for (const struct vb_machine_class *const *c = vb_machines; *c; c++)
        if ((*c)->machine)
            fprintf(f, "                           %s (%s; --cpu %s)\n", (*c)->machine,
                    (*c)->name, (*c)->default_cpu);
    fputs("  --ram MiB                RAM size (default 128; not with --machine)\n"
          "  --baud N                 pace the UART at N baud (10 bits per byte)\n"
          "  --max-insns N            stop with status 3 after N instructions\n"
          "  --count-insns FROM:TO    print (on stderr) how many instructions ran from\n"
          "                           the first time FROM executes until TO is reached\n"
          "                           (addresses or ELF symbols)\n"
          "  --count-events FROM:TO[:N]\n"
          "                           run without a debugger to the end of the N-th\n"
          "                           pass (default 1) from FROM to TO, print (on\n"
          "                           stderr) vboard's own count of every event of\n"
          "                           the --cpu's catalogue in it, and exit\n"
          "  --no-reboot              exit (status 0) when the guest resets the board,\n"
          "                           as QEMU -no-reboot; default: reset and run again\n"
          "  --remote-bitbang PORT    EJTAG TAP for OpenOCD's remote_bitbang driver\n"
          "  --list-events            list the --cpu's counter events and exit\n"
          "  --no-idle-skip           simulate a loop that waits for the serial line\n"
          "                           instruction by instruction (default: sleep)\n"
          "  --stats                  at exit, print simulated instructions and speed\n"
          "  --profile FILE           at exit, write how often each instruction address\n"
          "                           ran to FILE (\"0xADDRESS COUNT\" lines)\n"
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
    enum { O_KERNEL = 1, O_SERIAL, O_CPU, O_MACHINE, O_RAM, O_BAUD, O_MAX, O_COUNT, O_EVENTS,
           O_RBB, O_LIST, O_NOREBOOT, O_NOIDLE, O_STATS, O_PROFILE, O_HELP };
    static const struct option longopts[] = {
        { "kernel", required_argument, NULL, O_KERNEL },
        { "serial", required_argument, NULL, O_SERIAL },
        { "cpu", required_argument, NULL, O_CPU },
        { "machine", required_argument, NULL, O_MACHINE },
        { "ram", required_argument, NULL, O_RAM },
        { "baud", required_argument, NULL, O_BAUD },
        { "max-insns", required_argument, NULL, O_MAX },
        { "count-insns", required_argument, NULL, O_COUNT },
        { "count-events", required_argument, NULL, O_EVENTS },
        { "remote-bitbang", required_argument, NULL, O_RBB },
        { "list-events", no_argument, NULL, O_LIST },
        { "no-reboot", no_argument, NULL, O_NOREBOOT },
        { "no-idle-skip", no_argument, NULL, O_NOIDLE },
        { "stats", no_argument, NULL, O_STATS },
        { "profile", required_argument, NULL, O_PROFILE },
        { "help", no_argument, NULL, O_HELP },
        { NULL, 0, NULL, 0 },
    };
    uint64_t v;
    *o = (struct options){ .serial = "stdio", .ram_mib = 128, .rbb_port = -1 };
    opterr = 0;
    int ch;
    while ((ch = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (ch) {
        case O_KERNEL: o->kernel = optarg; break;
        case O_SERIAL: o->serial = optarg; break;
        case O_MACHINE:
            if (!vb_machine_named(optarg))
                bad("--machine: unknown machine '%s'", optarg);
            o->machine = optarg;
            break;
        case O_CPU:
            if (!vb_machine_for_cpu(optarg)) {
                char keys[256], msg[512];
                cpu_keys(keys, sizeof(keys));
                snprintf(msg, sizeof(msg), "--cpu: unknown CPU '%s' (want %s)",
                         optarg, keys);
                bad("%s", msg);
            }
            o->cpu = optarg;
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
        case O_EVENTS: o->count_events = optarg; break;
        case O_RBB:
            if (!parse_u64(optarg, &v) || v == 0 || v > 65535)
                bad("--remote-bitbang: want a TCP port 1..65535, got '%s'", optarg);
            o->rbb_port = (int)v;
            break;
        case O_LIST: o->list_events = true; break;
        case O_NOREBOOT: o->no_reboot = true; break;
        case O_NOIDLE: o->no_idle_skip = true; break;
        case O_STATS: o->stats = true; break;
        case O_PROFILE: o->profile = optarg; break;
        case O_HELP: usage(stdout); exit(0);
        default:
            bad("unknown or incomplete option '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        bad("unexpected argument '%s'", argv[optind]);
}

/* What the options ask for together, once the machine is known. */
static void check_options(const struct options *o)
{
    if (!o->list_events && !o->kernel)
        bad("%s", "--kernel FILE.elf is required");
    /* the pass is the program's alone: no probe stops or steps it */
    if (o->count_events && o->rbb_port > 0)
        bad("%s", "--count-events runs the program without a debugger: "
                  "not with --remote-bitbang");
}

/* The machine class --machine or --cpu picks (with neither, the first
 * board); o->cpu becomes its default_cpu when --cpu is not given. */
static const struct vb_machine_class *select_machine(struct options *o)
{
    if (!o->machine) {
        if (!o->cpu)
            o->cpu = vb_machines[0]->default_cpu;
        return vb_machine_for_cpu(o->cpu);
    }
    const struct vb_machine_class *cls = vb_machine_named(o->machine);
    bool known = false;
    for (const char *const *k = cls->cpus; *k && o->cpu; k++)
        known |= strcmp(*k, o->cpu) == 0;
    if (!o->cpu)
        o->cpu = cls->default_cpu;
    else if (!known)
        bad("--cpu: the machine's core is %s", cls->cpus[0]);
    return cls;
}

/* FROM or TO of --count-insns or --count-events (opt): a number or an ELF
 * symbol. */
static uint64_t resolve(const char *opt, const char *kernel, const char *what)
{
    uint64_t v;
    uint32_t s;
    char msg[320];
    if (parse_u64(what, &v) && v <= UINT32_MAX)
        return (uint32_t)v;
    if (elf_symbol(kernel, what, &s))
        return s;
    snprintf(msg, sizeof(msg), "%s: '%.200s' is neither an address nor a symbol "
             "of the kernel", opt, what);
    bad("%s", msg);
    return 0;
}

/* --count-insns FROM:TO or --count-events FROM:TO[:N], resolved to
 * addresses; n is 1 unless N is given (only where with_n). */
struct watch_spec {
    uint64_t from, to, n;
    char from_name[256], to_name[256]; /* as given */
};

static struct watch_spec parse_watch(const char *opt, const char *kernel,
                                     const char *spec, bool with_n)
{
    char buf[256], msg[320];
    snprintf(buf, sizeof(buf), "%s", spec);
    char *colon = strchr(buf, ':');
    char *third = colon ? strchr(colon + 1, ':') : NULL;
    struct watch_spec w = { .n = 1 };
    if (!colon || (third && !with_n)) {
        snprintf(msg, sizeof(msg), "%s: want FROM:TO%s, got '%.200s'", opt,
                 with_n ? "[:N]" : "", spec);
        bad("%s", msg);
    }
    *colon = '\0';
    if (third) {
        *third = '\0';
        if (!parse_u64(third + 1, &w.n) || w.n == 0) {
            snprintf(msg, sizeof(msg), "%s: N must be a pass number from 1, got "
                     "'%.200s'", opt, third + 1);
            bad("%s", msg);
        }
    }
    w.from = resolve(opt, kernel, buf);
    w.to = resolve(opt, kernel, colon + 1);
    snprintf(w.from_name, sizeof(w.from_name), "%s", buf);
    snprintf(w.to_name, sizeof(w.to_name), "%s", colon + 1);
    return w;
}

/* --count-events: the first line says whose count it is and of what. */
static void print_pass(const struct vb_machine_class *cls, const struct vb_machine *m,
                       const char *cpu, const struct watch_spec *e)
{
    fprintf(stderr, "# vboard's own count (simulated), --cpu %s, pass %" PRIu64
            " from %s (0x%08" PRIx64 ") to %s (0x%08" PRIx64 ")\n", cpu, e->n,
            e->from_name, e->from, e->to_name, e->to);
    fprintf(stderr, "# every mode; each instruction from FROM up to, not including, TO\n");
    cls->print_events(m, stderr);
}

static bool boot(const struct vb_machine_class *cls, struct vb_machine *m)
{
    char err[512];
    if (!cls->boot(m, err, sizeof(err))) {
        fprintf(stderr, "vboard: --kernel %s\n", err);
        return false;
    }
    return true;
}

/* The main loop's side of an idle loop: how long to sleep and what the
 * sleep is worth. */
struct idling {
    bool on;               /* the CPU is at the head of lp */
    struct vb_idle_loop lp;
    double carry;          /* cycles of sleep not yet a whole iteration */
    unsigned backoff;      /* slices to wait before the next search */
    uint64_t quiet_seen;   /* the console's quiet_reads after the last slice */
    uint64_t insns;        /* instructions let pass while sleeping (--stats) */
};

/* Instructions the next slice may run: SLICE, up to the next timed event,
 * up to --max-insns (0: --max-insns is reached). */
static uint64_t slice_budget(const struct vb_machine_class *cls, struct vb_machine *m,
                             uint64_t max_insns)
{
    uint64_t budget = SLICE;
    uint64_t quiet = cls->quiet_budget(m);
    if (quiet && quiet < budget)
        budget = quiet;
    uint64_t progress = cls->progress(m);
    if (max_insns && (progress >= max_insns || max_insns - progress < budget))
        budget = progress < max_insns ? max_insns - progress : 0;
    return budget;
}

/* Iterations that may pass before a timed event or --max-insns. */
static uint64_t idle_room(const struct vb_machine_class *cls, struct vb_machine *m,
                          const struct idling *id, uint64_t max_insns)
{
    uint64_t room = vb_idle_room(&id->lp, cls->quiet_budget(m));
    uint64_t progress = cls->progress(m);
    if (max_insns) {
        uint64_t left = progress < max_insns ? (max_insns - progress) / id->lp.insns : 0;
        if (left < room)
            room = left;
    }
    return room;
}

/* How long the room lasts at IDLE_HZ, at least 1 ms. */
static int idle_sleep_ms(const struct idling *id, uint64_t room)
{
    double ms = (double)room * (double)id->lp.cycles / IDLE_HZ * 1e3;
    return ms >= IDLE_MAX_SLEEP_MS ? (int)IDLE_MAX_SLEEP_MS : ms < 1.0 ? 1 : (int)ms;
}

/* Lets pass the whole iterations ns of sleep are worth, at most room;
 * returns how many. */
static uint64_t idle_pass(const struct vb_machine_class *cls, struct vb_machine *m,
                          struct idling *id, double ns, uint64_t room)
{
    double cycles = ns * IDLE_HZ / 1e9 + id->carry;
    double whole = cycles / (double)id->lp.cycles;
    uint64_t k = whole >= (double)room ? room : (uint64_t)whole;
    id->carry = k == room ? 0.0 : cycles - (double)k * (double)id->lp.cycles;
    cls->idle_advance(m, &id->lp, k);
    id->insns += k * id->lp.insns;
    return k;
}

/* After a slice in which the program read the quiet console's status
 * often: is it waiting in an idle loop? */
static void idle_look(const struct vb_machine_class *cls, struct vb_machine *m,
                      struct idling *id, struct uart *uart, uint64_t max_insns)
{
    uint64_t polls = uart->quiet_reads - id->quiet_seen;
    if (id->backoff) {
        id->backoff--;
    } else if (polls >= IDLE_POLLS && uart->rx_len == 0) {
        uint64_t budget = slice_budget(cls, m, max_insns);
        id->on = budget && cls->idle_find(m, budget, &id->lp);
        id->carry = 0.0;
        id->backoff = id->on ? 0 : IDLE_BACKOFF;
    }
    id->quiet_seen = uart->quiet_reads;
}

static volatile sig_atomic_t got_signal;
static void on_signal(int sig) { got_signal = sig; }

/* One run of a machine: what start() sets up, the main loop drives and
 * finish() reports on. */
struct session {
    const struct options *o;
    const struct vb_machine_class *cls;
    struct vb_machine *m;
    struct serial ser;
    struct uart *uart;
    struct rbb *rbb;          /* NULL: no --remote-bitbang */
    struct vb_profile *prof;  /* NULL: no --profile */
    struct watch_spec w, e;   /* --count-insns, --count-events */
    struct idling id;
    bool reported;            /* --count-insns's count printed */
    double t0;                /* when the loop started (--stats) */
};

/* The machine created and booted, its console paced; 0 or an exit status. */
static int start_machine(struct session *s)
{
    const struct options *o = s->o;
    char err[512];
    if (!serial_parse(&s->ser, o->serial, o->cpu, err, sizeof(err))) {
        fprintf(stderr, "vboard: %s\n", err);
        return 2;
    }
    const struct vb_machine_config cfg = { .cpu = o->cpu, .kernel = o->kernel,
                                           .ram_mib = o->ram_mib };
    s->m = s->cls->create(&cfg, err, sizeof(err));
    if (!s->m) {
        fprintf(stderr, "vboard: %s\n", err);
        return 1;
    }
    s->uart = s->cls->console(s->m);
    s->uart->baud = o->baud;
    return boot(s->cls, s->m) ? 0 : 1;
}

/* --count-insns, --count-events and --profile set on the machine; 0 or an
 * exit status. */
static int start_watches(struct session *s)
{
    const struct options *o = s->o;
    s->w = s->e = (struct watch_spec){ .n = 1 };
    if (o->count_insns) {
        s->w = parse_watch("--count-insns", o->kernel, o->count_insns, false);
        s->cls->watch(s->m, s->w.from, s->w.to);
    }
    if (o->count_events) {
        s->e = parse_watch("--count-events", o->kernel, o->count_events, true);
        s->cls->count_events(s->m, s->e.from, s->e.to, s->e.n);
    }
    if (o->profile) {
        s->prof = vb_profile_new();
        if (!s->prof) {
            fprintf(stderr, "vboard: --profile: out of memory\n");
            return 1;
        }
        s->cls->profile(s->m, s->prof);
    }
    return 0;
}

/* The debug probe's port and the serial line open, signals caught; 0 or
 * an exit status. */
static int start_io(struct session *s)
{
    char err[512];
    if (s->o->rbb_port > 0) {
        s->rbb = s->cls->debug_listen(s->m, (uint16_t)s->o->rbb_port, err, sizeof(err));
        if (!s->rbb) {
            fprintf(stderr, "vboard: %s\n", err);
            return 1;
        }
    }
    signal(SIGPIPE, SIG_IGN);
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    return serial_open(&s->ser) && serial_wait_client(&s->ser) ? 0 : 1;
}

/* Waits for the sockets (in an idle loop, for as long as the loop may
 * sleep, letting its iterations pass) and serves them. */
static void poll_and_serve(struct session *s, enum vb_run_stop last)
{
    struct idling *id = &s->id;
    struct pollfd pfds[4];
    unsigned n = serial_pollfds(&s->ser, pfds);
    if (s->rbb)
        pfds[n++] = (struct pollfd){ .fd = rbb_fd(s->rbb), .events = POLLIN };
    bool idle = last == VB_RUN_IDLE || last == VB_RUN_STALLED;
    int timeout = idle ? 5 : 0;
    uint64_t room = 0;
    if (id->on) {
        /* what the program sent goes out before the sleep; a byte
         * that came in since ends the idle loop */
        serial_service(&s->ser, s->uart);
        room = idle_room(s->cls, s->m, id, s->o->max_insns);
        id->on = room > 0 && s->uart->rx_len == 0;
        timeout = id->on ? idle_sleep_ms(id, room) : 0;
    }
    double slept = uart_now_ns();
    int ready = poll(pfds, n, timeout);
    /* the sleep's worth of iterations; only time passed: sleep on */
    if (id->on)
        id->on = idle_pass(s->cls, s->m, id, uart_now_ns() - slept, room) < room &&
                 ready == 0;
    serial_service(&s->ser, s->uart);
    if (s->rbb)
        while (rbb_service(s->rbb))
            ;
}

#define GO_ON (-1) /* step(): the loop goes on */

/* One turn of the main loop: the sockets, a reset, a slice of
 * instructions; GO_ON or the exit status. */
static int step(struct session *s, enum vb_run_stop *last)
{
    const struct options *o = s->o;
    uint64_t count, passes;
    poll_and_serve(s, *last);
    if (got_signal) {
        fprintf(stderr, "vboard: stopped by signal %d\n", (int)got_signal);
        return 130;
    }
    if (*last == VB_RUN_RESET) {
        /* QEMU: SOFTRES 0x42 -> qemu_system_reset_request(GUEST_RESET);
         * with -no-reboot that is a shutdown (exit 0), else the machine
         * resets: ROM blobs (the ELF) are reloaded and the bootloader
         * jumps to the entry again. */
        /* with --count-events the program's end is its last chance to
         * complete pass N: no second run is counted on */
        if (o->no_reboot || o->count_events)
            return 0;
        if (!boot(s->cls, s->m))
            return 1;
    }
    if (s->id.on)
        return GO_ON;
    uint64_t budget = slice_budget(s->cls, s->m, o->max_insns);
    if (budget == 0) {
        fprintf(stderr, "vboard: stopped after --max-insns %" PRIu64
                " simulated instructions (pc 0x%08" PRIx64 ")\n",
                o->max_insns, s->cls->pc(s->m));
        return 3;
    }
    *last = s->cls->run(s->m, budget);
    if (!s->reported && s->cls->watch_result(s->m, &count) == VB_WATCH_DONE) {
        fprintf(stderr, "vboard (simulated): %" PRIu64 " instructions from 0x%08"
                PRIx64 " to 0x%08" PRIx64 "\n", count, s->w.from, s->w.to);
        s->reported = true;
    }
    if (o->count_events && s->cls->events_state(s->m, &passes) == VB_WATCH_DONE)
        return 0; /* pass N ended: the CPU stopped at TO */
    if (!o->no_idle_skip && *last == VB_RUN_SLICE)
        idle_look(s->cls, s->m, &s->id, s->uart, o->max_insns);
    return GO_ON;
}

/* Runs the machine until it stops; the exit status so far. */
static int run_loop(struct session *s)
{
    enum vb_run_stop last = VB_RUN_SLICE;
    int status;
    s->id = (struct idling){ .quiet_seen = s->uart->quiet_reads };
    s->t0 = uart_now_ns();
    while ((status = step(s, &last)) == GO_ON)
        ;
    return status;
}

/* --stats: simulated instructions and speed. */
static void report_stats(const struct session *s)
{
    double secs = (uart_now_ns() - s->t0) / 1e9;
    uint64_t insns, cycles;
    s->cls->totals(s->m, &insns, &cycles);
    fprintf(stderr, "vboard (simulated): %" PRIu64 " instructions, %" PRIu64
            " cycles (timing model) in %.3f s: %.1f million simulated"
            " instructions per second\n", insns, cycles, secs,
            secs > 0 ? insns / secs / 1e6 : 0.0);
    fprintf(stderr, "vboard (simulated): %" PRIu64 " of the instructions passed in"
            " idle loops while vboard slept\n", s->id.insns);
}

/* --profile: the counts written to FILE; the exit status after it. */
static int write_profile(struct session *s, int status)
{
    FILE *pf = fopen(s->o->profile, "w");
    if (!pf) {
        fprintf(stderr, "vboard: --profile: cannot write %s\n", s->o->profile);
        status = status ? status : 1;
    } else {
        vb_profile_write(s->prof, pf);
        fclose(pf);
    }
    vb_profile_free(s->prof);
    return status;
}

/* --count-insns that never reported: why. */
static void report_watch_unfinished(const struct session *s)
{
    uint64_t count;
    enum vb_watch_state ws = s->cls->watch_result(s->m, &count);
    if (!s->reported && ws != VB_WATCH_OFF)
        fprintf(stderr, "vboard (simulated): --count-insns: 0x%08" PRIx64
                " %s; counted %" PRIu64 " instructions\n", s->w.to,
                ws == VB_WATCH_COUNTING ? "never reached" : "FROM never executed",
                count);
}

/* --count-events: the pass's counts, or why there are none (status 4
 * where the run itself ended well); the exit status after it. */
static int report_count_events(const struct session *s, int status)
{
    uint64_t passes;
    enum vb_watch_state es = s->cls->events_state(s->m, &passes);
    if (es == VB_WATCH_DONE) {
        print_pass(s->cls, s->m, s->o->cpu, &s->e);
        return status;
    }
    fprintf(stderr, "vboard (simulated): --count-events: the program %s after %"
            PRIu64 " of %" PRIu64 " passes from 0x%08" PRIx64 " to 0x%08"
            PRIx64 "%s: no counts\n",
            status == 3 ? "was stopped by --max-insns"
            : status == 130 ? "was stopped by a signal" : "ended (board reset)",
            passes, s->e.n, s->e.from, s->e.to,
            es == VB_WATCH_COUNTING ? ", inside a pass" : "");
    return status == 0 ? 4 : status;
}

/* After the loop: the reports the options ask for, everything closed;
 * the exit status. */
static int finish(struct session *s, int status)
{
    serial_flush(&s->ser, s->uart);
    if (s->o->stats)
        report_stats(s);
    if (s->prof)
        status = write_profile(s, status);
    report_watch_unfinished(s);
    if (s->o->count_events)
        status = report_count_events(s, status);
    serial_close(&s->ser);
    if (s->rbb)
        rbb_close(s->rbb);
    s->cls->destroy(s->m);
    return status;
}

int main(int argc, char **argv)
{
    struct options o;
    parse_options(argc, argv, &o);
    struct session s = { .o = &o, .cls = select_machine(&o) };
    check_options(&o);
    if (o.list_events)
        return s.cls->list_events(stdout, o.cpu) ? 0 : 1;
    int status = start_machine(&s);
    if (!status)
        status = start_watches(&s);
    if (!status)
        status = start_io(&s);
    return status ? status : finish(&s, run_loop(&s));
}
