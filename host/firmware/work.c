/*
 * work.c - the measured workload and main. work(n) does arithmetic, loads
 * and stores (an array walk) and data-dependent branches, so that every
 * kind of event pmuctl's tests name has something to count. main runs
 * the region fw_rounds times (a test may lower it from GDB before the
 * program starts) and returns the checksum's low byte as the exit code.
 */
void bench_loop(unsigned rounds);

volatile unsigned fw_rounds = 1000000;
unsigned fw_data[256];
unsigned fw_sum;

unsigned work(unsigned n)
{
    unsigned s = 0;
    for (unsigned i = 1; i <= n; i++) {
        unsigned *p = &fw_data[(i * 7) & 255];
        *p += i * i;
        if (*p & 4)
            s += *p;
        else
            s ^= i;
    }
    fw_sum += s;
    return s;
}

int main(void)
{
    bench_loop(fw_rounds);
    return (int)(fw_sum & 0xff);
}
