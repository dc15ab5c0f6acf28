/*
 * ejtag_pracc.h - the EJTAG processor-access (PrAcc) handshake between the
 * CPU's debug-mode dmseg accesses and the probe.
 *
 * One access at a time is visible to the probe (ECR.PrAcc = 1). A store to
 * dmseg is latched when the CPU executes it and shown to the probe only after
 * the next fetch has been served: OpenOCD 0.12's fast queued mode
 * (mips32_pracc_queue_exec in src/target/mips32_pracc.c) expects the order
 * fetch i, fetch i+1, store i, and its legacy mode (mips32_pracc_exec)
 * accepts that order too (its store_pending counter).
 */
#ifndef VBOARD_EJTAG_PRACC_H
#define VBOARD_EJTAG_PRACC_H

#include "ejtag.h"

struct pracc_access {
    bool valid;
    bool store;
    bool fetch;
    bool lagged;     /* a latched store posted by us, not awaited by the CPU */
    unsigned size;   /* 1, 2 or 4 */
    uint32_t addr;
    uint32_t data;   /* store value, or the probe's answer to a fetch/load */
};

struct pracc {
    struct pracc_access cur;     /* visible to the probe (PrAcc = 1) */
    struct pracc_access done;    /* served, waiting for the CPU's retry */
    struct pracc_access latched; /* store executed, posted after next fetch */
    /* A CPU whose load or store got EJTAG_PENDING may restart the whole
     * instruction, fetch included (vboard's cpu.c does). The probe served
     * that fetch once and will not serve it again, so the last fetch is
     * kept and handed out again to such a restart. */
    struct pracc_access last_fetch;
    bool refetch;                /* a data access of last_fetch waited */
};

void pracc_reset(struct pracc *p);
/* The CPU side (ejtag_dmseg_access). */
enum ejtag_access pracc_cpu_access(struct pracc *p, uint32_t addr,
                                   unsigned size, bool is_store,
                                   bool is_fetch, uint32_t *data);
/* The probe finished the visible access (ECR.PrAcc written 0); answer is
 * the DATA register (right-aligned value for fetches and loads). Returns
 * true when an access was completed. */
bool pracc_complete(struct pracc *p, uint32_t answer);

#endif
