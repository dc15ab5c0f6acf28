/*
 * ms_work.c - the sort of the mergesort blocksize experiment: blocks of B
 * elements are sorted in place by insertion sort (work grows with B, and a
 * block of up to 2048 words stays within a 32 KB data cache), then merged
 * bottom-up through a second array. 16384 words (64 KB) of data, twice the
 * 34K's largest D-cache, so the merges miss. ms_refill makes new
 * pseudo-random data (a 32-bit LCG, Numerical Recipes' constants).
 */
#define MS_N 16384

void ms_loop(unsigned rounds);

volatile unsigned ms_rounds = 1000000;
static unsigned ms_data[MS_N], ms_tmp[MS_N];
static unsigned ms_seed = 12345;
unsigned ms_check;

void ms_refill(void)
{
    for (unsigned i = 0; i < MS_N; i++) {
        ms_seed = ms_seed * 1664525u + 1013904223u;
        ms_data[i] = ms_seed;
    }
}

static void insertion_sort(unsigned *a, unsigned n)
{
    for (unsigned i = 1; i < n; i++) {
        unsigned v = a[i], j = i;
        for (; j > 0 && a[j - 1] > v; j--)
            a[j] = a[j - 1];
        a[j] = v;
    }
}

static void merge(const unsigned *src, unsigned *dst, unsigned lo,
                  unsigned mid, unsigned hi)
{
    unsigned i = lo, j = mid, k = lo;
    while (i < mid && j < hi)
        dst[k++] = src[i] <= src[j] ? src[i++] : src[j++];
    while (i < mid)
        dst[k++] = src[i++];
    while (j < hi)
        dst[k++] = src[j++];
}

void ms_run(unsigned bs)
{
    unsigned *src = ms_data, *dst = ms_tmp;
    for (unsigned lo = 0; lo < MS_N; lo += bs)
        insertion_sort(ms_data + lo, bs);
    for (unsigned w = bs; w < MS_N; w *= 2) {
        for (unsigned lo = 0; lo < MS_N; lo += 2 * w)
            merge(src, dst, lo, lo + w, lo + 2 * w);
        unsigned *t = src;
        src = dst;
        dst = t;
    }
    ms_check += src[0] ^ src[MS_N - 1];
}

int main(void)
{
    ms_refill();
    ms_loop(ms_rounds);
    return (int)(ms_check & 0xff);
}
