/* crc32.c - CRC-32 (IEEE 802.3, reflected polynomial 0xedb88320), table
 * driven and bitwise, over a pseudo-random buffer. The check value of
 * "123456789" is 0xcbf43926. */
#include "fw.h"

#define LEN 8192

static uint32_t table[256];
static uint8_t buf[LEN];
static uint32_t crc_tab, crc_bit, crc_check;

void setup(void)
{
    uint32_t x = 1;
    for (int i = 0; i < LEN; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        buf[i] = (uint8_t)x;
    }
}

static uint32_t crc_table(const uint8_t *p, int n)
{
    uint32_t c = 0xffffffffu;
    while (n--)
        c = table[(c ^ *p++) & 0xffu] ^ (c >> 8);
    return ~c;
}

static uint32_t crc_bitwise(const uint8_t *p, int n)
{
    uint32_t c = 0xffffffffu;
    while (n--) {
        c ^= *p++;
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xedb88320u & -(c & 1u));
    }
    return ~c;
}

void work(void)
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = (c & 1u) ? (c >> 1) ^ 0xedb88320u : c >> 1;
        table[i] = c;
    }
    crc_tab = crc_table(buf, LEN);
    crc_bit = crc_bitwise(buf, LEN / 4);
    crc_check = crc_table((const uint8_t *)"123456789", 9);
}

void report(void)
{
    fw_puts("crc32\n");
    fw_kv("table", crc_tab);
    fw_kv("bitwise_quarter", crc_bit);
    fw_kv("check", crc_check);
}
