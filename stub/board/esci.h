#ifndef PMUSTUB_ESCI_H
#define PMUSTUB_ESCI_H
/* A polled eSCI (MPC5500/5600 enhanced serial communication interface)
 * as the debug line (esci.c). */
#include <stdint.h>

/* Takes the eSCI at base: 8N1, sbr = the module clock / (16 * baud). */
void esci_init(uintptr_t base, uint32_t sbr);
int esci_getc(void);
int esci_poll_getc(void);
void esci_putc(int c);

#endif
