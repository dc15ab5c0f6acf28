/* fw.h - what every differential-test firmware provides and may use. */
#ifndef VBOARD_FW_H
#define VBOARD_FW_H

#include <stdint.h>

/* Provided by each workload (called by crt0.S). */
void setup(void);
void work(void);
void report(void);

/* fw_uart.c (tests/firmware/common/): polled output on the Malta ISA COM1
 * 16550, at KSEG1 0xb80003f8 as QEMU maps it. */
#define FW_UART 0xb80003f8u
void fw_putc(char ch);
void fw_puts(const char *s);
void fw_hex(uint32_t v);
void fw_dec(uint32_t v);
void fw_kv(const char *key, uint32_t v); /* "key=0x........\n" */

/* fw_vectors.c (MIPS only; the Power firmware shares this header): it
 * writes EBase, so it is MIPS32 code even in -mips16 firmware. */
void fw_install_vector(uint32_t offset, uint32_t id, void (*handler)(void));
#ifdef __mips__
__attribute__((nomips16)) void fw_use_ebase_vectors(void);
#endif

/* fw_exc.c: the log kept by exc_log.inc's EXC_LOG */
struct fw_exc_rec { uint32_t vec, cause, epc, badvaddr; };
extern struct fw_exc_rec exc_log[16];
extern uint32_t exc_count;
void fw_exc_report(void);

extern uint32_t boot_regs[10]; /* sp a0 a1 a2 a3 t9 k0 k1 ra status */

#endif
