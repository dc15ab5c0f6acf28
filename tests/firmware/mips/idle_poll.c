/* idle_poll.c - two waits in a loop that polls a quiet UART (idle_poll_vec.S),
 * each ended by an interrupt at a point fixed by the program: the timer
 * (Compare = Count + 4,000,000) and counter 0's overflow (instructions
 * from 2^31 - 30,000,000). Counts in kernel mode: instructions, cycles,
 * loads (34K events 1, 0, 15, 1 on counters 0-3), then Count. vboard
 * must print the same with its idle skip on and off (tests/vboard/
 * idle_skip.sh); on the 34K only (event codes). */
#include "fw.h"

extern void idle_handler(void);
extern uint32_t idle_wait(volatile uint32_t *flag);
extern volatile uint32_t idle_flag;

#define PCTL_K  (1u << 1)
#define PCTL_IE (1u << 4)
#define EV(e) ((uint32_t)(e) << 5)
#define MTC0_PERF(sel, v) __asm__ volatile("mtc0 %0, $25, " #sel "\n\tehb" : : "r"(v))
#define MFC0_PERF(sel, v) __asm__ volatile("mfc0 %0, $25, " #sel : "=r"(v))
#define MFC0(reg, v) __asm__ volatile("mfc0 %0, $" #reg : "=r"(v))
#define MTC0(reg, v) __asm__ volatile("mtc0 %0, $" #reg "\n\tehb" : : "r"(v))

static uint32_t counts[4], count_end, lsr_seen[2];

void setup(void)
{
    fw_install_vector(0x180, 0x180, idle_handler);
    fw_use_ebase_vectors();
}

void work(void)
{
    uint32_t v;
    MTC0_PERF(0, EV(1) | PCTL_K);
    MTC0_PERF(2, EV(0) | PCTL_K);
    MTC0_PERF(4, EV(15) | PCTL_K);
    MTC0_PERF(6, EV(1) | PCTL_K);
    MTC0_PERF(1, 0u);
    MTC0_PERF(3, 0u);
    MTC0_PERF(5, 0u);
    MTC0_PERF(7, 0u);
    MFC0(9, v);
    MTC0(11, v + 4000000u);
    MFC0(12, v);
    MTC0(12, v | 0x8001u); /* IM7 (timer and counters), IE */
    lsr_seen[0] = idle_wait(&idle_flag);
    idle_flag = 0;
    MFC0_PERF(1, v);
    counts[3] = v; /* instructions of the first wait */
    MTC0_PERF(1, 0x80000000u - 30000000u);
    MTC0_PERF(0, EV(1) | PCTL_K | PCTL_IE);
    lsr_seen[1] = idle_wait(&idle_flag);
    MFC0(12, v);
    MTC0(12, v & ~1u);
    MFC0_PERF(1, counts[0]);
    MFC0_PERF(3, counts[1]);
    MFC0_PERF(5, counts[2]);
    MFC0(9, count_end);
}

void report(void)
{
    fw_puts("idle_poll\n");
    fw_kv("lsr_dr_first", lsr_seen[0]);
    fw_kv("lsr_dr_second", lsr_seen[1]);
    fw_kv("instructions_first_wait", counts[3]);
    fw_kv("counter0_instructions", counts[0]);
    fw_kv("counter1_cycles", counts[1]);
    fw_kv("counter2_loads", counts[2]);
    fw_kv("count", count_end);
}
