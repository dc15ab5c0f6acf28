/* mergesort.c - the seed's workload (MD00548 section 5.1): sort random data
 * by sorting blocks of BLOCK elements, then merging blocks pairwise. */
#include "fw.h"

#define N 3000
#define BLOCK 64

static uint32_t data[N], tmp[N];
static uint32_t seed = 12345;

static uint32_t rnd(void)
{
    seed = seed * 1103515245u + 12345u;
    return seed >> 8;
}

void setup(void)
{
    for (int i = 0; i < N; i++)
        data[i] = rnd() % 100000u;
}

static void insertion(uint32_t *a, int n)
{
    for (int i = 1; i < n; i++) {
        uint32_t v = a[i];
        int j = i - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
}

static void merge(const uint32_t *a, int na, const uint32_t *b, int nb, uint32_t *out)
{
    int i = 0, j = 0, k = 0;
    while (i < na && j < nb)
        out[k++] = a[i] <= b[j] ? a[i++] : b[j++];
    while (i < na)
        out[k++] = a[i++];
    while (j < nb)
        out[k++] = b[j++];
}

void work(void)
{
    for (int lo = 0; lo < N; lo += BLOCK)
        insertion(data + lo, N - lo < BLOCK ? N - lo : BLOCK);
    for (int width = BLOCK; width < N; width *= 2) {
        for (int lo = 0; lo < N; lo += 2 * width) {
            int mid = lo + width < N ? lo + width : N;
            int hi = lo + 2 * width < N ? lo + 2 * width : N;
            merge(data + lo, mid - lo, data + mid, hi - mid, tmp + lo);
        }
        for (int i = 0; i < N; i++)
            data[i] = tmp[i];
    }
}

void report(void)
{
    uint32_t sum = 0, sorted = 1;
    for (int i = 0; i < N; i++) {
        sum = sum * 31u + data[i];
        if (i && data[i - 1] > data[i])
            sorted = 0;
    }
    fw_puts("mergesort\n");
    fw_kv("sorted", sorted);
    fw_kv("hash", sum);
    fw_kv("min", data[0]);
    fw_kv("max", data[N - 1]);
}
