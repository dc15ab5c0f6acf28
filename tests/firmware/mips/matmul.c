/* matmul.c - integer matrix multiply C = A * B (N x N), checksummed. */
#include "fw.h"

#define N 40

static int32_t a[N][N], b[N][N], c[N][N];

void setup(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            a[i][j] = (i * 7 + j * 3) % 19 - 9;
            b[i][j] = (i * 5 + j * 11) % 23 - 11;
        }
}

void work(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int32_t s = 0;
            for (int k = 0; k < N; k++)
                s += a[i][k] * b[k][j];
            c[i][j] = s;
        }
}

void report(void)
{
    uint32_t h = 0;
    int32_t trace = 0;
    for (int i = 0; i < N; i++) {
        trace += c[i][i];
        for (int j = 0; j < N; j++)
            h = h * 33u + (uint32_t)c[i][j];
    }
    fw_puts("matmul\n");
    fw_kv("trace", (uint32_t)trace);
    fw_kv("hash", h);
}
