/* bench.c - compute-bound firmware for tests/bench/vboard_vs_qemu.sh: integer
 * matrix multiplies and table-driven CRC-32 in loops (about 540 million
 * instructions), checksums printed at the end. It starts all four 34K
 * counters (cycles, instructions, D-cache accesses and misses, kernel mode)
 * so that vboard runs with counters on; QEMU ignores the writes. */
#include "fw.h"

#define N 64
#define REPS_MM 240
#define LEN 65536
#define REPS_CRC 240

static int32_t a[N][N], b[N][N], c[N][N];
static uint32_t table[256];
static uint8_t buf[LEN];
static uint32_t mm_hash, crc;

void setup(void)
{
    /* PerfCtl n = EVENT << 5 | K (seed MD00548 Table 2/3) */
    __asm__ volatile("mtc0 %0, $25, 0\n\tmtc0 %1, $25, 2\n\t"
                     "mtc0 %2, $25, 4\n\tmtc0 %3, $25, 6\n\tehb"
                     : : "r"(0u << 5 | 2u), "r"(1u << 5 | 2u),
                         "r"(10u << 5 | 2u), "r"(11u << 5 | 2u));
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            a[i][j] = (i * 7 + j * 3) % 19 - 9;
            b[i][j] = (i * 5 + j * 11) % 23 - 11;
        }
    uint32_t x = 1;
    for (int i = 0; i < LEN; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        buf[i] = (uint8_t)x;
    }
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t v = i;
        for (int k = 0; k < 8; k++)
            v = (v & 1u) ? (v >> 1) ^ 0xedb88320u : v >> 1;
        table[i] = v;
    }
}

void work(void)
{
    for (int r = 0; r < REPS_MM; r++) {
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++) {
                int32_t s = r;
                for (int k = 0; k < N; k++)
                    s += a[i][k] * b[k][j];
                c[i][j] = s;
            }
        for (int i = 0; i < N; i++)
            mm_hash = mm_hash * 33u + (uint32_t)c[i][(i + r) % N];
    }
    for (int r = 0; r < REPS_CRC; r++) {
        uint32_t v = 0xffffffffu ^ (uint32_t)r;
        for (int i = 0; i < LEN; i++)
            v = table[(v ^ buf[i]) & 0xffu] ^ (v >> 8);
        crc = crc * 31u + ~v;
    }
}

void report(void)
{
    fw_puts("bench\n");
    fw_kv("mm_hash", mm_hash);
    fw_kv("crc", crc);
}
