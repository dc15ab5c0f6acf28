#ifndef PMUSTUB_MALTA_H
#define PMUSTUB_MALTA_H
void malta_uart_init(void);
int malta_uart_getc(void);
int malta_uart_poll_getc(void);
void malta_uart_putc(int c);
/* Waits until every byte written has left the transmitter. */
void malta_uart_drain(void);
#endif
