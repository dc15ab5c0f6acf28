/*
 * ms_blocksize.c - the blocksize of the next sort of ms_loop.S, which
 * reads it each pass; pmuctl measure --sweep ms_blocksize=... writes it
 * (host/demo/mergesort_table.sh). A file of its own, linked only into the
 * MIPS firmware: Power's ppc_ms_loop.S keeps a call site per blocksize,
 * and its image stays as it was.
 */
volatile unsigned ms_blocksize = 64;
