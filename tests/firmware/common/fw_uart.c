/* fw_uart.c - polled 16550 output for the test firmware of both
 * instruction sets: registers one byte apart from FW_UART, which each
 * one's fw.h gives (tests/firmware/mips/, tests/firmware/ppc/); THR at +0,
 * LSR at +5 with THRE = bit 5 (PC16550D data sheet, "Register Summary"). */
#include "fw.h"

#define UART ((volatile uint8_t *)(FW_UART))

void fw_putc(char ch)
{
    if (ch == '\n')
        fw_putc('\r');
    while (!(UART[5] & 0x20))
        ;
    UART[0] = (uint8_t)ch;
}

void fw_puts(const char *s)
{
    while (*s)
        fw_putc(*s++);
}

void fw_hex(uint32_t v)
{
    for (int i = 28; i >= 0; i -= 4)
        fw_putc("0123456789abcdef"[(v >> i) & 15u]);
}

void fw_dec(uint32_t v)
{
    char buf[12];
    int n = 0;
    do {
        buf[n++] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v);
    while (n)
        fw_putc(buf[--n]);
}

void fw_kv(const char *key, uint32_t v)
{
    fw_puts(key);
    fw_puts("=0x");
    fw_hex(v);
    fw_putc('\n');
}
