/*
** snappy.h -- Snappy's block format, decompressed: LevelDB's tables
** compress their blocks with it. No library: the store module's LevelDB
** reader carries its own (the packages carry no Snappy).
*/
#ifndef OK_STORE_SNAPPY_H
#define OK_STORE_SNAPPY_H

#include <stddef.h>
#include <stdint.h>

/* The uncompressed length at the start of in[0..n) in *len: the varint's
** byte count, or -1 when there is none (cut short, past 32 bits). */
int snappy_length(const unsigned char *in, size_t n, size_t *len);

/* in[0..n) into out[0..len), len its uncompressed length: 0, or -1 when
** in is no Snappy block of that length. */
int snappy_decompress(const unsigned char *in, size_t n, unsigned char *out, size_t len);

#endif
