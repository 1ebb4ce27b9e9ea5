/*
** rng.h -- the seeded random numbers the oracles draw their rows from
** (xorshift64*: the same rows for the same seed, on every machine).
*/
#ifndef OK_TEST_RNG_H
#define OK_TEST_RNG_H

#include <stdint.h>

static uint64_t rng_state;

static uint64_t rnd(void) {
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * 0x2545F4914F6CDD1DULL;
}

/* A number from 0 to n - 1. */
static unsigned below(unsigned n) { return (unsigned)(rnd() % n); }

#endif
