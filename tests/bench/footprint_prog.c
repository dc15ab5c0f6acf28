/* The small program footprint.sh links the stub into: a loop and a store,
 * so that what the link holds besides it is the stub's. */
volatile unsigned footprint_sink;

int main(void)
{
    unsigned s = 0;
    for (unsigned i = 1; i <= 100; i++)
        s += i * i;
    footprint_sink = s;
    return 0;
}
