/*
** hash.c -- xxHash (the library, header-only: ok.so needs no libxxhash at
** run time), for salted keys and the ok_xxh32/ok_xxh64 SQL functions.
*/
#define XXH_INLINE_ALL
#include <xxhash.h>

#include "ok.h"

uint32_t ok_xxh32(const void *p, size_t n, uint32_t seed) { return XXH32(p, n, seed); }

uint64_t ok_xxh64(const void *p, size_t n, uint64_t seed) { return XXH64(p, n, seed); }
