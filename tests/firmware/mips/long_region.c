/*
 * long_region.c - a long region for long_region.sh: long_work() walks a
 * buffer eight times the 34K's 32 KiB D-cache, one load a line, with a
 * data-dependent branch (a delay slot) each iteration, so that on vboard's
 * timing model a pass lasts several 2^20-tick periods of Count and any
 * interrupt of the stub's would land in it, in a delay slot as likely as
 * not. main runs the region long_rounds times (lowered from GDB for
 * QEMU's log) and returns the checksum's low byte.
 */
void long_pass(void);

volatile unsigned long_rounds = 1000000;
volatile unsigned long_n = 200000;
unsigned long_buf[65536]; /* 256 KiB */
unsigned long_sum;

void long_work(void)
{
    unsigned n = long_n, s = 0, i = 0;
    for (unsigned k = 0; k < n; k++) {
        s += long_buf[i] + k;
        i = (i + 8) & 65535; /* the next 32-byte line */
        if (s & 1)
            s ^= k << 3;
        else
            long_buf[i] = s;
    }
    long_sum += s;
}

int main(void)
{
    for (unsigned r = 0; r < long_rounds; r++)
        long_pass();
    return (int)(long_sum & 0xff);
}
