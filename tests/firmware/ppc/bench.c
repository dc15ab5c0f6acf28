/* bench.c - compute-bound firmware for tests/bench/vboard_ppc_vs_qemu.sh:
 * a sieve of Eratosthenes, an FNV-1a hash over a pseudo-random buffer and
 * 32-bit integer matrix-vector products, repeated (about 400 million
 * instructions), checksums printed at the end. It starts all four counters
 * (cycles, instructions, data and instruction linefills: e200z7 events 1,
 * 2, 57, 72, RM Table 8-10) so that vboard runs with counters on; QEMU has
 * no mtpmr (program interrupt, illegal instruction), which the handler
 * below skips. */
#include "fw.h"

#define SIEVE 65536
#define REPS_SIEVE 150
#define BUF 65536
#define REPS_HASH 600
#define N 96
#define REPS_MV 1200

static uint8_t composite[SIEVE];
static uint8_t buf[BUF];
static int32_t m[N][N], vec[N], out[N];
static uint32_t primes, fnv, mv_hash;

static void skip_illegal(struct fw_frame *f) { f->pc += 4; }

/* PMLCa = EVENT << 16 (e200z7.md section 2); PMLCa0-3 = PMR 144-147,
 * PMGC0 = 400 (Table 8-1); counters run once FAC is 0. */
static void start_counters(void)
{
    __asm__ volatile("mtpmr 144, %0\n\tmtpmr 145, %1\n\tmtpmr 146, %2\n\t"
                     "mtpmr 147, %3\n\tmtpmr 400, %4"
                     : : "r"(1u << 16), "r"(2u << 16), "r"(57u << 16),
                         "r"(72u << 16), "r"(0u));
}

void setup(void)
{
    fw_set_handler(6, skip_illegal);
    start_counters();
    uint32_t x = 2463534242u;
    for (int i = 0; i < BUF; i++) {
        x = x * 1664525u + 1013904223u;
        buf[i] = (uint8_t)(x >> 24);
    }
    for (int i = 0; i < N; i++) {
        vec[i] = i % 13 - 6;
        for (int j = 0; j < N; j++)
            m[i][j] = (i * 31 + j * 17) % 29 - 14;
    }
}

void work(void)
{
    for (int r = 0; r < REPS_SIEVE; r++) {
        for (int i = 0; i < SIEVE; i++)
            composite[i] = 0;
        uint32_t n = 0;
        for (int i = 2; i < SIEVE; i++) {
            if (composite[i])
                continue;
            n++;
            for (int k = 2 * i; k < SIEVE; k += i)
                composite[k] = 1;
        }
        primes += n;
    }
    for (int r = 0; r < REPS_HASH; r++) {
        uint32_t h = 2166136261u ^ (uint32_t)r;
        for (int i = 0; i < BUF; i++)
            h = (h ^ buf[i]) * 16777619u;
        fnv = fnv * 3u + h;
    }
    for (int r = 0; r < REPS_MV; r++) {
        for (int i = 0; i < N; i++) {
            int32_t s = r;
            for (int j = 0; j < N; j++)
                s += m[i][j] * vec[j];
            out[i] = s;
        }
        vec[r % N] = out[(r * 7) % N] & 0xff;
        mv_hash = mv_hash * 33u + (uint32_t)out[r % N];
    }
}

void report(void)
{
    fw_puts("bench\n");
    fw_kv("primes", primes);
    fw_kv("fnv", fnv);
    fw_kv("mv_hash", mv_hash);
}
